"""Artwork on faces: PNG, JPEG and SVG files, fitted by one geometry that the PDF and the SVG
preview both draw; SVG art stays vector; each bitmap is stored once; `validate` checks files."""

from __future__ import annotations

import base64
import re
import subprocess
import xml.etree.ElementTree as ET
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import resvg_py
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image as PILImage
from PIL import ImageChops, ImageFilter, ImageStat
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator.art.artwork import fit, sniff
from pnpkit.generator.backends.pdf import place_face, register_fonts
from pnpkit.generator.backends.svg import render_svg
from pnpkit.generator.faces.face import Face
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.render import render_game
from pnpkit.generator.sheets.pdfsheets import PrintOptions
from pnpkit.units import MM
from tests.in_process import run_pnp

from .artgame import RED, art_game, loaded, solid_png

BOX = {"x": "4mm", "y": "4mm", "w": "55.5mm", "h": "35mm"}


def image_card(fit_mode: str | None = None, **extra) -> dict:
    element = {"type": "image", **BOX, "src": {"field": "art"}, **extra}
    if fit_mode:
        element["fit"] = fit_mode
    return {"bleed": "0mm", "elements": [element]}


def front_face(game_dir: Path, card_id: str = "AG-1") -> Face:
    game = loaded(game_dir)
    return GroupFaces(game, game.group("cards")).front(game.component(card_id))


def face_pdf(face: Face) -> bytes:
    """One face alone on a page the size of its bleed box, drawn as the print sheets draw it."""
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(face.full_width, face.full_height))
    place_face(canvas, face, face.bleed, face.bleed, face.width, face.height)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def pdf_raster(data: bytes, dpi: float) -> PILImage.Image:
    page = pdfium.PdfDocument(data)[0]
    return page.render(scale=dpi / 72).to_pil().convert("RGB")


def svg_raster(text: str, dpi: float) -> PILImage.Image:
    png = resvg_py.svg_to_bytes(svg_string=text, dpi=dpi, background="#ffffff")
    return PILImage.open(BytesIO(bytes(png))).convert("RGB")


def drawn_images(data: bytes) -> list[tuple[float, float]]:
    """The size (points) of every bitmap the PDF's first page draws, forms included."""
    page = pdfium.PdfDocument(data)[0]
    sizes = []
    for obj in page.get_objects(max_depth=8):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            matrix = obj.get_matrix()
            sizes.append((abs(matrix.a), abs(matrix.d)))
    return sizes


def object_types(data: bytes) -> list[int]:
    page = pdfium.PdfDocument(data)[0]
    return [obj.type for obj in page.get_objects(max_depth=8)]


def ink_box(image: PILImage.Image) -> tuple[int, int, int, int]:
    """The bounding box of the pixels that are not white."""
    background = PILImage.new("RGB", image.size, (255, 255, 255))
    box = ImageChops.difference(image, background).convert("L").point(lambda v: v > 40).getbbox()
    assert box is not None, "nothing was drawn"
    return box


# the geometry ------------------------------------------------------------------------------


def test_a_400_by_300_png_in_a_55_5_by_35_mm_box_per_fit_mode() -> None:
    box = (0.0, 0.0, 55.5 * MM, 35 * MM)
    x, y, w, h = fit(box, 400, 300, "contain")
    assert (round(w / MM, 2), round(h / MM, 2)) == (46.67, 35.0)
    assert x / MM == pytest.approx((55.5 - 35 * 4 / 3) / 2) and y == 0
    x, y, w, h = fit(box, 400, 300, "cover")
    assert (round(w / MM, 2), round(h / MM, 2)) == (55.5, 41.62)
    assert x == 0 and round(y / MM, 2) == -3.31
    assert fit(box, 400, 300, "stretch") == box
    x, _, _, _ = fit(box, 400, 300, "contain", align="right")
    assert round((x + 46.67 * MM) / MM, 2) == 55.5
    _, y, _, _ = fit(box, 400, 300, "cover", valign="top")
    assert y == 0


