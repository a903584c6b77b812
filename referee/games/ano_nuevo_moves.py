"""Año Nuevo's moves: their text forms, every move possible now, random moves and chance draws."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pnpkit.referee.games.ano_nuevo_table import (
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
    data_of,
)
from pnpkit.referee.moves import Move, pairs, plain_digits, player_named
from pnpkit.referee.rules import Setup
from pnpkit.referee.verdict import MoveSyntaxError

if TYPE_CHECKING:
    from pnpkit.referee.games.ano_nuevo import AnoNuevoRules

STAY = {"stay": True, "up": True, "fight": True, "back": False, "down": False}


def _args(args: Sequence[str], n: int, form: str) -> Sequence[str]:
    if len(args) != n:
        raise MoveSyntaxError(f"expected: {form}")
    return args


def _card(kind: str) -> Callable[[Setup, Sequence[str]], Move]:
    def parse(setup: Setup, args: Sequence[str]) -> Move:
        (card,) = _args(args, 1, f"{kind} CARD")
        return {"type": kind, "card": card.upper()}

    return parse


def _seal_card(kind: str) -> Callable[[Setup, Sequence[str]], Move]:
    def parse(setup: Setup, args: Sequence[str]) -> Move:
        name, card = _args(args, 2, f"{kind} NAME CARD")
        return {"type": kind, "seal": player_named(name, setup.players), "card": card.upper()}

    return parse


def _bare(kind: str) -> Callable[[Setup, Sequence[str]], Move]:
    def parse(setup: Setup, args: Sequence[str]) -> Move:
        _args(args, 0, kind)
        return {"type": kind}

    return parse


def _bellow(setup: Setup, args: Sequence[str]) -> Move:
    (name,) = _args(args, 1, "bellow NAME")
    return {"type": "bellow", "seal": player_named(name, setup.players)}


def _travel(setup: Setup, args: Sequence[str]) -> Move:
    chosen: dict[str, Any] = {}
    for player, value in pairs(args, setup.players).items():
        if value in (OCEAN, "o"):
            chosen[player] = OCEAN
        elif plain_digits(value):
            chosen[player] = int(value)
        else:
            raise MoveSyntaxError(f"{player}={value}: expected a Location number or ocean")
    return {"type": "travel", "to": chosen}


def _display(setup: Setup, args: Sequence[str]) -> Move:
    counts = {}
    for player, value in pairs(args, setup.players).items():
        if not plain_digits(value):
            raise MoveSyntaxError(f"{player}={value}: expected how many cards, like {player}=2")
        counts[player] = int(value)
    return {"type": "display", "counts": counts}


def _stand(setup: Setup, args: Sequence[str]) -> Move:
    stays = {}
    for player, value in pairs(args, setup.players).items():
        if value not in STAY:
            raise MoveSyntaxError(f"{player}={value}: expected stay or back")
        stays[player] = STAY[value]
    return {"type": "stand", "stays": stays}


PARSERS: dict[str, Callable[[Setup, Sequence[str]], Move]] = {
    "location": _card("location"),
    "flip": _card("flip"),
    "travel": _travel,
    "pay": _seal_card("pay"),
    "display": _display,
    "stand": _stand,
    "reveal": _seal_card("reveal"),
    "bellow": _bellow,
    "hunt": _bare("hunt"),
    "draw": _seal_card("draw"),
    "keep": _seal_card("keep"),
    "mate": _seal_card("mate"),
    "take": _card("take"),
    "give": _card("give"),
    "done": _bare("done"),
}
KINDS = ", ".join(PARSERS)


# --- what may be entered now ---------------------------------------------------------------
def travel_options(setup: Setup, state: AnoNuevo, player: str) -> list[Any]:
    """AN-10 … AN-14: where one seal may go."""
    data = data_of(setup.game)
    seal = state.seal(setup, player)
    options: list[Any] = [OCEAN]
    for index, location in enumerate(state.places):
        if index == seal.place or seal.prey_count() or data.free_arrival(location):
            options.append(index + 1)
    return options


def legal_moves(rules: AnoNuevoRules, setup: Setup, state: AnoNuevo) -> list[Move]:
    """Every move that may be entered now (without re-checking each)."""
    step = state.step
    if step == LOCATION:
        data = data_of(setup.game)
        return [{"type": "location", "card": c} for c in data.locations if c not in state.places]
    if step == FILL or (step == MATE and state.mating and state.mating.flips):
        source = state.harem_deck or state.harem_discard
        return [{"type": "flip", "card": c} for c in sorted(set(source))]
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
        return _posture_moves(rules, setup, state)
    if step == HUNT:
        return _hunt_moves(setup, state)
    if step == MATE:
        return _mate_moves(rules, setup, state)
    if step == TIE:
        return [{"type": "bellow", "seal": p} for p in rules.prompt(setup, state).actors]
    return []


def _shown(setup: Setup, state: AnoNuevo, kind: str, players: Sequence[str]) -> list[Move]:
    return [
        {"type": kind, "seal": p, "card": c}
        for p in players
        for c in sorted(state.prey.possible(state.seal(setup, p).hand))
    ]


def _posture_moves(rules: AnoNuevoRules, setup: Setup, state: AnoNuevo) -> list[Move]:
    contest = state.contests[0]
    seals = contest.seals
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
    if waiting:
        return _shown(setup, state, "reveal", waiting)
    return [{"type": "bellow", "seal": p} for p in rules.prompt(setup, state).actors]


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


def _mate_moves(rules: AnoNuevoRules, setup: Setup, state: AnoNuevo) -> list[Move]:
    mating = state.mating
    assert mating is not None
    if mating.discarders:
        return _shown(setup, state, "mate", mating.discarders)
    kind = "take" if mating.taker == 0 else "give"
    beach = sorted(set(state.beaches[mating.place]))
    return [{"type": kind, "card": c} for c in beach] + [{"type": "done"}]


# --- random play and digital chance --------------------------------------------------------
def random_move(rules: AnoNuevoRules, setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
    """A random legal move, built without listing every combination of simultaneous choices."""
    step = state.step
    if step == TRAVEL:
        return {
            "type": "travel",
            "to": {p: _likely_trip(setup, state, p, rng) for p in setup.players},
        }
    if step == MATE and state.mating and not state.mating.flips and not state.mating.discarders:
        moves = legal_moves(rules, setup, state)
        return rng.choice(moves[:-1] or moves)  # a seal rarely leaves Harem cards behind
    if step == POSTURE and state.contests[0].shown is None:
        seals = state.contests[0].seals
        counts = {p: rng.randint(0, min(2, len(state.seal(setup, p).hand))) for p in seals}
        return {"type": "display", "counts": counts}
    return rng.choice(legal_moves(rules, setup, state))


def _likely_trip(setup: Setup, state: AnoNuevo, player: str, rng: random.Random) -> Any:
    """A seal's trip as a plain player might choose it: hunt when short of Prey, hold a beach
    that still has Harem cards, or head for one; now and then anywhere at all."""
    options = travel_options(setup, state, player)
    seal = state.seal(setup, player)
    if rng.random() < 0.1:
        return rng.choice(options)
    if seal.place is not None and seal.role in ("alpha", "beta") and state.beaches[seal.place]:
        return seal.place + 1
    promising = [o for o in options if o != OCEAN and state.beaches[o - 1]]
    if seal.prey_count() >= 3 and promising:
        return rng.choice(promising)
    return OCEAN


def draw_chance(rules: AnoNuevoRules, setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
    """AN-67: digital mode draws a card weighted by the copies left where it comes from."""
    step = state.step
    if step == LOCATION:
        return rng.choice(legal_moves(rules, setup, state))
    if step == HUNT:
        source = state.prey.deck or state.prey.discard
        return {"type": "draw", "seal": state.hunters[0], "card": rng.choice(source)}
    source = state.harem_deck or state.harem_discard
    return {"type": "flip", "card": rng.choice(source)}
