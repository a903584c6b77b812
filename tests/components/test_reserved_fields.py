"""A field named like a value pnpkit gives every layout (color, id, name …) is refused, never
silently overwritten."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.components.model import TEMPLATE_NAMES
from pnpkit.errors import DefinitionError
from pnpkit.generator.faces.compose import context_for

TINY = Path(__file__).parent / "fixtures" / "tiny-csv"


def test_the_reserved_names_are_exactly_what_layouts_are_given() -> None:
    game = load_game(TINY)
    group = game.group("cards")
    component = game.component("TY-1")
    given = set(context_for(game, group, component)) - set(component.fields)
    assert given == set(TEMPLATE_NAMES)


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_a_field_schema_that_declares_a_reserved_name_is_refused(tmp_path: Path, name) -> None:
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    schema = json.loads((game / "card.schema.json").read_text(encoding="utf-8"))
    schema["properties"][name] = {"type": "string"}
    (game / "card.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    with pytest.raises(DefinitionError) as caught:
        load_game(game)
    messages = [str(p) for p in caught.value.problems]
    assert messages == [
        f"{game}/card.schema.json:#/properties/{name}: field name {name!r} is reserved: layouts "
        f"already see pnpkit's own {name!r} under it; rename the field, e.g. 'card_{name}' "
        "(reserved: id, name, count, group, game, kind, color, back, build)"
    ]
