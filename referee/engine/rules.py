"""The interface every game's rules module implements: the contract of docs/engine.md.

A rules module defines `RULES`, an instance of a `Rules` subclass, and is found through the
`pnpkit.rules` entry point named by the manifest's "rules" key (`referee.registry`). States are the
module's own immutable values (frozen dataclasses, tuples): `apply` returns a new state and never
changes the one it is given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.engine.information import SHARED, Knowledge
from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.verdict import Verdict

if TYPE_CHECKING:
    from pnpkit.scan.pieces import PhotoScan

State = Any
"""A rules module's state: immutable, comparable with ==."""

CONTRACT = "2.0"
"""The version of the rules-module contract this engine implements (docs/engine.md)."""
ACCEPTED_CONTRACTS = {2: 0, 1: 2}
"""Major version → the highest minor version loaded: a module written for 2.0, or for any 1.x up
to 1.2 (2.0 changed nothing those modules do: 1.x modules keep working)."""


class RulesFault(PnpError):
    """The rules module broke the contract or failed: the rules' fault, not the players'."""

    exit_code = 3


PromptKind = Literal["move", "chance", "simultaneous", "over"]


@dataclass(frozen=True)
class Prompt:
    """What the referee expects next: who acts, what kind of entry, and a line for the player.

    kind "move": a player's decision; "chance": what chance decided (a die, a card turned over),
    entered at the table or drawn by the referee in digital mode; "simultaneous": secret choices of
    `actors`, entered together in one move; "over": the game has ended.
    """

    kind: PromptKind
    actors: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Setup:
    """The immutable game being refereed: component data, rules, variant, players, options."""

    game: Game
    rules: Rules
    variant: str
    players: tuple[str, ...]
    options: Mapping[str, str] = field(default_factory=dict)
    seed: int | None = None
    """Digital mode when set: the referee draws every chance outcome itself (and logs it)."""

    @property
    def digital(self) -> bool:
        """Whether the referee draws chance outcomes itself."""
        return self.seed is not None


@dataclass(frozen=True)
class Syntax:
    """One move form for `rules GAME` and the play prompt's help: `play CARD SPACE` …"""

    form: str
    meaning: str
    rule: str = ""


@dataclass(frozen=True)
class Choices:
    """Choices made in secret and entered together: the move's form and each player's options, as
    typed after `NAME=` (`legal` shows these rather than every combination of them)."""

    form: str
    options: Mapping[str, tuple[str, ...]]

    def spelled(self, picked: Mapping[str, str]) -> str:
        """The move's text for each player's pick: the form's first word, then `NAME=VALUE`
        for every player of `options` (`travel Ann=2 Bob=ocean`); every such text is legal."""
        return " ".join([self.form.split()[0], *(f"{p}={picked[p]}" for p in self.options)])


@dataclass(frozen=True)
class ScoreSheet:
    """Final scoring: points per player per category, the winner(s), and the tie-break used."""

    categories: tuple[str, ...]
    points: Mapping[str, Mapping[str, int]]
    winners: tuple[str, ...]
    tiebreak: str = ""
    notes: tuple[str, ...] = ()
    tied: tuple[str, ...] = ()
    """Players still tied after every tie-break the referee can apply, whose tie only the table
    can break (Año Nuevo's bellow): until it does, the game has leaders but no winner."""

    def total(self, player: str) -> int:
        """A player's total over every category."""
        return sum(self.points[player].values())

    @classmethod
    def from_json(cls, data: Mapping[str, Any], categories: Sequence[str]) -> ScoreSheet:
        """A sheet from its JSON form (`to_json`, perhaps as the gate left it for a viewer)."""
        return cls(
            categories=tuple(categories),
            points={p: dict(row["categories"]) for p, row in data["players"].items()},
            winners=tuple(data.get("winners", data.get("leaders", ()))),
            tiebreak=data.get("tiebreak", ""),
            notes=tuple(data.get("notes", ())),
            tied=tuple(data.get("tied", ())),
        )

    def decided(self, over: bool) -> bool:
        """Whether the sheet names winners: the game is `over` and no tie waits on the table."""
        return over and not self.tied

    def to_json(self, over: bool) -> dict[str, Any]:
        """The JSON form printed by `score --json`: `"final": true` and `winners` once the game is
        over and decided; before that `"final": false` and `leaders` (who is ahead now), with
        `tied` naming the players whose tie the table must still break."""
        final = self.decided(over)
        return {
            "final": final,
            "players": {
                p: {"categories": dict(cats), "total": self.total(p)}
                for p, cats in self.points.items()
            },
            "winners" if final else "leaders": list(self.winners),
            **({"tied": list(self.tied)} if self.tied else {}),
            "tiebreak": self.tiebreak,
            "notes": list(self.notes),
        }


