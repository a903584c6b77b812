"""`pnp new GAME_DIR`: a designer's new game that validates, renders and (with rules) plays.

The game: a manifest, a CSV deck with its field schema, and a card layout. With `--rules`, the
folder is also a Python project: a rules package registered under the game's ID in the
`pnpkit.rules` entry points of its pyproject.toml, its rules index, and a test that runs the
random play-through harness (`pip install -e GAME_DIR`, then `pytest GAME_DIR/tests`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from pnpkit.atomic import write_text
from pnpkit.errors import PnpError
from pnpkit.outputs import output_folder

CARDS_CSV = """id,name,count,value,text
{p}-1,Spark,3,1,
{p}-2,Ember,2,2,
{p}-3,Flame,2,3,
{p}-5,Blaze,1,5,Worth the most.
"""

FIELDS = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Card fields",
    "type": "object",
    "additionalProperties": False,
    "required": ["value"],
    "properties": {
        "value": {"type": "integer", "minimum": 1, "maximum": 9, "description": "Points."},
        "text": {"type": "string", "maxLength": 120, "description": "An optional effect."},
    },
}

LAYOUT = {
    "extends": "card-base",
    "elements": [
        {
            "id": "title",
            "type": "text",
            "text": "{name}",
            "x": "5mm",
            "y": "5mm",
            "w": "100%-10mm",
            "h": "10mm",
            "style": "bold",
            "size": 14,
            "align": "center",
            "valign": "middle",
        },
        {
            "id": "body",
            "type": "text",
            "text": "{text}",
            "when": "text",
            "x": "6mm",
            "y": "60mm",
            "w": "100%-12mm",
            "h": "20mm",
            "size": 10,
            "align": "center",
            "valign": "middle",
        },
        {
            "id": "value",
            "type": "text",
            "text": "{value}",
            "x": "50%-10mm",
            "y": "30mm",
            "w": "20mm",
            "h": "20mm",
            "style": "bold",
            "size": 36,
            "align": "center",
            "valign": "middle",
        },
    ],
}

PYPROJECT = """# The referee's rules of {name}: `pip install -e .` here, then `pytest tests`.
[build-system]
requires = ["setuptools>=69"]
build-backend = "setuptools.build_meta"

[project]
name = "{id}-rules"
version = "0.1.0"
requires-python = ">=3.11"
dependencies = ["pnpkit"]

# game.json's "rules" names these rules; the referee finds them through this entry point.
[project.entry-points."pnpkit.rules"]
{id} = "{package}:RULES"

[tool.setuptools]
packages = ["{package}"]

[tool.setuptools.package-data]
{package} = ["rules.md"]
"""

RULES_MD = """# {name} — rules index

Numbered statements of the rules; the referee cites these IDs when it refuses a move and
`pnp referee explain {p}-1` prints one. Rewrite them as your game's rules grow.

- **{p}-1** {name} is for 2 to 4 players. Shuffle the cards into a face-down deck.
- **{p}-2** Players take turns in the order they were named. On your turn, turn over the top card
  of the deck, then take it (score its value) or pass (nobody scores it).
- **{p}-3** Only the player whose turn it is acts, and only a card still in the deck can be
  turned over.
- **{p}-4** The game ends when the deck is empty. The most points wins; equal points share it.
"""

RULES_PY = '''"""The referee's rules of {name} (rules index: rules.md beside this module).

A skeleton to grow: each turn a card is turned over (a chance step: `turn CARD` at the table, or
drawn by the referee with --seed) and the player takes it or passes. docs/engine.md in pnpkit is
the contract every method follows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnpkit.referee.api import (
    ACCEPTED,
    Knowledge,
    Move,
    MoveSyntaxError,
    Prompt,
    Rules,
    ScoreSheet,
    Setup,
    Syntax,
    Verdict,
    private,
    public,
    refuse,
    words,
)


