"""Simulated players for `simulate`: random, greedy and Monte-Carlo tree search (UCT).

Written once against the Rules interface (docs/engine.md), so they play every game, plugins too.
A skilled player decides from what its seat may see: it searches a *determinisation* of the state
(`Rules.determinise`: the other seats' unseen cards sampled from the pools), never the true one.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from pnpkit.errors import PnpError
from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.rules import Choices, Rules, RulesFault, Setup, State

KINDS = ("random", "greedy", "mcts")
MCTS_ROLLOUTS = 100
"""Rollouts per decision of `mcts` without a count."""
EXPLORATION = math.sqrt(2)
"""UCT's exploration constant for rewards in [0, 1]."""
FORCED_LIMIT = 10_000
"""Rules moves in a row before a rules module is judged to loop."""
DECISION_LIMIT = 20_000
"""Players' decisions in one simulated game or play-out before the game is judged never to end
(the bundled games take under 500)."""


class PlayerSpecError(PnpError):
    """A `--players` list that names no known player type."""

    exit_code = 2


@dataclass(frozen=True)
class PlayerSpec:
    """A seat's player: its kind and, for mcts, the rollouts per decision."""

    kind: str
    rollouts: int = 0

    def __str__(self) -> str:
        return f"mcts:{self.rollouts}" if self.kind == "mcts" else self.kind


def parse_players(text: str) -> tuple[int, tuple[PlayerSpec, ...]]:
    """`--players`: a player count (every seat random) or a comma-separated player per seat,
    `random`, `greedy`, `mcts` or `mcts:N` (`mcts:100,random`). Returns the count and the specs
    (empty for a bare count: random players)."""
    text = text.strip()
    if text.isdigit():
        return int(text), ()
    specs = tuple(_parse_one(word.strip()) for word in text.split(","))
    return len(specs), specs


def _parse_one(word: str) -> PlayerSpec:
    kind, _, count = word.lower().partition(":")
    problem = ""
    if kind not in KINDS:
        problem = f"unknown player {word!r}"
    elif count and kind != "mcts":
        problem = f"{word!r}: only mcts takes a count (mcts:N)"
    elif count and (not count.isdigit() or int(count) < 1):
        problem = f"{word!r}: N in mcts:N is a whole number of rollouts, at least 1"
    if problem:
        raise PlayerSpecError(
            f"--players: {problem}; give a player count (3) or one player per seat, "
            "separated by commas: random, greedy, mcts or mcts:N (e.g. mcts:100,random)"
        )
    return PlayerSpec(kind, int(count or MCTS_ROLLOUTS) if kind == "mcts" else 0)


def can_determinise(rules: Rules) -> bool:
    """Whether a skilled player may search this game without seeing others' secrets: the rules
    say so, write their own `determinise`, or get it from `knowledge` and `rebuild`."""
    return (
        rules.perfect_information
        or type(rules).determinise is not Rules.determinise
        or type(rules).rebuild is not Rules.rebuild
    )


def require_fair(rules: Rules, specs: tuple[PlayerSpec, ...]) -> None:
    """Refuse mcts for rules that cannot hide the other seats' secrets from a search."""
    if any(s.kind == "mcts" for s in specs) and not can_determinise(rules):
        raise PlayerSpecError(
            f"mcts cannot play {rules.id}: its rules provide no `determinise` (sampling the "
            "cards a seat cannot see), so a search would read the other players' hidden "
            "cards; use random or greedy players for it"
        )


def decide(
    spec: PlayerSpec,
    setup: Setup,
    state: State,
    seat: str,
    rng: random.Random,
    own: list[Move] | None = None,
) -> Move:
    """The move `seat`'s player makes now, at a "move" prompt, among `own` (the legal moves that
    are `seat`'s to decide; default: every legal move)."""
    if spec.kind == "greedy":
        return greedy_move(setup, state, seat, rng, own)
    if spec.kind == "mcts":
        return mcts_move(setup, state, seat, rng, spec.rollouts, own)
    return rng.choice(own) if own else setup.rules.random_move(setup, state, rng)


def by_decider(setup: Setup, state: State) -> dict[str | None, list[Move]]:
    """The legal moves now, by the player who decides each (None: no single player, such as a
    tie the table breaks), the prompt's actors first in their order."""
    rules = setup.rules
    found: dict[str | None, list[Move]] = {a: [] for a in rules.prompt(setup, state).actors}
    for move in rules.legal(setup, state):
        found.setdefault(rules.actor(setup, state, move), []).append(move)
    return {who: moves for who, moves in found.items() if moves}


