"""`pnp new GAME_DIR`: a designer's new game that validates, renders and (with rules) plays.

The game: a manifest, a CSV deck with its field schema, and a card layout. With `--rules`, the
folder is also a Python project: a rules package registered under the game's ID in the
`pnpkit.rules` entry points of its pyproject.toml, its rules index, and a test that runs the
random play-through harness (`python -m pip install -e GAME_DIR`, then
`pytest GAME_DIR/tests`).
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

PYPROJECT = """# The referee's rules of {name}: `python -m pip install -e .`, then `pytest tests`.
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

[tool.ruff]
line-length = 100
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

A skeleton to grow, written with pnpkit's rules kit as docs/engine.md teaches: the table's
blocks, the steps of a turn, and each move declared once (its form, rule, step, check and what it
does), from which the referee's parsing, syntax table, refusals and list of legal moves follow.
Each turn a card is turned over (a chance step: `turn CARD` at the table, drawn by the referee in
digital play) and the player takes it or passes.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.referee.api import (
    ACCEPTED,
    Deck,
    Flow,
    KitRules,
    Move,
    Moves,
    Pile,
    ScoreSheet,
    Setup,
    Step,
    Table,
    Turn,
    Verdict,
    highest_total,
    refuse,
)

MOVES = Moves(syntax_rule="{p}-2", not_now_rule="{p}-2", turn_rule="{p}-3", over_rule="{p}-4")


@dataclass(frozen=True)
class State:
    """The table's blocks (the deck, the card turned over, the cards passed, each player's cards
    taken) and whose turn it is, at which step."""

    table: Table
    turn: Turn


def value(setup: Setup, card: str) -> int:
    return setup.game.component(card).fields["value"]


def taken(setup: Setup, seat: int) -> str:
    """The block of the cards the player in `seat` has taken."""
    return f"{{setup.players[seat]}}'s cards"


# --- turn over a card ({p}-2, {p}-3) -------------------------------------------------------------
def in_deck(setup: Setup, state: State, move: Move) -> Verdict:
    if move["card"] in state.table["deck"].kinds():
        return ACCEPTED
    return refuse("{p}-3", f"{{move['card']}} is not in the deck")


def deck_cards(setup: Setup, state: State) -> list[dict[str, str]]:
    return [{{"card": card}} for card in state.table["deck"].kinds()]


@MOVES.form("turn CARD", "{p}-2", "turn", check=in_deck, options=deck_cards)
def turn_over(setup: Setup, state: State, move: Move) -> State:
    """The card turned over from the deck."""
    table = state.table.put("deck", state.table["deck"].take(move["card"]))
    return State(table.put("shown", Pile((move["card"],))), state.turn.to("choose"))


# --- take it or pass ({p}-2), until the deck is empty ({p}-4) ------------------------------------
@MOVES.form("take", "{p}-2", "choose")
def take(setup: Setup, state: State, move: Move) -> State:
    """Take the card turned over and score its value."""
    card, shown = state.table["shown"].take()
    mine = taken(setup, state.turn.seat)
    table = state.table.put("shown", shown).put(mine, state.table[mine].put(card))
    return next_turn(setup, table, state.turn)


@MOVES.form("pass", "{p}-2", "choose")
def leave(setup: Setup, state: State, move: Move) -> State:
    """Leave it: nobody scores it."""
    card, shown = state.table["shown"].take()
    table = state.table.put("shown", shown).put("passed", state.table["passed"].put(card))
    return next_turn(setup, table, state.turn)


def next_turn(setup: Setup, table: Table, turn: Turn) -> State:
    """The next player's turn, or the end once the deck is empty ({p}-4)."""
    if not len(table["deck"]):
        return State(table, turn.over())
    return State(table, turn.next(len(setup.players), "turn"))


class {cls}(KitRules):
    id = "{id}"
    contract = "2.0"
    index = "rules.md"
    version = "1"
    moves = MOVES
    flow = Flow(
        (
            Step("turn", "chance", "{{player}}: turn over a card (turn CARD)", draws="deck"),
            Step("choose", "move", "{{player}}: take or pass"),
        )
    )

    def initial(self, setup: Setup) -> State:
        """{p}-1: every card in one face-down deck; the first player named begins."""
        cards = [c.id for c in setup.game.group("cards").components for _ in range(c.count)]
        blocks = {{"deck": Deck.of(cards), "shown": Pile(), "passed": Pile()}}
        blocks |= {{taken(setup, seat): Pile() for seat in range(len(setup.players))}}
        return State(Table.of(blocks), Turn(0, "turn"))

    def score(self, setup: Setup, state: State) -> ScoreSheet:
        """{p}-4: the values of the cards each player took; the most points wins."""
        points = {{
            player: {{"cards": sum(value(setup, c) for c in state.table[taken(setup, seat)].cards)}}
            for seat, player in enumerate(setup.players)
        }}
        return highest_total(("cards",), points, "{p}-4")

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        cards = setup.game.group("cards").components
        return (0, sum(c.count * c.fields["value"] for c in cards))


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
