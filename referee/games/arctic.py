"""Arctic's rules: place cards on your pile, claim a power, move two tokens, draw from the River.

The rules index is rules-index/arctic.md (AR-1 …). A turn follows the rulebook's steps: A place
(`place`, with the puffin's `swap` and `takeback` before it), B take the power card (`power`,
made by the referee), C move the animal tokens (`tokens`), D draw from the River (`take`,
`done`), then the hand limit (`discard`), the polar bear's `blame`, and the River refill
(`river CARD`, the card turned over). Hidden cards are counted, not named (arctic_table).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.games import arctic_moves as syntax
from pnpkit.referee.games.arctic_position import score_position_file
from pnpkit.referee.games.arctic_scoring import (
    CATEGORIES,
    run_points,
    score_seat,
    sheet,
    variety_points,
    wild_note,
)
from pnpkit.referee.games.arctic_show import describe_table, table_svg
from pnpkit.referee.games.arctic_table import (
    HAND_LIMIT,
    HIDDEN,
    NO_ANIMAL_VALUE,
    RESERVE_PER_PLAYER,
    RIVER_SIZE,
    START_HAND,
    Card,
    Facts,
    Seat,
    State,
    facts_of,
    including,
    without,
)
from pnpkit.referee.games.arctic_zones import arctic_zones
from pnpkit.referee.moves import Move
from pnpkit.referee.rules import Prompt, Rules, ScoreSheet, Setup, Syntax
from pnpkit.referee.verdict import ACCEPTED, Verdict, refuse
from pnpkit.wording import counted

_FACTS: dict[int, tuple[Game, Facts]] = {}


def facts(game: Game) -> Facts:
    """Arctic's facts for this component data (read once per loaded game)."""
    cached = _FACTS.get(id(game))
    if cached is None or cached[0] is not game:
        cached = (game, facts_of(game))
        _FACTS[id(game)] = cached
    return cached[1]


STEP_TEXT = {
    "sides": "turn each power card to side a or b: sides LETTERS (fox … polar bear)",
    "totems": "deal each player a secret totem",
    "refill": "turn over the top card of the draw pile into the River: river CARD",
    "place": "place cards on your pile: place CARD …",
    "power": "take your animal's power card",
    "tokens": "move the two animal tokens: tokens ANIMAL left",
    "draw": "draw from the River: take CARD",
    "discard": "discard down to 7 cards: discard CARD|? …",
    "blame": "pass a penalty card to another player (blame NAME) or keep it (pass)",
    "reveal": "all: reveal the totems (totems NAME=ANIMAL …)",
}


