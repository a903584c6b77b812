"""Nut Hunt's rules: the fox roams a hex forest, squirrels scatter, nests join up objectives.

Rule IDs (NH-…) are those of rules-index.md. At the table the objective cards stay secret: the
referee counts each hand and learns the cards only when they are shown at the end (or turned over
for the Automa). In digital mode (--seed) the referee deals, so it knows them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from pnpkit.referee.api import (
    Game,
    KitRules,
    Knowledge,
    Move,
    MoveForm,
    Moves,
    MoveSyntaxError,
    PnpError,
    Prompt,
    PromptKind,
    ScoreSheet,
    Setup,
    Syntax,
    Verdict,
    counted,
    delegate,
    drawn,
    refuse,
    split_actor,
)
from pnpkit.referee.games.nut_hunt import (
    actions,
    automa,
    end,
    moves,
    objectives,
    scattering,
    scoring,
    seats,
    turn,
)
from pnpkit.referee.games.nut_hunt import setup as game_setup
from pnpkit.referee.games.nut_hunt import state as st
from pnpkit.referee.games.nut_hunt.data import data_of
from pnpkit.referee.games.nut_hunt.moves import malformed
from pnpkit.referee.games.nut_hunt.position_file import read_position
from pnpkit.referee.games.nut_hunt.state import Hunt, UnderDeck, evolve
from pnpkit.referee.games.nut_hunt.table_view import describe_table, table_svg
from pnpkit.referee.games.nut_hunt.zones import nut_hunt_zones

MOVES = Moves(syntax_rule="NH-41", not_now_rule="NH-10", turn_rule="NH-10", over_rule="NH-26")
"""Every move, declared once, in the rulebook's order: its form, meaning and rule, its check (each
says "not now" itself, as the rulebook does: the step a move needs, NH-10, or the scattering to
finish first, NH-18) and its apply. A move typed with a list, an optional word or a word the
table decides is read and written by moves.py."""


Apply = Callable[[Setup, Hunt, Move], Hunt]
Check = Callable[[Setup, Hunt, Move], Verdict]


SHAPES: dict[str, Mapping[str, str]] = {}
"""Each kind of move's fields (key → what it must be), by its type: a move logged without them,
or with others, is refused (a log damaged by hand)."""


def _declare(
    form: str,
    meaning: str,
    rule: str,
    apply: Apply,
    check: Check,
    fields: Mapping[str, str],
    **more: Any,
) -> None:
    """The move `form` (see `MoveForm`), with the fields a logged one holds."""
    declared = MOVES.add(
        MoveForm(form, meaning, rule, apply, check=check, words=moves.WORDS, **more)
    )
    SHAPES[declared.verb] = fields


# Setting up (NH-1 … NH-7): the forest laid out, the starting player, each player's objectives
# (turned over by the referee in digital mode), the starting squirrels with 2 nuts each.
_declare("layout TILE …", "the tiles as laid, row by row (3-4-5-4-3)", "NH-1",
         game_setup.apply_layout, game_setup.check_layout, fields={"tiles": "a list of tiles"},
         step=st.LAYOUT, options=game_setup.candidates,
         read=moves.read_layout, write=lambda m: "layout " + " ".join(m["tiles"]))  # fmt: skip
_declare("first PLAYER", "the starting player", "NH-4", game_setup.apply_first,
         game_setup.check_first, fields={"name": "a player"}, step=st.FIRST,
         options=game_setup.candidates)  # fmt: skip
_declare("draw CARD", "an objective card turned over (Automa; digital deal)", "NH-38",
         objectives.apply_draw, objectives.check_draw, fields={"card": "an objective card"},
         step=objectives.DRAWS, options=objectives.draws)  # fmt: skip
_declare("keep CARD … | keep none", "objectives kept from a digital deal or scout", "NH-3",
         objectives.apply_keep, objectives.check_keep, fields={"cards": "a list of cards"},
         step=objectives.KEEPS, options=objectives.keeps,
         read=moves.read_keep,
         write=lambda m: "keep " + (" ".join(m["cards"]) or "none"))  # fmt: skip
_declare("place TILE NUT NUT", "a starting squirrel and its 2 nuts: place WIL walnut walnut", "",
         game_setup.apply_place, game_setup.check_place,
         fields={"tile": "a tile", "nuts": "a list of nuts"}, read=moves.read_place,
         step=st.PLACE, options=game_setup.candidates,
         write=lambda m: f"place {m['tile']} " + " ".join(m["nuts"]))  # fmt: skip
# A turn's Fox Movement (NH-10 … NH-19): the fox's roll and move, the squirrels it scatters,
# the forage.
_declare("roll N", "the fox die showed N (also for each Automa squirrel)", "NH-11",
         turn.apply_roll, turn.check_roll, fields={"value": "a number"},
         step=(st.ROLL, st.AUTOMA_ROLL), options=turn.faces)  # fmt: skip
_declare("scatter TILE>TILE …", "where each squirrel goes: scatter WIL>RAB WIL>MOU", "NH-16",
         scattering.apply, scattering.check, fields={"from": "a tile", "to": "a list of tiles"},
         step=(st.SCATTER, st.AUTOMA_SCATTER), options=scattering.candidates,
         read=moves.read_scatter, write=moves.scatter_text)  # fmt: skip
_declare("forage NUT NUT", "the active player's nuts from the fox's tile", "NH-13",
         turn.apply_forage, turn.check_forage, fields={"nuts": "a list of nuts"},
         step=(st.FORAGE, st.HASSLE_FORAGE), options=turn.forages,
         read=moves.read_forage, write=lambda m: "forage " + " ".join(m["nuts"]))  # fmt: skip
# Its Optional Action (NH-21 … NH-23), and the free action: trading at any time (NH-24).
_declare("recruit TILE", "pay the tile's cost and place a squirrel there", "NH-21",
         actions.apply_recruit, actions.check_recruit, fields={"tile": "a tile"}, step=st.ACTION,
         options=actions.recruits)  # fmt: skip
_declare("hassle TILE", "pull the fox next door, then forage NUT (or pass)", "NH-22",
         actions.apply_hassle, actions.check_hassle, fields={"tile": "a tile"}, step=st.ACTION,
         options=actions.hassles)  # fmt: skip
_declare("scout keep | scout none", "scout at the table, keeping one card or none", "NH-23",
         actions.apply_scout, actions.check_scout, fields={}, read=moves.read_scout,
         step=st.ACTION, options=actions.scouts,
         write=moves.scout_text, rows=(
    Syntax("scout keep | scout none", "scout at the table, keeping one card or none", "NH-23"),
    Syntax("scout", "digital: scout, then keep CARD or keep none", "NH-23")))  # fmt: skip
_declare("pass", "end the turn without an optional action", "NH-10", actions.apply_pass,
         actions.check_pass, fields={}, step=(st.ACTION, st.HASSLE_FORAGE),
         options=actions.passes)  # fmt: skip
_declare("trade NUT for NUT", "three of one nut for one of another, any time", "NH-24",
         actions.apply_trade, actions.check_trade,
         fields={"give": "a nut", "get": "a nut", "player": "a player"}, read=moves.read_trade,
         write=lambda m: f"trade {m['give']} for {m['get']}", rows=(
    Syntax("NAME: trade NUT for NUT", "three of one nut for one of another, any time", "NH-24"),
))  # fmt: skip
# The end (NH-26, NH-28), and objectives shown before it (NH-3).
_declare("show CARD", "at the end, each player shows their objectives", "NH-28", end.apply_show,
         end.check_show, fields={"card": "an objective card"}, step=st.SHOW,
         options=end.candidates, rows=(
    Syntax("show CARD", "at the end, each player shows their objectives", "NH-28"),
    Syntax("NAME: show CARD", "before the end, if they wish: an objective they hold", "NH-3"),
))  # fmt: skip
# Solo play (NH-34 … NH-39): the Automa's squirrels, placed by the referee.
_declare("automa CARD … places TILE …", "the Automa's squirrels (made by the referee)", "",
         automa.apply, automa.check, step=st.AUTOMA,
         fields={"cards": "a list of cards", "places": "a list of tiles"}, read=moves.read_automa,
         write=lambda m: " ".join(["automa", *m["cards"], "places", *m["places"]]))  # fmt: skip

LEGAL_BY_CONSTRUCTION = frozenset(
    {"roll", "scatter", "forage", "recruit", "hassle", "scout", "pass", "place"}
)
"""Moves the modules list only where their check accepts them: the die's faces, scatters to the
allowed tiles, the nuts the fox's tile gives, a turn's optional actions (recruits the player can
pay for, hassles from their own tiles, scouting while the deck lasts) and the starting
squirrels' tiles."""
LISTED = {
    step.name: tuple(
        (f.options, None if f.verb in LEGAL_BY_CONSTRUCTION else f.check)
        for f in MOVES.forms
        if f.options and f.at(step.name)
    )
    for step in turn.FLOW.steps
}
"""At each step of turn.FLOW, the moves `legal` lists, form by form in declaration order: each
form's options and the check they go through (None: legal by construction). A trade, entered at
any step, is listed after them; an objective shown before the end is not listed."""
FORCED = frozenset({st.AUTOMA, st.AUTOMA_SCATTER})
"""The steps of the Automa's moves, which the referee makes (`forced`)."""
WHO = {
    "trade": "say who trades: NAME: trade NUT for NUT",
    "show": "say whose objective it is: NAME: show CARD",
}
"""What a move any player may make at any time says when nobody is prompted to make it."""


