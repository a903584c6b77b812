"""What prints is what the designer drew: SVG art features compared pixel by pixel between the
print PDF (rasterised by pdfium) and the preview (rasterised by resvg), wherever the PDF draws
the art: in place, in a face's shared form, or in the art's own shared form."""

from __future__ import annotations

import json
import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
import resvg_py
from PIL import Image as PILImage
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator.backends.pdf import define_face, place_face, register_fonts, svg_paths
from pnpkit.generator.backends.svg import render_svg
from pnpkit.generator.faces.face import Face
from pnpkit.generator.render import render_game
from pnpkit.generator.sheets.pdfsheets import PrintOptions
from tests.in_process import run_pnp

from .artgame import art_game, loaded
from .test_artwork import front_face, image_card, pdf_raster, picture_difference, svg_raster

GRADIENTS = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><defs>'
    '<linearGradient id="l"><stop offset="0" stop-color="#f00"/>'
    '<stop offset="1" stop-color="#00f"/></linearGradient>'
    '<radialGradient id="r"><stop offset="0" stop-color="#ff0"/>'
    '<stop offset="1" stop-color="#080"/></radialGradient></defs>'
    '<rect width="40" height="20" fill="url(#l)"/><circle cx="30" cy="10" r="8" fill="url(#r)"/>'
    "</svg>"
)


def svg_art_face(tmp_path: Path, svg: str) -> Face:
    """The face of a card whose art is the SVG text `svg`."""
    game = art_game(tmp_path, image_card(), [{"id": "AG-1", "name": "A", "art": "art/x.svg"}])
    (game / "art" / "x.svg").write_text(svg, encoding="utf-8")
    return front_face(game)


def pdf_pages_by_depth(face: Face) -> bytes:
    """Three pages of the face alone: drawn in place, from its face form with the art drawn in
    that form, and from its face form placing the art's own form (as the print sheets do)."""
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(face.full_width, face.full_height))
    (art,) = {item.path for layer in face.items for item in getattr(layer, "items", ())}
    for name, art_forms in (("", set()), ("Face", set()), ("FaceArt", {art})):
        if name:
            define_face(canvas, name, face, art_forms)
        place_face(canvas, name or face, face.bleed, face.bleed, face.width, face.height)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def pages(data: bytes, dpi: float) -> list[PILImage.Image]:
    import pypdfium2 as pdfium

    return [p.render(scale=dpi / 72).to_pil().convert("RGB") for p in pdfium.PdfDocument(data)]


def assert_same_picture(printed: PILImage.Image, preview: PILImage.Image, what: str) -> None:
    crop = (0, 0, min(printed.width, preview.width), min(printed.height, preview.height))
    mean, far = picture_difference(printed.crop(crop), preview.crop(crop))
    assert mean < 2.0 and far < 0.005, f"{what}: mean difference {mean:.2f}, {far:.2%} far off"


def test_svg_gradients_print_as_the_preview_shows_them_in_place_and_in_forms(
    tmp_path: Path,
) -> None:
    face = svg_art_face(tmp_path, GRADIENTS)
    dpi = 100
    preview = svg_raster(render_svg(face), dpi)
    for depth, printed in zip(("in place", "face form", "art form"), pages(
        pdf_pages_by_depth(face), dpi), strict=True):  # fmt: skip
        assert_same_picture(printed, preview, depth)


def test_gradient_art_drawn_by_two_cards_is_not_a_black_box_on_the_sheet(tmp_path: Path) -> None:
    cards = [{"id": f"AG-{n}", "name": "A", "art": "art/x.svg"} for n in (1, 2)]
    game_dir = art_game(tmp_path, image_card(), cards)
    (game_dir / "art" / "x.svg").write_text(GRADIENTS, encoding="utf-8")
    game = loaded(game_dir)
    render_game(game, tmp_path / "out", PrintOptions(), list(game.groups), svg=False)
    sheet = pdf_raster((tmp_path / "out" / "artgame" / "artgame-cards.pdf").read_bytes(), 50)
    counts = {colour: count for count, colour in sheet.getcolors(1 << 20)}
    colours = set(counts)
    assert sum(n for (r, g, b), n in counts.items() if r + g + b < 60) < 300  # 2 boxes: 12000
    assert any(r > 200 and b < 60 for r, _, b in colours)  # the red end of the gradient
    assert any(b > 200 and r < 60 for r, _, b in colours)  # its blue end


