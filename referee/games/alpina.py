"""Alpina's rules: build a shared 5×5 grid of cards and post hikers on the cards that will pay.

The rule IDs (AL-…) are those of rules-index/alpina.md. At the table, hands stay secret: the
referee counts the cards in each hand and identifies a card when it is played, by its printed ID.
In digital mode (--seed) the referee deals and draws itself, and so knows every hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.games import alpina_grid as grid
from pnpkit.referee.games.alpina_position import read_position
from pnpkit.referee.games.alpina_scoring import (
    Card,
    cards_of,
    hiker_points,
    winners_by_turn_order,
)
from pnpkit.referee.games.alpina_show import describe_table, table_svg
from pnpkit.referee.games.alpina_zones import alpina_zones
from pnpkit.referee.moves import Move, pairs, space, space_name, words
from pnpkit.referee.rules import Prompt, Rules, ScoreSheet, Setup, Syntax
from pnpkit.referee.verdict import ACCEPTED, MoveSyntaxError, Verdict, refuse

HAND = 6
HIKERS = {2: 8, 3: 5, 4: 4}
GRID_CARDS = 25
START, DEAL, FIRST, PLAY, HIKER, DRAW, OVER = (
    "start", "deal", "first", "play", "hiker", "draw", "over",
)  # fmt: skip


@dataclass(frozen=True)
class Alpina:
    """Where everything is. `pool` holds the cards not yet seen by the referee (draw pile and
    unknown hand cards); `known` the cards it knows to be in each hand (digital mode)."""

    phase: str
    cards: tuple[str | None, ...]
    hikers: tuple[int | None, ...]
    pool: frozenset[str]
    hand_sizes: tuple[int, ...]
    known: tuple[frozenset[str], ...]
    hikers_left: tuple[int, ...]
    turn: int = 0
    first: int = 0
    last: int = grid.START
    placed: int = 0
    frontier: frozenset[int] = frozenset()
    """Empty spaces orthogonally next to a card (kept as cards are placed, for speed)."""
    box: tuple[int, int, int, int] = (4, 4, 4, 4)
    """The placed cards' first and last column and first and last row."""

    def evolve(self, **changes: Any) -> Alpina:
        """A copy with some fields changed (dataclasses.replace, without its per-call checks:
        random play-throughs make thousands of these a second)."""
        new = object.__new__(Alpina)
        new.__dict__.update(self.__dict__, **changes)
        return new

    def deck_size(self) -> int:
        """Cards in the draw pile."""
        unknown_in_hands = sum(n - len(k) for n, k in zip(self.hand_sizes, self.known, strict=True))
        return len(self.pool) - unknown_in_hands