def _any_time(state: Hunt, move: Move) -> bool:
    """A move any player may make whenever they wish, naming themselves: a trade (NH-24), an
    objective shown before the end (NH-3)."""
    return move["type"] == "trade" or (move["type"] == "show" and state.phase != st.SHOW)


def _knowledge(state: Hunt) -> Knowledge:
    zones = state.table.knowledge().zones
    hands = len(state.hands)
    seats = zip(zones[st.HANDS : st.HANDS + hands], zones[st.HANDS + hands :], strict=True)
    return Knowledge((*zones[: st.HANDS], *(z for seat in seats for z in seat)))


class NutHuntRules(KitRules):
    """The rules of Nut Hunt: its moves declared once (`MOVES`), its cards kit blocks on the
    state's `table` (knowledge and rebuild from the kit), each part delegated to the module
    holding that part of the rulebook (setup, turn, scattering, actions, objectives, end, automa,
    scoring). Its steps are a kit `Flow` (turn.FLOW: each prompt's kind, line and actors) and
    each move form names the steps it is entered at (which `legal` lists); the seat and step of
    a turn are a kit `Turn`. What stays its own (overridden below): which step is under way
    (`turn.now`: the phase, the cards drawn and the stack of scatterings say it, as the state
    holds them), the lines that say the state's numbers, and the dispatch, because each move's
    check says "not now" in its own words, as the rulebook does (NH-10, NH-18)."""

    id = "nut-hunt"
    contract = "2.0"
    index = "rules-index.md"
    secret_categories = frozenset({"objectives", "distance bonus", "failed objectives"})
    version = "1"
    variants: ClassVar[Mapping[str, str]] = {
        "standard": "the rules as printed",
        "competitive": "a new nest removes one squirrel of each other player there (NH-33)",
    }
    options: ClassVar[Mapping[str, str]] = {
        "difficulty": "solo: standard, advanced or expert (the Automa's 2, 3 or 4 objectives)",
        "colours": "squirrel colours in seat order (solo: the player's, then the Automa's)",
    }
    unlisted = frozenset({"show"})
    flow = turn.FLOW
    moves = MOVES

    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        """As any game's, the Automa counted as a player in solo play (NH-34); then the options."""
        solo = len(players) == 1 and game.solo
        super().check_setup(game, variant, [*players, seats.AUTOMA] if solo else players, options)
        unknown = set(options) - set(self.options)
        if unknown:
            raise PnpError(f"unknown option {sorted(unknown)[0]!r}; options: difficulty, colours")
        if "difficulty" in options and not solo:
            raise PnpError("difficulty is for solo play against the Automa (one player)")
        if "difficulty" in options and seats.level(options) not in seats.DIFFICULTY:
            level = options["difficulty"]
            raise PnpError(f"difficulty {level!r}: choose {', '.join(seats.DIFFICULTY)} (NH-34)")
        if "colours" in options:
            data = data_of(game)
            chosen = seats.chosen(options)
            everyone = len(players) + solo
            if len(chosen) not in (len(players), everyone) or len(set(chosen)) != len(chosen):
                raise PnpError("colours: give one distinct colour per seat, in seat order")
            if not set(chosen) <= set(data.colours):
                raise PnpError(f"colours: choose from {', '.join(data.colours)}")

    initial = delegate(game_setup.initial)

    # --- what now -----------------------------------------------------------------------------
    def prompt(self, setup: Setup, state: Hunt) -> Prompt:
        """turn.FLOW's step under way (`turn.now`), worked out once a state."""
        return state.remembered("prompt", setup, lambda: turn.prompt(setup, state))

    def prompt_kind(self, setup: Setup, state: Hunt) -> PromptKind:
        """The kind of turn.FLOW's step under way: a player's turn's own step first (most of a
        game), without asking `turn.now`."""
        if state.phase == st.TURN and not state.stack:
            return turn.KINDS[state.turn.step]
        return turn.KINDS[turn.now(setup, state)[0]]

    # --- moves as text ------------------------------------------------------------------------
    def parse(self, setup: Setup, state: Hunt, text: str) -> Move:
        """The move typed; a trade, or an objective shown before the end, is by the player named
        (`NAME:`), else by the player prompted."""
        player, rest = split_actor(text, setup.players)
        move = MOVES.parse(setup, rest, state)
        if _any_time(state, move):
            actors = self.prompt(setup, state).actors
            player = player or (actors[0] if actors else None)
            if player is None:
                raise MoveSyntaxError(WHO[move["type"]])
        if player is not None:
            move["player"] = player
        return move

    def text(self, setup: Setup, move: Move) -> str:
        """The move's form, after `NAME:` for a move that names its player."""
        said = MOVES.text(move)
        return f"{move['player']}: {said}" if "player" in move else said

    # --- checking and applying ----------------------------------------------------------------
    def check(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        """A logged move's shape, the game's end and the player named, then the move's own
        check (each says "not now" itself, as the rulebook does)."""
        problem = malformed(setup, move, SHAPES)
        if problem:
            return refuse("NH-10", f"not a Nut Hunt move: {problem}")
        if state.phase == st.OVER:
            return refuse("NH-26", "the game is over; no more moves")
        if "player" in move and not _any_time(state, move):
            actors = self.prompt(setup, state).actors
            if move["player"] not in actors:
                waiting = " or ".join(actors) or "the referee"
                return refuse("NH-10", f"it is not {move['player']}'s move: waiting for {waiting}")
        return MOVES.check_own(setup, state, move)

    def apply(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        """The move, then what follows of itself (the next turn, the Automa's, the end)."""
        return turn.settle(setup, MOVES.apply(setup, state, move))

    def forced(self, setup: Setup, state: Hunt) -> Move | None:
        """The Automa's move once it is due (NH-37, NH-38): while squirrels scatter, or in its
        phases."""
        if state.stack or state.phase in automa.PHASES:
            return automa.forced(setup, state)
        return None

    # --- listing ------------------------------------------------------------------------------
    def legal(self, setup: Setup, state: Hunt) -> list[Move]:
        """The moves of the forms entered at the step now, the checks run only where not legal
        by construction, and the trades."""
        plain, trades = self._listed(setup, state)
        return plain + actions.trades(setup, state) if trades else plain

    def _listed(self, setup: Setup, state: Hunt) -> tuple[list[Move], int]:
        """Every legal move but the trades, and how many trades there are besides: the Automa's
        move alone when it is due, nothing once the game is over."""
        step = turn.now(setup, state)[0]
        if step == st.OVER:
            return [], 0
        if step in FORCED:
            return [automa.forced(setup, state)], 0  # type: ignore[list-item]
        plain: list[Move] = []
        for options, check in LISTED[step]:
            offered = options(setup, state)
            plain += offered if check is None else [m for m in offered if check(setup, state, m).ok]
        return plain, actions.trade_count(setup, state)

    # --- digital mode and simulation ----------------------------------------------------------
    def chance(self, setup: Setup, state: Hunt, rng: random.Random) -> Move:
        """The forest laid out, an objective card turned over (the top one when known), else
        the die."""
        step = turn.now(setup, state)[0]
        if step == st.LAYOUT:
            tiles = [t for t in data_of(setup.game).tiles if t not in state.layout]
            rng.shuffle(tiles)
            return {"type": "layout", "tiles": tiles}
        if step in objectives.DRAWS:
            top = objectives.top_card(state)
            return {"type": "draw", "card": top or rng.choice(state.deck.unseen)}
        return {"type": "roll", "value": rng.randint(1, 6)}

    # --- who sees and who decides ---------------------------------------------------------------
    def knowledge(self, setup: Setup, state: Hunt) -> Knowledge:
        """The kit's zones, each player's cards under the deck listed after their hand (the
        order the pages show them in), worked out once a state."""
        return state.remembered("knowledge", setup, lambda: _knowledge(state))

    def actor(self, setup: Setup, state: Hunt, move: Move) -> str | None:
        """Nobody for the Automa's moves (NH-38), whoever's move the prompt shows; else as the
        kit: the player named by a trade (NH-24) or an early show (NH-3), or the one prompted."""
        if move.get("type") == "automa" or move.get("automa"):
            return None
        return super().actor(setup, state, move)

    def hidden_text(self, setup: Setup, move: Move) -> str:
        """A card drawn face down, or how many of the cards drawn were kept; every other move
        names nothing secret."""
        if move["type"] == "draw":
            return "an objective card is drawn face down"
        if move["type"] == "keep":
            return f"keep {counted(len(move['cards']), 'objective card')} (face down)"
        return self.text(setup, move)

    def determinise(self, setup: Setup, state: Hunt, seat: str, rng: random.Random) -> Hunt:
        """The objective cards `seat` cannot see (the deck, the others' hands, the cards they
        put under the deck, the cards drawn for them) gathered in sorted order, shuffled with
        `rng` and dealt back into the same places. The same cards as the kit's (a test checks
        it), written out because a search samples it at every iteration: 0.08 ms a sample
        against 0.45 ms (3 players, mid-game)."""
        at, table = setup.players.index(seat), state.table
        hands, under, drawn = state.hands, state.under, table["drawn"]
        theirs = [n for n, (card, put) in enumerate(under.cards) if card and put != at]
        hide_drawn = not drawn.zone("drawn").visible_to(seat)
        unseen = [*state.deck.unseen, *(c for n, h in enumerate(hands) if n != at for c in h.known)]
        unseen += [under.cards[n][0] for n in theirs]
        unseen += drawn.known if hide_drawn else ()
        unseen.sort()
        rng.shuffle(unseen)
        deal = iter(unseen)
        blocks = {
            state.hand_name(n): hand.holding(tuple(next(deal) for _ in hand.known))
            for n, hand in enumerate(hands)
            if n != at
        }
        cards = list(under.cards)
        for n in theirs:
            cards[n] = (next(deal), cards[n][1])
        blocks["under the deck"] = UnderDeck(under.players, tuple(cards))
        if hide_drawn:
            blocks["drawn"] = drawn.holding(tuple(next(deal) for _ in drawn.known))
        blocks["objective deck"] = state.deck.holding(tuple(deal))
        return evolve(state, table=table.put_all(blocks))

    def random_move(self, setup: Setup, state: Hunt, rng: random.Random) -> Move:
        """A legal move at random, a trade only one time in five when there is another move:
        drawn as `rng.choice` from `legal`, the trades listed only when one is drawn."""
        plain, trades = self._listed(setup, state)
        if plain and (not trades or rng.random() < 0.8):
            return rng.choice(plain)
        pick = rng.choice(range(len(plain) + trades))
        return plain[pick] if pick < len(plain) else actions.trades(setup, state)[pick - len(plain)]

    # --- scoring ------------------------------------------------------------------------------
    def score(self, setup: Setup, state: Hunt) -> ScoreSheet:
        return state.remembered("score", setup, lambda: scoring.score_table(setup, state))

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        data = data_of(setup.game)
        best = sum(c.fields["points"] + 3 for c in data.objectives.values())
        nests = data.nests_per_colour * len(data.colours)
        return (-2 * len(data.objectives), 2 * nests + best)

    def stats(self, setup: Setup, state: Hunt) -> Mapping[str, float]:
        return scoring.figures(setup, state, self.score(setup, state).winners)

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        layout, holdings = read_position(data_of(game), text, source, game.players_max)
        return scoring.score_holdings(layout, holdings)

    def position_from_pieces(self, game: Game, photos: Sequence[Any]) -> str:
        """The forest, its squirrels and nests, and the objectives read from photos (photo.py)."""
        from pnpkit.referee.games.nut_hunt.photo import position_from_pieces

        return position_from_pieces(game, photos)

    # --- showing ------------------------------------------------------------------------------
    describe = delegate(describe_table)

    def also(self, setup: Setup, state: Hunt) -> tuple[str, ...]:
        """NH-3: at the table, objectives the referee has not seen may be shown before the end."""
        if state.phase in (st.SHOW, st.OVER) or not any(hand.unknown for hand in state.hands):
            return ()
        return ("NAME: show CARD, an objective shown before the end",)

    view = delegate(describe_table, "NH-3: the others' objectives only as counts.")

    svg = drawn(table_svg)

    zones = delegate(nut_hunt_zones)

    def seat_colours(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """The squirrels' colours, the players' seats only (the Automa is a seat of the zones)."""
        rgb = {
            t.fields["colour"]: t.fields["rgb"] for t in setup.game.group("squirrels").components
        }
        return tuple((c, rgb[c]) for c in seats.colours(setup)[: len(setup.players)])


RULES = NutHuntRules()