@dataclass(frozen=True)
class Table:
    """Whose turn, the cards in the deck, the card turned over, each player's points, and the
    cards already taken or passed."""

    turn: int
    deck: tuple[tuple[str, int], ...]
    shown: str | None
    points: tuple[int, ...]
    gone: tuple[str, ...] = ()


class {cls}(Rules):
    id = "{id}"
    contract = "2.0"
    index = "rules.md"
    version = "1"
    syntax = (
        Syntax("turn CARD", "the card turned over from the deck", "{p}-2"),
        Syntax("take", "take the card turned over and score its value", "{p}-2"),
        Syntax("pass", "leave it: nobody scores it", "{p}-2"),
    )

    def initial(self, setup: Setup) -> Table:
        deck = tuple(sorted((c.id, c.count) for c in setup.game.group("cards").components))
        return Table(0, deck, None, (0,) * len(setup.players))

    def prompt(self, setup: Setup, state: Table) -> Prompt:
        player = setup.players[state.turn]
        if state.shown is not None:
            return Prompt("move", (player,), f"{{player}}: take or pass")
        if not any(n for _, n in state.deck):
            return Prompt("over", (), "the deck is empty: the game is over")
        return Prompt("chance", (player,), f"{{player}}: turn over a card (turn CARD)")

    def parse(self, setup: Setup, state: Table, text: str) -> Move:
        w = words(text)
        if len(w) == 2 and w[0] == "turn":
            return {{"type": "turn", "card": w[1].upper()}}
        if w in (["take"], ["pass"]):
            return {{"type": w[0]}}
        raise MoveSyntaxError("expected: turn CARD, take or pass")

    def text(self, setup: Setup, move: Move) -> str:
        return f"turn {{move['card']}}" if move["type"] == "turn" else move["type"]

    def check(self, setup: Setup, state: Table, move: Move) -> Verdict:
        kind = self.prompt(setup, state).kind
        if kind == "over":
            return refuse("{p}-4", "the game is over")
        if "player" in move and move["player"] != setup.players[state.turn]:
            return refuse("{p}-3", f"it is {{setup.players[state.turn]}}'s turn")
        if move["type"] == "turn":
            if kind != "chance":
                return refuse("{p}-2", "take or pass the card turned over first")
            if dict(state.deck).get(move["card"], 0) == 0:
                return refuse("{p}-3", f"{{move['card']}} is not in the deck")
            return ACCEPTED
        if kind != "move":
            return refuse("{p}-2", "turn over a card first")
        return ACCEPTED

    def apply(self, setup: Setup, state: Table, move: Move) -> Table:
        if move["type"] == "turn":
            deck = dict(state.deck)
            deck[move["card"]] -= 1
            return replace(state, deck=tuple(sorted(deck.items())), shown=move["card"])
        points = state.points
        if move["type"] == "take":
            value = setup.game.component(state.shown).fields["value"]
            points = tuple(p + value * (i == state.turn) for i, p in enumerate(points))
        turn = (state.turn + 1) % len(setup.players)
        gone = (*state.gone, state.shown)
        return replace(state, turn=turn, shown=None, points=points, gone=gone)

    def legal(self, setup: Setup, state: Table) -> list[Move]:
        kind = self.prompt(setup, state).kind
        if kind == "chance":
            return [{{"type": "turn", "card": card}} for card, n in state.deck if n]
        return [{{"type": "take"}}, {{"type": "pass"}}] if kind == "move" else []

    def chance(self, setup: Setup, state: Table, rng) -> Move:
        cards = [card for card, n in state.deck for _ in range(n)]
        return {{"type": "turn", "card": rng.choice(cards)}}

    def score(self, setup: Setup, state: Table) -> ScoreSheet:
        best = max(state.points)
        winners = tuple(p for p, n in zip(setup.players, state.points, strict=True) if n == best)
        points = {{p: {{"cards": n}} for p, n in zip(setup.players, state.points, strict=True)}}
        return ScoreSheet(("cards",), points, winners)

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        cards = setup.game.group("cards").components
        return (0, sum(c.count * c.fields["value"] for c in cards))

    def knowledge(self, setup: Setup, state: Table) -> Knowledge:
        """Who sees which card: the deck face down (nobody), the rest face up (everyone). A hand
        would be `private("hand:" + player, cards, player)`. The census follows from it."""
        shown = [state.shown] if state.shown else []
        deck = [card for card, n in state.deck for _ in range(n)]
        return Knowledge((private("deck", deck), public("table", [*state.gone, *shown])))

    def describe(self, setup: Setup, state: Table) -> str:
        left = sum(n for _, n in state.deck)
        scores = ", ".join(f"{{p}} {{n}}" for p, n in zip(setup.players, state.points, strict=True))
        return f"deck: {{left}} cards; turned over: {{state.shown or '-'}}; points: {{scores}}"


