"""Step C, moving the animal tokens (AR-15–AR-18): the visible animal's token and its
companion's move one space each, in opposite directions; tokens on an edge move inwards; the
walrus adds a space (AR-27, AR-28)."""

from __future__ import annotations

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, refuse
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.powers import walrus, walrus_token
from pnpkit.referee.games.arctic.situation import token_pair
from pnpkit.referee.games.arctic.state import State

WAYS = {"left": -1, "right": 1}
"""The extra space's direction, by its word (AR-27)."""
Pair = tuple[str, str] | None  # step C's main and companion animals (token_pair)


def tokens_text(setup: Setup, state: State) -> str:
    """Step C's prompt: the choice to make (AR-16) or the edge rules' moves, and the walrus."""
    pair = token_pair(setup, state) or ("", "")
    effect = walrus(setup, state)
    extra = ""
    if effect is not None:
        token = pair[0] if effect == "walrus-main-extra" else pair[1]
        extra = f"; walrus: add extra left|right for one more {token} space"
    if token_choices(setup, state, pair) == [None]:
        return f"the edge rules move the {pair[0]} and {pair[1]} tokens: tokens{extra}"
    return f"move the {pair[0]} and {pair[1]} tokens: tokens {pair[0]} left (or {pair[1]}){extra}"


def check_tokens(setup: Setup, state: State, move: Move) -> Verdict:
    pair = token_pair(setup, state)
    choices = token_choices(setup, state, pair)
    if move.get("left") not in choices:
        if choices == [None]:
            if on_edges(setup, state, pair) == 2:
                return refuse("AR-18", "both tokens are on edges: both move inwards")
            return refuse("AR-17", "a token on an edge must move inwards: no choice to make")
        return refuse("AR-16", f"say which token goes left: {choices[0]} or {choices[1]}")
    extra = move.get("extra")
    if extra is None:
        return ACCEPTED
    effect = walrus(setup, state)
    if effect is None:
        return refuse("AR-27", "only the holder of the walrus power moves a token further")
    if extra not in _extras(setup, state, pair, move.get("left"), effect):
        rule = "AR-27" if effect == "walrus-main-extra" else "AR-28"
        return refuse(rule, "the extra space would take the token off the landscape")
    return ACCEPTED


def apply_tokens(setup: Setup, state: State, move: Move) -> State:
    pair = token_pair(setup, state)
    tokens = moved_tokens(setup, state, pair, move.get("left"))
    extra = move.get("extra")
    if extra is not None:
        tokens[walrus_token(setup, pair, walrus(setup, state) or "")] += WAYS[extra]
    return state.at("draw", tokens=tuple(tokens))


def token_choices(setup: Setup, state: State, pair: Pair) -> list[str | None]:
    """The `left` choices of step C (`pair`: its `token_pair`): both animals when neither token
    is on an edge (AR-16)."""
    return [None] if pair is None or on_edges(setup, state, pair) else list(pair)


def on_edges(setup: Setup, state: State, pair: Pair) -> int:
    """How many of step C's two tokens (`pair`) stand on an edge card (AR-17, AR-18)."""
    table = facts(setup.game)
    edges = (0, len(table.landscape) - 1)
    return sum(state.tokens[table.animals.index(a)] in edges for a in pair or ())


def no_token_choice(setup: Setup, state: State) -> bool:
    """AR-17, AR-18: a token on an edge and no walrus power leave nothing to choose."""
    pair = token_pair(setup, state)
    return token_choices(setup, state, pair) == [None] and walrus(setup, state) is None


def token_moves(setup: Setup, state: State) -> list[Move]:
    """Step C's moves: each choice of the token going left, with the walrus's extra space where
    it keeps the token on the landscape."""
    moves: list[Move] = []
    pair = token_pair(setup, state)
    effect = walrus(setup, state)
    for left in token_choices(setup, state, pair):
        base: Move = {"type": "tokens"} if left is None else {"type": "tokens", "left": left}
        moves.append(base)
        if effect is not None:
            moves += [{**base, "extra": way} for way in _extras(setup, state, pair, left, effect)]
    return moves


def _extras(setup: Setup, state: State, pair: Pair, left: str | None, effect: str) -> list[str]:
    """AR-27, AR-28: the ways the walrus's extra space may go after the two moves (`left`) of
    `pair`'s tokens, keeping its token on the landscape."""
    tokens = moved_tokens(setup, state, pair, left)
    at = tokens[walrus_token(setup, pair, effect)]
    return [way for way, step in WAYS.items() if 0 <= at + step < len(tokens)]


def moved_tokens(setup: Setup, state: State, pair: Pair, left: str | None) -> list[int]:
    """AR-15–AR-18: token positions after the two single-space moves of `pair`'s tokens."""
    table = facts(setup.game)
    last = len(table.landscape) - 1
    tokens = list(state.tokens)
    main, other = (table.animals.index(a) for a in pair or ("", ""))
    inward = {0: 1, last: -1}
    if left is not None:
        tokens[table.animals.index(left)] -= 1
        tokens[main if table.animals[other] == left else other] += 1
    elif tokens[main] in inward and tokens[other] in inward:
        for token in (main, other):
            tokens[token] += inward[tokens[token]]
    else:
        edge, free = (main, other) if tokens[main] in inward else (other, main)
        step = inward[tokens[edge]]
        tokens[edge] += step
        tokens[free] -= step
    return tokens