class ArcticRules(Rules):
    """Arctic (Cédric Lefebvre, Ludonaute) for 2–4 players."""

    id = "arctic"
    contract = "1.1"
    index = "rules-index/arctic.md"
    version = "1"
    variants: ClassVar[Mapping[str, str]] = {"standard": "the rules as printed"}
    options: ClassVar[Mapping[str, str]] = {
        "sides": "power card sides: random (default), a, b, or six letters fox…polar bear"
    }
    legal_is_complete = False
    secret_categories = frozenset({"totem"})
    syntax_rule = "AR-48"
    syntax = (
        Syntax("sides LETTERS", "the power cards' sides, fox … polar bear (abbaab)", "AR-7"),
        Syntax("river CARD", "the card turned over into the River", "AR-22"),
        Syntax("place CARD …", "place cards from hand, the last one on top", "AR-9"),
        Syntax("place CARD … tuck CARD|?", "fox side A: the last card face down", "AR-23"),
        Syntax("place CARD … bottom CARD", "fox side B: the last card under the pile", "AR-24"),
        Syntax("swap HAND RIVER", "puffin side A: trade a hand card for a River card", "AR-31"),
        Syntax("takeback", "puffin side B: take your visible card back into hand", "AR-32"),
        Syntax("tokens ANIMAL left", "which token goes left (the other goes right)", "AR-16"),
        Syntax("tokens … extra left|right", "walrus: the extra space", "AR-27"),
        Syntax("take CARD", "draw a card from the River", "AR-19"),
        Syntax("take deep", "orca side B: draw the top card of the draw pile", "AR-30"),
        Syntax("take penalty", "polar bear side A: draw from your penalty pile", "AR-33"),
        Syntax("done", "moose side A: stop drawing one card early", "AR-25"),
        Syntax("discard CARD|? …", "discard the excess over 7 (? = unseen card)", "AR-21"),
        Syntax("blame NAME", "polar bear side B: give a penalty card away", "AR-34"),
        Syntax("pass", "polar bear side B: keep your penalty cards", "AR-34"),
        Syntax("totems NAME=ANIMAL …", "the totems shown at the end", "AR-38"),
    )

    # --- setup ------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        super().check_setup(game, variant, players, options)
        sides_option(options, len(facts(game).animals))

    def initial(self, setup: Setup) -> State:
        table = facts(setup.game)
        players = len(setup.players)
        cards = table.deck_cards(players)
        reserve = RESERVE_PER_PLAYER * (players - 1)
        seats = tuple(Seat(hidden=START_HAND) for _ in setup.players)
        unseen = tuple(sorted(cards))
        if setup.digital:
            seats, unseen = _deal(setup, unseen)
        state = State(
            seats=seats,
            unseen=unseen,
            draw_pile=len(cards) - reserve - START_HAND * players,
            reserve=reserve,
            tokens=(table.start,) * len(table.animals),
            owners=(None,) * len(table.animals),
            sides=sides_option(setup.options, len(table.animals)),
            penalties_drawn=(0,) * players,
        )
        return self._settle(setup, state)

    # --- what is expected -------------------------------------------------------------------
    def prompt(self, setup: Setup, state: State) -> Prompt:
        player = setup.players[state.turn]
        if state.step == "over":
            return Prompt("over", (), "the game is over: score it")
        if state.step in ("sides", "totems", "refill"):
            return Prompt("chance", (player,), STEP_TEXT[state.step])
        if state.step == "reveal":
            return Prompt("simultaneous", tuple(setup.players), STEP_TEXT["reveal"])
        return Prompt("move", (player,), f"{player}: {self._step_text(setup, state)}")

    def _step_text(self, setup: Setup, state: State) -> str:
        seat = state.seat(state.turn)
        if state.step == "place":
            return self._place_text(setup, state) + self._power_hints(setup, state, PLACE_HINTS)
        if state.step == "draw":
            low, high = self._draw_range(setup, state)
            left = counted(high - state.taken, "more card")
            hints = self._power_hints(setup, state, DRAW_HINTS)
            up_to = "" if low == high else "up to "
            return f"draw {up_to}{left} from the River: take CARD{hints}"
        pair = self._pair(setup, state)
        if state.step == "tokens" and pair is not None:
            return self._tokens_text(setup, state, pair)
        if state.step == "discard":
            return f"discard {counted(seat.hand_size - HAND_LIMIT, 'card')}: discard CARD|? …"
        return STEP_TEXT[state.step]

    def _place_text(self, setup: Setup, state: State) -> str:
        """Step A's prompt: how many cards (AR-9, AR-26), or all of a short hand (AR-11)."""
        low, high = self._place_range(setup, state)
        hand = state.seat(state.turn).hand_size
        if hand < low:
            missing = min(low - hand, state.draw_pile)
            typed = "place CARD …" if hand else "place"
            return (
                f"place all {counted(hand, 'card')} you hold, then "
                f"{counted(missing, 'penalty card')} {'is' if missing == 1 else 'are'} drawn: "
                f"{typed}"
            )
        high = min(high, hand)
        count = counted(low, "card") if low == high else f"{low} to {high} cards"
        typed = "place CARD …" if high else "place"
        return f"place {count} on your pile: {typed}"

    def _power_hints(self, setup: Setup, state: State, hints: Mapping[str, str]) -> str:
        """The moves the current player's powers add to this step (if not used this turn)."""
        usable = [
            hint
            for effect, hint in hints.items()
            if self._has(setup, state, effect) and effect not in state.used
        ]
        return "".join(f"; {hint}" for hint in usable)

    def _tokens_text(self, setup: Setup, state: State, pair: tuple[str, str]) -> str:
        """Step C's prompt: the choice to make (AR-16) or the edge rules' moves, and the walrus."""
        effect = self._walrus(setup, state)
        extra = ""
        if effect is not None:
            token = pair[0] if effect == "walrus-main-extra" else pair[1]
            extra = f"; walrus: add extra left|right for one more {token} space"
        if self._token_choices(setup, state) == [None]:
            return f"the edge rules move the {pair[0]} and {pair[1]} tokens: tokens{extra}"
        return (
            f"move the {pair[0]} and {pair[1]} tokens: tokens {pair[0]} left (or {pair[1]}){extra}"
        )

    def forced(self, setup: Setup, state: State) -> Move | None:
        if state.step == "power":
            animal = self._animal(setup, state)
            return {"type": "power", "card": facts(setup.game).power_cards[animal]}
        if state.step == "refill" and state.draw_pile == 0:
            return {"type": "reserve"}
        if state.step == "tokens" and self._no_token_choice(setup, state):
            return {"type": "tokens"}
        return None

    # --- text -------------------------------------------------------------------------------
    def parse(self, setup: Setup, state: State, text: str) -> Move:
        return syntax.parse(facts(setup.game), setup.players, self._pair(setup, state), text)

    def text(self, setup: Setup, move: Move) -> str:
        return syntax.text(move)

    # --- checking ---------------------------------------------------------------------------
    def check(self, setup: Setup, state: State, move: Move) -> Verdict:
        kind = move.get("type")
        if state.step == "over":
            return refuse("AR-47", "the game is over: no more moves")
        expected = STEP_MOVES[state.step]
        if kind not in expected:
            return refuse(STEP_RULES[state.step], f"not now: {self.prompt(setup, state).text}")
        actor = move.get("player")
        if actor is not None and state.step != "reveal" and actor != setup.players[state.turn]:
            return refuse("AR-46", f"it is {setup.players[state.turn]}'s turn, not {actor}'s")
        return getattr(self, f"_check_{kind}")(setup, state, move)

    def _check_sides(self, setup: Setup, state: State, move: Move) -> Verdict:
        sides = move.get("sides", "")
        if len(sides) != len(state.owners) or set(sides) - {"a", "b"}:
            return refuse("AR-7", "give one side, a or b, for each power card: fox … polar bear")
        return ACCEPTED

    def _check_totems(self, setup: Setup, state: State, move: Move) -> Verdict:
        totems = move.get("totems", {})
        table = facts(setup.game)
        if set(totems) != set(setup.players):
            return refuse("AR-6", "name one totem for every player")
        if set(totems.values()) - set(table.totems):
            return refuse("AR-6", "a totem is one of the six animal totems")
        if len(set(totems.values())) != len(totems):
            return refuse("AR-6", "each player has a different totem")
        return ACCEPTED

    def _check_river(self, setup: Setup, state: State, move: Move) -> Verdict:
        card = move["card"]
        if state.draw_pile == 0:
            return refuse("AR-35", "the draw pile is empty: the Reserve becomes the draw pile")
        if card not in state.unseen:
            return refuse(
                "AR-45", f"{card} cannot come from the draw pile: {self._where(setup, state, card)}"
            )
        return ACCEPTED

    def _check_reserve(self, setup: Setup, state: State, move: Move) -> Verdict:
        if state.draw_pile:
            return refuse("AR-35", "the Reserve is used only once the draw pile is empty")
        return ACCEPTED

    def _check_power(self, setup: Setup, state: State, move: Move) -> Verdict:
        if move != self.forced(setup, state):
            return refuse("AR-13", "take the power card of your visible animal")
        return ACCEPTED

    def _check_swap(self, setup: Setup, state: State, move: Move) -> Verdict:
        if not self._has(setup, state, "puffin-swap-river"):
            return refuse("AR-31", "only the holder of the puffin power, side A, may swap")
        if "puffin-swap-river" in state.used:
            return refuse("AR-14", "the puffin swap is used once a turn")
        if move["river"] not in state.river:
            return refuse("AR-31", f"{move['river']} is not in the River")
        problem = self._removal_problem(setup, state, [move["card"]])
        return refuse("AR-31", problem) if problem else ACCEPTED

    def _check_takeback(self, setup: Setup, state: State, move: Move) -> Verdict:
        if not self._has(setup, state, "puffin-take-back"):
            return refuse("AR-32", "only the holder of the puffin power, side B, may take back")
        if "puffin-take-back" in state.used:
            return refuse("AR-14", "the puffin take-back is used once a turn")
        if state.seat(state.turn).top is None:
            return refuse("AR-32", "there is no visible animal card on your pile to take back")
        return ACCEPTED

    def _check_place(self, setup: Setup, state: State, move: Move) -> Verdict:
        cards: list[str] = move["cards"]
        fox = move.get("fox")
        low, high = self._place_range(setup, state)
        hand = state.seat(state.turn).hand_size
        if hand >= low and not low <= len(cards) <= min(high, hand):
            needed = counted(low, "card") if low == high else f"{low} to {min(high, hand)} cards"
            return refuse("AR-9", f"place {needed}, not {len(cards)}")
        if hand < low and len(cards) != hand:
            return refuse(
                "AR-11",
                f"you hold {counted(hand, 'card')}: place them all (the rest are penalties)",
            )
        if HIDDEN in cards[:-1] or (cards[-1:] == [HIDDEN] and fox != "tuck"):
            return refuse("AR-12", "cards placed face up are shown: name each one")
        verdict = self._check_fox(setup, state, cards, fox)
        if not verdict.ok:
            return verdict
        problem = self._removal_problem(setup, state, cards)
        return refuse("AR-9", problem) if problem else ACCEPTED

    def _check_fox(self, setup: Setup, state: State, cards: list[str], fox: str | None) -> Verdict:
        if fox is None:
            return ACCEPTED
        effect, rule = ("fox-face-down", "AR-23") if fox == "tuck" else ("fox-under-pile", "AR-24")
        if not self._has(setup, state, effect):
            side = "A" if fox == "tuck" else "B"
            return refuse(rule, f"only the holder of the fox power, side {side}, may {fox} a card")
        if not cards:
            return refuse(rule, "place at least one card to use the fox power")
        below = state.seat(state.turn).pile
        if fox == "tuck" and len(cards) == 1 and (not below or below[-1][1]):
            return refuse(rule, "a tucked card goes under a visible card: there is none")
        if fox == "bottom" and len(cards) == 1 and not below:
            return refuse(rule, "your pile is empty: there is nothing to go under")
        return ACCEPTED

    def _check_tokens(self, setup: Setup, state: State, move: Move) -> Verdict:
        choices = self._token_choices(setup, state)
        if move.get("left") not in choices:
            pair = self._pair(setup, state)
            if choices == [None]:
                if self._on_edges(setup, state) == 2:
                    return refuse("AR-18", "both tokens are on edges: both move inwards")
                return refuse("AR-17", "a token on an edge must move inwards: no choice to make")
            return refuse("AR-16", f"say which token goes left: {pair[0]} or {pair[1]}")
        extra = move.get("extra")
        if extra is None:
            return ACCEPTED
        effect = self._walrus(setup, state)
        if effect is None:
            return refuse("AR-27", "only the holder of the walrus power moves a token further")
        rule = "AR-27" if effect == "walrus-main-extra" else "AR-28"
        moved = self._moved_tokens(setup, state, move.get("left"))
        token = self._walrus_token(setup, state, effect)
        if not 0 <= moved[token] + (1 if extra == "right" else -1) < len(moved):
            return refuse(rule, "the extra space would take the token off the landscape")
        return ACCEPTED

    def _check_take(self, setup: Setup, state: State, move: Move) -> Verdict:
        seat = state.seat(state.turn)
        source = move.get("from")
        if source == "deep":
            if not self._has(setup, state, "orca-draw-blind"):
                return refuse("AR-30", "only the holder of the orca power, side B, draws blind")
            if state.draw_pile == 0:
                return refuse("AR-30", "the draw pile is empty")
            return ACCEPTED
        if source == "penalty":
            if not self._has(setup, state, "bear-draw-penalty"):
                return refuse("AR-33", "only the polar bear power, side A, draws from penalties")
            if seat.penalty == 0:
                return refuse("AR-33", "your penalty pile is empty")
            return ACCEPTED
        card = move["card"]
        if card not in state.river:
            return refuse("AR-19", f"{card} is not in the River: {self._where(setup, state, card)}")
        return ACCEPTED

    def _check_done(self, setup: Setup, state: State, move: Move) -> Verdict:
        low, _ = self._draw_range(setup, state)
        if state.taken < low:
            return refuse("AR-19", f"draw {counted(low - state.taken, 'more card')} first")
        return ACCEPTED

    def _check_discard(self, setup: Setup, state: State, move: Move) -> Verdict:
        excess = state.seat(state.turn).hand_size - HAND_LIMIT
        if len(move["cards"]) != excess:
            return refuse(
                "AR-21", f"discard exactly {counted(excess, 'card')} to get down to {HAND_LIMIT}"
            )
        problem = self._removal_problem(setup, state, move["cards"])
        return refuse("AR-21", problem) if problem else ACCEPTED

    def _check_blame(self, setup: Setup, state: State, move: Move) -> Verdict:
        if move["to"] == setup.players[state.turn]:
            return refuse("AR-34", "give the penalty card to another player")
        return ACCEPTED

    def _check_pass(self, setup: Setup, state: State, move: Move) -> Verdict:
        return ACCEPTED

    # --- applying ---------------------------------------------------------------------------
    def apply(self, setup: Setup, state: State, move: Move) -> State:
        changed = getattr(self, f"_apply_{move['type']}")(setup, state, move)
        return self._settle(setup, changed)

    def _apply_sides(self, setup: Setup, state: State, move: Move) -> State:
        return replace(state, sides=move["sides"], step="setup")

    def _apply_totems(self, setup: Setup, state: State, move: Move) -> State:
        totems = tuple(move["totems"][p] for p in setup.players)
        return replace(state, totems=totems, step="setup" if state.step == "totems" else "reveal")

    def _apply_river(self, setup: Setup, state: State, move: Move) -> State:
        card = move["card"]
        return replace(
            state,
            unseen=without(state.unseen, card),
            draw_pile=state.draw_pile - 1,
            river=(*state.river, card),
        )

    def _apply_reserve(self, setup: Setup, state: State, move: Move) -> State:
        return replace(state, draw_pile=state.reserve, reserve=0, ending=1)

    def _apply_power(self, setup: Setup, state: State, move: Move) -> State:
        owners = list(state.owners)
        owners[self._animal(setup, state)] = state.turn
        return replace(state, owners=tuple(owners), step="tokens")

    def _apply_swap(self, setup: Setup, state: State, move: Move) -> State:
        state = self._remove(setup, state, [move["card"]])
        river = tuple(move["card"] if c == move["river"] else c for c in state.river)
        seat = state.seat(state.turn)
        seat = replace(seat, hand=including(seat.hand, move["river"]))
        return replace(
            state.with_seat(state.turn, seat), river=river, used=state.used | {"puffin-swap-river"}
        )

    def _apply_takeback(self, setup: Setup, state: State, move: Move) -> State:
        seat = state.seat(state.turn)
        card = seat.pile[-1][0]
        seat = replace(seat, pile=seat.pile[:-1], hand=including(seat.hand, card))
        return replace(state.with_seat(state.turn, seat), used=state.used | {"puffin-take-back"})

    def _apply_place(self, setup: Setup, state: State, move: Move) -> State:
        cards: list[str] = move["cards"]
        low, _ = self._place_range(setup, state)
        short = max(0, low - state.seat(state.turn).hand_size)
        state = self._remove(setup, state, cards)
        seat = state.seat(state.turn)
        pile = seat.pile + tuple((card, False) for card in cards)
        if move.get("fox") == "tuck":
            pile = (*pile[:-2], (cards[-1], True), pile[-2])
        elif move.get("fox") == "bottom":
            pile = ((cards[-1], False), *pile[:-1])
        drawn = min(short, state.draw_pile)
        seat = replace(seat, pile=pile, penalty=seat.penalty + drawn)
        counts = list(state.penalties_drawn)
        counts[state.turn] += drawn
        state = state.with_seat(state.turn, seat)
        return replace(
            state, draw_pile=state.draw_pile - drawn, step="power", penalties_drawn=tuple(counts)
        )

    def _apply_tokens(self, setup: Setup, state: State, move: Move) -> State:
        tokens = self._moved_tokens(setup, state, move.get("left"))
        extra = move.get("extra")
        if extra is not None:
            effect = self._walrus(setup, state)
            token = self._walrus_token(setup, state, effect or "")
            tokens[token] += 1 if extra == "right" else -1
        return replace(state, tokens=tuple(tokens), step="draw")

    def _apply_take(self, setup: Setup, state: State, move: Move) -> State:
        seat = state.seat(state.turn)
        source = move.get("from")
        taken = state.taken + 1
        if source == "deep":
            state = replace(state, draw_pile=state.draw_pile - 1, taken=taken)
            return _to_hand(setup, state, seat, "deep")
        if source == "penalty":
            state = _penalty_unshown(state, state.turn)
            seat = state.seat(state.turn)
            seat = replace(seat, penalty=seat.penalty - 1)
            return _to_hand(setup, replace(state, taken=taken), seat, "penalty")
        card = move["card"]
        seat = replace(seat, hand=including(seat.hand, card))
        state = replace(
            state.with_seat(state.turn, seat), river=without(state.river, card), taken=taken
        )
        if self._has(setup, state, "orca-refill-each"):
            return replace(state, step="refill", orca_refill=True)
        return state

    def _apply_done(self, setup: Setup, state: State, move: Move) -> State:
        return replace(state, step="discard")

    def _apply_discard(self, setup: Setup, state: State, move: Move) -> State:
        cards: list[str] = move["cards"]
        state = self._remove(setup, state, cards)
        named = tuple(c for c in cards if c != HIDDEN)
        seat = state.seat(state.turn)
        seat = replace(seat, penalty=seat.penalty + len(cards), named=including(seat.named, *named))
        return replace(state.with_seat(state.turn, seat), step="blame")

    def _apply_blame(self, setup: Setup, state: State, move: Move) -> State:
        state = _penalty_unshown(state, state.turn)
        giver = state.seat(state.turn)
        to = setup.players.index(move["to"])
        state = state.with_seat(state.turn, replace(giver, penalty=giver.penalty - 1))
        taker = state.seat(to)
        state = state.with_seat(to, replace(taker, penalty=taker.penalty + 1))
        return replace(state, step="refill")

    def _apply_pass(self, setup: Setup, state: State, move: Move) -> State:
        return replace(state, step="refill")

    # --- the flow of a turn -----------------------------------------------------------------
    def _settle(self, setup: Setup, state: State) -> State:
        """Move on through steps that need nobody's input, until someone must act."""
        while True:
            following = self._follow(setup, state)
            if following is None:
                return state
            state = following

    def _follow(self, setup: Setup, state: State) -> State | None:
        """The state after the current step ends by itself, or None if it waits for a move."""
        step, seat = state.step, state.seat(state.turn)
        if step == "setup":
            if state.sides is None:
                return replace(state, step="sides")
            if setup.digital and state.totems is None:
                return replace(state, step="totems")
            return replace(state, step="refill")
        if step == "refill":
            return self._after_refill(setup, state)
        if step == "power":
            animal = self._animal(setup, state)
            if animal is None or state.owners[animal] == state.turn:
                return replace(state, step="tokens")
            return None
        if step == "tokens" and self._animal(setup, state) is None:
            return replace(state, step="draw")
        if step == "draw":
            return self._after_draw(setup, state)
        if step == "discard" and seat.hand_size <= HAND_LIMIT:
            return replace(state, step="blame")
        if step == "blame" and not (self._has(setup, state, "bear-give-penalty") and seat.penalty):
            return replace(state, step="refill")
        if step == "reveal" and state.totems is not None:
            return replace(state, step="over")
        return None

    def _after_refill(self, setup: Setup, state: State) -> State | None:
        full = len(state.river) >= RIVER_SIZE
        if not full and (state.draw_pile or (state.reserve and state.ending == 0)):
            return None
        if not state.opened:
            return replace(state, opened=True, step="place", turns=1)
        if state.orca_refill:
            return replace(state, orca_refill=False, step="draw")
        return self._next_turn(setup, state)

    def _after_draw(self, setup: Setup, state: State) -> State | None:
        if state.ending == 2:
            return self._next_turn(setup, state)
        _, high = self._draw_range(setup, state)
        if state.taken < high and self._draw_sources(setup, state):
            return None
        return replace(state, step="discard")

    def _next_turn(self, setup: Setup, state: State) -> State:
        """AR-8, AR-36, AR-37: the next player's turn, the last round, or the end."""
        turn = (state.turn + 1) % len(setup.players)
        ending = state.ending
        if turn == 0 and ending:
            if ending == 2:
                return replace(state, turn=0, step="reveal", used=frozenset(), taken=0)
            ending = 2
        return replace(
            state,
            turn=turn,
            ending=ending,
            step="place",
            taken=0,
            used=frozenset(),
            turns=state.turns + 1,
        )

    # --- the current player's situation -----------------------------------------------------
    def _card(self, setup: Setup, state: State) -> Card | None:
        """The current player's visible animal card (AR-9), or None."""
        top = state.seat(state.turn).top
        return None if top is None else facts(setup.game).cards[top]

    def _animal(self, setup: Setup, state: State) -> int | None:
        card = self._card(setup, state)
        return None if card is None else facts(setup.game).animals.index(card.animal)

    def _pair(self, setup: Setup, state: State) -> tuple[str, str] | None:
        """The main and companion animals whose tokens move this turn (in step C)."""
        card = self._card(setup, state) if state.step == "tokens" else None
        return None if card is None else (card.animal, card.companion)

    def _has(self, setup: Setup, state: State, effect: str) -> bool:
        """Whether the current player holds the power card showing `effect`."""
        table = facts(setup.game)
        for index, animal in enumerate(table.animals):
            if state.owners[index] != state.turn or state.sides is None:
                continue
            if table.powers[(animal, state.sides[index])].effect == effect:
                return True
        return False

    def _place_range(self, setup: Setup, state: State) -> tuple[int, int]:
        """AR-9, AR-10, AR-26: how few and how many cards may be placed now."""
        card = self._card(setup, state)
        value = NO_ANIMAL_VALUE if card is None else card.place
        if self._has(setup, state, "moose-place-adjust"):
            return max(0, value - 1), value + 1
        return value, value

    def _draw_range(self, setup: Setup, state: State) -> tuple[int, int]:
        """AR-19, AR-25: how few and how many cards may be drawn this turn."""
        card = self._card(setup, state)
        value = NO_ANIMAL_VALUE if card is None else card.draw
        if self._has(setup, state, "moose-draw-adjust"):
            return max(0, value - 1), value + 1
        return value, value

    def _draw_sources(self, setup: Setup, state: State) -> list[Move]:
        """One `take` move per place a card may be drawn from now."""
        moves: list[Move] = [{"type": "take", "card": c} for c in sorted(set(state.river))]
        if state.draw_pile and self._has(setup, state, "orca-draw-blind"):
            moves.append({"type": "take", "from": "deep"})
        if state.seat(state.turn).penalty and self._has(setup, state, "bear-draw-penalty"):
            moves.append({"type": "take", "from": "penalty"})
        return moves

    def _walrus(self, setup: Setup, state: State) -> str | None:
        for effect in ("walrus-main-extra", "walrus-companion-extra"):
            if self._has(setup, state, effect):
                return effect
        return None

    def _walrus_token(self, setup: Setup, state: State, effect: str) -> int:
        pair = self._pair(setup, state) or ("", "")
        animal = pair[0] if effect == "walrus-main-extra" else pair[1]
        return facts(setup.game).animals.index(animal)

    def _token_choices(self, setup: Setup, state: State) -> list[str | None]:
        """The `left` choices of step C: both animals when neither token is on an edge (AR-16)."""
        pair = self._pair(setup, state)
        if pair is None or self._on_edges(setup, state):
            return [None]
        return list(pair)

    def _on_edges(self, setup: Setup, state: State) -> int:
        """How many of step C's two tokens stand on an edge card (AR-17, AR-18)."""
        pair = self._pair(setup, state) or ()
        table = facts(setup.game)
        edges = (0, len(table.landscape) - 1)
        return sum(state.tokens[table.animals.index(a)] in edges for a in pair)

    def _no_token_choice(self, setup: Setup, state: State) -> bool:
        """AR-17, AR-18: a token on an edge and no walrus power leave nothing to choose."""
        return self._token_choices(setup, state) == [None] and self._walrus(setup, state) is None

    def _token_moves(self, setup: Setup, state: State) -> list[Move]:
        moves: list[Move] = []
        effect = self._walrus(setup, state)
        for left in self._token_choices(setup, state):
            base: Move = {"type": "tokens"} if left is None else {"type": "tokens", "left": left}
            moves.append(base)
            if effect is not None:
                moves += [{**base, "extra": way} for way in ("left", "right")]
        return [m for m in moves if self.check(setup, state, m).ok]

    def _moved_tokens(self, setup: Setup, state: State, left: str | None) -> list[int]:
        """AR-15–AR-18: token positions after the two single-space moves."""
        table = facts(setup.game)
        pair = self._pair(setup, state) or ("", "")
        last = len(table.landscape) - 1
        tokens = list(state.tokens)
        main, other = (table.animals.index(a) for a in pair)
        inward = {0: 1, last: -1}
        if left is not None:
            tokens[table.animals.index(left)] -= 1
            tokens[main if table.animals[other] == left else other] += 1
        elif tokens[main] in inward and tokens[other] in inward:
            step_main, step_other = inward[tokens[main]], inward[tokens[other]]
            tokens[main] += step_main
            tokens[other] += step_other
        else:
            edge, free = (main, other) if tokens[main] in inward else (other, main)
            step = inward[tokens[edge]]
            tokens[edge] += step
            tokens[free] -= step
        return tokens

    # --- where cards are --------------------------------------------------------------------
    def _removal_problem(self, setup: Setup, state: State, cards: Sequence[str]) -> str:
        """Why the current player cannot give up `cards` from hand ("" if they can)."""
        named = [c for c in cards if c != HIDDEN]
        if len(set(named)) != len(named):
            return "a card can be named only once"
        seat = state.seat(state.turn)
        if len(cards) > seat.hand_size:
            return f"you hold only {counted(seat.hand_size, 'card')}"
        if HIDDEN in cards and setup.digital:
            return "in a digital game the referee knows your hand: name the card, not ?"
        unseen_needed = 0
        for card in named:
            if card in seat.hand:
                continue
            if card not in state.unseen:
                return f"{card} is not in your hand: {self._where(setup, state, card)}"
            if not seat.hidden:
                return f"{card} is not in your hand"
            unseen_needed += 1
        if unseen_needed > seat.hidden:
            unseen = counted(unseen_needed, "unseen card")
            return f"you do not hold {unseen}: some named cards are elsewhere"
        return ""

    def _remove(self, setup: Setup, state: State, cards: Sequence[str]) -> State:
        """The state after the current player gave up `cards` from hand (checked first).

        A named card leaves the hand (if it came from the unseen pool, out of the pool). A card
        given up unseen (HIDDEN) stays in the pool; the hand's seen cards are then no longer
        known to stay in hand, so they rejoin the pool (AR-45).
        """
        seat, unseen = state.seat(state.turn), state.unseen
        for card in (c for c in cards if c != HIDDEN):
            if card in seat.hand:
                seat = replace(seat, hand=without(seat.hand, card))
            else:
                seat = replace(seat, hidden=seat.hidden - 1)
                unseen = without(unseen, card)
        hidden = sum(1 for c in cards if c == HIDDEN)
        if hidden:
            unseen = including(unseen, *seat.hand)
            seat = replace(seat, hand=(), hidden=seat.hidden + len(seat.hand) - hidden)
        return replace(state.with_seat(state.turn, seat), unseen=unseen)

    def _where(self, setup: Setup, state: State, card: str) -> str:
        """Where a card the move names is, for a refusal's reason."""
        table = facts(setup.game)
        found = table.cards.get(card)
        if found is None:
            return "it is not an animal card"
        if found.deck > len(setup.players):
            return f"deck {found.deck} is not used with {len(setup.players)} players"
        if card in state.river:
            return "it is in the River"
        for index, seat in enumerate(state.seats):
            if any(c == card for c, _ in seat.pile):
                return f"it is in {setup.players[index]}'s pile"
            if card in seat.hand:
                return f"it is in {setup.players[index]}'s hand"
            if card in seat.named:
                return f"it was discarded to {setup.players[index]}'s penalty pile"
        if card in state.unseen:
            return "nobody has seen it yet"
        return "it is not there"

    # --- listing, chance and random play ----------------------------------------------------
    def legal(self, setup: Setup, state: State) -> list[Move]:
        step = state.step
        if step == "over":
            return []
        forced = self.forced(setup, state)
        if forced is not None:
            return [forced]
        if step == "sides":
            return [
                {"type": "sides", "sides": "".join(s)} for s in _side_choices(len(state.owners))
            ]
        if step == "refill":
            return [{"type": "river", "card": c} for c in sorted(set(state.unseen))]
        if step in ("totems", "reveal"):
            return self._totem_moves(setup)
        return getattr(self, f"_legal_{step}")(setup, state)

    def _legal_place(self, setup: Setup, state: State) -> list[Move]:
        moves = self._placements(setup, state)
        if self._has(setup, state, "puffin-swap-river") and "puffin-swap-river" not in state.used:
            for card in self._hand_choices(setup, state):
                moves += [{"type": "swap", "card": card, "river": r} for r in sorted(state.river)]
        if self._check_takeback(setup, state, {"type": "takeback"}).ok:
            moves.append({"type": "takeback"})
        return [m for m in moves if self.check(setup, state, m).ok]

    def _placements(self, setup: Setup, state: State) -> list[Move]:
        """Placements with each hand card on top, and the fox's variants."""
        low, high = self._place_range(setup, state)
        hand = self._hand_choices(setup, state)
        size = state.seat(state.turn).hand_size
        counts = [size] if size < low else range(low, min(high, size) + 1)
        moves: list[Move] = []
        for count in counts:
            if count == 0:
                moves.append({"type": "place", "cards": []})
                continue
            for top in hand:
                cards = [*[c for c in hand if c != top][: count - 1], top]
                moves.append({"type": "place", "cards": cards})
                moves.append({"type": "place", "cards": cards, "fox": "bottom"})
                moves.append({"type": "place", "cards": cards, "fox": "tuck"})
            if not setup.digital:
                unshown = [*hand[: count - 1], HIDDEN]
                moves.append({"type": "place", "cards": unshown, "fox": "tuck"})
        return moves

    def _hand_choices(self, setup: Setup, state: State) -> list[str]:
        """The seen hand cards and, standing for unseen ones, the first unseen card per animal."""
        seat = state.seat(state.turn)
        choices = list(seat.hand)
        if seat.hidden:
            cards = facts(setup.game).cards
            firsts: dict[str, str] = {}
            for card in state.unseen:
                firsts.setdefault(cards[card].animal, card)
            choices += sorted(firsts.values())
        return choices

    def _legal_tokens(self, setup: Setup, state: State) -> list[Move]:
        return self._token_moves(setup, state)

    def _legal_draw(self, setup: Setup, state: State) -> list[Move]:
        moves = self._draw_sources(setup, state)
        low, _ = self._draw_range(setup, state)
        if state.taken >= low:
            moves.append({"type": "done"})
        return moves

    def _legal_discard(self, setup: Setup, state: State) -> list[Move]:
        excess = state.seat(state.turn).hand_size - HAND_LIMIT
        hand = self._hand_choices(setup, state)
        moves: list[Move] = [{"type": "discard", "cards": [HIDDEN] * excess}]
        for first in hand:
            cards = [first, *[c for c in hand if c != first][: excess - 1]]
            moves.append({"type": "discard", "cards": cards})
        return [m for m in moves if self.check(setup, state, m).ok]

    def _legal_blame(self, setup: Setup, state: State) -> list[Move]:
        others = [p for i, p in enumerate(setup.players) if i != state.turn]
        return [{"type": "pass"}, *({"type": "blame", "to": p} for p in others)]

    def _totem_moves(self, setup: Setup) -> list[Move]:
        totems = facts(setup.game).totems
        return [
            {"type": "totems", "totems": dict(zip(setup.players, chosen, strict=True))}
            for chosen in itertools.permutations(totems, len(setup.players))
        ]

    def chance(self, setup: Setup, state: State, rng: random.Random) -> Move:
        if state.step == "sides":
            return {"type": "sides", "sides": "".join(rng.choice("ab") for _ in state.owners)}
        if state.step == "totems":
            chosen = rng.sample(facts(setup.game).totems, len(setup.players))
            return {"type": "totems", "totems": dict(zip(setup.players, chosen, strict=True))}
        return {"type": "river", "card": rng.choice(state.unseen)}

    def random_move(self, setup: Setup, state: State, rng: random.Random) -> Move:
        if state.step == "place" and rng.random() < 0.8:
            return self._random_place(setup, state, rng)
        return rng.choice(self.legal(setup, state))

    def _random_place(self, setup: Setup, state: State, rng: random.Random) -> Move:
        """A random placement drawn from the whole hand (seen cards and unseen ones)."""
        seat = state.seat(state.turn)
        low, high = self._place_range(setup, state)
        count = (
            seat.hand_size if seat.hand_size < low else rng.randint(low, min(high, seat.hand_size))
        )
        pool = list(seat.hand) + rng.sample(state.unseen, seat.hidden)
        move: Move = {"type": "place", "cards": rng.sample(pool, count)}
        for fox in ("tuck", "bottom"):
            if rng.random() < 0.5 and self._check_fox(setup, state, move["cards"], fox).ok:
                move["fox"] = fox
        return move if self.check(setup, state, move).ok else rng.choice(self.legal(setup, state))

    # --- scoring ----------------------------------------------------------------------------
    def score(self, setup: Setup, state: State) -> ScoreSheet:
        table = facts(setup.game)
        points: dict[str, dict[str, int]] = {}
        notes = []
        for index, player in enumerate(setup.players):
            seat = state.seat(index)
            pile = [None if down else table.cards[c].animal for c, down in seat.pile]
            totem = None if state.totems is None else state.totems[index]
            points[player], runs = score_seat(table, pile, totem, state.tokens, seat.penalty)
            if runs.wilds:
                notes.append(wild_note(player, runs))
        if state.totems is None:
            notes.append("totems not yet revealed: they count 0 until then")
        return sheet(setup.players, points, tuple(notes))

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        table = facts(setup.game)
        cards = len(table.deck_cards(len(setup.players)))
        animals = len(table.animals)
        best = animals * run_points(cards) + variety_points(animals)
        return -cards, best + max(v for _, v in table.landscape)

    def census(self, setup: Setup, state: State) -> Counter[str]:
        table = facts(setup.game)
        pieces: Counter[str] = Counter(state.unseen)
        pieces.update(state.river)
        for seat in state.seats:
            pieces.update(seat.hand)
            pieces.update(seat.named)
            pieces.update(c for c, _ in seat.pile if c != HIDDEN)
        pieces.update(table.power_cards)
        pieces.update(table.totems)
        pieces.update(table.others)
        return pieces

    def stats(self, setup: Setup, state: State) -> Mapping[str, float]:
        sheet_ = self.score(setup, state)
        players = len(setup.players)
        figures: dict[str, float] = {
            f"{category} (average)": sum(sheet_.points[p][category] for p in setup.players)
            / players
            for category in CATEGORIES
        }
        figures["turns"] = state.turns
        figures["penalty draws for short placements"] = sum(state.penalties_drawn) / players
        return figures

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        return score_position_file(facts(game), text, source)

    def describe(self, setup: Setup, state: State) -> str:
        return describe_table(setup, facts(setup.game), state)

    def view(self, setup: Setup, state: State, player: str) -> str:
        """AR-45: the table as `player` sees it: others' totems and face-down cards hidden."""
        return describe_table(setup, facts(setup.game), state, player)

    def svg(self, setup: Setup, state: State, face: Any) -> str:
        return table_svg(setup, facts(setup.game), state, self.table(setup, state, ""), face)

    def zones(self, setup: Setup, state: State, viewer: str | None) -> dict[str, Any]:
        return arctic_zones(setup, facts(setup.game), state, viewer)


