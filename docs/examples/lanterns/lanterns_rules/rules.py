"""Lantern Walk: roll the wind, play a lantern card onto the walk, take candles, draw.

Rule IDs (LW-…) are those of rules.md beside this module. Hands stay secret at the table: the
referee counts the cards in each hand and learns a card when it is played, checking it against
the cards not yet seen (the draw pile and the hands together). The wind die is the chance step:
typed at the table (`wind 4`) or rolled by the referee in digital mode.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pnpkit.referee.api import (
    ACCEPTED,
    Component,
    Game,
    Knowledge,
    Move,
    MoveSyntaxError,
    PnpError,
    Prompt,
    Rules,
    ScoreSheet,
    Setup,
    Syntax,
    Verdict,
    plain_digits,
    position_lines,
    private,
    public,
    refuse,
    words,
)

HAND = 2
COLOURS = ("red", "gold", "blue")
CANDLE = "LW-C"
WIND, PLAY, DRAW, OVER = "wind", "play", "draw", "over"


@dataclass(frozen=True)
class Walk:
    """The table: whose turn and which step, hand sizes, the unseen cards, the walk, the candles."""

    turn: int
    step: str
    hands: tuple[int, ...]
    deck: int
    unseen: tuple[tuple[str, int], ...]
    """Cards in the draw pile and the hands together, by ID (their places are unknown)."""
    walk: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    candles: tuple[int, ...] = ()
    supply: int = 0


def lanterns(game: Game) -> dict[str, Component]:
    """The lantern cards by ID."""
    return {c.id: c for c in game.group("lanterns").components}


def earned(card: Component) -> int:
    """Candles a card earns when it continues the walk: its value, and one more for gold."""
    return int(card.fields["value"]) + (1 if card.fields["colour"] == "gold" else 0)


class LanternRules(Rules):
    """The rules of Lantern Walk, in the order of rules.md."""

    id = "lanterns"
    contract = "2.0"
    index = "rules.md"
    version = "1"
    perfect_information = True  # the state counts hands and never holds a card of one
    variants: Mapping[str, str] = {"standard": "the rules of rules.md"}
    syntax = (
        Syntax("wind N", "the wind die showed N (1–6); a 1 blows the walk out", "LW-4"),
        Syntax("play CARD", "play a lantern card from your hand onto the walk", "LW-5"),
        Syntax("draw", "draw the top card of the draw pile (the referee's own move)", "LW-9"),
    )

    def initial(self, setup: Setup) -> Walk:
        cards = lanterns(setup.game)
        total = sum(c.count for c in cards.values())
        players = len(setup.players)
        return Walk(
            turn=0,
            step=WIND,
            hands=(HAND,) * players,
            deck=total - HAND * players,
            unseen=tuple(sorted((i, c.count) for i, c in cards.items())),
            candles=(0,) * players,
            supply=setup.game.component(CANDLE).count,
        )

    def prompt(self, setup: Setup, state: Walk) -> Prompt:
        if state.step == OVER:
            return Prompt("over", (), "the walk is over: `score` gives the result")
        player = setup.players[state.turn]
        if state.step == WIND:
            return Prompt("chance", (player,), f"{player}: roll the wind die (wind N)")
        if state.step == PLAY:
            return Prompt("move", (player,), f"{player}: play a lantern card (play CARD)")
        return Prompt("move", (player,), f"{player}: draw a card (draw)")

    def parse(self, setup: Setup, state: Walk, text: str) -> Move:
        w = words(text)
        if len(w) == 2 and w[0] == "wind" and plain_digits(w[1]) and len(w[1]) <= 3:
            return {"type": WIND, "value": int(w[1])}
        if len(w) == 2 and w[0] == "play":
            return {"type": PLAY, "card": w[1].upper()}
        if w == ["draw"]:
            return {"type": DRAW}
        raise MoveSyntaxError("expected: wind N (1–6), play CARD or draw")

    def text(self, setup: Setup, move: Move) -> str:
        if move["type"] == WIND:
            return f"wind {move['value']}"
        if move["type"] == PLAY:
            return f"play {move['card']}"
        return DRAW

    def check(self, setup: Setup, state: Walk, move: Move) -> Verdict:
        if state.step == OVER:
            return refuse("LW-11", "the game is over: every hand is empty")
        if "player" in move and move["player"] != setup.players[state.turn]:
            return refuse("LW-10", f"it is {setup.players[state.turn]}'s turn")
        kind = move["type"]
        if kind != state.step:
            wanted = {WIND: "roll the wind die", PLAY: "play a card", DRAW: "draw"}[state.step]
            return refuse("LW-3", f"a turn is wind, play, draw in that order: now {wanted}")
        if kind == WIND and not 1 <= move["value"] <= 6:
            return refuse("LW-4", "the wind die shows 1 to 6")
        if kind == PLAY:
            card = move["card"]
            if card not in lanterns(setup.game):
                return refuse("LW-5", f"{card} is not a lantern card of this game")
            if dict(state.unseen)[card] == 0:
                return refuse("LW-5", f"every copy of {card} has already been played")
        return ACCEPTED

    def apply(self, setup: Setup, state: Walk, move: Move) -> Walk:
        if move["type"] == WIND:
            if move["value"] == 1:
                state = replace(state, walk=(), discard=state.discard + state.walk)
            return replace(state, step=PLAY)
        if move["type"] == DRAW:
            hands = _add(state.hands, state.turn, 1)
            return _next_turn(replace(state, hands=hands, deck=state.deck - 1))
        card = lanterns(setup.game)[move["card"]]
        unseen = dict(state.unseen)
        unseen[card.id] -= 1
        state = replace(
            state, unseen=tuple(sorted(unseen.items())), hands=_add(state.hands, state.turn, -1)
        )
        if _continues(setup.game, state.walk, card):
            take = min(earned(card), state.supply)
            state = replace(
                state,
                walk=(*state.walk, card.id),
                candles=_add(state.candles, state.turn, take),
                supply=state.supply - take,
            )
        else:
            state = replace(state, walk=(card.id,), discard=state.discard + state.walk)
        return replace(state, step=DRAW) if state.deck else _next_turn(state)

    def forced(self, setup: Setup, state: Walk) -> Move | None:
        return {"type": DRAW} if state.step == DRAW else None

    def legal(self, setup: Setup, state: Walk) -> list[Move]:
        if state.step == WIND:
            return [{"type": WIND, "value": n} for n in range(1, 7)]
        if state.step == PLAY:
            return [{"type": PLAY, "card": card} for card, n in state.unseen if n]
        return [{"type": DRAW}] if state.step == DRAW else []

    def score(self, setup: Setup, state: Walk) -> ScoreSheet:
        return _sheet(dict(zip(setup.players, state.candles, strict=True)))

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        return (0, setup.game.component(CANDLE).count)

    def knowledge(self, setup: Setup, state: Walk) -> Knowledge:
        """Who sees which card: the walk, the discards and the candles are public; the hands and
        the draw pile lie together in a zone nobody sees (the referee never learns a hand).
        The census follows from it."""
        return Knowledge(
            (
                private("draw pile and hands", Counter(dict(state.unseen)).elements()),
                public("walk", state.walk),
                public("discard", state.discard),
                public("candle supply", [CANDLE] * state.supply),
                *(
                    public(f"{player}'s candles", [CANDLE] * state.candles[seat])
                    for seat, player in enumerate(setup.players)
                ),
            )
        )

    def stats(self, setup: Setup, state: Walk) -> Mapping[str, float]:
        return {"cards left in the last walk": len(state.walk)}

    def describe(self, setup: Setup, state: Walk) -> str:
        lines = [
            f"walk: {' '.join(state.walk) or '(dark)'}",
            f"draw pile: {state.deck} cards; discard: {len(state.discard)}; "
            f"candles in the supply: {state.supply}",
        ]
        for i, player in enumerate(setup.players):
            lines.append(f"{player}: {state.hands[i]} cards in hand, {state.candles[i]} candles")
        return "\n".join(lines)

    def view(self, setup: Setup, state: Walk, player: str) -> str:
        return self.describe(setup, state)  # the referee never knows a hand's cards

    def svg(self, setup: Setup, state: Walk, face: Any) -> str:
        width, card_w, card_h = max(1, len(state.walk)) * 70 + 20, 63, 88
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{card_h + 60}" '
            f'viewBox="0 0 {width} {card_h + 60}">',
            f'<text x="10" y="20" font-size="14">walk; supply {state.supply} candles</text>',
        ]
        for n, card in enumerate(state.walk):
            x, art = 10 + 70 * n, face(card)
            if art:
                import base64

                data = base64.b64encode(art.encode()).decode("ascii")
                parts.append(
                    f'<image x="{x}" y="30" width="{card_w}" height="{card_h}" '
                    f'href="data:image/svg+xml;base64,{data}"/>'
                )
            else:
                parts.append(
                    f'<rect x="{x}" y="30" width="{card_w}" height="{card_h}" fill="none" '
                    f'stroke="black"/><text x="{x + 5}" y="50" font-size="12">{card}</text>'
                )
        parts.append("</svg>")
        return "\n".join(parts)

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        """One line per player, `NAME CANDLES` (LW-12)."""
        candles: dict[str, int] = {}
        for number, line in position_lines(text):
            name, _, count = line.rpartition(" ")
            if not name.strip() or not plain_digits(count) or len(count) > 3:
                raise PnpError(f"{source}:{number}: expected NAME CANDLES, e.g. `Ann 7`")
            if name.strip().lower() in {n.lower() for n in candles}:
                raise PnpError(f"{source}:{number}: {name.strip()} is given twice")
            candles[name.strip()] = int(count)
        supply = game.component(CANDLE).count
        if not game.players_min <= len(candles) <= game.players_max:
            raise PnpError(
                f"{source}: {len(candles)} players; Lantern Walk is for "
                f"{game.players_min}–{game.players_max} (LW-1)"
            )
        if sum(candles.values()) > supply:
            raise PnpError(f"{source}: {sum(candles.values())} candles; the game has {supply}")
        return _sheet(candles)


def _continues(game: Game, walk: tuple[str, ...], card: Component) -> bool:
    """Whether `card` continues the walk: an empty walk, or a colour not earlier than the top's."""
    if not walk:
        return True
    top = lanterns(game)[walk[-1]]
    return COLOURS.index(card.fields["colour"]) >= COLOURS.index(top.fields["colour"])


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return tuple(v + amount if i == index else v for i, v in enumerate(values))


def _next_turn(state: Walk) -> Walk:
    """The next player in seat order who still holds a card; the end when nobody does (LW-11)."""
    players = len(state.hands)
    for offset in range(1, players + 1):
        turn = (state.turn + offset) % players
        if state.hands[turn]:
            return replace(state, turn=turn, step=WIND)
    return replace(state, step=OVER)


def _sheet(candles: Mapping[str, int]) -> ScoreSheet:
    best = max(candles.values())
    winners = tuple(p for p, n in candles.items() if n == best)
    tiebreak = "shared: equal candles share the win (LW-11)" if len(winners) > 1 else ""
    return ScoreSheet(
        ("candles",), {p: {"candles": n} for p, n in candles.items()}, winners, tiebreak
    )


RULES = LanternRules()
