"""Pieces cut along their outline (hexes that share edges) bleed only outward: a tile's bleed
stops at its neighbours' outlines."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.render import render_game
from pnpkit.generator.sheets.imposition import content_area
from pnpkit.generator.sheets.pdfsheets import PrintOptions, SheetWriter
from pnpkit.units import MM

from .artgame import art_game, loaded, solid_png
from .test_artwork import pdf_raster

COLOURS = [(220, 30, 30), (30, 30, 220), (30, 160, 30), (230, 200, 20), (200, 30, 200),
           (20, 200, 200)]  # fmt: skip
HEX = {"width": "60mm", "height": "69.28mm"}
DPI = 150


def close(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(x - y) <= 40 for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("bleed", [3.0, 6.0])
def test_each_hex_tile_shows_its_own_art_up_to_every_edge_it_shares(
    tmp_path: Path, bleed: float
) -> None:
    front = {
        "bleed": f"{bleed}mm",
        "shape": "hex",
        "elements": [{"type": "image", "bleed": True, "fit": "stretch", "src": {"field": "art"}}],
    }
    cards = [{"id": f"AG-{n}", "name": "T", "art": f"art/c{n}.png"} for n in range(6)]
    game_dir = art_game(tmp_path, front, cards, HEX)
    for n, colour in enumerate(COLOURS):
        solid_png(game_dir / "art" / f"c{n}.png", (60, 69), colour)
    game = loaded(game_dir)
    options = PrintOptions(bleed_mm=bleed, duplex="off")
    render_game(game, tmp_path / "out", options, list(game.groups), svg=False)
    sheet = pdf_raster((tmp_path / "out" / "artgame" / "artgame-cards.pdf").read_bytes(), DPI)

    group = game.group("cards")
    face = GroupFaces(game, group, bleed).front(group.components[0])
    writer = SheetWriter(options, "slots")
    (page, *_) = writer.impose(face, 6, content_area(writer.paper, face.bleed, marks=False))
    assert len(page) == 6
    w, h = face.width, face.height
    corners = [(w / 2, 0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0, 3 * h / 4), (0, h / 4)]
    shared = 0
    for slot in page:
        t = slot.trim
        own = COLOURS[slot.index]
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            dx, dy = w / 2 - mx, h / 2 - my
            norm = (dx * dx + dy * dy) ** 0.5
            for depth, expect_own in ((1.0, True), (-1.0, None)):
                fx, fy = mx + dx / norm * depth * MM, my + dy / norm * depth * MM
                px = (t.x + fx) * DPI / 72
                py = (writer.paper[1] - (t.y1 - fy)) * DPI / 72
                colour = sheet.getpixel((round(px), round(py)))
                if expect_own:  # 1 mm inside the cut: the tile's own art, not a neighbour's
                    assert close(colour, own), (slot.index, (mx, my), colour)
                elif colour != (255, 255, 255) and not close(colour, own):
                    shared += 1  # 1 mm outside: a neighbour's art, where the tiles meet
    assert shared >= 6  # the tiles do share edges
