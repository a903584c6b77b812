"""Nut Hunt's rules: the fox roams a hex forest, squirrels scatter, nests join up objectives.

Rule IDs (NH-…) are those of rules-index/nut-hunt.md. At the table the objective cards stay
secret: the referee counts each hand and learns the cards only when they are shown at the end
(or turned over for the Automa). In digital mode (--seed) the referee deals, so it knows them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from operator import ge
from typing import Any, ClassVar

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.games import nut_hunt_board as board
from pnpkit.referee.games import nut_hunt_state as st
from pnpkit.referee.games.nut_hunt_data import NutData, data_of
from pnpkit.referee.games.nut_hunt_determinise import determinise
from pnpkit.referee.games.nut_hunt_moves import malformed, move_text, parse_move
from pnpkit.referee.games.nut_hunt_position import read_position
from pnpkit.referee.games.nut_hunt_scoring import Holding, completed, score_holdings
from pnpkit.referee.games.nut_hunt_show import describe_table, table_svg
from pnpkit.referee.games.nut_hunt_state import NOBODY, Frame, Hunt, evolve
from pnpkit.referee.games.nut_hunt_zones import nut_hunt_zones
from pnpkit.referee.moves import Move
from pnpkit.referee.rules import Prompt, Rules, ScoreSheet, Setup, Syntax
from pnpkit.referee.verdict import ACCEPTED, Verdict, refuse
from pnpkit.wording import counted

DEALT, KEPT, SCOUTED = 3, 2, 2
LEGAL_BY_CONSTRUCTION = frozenset(
    {"roll", "scatter", "forage", "recruit", "hassle", "scout", "pass", "place"}
)
"""Moves `_candidates` lists only where their check accepts them: the die's faces, scatters
to the allowed tiles, the nuts the fox's tile gives, and a turn's optional actions (recruits
the player can pay for, hassles from their own tiles, scouting while the deck lasts) and the
starting squirrels' tiles."""
PHASE_PROMPTS = {
    st.PLACE: "place a starting squirrel and forage 2 nuts (place TILE NUT NUT)",
    st.SHOW: "show an objective card you hold (show CARD)",
}
STEP_PROMPTS = {
    st.ROLL: ("chance", "roll the fox die (roll N)"),
    st.FORAGE: ("move", "forage 2 nuts from the fox's tile (forage NUT NUT)"),
    st.ACTION: ("move", "recruit TILE, hassle TILE, scout, or pass"),
    st.HASSLE_FORAGE: ("move", "forage 1 nut from the fox's tile, or pass"),
    st.SCOUT_KEEP: ("move", "keep one scouted card (keep CARD) or keep none"),
}
"""What the player named is asked to do in each phase, or each step of a turn."""
DIFFICULTY = {"standard": 2, "advanced": 3, "expert": 4}
AUTOMA = "Automa"


