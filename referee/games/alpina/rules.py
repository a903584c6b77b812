"""Alpina's rules: build a shared 5×5 grid of cards and post hikers on the cards that will pay.

The rule IDs (AL-…) are those of rules-index.md, beside this module. At the table, hands stay
secret: the referee counts the cards in each hand and identifies a card when it is played, by its
printed ID. In digital mode (--seed) the referee deals and draws itself, and so knows every hand.

`FLOW` lists the steps of the setup and of a turn and `MOVES` declares each move once (in the
words of `WORDS`), as the rulebook orders them; the kit (`KitRules`) makes the prompt, the syntax
table, the dispatch and who sees which card of them. The steps are in the modules of the
rulebook's parts (`setup`, `turn`, `scoring`); `table_view` holds what is shown.
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
    Setup,
    Step,
    Verdict,
    Word,
    delegate,
    drawn,
    find_player,
    refuse,
    space,
    words,
)
from pnpkit.referee.games.alpina import scoring, table_view, turn
from pnpkit.referee.games.alpina import setup as setting_up
from pnpkit.referee.games.alpina.state import (
    DEAL,
    DRAW,
    FIRST,
    HAND,
    HIKER,
    OVER,
    PLAY,
    START,
    Alpina,
    hikers_left,
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


def _seat(setup: Setup, name: str) -> int:
    player = find_player(name, setup.players)
    if player is None:
        raise MoveSyntaxError(f"{name!r} is not a player ({', '.join(setup.players)})")
    return setup.players.index(player)


def _space(setup: Setup, word: str) -> str:
    space(word)  # a letter and a number; a space outside the frame is refused by the rules (AL-10)
    return word


WORDS = {
    word.name: word
    for word in (
        Word("CARD", "a card's ID", lambda setup, word: word.upper()),
        Word("SPACE", "a space such as e4", _space, key="at", explains=True),
        Word(
            "PLAYER",
            "a player's name",
            _seat,
            key="seat",
            explains=True,
            rest=True,
            spell=lambda setup, seat: setup.players[seat],
        ),
        Word(
            "CARD,…",
            "card IDs joined by commas",
            lambda setup, word: word.upper().split(","),
            write=",".join,
            key="hands",
        ),
    )
}
"""The words of Alpina's moves: a card is any ID and a space any letter and number (the rules
refuse one that is no card or off the frame, AL-8, AL-10), `first` names a player by the name
of several words and logs the seat, `deal` gives each player a list of cards."""
_LOGGED = {"card": str, "seat": int, "at": str}
"""The type each placeholder's value is logged as."""


def malformed(form: MoveForm, move: Move) -> str:
    """What is wrong with the shape of a move's JSON (as a damaged log may hold), or ""."""
    needed = form.required
    for key in [*needed, "card"] if "card" in move and "card" not in needed else needed:
        if type(move.get(key)) is not _LOGGED[key]:  # `is`: a bool is no seat number
            return f"{key!r} should be a {_LOGGED[key].__name__}, not {move.get(key)!r}"
    hands = move.get("hands")
    if hands is not None and not (
        isinstance(hands, dict)
        and all(isinstance(c, list) and all(isinstance(i, str) for i in c) for c in hands.values())
    ):
        return "'hands' should map each player to a list of card IDs"
    return ""


MOVES = Moves(syntax_rule="AL-28", not_now_rule="AL-6", turn_rule="AL-7", over_rule="AL-17")
"""Every Alpina move, declared once: its form, meaning, rule, step, check and apply."""
_move = partial(MoveForm, words=WORDS)

# --- setup (AL-2 … AL-5): the referee draws the starting card, deals, draws the first player
MOVES.add(_move("start CARD", "the chamois card drawn to start the grid (placed at e5)", "AL-2",
                setting_up.apply_start, START, setting_up.check_start,
                setting_up.starts))  # fmt: skip
MOVES.add(_move("first PLAYER", "the player drawn to go first", "AL-5",
                setting_up.apply_first, FIRST, setting_up.check_first,
                setting_up.firsts))  # fmt: skip
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

    initial = delegate(setting_up.initial)

    def prompt(self, setup: Setup, state: Alpina) -> Prompt:
        """The flow's prompt, but for a player with no hikers left, who may only pass (AL-15):
        a step's line is the same at every turn."""
        if state.turn.step == HIKER and not hikers_left(setup, state, state.turn.seat):
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
        """The kit's dispatch with Alpina's own texts: the game over (AL-17), another step's move
        (AL-6), a player out of turn (AL-7), a damaged move's shape, then the form's own check."""
        if state.turn.step == OVER:
            return refuse(MOVES.over_rule, "the game is over: the 25th card has been placed")
        verdict = MOVES.not_now(state, move, lambda: self.prompt(setup, state).text)
        if not verdict.ok:
            return verdict
        form = MOVES.of(move)
        player, seated = move.get("player"), setup.players[state.turn.seat]
        if player is not None and player != seated:
            return refuse(MOVES.turn_rule, f"it is {seated}'s turn, not {player}'s")
        problem = malformed(form, move)
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
        """The kit's, but a play or a hiker listed as the rules make them (faster than checking
        each form's values), in the order simulated players have always met them (a pass first)."""
        if state.turn.step == PLAY:
            return turn.legal_plays(setup, state)
        if state.turn.step == HIKER:
            return turn.legal_hikers(setup, state)
        return super().legal(setup, state)

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
    score_position = delegate(scoring.score_position)
    stats = delegate(scoring.stats)

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
    seat_colours = delegate(setting_up.seat_colours)


RULES = AlpinaRules()
