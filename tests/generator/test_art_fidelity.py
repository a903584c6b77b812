"""What prints is what the designer drew: SVG art features compared pixel by pixel between the
print PDF (rasterised by pdfium) and the preview (rasterised by resvg), wherever the PDF draws
the art: in place, in a face's shared form, or in the art's own shared form."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from PIL import Image as PILImage
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator.face import Face
from pnpkit.generator.pdfface import define_face, place_face, register_fonts
from pnpkit.generator.pdfsheets import PrintOptions
from pnpkit.generator.render import render_game
from pnpkit.generator.svgfaces import render_svg

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