boxes = st.tuples(st.floats(-100, 100), st.floats(-100, 100), st.floats(1, 500), st.floats(1, 500))
sizes = st.floats(1, 5000)
aligns = st.sampled_from(["left", "center", "right"])
valigns = st.sampled_from(["top", "middle", "bottom"])


@given(boxes, sizes, sizes, aligns, valigns)
def test_contain_keeps_the_aspect_and_stays_inside_touching_two_sides(
    box, width, height, align, valign
) -> None:
    x, y, w, h = fit(box, width, height, "contain", align, valign)
    bx, by, bw, bh = box
    assert w / h == pytest.approx(width / height, rel=1e-9)
    assert bx - 1e-6 <= x and x + w <= bx + bw + 1e-6
    assert by - 1e-6 <= y and y + h <= by + bh + 1e-6
    assert w == pytest.approx(bw, rel=1e-9) or h == pytest.approx(bh, rel=1e-9)


@given(boxes, sizes, sizes, aligns, valigns)
def test_cover_keeps_the_aspect_and_covers_the_box(box, width, height, align, valign) -> None:
    x, y, w, h = fit(box, width, height, "cover", align, valign)
    bx, by, bw, bh = box
    assert w / h == pytest.approx(width / height, rel=1e-9)
    assert x <= bx + 1e-6 and x + w >= bx + bw - 1e-6
    assert y <= by + 1e-6 and y + h >= by + bh - 1e-6


def test_files_are_known_by_their_content() -> None:
    assert sniff(b"\x89PNG\r\n\x1a\n....") == "png"
    assert sniff(b"\xff\xd8\xff\xe0....") == "jpeg"
    assert sniff(b'\xef\xbb\xbf<?xml version="1.0"?>\n<svg xmlns=...') == "svg"
    assert sniff(b"GIF89a") is None
    assert sniff(b"hello, I am a text file named art.png") is None


# the print and the preview draw the same box ------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "expected_mm"),
    [("contain", (46.67, 35.0)), ("cover", (55.5, 41.62)), ("stretch", (55.5, 35.0))],
)
def test_pdf_and_svg_draw_the_bitmap_at_the_size_the_fit_mode_says(
    tmp_path: Path, mode: str, expected_mm: tuple[float, float]
) -> None:
    game = art_game(tmp_path, image_card(mode), [{"id": "AG-1", "name": "A", "art": "art/w.png"}])
    solid_png(game / "art" / "w.png", (400, 300))
    face = front_face(game)
    ((width, height),) = drawn_images(face_pdf(face))
    assert (round(width / MM, 2), round(height / MM, 2)) == expected_mm
    image = next(ET.fromstring(render_svg(face)).iter("{http://www.w3.org/2000/svg}image"))
    svg_size = float(image.get("width")) / MM, float(image.get("height")) / MM
    assert (round(svg_size[0], 2), round(svg_size[1], 2)) == expected_mm
    assert image.get("preserveAspectRatio") == "none"  # the fit is the layout's, not the viewer's


@pytest.mark.parametrize("mode", ["contain", "cover", "stretch"])
def test_the_visible_art_is_the_box_the_fit_mode_gives_in_print_and_preview(
    tmp_path: Path, mode: str
) -> None:
    game = art_game(tmp_path, image_card(mode), [{"id": "AG-1", "name": "A", "art": "art/w.png"}])
    solid_png(game / "art" / "w.png", (400, 300))
    face = front_face(game)
    dpi = 100
    print_box = ink_box(pdf_raster(face_pdf(face), dpi))
    preview_box = ink_box(svg_raster(render_svg(face), dpi))
    visible = {"contain": (46.67, 35.0), "cover": (55.5, 35.0), "stretch": (55.5, 35.0)}[mode]
    for box in (print_box, preview_box):
        width_mm = (box[2] - box[0]) / dpi * 25.4
        height_mm = (box[3] - box[1]) / dpi * 25.4
        assert width_mm == pytest.approx(visible[0], abs=0.6)
        assert height_mm == pytest.approx(visible[1], abs=0.6)
    assert all(abs(a - b) <= 1 for a, b in zip(print_box, preview_box, strict=True))


