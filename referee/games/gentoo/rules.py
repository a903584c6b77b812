"""Gentoo (Dave Dobson, 2010): a deck-builder of penguin procreation, refereed.

The class is the Rules contract's surface (docs/engine.md); it hands each question to the module
of the rulebook's part that answers it: setup.py (the setup), turn.py (the course of a turn),
piles.py (cards turned over, reshuffles), common_area.py (Phase I), personal_area.py and cards.py
(Phase II, the cards' effects, hatching), scoring.py (winning), table_view.py (what is shown),
moves.py (the move syntax), position_file.py, policy.py (the simulated player). Rule IDs (GE-n)
refer to rules-index.md. Piles whose order is hidden are pools (state.Pool); each card turned
face up is a chance move `flip CARD`, checked against the pile it comes from.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from pnpkit.referee.api import (
    Game,
    Knowledge,
    Move,
    Prompt,
    PromptKind,
    Rules,
    ScoreSheet,
    Setup,
    Verdict,
    refuse,
)
from pnpkit.referee.games.gentoo import (
    common_area,
    moves,
    personal_area,
    piles,
    policy,
    scoring,
    table_view,
    turn,
)
from pnpkit.referee.games.gentoo.knowledge import knowledge
from pnpkit.referee.games.gentoo.position_file import score_position
from pnpkit.referee.games.gentoo.setup import apply_first, check_first, check_names, initial
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

Check = Callable[[Setup, Table, Move], Verdict]
Apply = Callable[[Setup, Table, Move], Table]

CHECKS: Mapping[str, Check] = {
    "flip": piles.check_flip,
    "first": check_first,
    "choose": common_area.check_choose,
    "discard": common_area.check_discard,
    "play": personal_area.check_play,
    "hatch": personal_area.check_hatch,
    "used": personal_area.check_used,
    "pass": personal_area.check_pass,
    "allow": personal_area.check_allow,
}
"""Each type of move's check, once it comes from the right player at the right step."""
APPLIES: Mapping[str, Apply] = {
    "flip": piles.apply_flip,
    "first": apply_first,
    "choose": common_area.apply_choose,
    "discard": common_area.apply_discard,
    "play": personal_area.apply_play,
    "hatch": personal_area.apply_hatch,
    "used": personal_area.apply_used,
    "pass": personal_area.apply_pass,
    "allow": personal_area.apply_allow,
    "reshuffle": piles.apply_reshuffle,
}


class Gentoo(Rules):
    """The rules of Gentoo."""

    id = "gentoo"
    contract = "1.2"
    index = "rules-index.md"
    version = "1"
    perfect_information = True
    """GE-36: the state holds nothing any player cannot see or work out (see `knowledge`): a
    search uses the state itself, and the card turned over next is drawn afresh by `chance`."""
    variants: ClassVar[Mapping[str, str]] = {
        "standard": "the rules as printed, with the readings of its rules index"
    }
    syntax_rule = moves.SYNTAX_RULE
    syntax = moves.SYNTAX

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
        """The move typed (see moves.py)."""
        return moves.parse(text, Catalog.of(setup.game), setup.players)

    def text(self, setup: Setup, move: Move) -> str:
        """The move's one-line form."""
        return moves.text(move)

    # --- checking ---------------------------------------------------------------------------
    def check(self, setup: Setup, state: Table, move: Move) -> Verdict:
        """Whether the move may be made now; a refusal says why and cites the rule."""
        if state.step == OVER:
            winner = setup.players[state.winner or 0]
            return refuse("GE-24", f"the game is over: {winner} has five penguins")
        if not moves.well_formed(move, Catalog.of(setup.game), setup.players):
            return refuse("", f"not a Gentoo move as the referee writes one: {move!r}")
        verdict = turn.check_actor(setup, state, move)
        if not verdict.ok:
            return verdict
        if move["type"] == "reshuffle":
            return piles.check_reshuffle(setup, state, move)
        verdict = turn.check_step(setup, state, move)
        if not verdict.ok:
            return verdict
        return CHECKS[move["type"]](setup, state, move)

    # --- applying ---------------------------------------------------------------------------
    def apply(self, setup: Setup, state: Table, move: Move) -> Table:
        """The table after the move, the steps with nothing to do skipped."""
        return turn.settle(APPLIES[move["type"]](setup, state, move))

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