class AlpinaRules(Rules):
    """The rules of Alpina, step by step as the rulebook orders them."""

    id = "alpina"
    contract = "1.1"
    index = "rules-index/alpina.md"
    version = "1"
    options: ClassVar[Mapping[str, str]] = {
        "colours": "hiker colours in seat order, e.g. colours=red,purple (default: box order)"
    }
    syntax_rule = "AL-28"
    syntax = (
        Syntax("start CARD", "the chamois card drawn to start the grid (placed at e5)", "AL-2"),
        Syntax("first PLAYER", "the player drawn to go first", "AL-5"),
        Syntax("play CARD SPACE", "play a card from your hand, e.g. play AL-17 e4", "AL-8"),
        Syntax("hiker SPACE", "place a hiker on the card just played or one beside it", "AL-13"),
        Syntax("pass", "place no hiker this turn", "AL-13"),
        Syntax("draw [CARD]", "draw back up to 6 (the referee does this itself)", "AL-16"),
        Syntax("deal [P=CARD,… …]", "deal 6 cards each (the referee does this itself)", "AL-3"),
    )

    # --- setup ------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        super().check_setup(game, variant, players, options)
        if "colours" not in options:
            return
        boxed = {c.fields["colour"] for c in game.group("hikers").components}
        chosen = _chosen_colours(options["colours"])
        if len(chosen) != len(players) or len(set(chosen)) != len(chosen):
            raise PnpError("colours: give one distinct colour per player, in seat order")
        unknown = [c for c in chosen if c not in boxed]
        if unknown:
            raise PnpError(
                f"colours: {unknown[0]!r} is no hiker colour; "
                f"choose from {', '.join(sorted(boxed))}"
            )

    def colours(self, setup: Setup) -> tuple[str, ...]:
        """Each seat's hiker colour."""
        boxed = [c.fields["colour"] for c in setup.game.group("hikers").components]
        chosen = setup.options.get("colours")
        if not chosen:
            return tuple(boxed[: len(setup.players)])
        return _chosen_colours(chosen)

    def initial(self, setup: Setup) -> Alpina:
        n = len(setup.players)
        return Alpina(
            phase=START,
            cards=(None,) * grid.SIZE**2,
            hikers=(None,) * grid.SIZE**2,
            pool=frozenset(c.id for c in setup.game.group("cards").components),
            hand_sizes=(0,) * n,
            known=(frozenset(),) * n,
            hikers_left=(HIKERS[n],) * n,
        )

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
        w = words(text)
        if not w:
            raise MoveSyntaxError("empty move; `pnp referee rules alpina` lists the moves")
        kind, args = w[0], w[1:]
        if kind == "start" and len(args) == 1:
            return {"type": "start", "card": args[0].upper()}
        if kind == "first" and args:
            return {"type": "first", "seat": _seat(setup, " ".join(args))}
        if kind == "play" and len(args) == 2:
            return {"type": "play", "card": args[0].upper(), "at": _space_word(args[1])}
        if kind == "hiker" and len(args) == 1:
            return {"type": "hiker", "at": _space_word(args[0])}
        if kind == "pass" and not args:
            return {"type": "pass"}
        if kind == "draw" and len(args) <= 1:
            return {"type": "draw", **({"card": args[0].upper()} if args else {})}
        if kind == "deal":
            hands = pairs(args, setup.players)
            return {
                "type": "deal",
                **({"hands": {p: c.upper().split(",") for p, c in hands.items()}} if hands else {}),
            }
        raise MoveSyntaxError(
            f"{text.strip()!r} is not an Alpina move; now: {self.prompt(setup, state).text} "
            "(`pnp referee rules alpina` lists every move)"
        )

    def text(self, setup: Setup, move: Move) -> str:
        kind = move["type"]
        if kind == "start":
            return f"start {move['card']}"
        if kind == "first":
            return f"first {setup.players[move['seat']]}"
        if kind == "play":
            return f"play {move['card']} {move['at']}"
        if kind == "hiker":
            return f"hiker {move['at']}"
        if kind in ("draw", "deal") and ("card" in move or "hands" in move):
            if kind == "draw":
                return f"draw {move['card']}"
            return "deal " + " ".join(f"{p}={','.join(c)}" for p, c in move["hands"].items())
        return kind

    # --- checking ---------------------------------------------------------------------------
    def check(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        kind = move.get("type")
        if state.phase == OVER:
            return refuse("AL-17", "the game is over: the 25th card has been placed")
        expected = {START: "start", DEAL: "deal", FIRST: "first", PLAY: "play", DRAW: "draw"}
        allowed = ("hiker", "pass") if state.phase == HIKER else (expected[state.phase],)
        if kind not in allowed:
            return refuse("AL-6", f"not now: {self.prompt(setup, state).text}")
        player = move.get("player")
        if player is not None and player != setup.players[state.turn]:
            return refuse("AL-7", f"it is {setup.players[state.turn]}'s turn, not {player}'s")
        problem = _malformed(move)
        if problem:
            return refuse(_STEP_RULES[kind], f"a malformed {kind} move: {problem}")
        return getattr(self, f"_check_{kind}")(setup, state, move)

    def _check_start(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        component = setup.game.component(move["card"])
        if component is None or component.group != "cards":
            return refuse("AL-2", _not_a_card(setup, move["card"]))
        if not component.fields.get("starter"):
            return refuse("AL-2", f"{component.id} is not a starting chamois card")
        return ACCEPTED

    def _check_first(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        if move.get("seat") not in range(len(setup.players)):
            return refuse("AL-5", "the first player must be one of the players")
        return ACCEPTED

    def _check_deal(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        hands = move.get("hands")
        if hands is None:
            return (
                refuse("AL-3", "the referee deals in a digital game") if setup.digital else ACCEPTED
            )
        if set(hands) != set(setup.players):
            return refuse("AL-3", "deal a hand to every player")
        dealt = [c for cards in hands.values() for c in cards]
        if any(len(cards) != HAND for cards in hands.values()):
            return refuse("AL-3", f"each player is dealt {HAND} cards")
        if len(set(dealt)) != len(dealt) or not set(dealt) <= state.pool:
            return refuse("AL-3", "a dealt card is dealt twice or is not in the deck")
        return ACCEPTED

    def _check_play(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        card, at = str(move.get("card", "")), move.get("at", "")
        component = setup.game.component(card)
        if component is None or component.group != "cards":
            return refuse("AL-8", _not_a_card(setup, card))
        if component.id in state.cards:
            where = space_name(*grid.column_row(state.cards.index(component.id)))
            return refuse("AL-8", f"{component.id} is already in the grid, at {where}")
        if not self._in_hand(state, state.turn, component.id):
            return refuse("AL-8", f"{component.id} is not in {setup.players[state.turn]}'s hand")
        target = _space_index(at)
        if target is None:
            return refuse("AL-10", f"{at} is outside the table's frame (a1 to i9)")
        if state.cards[target] is not None:
            return refuse("AL-9", f"{at} already holds {state.cards[target]}")
        if not any(state.cards[n] is not None for n in grid.orthogonal(target)):
            return refuse(
                "AL-11", "a card must touch a card already in the grid orthogonally (no diagonals)"
            )
        occupied = [i for i, c in enumerate(state.cards) if c is not None]
        if not grid.within_bound([*occupied, target]):
            return refuse("AL-12", "that would make a 6th row or column; the grid is 5×5 at most")
        return ACCEPTED

    def _in_hand(self, state: Alpina, seat: int, card: str) -> bool:
        """Known to be in the hand, or unseen while the hand holds an unknown card (AL-8)."""
        if card in state.known[seat]:
            return True
        return card in state.pool and state.hand_sizes[seat] > len(state.known[seat])

    def _check_hiker(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        target = _space_index(move.get("at", ""))
        if target is None or state.cards[target] is None:
            return refuse("AL-13", f"there is no card at {move.get('at')}")
        if target != state.last and target not in grid.orthogonal(state.last):
            last = space_name(*grid.column_row(state.last))
            return refuse(
                "AL-13", f"a hiker goes on the card just played ({last}) or on one beside it"
            )
        if state.hikers[target] is not None:
            owner = setup.players[state.hikers[target]]
            return refuse("AL-14", f"that card already has a pawn ({owner}'s); one pawn per card")
        if state.hikers_left[state.turn] == 0:
            return refuse("AL-15", f"{setup.players[state.turn]} has no hikers left")
        return ACCEPTED

    def _check_pass(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        return ACCEPTED

    def _check_draw(self, setup: Setup, state: Alpina, move: Move) -> Verdict:
        card = move.get("card")
        if card is None:
            if setup.digital:
                return refuse("AL-16", "the referee draws in a digital game")
            return ACCEPTED
        if not setup.digital:
            return refuse("AL-16", "draws are secret: enter `draw` without a card")
        if card not in state.pool:
            return refuse("AL-16", f"{card} is not in the draw pile")
        return ACCEPTED

    # --- applying ---------------------------------------------------------------------------
    def apply(self, setup: Setup, state: Alpina, move: Move) -> Alpina:
        return getattr(self, f"_apply_{move['type']}")(setup, state, move)

    def _apply_start(self, setup: Setup, state: Alpina, move: Move) -> Alpina:
        card = move["card"]
        cards = list(state.cards)
        cards[grid.START] = card
        return state.evolve(
            phase=DEAL,
            cards=tuple(cards),
            pool=state.pool - {card},
            placed=1,
            frontier=frozenset(grid.orthogonal(grid.START)),
        )

    def _apply_deal(self, setup: Setup, state: Alpina, move: Move) -> Alpina:
        n = len(setup.players)
        if "hands" not in move:
            return state.evolve(phase=FIRST, hand_sizes=(HAND,) * n)
        known = tuple(frozenset(move["hands"][p]) for p in setup.players)
        return state.evolve(
            phase=FIRST,
            hand_sizes=(HAND,) * n,
            known=known,
            pool=state.pool.difference(*known),
        )

    def _apply_first(self, setup: Setup, state: Alpina, move: Move) -> Alpina:
        return state.evolve(phase=PLAY, turn=move["seat"], first=move["seat"])

    def _apply_play(self, setup: Setup, state: Alpina, move: Move) -> Alpina:
        card = move["card"]
        target = _space_index(move["at"])
        assert target is not None
        cards = list(state.cards)
        cards[target] = card
        seat = state.turn
        known = list(state.known)
        if card in known[seat]:
            known[seat] = known[seat] - {card}
        sizes = list(state.hand_sizes)
        sizes[seat] -= 1
        column, row = grid.column_row(target)
        first_column, last_column, first_row, last_row = state.box
        return state.evolve(
            phase=HIKER,
            cards=tuple(cards),
            pool=state.pool - {card},
            known=tuple(known),
            hand_sizes=tuple(sizes),
            last=target,
            frontier=(state.frontier - {target})
            | {n for n in grid.orthogonal(target) if cards[n] is None},
            box=(
                min(first_column, column),
                max(last_column, column),
                min(first_row, row),
                max(last_row, row),
            ),
            placed=state.placed + 1,
        )

    def _apply_hiker(self, setup: Setup, state: Alpina, move: Move) -> Alpina:
        target = _space_index(move["at"])
        assert target is not None
        hikers = list(state.hikers)
        hikers[target] = state.turn
        left = list(state.hikers_left)
        left[state.turn] -= 1
        return self._end_of_turn(setup, state.evolve(hikers=tuple(hikers), hikers_left=tuple(left)))

    def _apply_pass(self, setup: Setup, state: Alpina, move: Move) -> Alpina:
        return self._end_of_turn(setup, state)

    def _end_of_turn(self, setup: Setup, state: Alpina) -> Alpina:
        if state.placed == GRID_CARDS:
            return state.evolve(phase=OVER)
        return self._next_draw(setup, state)

    def _next_draw(self, setup: Setup, state: Alpina) -> Alpina:
        if state.hand_sizes[state.turn] < HAND and state.deck_size() > 0:
            return state.evolve(phase=DRAW)
        return state.evolve(phase=PLAY, turn=(state.turn + 1) % len(setup.players))

    def _apply_draw(self, setup: Setup, state: Alpina, move: Move) -> Alpina:
        seat = state.turn
        sizes = list(state.hand_sizes)
        card = move.get("card")
        if card is None:
            sizes[seat] = min(HAND, sizes[seat] + state.deck_size())
            state = state.evolve(hand_sizes=tuple(sizes))
        else:
            sizes[seat] += 1
            known = list(state.known)
            known[seat] = known[seat] | {card}
            state = state.evolve(
                hand_sizes=tuple(sizes), known=tuple(known), pool=state.pool - {card}
            )
        return self._next_draw(setup, state)

    # --- what may happen --------------------------------------------------------------------
    def forced(self, setup: Setup, state: Alpina) -> Move | None:
        if not setup.digital and state.phase in (DEAL, DRAW):
            return {"type": state.phase}
        return None

    def legal(self, setup: Setup, state: Alpina) -> list[Move]:
        phase = state.phase
        if phase == START:
            starters = [c for c in _starters(setup) if c in state.pool]
            return [{"type": "start", "card": c} for c in starters]
        if phase == FIRST:
            return [{"type": "first", "seat": s} for s in range(len(setup.players))]
        if phase == PLAY:
            spaces = [space_name(*grid.column_row(s)) for s in _open_spaces(state)]
            return [
                {"type": "play", "card": c, "at": at}
                for c in sorted(self._playable(state))
                for at in spaces
            ]
        if phase == HIKER:
            moves: list[Move] = [{"type": "pass"}]
            if state.hikers_left[state.turn]:
                moves += [
                    {"type": "hiker", "at": space_name(*grid.column_row(s))}
                    for s in _hiker_spaces(state)
                ]
            return moves
        if phase in (DEAL, DRAW):
            return [] if setup.digital else [{"type": phase}]
        return []

    def _playable(self, state: Alpina) -> set[str]:
        seat = state.turn
        unknown = state.hand_sizes[seat] > len(state.known[seat])
        return set(state.known[seat]) | (set(state.pool) if unknown else set())

    def chance(self, setup: Setup, state: Alpina, rng: random.Random) -> Move:
        if state.phase == START:
            return {"type": "start", "card": rng.choice(sorted(c for c in _starters(setup)))}
        if state.phase == DEAL:
            dealt = rng.sample(sorted(state.pool), HAND * len(setup.players))
            hands = {p: dealt[i * HAND : (i + 1) * HAND] for i, p in enumerate(setup.players)}
            return {"type": "deal", "hands": hands}
        if state.phase == FIRST:
            return {"type": "first", "seat": rng.randrange(len(setup.players))}
        return {"type": "draw", "card": rng.choice(sorted(state.pool))}

    def random_move(self, setup: Setup, state: Alpina, rng: random.Random) -> Move:
        if state.phase == PLAY:
            card = rng.choice(sorted(self._playable(state)))
            at = rng.choice(_open_spaces(state))
            return {"type": "play", "card": card, "at": _SPACE_NAMES[at]}
        if state.phase == HIKER:
            spaces = _hiker_spaces(state) if state.hikers_left[state.turn] else []
            pick = rng.randrange(len(spaces) + 1)  # as uniform over `legal` as choice() is
            if pick == len(spaces):
                return {"type": "pass"}
            return {"type": "hiker", "at": _SPACE_NAMES[spaces[pick]]}
        return rng.choice(self.legal(setup, state))

    # --- scoring ----------------------------------------------------------------------------
    def score(self, setup: Setup, state: Alpina) -> ScoreSheet:
        cards = cards_of(setup.game)
        placed = {i: cards[c] for i, c in enumerate(state.cards) if c is not None}
        hikers = {i: setup.players[s] for i, s in enumerate(state.hikers) if s is not None}
        order = [
            setup.players[(state.first + k) % len(setup.players)] for k in range(len(setup.players))
        ]
        return score_grid(
            placed, hikers, order, space_label=lambda i: space_name(*grid.column_row(i))
        )

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        cards = cards_of(setup.game).values()
        hikers = HIKERS[len(setup.players)]
        best = max(
            c.tape + c.condition.get("base", 0) + c.condition.get("per", 0) * 32 for c in cards
        )
        return 0, hikers * best

    def stats(self, setup: Setup, state: Alpina) -> Mapping[str, float]:
        """Hikers placed and what they scored; how often the first player wins and ties arise."""
        sheet = self.score(setup, state)
        placed = sum(h is not None for h in state.hikers)
        n = len(setup.players)
        first_won = float(sheet.winners == (setup.players[state.first],))
        return {
            "hikers placed per player": placed / n,
            "hikers left unplaced (share)": sum(state.hikers_left) / (HIKERS[n] * n),
            "points per hiker": sum(sheet.total(p) for p in sheet.points) / placed if placed else 0,
            "first player won": first_won,
            "first player edge": first_won - 1 / n,
            "tie decided by turn order (AL-27)": float(bool(sheet.tiebreak)),
        }

    def census(self, setup: Setup, state: Alpina) -> Counter[str]:
        pieces: Counter[str] = Counter(c for c in state.cards if c is not None)
        pieces.update(state.pool)
        for known in state.known:
            pieces.update(known)
        tokens = {c.fields["colour"]: c for c in setup.game.group("hikers").components}
        for seat, colour in enumerate(self.colours(setup)):
            on_grid = sum(1 for h in state.hikers if h == seat)
            pieces[tokens[colour].id] += on_grid + state.hikers_left[seat]
        return pieces

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        position = read_position(game, text, source, HIKERS)
        cards = cards_of(game)
        placed = {i: cards[c] for i, c in position.cards.items()}
        return score_grid(placed, position.hikers, position.order, space_label=position.label)

    # --- showing ----------------------------------------------------------------------------
    def describe(self, setup: Setup, state: Alpina) -> str:
        return describe_table(setup, state, self.colours(setup))

    def view(self, setup: Setup, state: Alpina, player: str) -> str:
        """AL-3: the table as `player` may see it: the other hands only as counts."""
        return describe_table(setup, state, self.colours(setup), setup.players.index(player))

    def svg(self, setup: Setup, state: Alpina, face: Any) -> str:
        return table_svg(setup, state, self.table(setup, state, ""), face)

    def zones(self, setup: Setup, state: Alpina, viewer: str | None) -> dict[str, Any]:
        return alpina_zones(setup, state, self.colours(setup), viewer)

    def seat_colours(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """The hikers' colours (AL-4)."""
        hexes = {c.fields["colour"]: c.fields["hex"] for c in setup.game.group("hikers").components}
        return tuple((c, hexes[c]) for c in self.colours(setup))


def score_grid(
    placed: dict[int, Card], hikers: dict[int, str], order: list[str], space_label
) -> ScoreSheet:
    """Score a grid: each player's hikers, tape and condition points, and the winner (AL-18…27)."""
    points = {p: {"tape": 0, "conditions": 0} for p in order}
    notes = []
    for space_index in sorted(hikers):
        player = hikers[space_index]
        tape, condition = hiker_points(space_index, placed, hikers)
        points[player]["tape"] += tape
        points[player]["conditions"] += condition
        card = placed[space_index].id
        notes.append(f"{player}: {card} at {space_label(space_index)}: {tape} tape + {condition}")
    totals = {p: sum(c.values()) for p, c in points.items()}
    winner, tiebreak = winners_by_turn_order(totals, order)
    return ScoreSheet(("tape", "conditions"), points, (winner,), tiebreak, tuple(notes))


_STEP_RULES = {"start": "AL-2", "first": "AL-5", "deal": "AL-3", "play": "AL-8",
               "hiker": "AL-13", "pass": "AL-13", "draw": "AL-16"}  # fmt: skip
_ARGUMENTS: dict[str, dict[str, type]] = {
    "start": {"card": str},
    "first": {"seat": int},
    "play": {"card": str, "at": str},
    "hiker": {"at": str},
}


def _malformed(move: Move) -> str:
    """What is wrong with the shape of a move's JSON (as a damaged log may hold), or ""."""
    for key, kind in _ARGUMENTS.get(move["type"], {}).items():
        if type(move.get(key)) is not kind:  # `is`: a bool is no seat number
            return f"{key!r} should be a {kind.__name__}, not {move.get(key)!r}"
    if "card" in move and not isinstance(move["card"], str):
        return f"'card' should be a str, not {move['card']!r}"
    hands = move.get("hands")
    if hands is not None and not (
        isinstance(hands, dict)
        and all(isinstance(c, list) and all(isinstance(i, str) for i in c) for c in hands.values())
    ):
        return "'hands' should map each player to a list of card IDs"
    return ""


def _not_a_card(setup: Setup, card: str) -> str:
    """Why `card` cannot be played: not an ID at all, or the ID of a pawn or the track."""
    component = setup.game.component(card)
    if component is None:
        return f"{card} is not an Alpina card (the cards are AL-01 … AL-56)"
    return f"{card} is a {component.name.lower()}, not a card"


def _chosen_colours(option: str) -> tuple[str, ...]:
    """The colours of `-o colours=…`, in any case and spacing (AL-4)."""
    return tuple(c.strip().lower() for c in option.split(","))


def _seat(setup: Setup, name: str) -> int:
    for seat, player in enumerate(setup.players):
        if " ".join(player.split()).lower() == name.lower():
            return seat
    raise MoveSyntaxError(f"{name!r} is not a player ({', '.join(setup.players)})")


def _space_word(word: str) -> str:
    space(word)
    return word.lower()


_PHASE_KINDS = {
    START: "chance",
    DEAL: "chance",
    FIRST: "chance",
    PLAY: "move",
    HIKER: "move",
    DRAW: "chance",
    OVER: "over",
}
_SPACE_NAMES = tuple(space_name(*grid.column_row(i)) for i in range(grid.SIZE**2))
_SPACE_INDEX = {name: i for i, name in enumerate(_SPACE_NAMES)}


def _space_index(word: str) -> int | None:
    """The frame index of a space's name (a1 … i9), or None outside the frame."""
    found = _SPACE_INDEX.get(word)
    if found is not None:
        return found
    try:
        column, row = space(word)
    except MoveSyntaxError:
        return None
    return grid.index(column, row)


def _starters(setup: Setup) -> list[str]:
    return [c.id for c in setup.game.group("cards").components if c.fields.get("starter")]


def _open_spaces(state: Alpina) -> list[int]:
    """Empty spaces next to a card where a card may go without breaking the 5×5 bound."""
    size, reach = grid.SIZE, grid.BOUND - 1
    first_column, last_column, first_row, last_row = state.box
    return sorted(
        n
        for n in state.frontier
        if last_column - reach <= n % size <= first_column + reach
        and last_row - reach <= n // size <= first_row + reach
    )


def _hiker_spaces(state: Alpina) -> list[int]:
    near = [state.last, *grid.orthogonal(state.last)]
    return [s for s in near if state.cards[s] is not None and state.hikers[s] is None]


RULES = AlpinaRules()
