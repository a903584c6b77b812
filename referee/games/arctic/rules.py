"""Arctic's rules: place cards on your pile, claim a power, move two tokens, draw from the River.

The rules index is rules-index.md (AR-1 …). `MOVES` declares each move once (kit `MoveForm`s:
its words, meaning, rule, step, check and effect), from which the syntax table, parse, text and
the dispatch come. `ArcticRules` is the engine's side of the game (the Rules contract,
docs/engine.md); it hands each question to the module of the rulebook part it belongs to: setup,
the turn's steps (place, powers for step B and the powers' own moves, tokens, draw), the flow of
a turn and its end (turn), hidden cards, scoring, the position file, the words of each move
(moves) and what is shown (table_view, zones).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from pnpkit.referee.api import (
    Game,
    KitRules,
    Knowledge,
    Move,
    MoveForm,
    Moves,
    Prompt,
    Setup,
    Syntax,
    Verdict,
    Zone,
    delegate,
    drawn,
    evolve,
    public,
    refuse,
)
from pnpkit.referee.games.arctic import draw, moves, place, powers, tokens, turn
from pnpkit.referee.games.arctic import setup as setting_up
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.hidden import deal_source
from pnpkit.referee.games.arctic.position_file import score_position_file
from pnpkit.referee.games.arctic.scoring import game_stats, score_bounds, score_game
from pnpkit.referee.games.arctic.state import State, sorted_hand
from pnpkit.referee.games.arctic.table_view import describe_table, table_svg
from pnpkit.referee.games.arctic.zones import arctic_zones

MOVES = Moves(
    syntax_rule="AR-48",
    not_now_rule="AR-48",
    step_rules=turn.STEP_RULES,
    turn_rule="AR-46",
    over_rule="AR-47",
)
FORMS = (
    # setup: the power cards' sides (AR-7); the River refill (AR-22), the Reserve (AR-35)
    MoveForm("sides LETTERS", "the power cards' sides, fox … polar bear (abbaab)", "AR-7",
             setting_up.apply_sides, "sides", setting_up.check_sides, words=moves.WORDS),
    MoveForm("river CARD", "the card turned over into the River", "AR-22", turn.apply_river,
             "refill", turn.check_river, words=moves.WORDS),
    MoveForm("reserve", "the Reserve becomes the draw pile", "AR-35", turn.apply_reserve, "refill",
             turn.check_reserve, rows=()),
    # step A: place cards (AR-9–AR-12), the fox's last card (AR-23, AR-24), the puffin's power
    MoveForm("place CARD …", "place cards from hand, the last one on top", "AR-9",
             place.apply_place, "place", place.check_place, read=moves.read_place,
             write=moves.write_place, rows=(
        Syntax("place CARD …", "place cards from hand, the last one on top", "AR-9"),
        Syntax("place CARD … tuck CARD|?", "fox side A: the last card face down", "AR-23"),
        Syntax("place CARD … bottom CARD", "fox side B: the last card under the pile", "AR-24"))),
    MoveForm("swap HAND RIVER", "puffin side A: trade a hand card for a River card", "AR-31",
             powers.apply_swap, "place", powers.check_swap, words=moves.WORDS),
    MoveForm("takeback", "puffin side B: take your visible card back into hand", "AR-32",
             powers.apply_takeback, "place", powers.check_takeback),
    # step B: the power card of your animal (AR-13, AR-14), taken by the referee
    MoveForm("power CARD", "take your animal's power card", "AR-13", powers.apply_power, "power",
             powers.check_power, words=moves.POWER_CARD, rows=()),
    # step C: the two animal tokens (AR-15–AR-18), the walrus's extra space (AR-27, AR-28)
    MoveForm("tokens ANIMAL left", "which token goes left (the other goes right)", "AR-16",
             tokens.apply_tokens, "tokens", tokens.check_tokens, read=moves.read_tokens,
             write=moves.write_tokens, rows=(
        Syntax("tokens ANIMAL left", "which token goes left (the other goes right)", "AR-16"),
        Syntax("tokens … extra left|right", "walrus: the extra space", "AR-27"))),
    # step D: draw from the River (AR-19, AR-20), the orca's and polar bear's other piles
    MoveForm("take CARD", "draw a card from the River", "AR-19", draw.apply_take, "draw",
             draw.check_take, read=moves.read_take, write=moves.write_take, rows=(
        Syntax("take CARD", "draw a card from the River", "AR-19"),
        Syntax("take deep", "orca side B: draw the top card of the draw pile", "AR-30"),
        Syntax("take penalty", "polar bear side A: draw from your penalty pile", "AR-33"))),
    MoveForm("deal CARD", "the card dealt face down (digital mode: the referee's)", "AR-30",
             draw.apply_deal, "deal", draw.check_deal, words=moves.WORDS, hidden="deal ?"),
    MoveForm("done", "moose side A: stop drawing one card early", "AR-25", draw.apply_done,
             "draw", draw.check_done),
    # the end of a turn: down to 7 cards (AR-21), the polar bear's penalty card (AR-34)
    MoveForm("discard CARD|? …", "discard the excess over 7 (? = unseen card)", "AR-21",
             draw.apply_discard, "discard", draw.check_discard, read=moves.read_discard,
             write=moves.write_discard),
    MoveForm("blame NAME", "polar bear side B: give a penalty card away", "AR-34",
             powers.apply_blame, "blame", powers.check_blame, words=moves.WORDS),
    MoveForm("pass", "polar bear side B: keep your penalty cards", "AR-34", powers.apply_pass,
             "blame"),
    # the end of the game: the totems, dealt at setup in digital mode, shown at the end (AR-38)
    MoveForm("totems NAME=ANIMAL …", "the totems shown at the end", "AR-38",
             setting_up.apply_totems, ("totems", "reveal"), setting_up.check_totems,
             read=moves.read_totems, write=moves.write_totems, hidden="totems (dealt face down)"),
)  # fmt: skip
"""Every move, once, in the order of the syntax table: its words, meaning, rule, step (AR-8: the
turn's steps A place, B power, C tokens, D draw, then discard and blame; the River refill between
turns; setup before, the totems' reveal at the end), its check and its effect on the table."""
for form in FORMS:
    MOVES.add(form)

LEGAL: dict[str, Callable[[Setup, State], list[Move]]] = {
    "sides": setting_up.side_moves,
    "totems": setting_up.totem_moves,
    "deal": draw.deal_moves,
    "place": place.legal_place,
    "tokens": tokens.token_moves,
    "draw": draw.legal_draw,
    "discard": draw.legal_discard,
    "blame": powers.blame_moves,
    "reveal": setting_up.totem_moves,
}
"""The moves of each step but the River refill and step B (a card of the draw pile, or the
referee's own move)."""


class ArcticRules(KitRules):
    """Arctic (Cédric Lefebvre, Ludonaute) for 2–4 players."""

    id = "arctic"
    contract = "2.0"
    index = "rules-index.md"
    version = "2"
    variants: ClassVar[Mapping[str, str]] = {"standard": "the rules as printed"}
    options: ClassVar[Mapping[str, str]] = {
        "sides": "power card sides: random (default), a, b, or six letters fox…polar bear"
    }
    legal_is_complete = False
    secret_categories = frozenset({"totem"})
    flow = turn.FLOW
    moves = MOVES

    # --- setup ------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        super().check_setup(game, variant, players, options)
        setting_up.sides_option(options, len(facts(game).animals))

    def initial(self, setup: Setup) -> State:
        return turn.settle(setup, setting_up.initial(setup))

    # --- what is expected -------------------------------------------------------------------
    def prompt(self, setup: Setup, state: State) -> Prompt:
        """The flow's line, but steps A, C, D and the discard say the state's numbers (how many
        cards, which tokens) and the powers' moves."""
        text = turn.TEXTS.get(state.turn.step)
        if text is None:
            return super().prompt(setup, state)
        player = setup.players[state.turn.seat]
        return Prompt("move", (player,), f"{player}: {text(setup, state)}")

    def forced(self, setup: Setup, state: State) -> Move | None:
        step = state.turn.step
        if step == "power":
            return powers.power_move(setup, state)
        if step == "refill" and state.deck.count == 0:
            return {"type": "reserve"}
        if step == "tokens" and tokens.no_token_choice(setup, state):
            return {"type": "tokens"}
        return None

    # --- checking and applying --------------------------------------------------------------
    def check(self, setup: Setup, state: State, move: Move) -> Verdict:
        """The game over (AR-47), a move of another step, a player out of turn (AR-46), then the
        move's own check."""
        if state.turn.step == "over":
            return refuse(MOVES.over_rule, "the game is over: no more moves")
        late = MOVES.not_now(state, move, lambda: self.prompt(setup, state).text)
        if not late.ok:
            return late
        actor, turn_of = move.get("player"), setup.players[state.turn.seat]
        if actor is not None and state.turn.step != "reveal" and actor != turn_of:
            return refuse(MOVES.turn_rule, f"it is {turn_of}'s turn, not {actor}'s")
        return MOVES.check_own(setup, state, move)

    def apply(self, setup: Setup, state: State, move: Move) -> State:
        return turn.settle(setup, MOVES.apply(setup, state, move))

    # --- listing, chance and random play ----------------------------------------------------
    def legal(self, setup: Setup, state: State) -> list[Move]:
        """Each step's own moves (step C its forced one when it has no choice); the River refill
        each card the draw pile may give, else the referee's move (the Reserve, step B)."""
        step = state.turn.step
        if step in LEGAL:
            return LEGAL[step](setup, state)
        if step == "refill" and state.deck.count:
            return [{"type": "river", "card": c} for c in state.deck.kinds()]
        forced = self.forced(setup, state)
        return [] if forced is None else [forced]

    def chance(self, setup: Setup, state: State, rng: random.Random) -> Move:
        if state.turn.step in ("sides", "totems"):
            return setting_up.chance_setup(setup, state, rng)
        if state.turn.step == "deal":
            return {"type": "deal", "card": rng.choice(deal_source(setup, state))}
        return {"type": "river", "card": rng.choice(state.deck.unseen)}

    def random_move(self, setup: Setup, state: State, rng: random.Random) -> Move:
        if state.turn.step == "place" and rng.random() < 0.8:
            return place.random_place(setup, state, rng)
        return rng.choice(self.legal(setup, state))

    # --- scoring ----------------------------------------------------------------------------
    score = delegate(score_game)
    score_bounds = delegate(score_bounds)
    stats = delegate(game_stats)
    score_position = delegate(score_position_file)

    # --- who knows what, and who decides ---------------------------------------------------
    def knowledge(self, setup: Setup, state: State) -> Knowledge:
        """AR-45: the table's blocks, each a zone (a pile two), with what the blocks cannot
        say: once the game is over the hands, face-down pile cards and totems are shown
        (AR-38)."""
        knowledge = state.table.knowledge()
        if state.turn.step != "over":
            return knowledge
        return Knowledge(tuple(_shown(z) for z in knowledge.zones))

    def rebuild(self, setup: Setup, state: State, knowledge: Knowledge) -> State:
        """The table's blocks holding `knowledge`'s cards, the hands and named penalty cards
        sorted (as every move keeps them; a kit hand keeps the order it is given)."""
        table = state.table.rebuild(knowledge)
        table = table.put_all(
            {
                name: sorted_hand(table[name])
                for p in setup.players
                for name in (f"hand:{p}", f"penalty:{p}")
            }
        )
        return evolve(state, table=table)

    def actor(self, setup: Setup, state: State, move: Move) -> str | None:
        """The player whose turn it is (AR-46), for the moves they choose; nobody for chance,
        the referee's own moves (step B's power card, the Reserve, tokens without a choice) and
        the totem reveal, which is everyone's (AR-38)."""
        if state.turn.step == "reveal" or self.forced(setup, state) is not None:
            return None
        return super().actor(setup, state, move)

    def hidden_text(self, setup: Setup, move: Move) -> str:
        """The move with the cards that went face down unnamed: `discard ? ?`, `place … tuck ?`;
        the totems and the card dealt as their forms say (AR-6, AR-21, AR-23, AR-30)."""
        kind = move["type"]
        if kind == "discard":
            return MOVES.text({**move, "cards": ["?"] * len(move["cards"])})
        if kind == "place" and move.get("fox") == "tuck":
            return MOVES.text({**move, "cards": [*move["cards"][:-1], "?"]})
        return MOVES.of(move).hidden or MOVES.text(move)

    # --- what is shown ----------------------------------------------------------------------
    describe = delegate(describe_table)
    view = delegate(describe_table, "AR-45: others' totems and face-down cards hidden.")

    svg = drawn(table_svg)

    zones = delegate(arctic_zones)


def _shown(zone: Zone) -> Zone:
    """A zone once the game is over (AR-38): a player's secret shown, except penalty cards."""
    if zone.seen_by and not zone.name.startswith("penalty"):
        return public(zone.name, zone.cards)
    return zone


RULES = ArcticRules()