def full_art_face(tmp_path: Path, shape: str, size: dict | str = "poker") -> Face:
    front = {
        "bleed": "3mm",
        "shape": shape,
        "radius": "4mm",
        "elements": [
            {"type": "image", "bleed": True, "fit": "cover", "src": "art/lighthouse.svg"},
            {"type": "image", "x": "10%", "y": "55%", "w": "80%", "h": "35%",
             "src": "art/harbour.png"},
        ],
    }  # fmt: skip
    game = art_game(tmp_path, front, [{"id": "AG-1", "name": "A"}], size)
    return front_face(game)


def picture_difference(a: PILImage.Image, b: PILImage.Image) -> tuple[float, float]:
    """Mean difference (of 255) and the share of pixels that differ by more than a quarter,
    after a one-pixel blur that evens out the two rasterisers' anti-aliasing."""
    a, b = (image.filter(ImageFilter.GaussianBlur(1)) for image in (a, b))
    difference = ImageChops.difference(a, b)
    far = sum(difference.convert("L").histogram()[65:]) / (a.width * a.height)
    return sum(ImageStat.Stat(difference).mean) / 3, far


@pytest.mark.parametrize("shape", ["rounded", "hex"])
def test_preview_and_print_of_full_bleed_art_are_the_same_picture(
    tmp_path: Path, shape: str
) -> None:
    size = "poker" if shape == "rounded" else {"width": "60mm", "height": "69.28mm"}
    face = full_art_face(tmp_path, shape, size)
    dpi = 150
    printed = pdf_raster(face_pdf(face), dpi)
    preview = svg_raster(render_svg(face, bleed=True), dpi)
    assert abs(printed.width - preview.width) <= 1 and abs(printed.height - preview.height) <= 1
    crop = (0, 0, min(printed.width, preview.width), min(printed.height, preview.height))
    printed, preview = printed.crop(crop), preview.crop(crop)
    mean, far = picture_difference(printed, preview)
    assert mean < 2.0, f"mean difference {mean:.2f} of 255"
    assert far < 0.005, f"{far:.2%} of the pixels differ by more than a quarter"
    shifted = ImageChops.offset(preview, round(dpi / 25.4), 0)  # the same art 1 mm off
    assert picture_difference(printed, shifted)[1] > 10 * far + 0.01