PLACE_HINTS = {
    "puffin-swap-river": "puffin: swap HAND RIVER first",
    "puffin-take-back": "puffin: takeback first",
    "fox-face-down": "fox: … tuck CARD|? for the last card",
    "fox-under-pile": "fox: … bottom CARD for the last card",
}
"""Step A's power moves, as the prompt mentions them (AR-23, AR-24, AR-31, AR-32)."""
DRAW_HINTS = {
    "orca-draw-blind": "orca: take deep",
    "bear-draw-penalty": "polar bear: take penalty",
    "moose-draw-adjust": "moose: done to stop one early",
}
"""Step D's power moves, as the prompt mentions them (AR-25, AR-30, AR-33)."""
STEP_MOVES = {
    "sides": ("sides",),
    "totems": ("totems",),
    "refill": ("river", "reserve"),
    "place": ("place", "swap", "takeback"),
    "power": ("power",),
    "tokens": ("tokens",),
    "draw": ("take", "done"),
    "discard": ("discard",),
    "blame": ("blame", "pass"),
    "reveal": ("totems",),
    "over": (),
}
STEP_RULES = {
    "sides": "AR-7",
    "totems": "AR-6",
    "refill": "AR-22",
    "place": "AR-9",
    "power": "AR-13",
    "tokens": "AR-15",
    "draw": "AR-19",
    "discard": "AR-21",
    "blame": "AR-34",
    "reveal": "AR-38",
}


