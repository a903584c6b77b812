"""Alpina's rules: build a shared 5×5 grid of cards and post hikers on the cards that will pay.

The rule IDs (AL-…) are those of rules-index.md, beside this module. At the table, hands stay
secret: the referee counts the cards in each hand and identifies a card when it is played, by its
printed ID. In digital mode (--seed) the referee deals and draws itself, and so knows every hand.

`MOVES` declares each kind of move once, step by step as the rulebook orders them; parse, text,
the syntax table and the dispatch follow from it. `AlpinaRules` is the engine's view of the game;
it hands each step to the module of the rulebook's part that holds it: `setup`, `turn` (play a
card, place a hiker, draw a card), `scoring`, `position_file`, `moves` (the words of a move),
`table_view` (what is shown), `knowledge` (who sees which card: the engine's secrecy and the
simulated players' samples follow from it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

from pnpkit.referee.api import (
    Game,
    Move,
    MoveForm,
    Moves,
    MoveSyntaxError,
    Prompt,
    Rules,
    ScoreSheet,
    Setup,
    Verdict,
    delegate,
    drawn,
    refuse,
    spoken,
    words,
)
from pnpkit.referee.games.alpina import knowledge, moves, scoring, table_view, turn
from pnpkit.referee.games.alpina import setup as setting_up
from pnpkit.referee.games.alpina.knowledge import rebuild
from pnpkit.referee.games.alpina.position_file import read_position
from pnpkit.referee.games.alpina.state import (
    DEAL,
    DRAW,
    FIRST,
    HAND,
    HIKER,
    HIKERS,
    OVER,
    PLAY,
    START,
    Alpina,
)

MOVES = Moves(
    syntax_rule="AL-28",
    not_now_rule="AL-6",
    turn_rule="AL-7",
    over_rule="AL-17",
    where=lambda state: (state.phase, state.turn),
)
"""Every Alpina move, declared once: its form, meaning, rule, step, check and apply."""
_move = partial(MoveForm, words=moves.WORDS)

# --- setup (AL-2 … AL-5): the referee draws the starting card, deals, draws the first player
MOVES.add(_move("start CARD", "the chamois card drawn to start the grid (placed at e5)", "AL-2",
                setting_up.apply_start, START, setting_up.check_start))  # fmt: skip
MOVES.add(_move("first PLAYER", "the player drawn to go first", "AL-5",
                setting_up.apply_first, FIRST, setting_up.check_first))  # fmt: skip
# --- a turn (AL-8 … AL-17): 1. play a card, 2. place a hiker or pass, 3. draw back up to six
MOVES.add(_move("play CARD SPACE", "play a card from your hand, e.g. play AL-17 e4", "AL-8",
                turn.apply_play, PLAY, turn.check_play))  # fmt: skip
MOVES.add(_move("hiker SPACE", "place a hiker on the card just played or one beside it", "AL-13",
                turn.apply_hiker, HIKER, turn.check_hiker))  # fmt: skip
MOVES.add(_move("pass", "place no hiker this turn", "AL-13", turn.apply_pass, HIKER))
MOVES.add(_move("draw [CARD]", "draw back up to 6 (the referee does this itself)", "AL-16",
                turn.apply_draw, DRAW, turn.check_draw, hidden="draw (a secret card)"))  # fmt: skip
# the deal (AL-3) comes last in the syntax table: players never type it
MOVES.add(_move("deal [PLAYER=CARD,…]", "deal 6 cards each (the referee does this itself)", "AL-3",
                setting_up.apply_deal, DEAL, setting_up.check_deal,
                hidden=f"deal ({HAND} secret cards each)"))  # fmt: skip
_PHASE_KINDS = {
    START: "chance",
    DEAL: "chance",
    FIRST: "chance",
    PLAY: "move",
    HIKER: "move",
    DRAW: "chance",
    OVER: "over",
}


class AlpinaRules(Rules):
    """The rules of Alpina, step by step as the rulebook orders them."""

    id = "alpina"
    contract = "2.0"
    index = "rules-index.md"
    version = "1"
    options: ClassVar[Mapping[str, str]] = {
        "colours": "hiker colours in seat order, e.g. colours=red,purple (default: box order)"
    }
    syntax_rule = MOVES.syntax_rule
    syntax = MOVES.syntax()

    # --- setup ------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        super().check_setup(game, variant, players, options)
        setting_up.check_colours(game, players, options)

    colours = delegate(setting_up.colours)
    initial = delegate(setting_up.initial)

    def prompt_kind(self, setup: Setup, state: Alpina) -> str:
        return _PHASE_KINDS[state.phase]

    def prompt(self, setup: Setup, state: Alpina) -> Prompt:
        everyone = tuple(setup.players)
        player = setup.players[state.turn]
        phase = state.phase
        if phase == PLAY:
            return Prompt("move", (player,), f"{player}: play a card: play CARD SPACE")
        if phase == HIKER:
            if not state.hikers_left[state.turn]:
                return Prompt("move", (player,), f"{player}: no hikers left: pass")
            return Prompt("move", (player,), f"{player}: hiker SPACE, or pass")
        if phase == DRAW:
            return Prompt("chance", (player,), f"{player}: draw back up to {HAND} cards")
        if phase == START:
            return Prompt("chance", everyone, "draw a chamois starter card: start CARD")
        if phase == DEAL:
            return Prompt("chance", everyone, "deal 6 cards to each player: deal")
        if phase == FIRST:
            return Prompt("chance", everyone, "draw the first player at random: first PLAYER")
        return Prompt("over", (), "the grid is complete: the game is over")

    # --- text -------------------------------------------------------------------------------
    def parse(self, setup: Setup, state: Alpina, text: str) -> Move:
        said = words(text)
        if not said:
            raise MoveSyntaxError("empty move; `pnp referee rules alpina` lists the moves")
        if not any(form.verb == said[0] for form in MOVES.forms):
            raise MoveSyntaxError(
                f"{text.strip()!r} is not an Alpina move; now: {self.prompt(setup, state).text} "
                "(`pnp referee rules alpina` lists every move)"
            )
        return MOVES.parse(setup, text)

    text = spoken(MOVES)[1]

    # --- checking and applying --------------------------------------------------------------
    def check(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        """The game over (AL-17), a move of another step (AL-6), a player out of turn (AL-7), a
        damaged move's shape (its form's rule), then the form's own check."""
        if state.phase == OVER:
            return refuse(MOVES.over_rule, "the game is over: the 25th card has been placed")
        verdict = MOVES.not_now(state, move, lambda: self.prompt(setup, state).text)
        if not verdict.ok:
            return verdict
        form = MOVES.of(move)
        player, seated = move.get("player"), setup.players[state.turn]
        if player is not None and player != seated:
            return refuse(MOVES.turn_rule, f"it is {seated}'s turn, not {player}'s")
        problem = moves.malformed(form, move)
        if problem:
            return refuse(form.rule, f"a malformed {form.verb} move: {problem}")
        return MOVES.check_own(setup, state, move)

    apply = delegate(MOVES.apply)

    # --- what may happen --------------------------------------------------------------------
    def forced(self, setup: Setup, state: Alpina) -> Move | None:
        if not setup.digital and state.phase in (DEAL, DRAW):
            return {"type": state.phase}
        return None

    def legal(self, setup: Setup, state: Alpina) -> list[Move]:
        phase = state.phase
        if phase == PLAY:
            return turn.legal_plays(state)
        if phase == HIKER:
            return turn.legal_hikers(state)
        if phase == START:
            return setting_up.legal_starts(setup, state)
        if phase == FIRST:
            return setting_up.legal_firsts(setup)
        if phase in (DEAL, DRAW):
            return [] if setup.digital else [{"type": phase}]
        return []

    def chance(self, setup: Setup, state: Alpina, rng: random.Random) -> Move:
        if state.phase == DRAW:
            return turn.chance_draw(state, rng)
        return setting_up.chance(setup, state, rng)

    def random_move(self, setup: Setup, state: Alpina, rng: random.Random) -> Move:
        if state.phase == PLAY:
            return turn.random_play(state, rng)
        if state.phase == HIKER:
            return turn.random_hiker(state, rng)
        return rng.choice(self.legal(setup, state))

    # --- scoring ----------------------------------------------------------------------------
    score = delegate(scoring.score)
    score_bounds = delegate(scoring.score_bounds)
    stats = delegate(scoring.stats)

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        position = read_position(game, text, source, HIKERS)
        cards = scoring.cards_of(game)
        placed = {i: cards[c] for i, c in position.cards.items()}
        return scoring.score_grid(
            placed, position.hikers, position.order, space_label=position.label
        )

    # --- who sees what ----------------------------------------------------------------------
    knowledge = delegate(knowledge.knowledge, "AL-3: grid and hikers public, each hand its own.")
    rebuild = delegate(rebuild)

    def hidden_text(self, setup: Setup, move: Move) -> str:
        """A draw or a deal as those who do not get the cards read it (AL-3, AL-16)."""
        said = (f.hidden for f in MOVES.forms if f.verb == move.get("type") and f.hidden)
        return next(said, "(secret)")

    # --- reading the table from photos ----------------------------------------------------
    def position_from_pieces(self, game: Game, photos: Sequence[Any]) -> str:
        """The grid and its hikers read from photos of the table (photo.py)."""
        from pnpkit.referee.games.alpina.photo import position_from_pieces

        return position_from_pieces(game, photos)

    # --- showing ----------------------------------------------------------------------------
    describe = delegate(table_view.describe_table)
    view = delegate(table_view.describe_table, "AL-3: the other hands only as counts.")

    svg = drawn(table_view.table_svg)

    zones = delegate(table_view.zones)

    def seat_colours(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """The hikers' colours (AL-4)."""
        hexes = {c.fields["colour"]: c.fields["hex"] for c in setup.game.group("hikers").components}
        return tuple((c, hexes[c]) for c in self.colours(setup))


RULES = AlpinaRules()