class Rules:
    """Base class of a game's rules. Override the methods marked "required"."""

    id: ClassVar[str] = ""
    contract: ClassVar[str] = ""
    """The contract version the module was written for, "MAJOR.MINOR" (required)."""
    index: ClassVar[str] = ""
    """The rules index (statements by rule ID), a file shipped in the module's package, named
    relative to it: `referee explain ID` reads it."""
    version: ClassVar[str] = "1"
    variants: ClassVar[Mapping[str, str]] = {"standard": "the rules as printed"}
    options: ClassVar[Mapping[str, str]] = {}
    syntax: ClassVar[Sequence[Syntax]] = ()
    syntax_rule: ClassVar[str] = ""
    """The rules-index ID cited when typed text is not a move in `syntax` (refused as any move)."""
    legal_is_complete: ClassVar[bool] = True
    """True when `legal` lists every acceptable move, so the harness may call others illegal."""
    secret_categories: ClassVar[frozenset[str]] = frozenset()
    """Score categories that tell a secret before the end (Arctic's totem, Nut Hunt's objectives):
    `table` leaves them out of the other players' running scores for a viewer, and names no
    leaders and no notes."""
    perfect_information: ClassVar[bool] = False
    """True when a state holds nothing that some player may not see (the referee never knows a
    hidden card): a search may then use the state itself (`determinise`)."""
    unlisted: ClassVar[frozenset[str]] = frozenset()
    """Types of moves welcome at almost any time that `legal` leaves out to stay short (a secret
    card a player chooses to show); `also` names their forms."""

    # --- required -------------------------------------------------------------------------
    def initial(self, setup: Setup) -> State:
        """The state before anything has happened (setup's chance steps are moves)."""
        raise NotImplementedError

    def prompt(self, setup: Setup, state: State) -> Prompt:
        """What is expected now."""
        raise NotImplementedError

    def parse(self, setup: Setup, state: State, text: str) -> Move:
        """A move from its text form (no `NAME:` prefix); MoveSyntaxError if it is not one."""
        raise NotImplementedError

    def text(self, setup: Setup, move: Move) -> str:
        """The text form of a move; `parse` of it gives the move back."""
        raise NotImplementedError

    def check(self, setup: Setup, state: State, move: Move) -> Verdict:
        """Whether `move` may be made now; a refusal cites a rules-index ID."""
        raise NotImplementedError

    def apply(self, setup: Setup, state: State, move: Move) -> State:
        """The state after a checked move (a new value; `state` is left as it was)."""
        raise NotImplementedError

    def legal(self, setup: Setup, state: State) -> list[Move]:
        """Every move that may be made now (for a chance prompt: every possible outcome)."""
        raise NotImplementedError

    def score(self, setup: Setup, state: State) -> ScoreSheet:
        """Scores (final once the prompt is "over"; a running count before)."""
        raise NotImplementedError

    def describe(self, setup: Setup, state: State) -> str:
        """The table as plain text for the terminal."""
        raise NotImplementedError

    # --- optional -------------------------------------------------------------------------
    def prompt_kind(self, setup: Setup, state: State) -> PromptKind:
        """The kind of the current prompt: all a simulation needs (override when cheaper)."""
        return self.prompt(setup, state).kind

    def forced(self, setup: Setup, state: State) -> Move | None:
        """A move the rules make by themselves now (an Automa action, a bookkeeping step)."""
        return None

    def chance(self, setup: Setup, state: State, rng: random.Random) -> Move:
        """Digital mode: the outcome of the current chance step, drawn with `rng`."""
        return rng.choice(self.legal(setup, state))

    def random_move(self, setup: Setup, state: State, rng: random.Random) -> Move:
        """A uniformly random legal move (override with a faster way for simulations)."""
        return rng.choice(self.legal(setup, state))

    def census(self, setup: Setup, state: State) -> Counter[str]:
        """Every piece on the table, in hands, decks and boxes by component ID (conserved); by
        default the cards of `knowledge`."""
        known = self.knowledge(setup, state)
        return Counter() if known is None else known.census()

    def knowledge(self, setup: Setup, state: State) -> Knowledge | None:
        """Every card by zone and who sees each zone (`pnpkit.referee.engine.information`): what the
        engine keeps from each viewer on every surface. None: the game keeps no secret the
        referee knows (the engine then treats a digital game's views as the only guide)."""
        return None

    def rebuild(self, setup: Setup, state: State, knowledge: Knowledge) -> State:
        """`state` with its cards where `knowledge` (a reshuffle of `knowledge(state)`'s hidden
        cards) puts them: what the default `determinise` needs."""
        raise NotImplementedError

    def actor(self, setup: Setup, state: State, move: Move) -> str | None:
        """The player who decides `move` now, or None when no single player does (chance, the
        rules' own step, a choice the table makes together such as a tie it must break, or who
        goes first). By default the move's `player` (a `NAME:` prefix), else the prompt's one
        actor when it is a player."""
        named = move.get("player")
        if isinstance(named, str) and named in setup.players:
            return named
        actors = self.prompt(setup, state).actors
        kind = self.prompt_kind(setup, state)
        one = kind == "move" and len(actors) == 1 and actors[0] in setup.players
        return actors[0] if one else None

    def hidden_text(self, setup: Setup, move: Move) -> str:
        """What a viewer who may not read `move` (it moved a card they cannot see) reads of it:
        its public part ("Ann draws a card"); by default only that it is secret."""
        return "(secret)"

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        """The lowest and highest total a player can finish with."""
        return (-(10**9), 10**9)

    def stats(self, setup: Setup, state: State) -> Mapping[str, float]:
        """Game-specific figures of a finished game for `simulate` to average (e.g. turns)."""
        return {}

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        """Score a finished game described in a position file; PnpError names file and line."""
        raise PnpError(f"{source}: {self.id} has no position-file scoring")

    def position_from_pieces(self, game: Game, photos: Sequence[PhotoScan]) -> str:
        """The position file of a finished game read from photos (`score --photo`): each photo's
        pieces with their IDs and places (`pnpkit.scan`). PositionUnclear (pnpkit.scan.position)
        lists what is missing when the photos do not determine the position."""
        raise PnpError(f"{self.id} cannot read a position from photos")

    def choices(self, setup: Setup, state: State) -> Choices | None:
        """At a simultaneous prompt, each player's own options (None: `legal` lists the moves)."""
        return None

    def also(self, setup: Setup, state: State) -> Sequence[str]:
        """The forms of the `unlisted` moves that may be entered now (printed after `legal`)."""
        return ()

    def view(self, setup: Setup, state: State, player: str) -> str:
        """The table as `player` may see it, without the others' secrets (`show --player`)."""
        raise PnpError(f"{self.id} has no per-player view; `show` without --player shows all")

    def determinise(
        self, setup: Setup, state: State, seat: str, rng: random.Random
    ) -> State | None:
        """A state `seat` cannot tell from this one: what it may not see (the other hands, the
        order of the draw pile) sampled with `rng` from the pools the state keeps, its own cards
        and everything public kept. It must depend on nothing `seat` cannot see. None (the
        default, unless `perfect_information`): the rules cannot, and simulated MCTS players
        refuse the game rather than read the true hands. A game with `knowledge` and `rebuild`
        gets it from them: its hidden cards dealt again into their places, each to a place of
        its own component group."""
        if self.perfect_information:
            return state
        known = self.knowledge(setup, state)
        if known is None or type(self).rebuild is Rules.rebuild:
            return None
        return self.rebuild(setup, state, known.shuffled(seat, rng, _group_of(setup)))

    def svg(self, setup: Setup, state: State, face: Any) -> str:
        """A picture of the table; `face(component_id)` gives a component's SVG or None. By
        default a row per zone of `knowledge`, as the shared screen sees it (PnpError when the
        rules keep none)."""
        known = self.knowledge(setup, state)
        if known is None:
            raise PnpError(f"{self.id} cannot draw its table yet")
        from pnpkit.referee.views.zone_picture import drawn, knowledge_rows

        return drawn(self, setup, state, SHARED, knowledge_rows(setup, known, SHARED))

    def table(self, setup: Setup, state: State, viewer: str | None = None) -> dict[str, Any]:
        """The table as data for `viewer` (`show --json`, the web page): players with their
        colours and running scores, whose turn, the prompt, the score sheet, and the game's
        `zones`. `viewer` None sees everything the referee knows; a player's name sees what that
        player may see (as `view`); any other name (the shared screen, "") sees only what is
        public. Validated by `pnpkit.referee.views.table_schema` against the game's JSON Schema."""
        from pnpkit.referee.views.table_data import table_of

        return table_of(self, setup, state, viewer)

    def zones(self, setup: Setup, state: State, viewer: str | None) -> dict[str, Any]:
        """The game's own part of `table`: grid, piles, hands … as `viewer` may see them (helpers
        in `pnpkit.referee.views.table_data`); described by the game's schema."""
        return {}

    def seat_colours(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """Each seat's colour as (name, "#rrggbb"), in seat order: for the legend and terminal."""
        from pnpkit.referee.views.table_data import PALETTE

        return tuple(PALETTE[n % len(PALETTE)] for n in range(len(setup.players)))

    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        """PnpError if the game cannot be played with these players, variant, and options."""
        if variant not in self.variants:
            raise PnpError(
                f"unknown variant {variant!r}; {game.name} has: {', '.join(self.variants)}"
            )
        if not game.players_min <= len(players) <= game.players_max:
            raise PnpError(
                f"{game.name} is for {game.players_min}–{game.players_max} players, "
                f"not {len(players)}"
            )


def _group_of(setup: Setup) -> Any:
    """A card's kind for `Knowledge.shuffled`: its component group."""
    groups = {c.id: c.group for c in setup.game.components()}
    return lambda card: groups.get(card, "")


def load_rules(game: Game) -> Rules:
    """The rules of `game`, found by its manifest's "rules" key (`referee.registry.load`)."""
    key = game.manifest.get("rules")
    if not key:
        raise PnpError(f'{game.name} has no referee rules (its game.json sets no "rules")')
    from pnpkit.referee.engine.registry import load

    return load(key, game.name)
