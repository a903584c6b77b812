"""The end of the game (NH-26, NH-28, NH-3): once a fourth nest is built and the scattering is
over, the game ends; at the table each player then shows the objectives the referee has not
seen, and any player may show one earlier.
"""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Hand, Move, Setup, Verdict, refuse
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.state import Hunt, evolve


def finish(state: Hunt) -> Hunt:
    """NH-26: the game ends; at the table, players then show their objectives."""
    order = tuple(s for s, hand in enumerate(state.hands) if hand.unknown)
    table = state.table.put("drawn", Hand(""))
    return next_to_show(evolve(state, order=order, turn=state.turn.to(st.DONE), table=table))


def next_to_show(state: Hunt) -> Hunt:
    """The next player with objectives to show, or the end."""
    return evolve(state, phase=st.SHOW if state.order else st.OVER)


def where(state: Hunt, card: str) -> str:
    """Why a card the referee has seen cannot be where a move says."""
    if card in (*state.automa("hand").cards, *state.automa("aside").cards, *state.drawn):
        return "the Automa has it"
    return "it has already been seen elsewhere"


def check_show(setup: Setup, state: Hunt, move: Move) -> Verdict:
    """NH-28: at the end, a card the referee has not seen; NH-3: before it, one a player holds
    and the referee has not seen."""
    card, rule, whose = move["card"], "NH-28", "your"
    if state.phase != st.SHOW:
        player = move["player"]
        if not state.hands[setup.players.index(player)].unknown:
            return refuse("NH-3", f"the referee already knows every objective {player} holds")
        rule, whose = "NH-3", f"{player}'s"
    if card not in state.deck.unseen:
        return refuse(rule, f"{card} cannot be in {whose} hand: {where(state, card)}")
    return ACCEPTED


def apply_show(setup: Setup, state: Hunt, move: Move) -> Hunt:
    """The card shown is known from now on; at the end, the next player shows theirs."""
    if state.phase != st.SHOW:
        return reveal(state, setup.players.index(move["player"]), move["card"])
    seat = state.order[0]
    state = reveal(state, seat, move["card"])
    if state.hands[seat].unknown:
        return state
    return next_to_show(evolve(state, order=state.order[1:]))


def reveal(state: Hunt, seat: int, card: str) -> Hunt:
    """An objective of `seat` that the referee had not seen is now known."""
    hand = state.hands[seat]
    shown = Hand(hand.owner, (*hand.known, card), hand.unknown - 1, hand.shown)
    blocks = {state.hand_name(seat): shown, "objective deck": state.deck.reveal(card)}
    return evolve(state, table=state.table.put_all(blocks))


def candidates(setup: Setup, state: Hunt) -> list[Move]:
    """Every card the player showing may hold."""
    return [{"type": "show", "card": c} for c in state.deck.unseen]
