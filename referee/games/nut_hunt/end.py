"""The end of the game (NH-26, NH-28, NH-3): once a fourth nest is built and the scattering is
over, the game ends; at the table each player then shows the objectives the referee has not
seen, and any player may show one earlier.
"""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, refuse
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.state import Hunt, evolve


def finish(state: Hunt) -> Hunt:
    """NH-26: the game ends; at the table, players then show their objectives."""
    order = tuple(s for s, n in enumerate(state.hand_hidden) if n)
    return next_to_show(evolve(state, order=order, step=st.DONE, drawn=()))


def next_to_show(state: Hunt) -> Hunt:
    """The next player with objectives to show, or the end."""
    return evolve(state, phase=st.SHOW if state.order else st.OVER)


def where(state: Hunt, card: str) -> str:
    """Why a card the referee has seen cannot be where a move says."""
    if card in state.automa_hand or card in state.aside or card in state.drawn:
        return "the Automa has it"
    return "it has already been seen elsewhere"


def check_show(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-28: at the end, a card the referee has not seen (before it, NH-3: `check_early_show`)."""
    if state.phase != st.SHOW:
        return check_early_show(setup, state, move)
    card = move["card"]
    if card not in state.pool:
        return refuse("NH-28", f"{card} cannot be in your hand: {where(state, card)}")
    return ACCEPTED


def check_early_show(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-3: a player may show the referee an objective they hold before the end."""
    player, card = move["player"], move["card"]
    if not state.hand_hidden[setup.players.index(player)]:
        return refuse("NH-3", f"the referee already knows every objective {player} holds")
    if card not in state.pool:
        return refuse("NH-3", f"{card} cannot be in {player}'s hand: {where(state, card)}")
    return ACCEPTED


def apply_show(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The card shown is known from now on; at the end, the next player shows theirs."""
    if state.phase != st.SHOW:
        return reveal(state, setup.players.index(move["player"]), move["card"])
    seat = state.order[0]
    state = reveal(state, seat, move["card"])
    if state.hand_hidden[seat]:
        return state
    return next_to_show(evolve(state, order=state.order[1:]))


def reveal(state: Hunt, seat: int, card: str) -> Hunt:
    """An objective of `seat` that the referee had not seen is now known."""
    return evolve(
        state,
        pool=state.pool - {card},
        hand_known=add_to_hand(state.hand_known, seat, (card,)),
        hand_hidden=st.bump(state.hand_hidden, seat, -1),
    )


def add_to_hand(
    hands: tuple[tuple[str, ...], ...], seat: int, cards: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """`hands` with `cards` added to `seat`'s."""
    return (*hands[:seat], hands[seat] + cards, *hands[seat + 1 :])


def candidates(state: Hunt) -> list[Move]:
    """Every card the player showing may hold."""
    return [{"type": "show", "card": c} for c in sorted(state.pool)]
