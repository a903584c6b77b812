"""Gentoo (Dave Dobson, 2010): a deck-builder of penguin procreation, refereed.

Every move is declared once here (`MOVES`, in the rulebook's order: Setup, Phase I, Phase II, a
Stone Thief's answer, the referee's reshuffle), with the steps it belongs to, its rule, its check
and its apply; its syntax line, parse, text, dispatch and "not now" refusal come from that.
The class is the Rules contract's surface (docs/engine.md); it hands each question to the module
of the rulebook's part that answers it: setup.py (the setup), turn.py (the course of a turn),
piles.py (cards turned over, reshuffles), common_area.py (Phase I), personal_area.py and cards.py
(Phase II, the cards' effects, hatching), scoring.py (winning), table_view.py (what is shown),
moves.py (the move words), position_file.py, policy.py (the simulated player). Rule IDs (GE-n)
refer to rules-index.md. Piles whose order is hidden are pools (state.Pool); each card turned
face up is a chance move `flip CARD`, checked against the pile it comes from.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pnpkit.referee.api import (
    Game,
    Knowledge,
    Move,
    MoveForm,
    Moves,
    Prompt,
    PromptKind,
    Rules,
    ScoreSheet,
    Setup,
    Syntax,
    Verdict,
    refuse,
    split_actor,
    well_formed_by,
)
from pnpkit.referee.games.gentoo import (
    common_area,
    personal_area,
    piles,
    policy,
    scoring,
    table_view,
    turn,
)
from pnpkit.referee.games.gentoo.knowledge import knowledge
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
    Catalog,
    Table,
)

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
    where=lambda state: (state.step, state.turn),
    keep_case=True,
)
"""Every move of Gentoo, in the order the rulebook meets them; a move at another step than its
own is refused citing the rule of the step it came at."""
WORDS = {"CARD": CARD, "NAME": NAME, "PILE": PILE}

# --- Setup: the Choice Cards turned over one at a time, then the first player (GE-3, GE-8) -------
MOVES.add(
    MoveForm(
        "flip CARD",
        "the card turned face up (Choice Card or your Player Pile)",
        "GE-36",
        piles.apply_flip,
        step=(SETUP, DRAW, FLIP),
        check=piles.check_flip,
        words=WORDS,
    )
)
MOVES.add(
    MoveForm("first NAME", "the player who goes first", "GE-8", apply_first, FIRST, words=WORDS)
)

# --- Phase I, the Common Area: draw (a flip), choose, discard (GE-10 … GE-17) ---------------------
MOVES.add(
    MoveForm(
        "choose CARD [site]",
        "Phase I: take a Choice Card into your Used Pile",
        "GE-12",
        common_area.apply_choose,
        CHOOSE,
        check=common_area.check_choose,
        read=read_choose,
        write=write_choose,
        rows=(
            Syntax("choose CARD", "Phase I: take a Choice Card into your Used Pile", "GE-12"),
            Syntax("choose EGG site", "… an Egg, with a Good Nesting Site in play", "GE-15"),
        ),
    )
)
MOVES.add(
    MoveForm(
        "discard CARD",
        "Phase I: discard a Choice Card down to four",
        "GE-17",
        common_area.apply_discard,
        DISCARD,
        check=common_area.check_discard,
        words=WORDS,
    )
)

# --- Phase II, the Personal Area: flip, then play, hatch or move to Used (GE-18 … GE-23) ---------
MOVES.add(
    MoveForm(
        "play CARD [NAME | EGG choice | EGG NAME [used]]",
        "Phase II: play a Card in Play",
        "GE-20",
        personal_area.apply_play,
        step=(PLAY, PECK),
        check=personal_area.check_play,
        read=read_play,
        write=write_play,
        rows=(
            Syntax(
                "play CARD", "Phase II: play a Card in Play (Blizzard, Gone Fishing, Thaw)", "GE-20"
            ),
            Syntax("play GE-THF NAME", "Stone Thief: take a nesting stone from NAME", "GE-28"),
            Syntax("play GE-SEA NAME", "Leopard Seal: NAME loses a penguin", "GE-30"),
            Syntax(
                "play GE-SKU EGG choice", "Skua: discard an Egg among the Choice Cards", "GE-27"
            ),
            Syntax("play GE-SKU EGG NAME", "Skua: discard an Egg in NAME's Cards in Play", "GE-27"),
            Syntax(
                "play GE-SKU EGG NAME used", "Skua: the Egg on top of NAME's Used Pile", "GE-27"
            ),
        ),
    )
)
MOVES.add(
    MoveForm(
        "hatch EGG [NAME]",
        "hatch an Egg with a Hatch",
        "GE-21",
        personal_area.apply_hatch,
        PLAY,
        check=personal_area.check_hatch,
        read=read_hatch,
        write=write_hatch,
        rows=(
            Syntax("hatch EGG NAME", "hatch with a Hatch, giving NAME a nesting stone", "GE-21"),
            Syntax("hatch EGG", "hatch when you have no nesting stone to give", "GE-22"),
        ),
    )
)
MOVES.add(
    MoveForm(
        "used CARD",
        "Phase II: move a Card in Play to your Used Pile",
        "GE-23",
        personal_area.apply_used,
        PLAY,
        check=personal_area.check_used,
        words=WORDS,
    )
)
MOVES.add(
    MoveForm(
        "pass",
        "choose nothing; or end the turn with three or fewer in play",
        "GE-12",
        personal_area.apply_pass,
        step=(CHOOSE, PLAY),
        check=personal_area.check_pass,
    )
)

# --- A Stone Thief's victim answers: a Vicious Peck played out of turn (a `play`), or allow ------
MOVES.add(
    MoveForm(
        "allow",
        "let the Stone Thief take the stone",
        "GE-31",
        personal_area.apply_allow,
        PECK,
        rows=(
            Syntax(
                "NAME: play GE-PCK", "out of turn: a Vicious Peck blocks the Stone Thief", "GE-31"
            ),
            Syntax("allow", "let the Stone Thief take the stone", "GE-31"),
        ),
    )
)

# --- The referee's own reshuffle when a pile runs out, never typed (GE-11, GE-19) -----------------
MOVES.add(
    MoveForm(
        "reshuffle PILE",
        "the pile that ran out shuffled anew",
        "GE-11",
        piles.apply_reshuffle,
        check=piles.check_reshuffle,
        words=WORDS,
        rows=(),
    )
)


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


class Gentoo(Rules):
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
    syntax_rule = MOVES.syntax_rule
    syntax = MOVES.syntax()

    # --- setup ------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        """Refuse an impossible player count or a name the move syntax cannot tell apart."""
        super().check_setup(game, variant, players, options)
        check_names(players)

    def initial(self, setup: Setup) -> Table:
        """Setup steps 1–7 (setup.py); the Choice Cards are turned over next (GE-3)."""
        return initial(setup)

    # --- what now ---------------------------------------------------------------------------
    def prompt(self, setup: Setup, state: Table) -> Prompt:
        """Who must do what now."""
        return turn.prompt(setup, state)

    def prompt_kind(self, setup: Setup, state: Table) -> PromptKind:
        """The kind of the current prompt, without its text."""
        return turn.STEP_KIND.get(state.step, "move")

    def forced(self, setup: Setup, state: Table) -> Move | None:
        """The reshuffles the rules make when a pile runs out (GE-11, GE-19)."""
        return piles.forced(state)

    # --- text -------------------------------------------------------------------------------
    def parse(self, setup: Setup, state: Table, text: str) -> Move:
        """The move typed, perhaps after `NAME:` (a Vicious Peck out of turn)."""
        return read(setup, text)

    def text(self, setup: Setup, move: Move) -> str:
        """The move's one-line form."""
        return written(move)

    # --- checking ---------------------------------------------------------------------------
    def check(self, setup: Setup, state: Table, move: Move) -> Verdict:
        """Whether the move may be made now; a refusal says why and cites the rule."""
        if state.step == OVER:
            winner = setup.players[state.winner or 0]
            return refuse("GE-24", f"the game is over: {winner} has five penguins")
        if not well_formed(setup, move):
            return refuse("", f"not a Gentoo move as the referee writes one: {move!r}")
        verdict = turn.check_actor(setup, state, move)
        if not verdict.ok:
            return verdict
        verdict = MOVES.not_now(state, move, lambda: turn.prompt(setup, state).text)
        return MOVES.check_own(setup, state, move) if verdict.ok else verdict

    # --- applying ---------------------------------------------------------------------------
    def apply(self, setup: Setup, state: Table, move: Move) -> Table:
        """The table after the move, the steps with nothing to do skipped."""
        return turn.settle(MOVES.apply(setup, state, move))

    # --- listing ----------------------------------------------------------------------------
    def legal(self, setup: Setup, state: Table) -> list[Move]:
        """Every move that may be entered now; for a card turned over, every card it may be."""
        if piles.forced(state) is not None:
            return []
        step = state.step
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

    def chance(self, setup: Setup, state: Table, rng: random.Random) -> Move:
        """Digital mode: the card turned over, each copy in the pile equally likely."""
        return piles.chance(state, rng)

    def random_move(self, setup: Setup, state: Table, rng: random.Random) -> Move:
        """A simulated player's move (policy.py); cards turned over weighted by copies."""
        if state.step in policy.STEPS:
            return policy.sensible_move(setup, state, rng)
        if turn.prompt_kind(state) == "chance":
            return self.chance(setup, state, rng)
        return rng.choice(self.legal(setup, state))

    # --- who sees what ----------------------------------------------------------------------
    def knowledge(self, setup: Setup, state: Table) -> Knowledge:
        """Every card and token, all in the open: a face-down pile is a known set of cards whose
        order nobody knows and the state does not hold (GE-36); the census follows from it."""
        return knowledge(setup, state)

    # --- scoring ----------------------------------------------------------------------------
    def score(self, setup: Setup, state: Table) -> ScoreSheet:
        """Penguins per player; the winner is the first to five (GE-24)."""
        return scoring.score(setup, state)

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        """A player holds 0 to 5 penguins."""
        return (0, scoring.PENGUINS_TO_WIN)

    def stats(self, setup: Setup, state: Table) -> Mapping[str, float]:
        """Game length and whether the first player won (first-player advantage)."""
        return scoring.stats(setup, state)

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        """The winner of a finished, unrecorded game from each player's penguins (GE-49)."""
        return score_position(game, text, source)

    # --- showing ----------------------------------------------------------------------------
    def describe(self, setup: Setup, state: Table) -> str:
        """The table as plain text."""
        return table_view.describe(setup, state)

    def view(self, setup: Setup, state: Table, player: str) -> str:
        """Every player sees the whole table: what is face down is hidden from all alike."""
        return self.describe(setup, state)

    def svg(self, setup: Setup, state: Table, face: Any) -> str:
        """The table as SVG."""
        return table_view.draw_table(
            setup, state, self.table(setup, state, ""), face, Catalog.of(setup.game)
        )

    def zones(self, setup: Setup, state: Table, viewer: str | None) -> dict[str, Any]:
        return table_view.zones(setup, state)


RULES = Gentoo()