class NutHuntRules(Rules):
    """The rules of Nut Hunt, in the rulebook's order: setup, fox movement, optional action."""

    id = "nut-hunt"
    contract = "1.1"
    index = "rules-index/nut-hunt.md"
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
    syntax_rule = "NH-41"
    syntax = (
        Syntax("layout TILE …", "the tiles as laid, row by row (3-4-5-4-3)", "NH-1"),
        Syntax("first PLAYER", "the starting player", "NH-4"),
        Syntax("draw CARD", "an objective card turned over (Automa; digital deal)", "NH-38"),
        Syntax("keep CARD … | keep none", "objectives kept from a digital deal or scout", "NH-3"),
        Syntax("place TILE NUT NUT", "a starting squirrel and its 2 nuts: place WIL walnut walnut"),
        Syntax("roll N", "the fox die showed N (also for each Automa squirrel)", "NH-11"),
        Syntax("scatter TILE>TILE …", "where each squirrel goes: scatter WIL>RAB WIL>MOU", "NH-16"),
        Syntax("forage NUT NUT", "the active player's nuts from the fox's tile", "NH-13"),
        Syntax("recruit TILE", "pay the tile's cost and place a squirrel there", "NH-21"),
        Syntax("hassle TILE", "pull the fox next door, then forage NUT (or pass)", "NH-22"),
        Syntax("scout keep | scout none", "scout at the table, keeping one card or none", "NH-23"),
        Syntax("scout", "digital: scout, then keep CARD or keep none", "NH-23"),
        Syntax("pass", "end the turn without an optional action", "NH-10"),
        Syntax("NAME: trade NUT for NUT", "three of one nut for one of another, any time", "NH-24"),
        Syntax("show CARD", "at the end, each player shows their objectives", "NH-28"),
        Syntax("NAME: show CARD", "before the end, if they wish: an objective they hold", "NH-3"),
        Syntax("automa CARD … places TILE …", "the Automa's squirrels (made by the referee)"),
    )

    # --- setup --------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        solo = len(players) == 1 and game.solo
        if not solo:
            super().check_setup(game, variant, players, options)
        elif variant not in self.variants:
            raise PnpError(
                f"unknown variant {variant!r}; {game.name} has: {', '.join(self.variants)}"
            )
        unknown = set(options) - set(self.options)
        if unknown:
            raise PnpError(f"unknown option {sorted(unknown)[0]!r}; options: difficulty, colours")
        if "difficulty" in options and not solo:
            raise PnpError("difficulty is for solo play against the Automa (one player)")
        if "difficulty" in options and _level(options) not in DIFFICULTY:
            level = options["difficulty"]
            raise PnpError(f"difficulty {level!r}: choose {', '.join(DIFFICULTY)} (NH-34)")
        if "colours" in options:
            data = data_of(game)
            chosen = _chosen(options)
            seats = len(players) + solo
            if len(chosen) not in (len(players), seats) or len(set(chosen)) != len(chosen):
                raise PnpError("colours: give one distinct colour per seat, in seat order")
            if not set(chosen) <= set(data.colours):
                raise PnpError(f"colours: choose from {', '.join(data.colours)}")

    def initial(self, setup: Setup) -> Hunt:
        data = data_of(setup.game)
        n, seats = len(setup.players), _seats(setup)
        table = not setup.digital
        return Hunt(
            phase=st.LAYOUT,
            layout=(),
            squirrels=((0,) * seats,) * board.SPACES,
            nests=((0,) * seats,) * board.SPACES,
            squirrel_supply=(data.squirrels_per_colour,) * seats,
            nest_supply=(data.nests_per_colour,) * seats,
            nuts=((0,) * len(data.nut_types),) * n,
            nut_supply=data.nut_counts,
            pool=frozenset(data.objectives),
            fresh=len(data.objectives) - (DEALT * n if table else 0),
            bottom=(None,) * n if table else (),
            bottom_from=(NOBODY,) * n if table else (),
            hand_known=((),) * n,
            hand_hidden=(KEPT if table else 0,) * n,
        )

    # --- what now -----------------------------------------------------------------------------
    def prompt(self, setup: Setup, state: Hunt) -> Prompt:
        known = state.memo.get("prompt")
        if known is not None and known[0] is setup:
            return known[1]
        prompt = self._prompt(setup, state)
        state.memo["prompt"] = (setup, prompt)
        return prompt

    def _prompt(self, setup: Setup, state: Hunt) -> Prompt:
        table = tuple(setup.players)
        if state.phase == st.OVER:
            return Prompt("over", (), "the game is over: see the score")
        if state.stack:
            return self._scatter_prompt(setup, state)
        if state.phase == st.LAYOUT:
            left = board.SPACES - len(state.layout)
            return Prompt(
                "chance", table, f"lay out the forest row by row: layout TILE … ({left} to go)"
            )
        if state.phase == st.FIRST:
            return Prompt("move", table, "all: choose the starting player (first NAME)")
        if self.forced(setup, state) is not None:
            return Prompt("move", (), "the referee places the Automa's squirrels")
        if state.phase in (st.DEAL, st.AUTOMA_DEAL) or state.step in (st.SCOUT, st.REVEAL):
            return self._draw_prompt(setup, state)
        name = _name(setup, state.order[0] if state.phase in (st.PLACE, st.SHOW) else state.active)
        if state.phase in PHASE_PROMPTS:
            return Prompt("move", (name,), f"{name}: {PHASE_PROMPTS[state.phase]}")
        kind, text = STEP_PROMPTS[state.step]
        return Prompt(kind, (name,), f"{name}: {text}")  # type: ignore[arg-type]

    def _scatter_prompt(self, setup: Setup, state: Hunt) -> Prompt:
        frame = state.stack[-1]
        seat = frame.waiting[0]
        n = state.count(frame.space, seat)
        if seat == _automa(setup):
            return self._automa_roll_prompt(setup, state, frame, n)
        tile = _tile_name(setup, state, frame.space)
        name = _name(setup, seat)
        why = "the fox" if frame.vacated is not None else "a new nest"
        return Prompt(
            "move", (name,), f"{name}: scatter {counted(n, 'squirrel')} from {tile} ({why})"
        )

    def _automa_roll_prompt(self, setup: Setup, state: Hunt, frame: Frame, n: int) -> Prompt:
        """NH-37: a roll for each Automa squirrel; says where the last roll sent one, or that
        it pointed somewhere no squirrel may go."""
        if len(frame.rolled) == n:
            return Prompt("move", (), "the referee moves the Automa's squirrels")
        player, k = setup.players[0], len(frame.rolled) + 1
        roll, before = "roll the fox die", ""
        if frame.rerolled is not None:
            there = _tile_name(setup, state, frame.rerolled)
            roll, before = "roll again", f"the die points at {there}, where it may not go; "
        elif frame.rolled:
            there = _tile_name(setup, state, frame.rolled[-1])
            before = f"Automa squirrel {k - 1} will go to {there}; "
        tile = _tile_name(setup, state, frame.space)
        text = f"{before}{player}: {roll} for Automa squirrel {k} of {n} leaving {tile} (roll N)"
        return Prompt("chance", (player,), text)

    def _draw_prompt(self, setup: Setup, state: Hunt) -> Prompt:
        player = setup.players[
            state.order[0] if state.phase == st.DEAL else state.active % len(setup.players)
        ]
        if state.phase == st.DEAL and len(state.drawn) == DEALT:
            return Prompt("move", (player,), f"{player}: keep 2 of {', '.join(state.drawn)}")
        whose = {
            st.DEAL: f"deal {player}'s objectives",
            st.AUTOMA_DEAL: "deal the Automa's starting objectives",
        }.get(state.phase, "turn over the top objective card")
        return Prompt("chance", (player,), f"{whose}: draw CARD")

    # --- moves as text ------------------------------------------------------------------------
    def parse(self, setup: Setup, state: Hunt, text: str) -> Move:
        actors = self.prompt(setup, state).actors
        return parse_move(setup, state, text, actors[0] if actors else None)

    def text(self, setup: Setup, move: Move) -> str:
        return move_text(move)

    # --- checking -----------------------------------------------------------------------------
    def check(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        problem = malformed(setup, move)
        if problem:
            return refuse("NH-10", f"not a Nut Hunt move: {problem}")
        prompt = self.prompt(setup, state)
        if prompt.kind == "over":
            return refuse("NH-26", "the game is over; no more moves")
        kind = move["type"]
        if kind == "trade":
            return self._check_trade(setup, state, move, prompt)
        if kind == "show" and state.phase != st.SHOW:
            return self._check_early_show(setup, state, move)
        if "player" in move and move["player"] not in prompt.actors:
            waiting = " or ".join(prompt.actors) or "the referee"
            return refuse("NH-10", f"it is not {move['player']}'s move: waiting for {waiting}")
        return getattr(self, f"_check_{kind}")(setup, state, move)

    def _expect(self, state: Hunt, phase: str, steps: tuple[str, ...], what: str) -> Verdict:
        """Refuse a move made at the wrong moment."""
        if state.stack:
            return refuse("NH-18", "first finish scattering the squirrels")
        if state.phase != phase or (steps and state.step not in steps):
            return refuse("NH-10", f"{what} is not possible now")
        return ACCEPTED

    def _check_layout(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        if state.phase != st.LAYOUT:
            return refuse("NH-1", "the forest is already laid out")
        data = data_of(setup.game)
        tiles = move["tiles"]
        for tile in tiles:
            if tile not in data.tiles:
                return refuse("NH-1", f"{tile} is not a location tile")
        repeated = set(tiles) & set(state.layout) or {t for t in tiles if tiles.count(t) > 1}
        if repeated:
            return refuse("NH-1", f"each tile is laid once: {sorted(repeated)[0]} again")
        if len(state.layout) + len(tiles) > board.SPACES:
            return refuse("NH-1", f"the forest has {board.SPACES} tiles")
        return ACCEPTED

    def _check_first(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        if state.phase != st.FIRST:
            return refuse("NH-4", "the starting player is chosen once, before the squirrels")
        return ACCEPTED if move["name"] in setup.players else refuse("NH-4", "name a player")

    def _check_draw(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        if self._draw_prompt_due(setup, state) is False:
            return refuse("NH-3", "no objective card is to be turned over now")
        card = move["card"]
        top = _top_card(state)
        if state.deck_size == 0:
            return refuse("NH-23", "the objective deck is empty")
        if top is not None:
            if card == top:
                return ACCEPTED
            return refuse("NH-23", f"the top card is {top}, which went to the bottom earlier")
        if card not in state.pool:
            return refuse("NH-38", f"{card} cannot be in the deck: {_where(state, card)}")
        return ACCEPTED

    def _draw_prompt_due(self, setup: Setup, state: Hunt) -> bool:
        if state.stack or self.forced(setup, state) is not None:
            return False
        if state.phase == st.DEAL:
            return len(state.drawn) < DEALT
        if state.phase == st.AUTOMA_DEAL:
            return True
        return state.step in (st.SCOUT, st.REVEAL)

    def _check_keep(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        cards = move["cards"]
        if state.stack or not (
            (state.phase == st.DEAL and len(state.drawn) == DEALT) or state.step == st.SCOUT_KEEP
        ):
            return refuse("NH-3", "there are no cards to choose from now")
        wanted = KEPT if state.phase == st.DEAL else None
        if wanted is not None and len(cards) != wanted:
            return refuse("NH-3", f"keep exactly {wanted} of the 3 cards dealt")
        if wanted is None and len(cards) > 1:
            return refuse("NH-23", "a scout keeps at most one card")
        stray = [c for c in cards if c not in state.drawn]
        if stray or len(set(cards)) != len(cards):
            return refuse("NH-3", f"choose among {', '.join(state.drawn)}")
        return ACCEPTED

    def _check_place(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        verdict = self._expect(state, st.PLACE, (), "placing a starting squirrel")
        if not verdict.ok:
            return verdict
        space = _space(state, move["tile"])
        data = data_of(setup.game)
        if space is None or not data.tiles[move["tile"]].fields.get("start"):
            return refuse("NH-5", f"{move['tile']} is not a green-bordered starting tile")
        if space == state.fox:
            return refuse("NH-5", "the fox occupies that tile")
        occupied = any(state.squirrels[space])
        if occupied and not (len(state.order) == 1 and _special_five(setup, state)):
            return refuse("NH-5", "starting squirrels go on unoccupied starting tiles")
        return _check_nuts(data, move["tile"], move["nuts"], 2, "NH-6")

    def _check_roll(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        if not 1 <= move["value"] <= 6:
            return refuse("NH-11", "the fox die shows 1 to 6")
        if state.stack:
            frame = state.stack[-1]
            if frame.waiting[0] != _automa(setup):
                return refuse("NH-16", "the die is only rolled for Automa squirrels")
            if len(frame.rolled) == state.count(frame.space, frame.waiting[0]):
                return refuse("NH-37", "every Automa squirrel here already has its direction")
            return ACCEPTED
        return self._expect(state, st.TURN, (st.ROLL,), "rolling the fox die")

    def _check_scatter(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        if not state.stack:
            return refuse("NH-14", "no squirrels are scattering now")
        frame = state.stack[-1]
        seat = frame.waiting[0]
        automa = seat == _automa(setup)
        if bool(move.get("automa")) != automa:
            return refuse("NH-16", f"it is {_name(setup, seat)}'s squirrels that scatter now")
        here = _tile_id(state, frame.space)
        if move["from"] != here:
            return refuse("NH-14", f"the squirrels scatter from {here}, not {move['from']}")
        targets = [_space(state, t) for t in move["to"]]
        if automa:
            if targets != sorted(frame.rolled):
                return refuse("NH-37", "the Automa's squirrels go where the die sent them")
            return ACCEPTED
        n = state.count(frame.space, seat)
        if len(targets) != n:
            return refuse(
                "NH-16", f"give one destination per squirrel: {counted(n, 'squirrel')} to scatter"
            )
        return _check_targets(setup, state, frame, move["to"], targets)

    def _check_forage(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        verdict = self._expect(state, st.TURN, (st.FORAGE, st.HASSLE_FORAGE), "foraging")
        if not verdict.ok:
            return verdict
        hassle = state.step == st.HASSLE_FORAGE
        tile = _tile_id(state, state.fox)
        rule = "NH-22" if hassle else "NH-13"
        return _check_nuts(data_of(setup.game), tile, move["nuts"], 1 if hassle else 2, rule)

    def _check_recruit(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        verdict = self._expect(state, st.TURN, (st.ACTION,), "recruiting")
        if not verdict.ok:
            return verdict
        data = data_of(setup.game)
        tile = data.tiles[move["tile"]]
        special = tile.fields.get("special")
        if special:
            rule = "NH-8" if special == "frog-pond" else "NH-9"
            return refuse(rule, f"no squirrel may be recruited onto {tile.name}")
        if _space(state, tile.id) == state.fox:
            return refuse("NH-21", "no squirrel may be recruited onto the fox's tile")
        seat = state.active
        short = data.shortfall(state.nuts[seat], tile.fields["cost"])
        if short:
            return refuse("NH-21", f"{tile.name} costs {data.cost_text(tile)}; you lack {short}")
        return ACCEPTED

    def _check_hassle(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        verdict = self._expect(state, st.TURN, (st.ACTION,), "hassling the fox")
        if not verdict.ok:
            return verdict
        space = _space(state, move["tile"])
        if space not in board.neighbours(state.fox or 0):
            return refuse("NH-22", "the fox can only be pulled onto a tile next to it")
        if not (state.count(space, state.active) or state.nests[space][state.active]):
            return refuse("NH-22", "you need a squirrel or nest on that tile to hassle the fox")
        return ACCEPTED

    def _check_scout(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        verdict = self._expect(state, st.TURN, (st.ACTION,), "scouting")
        if not verdict.ok:
            return verdict
        if state.deck_size == 0:
            return refuse("NH-23", "the objective deck is empty")
        if setup.digital == ("keep" in move):
            how = "scout (then keep CARD)" if setup.digital else "scout keep or scout none"
            return refuse("NH-23", f"enter it as {how}")
        return ACCEPTED

    def _check_pass(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        return self._expect(state, st.TURN, (st.ACTION, st.HASSLE_FORAGE), "passing")

    def _check_trade(self, setup: Setup, state: Hunt, move: Move, prompt: Prompt) -> Verdict:
        if prompt.kind not in ("move", "chance") or state.phase in (st.LAYOUT, st.FIRST, st.SHOW):
            return refuse("NH-24", "no trading before the forest is laid out or after the game")
        if move["give"] == move["get"]:
            return refuse("NH-24", "trade three of one nut for one of another kind")
        data = data_of(setup.game)
        seat = setup.players.index(move["player"])
        if state.nuts[seat][data.nut_types.index(move["give"])] < 3:
            return refuse("NH-24", f"{move['player']} has fewer than 3 {move['give']}")
        return ACCEPTED

    def _check_show(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        if state.phase != st.SHOW:
            return refuse("NH-28", "objectives are shown at the end of the game")
        card = move["card"]
        if card not in state.pool:
            return refuse("NH-28", f"{card} cannot be in your hand: {_where(state, card)}")
        return ACCEPTED

    def _check_early_show(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        """NH-3: a player may show the referee an objective they hold before the end."""
        player, card = move["player"], move["card"]
        if not state.hand_hidden[setup.players.index(player)]:
            return refuse("NH-3", f"the referee already knows every objective {player} holds")
        if card not in state.pool:
            return refuse("NH-3", f"{card} cannot be in {player}'s hand: {_where(state, card)}")
        return ACCEPTED

    def _check_automa(self, setup: Setup, state: Hunt, move: Move) -> Verdict:
        due = self.forced(setup, state)
        if due is None or due != {k: v for k, v in move.items() if k != "player"}:
            return refuse("NH-38", "the referee makes the Automa's moves itself")
        return ACCEPTED

    # --- applying -----------------------------------------------------------------------------
    def apply(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        applier = getattr(self, f"_apply_{move['type']}")
        state = applier(setup, state, move)
        return self._settle(setup, state)

    def _apply_layout(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        layout = state.layout + tuple(move["tiles"])
        if len(layout) < board.SPACES:
            return evolve(state, layout=layout)
        state = evolve(state, layout=layout, fox=board.CENTRE)
        if _solo(setup):
            return self._after_first(setup, state, 0)
        return evolve(state, phase=st.FIRST)

    def _apply_first(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        return self._after_first(setup, state, setup.players.index(move["name"]))

    def _after_first(self, setup: Setup, state: Hunt, first: int) -> Hunt:
        order = st.turn_order(len(setup.players), first)
        state = evolve(state, first=first, active=first)
        if setup.digital:
            return evolve(state, phase=st.DEAL, order=order)
        return self._start_placing(setup, state)

    def _start_placing(self, setup: Setup, state: Hunt) -> Hunt:
        order = st.turn_order(len(setup.players), state.first)
        snake = order + order[::-1]
        if _special_five(setup, state):
            snake = order + order[-2::-1] + order[-1:]
        return evolve(state, phase=st.PLACE, order=snake)

    def _apply_draw(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        card = move["card"]
        if state.fresh:
            state = evolve(state, fresh=state.fresh - 1)
        else:
            state = evolve(state, bottom=state.bottom[1:], bottom_from=state.bottom_from[1:])
        state = evolve(state, pool=state.pool - {card}, drawn=(*state.drawn, card))
        if state.step == st.SCOUT and (len(state.drawn) == SCOUTED or not state.deck_size):
            return evolve(state, step=st.SCOUT_KEEP)
        return state

    def _apply_keep(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        seat = state.order[0] if state.phase == st.DEAL else state.active
        kept = tuple(move["cards"])
        rest = tuple(c for c in state.drawn if c not in kept)
        hands = _bump_hand(state.hand_known, seat, kept)
        state = evolve(
            state,
            hand_known=hands,
            bottom=state.bottom + rest,
            bottom_from=state.bottom_from + (seat,) * len(rest),
            drawn=(),
        )
        if state.phase != st.DEAL:
            return evolve(state, step=st.DONE)
        if len(state.order) > 1:
            return evolve(state, order=state.order[1:])
        return self._start_placing(setup, state)

    def _apply_place(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        seat = state.order[0]
        nuts = _nut_changes(setup, state, seat, move["nuts"])
        state = st.add_squirrels(state, _space(state, move["tile"]), seat, 1, **nuts)
        if len(state.order) > 1:
            return evolve(state, order=state.order[1:])
        state = evolve(state, order=(), active=state.first)
        if _solo(setup):
            return evolve(state, phase=st.AUTOMA_DEAL, active=_automa(setup))
        return evolve(state, phase=st.TURN, step=st.ROLL)

    def _apply_roll(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        direction = data_of(setup.game).compass[move["value"]]
        if state.stack:
            return self._automa_roll(setup, state, direction)
        start = state.fox
        assert start is not None
        fox = board.bounce(start, direction)
        note = f"the fox goes {direction} to {_tile_name(setup, state, fox)}"
        if board.step(start, direction) is None:
            note = f"the fox bounces off the edge and goes to {_tile_name(setup, state, fox)}"
        frame = Frame(fox, start, st.turn_order(_seats(setup), state.active))
        return evolve(state, fox=fox, step=st.FORAGE, stack=(*state.stack, frame), note=note)

    def _automa_roll(self, setup: Setup, state: Hunt, direction: str) -> Hunt:
        frame = state.stack[-1]
        target = board.bounce(frame.space, direction)
        name = _tile_name(setup, state, target)
        if target in st.scatter_targets(state, frame, _frog(setup, state)):
            frame = replace(frame, rolled=(*frame.rolled, target), rerolled=None)
            note = f"an Automa squirrel will go to {name}"
        else:
            frame = replace(frame, rerolled=target)
            note = f"the die points at {name}, where it may not go: re-roll"
        return evolve(state, stack=(*state.stack[:-1], frame), note=note)

    def _apply_scatter(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        seat = state.stack[-1].waiting[0]
        targets = [_space(state, t) for t in move["to"]]
        return st.scatter(state, seat, targets, _competitive(setup))

    def _apply_forage(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        nuts = _nut_changes(setup, state, state.active, move["nuts"])
        return evolve(state, step=st.ACTION if state.step == st.FORAGE else st.DONE, **nuts)

    def _apply_recruit(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        data = data_of(setup.game)
        tile = data.tiles[move["tile"]]
        paid = [nut for nut, n in tile.fields["cost"].items() for _ in range(n)]
        nuts = _nut_changes(setup, state, state.active, paid, -1)
        space = _space(state, tile.id)
        note = f"recruited on {tile.name}"
        state = st.add_squirrels(state, space, state.active, 1, step=st.DONE, note=note, **nuts)
        return st.build_nests(state, [space], state.active, _competitive(setup))

    def _apply_hassle(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        space = _space(state, move["tile"])
        frame = Frame(space, state.fox, st.turn_order(_seats(setup), state.active))
        note = f"the fox is pulled onto {_tile_name(setup, state, space)}"
        return evolve(state, fox=space, step=st.HASSLE_FORAGE, stack=(frame,), note=note)

    def _apply_scout(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        if setup.digital:
            return evolve(state, step=st.SCOUT)
        looked = min(SCOUTED, state.deck_size)
        pool, fresh, bottom, put = state.pool, state.fresh, state.bottom, state.bottom_from
        for _ in range(looked):
            if fresh:
                fresh -= 1
            else:
                pool |= {bottom[0]} - {None}  # type: ignore[operator]
                bottom, put = bottom[1:], put[1:]
        kept = min(move["keep"], looked)
        hidden = st._bump(state.hand_hidden, state.active, kept)
        bottom += (None,) * (looked - kept)
        put += (state.active,) * (looked - kept)
        return evolve(
            state,
            pool=pool,
            fresh=fresh,
            bottom=bottom,
            bottom_from=put,
            hand_hidden=hidden,
            step=st.DONE,
        )

    def _apply_pass(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        return evolve(state, step=st.DONE)

    def _apply_trade(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        seat = setup.players.index(move["player"])
        given = _nut_changes(setup, state, seat, [move["give"]] * 3, -1)
        state = evolve(state, **given)
        return evolve(state, **_nut_changes(setup, state, seat, [move["get"]]))

    def _apply_show(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        if state.phase != st.SHOW:
            return _reveal(state, setup.players.index(move["player"]), move["card"])
        seat = state.order[0]
        state = _reveal(state, seat, move["card"])
        if state.hand_hidden[seat]:
            return state
        return _next_to_show(evolve(state, order=state.order[1:]))

    def _apply_automa(self, setup: Setup, state: Hunt, move: Move) -> Hunt:
        automa = _automa(setup)
        assert automa is not None
        spaces = [_space(state, t) for t in move["places"]]
        for space in spaces:
            state = st.add_squirrels(state, space, automa, 1)
        if state.phase == st.AUTOMA_DEAL:
            state = evolve(state, automa_hand=tuple(move["cards"]), drawn=(), step=st.DONE)
        else:
            state = evolve(state, aside=state.aside + tuple(move["cards"]), drawn=(), step=st.DONE)
        return st.build_nests(state, spaces, automa, _competitive(setup))

    def _settle(self, setup: Setup, state: Hunt) -> Hunt:
        """After a move: skip finished scattering; end the game or the turn when it is time."""
        state = st.settle(state)
        if state.stack or state.phase in (st.SHOW, st.OVER):
            return state
        if state.ending:
            return _finish(state)
        if state.step != st.DONE:
            return state
        if state.phase == st.AUTOMA_DEAL:
            return evolve(state, phase=st.TURN, step=st.ROLL, active=0)
        return self._next_turn(setup, state)

    def _next_turn(self, setup: Setup, state: Hunt) -> Hunt:
        seat = (state.active + 1) % _seats(setup)
        if seat != _automa(setup):
            return evolve(state, active=seat, turns=state.turns + 1, phase=st.TURN, step=st.ROLL)
        state = evolve(state, active=seat, turns=state.turns + 1)
        if state.deck_size == 0 and state.aside:
            note = "the Automa's deck is empty: its set-aside cards are shuffled into a new deck"
            state = evolve(
                state,
                pool=state.pool | set(state.aside),
                fresh=len(state.aside),
                aside=(),
                note=note,
            )
        if state.deck_size == 0:
            return self._next_turn(setup, evolve(state, note="the Automa has no card to reveal"))
        return evolve(state, phase=st.AUTOMA, step=st.REVEAL)

    # --- the rules' own moves -----------------------------------------------------------------
    def forced(self, setup: Setup, state: Hunt) -> Move | None:
        if state.stack:
            frame = state.stack[-1]
            seat = frame.waiting[0]
            if seat == _automa(setup) and len(frame.rolled) == state.count(frame.space, seat):
                to = [_tile_id(state, s) for s in sorted(frame.rolled)]
                return {
                    "type": "scatter",
                    "automa": True,
                    "from": _tile_id(state, frame.space),
                    "to": to,
                }
            return None
        if state.phase == st.AUTOMA:
            wanted = 1
        elif state.phase == st.AUTOMA_DEAL:
            wanted = DIFFICULTY[_level(setup.options)]
        else:
            return None
        if len(state.drawn) < wanted:
            return None
        places = [
            tile
            for card in state.drawn
            for tile in _endpoints(setup, card)
            if _space(state, tile) != state.fox
        ]
        return {"type": "automa", "cards": list(state.drawn), "places": places}

    # --- listing ------------------------------------------------------------------------------
    def legal(self, setup: Setup, state: Hunt) -> list[Move]:
        prompt = self.prompt(setup, state)
        if prompt.kind == "over":
            return []
        forced = self.forced(setup, state)
        if forced is not None:
            return [forced]
        moves = [m for m in self._candidates(setup, state) if self._allowed(setup, state, m)]
        return moves + self._trades(setup, state)

    def _allowed(self, setup: Setup, state: Hunt, move: Move) -> bool:
        """`check` of a listed candidate: well formed, made by whoever is prompted, not a trade
        nor an early show, so only its own rule's check is left to pass; candidates of the
        kinds `_candidates` lists legal by construction pass at once."""
        kind = move["type"]
        return (
            kind in LEGAL_BY_CONSTRUCTION or getattr(self, f"_check_{kind}")(setup, state, move).ok
        )

    def _candidates(self, setup: Setup, state: Hunt) -> list[Move]:
        data = data_of(setup.game)
        if state.stack:
            return self._scatter_candidates(setup, state)
        if state.phase == st.LAYOUT:
            return [{"type": "layout", "tiles": [t]} for t in data.tiles if t not in state.layout]
        if state.phase == st.FIRST:
            return [{"type": "first", "name": p} for p in setup.players]
        if self._draw_prompt_due(setup, state):
            top = _top_card(state)
            return [{"type": "draw", "card": c} for c in ([top] if top else sorted(state.pool))]
        if state.phase == st.DEAL or state.step == st.SCOUT_KEEP:
            size = KEPT if state.phase == st.DEAL else 1
            options = _subsets(state.drawn, size, exact=state.phase == st.DEAL)
            return [{"type": "keep", "cards": sorted(c)} for c in options]
        if state.phase == st.PLACE:
            return [
                {"type": "place", "tile": t, "nuts": list(n)}
                for t in data.tiles
                if self._placeable(setup, state, t)
                for n in data.forage_choices(t, 2)
            ]
        if state.phase == st.SHOW:
            return [{"type": "show", "card": c} for c in sorted(state.pool)]
        return self._turn_candidates(setup, state)

    def _placeable(self, setup: Setup, state: Hunt, tile: str) -> bool:
        """NH-5: whether a starting squirrel may go on `tile` (then with any 2 nuts it gives)."""
        nuts = list(data_of(setup.game).forage_choices(tile, 2)[0])
        return self._check_place(setup, state, {"type": "place", "tile": tile, "nuts": nuts}).ok

    def _scatter_candidates(self, setup: Setup, state: Hunt) -> list[Move]:
        frame = state.stack[-1]
        seat = frame.waiting[0]
        if seat == _automa(setup):
            return [{"type": "roll", "value": v} for v in range(1, 7)]
        here = _tile_id(state, frame.space)
        targets = [
            _tile_id(state, s) for s in st.scatter_targets(state, frame, _frog(setup, state))
        ]
        n = state.count(frame.space, seat)
        return [{"type": "scatter", "from": here, "to": list(c)} for c in _multisets(targets, n)]

    def _turn_candidates(self, setup: Setup, state: Hunt) -> list[Move]:
        data = data_of(setup.game)
        fox_tile = _tile_id(state, state.fox)
        if state.step == st.ROLL:
            return [{"type": "roll", "value": v} for v in range(1, 7)]
        if state.step in (st.FORAGE, st.HASSLE_FORAGE):
            n = 2 if state.step == st.FORAGE else 1
            extra = [{"type": "pass"}] if n == 1 else []
            return [
                {"type": "forage", "nuts": list(c)} for c in data.forage_choices(fox_tile, n)
            ] + extra
        moves: list[Move] = [{"type": "recruit", "tile": t} for t in _recruitable(setup, state)]
        seat = state.active
        moves += [
            {"type": "hassle", "tile": _tile_id(state, s)}
            for s in board.neighbours(state.fox or 0)
            if state.squirrels[s][seat] or state.nests[s][seat]
        ]
        if state.deck_size:
            moves += (
                [{"type": "scout"}]
                if setup.digital
                else [{"type": "scout", "keep": k} for k in (1, 0)]
            )
        return [*moves, {"type": "pass"}]

    def _trades(self, setup: Setup, state: Hunt) -> list[Move]:
        if state.phase in (st.LAYOUT, st.FIRST, st.SHOW) or max(map(max, state.nuts)) < 3:
            return []
        types = data_of(setup.game).nut_types
        return [
            {"type": "trade", "player": player, "give": give, "get": get}
            for seat, player in enumerate(setup.players)
            for i, give in enumerate(types)
            if state.nuts[seat][i] >= 3
            for get in types
            if get != give
        ]

    # --- digital mode and simulation ----------------------------------------------------------
    def chance(self, setup: Setup, state: Hunt, rng: random.Random) -> Move:
        if state.phase == st.LAYOUT:
            tiles = [t for t in data_of(setup.game).tiles if t not in state.layout]
            rng.shuffle(tiles)
            return {"type": "layout", "tiles": tiles}
        if self._draw_prompt_due(setup, state):
            top = _top_card(state)
            return {"type": "draw", "card": top or rng.choice(sorted(state.pool))}
        return {"type": "roll", "value": rng.randint(1, 6)}

    def determinise(self, setup: Setup, state: Hunt, seat: str, rng: random.Random) -> Hunt:
        """The objective cards `seat` cannot see dealt again at random (nut_hunt_determinise)."""
        return determinise(state, setup.players.index(seat), rng)

    def random_move(self, setup: Setup, state: Hunt, rng: random.Random) -> Move:
        moves = self.legal(setup, state)
        plain = [m for m in moves if m["type"] != "trade"]
        if plain and (len(plain) == len(moves) or rng.random() < 0.8):
            return rng.choice(plain)
        return rng.choice(moves)

    # --- scoring ------------------------------------------------------------------------------
    def score(self, setup: Setup, state: Hunt) -> ScoreSheet:
        if len(state.layout) < board.SPACES:
            return score_holdings(state.layout, [Holding(p, {}, {}, ()) for p in setup.players])
        sheet = score_holdings(state.layout, _holdings(setup, state))
        hidden = sum(state.hand_hidden)
        if hidden:
            verb = "is" if hidden == 1 else "are"
            note = f"{counted(hidden, 'objective card')} not shown yet {verb} not scored"
            return replace(sheet, notes=(*sheet.notes, note))
        return sheet

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        data = data_of(setup.game)
        best = sum(c.fields["points"] + 3 for c in data.objectives.values())
        nests = data.nests_per_colour * len(data.colours)
        return (-2 * len(data.objectives), 2 * nests + best)

    def stats(self, setup: Setup, state: Hunt) -> Mapping[str, float]:
        holdings = _holdings(setup, state)
        winners = self.score(setup, state).winners
        figures: dict[str, float] = {"turns": float(state.turns)}
        cards = [(h, c) for h in holdings for c in h.objectives]
        where = {t: s for s, t in enumerate(state.layout)}
        done = [completed(h, where[c.fields["from"]], where[c.fields["to"]]) for h, c in cards]
        figures["objectives completed (rate)"] = sum(done) / len(done) if done else 0.0
        figures["nests per seat"] = sum(h.nest_count for h in holdings) / len(holdings)
        for i, h in enumerate(holdings):
            label = "Automa" if h.name == AUTOMA else f"seat {i + 1}"
            figures[f"nests: {label}"] = float(h.nest_count)
            figures[f"win rate: {label}"] = 1 / len(winners) if h.name in winners else 0.0
        return figures

    def census(self, setup: Setup, state: Hunt) -> Counter[str]:
        data = data_of(setup.game)
        count: Counter[str] = Counter()
        for seat, colour in enumerate(_colours(setup)):
            count[data.squirrel_ids[colour]] += state.squirrel_supply[seat] + sum(
                row[seat] for row in state.squirrels
            )
            count[data.nest_ids[colour]] += state.nest_supply[seat] + state.nest_total(seat)
        for i, card in enumerate(data.nut_cards):
            count[card] += state.nut_supply[i] + sum(n[i] for n in state.nuts)
        cards = list(state.pool) + list(state.drawn) + list(state.automa_hand) + list(state.aside)
        cards += [c for c in state.bottom if c] + [c for hand in state.hand_known for c in hand]
        count.update(cards)
        count.update(list(data.tiles))
        return count

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        layout, holdings = read_position(data_of(game), text, source, game.players_max)
        return score_holdings(layout, holdings)

    # --- showing ------------------------------------------------------------------------------
    def describe(self, setup: Setup, state: Hunt) -> str:
        return describe_table(setup, state, _colours(setup), _seat_names(setup))

    def also(self, setup: Setup, state: Hunt) -> tuple[str, ...]:
        """NH-3: at the table, objectives the referee has not seen may be shown before the end."""
        if state.phase in (st.SHOW, st.OVER) or not any(state.hand_hidden):
            return ()
        return ("NAME: show CARD, an objective shown before the end",)

    def view(self, setup: Setup, state: Hunt, player: str) -> str:
        """NH-3: the table as `player` may see it: the others' objectives only as counts."""
        seat = setup.players.index(player)
        return describe_table(setup, state, _colours(setup), _seat_names(setup), seat)

    def svg(self, setup: Setup, state: Hunt, face: Any) -> str:
        table = self.table(setup, state, "")
        return table_svg(setup, state, _colours(setup), _seat_names(setup), table, face)

    def zones(self, setup: Setup, state: Hunt, viewer: str | None) -> dict[str, Any]:
        return nut_hunt_zones(setup, state, _colours(setup), _seat_names(setup), viewer)

    def seat_colours(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """The squirrels' colours, the players' seats only (the Automa is a seat of the zones)."""
        rgb = {
            t.fields["colour"]: t.fields["rgb"] for t in setup.game.group("squirrels").components
        }
        return tuple((c, rgb[c]) for c in _colours(setup)[: len(setup.players)])


# --- helpers ------------------------------------------------------------------------------------
def _solo(setup: Setup) -> bool:
    return len(setup.players) == 1


def _seats(setup: Setup) -> int:
    return len(setup.players) + _solo(setup)


def _automa(setup: Setup) -> int | None:
    return 1 if _solo(setup) else None


def _name(setup: Setup, seat: int) -> str:
    return _seat_names(setup)[seat]


def _seat_names(setup: Setup) -> tuple[str, ...]:
    return tuple(setup.players) + ((AUTOMA,) if _solo(setup) else ())


def _level(options: Mapping[str, str]) -> str:
    """The solo difficulty, whatever its case and spacing."""
    return options.get("difficulty", "standard").strip().lower()


def _chosen(options: Mapping[str, str]) -> list[str]:
    """The colours chosen with -o colours=…, in seat order, whatever their case."""
    return [c.strip().lower() for c in options.get("colours", "").split(",")]


def _competitive(setup: Setup) -> bool:
    return setup.variant == "competitive"


def _colours(setup: Setup) -> tuple[str, ...]:
    """Each seat's colour: chosen, else the first free one in box order with the Automa's
    colour last; the Automa plays its own colour unless someone else has it."""
    data = data_of(setup.game)
    colours = [c for c in _chosen(setup.options) if c][: _seats(setup)]
    box = sorted(data.colours, key=lambda c: c == data.automa_colour)
    for seat in range(len(colours), _seats(setup)):
        free = [c for c in box if c not in colours]
        own = seat == _automa(setup) and data.automa_colour in free
        colours.append(data.automa_colour if own else free[0])
    return tuple(colours)


def _space(state: Hunt, tile: str) -> int:
    return state.layout.index(tile)


def _tile_id(state: Hunt, space: int | None) -> str:
    assert space is not None
    return state.layout[space]


def _tile_name(setup: Setup, state: Hunt, space: int) -> str:
    tile = data_of(setup.game).tiles[state.layout[space]]
    return f"{tile.name} ({tile.id})"


def _frog(setup: Setup, state: Hunt) -> int:
    return _space(state, data_of(setup.game).frog_pond)


def _special_five(setup: Setup, state: Hunt) -> bool:
    """NH-7: five players and a starting tile in the centre."""
    centre = data_of(setup.game).tiles[state.layout[board.CENTRE]]
    return len(setup.players) == 5 and bool(centre.fields.get("start"))


def _endpoints(setup: Setup, card: str) -> tuple[str, str]:
    fields = data_of(setup.game).objectives[card].fields
    return fields["from"], fields["to"]


def _top_card(state: Hunt) -> str | None:
    """The top card of the objective deck when the referee knows it."""
    if state.fresh or not state.bottom:
        return None
    return state.bottom[0]


def _where(state: Hunt, card: str) -> str:
    if card in state.automa_hand or card in state.aside or card in state.drawn:
        return "the Automa has it"
    return "it has already been seen elsewhere"


def _recruitable(setup: Setup, state: Hunt) -> list[str]:
    """NH-21 (NH-8, NH-9): the tiles the active player may recruit onto now, in box order:
    what `_check_recruit` accepts in the action step, without wording its refusals."""
    data = data_of(setup.game)
    held = state.nuts[state.active]
    paid = {cost for cost in data.recruit_costs if all(map(ge, held, cost))}
    fox = _tile_id(state, state.fox)
    return [tile for tile, cost in data.costs.items() if cost in paid and tile != fox]


def _check_nuts(data: NutData, tile: str, nuts: list[str], n: int, rule: str) -> Verdict:
    forage = data.tiles[tile].fields["forage"]
    if len(nuts) != n:
        return refuse(rule, f"forage exactly {counted(n, 'nut')}")
    wrong = [nut for nut in nuts if nut not in forage]
    if wrong:
        return refuse(rule, f"{data.tiles[tile].name} gives only {' or '.join(forage)}")
    return ACCEPTED


def _check_targets(
    setup: Setup, state: Hunt, frame: Frame, tiles: list[str], targets: list[int]
) -> Verdict:
    data = data_of(setup.game)
    for tile, target in zip(tiles, targets, strict=True):
        name = data.tiles[tile].name
        if target not in board.neighbours(frame.space):
            return refuse("NH-16", f"squirrels scatter only to adjacent tiles; {name} is not")
        if tile == data.frog_pond:
            return refuse("NH-8", "no squirrel may scatter onto the Frog Pond")
        if target == state.fox:
            return refuse("NH-14", "no squirrel may scatter onto the fox's tile")
        if target == frame.vacated:
            return refuse("NH-14", f"the fox just left {name}: no scattering straight back there")
    return ACCEPTED


def _nut_changes(
    setup: Setup, state: Hunt, seat: int, nuts: list[str], sign: int = 1
) -> dict[str, Any]:
    """The table's changes when nuts move from the supply to a player (sign -1: back to the
    supply), for `evolve`."""
    types = data_of(setup.game).nut_types
    held, supply = list(state.nuts[seat]), list(state.nut_supply)
    for nut in nuts:
        held[types.index(nut)] += sign
        supply[types.index(nut)] -= sign
    return {
        "nuts": (*state.nuts[:seat], tuple(held), *state.nuts[seat + 1 :]),
        "nut_supply": tuple(supply),
    }


def _reveal(state: Hunt, seat: int, card: str) -> Hunt:
    """An objective of `seat` that the referee had not seen is now known."""
    return evolve(
        state,
        pool=state.pool - {card},
        hand_known=_bump_hand(state.hand_known, seat, (card,)),
        hand_hidden=st._bump(state.hand_hidden, seat, -1),
    )


def _bump_hand(hands: tuple[tuple[str, ...], ...], seat: int, cards: tuple[str, ...]):
    return (*hands[:seat], hands[seat] + cards, *hands[seat + 1 :])


def _finish(state: Hunt) -> Hunt:
    """NH-26: the game ends; at the table, players then show their objectives."""
    order = tuple(s for s, n in enumerate(state.hand_hidden) if n)
    return _next_to_show(evolve(state, order=order, step=st.DONE, drawn=()))


def _next_to_show(state: Hunt) -> Hunt:
    return evolve(state, phase=st.SHOW if state.order else st.OVER)


def _holdings(setup: Setup, state: Hunt) -> list[Holding]:
    data = data_of(setup.game)
    hands = [*state.hand_known] + ([state.automa_hand] if _solo(setup) else [])
    return [
        Holding(
            name,
            {s: state.squirrels[s][seat] for s in range(board.SPACES)},
            {s: state.nests[s][seat] for s in range(board.SPACES)},
            tuple(data.objectives[c] for c in hands[seat]),
        )
        for seat, name in enumerate(_seat_names(setup))
    ]


def _subsets(items: tuple[str, ...], size: int, exact: bool) -> list[tuple[str, ...]]:
    from itertools import combinations

    sizes = [size] if exact else range(size + 1)
    return [c for k in sizes for c in combinations(items, k)]


def _multisets(targets: list[str], n: int) -> list[tuple[str, ...]]:
    from itertools import combinations_with_replacement

    return list(combinations_with_replacement(targets, n))


RULES = NutHuntRules()
