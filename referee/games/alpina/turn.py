"""An Alpina turn, in the rulebook's three steps: 1. play a card (AL-8 … AL-12), 2. place a hiker,
or not (AL-13 … AL-15), 3. draw back up to six (AL-16); the 25th card ends the game (AL-17)."""

from __future__ import annotations

import random

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, evolve, refuse, space_name
from pnpkit.referee.games.alpina import grid
from pnpkit.referee.games.alpina.moves import SPACE_NAMES, not_a_card, space_index
from pnpkit.referee.games.alpina.state import DRAW, GRID_CARDS, HAND, HIKER, OVER, PLAY, Alpina

# --- 1. play a card -----------------------------------------------------------------------------


def check_play(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-8 … AL-12: a card from the hand, onto an empty space beside a card, within 5×5."""
    card, at = str(move.get("card", "")), move.get("at", "")
    component = setup.game.component(card)
    if component is None or component.group != "cards":
        return refuse("AL-8", not_a_card(setup, card))
    if component.id in state.cards:
        where = space_name(*grid.column_row(state.cards.index(component.id)))
        return refuse("AL-8", f"{component.id} is already in the grid, at {where}")
    if not in_hand(state, state.turn, component.id):
        return refuse("AL-8", f"{component.id} is not in {setup.players[state.turn]}'s hand")
    target = space_index(at)
    if target is None:
        return refuse("AL-10", f"{at} is outside the table's frame (a1 to i9)")
    if state.cards[target] is not None:
        return refuse("AL-9", f"{at} already holds {state.cards[target]}")
    if not any(state.cards[n] is not None for n in grid.orthogonal(target)):
        return refuse(
            "AL-11", "a card must touch a card already in the grid orthogonally (no diagonals)"
        )
    if not grid.within_bound(state.box, target):
        return refuse("AL-12", "that would make a 6th row or column; the grid is 5×5 at most")
    return ACCEPTED


def in_hand(state: Alpina, seat: int, card: str) -> bool:
    """Known to be in the hand, or unseen while the hand holds an unknown card (AL-8)."""
    if card in state.known[seat]:
        return True
    return card in state.pool and state.hand_sizes[seat] > len(state.known[seat])


def apply_play(setup: Setup, state: Alpina, move: Move) -> Alpina:
    card = move["card"]
    target = space_index(move["at"])
    assert target is not None
    cards = list(state.cards)
    cards[target] = card
    seat = state.turn
    known = list(state.known)
    if card in known[seat]:
        known[seat] = known[seat] - {card}
    sizes = list(state.hand_sizes)
    sizes[seat] -= 1
    column, row = grid.column_row(target)
    first_column, last_column, first_row, last_row = state.box
    return evolve(
        state,
        phase=HIKER,
        cards=tuple(cards),
        pool=state.pool - {card},
        known=tuple(known),
        hand_sizes=tuple(sizes),
        last=target,
        frontier=(state.frontier - {target})
        | {n for n in grid.orthogonal(target) if cards[n] is None},
        box=(
            min(first_column, column),
            max(last_column, column),
            min(first_row, row),
            max(last_row, row),
        ),
        placed=state.placed + 1,
    )


def legal_plays(state: Alpina) -> list[Move]:
    spaces = [SPACE_NAMES[s] for s in open_spaces(state)]
    return [{"type": "play", "card": c, "at": at} for c in sorted(playable(state)) for at in spaces]


def random_play(state: Alpina, rng: random.Random) -> Move:
    card = rng.choice(sorted(playable(state)))
    at = rng.choice(open_spaces(state))
    return {"type": "play", "card": card, "at": SPACE_NAMES[at]}


def playable(state: Alpina) -> set[str]:
    """The cards the player to move may play: their known cards, and every unseen card while
    their hand holds cards the referee has not seen (AL-8)."""
    seat = state.turn
    unknown = state.hand_sizes[seat] > len(state.known[seat])
    return set(state.known[seat]) | (set(state.pool) if unknown else set())


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
    target = space_index(move.get("at", ""))
    if target is None or state.cards[target] is None:
        return refuse("AL-13", f"there is no card at {move.get('at')}")
    if target != state.last and target not in grid.orthogonal(state.last):
        last = space_name(*grid.column_row(state.last))
        return refuse("AL-13", f"a hiker goes on the card just played ({last}) or on one beside it")
    if state.hikers[target] is not None:
        owner = setup.players[state.hikers[target]]
        return refuse("AL-14", f"that card already has a pawn ({owner}'s); one pawn per card")
    if state.hikers_left[state.turn] == 0:
        return refuse("AL-15", f"{setup.players[state.turn]} has no hikers left")
    return ACCEPTED


def apply_hiker(setup: Setup, state: Alpina, move: Move) -> Alpina:
    target = space_index(move["at"])
    assert target is not None
    hikers = list(state.hikers)
    hikers[target] = state.turn
    left = list(state.hikers_left)
    left[state.turn] -= 1
    return end_of_turn(setup, evolve(state, hikers=tuple(hikers), hikers_left=tuple(left)))


def apply_pass(setup: Setup, state: Alpina, move: Move) -> Alpina:
    return end_of_turn(setup, state)


def legal_hikers(state: Alpina) -> list[Move]:
    moves: list[Move] = [{"type": "pass"}]
    if state.hikers_left[state.turn]:
        moves += [{"type": "hiker", "at": SPACE_NAMES[s]} for s in hiker_spaces(state)]
    return moves


def random_hiker(state: Alpina, rng: random.Random) -> Move:
    spaces = hiker_spaces(state) if state.hikers_left[state.turn] else []
    pick = rng.randrange(len(spaces) + 1)  # as uniform over `legal` as choice() is
    if pick == len(spaces):
        return {"type": "pass"}
    return {"type": "hiker", "at": SPACE_NAMES[spaces[pick]]}


def hiker_spaces(state: Alpina) -> list[int]:
    """The cards a hiker may go on: the card just played and those beside it, without a pawn."""
    near = [state.last, *grid.orthogonal(state.last)]
    return [s for s in near if state.cards[s] is not None and state.hikers[s] is None]


def end_of_turn(setup: Setup, state: Alpina) -> Alpina:
    """AL-17: the 25th card ends the game once its player is done; else the draw comes."""
    if state.placed == GRID_CARDS:
        return evolve(state, phase=OVER)
    return next_draw(setup, state)


# --- 3. draw a card -----------------------------------------------------------------------------


def check_draw(setup: Setup, state: Alpina, move: Move) -> Verdict:
    """AL-16: the referee draws in a digital game; at the table the card drawn stays secret."""
    card = move.get("card")
    if card is None:
        if setup.digital:
            return refuse("AL-16", "the referee draws in a digital game")
        return ACCEPTED
    if not setup.digital:
        return refuse("AL-16", "draws are secret: enter `draw` without a card")
    if card not in state.pool:
        return refuse("AL-16", f"{card} is not in the draw pile")
    return ACCEPTED


def apply_draw(setup: Setup, state: Alpina, move: Move) -> Alpina:
    seat = state.turn
    sizes = list(state.hand_sizes)
    card = move.get("card")
    if card is None:
        sizes[seat] = min(HAND, sizes[seat] + state.deck_size())
        state = evolve(state, hand_sizes=tuple(sizes))
    else:
        sizes[seat] += 1
        known = list(state.known)
        known[seat] = known[seat] | {card}
        state = evolve(state, hand_sizes=tuple(sizes), known=tuple(known), pool=state.pool - {card})
    return next_draw(setup, state)


def next_draw(setup: Setup, state: Alpina) -> Alpina:
    """Another card while the hand is short of six and the pile has one; else the next turn."""
    if state.hand_sizes[state.turn] < HAND and state.deck_size() > 0:
        return evolve(state, phase=DRAW)
    return evolve(state, phase=PLAY, turn=(state.turn + 1) % len(setup.players))


def chance_draw(state: Alpina, rng: random.Random) -> Move:
    """The referee's draw in a digital game."""
    return {"type": "draw", "card": rng.choice(sorted(state.pool))}