# text inside SVG art -----------------------------------------------------------------------

HARBOUR_FONTS = Path(__file__).resolve().parents[2] / "docs" / "examples" / "harbour" / "fonts"
BUNDLED_FONTS = Path(__file__).resolve().parents[2] / "generator" / "text" / "fonts"
TEXT_ART = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40">'
    "<style>.x{font-family:'Harbour Serif'}</style>"  # a <style> rule is followed by neither
    '<rect width="80" height="40" fill="#ffe"/>'
    '<text class="x" x="2" y="12" font-family="Arial, sans-serif" font-size="9">'
    "Ωμέγα Жж Łódź</text>"
    '<g font-family="\'Harbour Serif\'" font-weight="bold">'
    '<text x="2" y="26" font-size="9">Σκύλος Łuk</text></g>'
    '<text x="2" y="37" style="font-family: harbour serif" font-size="7">Żółw Ж</text></svg>'
)


def text_art_game(tmp_path: Path, svg: str = TEXT_ART, copies: int = 2) -> Path:
    """A game declaring the font family "Harbour Serif", whose cards show the SVG `svg`."""
    cards = [{"id": f"AG-{n}", "name": "A", "art": "art/t.svg"} for n in range(1, copies + 1)]
    game = art_game(tmp_path, image_card(), cards)
    shutil.copytree(HARBOUR_FONTS, game / "fonts")
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    manifest["fonts"] = {"Harbour Serif": {"regular": "fonts/DejaVuSerif.ttf",
                                           "bold": "fonts/DejaVuSerif-Bold.ttf"}}  # fmt: skip
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    (game / "art" / "t.svg").write_text(svg, encoding="utf-8")
    return game


def fonts_not_embedded(pdf: Path) -> set[str]:
    """Every font a page or any form inside it references without embedding it."""
    missing: set[str] = set()

    def walk(resources) -> None:
        resources = resources.get_object()
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                missing.add(str(font.get("/BaseFont")))
        for xobject in resources.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                walk(xobject["/Resources"])

    for page in PdfReader(pdf).pages:
        walk(page["/Resources"])
    return missing


def test_every_font_of_a_pdf_with_svg_text_is_embedded_forms_included(tmp_path: Path) -> None:
    game = loaded(text_art_game(tmp_path))
    render_game(game, tmp_path / "out", PrintOptions(), list(game.groups), svg=False)
    pdf = tmp_path / "out" / "artgame" / "artgame-cards.pdf"
    assert fonts_not_embedded(pdf) == set()
    assert "Art" in str(PdfReader(pdf).pages[0]["/Resources"]["/XObject"])  # the art's form


def test_svg_text_prints_in_the_game_s_and_the_bundled_fonts_as_the_preview_shows_it(
    tmp_path: Path,
) -> None:
    face = front_face(text_art_game(tmp_path, copies=1))
    dpi = 200
    files = [str(p) for folder in (HARBOUR_FONTS, BUNDLED_FONTS) for p in folder.glob("*.ttf")]
    png = resvg_py.svg_to_bytes(svg_string=render_svg(face), dpi=dpi, background="#ffffff",
                                skip_system_fonts=True, font_files=files)  # fmt: skip
    preview = PILImage.open(BytesIO(bytes(png))).convert("RGB")
    for depth, printed in zip(("in place", "face form", "art form"), pages(
        pdf_pages_by_depth(face), dpi), strict=True):  # fmt: skip
        assert_same_picture(printed, preview, depth)