def sides_option(options: Mapping[str, str], animals: int) -> str | None:
    """The power sides chosen by the `sides` option, or None when they are drawn at random."""
    value = options.get("sides", "random").strip().lower()
    if value == "random":
        return None
    if value in ("a", "b"):
        return value * animals
    if len(value) == animals and not set(value) - {"a", "b"}:
        return value
    raise PnpError(
        f"option sides={value!r}: expected random, a, b, or {animals} letters a/b (fox first)"
    )


def _side_choices(animals: int) -> list[tuple[str, ...]]:
    return list(itertools.product("ab", repeat=animals))


def _deal(setup: Setup, cards: tuple[str, ...]) -> tuple[tuple[Seat, ...], tuple[str, ...]]:
    """Digital mode (AR-3): each player's starting hand, dealt from the seeded shuffle, and the
    cards left unseen."""
    shuffled = random.Random(f"{setup.seed}/deal").sample(cards, len(cards))
    hands = [shuffled[n * START_HAND : (n + 1) * START_HAND] for n in range(len(setup.players))]
    dealt = START_HAND * len(setup.players)
    return tuple(Seat(hand=including((), *hand)) for hand in hands), including(
        (), *shuffled[dealt:]
    )


def _to_hand(setup: Setup, state: State, seat: Seat, source: str) -> State:
    """A card drawn unshown into the current player's hand: at the table, one more unseen card;
    in digital mode the referee deals it (seeded by the seed and the state) and names it."""
    if not setup.digital:
        return state.with_seat(state.turn, replace(seat, hidden=seat.hidden + 1))
    rng = random.Random(f"{setup.seed}/{source}/{state.turn}/{state.draw_pile}/{state.unseen}")
    card = rng.choice(state.unseen)
    seat = replace(seat, hand=including(seat.hand, card))
    return replace(state.with_seat(state.turn, seat), unseen=without(state.unseen, card))


def _penalty_unshown(state: State, index: int) -> State:
    """The state once a card leaves a penalty pile unshown (AR-33, AR-34): the pile's named cards
    may be the one that left, so their place is no longer known and they rejoin the unseen pool."""
    seat = state.seat(index)
    if not seat.named:
        return state
    unseen = including(state.unseen, *seat.named)
    return replace(state.with_seat(index, replace(seat, named=())), unseen=unseen)


RULES = ArcticRules()
