"""What may be entered now in Año Nuevo: every legal move, a random one (for simulated players),
and the referee's chance draws in digital mode (AN-67)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from pnpkit.referee.api import Move, Setup
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.fight import bellowers
from pnpkit.referee.games.ano_nuevo.posture import displays
from pnpkit.referee.games.ano_nuevo.state import (
    DISPLAYED,
    FILL,
    HUNT,
    LOCATION,
    MATE,
    OCEAN,
    PAY,
    POOL_CARDS,
    TIE,
    TRAVEL,
    AnoNuevo,
    Seal,
)
from pnpkit.referee.games.ano_nuevo.travel import travel_options
from pnpkit.referee.games.ano_nuevo.turn import (
    BELLOW,
    DISPLAY,
    DRAW,
    GIVE,
    KEEP,
    MATRON,
    REVEAL,
    STAND,
    TAKE,
    step_now,
)


def legal_moves(setup: Setup, state: AnoNuevo) -> list[Move]:
    """Every move that may be entered now (without re-checking each)."""
    step = step_now(setup, state)
    contest, mating = state.contests[0] if state.contests else None, state.mating
    if step == LOCATION:
        data = data_of(setup.game)
        return [{"type": "location", "card": c} for c in data.locations if c not in state.places]
    if step in (FILL, MATRON):
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
    if step in (DISPLAY, STAND):
        assert contest is not None
        return _secret(setup, state, step, contest.seals)
    if step == REVEAL:
        assert contest is not None
        if not contest.face_down:
            return _shown(setup, state, "reveal", contest.to_reveal())
        return [
            {"type": "reveal", "seal": p, "card": c}
            for p in contest.to_reveal()
            for c in sorted(set(state.held(setup, DISPLAYED, p).items))
        ]
    if step in (BELLOW, TIE):
        return [{"type": "bellow", "seal": p} for p in bellowers(setup, state)]
    if step == HUNT:
        return [{"type": "hunt"}]
    if step == DRAW:
        source = state.prey_left()
        return [{"type": "draw", "seal": state.hunters[0], "card": c} for c in sorted(set(source))]
    if step == KEEP:
        return [
            {"type": "keep", "seal": p, "card": c}
            for p in state.keepers
            for c in sorted(set(state.held(setup, POOL_CARDS, p).items))
        ]
    if step == MATE:
        assert mating is not None
        return _shown(setup, state, "mate", mating.discarders)
    if step in (TAKE, GIVE):
        assert mating is not None
        beach = sorted(set(state.beach(mating.place)))
        return [{"type": step, "card": c} for c in beach] + [{"type": "done"}]
    return []


def _secret(setup: Setup, state: AnoNuevo, step: str, seals: tuple[str, ...]) -> list[Move]:
    """Every combination of the posturers' secret choices: their displays or their stands."""
    if step == STAND:
        return [
            {"type": "stand", "stays": dict(zip(seals, combo, strict=True))}
            for combo in itertools.product((True, False), repeat=len(seals))
        ]
    if setup.digital:
        options = [displays(state.hand(setup, p)) for p in seals]
        return [
            {"type": "display", "cards": {p: list(c) for p, c in zip(seals, combo, strict=True)}}
            for combo in itertools.product(*options)
        ]
    ranges = [range(len(state.hand(setup, p)) + 1) for p in seals]
    return [
        {"type": "display", "counts": dict(zip(seals, combo, strict=True))}
        for combo in itertools.product(*ranges)
    ]


def _shown(setup: Setup, state: AnoNuevo, kind: str, players: Sequence[str]) -> list[Move]:
    return [{"type": kind, "seal": p, "card": c} for p, c in _showable(setup, state, players)]


def _showable(setup: Setup, state: AnoNuevo, players: Sequence[str]) -> list[tuple[str, str]]:
    """Each (player, card) a player could show from its hand, in the order `legal` lists them."""
    lots = state.lots
    return [(p, c) for p in players for c in sorted(lots.possible(state.hand(setup, p)))]


def _random_shown(
    setup: Setup, state: AnoNuevo, kind: str, players: Sequence[str], rng: random.Random
) -> Move:
    """`rng.choice(_shown(...))` without building the moves not drawn."""
    player, card = rng.choice(_showable(setup, state, players))
    return {"type": kind, "seal": player, "card": card}


def random_move(setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
    """A random legal move, built without listing every combination of simultaneous choices."""
    step = state.step
    if step == TRAVEL:
        harems = [n for n in range(len(state.places)) if state.beach(n)]  # every one is open
        return {
            "type": "travel",
            "to": {
                p: _likely_trip(setup, state, p, seal, harems, rng)
                for p, seal in zip(setup.players, state.seals, strict=True)
            },
        }
    if step == PAY:
        return _random_shown(setup, state, "pay", state.payers, rng)
    step, mating = step_now(setup, state), state.mating
    if step == MATE:
        assert mating is not None
        return _random_shown(setup, state, "mate", mating.discarders, rng)
    if step in (TAKE, GIVE):
        assert mating is not None
        beach = sorted(set(state.beach(mating.place)))
        if not beach:
            return rng.choice([{"type": "done"}])  # drawn from as `legal` lists it
        return {"type": step, "card": rng.choice(beach)}  # a seal rarely leaves cards behind
    if step == DISPLAY:
        seals = state.contests[0].seals
        counts = {p: rng.randint(0, min(2, len(state.hand(setup, p)))) for p in seals}
        if not setup.digital:
            return {"type": "display", "counts": counts}
        shown = {p: sorted(rng.sample(state.hand(setup, p), n)) for p, n in counts.items()}
        return {"type": "display", "cards": shown}
    return rng.choice(legal_moves(setup, state))


def _likely_trip(
    setup: Setup, state: AnoNuevo, player: str, seal: Seal, harems: list[int], rng: random.Random
) -> Any:
    """A seal's trip as a plain player might choose it: hunt when short of Prey, hold a beach
    that still has Harem cards (`harems`), or head for one; now and then anywhere at all."""
    if rng.random() < 0.1:
        return rng.choice(travel_options(setup, state, player))
    if seal.place is not None and seal.place in harems and seal.role in ("alpha", "beta"):
        return seal.place + 1
    if state.prey_count(setup, player) < 3:
        return OCEAN
    return rng.choice(harems) + 1 if harems else OCEAN


def draw_chance(setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
    """AN-67: digital mode draws a card weighted by the copies left where it comes from."""
    step = state.step
    if step == LOCATION:
        return rng.choice(legal_moves(setup, state))
    if step == HUNT:
        source = state.prey_left()
        return {"type": "draw", "seal": state.hunters[0], "card": rng.choice(source)}
    return {"type": "flip", "card": rng.choice(state.harem_left())}
