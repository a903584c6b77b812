"""Setup (AR-1–AR-7): the decks for the player count, the hands, the River and the Reserve, the
power cards' sides and, in digital mode, the totems dealt."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping

from pnpkit.referee.api import (
    ACCEPTED,
    Deck,
    Hand,
    Move,
    Pile,
    PnpError,
    Setup,
    Stack,
    Table,
    Turn,
    Verdict,
    refuse,
)
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.state import RESERVE_PER_PLAYER, SEAT_BLOCKS, START_HAND, State


def initial(setup: Setup) -> State:
    """The table before the setup's chance steps (sides, totems, the River): AR-1, AR-3, AR-5;
    at the table the hands are drawn unseen, in digital mode the referee deals them."""
    table = facts(setup.game)
    players = len(setup.players)
    cards = table.deck_cards(players)
    reserve = RESERVE_PER_PLAYER * (players - 1)
    hands = [Hand(p, (), START_HAND, shown=True) for p in setup.players]
    unseen = tuple(sorted(cards))
    if setup.digital:
        hands, unseen = _deal(setup, unseen)
    blocks: dict[str, Deck | Hand | Pile | Stack] = {
        "river": Pile(),
        "unseen": Deck(unseen, len(cards) - reserve - START_HAND * players),
    }
    for player, held in zip(setup.players, hands, strict=True):
        seat = (held, Stack(player, down=f"face-down:{player}"), Hand(player), Deck(), Hand(player))
        blocks |= {f"{kind}:{player}": b for kind, b in zip(SEAT_BLOCKS, seat, strict=True)}
    blocks |= {
        "totems": Deck(table.totems, len(table.totems)),
        "powers": Pile(table.power_cards),
        "landscape": Pile(table.others),
    }
    return State(
        table=Table.of(blocks),
        reserve=reserve,
        turn=Turn(0, "setup", 0),
        tokens=(table.start,) * len(table.animals),
        owners=(None,) * len(table.animals),
        sides=sides_option(setup.options, len(table.animals)),
        penalties_drawn=(0,) * players,
    )


def sides_option(options: Mapping[str, str], animals: int) -> str | None:
    """The power sides chosen by the `sides` option, or None when they are drawn at random."""
    value = options.get("sides", "random").strip().lower()
    if value == "random":
        return None
    if value in ("a", "b"):
        return value * animals
    if len(value) == animals and not set(value) - {"a", "b"}:
        return value
    raise PnpError(
        f"option sides={value!r}: expected random, a, b, or {animals} letters a/b (fox first)"
    )


def _deal(setup: Setup, cards: tuple[str, ...]) -> tuple[list[Hand], tuple[str, ...]]:
    """Digital mode (AR-3): each player's starting hand, dealt from the seeded shuffle, and the
    cards left unseen."""
    shuffled = random.Random(f"{setup.seed}/deal").sample(cards, len(cards))
    hands = [shuffled[n * START_HAND : (n + 1) * START_HAND] for n in range(len(setup.players))]
    dealt = START_HAND * len(setup.players)
    held = [Hand(p, tuple(sorted(h))) for p, h in zip(setup.players, hands, strict=True)]
    return held, tuple(sorted(shuffled[dealt:]))


def check_sides(setup: Setup, state: State, move: Move) -> Verdict:
    """AR-7: one side, a or b, per power card."""
    sides = move.get("sides", "")
    if len(sides) != len(state.owners) or set(sides) - {"a", "b"}:
        return refuse("AR-7", "give one side, a or b, for each power card: fox … polar bear")
    return ACCEPTED


def check_totems(setup: Setup, state: State, move: Move) -> Verdict:
    """AR-6 (dealt) and AR-38 (revealed): a different animal totem for each player."""
    totems = move.get("totems", {})
    if set(totems) != set(setup.players):
        return refuse("AR-6", "name one totem for every player")
    if set(totems.values()) - set(facts(setup.game).totems):
        return refuse("AR-6", "a totem is one of the six animal totems")
    if len(set(totems.values())) != len(totems):
        return refuse("AR-6", "each player has a different totem")
    return ACCEPTED


def apply_sides(setup: Setup, state: State, move: Move) -> State:
    return state.at("setup", sides=move["sides"])


def apply_totems(setup: Setup, state: State, move: Move) -> State:
    dealt = move["totems"]
    rest = [t for t in facts(setup.game).totems if t not in dealt.values()]
    blocks = {f"totem:{p}": Hand(p, (dealt[p],)) for p in setup.players}
    table = state.table.put_all({**blocks, "totems": Deck(tuple(rest), len(rest))})
    return state.at("setup" if state.turn.step == "totems" else "reveal", table=table)


def side_moves(setup: Setup, state: State) -> list[Move]:
    """Every choice of sides (AR-7)."""
    sides = itertools.product("ab", repeat=len(state.owners))
    return [{"type": "sides", "sides": "".join(s)} for s in sides]


def totem_moves(setup: Setup, state: State) -> list[Move]:
    """Every dealing (or revealing) of the totems (AR-6, AR-38)."""
    totems = facts(setup.game).totems
    return [
        {"type": "totems", "totems": dict(zip(setup.players, chosen, strict=True))}
        for chosen in itertools.permutations(totems, len(setup.players))
    ]


def chance_setup(setup: Setup, state: State, rng: random.Random) -> Move:
    """Sides drawn at random (AR-7) or totems dealt (AR-6)."""
    if state.turn.step == "sides":
        return {"type": "sides", "sides": "".join(rng.choice("ab") for _ in state.owners)}
    chosen = rng.sample(facts(setup.game).totems, len(setup.players))
    return {"type": "totems", "totems": dict(zip(setup.players, chosen, strict=True))}