def test_validate_names_the_characters_no_font_of_svg_text_has(tmp_path: Path) -> None:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40">'
           '<text x="2" y="12" font-family="Harbour Serif">Łódź 漢字</text></svg>')  # fmt: skip
    game = text_art_game(tmp_path, svg)
    result = run_pnp("validate", game)
    assert result.returncode == 2
    assert "'art/t.svg'" in result.stderr and "AG-1" in result.stderr
    assert (
        "U+6F22" in result.stderr and "U+5B57" in result.stderr and "DejaVuSerif" in result.stderr
    )
    assert "U+0141" not in result.stderr  # Ł is in the font


# SVG features the print draws as the preview does, or refuses --------------------------------

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="40" height="20" viewBox="0 0 40 20">')  # fmt: skip
DRAWN_AS_PREVIEWED = {
    "symbol-viewbox": HEAD + '<defs><symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" '
    'r="7" fill="#00f"/></symbol></defs><use xlink:href="#s" x="2" width="20" height="16"/>'
    '<use xlink:href="#s" x="24" y="4" width="14" height="14"/></svg>',
    "nested-svg-viewbox": HEAD + '<svg x="1" y="2" width="20" height="16" viewBox="0 0 10 10" '
    'preserveAspectRatio="xMinYMax meet"><circle cx="5" cy="5" r="6" fill="#00f"/></svg>'
    '<svg x="20" width="20" height="20" viewBox="0 0 10 20" preserveAspectRatio="none">'
    '<rect width="10" height="10" fill="#0a0"/></svg></svg>',
    "outside-viewbox": '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" '
    'viewBox="10 5 40 20"><rect width="60" height="30" fill="#f80"/>'
    '<rect x="15" y="10" width="10" height="10" fill="#00f"/></svg>',
    "opacity": HEAD + '<rect width="30" height="20" fill="#f00" opacity="0.5" stroke="#00f" '
    'stroke-width="2"/><g opacity=".5"><g style="opacity:0.5"><circle cx="30" cy="10" r="6" '
    'fill="#0a0"/></g></g></svg>',
}


@pytest.mark.parametrize("feature", DRAWN_AS_PREVIEWED)
def test_svg_features_print_as_the_preview_shows_them(tmp_path: Path, feature: str) -> None:
    face = svg_art_face(tmp_path, DRAWN_AS_PREVIEWED[feature])
    dpi = 100
    preview = svg_raster(render_svg(face), dpi)
    for depth, printed in zip(("in place", "face form", "art form"), pages(
        pdf_pages_by_depth(face), dpi), strict=True):  # fmt: skip
        assert_same_picture(printed, preview, f"{feature}, {depth}")


REFUSED = {
    "group-opacity": (HEAD + '<g opacity="0.5"><rect width="30" height="20" fill="#f00"/>\n'
                      '<rect x="10" width="30" height="20" fill="#00f"/></g></svg>',
                      "opacity 0.5 on <g> (line 1)"),
    "mask": (HEAD + '<defs><mask id="m"><rect width="20" height="20" fill="#fff"/></mask>'
             '</defs>\n<rect width="40" height="20" fill="#0a0" mask="url(#m)"/></svg>',
             "a mask on <rect> (line 2)"),
    "pattern": (HEAD + '<defs><pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse">'
                '<rect width="2" height="2" fill="#f00"/></pattern></defs>\n\n'
                '<rect width="40" height="20" style="fill: url(#p)"/></svg>',
                "<rect> (line 3) has a pattern fill"),
}  # fmt: skip


@pytest.mark.parametrize("feature", REFUSED)
def test_validate_refuses_svg_features_the_print_cannot_draw_naming_file_and_element(
    tmp_path: Path, feature: str
) -> None:
    svg, expected = REFUSED[feature]
    game = art_game(tmp_path, image_card(), [{"id": "AG-1", "name": "A", "art": "art/x.svg"}])
    (game / "art" / "x.svg").write_text(svg, encoding="utf-8")
    result = run_pnp("validate", game)
    assert result.returncode == 2, result.stdout
    assert "'art/x.svg'" in result.stderr and expected in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