def decide_together(
    setup: Setup,
    state: State,
    skilled: Mapping[str, tuple[PlayerSpec, random.Random]],
    rng: random.Random,
) -> Move:
    """The move at a simultaneous prompt: each skilled seat picks its own option (`choices`) from
    what it may see, not knowing the others' picks; the other seats pick at random with `rng`."""
    rules = setup.rules
    choices = rules.choices(setup, state)
    if choices is None or not any(p in skilled for p in choices.options):
        return rules.random_move(setup, state, rng)
    picked = {p: rng.choice(options) for p, options in choices.options.items()}
    for seat in choices.options:
        if seat in skilled:
            spec, own = skilled[seat]
            picked[seat] = choose_option(spec, setup, state, seat, choices, own)
    return rules.parse(setup, state, choices.spelled(picked))


def choose_option(
    spec: PlayerSpec, setup: Setup, state: State, seat: str, choices: Choices, rng: random.Random
) -> str:
    """`seat`'s own pick at a simultaneous prompt, the others' picks unknown to it (sampled at
    random on every try). greedy: the best immediate score change of one try per option; mcts:
    UCB1 over its options (a flat Monte-Carlo search), each try a determinisation played out."""
    options = choices.options[seat]
    if len(options) == 1:
        return options[0]
    tries = len(options) if spec.kind == "greedy" else max(spec.rollouts, len(options))
    stats = {option: Node(actor=seat) for option in options}
    total = Node(actor=seat)
    for _ in range(tries):
        seen = seen_state(setup, state, seat, rng)
        untried = [o for o in options if not stats[o].visits]
        if untried:
            option = untried[0] if spec.kind == "greedy" else rng.choice(untried)
        else:
            bounds = {o: stats[o].ucb(total.visits) for o in options}
            best = max(bounds.values())
            option = rng.choice([o for o in options if bounds[o] == best])
        others = setup.rules.choices(setup, seen) or choices  # their options as sampled
        picked = {p: option if p == seat else rng.choice(o) for p, o in others.options.items()}
        move = setup.rules.parse(setup, seen, choices.spelled(picked))
        if spec.kind == "greedy":
            before = setup.rules.score(setup, seen).total(seat)
            after = settle_forced(setup, setup.rules.apply(setup, seen, move))
            reward = float(setup.rules.score(setup, after).total(seat) - before)
        else:
            after = settle(setup, setup.rules.apply(setup, seen, move), rng)
            reward = rollout(setup, after, rng).get(seat, 0.0)
        stats[option].visits += 1
        stats[option].reward += reward
        total.visits += 1
    if spec.kind == "greedy":
        best = max(stats[o].reward for o in options)
        return rng.choice([o for o in options if stats[o].reward == best])
    most = max(stats[o].visits for o in options)
    return rng.choice([o for o in options if stats[o].visits == most])


def seen_state(setup: Setup, state: State, seat: str, rng: random.Random) -> State:
    """The state a seat's player may reason with: a determinisation when the rules give one, else
    the state (greedy only: its own moves and its own score)."""
    rules = setup.rules
    if not can_determinise(rules):
        return state
    seen = rules.determinise(setup, state, seat, rng)
    if seen is None:
        raise PnpError(f"{rules.id}: determinise returned nothing for {seat}")
    return seen


def greedy_move(
    setup: Setup, state: State, seat: str, rng: random.Random, own: list[Move] | None = None
) -> Move:
    """The move (of `own`, default every legal one) with the best immediate change of `seat`'s
    score, the rules' own moves after it applied (chance is not looked into); ties broken at
    random."""
    rules = setup.rules
    legal = own if own is not None else rules.legal(setup, state)
    if len(legal) <= 1:
        return legal[0] if legal else rules.random_move(setup, state, rng)
    seen = seen_state(setup, state, seat, rng)
    known = {move_key(m) for m in rules.legal(setup, seen)}
    moves = [m for m in legal if move_key(m) in known]  # another actor's move may differ
    if not moves:
        return rng.choice(legal)
    before = rules.score(setup, seen).total(seat)
    best: list[Move] = []
    best_gain = -math.inf
    for move in moves:
        after = settle_forced(setup, rules.apply(setup, seen, move))
        gain = rules.score(setup, after).total(seat) - before
        if gain > best_gain:
            best, best_gain = [move], gain
        elif gain == best_gain:
            best.append(move)
    return rng.choice(best)


def settle_forced(setup: Setup, state: State) -> State:
    """The state after the rules' own moves (an Automa, bookkeeping), as the engine applies them."""
    rules = setup.rules
    for _ in range(FORCED_LIMIT):
        forced = rules.forced(setup, state)
        if forced is None:
            return state
        state = rules.apply(setup, state, forced)
    raise PnpError(f"{rules.id}: the rules kept making moves by themselves")


