"""`validate` and `render` read art with one parser and agree; a render that fails writes
nothing (every file of every game is built before the first is written)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pnpkit.errors import PnpError
from pnpkit.generator.backends import svg as svgfaces
from pnpkit.generator.progress import run_render
from pnpkit.generator.sheets.pdfsheets import PrintOptions

from .artgame import art_game, loaded
from .test_artwork import image_card

PNP = Path(sys.executable).parent / "pnp"
XXE = (
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]>'
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
    '<text y="10">&x;</text><rect width="4" height="2"/></svg>'
)


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_validate_and_render_both_refuse_svg_art_declaring_an_external_entity(
    tmp_path: Path,
) -> None:
    cards = [{"id": "AG-1", "name": "A", "art": "art/lighthouse.svg"},
             {"id": "AG-2", "name": "B", "art": "art/x.svg"}]  # fmt: skip
    game = art_game(tmp_path, image_card(), cards)
    (game / "art" / "x.svg").write_text(XXE, encoding="utf-8")
    checked = subprocess.run([str(PNP), "validate", str(game)], capture_output=True, text=True)
    out = tmp_path / "out"
    rendered = subprocess.run(
        [str(PNP), "render", str(game), "--out", str(out)], capture_output=True, text=True
    )
    assert checked.returncode == rendered.returncode == 2
    for result in (checked, rendered):
        assert "'art/x.svg'" in result.stderr and "AG-2" in result.stderr
        assert "<!ENTITY>" in result.stderr
        assert "Traceback" not in result.stderr
    assert not out.exists() or files_under(out) == {}


def test_a_render_that_fails_late_writes_nothing_and_keeps_the_old_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last step of the last game fails: no PDF of either game is written or replaced."""
    games = []
    for name in ("one", "two"):
        folder = tmp_path / name
        cards = [{"id": "AG-1", "name": "A", "art": "art/lighthouse.svg"}]
        games.append(loaded(art_game(folder, image_card(), cards)))
    out = tmp_path / "out"
    (out / "artgame").mkdir(parents=True)
    (out / "artgame" / "artgame-cards.pdf").write_bytes(b"the previous render")
    before = files_under(out)
    calls = []
    drawn = svgfaces.render_svg

    def failing_svg(face, **options) -> str:
        calls.append(face)
        if len(calls) > 2:  # the first game's front and back are drawn; the second's fail
            raise PnpError("the preview of the last game failed")
        return drawn(face, **options)

    monkeypatch.setattr(svgfaces, "render_svg", failing_svg)
    with pytest.raises(PnpError, match="last game"):
        run_render(games, out, PrintOptions(), None)
    assert files_under(out) == before