# layout elements' own gradients and opacity --------------------------------------------------

FADED_ART = {
    "bleed": "0mm",
    "elements": [
        {"type": "rect", "x": "0mm", "y": "0mm", "w": "63.5mm", "h": "88.9mm",
         "fill": {"gradient": "linear", "colors": ["#ffcc00", "#0044aa"], "angle": 30}},
        {"type": "ellipse", "x": "5mm", "y": "60mm", "w": "30mm", "h": "20mm",
         "fill": {"gradient": "radial", "colors": ["#ffffff", "#aa0000"]}},
        {"type": "image", "x": "5mm", "y": "5mm", "w": "50mm", "h": "25mm", "src": "art/x.svg",
         "fit": "stretch", "opacity": 0.5},
        {"type": "image", "x": "5mm", "y": "35mm", "w": "40mm", "h": "20mm", "src": "art/x.png",
         "fit": "stretch", "opacity": 0.6, "flip": "x"},
    ],
}  # fmt: skip


def faded_art_game(tmp_path: Path, copies: int = 1) -> Path:
    """A game whose cards draw gradient-filled shapes and see-through SVG and PNG art."""
    cards = [{"id": f"AG-{n}", "name": "A"} for n in range(1, copies + 1)]
    game = art_game(tmp_path, FADED_ART, cards)
    (game / "art" / "x.svg").write_text(GRADIENTS, encoding="utf-8")
    picture = PILImage.new("RGB", (40, 20), (220, 30, 30))
    picture.paste((30, 60, 220), (20, 0, 40, 20))
    picture.save(game / "art" / "x.png")
    return game


def test_layout_gradients_and_opacity_print_as_the_preview_shows_them(tmp_path: Path) -> None:
    face = front_face(faded_art_game(tmp_path))
    dpi = 100
    preview = svg_raster(render_svg(face), dpi)
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(face.full_width, face.full_height))
    for name, art_forms in (("", set()), ("Face", set()), ("FaceArt", svg_paths(face.items))):
        if name:
            define_face(canvas, name, face, art_forms)
        place_face(canvas, name or face, face.bleed, face.bleed, face.width, face.height)
        canvas.showPage()
    canvas.save()
    depths = ("in place", "face form", "art form")
    for depth, printed in zip(depths, pages(buffer.getvalue(), dpi), strict=True):
        assert_same_picture(printed, preview, depth)


def test_layout_gradients_and_opacity_on_a_print_sheet_validate_and_draw(tmp_path: Path) -> None:
    game_dir = faded_art_game(tmp_path, copies=2)
    result = run_pnp("validate", game_dir)
    assert result.returncode == 0, result.stderr  # element opacity is not SVG group opacity
    game = loaded(game_dir)
    render_game(game, tmp_path / "out", PrintOptions(), list(game.groups), svg=False)
    pdf = tmp_path / "out" / "artgame" / "artgame-cards.pdf"
    poppler = subprocess.run(["pdftoppm", "-r", "30", "-f", "1", "-l", "1", "-png", str(pdf)],
                             capture_output=True, check=True)  # fmt: skip
    assert not poppler.stderr, poppler.stderr.decode()  # no resource the page lacks
    preview = svg_raster(render_svg(front_face(game_dir)), 50)
    sheet = pdf_raster(pdf.read_bytes(), 50)
    counts = {colour: count for count, colour in sheet.getcolors(1 << 20)}
    assert sum(n for (r, g, b), n in counts.items() if r + g + b < 60) < 300  # no black boxes
    for x, y in ((10, 10), (20, 40), (10, 70), (40, 80)):  # mm on the card: each element
        colour = preview.getpixel((round(x / 25.4 * 50), round(y / 25.4 * 50)))
        assert colour in counts or any(
            all(abs(a - b) <= 6 for a, b in zip(colour, seen, strict=True)) for seen in counts
        ), (x, y, colour)
