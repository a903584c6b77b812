"""What may be entered now in Año Nuevo: every legal move, a random one (for simulated players),
and the referee's chance draws in digital mode (AN-67)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pnpkit.referee.api import Move, Setup
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.fight import bellowers
from pnpkit.referee.games.ano_nuevo.state import (
    FILL,
    HUNT,
    LOCATION,
    MATE,
    OCEAN,
    PAY,
    POSTURE,
    TIE,
    TRAVEL,
    AnoNuevo,
    Seal,
)
from pnpkit.referee.games.ano_nuevo.travel import travel_options


def legal_moves(setup: Setup, state: AnoNuevo) -> list[Move]:
    """Every move that may be entered now (without re-checking each)."""
    step = state.step
    if step == LOCATION:
        data = data_of(setup.game)
        return [{"type": "location", "card": c} for c in data.locations if c not in state.places]
    if step == FILL or (step == MATE and state.mating and state.mating.flips):
        return [{"type": "flip", "card": c} for c in sorted(set(state.harem_left()))]
    if step == TRAVEL:
        players = setup.players
        options = [travel_options(setup, state, p) for p in players]
        return [
            {"type": "travel", "to": dict(zip(players, combo, strict=True))}
            for combo in itertools.product(*options)
        ]
    if step == PAY:
        return _shown(setup, state, "pay", state.payers)
    if step == POSTURE:
        return _posture_moves(setup, state)
    if step == HUNT:
        return _hunt_moves(setup, state)
    if step == MATE:
        return _mate_moves(setup, state)
    if step == TIE:
        return [{"type": "bellow", "seal": p} for p in bellowers(setup, state)]
    return []


def _shown(setup: Setup, state: AnoNuevo, kind: str, players: Sequence[str]) -> list[Move]:
    return [{"type": kind, "seal": p, "card": c} for p, c in _showable(setup, state, players)]


def _showable(setup: Setup, state: AnoNuevo, players: Sequence[str]) -> list[tuple[str, str]]:
    """Each (player, card) a player could show from its hand, in the order `legal` lists them."""
    return [(p, c) for p in players for c in sorted(state.prey.possible(state.seal(setup, p).hand))]


def _random_shown(
    setup: Setup, state: AnoNuevo, kind: str, players: Sequence[str], rng: random.Random
) -> Move:
    """`rng.choice(_shown(...))` without building the moves not drawn."""
    player, card = rng.choice(_showable(setup, state, players))
    return {"type": kind, "seal": player, "card": card}


def _posture_moves(setup: Setup, state: AnoNuevo) -> list[Move]:
    contest = state.contests[0]
    seals = contest.seals
    if contest.shown is None and setup.digital:
        options = [displays(state.seal(setup, p).hand) for p in seals]
        return [
            {"type": "display", "cards": {p: list(c) for p, c in zip(seals, combo, strict=True)}}
            for combo in itertools.product(*options)
        ]
    if contest.shown is None:
        ranges = [range(len(state.seal(setup, p).hand) + 1) for p in seals]
        return [
            {"type": "display", "counts": dict(zip(seals, combo, strict=True))}
            for combo in itertools.product(*ranges)
        ]
    if not contest.fighters:
        return [
            {"type": "stand", "stays": dict(zip(seals, combo, strict=True))}
            for combo in itertools.product((True, False), repeat=len(seals))
        ]
    waiting = contest.to_reveal()
    if waiting and contest.face_down:
        return [
            {"type": "reveal", "seal": p, "card": c}
            for p in waiting
            for c in sorted(set(contest.hidden_cards(p)))
        ]
    if waiting:
        return _shown(setup, state, "reveal", waiting)
    return [{"type": "bellow", "seal": p} for p in bellowers(setup, state)]


def _hunt_moves(setup: Setup, state: AnoNuevo) -> list[Move]:
    if not setup.digital:
        return [{"type": "hunt"}]
    if state.hunters:
        source = state.prey.deck or state.prey.discard
        return [{"type": "draw", "seal": state.hunters[0], "card": c} for c in sorted(set(source))]
    return [
        {"type": "keep", "seal": p, "card": c}
        for p in state.keepers
        for c in sorted(set(state.seal(setup, p).pool))
    ]


def _mate_moves(setup: Setup, state: AnoNuevo) -> list[Move]:
    mating = state.mating
    assert mating is not None
    if mating.discarders:
        return _shown(setup, state, "mate", mating.discarders)
    kind = "take" if mating.taker == 0 else "give"
    beach = sorted(set(state.beach(mating.place)))
    return [{"type": kind, "card": c} for c in beach] + [{"type": "done"}]


def random_move(setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
    """A random legal move, built without listing every combination of simultaneous choices."""
    step = state.step
    if step == TRAVEL:
        return {
            "type": "travel",
            "to": {
                p: _likely_trip(setup, state, p, seal, rng)
                for p, seal in zip(setup.players, state.seals, strict=True)
            },
        }
    if step == PAY:
        return _random_shown(setup, state, "pay", state.payers, rng)
    mating = state.mating
    if step == MATE and mating and not mating.flips and mating.discarders:
        return _random_shown(setup, state, "mate", mating.discarders, rng)
    if step == MATE and mating and not mating.flips and not mating.discarders:
        beach = sorted(set(state.beach(mating.place)))
        if not beach:
            return rng.choice([{"type": "done"}])  # drawn from as `legal` lists it
        kind = "take" if mating.taker == 0 else "give"
        return {"type": kind, "card": rng.choice(beach)}  # a seal rarely leaves cards behind
    if step == POSTURE and state.contests[0].shown is None:
        seals = state.contests[0].seals
        counts = {p: rng.randint(0, min(2, len(state.seal(setup, p).hand))) for p in seals}
        if not setup.digital:
            return {"type": "display", "counts": counts}
        shown = {p: sorted(rng.sample(state.seal(setup, p).hand, n)) for p, n in counts.items()}
        return {"type": "display", "cards": shown}
    return rng.choice(legal_moves(setup, state))


def displays(hand: Sequence[str]) -> list[tuple[str, ...]]:
    """AN-31, digital mode: every choice of cards a seal may display from `hand` (each card
    counted once per copy held), fewest first, each sorted."""
    held = sorted(Counter(hand).items())
    found = [
        tuple(card for (card, _), n in zip(held, counts, strict=True) for _ in range(n))
        for counts in itertools.product(*(range(n + 1) for _, n in held))
    ]
    return sorted(found, key=lambda c: (len(c), c))


def _likely_trip(setup: Setup, state: AnoNuevo, player: str, seal: Seal, rng: random.Random) -> Any:
    """A seal's trip as a plain player might choose it: hunt when short of Prey, hold a beach
    that still has Harem cards, or head for one; now and then anywhere at all."""
    if rng.random() < 0.1:
        return rng.choice(travel_options(setup, state, player))
    if seal.place is not None and seal.role in ("alpha", "beta") and state.beach(seal.place):
        return seal.place + 1
    if seal.prey_count() < 3:
        return OCEAN
    promising = [n + 1 for n in range(len(state.places)) if state.beach(n)]  # every one is open
    return rng.choice(promising) if promising else OCEAN


def draw_chance(setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
    """AN-67: digital mode draws a card weighted by the copies left where it comes from."""
    step = state.step
    if step == LOCATION:
        return rng.choice(legal_moves(setup, state))
    if step == HUNT:
        source = state.prey.deck or state.prey.discard
        return {"type": "draw", "seal": state.hunters[0], "card": rng.choice(source)}
    return {"type": "flip", "card": rng.choice(state.harem_left())}
