"""The course of play (rulebook "Game Play"): each turn's Phase I (Common Area: draw, choose,
discard) and Phase II (Personal Area: flip, play, move to used), who is asked for what at each
step, the steps skipped when they have nothing to do, and the turn passing on (GE-9 … GE-24)."""

from __future__ import annotations

from pnpkit.referee.api import (
    ACCEPTED,
    Carried,
    Flow,
    Move,
    Prompt,
    Setup,
    Step,
    Verdict,
    refuse,
)
from pnpkit.referee.games.gentoo.setup import CHOICE_CARDS
from pnpkit.referee.games.gentoo.state import (
    CHOICES,
    CHOOSE,
    DISCARD,
    DISCARD_PILE,
    DRAW,
    DRAW_PILE,
    FIRST,
    FLIP,
    OVER,
    PECK,
    PLAY,
    SETUP,
    Catalog,
    GentooState,
)

CARDS_IN_PLAY_KEPT = 3
"""Cards in Play a player may keep at the end of a turn without moving one to Used (GE-23)."""

FLOW = Flow(
    (
        # setup (GE-3, GE-8): the Choice Cards turned over by nobody in particular, then the table
        # names the first player
        Step(SETUP, "chance", "turn over a Choice Card: flip CARD"),
        Step(FIRST, "move", "all: who goes first? (first NAME)", everyone=True),
        # Phase I, the Common Area (GE-10 … GE-17)
        Step(DRAW, "chance", "{player}: draw a Choice Card (flip CARD)"),
        Step(CHOOSE, "move", "{player}: choose a Choice Card (choose CARD [site]) or pass"),
        Step(DISCARD, "move", "{player}: discard a Choice Card down to four (discard CARD)"),
        # Phase II, the Personal Area (GE-18 … GE-23), and a Stone Thief's victim's answer (GE-31)
        Step(FLIP, "chance", "{player}: flip your Player Pile's top card (flip CARD)"),
        Step(PLAY, "move", "{player}: play a card, hatch, or pass"),
        Step(PECK, "move", "the Stone Thief's victim: play a Vicious Peck or allow"),
    ),
    over="a player has five penguins and wins",
)
"""The steps of the setup and of a turn, in the rulebook's order (GE-24: five penguins end it)."""
KINDS = {step.name: step.kind for step in (*FLOW.steps, FLOW.step(OVER))}
"""Each step's prompt kind, read at every step of a simulation."""


def prompt(setup: Setup, state: GentooState) -> Prompt | None:
    """The prompts the flow's fixed lines cannot give, else None: the Choice Card set out (by
    nobody), the Stone Thief's victim, a player who must move a card to the Used Pile, the
    winner."""
    names, step = setup.players, state.turn.step
    if step == OVER:
        return Prompt("over", (), f"{names[state.winner or 0]} has five penguins and wins")
    if step == SETUP:
        k = len(state.cards(CHOICES)) + 1
        return Prompt("chance", (), f"turn over Choice Card {k} of {CHOICE_CARDS}: flip CARD")
    if step == PECK:
        victim, who = names[state.victim or 0], names[state.turn.seat]
        return Prompt(
            "move",
            (victim,),
            f"{victim}: {who}'s Stone Thief takes a stone — play a Vicious Peck or allow",
        )
    if step == PLAY and len(state.in_play(state.turn.seat)) > CARDS_IN_PLAY_KEPT:
        who = names[state.turn.seat]
        return Prompt(
            "move",
            (who,),
            f"{who}: play a card, hatch, or move a card to your Used Pile (used CARD)",
        )
    return None


def check_actor(setup: Setup, state: GentooState, move: Move, actors: tuple[str, ...]) -> Verdict:
    """A move made by a named player is theirs to make now (GE-35, GE-42)."""
    player = move.get("player")
    if player is None or not actors or player in actors:
        return ACCEPTED
    if move.get("type") == "play" and Catalog.of(setup.game).kind(move["card"]) == ("vicious-peck"):
        return refuse("GE-42", "a Vicious Peck is played only to block a Stone Thief aimed at you")
    return refuse("GE-35", f"it is {' or '.join(actors)}'s move, not {player}'s")


def settle(before: GentooState, state: GentooState) -> GentooState:
    """`state`, made from `before` by a move, at the first step that has something to do: the
    steps with nothing to do skipped (GE-43, GE-44). A state the move made anew is held by
    nothing else yet, so its turn is set in place rather than the whole state copied again (a
    simulation settles at almost every move); `before` itself is never changed."""
    step = now = state.turn.step
    while now in SKIPPABLE and (after := _skip(state, now)) is not None:
        now = after
    if now == step:
        return state
    if state is before:
        return state.at(now)
    object.__setattr__(state, "turn", state.turn.to(now))
    return state


SKIPPABLE = frozenset((SETUP, DRAW, DISCARD, FLIP))
"""The steps that may have nothing to do."""


def _skip(state: GentooState, step: str) -> str | None:
    """The step after `step` (one of `SKIPPABLE`) if it has nothing to do on this table, else
    None."""
    if step == SETUP:
        return FIRST if len(state.cards(CHOICES)) >= CHOICE_CARDS or _run_out(state) else None
    if step == DRAW:
        return CHOOSE if len(state.cards(CHOICES)) > CHOICE_CARDS or _run_out(state) else None
    if step == DISCARD:
        return FLIP if len(state.cards(CHOICES)) <= CHOICE_CARDS else None
    seat = state.turn.seat  # FLIP
    return PLAY if not state.pile(seat).counts and not state.used(seat) else None


def _run_out(state: GentooState) -> bool:
    """No card is left to draw, even after a reshuffle of the Discard Pile (GE-44)."""
    return not state.middle(DRAW_PILE).counts and not state.cards(DISCARD_PILE)


def end_turn(state: GentooState, *moves: Carried) -> GentooState:
    """The turn's last `moves` of pieces made (`GentooState.move`), play proceeds to the next
    player; one who has gone fishing loses that turn (GE-33)."""
    n = len(state.areas)
    seat = (state.turn.seat + state.direction) % n
    lost = None
    if seat == state.fishing:
        lost, seat = seat, (seat + state.direction) % n
    return state.move(
        *moves,
        turn=state.turn.passed_to(seat, DRAW),
        chosen=None,
        reshuffled=False,
        barred=None,
        victim=None,
        fishing=None,
        lost=lost,
    )
