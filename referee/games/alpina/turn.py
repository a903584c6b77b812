"""An Alpina turn, in the rulebook's three steps: 1. play a card (AL-8 … AL-12), 2. place a hiker,
or not (AL-13 … AL-15), 3. draw back up to six (AL-16); the 25th card ends the game (AL-17)."""

from __future__ import annotations

import random

from pnpkit.referee.api import ACCEPTED, Hand, Move, Setup, Table, Verdict, evolve, refuse, reveal
from pnpkit.referee.games.alpina import grid
from pnpkit.referee.games.alpina.setup import hiker_seats, not_a_card
from pnpkit.referee.games.alpina.state import (
    DRAW,
    GRID,
    GRID_CARDS,
    HAND,
    HIKER,
    ON_GRID,
    PLAY,
    Alpina,
    hand,
    hikers,
    hikers_left,
    my_hand,
    unseen,
)

# --- 1. play a card -----------------------------------------------------------------------------


def check_play(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-8 … AL-12: a card from the hand, onto an empty space beside a card, within 5×5."""
    card, at = str(move.get("card", "")), move.get("at", "")
    component = setup.game.component(card)
    if component is None or component.group != "cards":
        return refuse("AL-8", not_a_card(setup, card))
    cards = state.cards
    if component.id in cards:
        where = grid.SPACE_NAMES[cards.index(component.id)]
        return refuse("AL-8", f"{component.id} is already in the grid, at {where}")
    if not my_hand(setup, state).could_hold(component.id, state.deck):
        return refuse("AL-8", f"{component.id} is not in {setup.players[state.turn.seat]}'s hand")
    target = grid.space_index(at)
    if target is None:
        return refuse("AL-10", f"{at} is outside the table's frame (a1 to i9)")
    if cards[target] is not None:
        return refuse("AL-9", f"{at} already holds {cards[target]}")
    if not any(cards[n] is not None for n in grid.ORTHOGONAL[target]):
        return refuse(
            "AL-11", "a card must touch a card already in the grid orthogonally (no diagonals)"
        )
    if not grid.within_bound(state.box, target):
        return refuse("AL-12", "that would make a 6th row or column; the grid is 5×5 at most")
    return ACCEPTED


def apply_play(setup: Setup, state: Alpina, move: Move) -> Alpina:
    card = move["card"]
    target = grid.space_index(move["at"])
    assert target is not None
    name = hand(setup.players[state.turn.seat])
    held, deck = reveal(state.table[name], state.deck, card)
    placed = state.table[GRID].put(target, card)
    table = state.table.put_all({name: held, unseen(setup): deck, GRID: placed})
    beside = {n for n in grid.ORTHOGONAL[target] if placed.pieces[n] is None}
    frontier, box = (state.frontier - {target}) | beside, grid.spanned(state.box, target)
    return Alpina(table, state.turn.to(HIKER), state.first, target, frontier, box)


def legal_plays(setup: Setup, state: Alpina) -> list[Move]:
    spaces = [grid.SPACE_NAMES[s] for s in open_spaces(state)]
    return [
        {"type": "play", "card": c, "at": at}
        for c in sorted(playable(setup, state))
        for at in spaces
    ]


def random_play(setup: Setup, state: Alpina, rng: random.Random) -> Move:
    card = rng.choice(sorted(playable(setup, state)))
    at = rng.choice(open_spaces(state))
    return {"type": "play", "card": card, "at": grid.SPACE_NAMES[at]}


def playable(setup: Setup, state: Alpina) -> set[str]:
    """The cards the player to move may play: their known cards, and every unseen card while
    their hand holds cards the referee has not seen (AL-8)."""
    held = my_hand(setup, state)
    return set(held.known) | (set(state.deck.unseen) if held.unknown else set())


def open_spaces(state: Alpina) -> list[int]:
    """Empty spaces next to a card where a card may go without breaking the 5×5 bound."""
    size, reach = grid.SIZE, grid.BOUND - 1
    first_column, last_column, first_row, last_row = state.box
    return sorted(
        n
        for n in state.frontier
        if last_column - reach <= n % size <= first_column + reach
        and last_row - reach <= n // size <= first_row + reach
    )


# --- 2. place a hiker ---------------------------------------------------------------------------


def check_hiker(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-13 … AL-15: on the card just played or one beside it, one pawn a card, while any last."""
    target = grid.space_index(move.get("at", ""))
    if target is None or state.cards[target] is None:
        return refuse("AL-13", f"there is no card at {move.get('at')}")
    if target != state.last and target not in grid.ORTHOGONAL[state.last]:
        last = grid.SPACE_NAMES[state.last]
        return refuse("AL-13", f"a hiker goes on the card just played ({last}) or on one beside it")
    if state.on_grid[target] is not None:
        owner = setup.players[hiker_seats(setup, state)[target]]
        return refuse("AL-14", f"that card already has a pawn ({owner}'s); one pawn per card")
    if not hikers_left(setup, state, state.turn.seat):
        return refuse("AL-15", f"{setup.players[state.turn.seat]} has no hikers left")
    return ACCEPTED


def apply_hiker(setup: Setup, state: Alpina, move: Move) -> Alpina:
    target = grid.space_index(move["at"])
    assert target is not None
    left = hikers(setup.players[state.turn.seat])
    supply = state.table[left]
    pawn = supply.counts[0][0]  # a pawn from the player's supply (one kind: their colour)
    placed = {ON_GRID: state.on_grid.put(target, pawn), left: supply.moved(pawn, -1)}
    return end_of_turn(setup, state, state.table.put_all(placed))


def apply_pass(setup: Setup, state: Alpina, move: Move) -> Alpina:
    return end_of_turn(setup, state, state.table)


def legal_hikers(setup: Setup, state: Alpina) -> list[Move]:
    return [{"type": "pass"}, *({"type": "hiker", "at": at} for at in hiker_spaces(setup, state))]


def random_hiker(setup: Setup, state: Alpina, rng: random.Random) -> Move:
    spaces = hiker_spaces(setup, state)
    pick = rng.randrange(len(spaces) + 1)  # as uniform over `legal` as choice() is
    return {"type": "pass"} if pick == len(spaces) else {"type": "hiker", "at": spaces[pick]}


def hiker_spaces(setup: Setup, state: Alpina) -> list[str]:
    """The cards the player to move may put a hiker on, while they have one left: the card just
    played and those beside it, without a pawn."""
    if not hikers_left(setup, state, state.turn.seat):
        return []
    cards, pawns = state.cards, state.on_grid.pieces
    near = [state.last, *grid.ORTHOGONAL[state.last]]
    return [grid.SPACE_NAMES[s] for s in near if cards[s] is not None and pawns[s] is None]


def end_of_turn(setup: Setup, state: Alpina, table: Table) -> Alpina:
    """AL-17: the 25th card ends the game once its player is done; else the draw comes (the
    state's `table` becoming `table`)."""
    if state.placed == GRID_CARDS:
        return evolve(state, table=table, turn=state.turn.over())
    short = len(my_hand(setup, state)) < HAND and state.deck.count > 0
    return next_draw(setup, state, table, short)


# --- 3. draw a card -----------------------------------------------------------------------------


def check_draw(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-16: the referee draws in a digital game; at the table the card drawn stays secret."""
    card = move.get("card")
    if card is None:
        return refuse("AL-16", "the referee draws in a digital game") if setup.digital else ACCEPTED
    if not setup.digital:
        return refuse("AL-16", "draws are secret: enter `draw` without a card")
    if card not in state.deck.unseen:
        return refuse("AL-16", f"{card} is not in the draw pile")
    return ACCEPTED


def apply_draw(setup: Setup, state: Alpina, move: Move) -> Alpina:
    name, deck = hand(setup.players[state.turn.seat]), state.deck
    held: Hand = state.table[name]
    card = move.get("card")
    if card is None:  # at the table: up to six at once, unseen
        drawn = min(HAND - len(held), deck.count)
        held, deck = held.add_unknown(drawn), deck.draw_unseen(drawn)
    else:
        held, deck = held.holding(tuple(sorted((*held.known, card)))), deck.take(card)
    table = state.table.put_all({name: held, unseen(setup): deck})
    return next_draw(setup, state, table, len(held) < HAND and deck.count > 0)


def next_draw(setup: Setup, state: Alpina, table: Table, short: bool) -> Alpina:
    """Another card while the hand is `short` of six and the pile has one; else the next turn
    (the state's `table` becoming `table`)."""
    turn = state.turn.to(DRAW) if short else state.turn.next(len(setup.players), PLAY)
    return Alpina(table, turn, state.first, state.last, state.frontier, state.box)
