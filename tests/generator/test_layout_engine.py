"""Text layout, glyph coverage, and imposition geometry."""

from __future__ import annotations

import math

import pytest

from pnpkit.errors import PnpError
from pnpkit.generator.faces.compose import FaceBuilder, coord
from pnpkit.generator.faces.face import Face, Layer, Text, rect_path
from pnpkit.generator.sheets.imposition import Area, Rect, Slot, grid_slots, hex_slots, mirror
from pnpkit.generator.text.flow import Box, TextStyle, layout_text
from pnpkit.generator.text.fontmetrics import metrics
from pnpkit.units import MM


def _texts(items) -> list[Text]:
    return [i for i in items if isinstance(i, Text)]


def test_long_text_wraps_and_shrinks_to_fit_its_box() -> None:
    words = "gain two fish and move a stone " * 6
    items, fits = layout_text(
        words, Box(0, 0, 100, 60), TextStyle(size=12, min_size=5), lambda *a: []
    )
    texts = _texts(items)
    assert fits and len(texts) > 1
    assert texts[0].size < 12
    assert all(metrics("regular").width(t.text, t.size) <= 100.01 for t in texts)
    assert max(t.y for t in texts) <= 60


def test_inline_icons_take_the_place_of_their_token() -> None:
    drawn = []
    items, _ = layout_text("gain 2 [fish] now", Box(0, 0, 200, 20), TextStyle(),
                           lambda *a: drawn.append(a) or [])  # fmt: skip
    assert [t.text.strip() for t in _texts(items)] == ["gain 2", "now"]
    assert drawn and drawn[0][0] == "fish"


def test_accented_latin_is_covered_and_a_missing_glyph_is_an_error(tmp_path) -> None:
    assert not metrics("regular").missing("Año Nuevo äöüéèçß")
    builder = FaceBuilder({"elements": [{"type": "text", "text": "{name}"}]}, 100, 100, "rect",
                          0.0, tmp_path)  # fmt: skip
    builder.build({"name": "Año"}, "X-1")
    with pytest.raises(PnpError, match="font lacks"):
        builder.build({"name": "漢字"}, "X-2")


def test_a_text_repeated_across_faces_is_set_once_and_keeps_its_warning(tmp_path) -> None:
    template = {"elements": [{"type": "text", "text": "{kind}", "size": 9, "h": "6pt"}]}
    builder = FaceBuilder(template, 100, 100, "rect", 0.0, tmp_path)
    first = builder.build({"kind": "gain two fish"}, "X-1")
    builder.warnings.clear()
    second = builder.build({"kind": "gain two fish"}, "X-2")
    assert len(builder.set_texts) == 1
    assert first.items == second.items and _texts(first.items[0].items)
    assert any("X-2" in w and "shrunk" in w for w in builder.warnings)
    other = builder.build({"kind": "[fish] gain"}, "X-3")  # icons are not memoised
    assert len(builder.set_texts) == 1 and other.items != first.items


def test_coordinates_mix_units_and_shares() -> None:
    assert coord("100%-8mm", 200) == pytest.approx(200 - 8 * MM)
    assert coord("1in+2pt", 0) == pytest.approx(74)


def _face(w: float, h: float, bleed: float = 0.0, shape: str = "rect") -> Face:
    return Face(w, h, bleed, rect_path(0, 0, w, h), (Layer(()),), "X", shape)


def test_grid_keeps_order_and_stays_inside_the_area() -> None:
    area = Area(20, 40, 560, 780)
    pages = grid_slots(_face(180, 252, 8.5), 20, area)
    assert [len(p) for p in pages] == [9, 9, 2]
    order = [s.index for p in pages for s in p]
    assert order == list(range(20))
    for slot in pages[0]:
        assert area.x <= slot.trim.x and slot.trim.x1 <= area.x + area.w


def test_hex_tiles_tessellate_sharing_edges() -> None:
    w = 60 * MM
    face = _face(w, w * 2 / math.sqrt(3), shape="hex")
    slots = hex_slots(face, 12, Area(0, 0, 560, 780))[0]
    a, b = slots[0].trim, slots[1].trim
    assert b.x == pytest.approx(a.x1)  # same row: touching sides
    below = next(s.trim for s in slots if s.trim.y < a.y - 1)
    assert a.y - below.y == pytest.approx(0.75 * a.h)  # rows nest into each other
    assert below.x - a.x == pytest.approx(w / 2)


@pytest.mark.parametrize(
    ("flip", "rotate", "expected"),
    [("long", 0, 0), ("long", 90, 270), ("short", 0, 180), ("short", 90, 90)],
)
def test_backs_mirror_across_the_flip_edge(flip: str, rotate: int, expected: int) -> None:
    slot = Slot(0, Rect(30, 50, 100, 150), rotate)
    back = mirror(slot, (600, 800), flip, (2.0, -1.0))
    assert back.rotate == expected
    if flip == "long":
        assert (back.trim.x, back.trim.y) == (600 - 130 + 2.0, 50 - 1.0)
    else:
        assert (back.trim.x, back.trim.y) == (30 + 2.0, 800 - 200 - 1.0)
