"""SVG faces: they parse, match the components, and the module works without reportlab."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

from pnpkit.components import load_game
from pnpkit.generator.svgfaces import face_svg

SVG = "{http://www.w3.org/2000/svg}svg"


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
        "import sys, pnpkit.generator.svgfaces as s; from pnpkit.components import load_game;"
        "g = load_game('gentoo'); s.face_svg(g, g.component('GE-FIS'));"
        "assert 'reportlab' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
