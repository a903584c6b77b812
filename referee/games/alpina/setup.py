"""Alpina's setup (AL-2 … AL-5), in the rulebook's order: 1. the chamois starting card at e5,
2. six cards dealt to each player, 3. each player's hikers in their colour; then the first player
drawn at random. In digital mode the referee draws them all (`chance`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pnpkit.referee.api import (
    ACCEPTED,
    Board,
    Component,
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
    per_game,
    refuse,
)
from pnpkit.referee.games.alpina import grid
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
    unseen,
)


def initial(setup: Setup) -> Alpina:
    """The empty table: every card unseen, no hands yet, each player's hikers (AL-4)."""
    each, boxed = HIKERS[len(setup.players)], boxed_hikers(setup.game)
    blocks = {GRID: Board.of(grid.SPACE_NAMES), ON_GRID: Board.of(grid.SPACE_NAMES)}
    for player, colour in zip(setup.players, colours(setup), strict=True):
        blocks[hand(player)] = Hand(player)
        blocks[hikers(player)] = Pool(((boxed[colour].id, each),))
    blocks[unseen(setup)] = Deck.of(c.id for c in setup.game.group("cards").components)
    return Alpina(Table.of(blocks), Turn(0, START))


def chance(setup: Setup, state: Alpina, rng: random.Random) -> Move:
    """The referee's draws in a digital game: the starting card, six cards to each player, the
    first player."""
    if state.turn.step == START:
        return {"type": "start", **rng.choice(starts(setup, state))}
    if state.turn.step == FIRST:
        return {"type": "first", **rng.choice(firsts(setup, state))}
    dealt = rng.sample(state.deck.unseen, HAND * len(setup.players))
    hands = {p: dealt[i * HAND : (i + 1) * HAND] for i, p in enumerate(setup.players)}
    return {"type": "deal", "hands": hands}


# --- 1. the starting card -----------------------------------------------------------------------


def starts(setup: Setup, state: Alpina) -> list[Move]:
    """The chamois starting cards, one of which is drawn to start the grid (AL-2)."""
    cards = setup.game.group("cards").components
    return [{"card": card} for card in sorted(c.id for c in cards if c.fields.get("starter"))]


def not_a_card(setup: Setup, card: str) -> str:
    """Why `card` cannot be played: not an ID at all, or the ID of a pawn or the track."""
    component = setup.game.component(card)
    if component is None:
        return f"{card} is not an Alpina card (the cards are AL-01 … AL-56)"
    return f"{card} is a {component.name.lower()}, not a card"


def check_start(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-2: the grid starts from a chamois starting card."""
    component = setup.game.component(move["card"])
    if component is None or component.group != "cards":
        return refuse("AL-2", not_a_card(setup, move["card"]))
    if not component.fields.get("starter"):
        return refuse("AL-2", f"{component.id} is not a starting chamois card")
    return ACCEPTED


def apply_start(setup: Setup, state: Alpina, move: Move) -> Alpina:
    card, table = move["card"], state.table
    table = table.put(GRID, table[GRID].put(grid.START, card))
    return evolve(
        state,
        table=table.put(unseen(setup), state.deck.take(card)),
        turn=state.turn.to(DEAL),
        frontier=frozenset(grid.ORTHOGONAL[grid.START]),
    )


# --- 2. the deal --------------------------------------------------------------------------------


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


# --- 3. the hikers, and the first player --------------------------------------------------------


@per_game
def boxed_hikers(game: Game) -> dict[str, Component]:
    """The hiker pawns by colour, in the box's order (AL-4)."""
    return {c.fields["colour"]: c for c in game.group("hikers").components}


def chosen_colours(option: str) -> tuple[str, ...]:
    """The colours of `-o colours=…`, in any case and spacing (AL-4)."""
    return tuple(c.strip().lower() for c in option.split(","))


def check_colours(game: Game, players: Sequence[str], options: Mapping[str, str]) -> None:
    """PnpError unless `-o colours=…` names one distinct boxed hiker colour per player (AL-4)."""
    if "colours" not in options:
        return
    chosen = chosen_colours(options["colours"])
    if len(chosen) != len(players) or len(set(chosen)) != len(chosen):
        raise PnpError("colours: give one distinct colour per player, in seat order")
    unknown = [c for c in chosen if c not in boxed_hikers(game)]
    if unknown:
        boxed = ", ".join(sorted(boxed_hikers(game)))
        raise PnpError(f"colours: {unknown[0]!r} is no hiker colour; choose from {boxed}")


def colours(setup: Setup) -> tuple[str, ...]:
    """Each seat's hiker colour (AL-4): as chosen, else the box's order."""
    chosen = setup.options.get("colours")
    if chosen:
        return chosen_colours(chosen)
    return tuple(boxed_hikers(setup.game))[: len(setup.players)]


def seat_colours(setup: Setup) -> tuple[tuple[str, str], ...]:
    """Each seat's hiker colour and its printed hex (AL-4)."""
    return tuple((c, boxed_hikers(setup.game)[c].fields["hex"]) for c in colours(setup))


def hiker_seats(setup: Setup, state: Alpina) -> dict[int, int]:
    """The seat of each hiker on the grid, by space."""
    seat = {boxed_hikers(setup.game)[c].id: n for n, c in enumerate(colours(setup))}
    return {space: seat[pawn] for space, pawn in state.on_grid.placed()}


def firsts(setup: Setup, state: Alpina) -> list[Move]:
    """The seats that may be drawn to go first (AL-5)."""
    return [{"seat": s} for s in range(len(setup.players))]


def check_first(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-5: the first player is one of the players."""
    if move.get("seat") not in range(len(setup.players)):
        return refuse("AL-5", "the first player must be one of the players")
    return ACCEPTED


def apply_first(setup: Setup, state: Alpina, move: Move) -> Alpina:
    return evolve(state, turn=Turn(move["seat"], PLAY), first=move["seat"])
