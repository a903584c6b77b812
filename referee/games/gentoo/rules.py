"""Gentoo (Dave Dobson, 2010): a deck-builder of penguin procreation, refereed.

Every move is declared once here (`MOVES`, in the rulebook's order: Setup, Phase I, Phase II, a
Stone Thief's answer, the referee's reshuffle) with its steps, rule, check and apply; its syntax
line, parse, text, dispatch and "not now" refusal come from that. `Gentoo` is a `KitRules`: every
card and token lies on the kit's blocks (state.py), so who sees what (everything: GE-36) and the
census follow, and turn.py's `FLOW` gives each step's prompt. The rest is in the module of the
rulebook's part that holds it: setup.py, turn.py (the course of a turn), piles.py (cards turned
over, reshuffles), common_area.py (Phase I), personal_area.py and cards.py (Phase II, the cards'
effects, hatching), scoring.py, table_view.py (what is shown), moves.py (the move words),
position_file.py, policy.py (the simulated player). Rule IDs (GE-n) are rules-index.md's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from pnpkit.referee.api import (
    Game,
    KitRules,
    Move,
    MoveForm,
    Moves,
    Prompt,
    PromptKind,
    Setup,
    Syntax,
    Verdict,
    delegate,
    drawn,
    refuse,
    split_actor,
    well_formed_by,
)
from pnpkit.referee.games.gentoo import (
    cards,
    common_area,
    personal_area,
    piles,
    policy,
    scoring,
    table_view,
    turn,
)
from pnpkit.referee.games.gentoo.moves import (
    CARD,
    NAME,
    PILE,
    marked,
    read_choose,
    read_hatch,
    read_play,
    write_choose,
    write_hatch,
    write_play,
)
from pnpkit.referee.games.gentoo.position_file import score_position
from pnpkit.referee.games.gentoo.setup import apply_first, check_names, initial
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
    GentooState,
)
from pnpkit.referee.games.gentoo.turn import FLOW

MOVES = Moves(
    syntax_rule="GE-53",
    not_now_rule="GE-9",
    step_rules={
        SETUP: "GE-3",
        FIRST: "GE-8",
        DRAW: "GE-10",
        CHOOSE: "GE-12",
        DISCARD: "GE-17",
        FLIP: "GE-18",
        PLAY: "GE-20",
        PECK: "GE-31",
        OVER: "GE-24",
    },
    turn_rule="GE-35",
    over_rule="GE-24",
    keep_case=True,
)
"""Every move of Gentoo, in the order the rulebook meets them; a move at another step than its
own is refused citing the rule of the step it came at."""
WORDS = {"CARD": CARD, "NAME": NAME, "PILE": PILE}

# --- Setup: the Choice Cards turned over one at a time, then the first player (GE-3, GE-8) -------
MOVES.add(MoveForm("flip CARD", "the card turned face up (Choice Card or your Player Pile)",
                   "GE-36", piles.apply_flip, step=(SETUP, DRAW, FLIP), check=piles.check_flip,
                   words=WORDS))  # fmt: skip
MOVES.add(MoveForm("first NAME", "the player who goes first", "GE-8", apply_first, FIRST,
                   words=WORDS))  # fmt: skip

# --- Phase I, the Common Area: draw (a flip), choose, discard (GE-10 … GE-17) ---------------------
MOVES.add(MoveForm("choose CARD [site]", "Phase I: take a Choice Card into your Used Pile", "GE-12",
                   common_area.apply_choose, CHOOSE, check=common_area.check_choose,
                   read=read_choose, write=write_choose, rows=(
    Syntax("choose CARD", "Phase I: take a Choice Card into your Used Pile", "GE-12"),
    Syntax("choose EGG site", "… an Egg, with a Good Nesting Site in play", "GE-15"))))  # fmt: skip
MOVES.add(MoveForm("discard CARD", "Phase I: discard a Choice Card down to four", "GE-17",
                   common_area.apply_discard, DISCARD, check=common_area.check_discard,
                   words=WORDS))  # fmt: skip

# --- Phase II, the Personal Area: flip, then play, hatch or move to Used (GE-18 … GE-23) ---------
MOVES.add(MoveForm("play CARD [NAME | EGG choice | EGG NAME [used]]",
                   "Phase II: play a Card in Play", "GE-20", cards.apply_play,
                   step=(PLAY, PECK), check=cards.check_play, read=read_play,
                   write=write_play, rows=(
    Syntax("play CARD", "Phase II: play a Card in Play (Blizzard, Gone Fishing, Thaw)", "GE-20"),
    Syntax("play GE-THF NAME", "Stone Thief: take a nesting stone from NAME", "GE-28"),
    Syntax("play GE-SEA NAME", "Leopard Seal: NAME loses a penguin", "GE-30"),
    Syntax("play GE-SKU EGG choice", "Skua: discard an Egg among the Choice Cards", "GE-27"),
    Syntax("play GE-SKU EGG NAME", "Skua: discard an Egg in NAME's Cards in Play", "GE-27"),
    Syntax("play GE-SKU EGG NAME used", "Skua: the Egg on top of NAME's Used Pile", "GE-27"),
)))  # fmt: skip
MOVES.add(MoveForm("hatch EGG [NAME]", "hatch an Egg with a Hatch", "GE-21",
                   cards.apply_hatch, PLAY, check=cards.check_hatch,
                   read=read_hatch, write=write_hatch, rows=(
    Syntax("hatch EGG NAME", "hatch with a Hatch, giving NAME a nesting stone", "GE-21"),
    Syntax("hatch EGG", "hatch when you have no nesting stone to give", "GE-22"))))  # fmt: skip
MOVES.add(MoveForm("used CARD", "Phase II: move a Card in Play to your Used Pile", "GE-23",
                   personal_area.apply_used, PLAY, check=personal_area.check_used,
                   words=WORDS))  # fmt: skip
MOVES.add(MoveForm("pass", "choose nothing; or end the turn with three or fewer in play", "GE-12",
                   personal_area.apply_pass, step=(CHOOSE, PLAY),
                   check=personal_area.check_pass))  # fmt: skip

# --- A Stone Thief's victim answers: a Vicious Peck played out of turn (a `play`), or allow ------
MOVES.add(MoveForm("allow", "let the Stone Thief take the stone", "GE-31",
                   cards.apply_allow, PECK, rows=(
    Syntax("NAME: play GE-PCK", "out of turn: a Vicious Peck blocks the Stone Thief", "GE-31"),
    Syntax("allow", "let the Stone Thief take the stone", "GE-31"))))  # fmt: skip

# --- The referee's own reshuffle when a pile runs out, never typed (GE-11, GE-19) -----------------
MOVES.add(MoveForm("reshuffle PILE", "the pile that ran out shuffled anew", "GE-11",
                   piles.apply_reshuffle, check=piles.check_reshuffle, words=WORDS,
                   rows=()))  # fmt: skip


def read(setup: Setup, text: str) -> Move:
    """The move typed, perhaps after `NAME:` (a Vicious Peck out of turn)."""
    actor, rest = split_actor(text, setup.players)
    move = MOVES.parse(setup, marked(rest, setup.players))
    return move if actor is None else {**move, "player": actor}


def written(move: Move) -> str:
    """The move's one-line form: `read` of it gives the move back."""
    body = MOVES.text(move)
    return f"{move['player']}: {body}" if "player" in move else body


