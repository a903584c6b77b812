"""Alpina's setup (AL-2 … AL-5): the chamois starting card at e5, six cards dealt to each player,
hiker pawns in each player's colour, and the first player drawn at random."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pnpkit.referee.api import (
    ACCEPTED,
    Board,
    Deck,
    Game,
    Hand,
    Move,
    PnpError,
    Pool,
    Setup,
    Table,
    Turn,
    Verdict,
    evolve,
    refuse,
)
from pnpkit.referee.games.alpina import grid
from pnpkit.referee.games.alpina.moves import SPACE_NAMES, not_a_card
from pnpkit.referee.games.alpina.state import (
    DEAL,
    FIRST,
    GRID,
    HAND,
    HIKERS,
    ON_GRID,
    PLAY,
    START,
    Alpina,
    hand,
    hikers,
    pawns,
    unseen,
)


def check_colours(game: Game, players: Sequence[str], options: Mapping[str, str]) -> None:
    """PnpError unless `-o colours=…` names one distinct boxed hiker colour per player (AL-4)."""
    if "colours" not in options:
        return
    boxed = {c.fields["colour"] for c in game.group("hikers").components}
    chosen = _chosen_colours(options["colours"])
    if len(chosen) != len(players) or len(set(chosen)) != len(chosen):
        raise PnpError("colours: give one distinct colour per player, in seat order")
    unknown = [c for c in chosen if c not in boxed]
    if unknown:
        raise PnpError(
            f"colours: {unknown[0]!r} is no hiker colour; choose from {', '.join(sorted(boxed))}"
        )


def colours(setup: Setup) -> tuple[str, ...]:
    """Each seat's hiker colour (AL-4): as chosen, else the box's order."""
    boxed = [c.fields["colour"] for c in setup.game.group("hikers").components]
    chosen = setup.options.get("colours")
    if not chosen:
        return tuple(boxed[: len(setup.players)])
    return _chosen_colours(chosen)


def seat_pawns(setup: Setup) -> tuple[str, ...]:
    """Each seat's hiker pawn ID, in its colour (AL-4)."""
    pawn = pawns(setup.game)
    return tuple(pawn[c] for c in colours(setup))


def initial(setup: Setup) -> Alpina:
    """The empty table: every card unseen, no hands yet, each player's hikers (AL-4)."""
    each = HIKERS[len(setup.players)]
    blocks = {GRID: Board.of(SPACE_NAMES), ON_GRID: Board.of(SPACE_NAMES)}
    for player, pawn in zip(setup.players, seat_pawns(setup), strict=True):
        blocks[hand(player)] = Hand(player)
        blocks[hikers(player)] = Pool(((pawn, each),))
    blocks[unseen(setup)] = Deck.of(c.id for c in setup.game.group("cards").components)
    return Alpina(Table.of(blocks), Turn(0, START))


def check_start(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-2: the grid starts from a chamois starting card."""
    component = setup.game.component(move["card"])
    if component is None or component.group != "cards":
        return refuse("AL-2", not_a_card(setup, move["card"]))
    if not component.fields.get("starter"):
        return refuse("AL-2", f"{component.id} is not a starting chamois card")
    return ACCEPTED


def check_deal(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-3: six cards to each player, from the deck (secret at the table: no cards named)."""
    hands = move.get("hands")
    if hands is None:
        return refuse("AL-3", "the referee deals in a digital game") if setup.digital else ACCEPTED
    if set(hands) != set(setup.players):
        return refuse("AL-3", "deal a hand to every player")
    dealt = [c for cards in hands.values() for c in cards]
    if any(len(cards) != HAND for cards in hands.values()):
        return refuse("AL-3", f"each player is dealt {HAND} cards")
    if len(set(dealt)) != len(dealt) or not set(dealt) <= set(state.deck.unseen):
        return refuse("AL-3", "a dealt card is dealt twice or is not in the deck")
    return ACCEPTED


def check_first(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-5: the first player is one of the players."""
    if move.get("seat") not in range(len(setup.players)):
        return refuse("AL-5", "the first player must be one of the players")
    return ACCEPTED


def apply_start(setup: Setup, state: Alpina, move: Move) -> Alpina:
    card, table = move["card"], state.table
    table = table.put(GRID, table[GRID].put(grid.START, card))
    return evolve(
        state,
        table=table.put(unseen(setup), state.deck.take(card)),
        turn=state.turn.to(DEAL),
        frontier=frozenset(grid.orthogonal(grid.START)),
    )


def apply_deal(setup: Setup, state: Alpina, move: Move) -> Alpina:
    table, deck = state.table, state.deck
    for player in setup.players:
        if "hands" not in move:  # at the table: cards the referee does not see
            table = table.put(hand(player), table[hand(player)].add_unknown(HAND))
            deck = deck.draw_unseen(HAND)
            continue
        cards = move["hands"][player]
        table = table.put(hand(player), table[hand(player)].holding(tuple(sorted(cards))))
        for card in cards:
            deck = deck.take(card)
    return evolve(state, table=table.put(unseen(setup), deck), turn=state.turn.to(FIRST))


def apply_first(setup: Setup, state: Alpina, move: Move) -> Alpina:
    return evolve(state, turn=Turn(move["seat"], PLAY), first=move["seat"])


def legal_starts(setup: Setup, state: Alpina) -> list[Move]:
    return [{"type": "start", "card": c} for c in starters(setup) if c in state.deck.unseen]


def legal_firsts(setup: Setup) -> list[Move]:
    return [{"type": "first", "seat": s} for s in range(len(setup.players))]


def chance(setup: Setup, state: Alpina, rng: random.Random) -> Move:
    """The referee's draw of the starting card, the deal, or the first player (digital mode)."""
    if state.turn.step == START:
        return {"type": "start", "card": rng.choice(sorted(c for c in starters(setup)))}
    if state.turn.step == DEAL:
        dealt = rng.sample(state.deck.unseen, HAND * len(setup.players))
        hands = {p: dealt[i * HAND : (i + 1) * HAND] for i, p in enumerate(setup.players)}
        return {"type": "deal", "hands": hands}
    return {"type": "first", "seat": rng.randrange(len(setup.players))}


def starters(setup: Setup) -> list[str]:
    """The chamois starting cards (AL-2)."""
    return [c.id for c in setup.game.group("cards").components if c.fields.get("starter")]


def _chosen_colours(option: str) -> tuple[str, ...]:
    """The colours of `-o colours=…`, in any case and spacing (AL-4)."""
    return tuple(c.strip().lower() for c in option.split(","))
