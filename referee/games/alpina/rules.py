"""Alpina's rules: build a shared 5×5 grid of cards and post hikers on the cards that will pay.

The rule IDs (AL-…) are those of rules-index.md, beside this module. At the table, hands stay
secret: the referee counts the cards in each hand and identifies a card when it is played, by its
printed ID. In digital mode (--seed) the referee deals and draws itself, and so knows every hand.

`AlpinaRules` is a `KitRules`: its state holds the kit's blocks (state.py), the `FLOW` lists the
steps of the setup and of a turn, and `MOVES` declares each kind of move once, step by step as
the rulebook orders them; the prompt, the text of a move, the syntax table, the dispatch, who
sees which card (so the engine's secrecy, census and `determinise`) follow from them. The steps
themselves are in the module of the rulebook's part that holds them: `setup`, `turn` (play a
card, place a hiker, draw a card), `scoring`, `position_file`, `moves` (the words of a move),
`table_view` (what is shown).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

from pnpkit.referee.api import (
    Flow,
    Game,
    KitRules,
    Move,
    MoveForm,
    Moves,
    MoveSyntaxError,
    Prompt,
    ScoreSheet,
    Setup,
    Step,
    Verdict,
    delegate,
    drawn,
    refuse,
    words,
)
from pnpkit.referee.games.alpina import moves, scoring, table_view, turn
from pnpkit.referee.games.alpina import setup as setting_up
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

FLOW = Flow(
    (
        # setup (AL-2 … AL-5): chance steps of the whole table
        Step(START, "chance", "draw a chamois starter card: start CARD", everyone=True),
        Step(DEAL, "chance", "deal 6 cards to each player: deal", everyone=True),
        Step(FIRST, "chance", "draw the first player at random: first PLAYER", everyone=True),
        # a turn (AL-8 … AL-16): play a card, place a hiker or pass, draw back up to six
        Step(PLAY, "move", "{player}: play a card: play CARD SPACE"),
        Step(HIKER, "move", "{player}: hiker SPACE, or pass"),
        # the referee draws from the pile in digital play; at the table the draw is forced, unseen
        Step(DRAW, "chance", f"{{player}}: draw back up to {HAND} cards", draws="draw pile"),
    ),
    over="the grid is complete: the game is over",
)
"""The steps of the setup and of a turn, in the rulebook's order (AL-17: the 25th card ends it)."""
MOVES = Moves(syntax_rule="AL-28", not_now_rule="AL-6", turn_rule="AL-7", over_rule="AL-17")
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


class AlpinaRules(KitRules):
    """The rules of Alpina, step by step as the rulebook orders them."""

    id = "alpina"
    contract = "2.0"
    index = "rules-index.md"
    version = "1"
    options: ClassVar[Mapping[str, str]] = {
        "colours": "hiker colours in seat order, e.g. colours=red,purple (default: box order)"
    }
    flow = FLOW
    moves = MOVES

    # --- setup ------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        super().check_setup(game, variant, players, options)
        setting_up.check_colours(game, players, options)

    colours = delegate(setting_up.colours)
    initial = delegate(setting_up.initial)

    def prompt(self, setup: Setup, state: Alpina) -> Prompt:
        """The flow's prompt, but for a player with no hikers left, who may only pass (AL-15):
        a step's line is the same at every turn."""
        if state.turn.step == HIKER and not turn.hikers_left(setup, state, state.turn.seat):
            player = setup.players[state.turn.seat]
            return Prompt("move", (player,), f"{player}: no hikers left: pass")
        return super().prompt(setup, state)

    # --- text -------------------------------------------------------------------------------
    def parse(self, setup: Setup, state: Alpina, text: str) -> Move:
        """The kit's parse, but an empty text or an unknown first word is refused as Alpina
        always has: naming the game, the prompt and `pnp referee rules`."""
        said = words(text)
        if not said:
            raise MoveSyntaxError("empty move; `pnp referee rules alpina` lists the moves")
        if not any(form.verb == said[0] for form in MOVES.forms):
            raise MoveSyntaxError(
                f"{text.strip()!r} is not an Alpina move; now: {self.prompt(setup, state).text} "
                "(`pnp referee rules alpina` lists every move)"
            )
        return MOVES.parse(setup, text)

    # --- checking and applying --------------------------------------------------------------
    def check(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        """The kit's dispatch with Alpina's own refusal texts: the game over (AL-17), a move of
        another step (AL-6), a player out of turn (AL-7, naming both), then a damaged move's
        shape (its form's rule), which the kit does not check, then the form's own check."""
        if state.turn.step == OVER:
            return refuse(MOVES.over_rule, "the game is over: the 25th card has been placed")
        verdict = MOVES.not_now(state, move, lambda: self.prompt(setup, state).text)
        if not verdict.ok:
            return verdict
        form = MOVES.of(move)
        player, seated = move.get("player"), setup.players[state.turn.seat]
        if player is not None and player != seated:
            return refuse(MOVES.turn_rule, f"it is {seated}'s turn, not {player}'s")
        problem = moves.malformed(form, move)
        if problem:
            return refuse(form.rule, f"a malformed {form.verb} move: {problem}")
        return MOVES.check_own(setup, state, move)

    # --- what may happen --------------------------------------------------------------------
    def forced(self, setup: Setup, state: Alpina) -> Move | None:
        """At the table the deal and the draws are entered without cards (AL-3, AL-16)."""
        if not setup.digital and state.turn.step in (DEAL, DRAW):
            return {"type": state.turn.step}
        return None

    def legal(self, setup: Setup, state: Alpina) -> list[Move]:
        """Every move of the step, listed as the rules make them rather than each form's values
        checked one by one (every card of the hand on every open space is a legal play): faster,
        and in the order simulated players have always met them (a pass before the hikers)."""
        step = state.turn.step
        if step == PLAY:
            return turn.legal_plays(setup, state)
        if step == HIKER:
            return turn.legal_hikers(setup, state)
        if step == START:
            return setting_up.legal_starts(setup, state)
        if step == FIRST:
            return setting_up.legal_firsts(setup)
        if step in (DEAL, DRAW):
            return [] if setup.digital else [{"type": step}]
        return []

    def chance(self, setup: Setup, state: Alpina, rng: random.Random) -> Move:
        """A draw from the pile as the flow says (`Step.draws`); the setup's draws its own."""
        if state.turn.step == DRAW:
            return super().chance(setup, state, rng)
        return setting_up.chance(setup, state, rng)

    def random_move(self, setup: Setup, state: Alpina, rng: random.Random) -> Move:
        if state.turn.step == PLAY:
            return turn.random_play(setup, state, rng)
        if state.turn.step == HIKER:
            return turn.random_hiker(setup, state, rng)
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