def test_full_bleed_art_is_clipped_to_rounded_corners_grown_by_the_bleed(tmp_path: Path) -> None:
    face = full_art_face(tmp_path, "rounded")
    dpi = 100
    for image in (pdf_raster(face_pdf(face), dpi), svg_raster(render_svg(face, bleed=True), dpi)):
        w, h = image.size
        assert image.getpixel((1, 1)) == (255, 255, 255)  # outside the rounded corner
        assert image.getpixel((w - 2, h - 2)) == (255, 255, 255)
        assert image.getpixel((w // 2, 1)) != (255, 255, 255)  # the art reaches the bleed edge
        assert image.getpixel((1, h // 2)) != (255, 255, 255)


def test_full_bleed_art_on_a_hex_is_clipped_to_the_hex(tmp_path: Path) -> None:
    face = full_art_face(tmp_path, "hex", {"width": "60mm", "height": "69.28mm"})
    image = pdf_raster(face_pdf(face), 100)
    w, h = image.size
    for corner in ((2, 2), (w - 3, 2), (2, h - 3), (w - 3, h - 3)):
        assert image.getpixel(corner) == (255, 255, 255)
    assert image.getpixel((w // 2, 3)) != (255, 255, 255)  # the hex's top point, in the bleed
    trimmed = svg_raster(render_svg(face), 100)  # the preview trimmed to the cut hex
    assert trimmed.getpixel((2, trimmed.height // 2)) != (255, 255, 255)
    assert trimmed.getpixel((2, 2)) == (255, 255, 255)


# SVG stays vector; bitmaps are stored once --------------------------------------------------


def test_svg_art_is_vector_paths_in_the_pdf_not_an_image(tmp_path: Path) -> None:
    cards = [{"id": f"AG-{n}", "name": "A", "art": "art/lighthouse.svg"} for n in (1, 2, 3)]
    game = art_game(tmp_path, image_card(), cards)
    types = object_types(face_pdf(front_face(game)))
    assert types.count(pdfium_c.FPDF_PAGEOBJ_PATH) >= 10
    assert pdfium_c.FPDF_PAGEOBJ_IMAGE not in types


def test_svg_art_drawn_by_many_cards_is_stored_once_as_a_form(tmp_path: Path) -> None:
    cards = [{"id": f"AG-{n}", "name": "A", "art": "art/lighthouse.svg"} for n in range(1, 13)]
    cards.append({"id": "AG-99", "name": "B", "art": "art/x.svg"})
    game_dir = art_game(tmp_path, image_card(), cards)
    (game_dir / "art" / "x.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" '
        'height="2" fill="#00f"/></svg>',
        encoding="utf-8",
    )
    game = loaded(game_dir)
    result = render_game(game, tmp_path / "out", PrintOptions(), list(game.groups), svg=False)
    pdf = next(f.path for f in result.files if f.path.name.endswith("-cards.pdf"))
    forms: dict[int, int] = {}
    for page in PdfReader(pdf).pages:
        for name, reference in page["/Resources"]["/XObject"].items():
            if name.startswith("/FormXob.Art"):
                forms[reference.idnum] = forms.get(reference.idnum, 0) + 1
    assert len(forms) == 1  # the lighthouse, once for the 12 cards on two sheets
    assert sum(forms.values()) == 2
    contents = b"".join(page.get_contents().get_data() for page in PdfReader(pdf).pages)
    assert contents.count(b"0 0 1 rg") == 1  # x.svg, on one card only: drawn in place


def test_svg_art_is_inlined_as_vector_in_the_preview_with_its_own_ids(tmp_path: Path) -> None:
    game = art_game(tmp_path, image_card(), [{"id": "AG-1", "name": "A", "art": "art/x.svg"}])
    (game / "art" / "x.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="40" height="20" onload="alert(1)"><script>alert(2)</script>'
        '<defs><clipPath id="clip1"><rect id="r" width="10" height="10"/></clipPath></defs>'
        '<rect width="40" height="20" fill="#0a0" clip-path="url(#clip1)"/><use xlink:href="#r"/>'
        '<image xlink:href="/etc/hostname" width="1" height="1"/></svg>',
        encoding="utf-8",
    )
    text = render_svg(front_face(game))
    root = ET.fromstring(text)
    nested = [e for e in root.iter("{http://www.w3.org/2000/svg}svg") if e is not root]
    assert len(nested) == 1 and nested[0].get("viewBox") == "0 0 40 20"
    assert "data:image" not in text and "script" not in text and "onload" not in text
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))  # the art's clip1 no longer clashes with the face's clip1
    art_clip = next(i for i in ids if i.endswith("-clip1"))
    assert f"url(#{art_clip})" in text
    art_rect = next(i for i in ids if i.endswith("-r"))
    assert f'xlink:href="#{art_rect}"' in text  # links within the art follow its ids
    assert "/etc/hostname" not in text  # links out of the file are dropped


def test_an_svg_links_to_no_other_file_in_print_or_preview(tmp_path: Path) -> None:
    game = art_game(tmp_path, image_card(), [{"id": "AG-1", "name": "A", "art": "art/x.svg"}])
    solid_png(game / "art" / "red.png", (40, 20))
    (game / "art" / "x.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="40" height="20"><image xlink:href="red.png" width="40" height="20"/></svg>',
        encoding="utf-8",
    )
    face = front_face(game)
    assert drawn_images(face_pdf(face)) == []
    assert "red.png" not in render_svg(face)


def test_a_bitmap_inside_an_svg_is_drawn_in_print_and_preview(tmp_path: Path) -> None:
    cards = [
        {"id": "AG-1", "name": "on the page", "art": "art/x.svg"},
        {"id": "AG-2", "name": "in its face's form", "art": "art/y.svg", "count": "2"},
        {"id": "AG-3", "name": "in a shared form", "art": "art/z.svg"},
        {"id": "AG-4", "name": "in a shared form", "art": "art/z.svg"},
    ]
    game_dir = art_game(tmp_path, image_card(), cards)
    png = BytesIO()
    PILImage.new("RGB", (40, 20), RED).save(png, format="PNG")
    data = base64.b64encode(png.getvalue()).decode("ascii")
    for name in ("x", "y", "z"):
        (game_dir / "art" / f"{name}.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="40" height="20"><image xlink:href="data:image/png;base64,{data}" '
            'width="40" height="20"/></svg>',
            encoding="utf-8",
        )
    game = loaded(game_dir)
    out = tmp_path / "out"
    render_game(game, out, PrintOptions(), list(game.groups))
    sheet = pdf_raster((out / "artgame" / "artgame-cards.pdf").read_bytes(), 50)
    red = dict((color, count) for count, color in sheet.getcolors(1 << 20)).get(RED, 0)
    one = (55.5 / 25.4 * 50) * (55.5 / 2 / 25.4 * 50)  # a 2:1 picture 55.5 mm wide, in pixels
    assert red > 5 * one * 0.9  # all five faces
    preview = (out / "artgame" / "svg" / "AG-1-front.svg").read_text(encoding="utf-8")
    assert "data:image/png;base64," in preview


def test_svg_transparency_survives_in_the_pdf_form(tmp_path: Path) -> None:
    game = art_game(tmp_path, image_card(), [{"id": "AG-1", "name": "A", "art": "art/x.svg"}])
    (game / "art" / "x.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
        '<rect width="40" height="20" fill="#00f" fill-opacity="0.5"/></svg>',
        encoding="utf-8",
    )
    image = pdf_raster(face_pdf(front_face(game)), 72)
    x, y = int(30 * MM), int(20 * MM)
    red, green, blue = image.getpixel((x, y))
    assert blue > 240 and 100 < red < 160 and 100 < green < 160  # half blue on white


def _bitmaps(resources) -> set[int]:
    """The object numbers of the bitmaps that a resource dictionary uses, forms included."""
    found: set[int] = set()
    for reference in resources.get_object().get("/XObject", {}).values():
        xobject = reference.get_object()
        if xobject.get("/Subtype") == "/Image":
            found.add(reference.idnum)
        elif "/Resources" in xobject:
            found |= _bitmaps(xobject["/Resources"])
    return found


def test_each_bitmap_is_embedded_once_however_many_cards_use_it(tmp_path: Path) -> None:
    cards = [{"id": f"AG-{n:02d}", "name": "A", "art": "art/harbour.png"} for n in range(12)]
    cards += [{"id": "AG-99", "name": "B", "art": "art/w.png"}]
    game_dir = art_game(tmp_path, image_card("cover"), cards)
    solid_png(game_dir / "art" / "w.png", (400, 300))
    game = loaded(game_dir)
    result = render_game(game, tmp_path / "out", PrintOptions(), list(game.groups), svg=False)
    pdf = next(f.path for f in result.files if f.path.name.endswith("-cards.pdf"))
    images: set[int] = set()
    for page in PdfReader(pdf).pages:
        images |= _bitmaps(page["/Resources"])
    assert len(images) == 2  # harbour.png and w.png, each stored once for 13 cards
    harbour = PILImage.open(game_dir / "art" / "harbour.png")
    pixels = harbour.width * harbour.height
    assert pdf.stat().st_size < pixels * 3 / 10  # compressed, not 12 raw copies


# validation ----------------------------------------------------------------------------------


def validate(game: Path) -> subprocess.CompletedProcess[str]:
    """`pnp validate GAME` in this process (tests/in_process.py)."""
    return run_pnp("validate", game)


def test_validate_names_component_field_and_file_of_each_bad_image(tmp_path: Path) -> None:
    cards = [
        {"id": "AG-1", "name": "Missing", "art": "art/nope.png"},
        {"id": "AG-2", "name": "Text", "art": "art/notes.png"},
        {"id": "AG-3", "name": "Broken", "art": "art/broken.png"},
        {"id": "AG-4", "name": "Outside", "art": "../elsewhere.png"},
        {"id": "AG-5", "name": "Fine", "art": "art/lighthouse.svg"},
        {"id": "AG-6", "name": "Not SVG", "art": "art/bad.svg"},
    ]
    game = art_game(tmp_path, image_card(), cards)
    (game / "art" / "notes.png").write_text("a text file with an image's name", encoding="utf-8")
    (game / "art" / "broken.png").write_bytes((game / "art" / "harbour.png").read_bytes()[:900])
    (game / "art" / "bad.svg").write_text("<svg", encoding="utf-8")
    solid_png(tmp_path / "elsewhere.png", (400, 300))
    result = validate(game)
    assert result.returncode == 2
    lines = result.stderr.splitlines()

    def line_for(card: str) -> str:
        (line,) = [text for text in lines if f" {card} (front)" in text]
        assert "field 'art'" in line
        return line

    assert "missing file 'art/nope.png'" in line_for("AG-1")
    assert "'art/notes.png' is not a PNG, JPEG or SVG image" in line_for("AG-2")
    assert "'art/broken.png' is a damaged PNG image" in line_for("AG-3")
    assert "'../elsewhere.png' leaves the game's directory" in line_for("AG-4")
    assert "'art/bad.svg' is an SVG image that cannot be read" in line_for("AG-6")
    assert not any("AG-5" in line for line in lines)
    assert "5 problems" in result.stderr
    assert "Traceback" not in result.stderr


def test_validate_warns_of_a_bitmap_below_200_dpi_and_passes(tmp_path: Path) -> None:
    cards = [{"id": f"AG-{n}", "name": "Small", "art": "art/small.png"} for n in (1, 2)]
    cards.append({"id": "AG-3", "name": "Sharp", "art": "art/sharp.png"})
    game = art_game(tmp_path, image_card("contain"), cards)
    solid_png(game / "art" / "small.png", (200, 150))  # 46.67 mm wide: 109 dpi
    solid_png(game / "art" / "sharp.png", (800, 600))  # 435 dpi
    result = validate(game)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1  # once per file and printed size, not once per card
    assert "'art/small.png' prints at 109 dpi" in warnings[0]
    assert "200 dpi" in warnings[0] and "AG-1" in warnings[0]


def test_a_jpeg_named_png_is_drawn_by_its_content(tmp_path: Path) -> None:
    game = art_game(tmp_path, image_card(), [{"id": "AG-1", "name": "A", "art": "art/j.png"}])
    PILImage.new("RGB", (400, 300), RED).save(game / "art" / "j.png", format="JPEG")
    face = front_face(game)
    assert face.items[0].items[0].kind == "jpeg"
    assert re.search(r"data:image/jpeg;base64,", render_svg(face))
    ((width, _),) = drawn_images(face_pdf(face))
    assert round(width / MM, 2) == 46.67