well_formed = well_formed_by(read, lambda setup, move: written(move))
"""Whether a move is exactly what some typed text parses to (a logged move may be damaged)."""


class Gentoo(KitRules):
    """The rules of Gentoo."""

    id = "gentoo"
    contract = "2.0"
    index = "rules-index.md"
    version = "1"
    perfect_information = True
    """GE-36: the state holds nothing any player cannot see or work out (see `knowledge`): a
    search uses the state itself, and the card turned over next is drawn afresh by `chance`."""
    variants: ClassVar[Mapping[str, str]] = {
        "standard": "the rules as printed, with the readings of its rules index"
    }
    flow = FLOW
    moves = MOVES

    # --- setup ------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        """Refuse an impossible player count or a name the move syntax cannot tell apart."""
        super().check_setup(game, variant, players, options)
        check_names(players)

    initial = delegate(initial, "Setup steps 1–7; the Choice Cards are turned over next (GE-3).")

    # --- what now ---------------------------------------------------------------------------
    def prompt(self, setup: Setup, state: GentooState) -> Prompt:
        """The flow's line of the step, but where it depends on the table (turn.prompt)."""
        return turn.prompt(setup, state) or super().prompt(setup, state)

    def prompt_kind(self, setup: Setup, state: GentooState) -> PromptKind:
        return turn.KINDS[state.turn.step]

    forced = delegate(piles.forced, "The reshuffles the rules make when a pile runs out.")

    # --- text -------------------------------------------------------------------------------
    def parse(self, setup: Setup, state: GentooState, text: str) -> Move:
        """The move typed, perhaps after `NAME:` (a Vicious Peck out of turn), with each name of
        several words read as one: the kit reads a form's words alone."""
        return read(setup, text)

    def text(self, setup: Setup, move: Move) -> str:
        """The move's one-line form, with its `NAME:` prefix if any."""
        return written(move)

    # --- checking ---------------------------------------------------------------------------
    def check(self, setup: Setup, state: GentooState, move: Move) -> Verdict:
        """Whether the move may be made now; a refusal says why and cites the rule. Gentoo's
        own order and texts: the winner named once over, a damaged move, a player out of turn
        (a Vicious Peck's victim may act at another's turn), then the kit's "not now"."""
        if state.turn.step == OVER:
            winner = setup.players[state.winner or 0]
            return refuse("GE-24", f"the game is over: {winner} has five penguins")
        if not well_formed(setup, move):
            return refuse("", f"not a Gentoo move as the referee writes one: {move!r}")
        verdict = turn.check_actor(setup, state, move, self.prompt(setup, state).actors)
        if not verdict.ok:
            return verdict
        verdict = MOVES.not_now(state, move, lambda: self.prompt(setup, state).text)
        return MOVES.check_own(setup, state, move) if verdict.ok else verdict

    # --- applying ---------------------------------------------------------------------------
    def apply(self, setup: Setup, state: GentooState, move: Move) -> GentooState:
        """The table after the move, the steps with nothing to do skipped (GE-43, GE-44)."""
        return turn.settle(state, MOVES.apply(setup, state, move))

    # --- listing ----------------------------------------------------------------------------
    def legal(self, setup: Setup, state: GentooState) -> list[Move]:
        """Every move that may be entered now; for a card turned over, every card it may be.
        Listed as the rules make them, in the order simulated players have always met them (a
        pass first), rather than each form's values checked one by one."""
        if piles.forced(setup, state) is not None:
            return []
        step = state.turn.step
        if step in (SETUP, DRAW, FLIP):
            return piles.flips(state)
        if step == FIRST:
            return [{"type": "first", "name": n} for n in setup.players]
        if step == CHOOSE:
            return [{"type": "pass"}, *common_area.choices(setup, state)]
        if step == DISCARD:
            return common_area.discards(state)
        if step == PECK:
            return personal_area.answers(setup, state)
        if step == PLAY:
            return personal_area.plays(setup, state)
        return []

    chance = delegate(piles.chance, "A card turned over from the Draw Pile or a Player Pile.")

    def random_move(self, setup: Setup, state: GentooState, rng: random.Random) -> Move:
        """A simulated player's move (policy.py); cards turned over weighted by copies."""
        step = state.turn.step
        if step in policy.STEPS:
            return policy.sensible_move(setup, state, rng)
        if step == DISCARD:
            return common_area.random_discard(state, rng)
        if turn.KINDS[step] == "chance":
            return self.chance(setup, state, rng)
        return rng.choice(self.legal(setup, state))

    # --- scoring ----------------------------------------------------------------------------
    score = delegate(scoring.score)

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        """A player holds 0 to 5 penguins."""
        return (0, scoring.PENGUINS_TO_WIN)

    stats = delegate(scoring.stats)
    score_position = delegate(score_position)

    # --- showing: Gentoo's own lines, data and picture (the rulebook's layout of the table) ---
    describe = delegate(table_view.describe)
    view = delegate(table_view.describe)
    svg = drawn(table_view.draw_table)
    zones = delegate(table_view.zones)


RULES = Gentoo()
