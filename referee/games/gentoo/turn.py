"""The course of play (rulebook "Game Play"): each turn's Phase I (Common Area: draw, choose,
discard) and Phase II (Personal Area: flip, play, move to used), who is asked for what at each
step, the steps skipped when they have nothing to do, and the turn passing on (GE-9 … GE-24)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Prompt, PromptKind, Setup, Verdict, refuse
from pnpkit.referee.games.gentoo.setup import CHOICE_CARDS
from pnpkit.referee.games.gentoo.state import (
    CHOOSE,
    DISCARD,
    DRAW,
    FIRST,
    FLIP,
    OVER,
    PECK,
    PLAY,
    SETUP,
    Catalog,
    Table,
    evolve,
)

CARDS_IN_PLAY_KEPT = 3
"""Cards in Play a player may keep at the end of a turn without moving one to Used (GE-23)."""

STEP_KIND: dict[str, PromptKind] = {OVER: "over", SETUP: "chance", DRAW: "chance", FLIP: "chance"}
"""The kind of prompt of each step that is not a player's move."""


def prompt(setup: Setup, state: Table) -> Prompt:
    """Who must do what now."""
    names = setup.players
    who = names[state.turn]
    step = state.step
    if step == OVER:
        return Prompt("over", (), f"{names[state.winner or 0]} has five penguins and wins")
    if step == SETUP:
        k = len(state.choice) + 1
        return Prompt("chance", (), f"turn over Choice Card {k} of {CHOICE_CARDS}: flip CARD")
    if step == FIRST:
        return Prompt("move", tuple(names), "all: who goes first? (first NAME)")
    if step == DRAW:
        return Prompt("chance", (who,), f"{who}: draw a Choice Card (flip CARD)")
    if step == FLIP:
        return Prompt("chance", (who,), f"{who}: flip your Player Pile's top card (flip CARD)")
    if step == PECK:
        victim = names[state.victim or 0]
        return Prompt(
            "move",
            (victim,),
            f"{victim}: {who}'s Stone Thief takes a stone — play a Vicious Peck or allow",
        )
    return Prompt("move", (who,), f"{who}: {_step_text(state)}")


def _step_text(state: Table) -> str:
    if state.step == CHOOSE:
        return "choose a Choice Card (choose CARD [site]) or pass"
    if state.step == DISCARD:
        return "discard a Choice Card down to four (discard CARD)"
    if len(state.current.in_play) > CARDS_IN_PLAY_KEPT:
        return "play a card, hatch, or move a card to your Used Pile (used CARD)"
    return "play a card, hatch, or pass"


def prompt_kind(state: Table) -> PromptKind:
    """The kind of prompt `prompt` gives, without its text."""
    return STEP_KIND.get(state.step, "move")


def check_actor(setup: Setup, state: Table, move: Move) -> Verdict:
    """A move made by a named player is theirs to make now (GE-35, GE-42)."""
    player = move.get("player")
    if player is None:
        return ACCEPTED
    actors = prompt(setup, state).actors
    if not actors or player in actors:
        return ACCEPTED
    if move.get("type") == "play" and Catalog.of(setup.game).kind(move["card"]) == ("vicious-peck"):
        return refuse("GE-42", "a Vicious Peck is played only to block a Stone Thief aimed at you")
    return refuse("GE-35", f"it is {' or '.join(actors)}'s move, not {player}'s")


def settle(state: Table) -> Table:
    """Skip the steps that have nothing to do (GE-43, GE-44)."""
    while True:
        step = _skip(state)
        if step is None:
            return state
        state = evolve(state, step=step)


def _skip(state: Table) -> str | None:
    step = state.step
    if step == SETUP:
        return FIRST if len(state.choice) >= CHOICE_CARDS or _run_out(state) else None
    if step == DRAW:
        return CHOOSE if len(state.choice) > CHOICE_CARDS or _run_out(state) else None
    if step == DISCARD:
        return FLIP if len(state.choice) <= CHOICE_CARDS else None
    if step == FLIP:
        player = state.players[state.turn]
        return PLAY if not player.pile and not player.used else None
    return None


def _run_out(state: Table) -> bool:
    """No card is left to draw, even after a reshuffle of the Discard Pile (GE-44)."""
    return not state.draw_pile and not state.discard


def end_turn(state: Table, **changes: object) -> Table:
    """Play proceeds to the next player; one who has gone fishing loses that turn (GE-33).
    `changes`: what the turn's last move changed on the table (not the order of play), made in
    the same copy."""
    n = len(state.players)
    seat = (state.turn + state.direction) % n
    lost = None
    if seat == state.fishing:
        lost, seat = seat, (seat + state.direction) % n
    return evolve(
        state,
        turn=seat,
        step=DRAW,
        turns=state.turns + 1,
        chosen=None,
        reshuffled=False,
        barred=None,
        victim=None,
        fishing=None,
        lost=lost,
        **changes,
    )