def settle(setup: Setup, state: State, rng: random.Random) -> State:
    """The state at the next decision (or the end): rules moves applied, chance drawn with `rng`."""
    rules = setup.rules
    for _ in range(FORCED_LIMIT):
        forced = rules.forced(setup, state)
        if forced is not None:
            state = rules.apply(setup, state, forced)
        elif rules.prompt_kind(setup, state) == "chance":
            state = rules.apply(setup, state, rules.chance(setup, state, rng))
        else:
            return state
    raise PnpError(f"{rules.id}: the rules kept making moves by themselves")


def rewards(setup: Setup, state: State) -> dict[str, float]:
    """A finished game's reward per player: a share of the win."""
    winners = setup.rules.score(setup, state).winners
    return {p: 1 / len(winners) for p in winners}


def rollout(setup: Setup, state: State, rng: random.Random) -> dict[str, float]:
    """Random play from `state` to the end; the rewards."""
    rules = setup.rules
    for _ in range(DECISION_LIMIT):
        state = settle(setup, state, rng)
        if rules.prompt_kind(setup, state) == "over":
            return rewards(setup, state)
        state = rules.apply(setup, state, rules.random_move(setup, state, rng))
    raise endless(rules)


def endless(rules: Rules) -> RulesFault:
    """The fault of a game that has not ended after `DECISION_LIMIT` decisions."""
    return RulesFault(
        f"{rules.id}: no end after {DECISION_LIMIT:,} decisions; the rules may let a game go on "
        "for ever"
    )


@dataclass
class Node:
    """A node of the search tree: the moves tried after it, its visits and the reward won by the
    player whose move led to it (open loop: chance is sampled afresh on every pass)."""

    actor: str = ""
    visits: int = 0
    reward: float = 0.0
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self, parent_visits: int) -> float:
        """UCT's upper confidence bound of this child."""
        return self.reward / self.visits + EXPLORATION * math.sqrt(
            math.log(parent_visits) / self.visits
        )


def move_key(move: Move) -> str:
    """A move as a dictionary key."""
    return json.dumps(move, sort_keys=True)


def mcts_move(
    setup: Setup,
    state: State,
    seat: str,
    rng: random.Random,
    rollouts: int,
    own: list[Move] | None = None,
) -> Move:
    """UCT over determinisations: each pass samples what `seat` cannot see, descends by UCB among
    the moves legal in that sample, expands one move, and finishes with random play. The move
    played is the most visited of the root's that are `seat`'s (`own`, default every legal
    move; legal in the true state, as they are the seat's)."""
    rules = setup.rules
    moves = {move_key(m): m for m in (own if own is not None else rules.legal(setup, state))}
    if len(moves) <= 1:
        return next(iter(moves.values())) if moves else rules.random_move(setup, state, rng)
    root = Node(actor=seat)
    for _ in range(rollouts):
        _search_pass(setup, seen_state(setup, state, seat, rng), root, rng)
    tried = [(child.visits, key) for key, child in root.children.items() if key in moves]
    if not tried:
        return rng.choice(list(moves.values()))
    most = max(tried)[0]
    return moves[rng.choice(sorted(key for visits, key in tried if visits == most))]


def _search_pass(setup: Setup, state: State, root: Node, rng: random.Random) -> None:
    rules = setup.rules
    node, path = root, [root]
    while True:
        if node is not root:
            state = settle(setup, state, rng)
        if rules.prompt_kind(setup, state) != "move":
            break
        first = rules.prompt(setup, state).actors[0]
        legal = {move_key(m): m for m in rules.legal(setup, state)}
        untried = [key for key in legal if key not in node.children]
        if untried:
            key = rng.choice(untried)
            actor = rules.actor(setup, state, legal[key]) or first
            node = node.children.setdefault(key, Node(actor=actor))
            path.append(node)
            state = settle(setup, rules.apply(setup, state, legal[key]), rng)
            break
        parent = node
        key = max(legal, key=lambda k: parent.children[k].ucb(parent.visits))
        node = parent.children[key]
        path.append(node)
        state = rules.apply(setup, state, legal[key])
    won = rollout(setup, state, rng)
    for visited in path:
        visited.visits += 1
        visited.reward += won.get(visited.actor, 0.0)


def describe_players(specs: tuple[PlayerSpec, ...], count: int) -> list[str]:
    """Each seat's player as text (random for a bare count)."""
    return [str(s) for s in specs] if specs else ["random"] * count
