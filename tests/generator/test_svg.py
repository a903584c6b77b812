"""SVG faces: they parse, match the components, and the module works without reportlab."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from pnpkit.components import bundled_game_ids, load_game
from pnpkit.generator.backends.svg import face_svg

NS = "{http://www.w3.org/2000/svg}"
SVG = f"{NS}svg"


def test_every_svg_preview_parses(gentoo_render) -> None:
    svgs = [f.path for f in gentoo_render.files if f.path.suffix == ".svg"]
    game = load_game("gentoo")
    fronts = {c.id for c in game.components()}
    assert {p.name.removesuffix("-front.svg") for p in svgs if "-front" in p.name} == fronts
    for path in svgs:
        root = ET.parse(path).getroot()
        assert root.tag == SVG
        assert root.get("width", "").endswith("mm")


def test_face_svg_draws_one_face_with_its_short_id() -> None:
    game = load_game("gentoo")
    card = game.component("GE-SEA")
    front = ET.fromstring(face_svg(game, card))
    texts = " ".join(t.text or "" for t in front.iter("{http://www.w3.org/2000/svg}text"))
    assert "GE-SEA" in texts and "Leopard Seal" in texts
    back = ET.fromstring(face_svg(game, card, side="back"))
    texts = " ".join(t.text or "" for t in back.iter("{http://www.w3.org/2000/svg}text"))
    assert "GE-SEA" not in texts and "Gentoo" in texts


def test_svgfaces_does_not_import_reportlab() -> None:
    code = (
        "import sys, pnpkit.generator.backends.svg as s; from pnpkit.components import load_game;"
        "g = load_game('gentoo'); s.face_svg(g, g.component('GE-FIS'));"
        "assert 'reportlab' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _words(text: str) -> list[str]:
    """The words of a text, lower-cased, without inline icons ([fish]) and punctuation."""
    return re.findall(r"[\w'’]+", re.sub(r"\[[\w-]+\]", " ", text).lower())


@pytest.mark.parametrize("game_id", bundled_game_ids())
def test_every_rule_text_in_the_data_is_printed_on_its_face(game_id: str) -> None:
    """A component's own text (a Matron's rule, a card's effect) is on the face people cut."""
    game = load_game(game_id)
    for component in game.components():
        text = component.fields.get("text")
        if not isinstance(text, str):
            continue
        face = ET.fromstring(face_svg(game, component))
        printed = " ".join("".join(t.itertext()) for t in face.iter(f"{NS}text"))
        wanted, words = _words(text), _words(printed)
        assert any(words[i : i + len(wanted)] == wanted for i in range(len(words))), (
            f"{component.id}: {text!r} is not on its face"
        )