RULES = {cls}()
'''

TEST_PY = '''"""Random play-throughs of {name} with pnpkit's harness: every move listed is
accepted, wrong ones are refused, undo and replay agree, scores stay in bounds (docs/engine.md)."""

from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.checks.harness import playthrough, playthrough_cases

GAME = str(Path(__file__).resolve().parents[1])
DATA = load_game(GAME)
PLAYERS = range(DATA.players_min, DATA.players_max + 1)  # as game.json says


@pytest.mark.parametrize("case", playthrough_cases(GAME, players=PLAYERS))
def test_playthrough(case):
    playthrough(case)
'''


def game_id(folder: Path) -> str:
    """A game ID from a folder's name: lower case, hyphens, starting with a letter."""
    plain = unicodedata.normalize("NFKD", folder.name.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    slug = re.sub(r"^[0-9-]+", "", slug)[:40].strip("-")
    if not slug:
        raise PnpError(f"{folder}: the folder's name must hold a letter (it gives the game's ID)")
    return slug


def scaffold(folder: Path, rules: bool) -> list[Path]:
    """Write a new game into `folder` (absent or empty); the files written."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise PnpError(f"{folder}: already exists and is not an empty folder; choose a new one")
    output_folder(folder)
    ident = game_id(folder)
    if rules:
        from pnpkit.referee.engine.registry import sources

        taken = sources().get(ident)
        if taken:
            raise PnpError(
                f"{folder}: rules named {ident!r} are already installed ({taken[0]}); "
                "name the folder otherwise, since the game's ID names its rules"
            )
    name = ident.replace("-", " ").title()
    prefix = "".join(c for c in ident if c.isalpha())[:3].upper()
    package = ident.replace("-", "_") + "_rules"
    manifest = {
        "id": ident,
        "name": name,
        "prefix": prefix,
        "designer": "Your Name",
        "players": {"min": 2, "max": 4},
        **({"rules": ident} if rules else {}),
        "components": [
            {
                "kind": "deck",
                "id": "cards",
                "name": "Cards",
                "size": "poker",
                "back": {"title": name, "icon": "star", "color": "#3a6ea5"},
                "fields": "fields/card.schema.json",
                "layout": {"front": "card-front"},
                "cards": "cards.csv",
            }
        ],
    }
    files = {
        "game.json": json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
        "cards.csv": CARDS_CSV.format(p=prefix),
        "fields/card.schema.json": json.dumps(FIELDS, indent=2) + "\n",
        "layouts/card-front.json": json.dumps(LAYOUT, indent=2) + "\n",
    }
    if rules:
        values = {"name": name, "id": ident, "package": package, "p": prefix}
        values["cls"] = "".join(part.title() for part in ident.split("-")) + "Rules"
        files |= {
            "pyproject.toml": PYPROJECT.format(**values),
            f"{package}/__init__.py": RULES_PY.format(**values),
            f"{package}/rules.md": RULES_MD.format(**values),
            "tests/test_playthrough.py": TEST_PY.format(**values),
        }
    written = []
    for relative, text in files.items():
        write_text(folder / relative, text)
        written.append(folder / relative)
    return written
