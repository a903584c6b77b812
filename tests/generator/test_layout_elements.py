"""Layout elements: gradients, rotation, lines and paths, image crop/flip/opacity, the game's own
pictures as inline icons, settings from fields. Each is drawn by the PDF (reportlab, rasterised
by PDFium) and the SVG preview (rasterised by resvg), and the two pictures must agree."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image as PILImage
from reportlab.pdfgen.canvas import Canvas

from pnpkit.errors import DefinitionError
from pnpkit.generator.backends.pdf import define_face, place_face, register_fonts
from pnpkit.generator.backends.svg import render_svg
from pnpkit.generator.faces.compose import ELEMENTS, FaceError
from pnpkit.generator.faces.face import Face
from pnpkit.generator.faces.icons import parse_path
from pnpkit.units import MM
from tests.in_process import run_pnp

from .artgame import art_game
from .test_artwork import face_pdf, front_face, ink_box, pdf_raster, picture_difference, svg_raster

PNP = Path(sys.executable).parent / "pnp"
DPI = 100
RED, BLUE = (220, 30, 30), (30, 60, 220)
TWO_HALVES_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
    '<rect width="20" height="20" fill="#dc1e1e"/><rect x="20" width="20" height="20" '
    'fill="#1e3cdc"/></svg>'
)


def two_halves_png(path: Path) -> None:
    """A 40×20 px picture: its left half red, its right half blue."""
    picture = PILImage.new("RGB", (40, 20), RED)
    picture.paste(BLUE, (20, 0, 40, 20))
    picture.save(path)


def card(
    tmp_path: Path, elements: list[dict], fields: dict | None = None, art: str = "", **template
) -> Face:
    """The face of one poker card drawn by `elements` (art: two-halves.png/.svg, and `art`
    as art/extra.svg)."""
    front = {"bleed": "0mm", **template, "elements": elements}
    game = art_game(tmp_path, front, [{"id": "AG-1", "name": "A", **(fields or {})}])
    two_halves_png(game / "art" / "two-halves.png")
    (game / "art" / "two-halves.svg").write_text(TWO_HALVES_SVG, encoding="utf-8")
    (game / "art" / "extra.svg").write_text(art or TWO_HALVES_SVG, encoding="utf-8")
    return front_face(game)


def form_pdf(face: Face) -> bytes:
    """The face stored once as a PDF form and placed (as faces printed several times are)."""
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(face.full_width, face.full_height))
    define_face(canvas, "F-1", face)
    place_face(canvas, "F-1", face.bleed, face.bleed, face.width, face.height)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def print_and_preview(face: Face) -> tuple[PILImage.Image, PILImage.Image]:
    """The face as printed (in place and as a form: they must be the same) and as previewed;
    the preview is asserted to be the same picture as the print."""
    printed = pdf_raster(face_pdf(face), DPI)
    as_form = pdf_raster(form_pdf(face), DPI)
    preview = svg_raster(render_svg(face, bleed=True), DPI)
    crop = (0, 0, min(printed.width, preview.width), min(printed.height, preview.height))
    printed, as_form, preview = (p.crop(crop) for p in (printed, as_form, preview))
    for other, name in ((as_form, "the form"), (preview, "the preview")):
        mean, far = picture_difference(printed, other)
        assert mean < 2.0, f"{name}: mean difference {mean:.2f} of 255"
        assert far < 0.005, f"{name}: {far:.2%} of the pixels differ by more than a quarter"
    return printed, preview


def pixel(image: PILImage.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return image.getpixel((round(x_mm / 25.4 * DPI), round(y_mm / 25.4 * DPI)))


def near(colour: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 20) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


# gradients ----------------------------------------------------------------------------------


def test_a_linear_gradient_runs_from_its_first_colour_to_its_last(tmp_path: Path) -> None:
    fill = {"gradient": "linear", "colors": ["#ff0000", "#0000ff"]}  # 90°: top to bottom
    face = card(tmp_path, [{"type": "rect", "bleed": True, "fill": fill}])
    for image in print_and_preview(face):
        assert near(pixel(image, 30, 0.5), (255, 0, 0), 25)
        assert near(pixel(image, 30, 88.4), (0, 0, 255), 25)
        assert near(pixel(image, 30, 44.45), (128, 0, 128), 25)  # half way: half of each
        assert pixel(image, 5, 20) == pixel(image, 55, 20)  # the same all along a row


def test_a_gradient_at_0_degrees_runs_left_to_right_with_its_stops(tmp_path: Path) -> None:
    fill = {"gradient": "linear", "colors": ["#000000", "#ffffff", "#ffffff"],
            "stops": [0, 0.2, 1], "angle": 0}  # fmt: skip
    face = card(tmp_path, [{"type": "rect", "x": "0mm", "y": "0mm", "fill": fill}])
    for image in print_and_preview(face):
        assert pixel(image, 0.5, 40)[0] < 30
        assert pixel(image, 20, 40)[0] > 240  # past the stop at 20 %: white already


def test_a_radial_gradient_on_an_ellipse_and_a_shape(tmp_path: Path) -> None:
    fill = {"gradient": "radial", "colors": ["#ffff00", "#008000"]}
    elements = [
        {"type": "ellipse", "x": "5mm", "y": "5mm", "w": "50mm", "h": "40mm", "fill": fill,
         "stroke": "#000000", "stroke_width": "0.5mm"},
        {"type": "shape", "shape": "star", "x": "15mm", "y": "50mm", "w": "30mm", "h": "30mm",
         "fill": fill},
    ]  # fmt: skip
    face = card(tmp_path, elements)
    for image in print_and_preview(face):
        assert near(pixel(image, 30, 25), (255, 255, 0), 30)  # the centre: the first colour
        edge = pixel(image, 7, 25)  # near the ellipse's left end: mostly green
        assert edge[1] > edge[0] + 60
        assert pixel(image, 2, 2) == (255, 255, 255)  # outside the ellipse: nothing


def test_a_gradient_fill_from_a_variable_per_type(tmp_path: Path) -> None:
    template = {
        "vars": {"sky": {"field": "art", "map": {"night": "#000040"}, "default": "#87ceeb"}}
    }
    fill = {"gradient": "linear", "colors": ["$sky", "#ffffff"]}
    face = card(tmp_path, [{"type": "rect", "bleed": True, "fill": fill}], {"art": "night"},
                **template)  # fmt: skip
    printed, _ = print_and_preview(face)
    assert near(pixel(printed, 30, 0.5), (0, 0, 64), 15)


# rotation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "element",
    [
        {"type": "rect", "x": "10mm", "y": "40mm", "w": "40mm", "h": "4mm", "fill": "#000000"},
        {"type": "text", "x": "5mm", "y": "40mm", "w": "50mm", "h": "8mm", "size": 14,
         "text": "ROTATED TEXT", "align": "center", "valign": "middle"},
        {"type": "image", "x": "10mm", "y": "38mm", "w": "40mm", "h": "8mm",
         "src": "art/two-halves.svg", "fit": "stretch"},
        {"type": "icon", "name": "fish", "x": "10mm", "y": "38mm", "w": "40mm", "h": "8mm",
         "repeat": 4},
    ],
    ids=["rect", "text", "image", "icon"],
)  # fmt: skip
def test_any_element_turns_about_the_centre_of_its_box(tmp_path: Path, element: dict) -> None:
    flat = ink_box(print_and_preview(card(tmp_path / "flat", [element]))[0])
    turned_face = card(tmp_path / "turned", [{**element, "rotate": 90}])
    for turned in (ink_box(image) for image in print_and_preview(turned_face)):
        # wide became tall, about the same centre
        assert turned[2] - turned[0] == pytest.approx(flat[3] - flat[1], abs=4)
        assert turned[3] - turned[1] == pytest.approx(flat[2] - flat[0], abs=4)
        assert (turned[0] + turned[2]) / 2 == pytest.approx((flat[0] + flat[2]) / 2, abs=3)
        assert (turned[1] + turned[3]) / 2 == pytest.approx((flat[1] + flat[3]) / 2, abs=3)


def test_rotation_from_a_field_at_any_angle(tmp_path: Path) -> None:
    element = {"type": "rect", "x": "10mm", "y": "40mm", "w": "40mm", "h": "2mm",
               "fill": "#000000", "rotate": {"field": "art"}}  # fmt: skip
    face = card(tmp_path, [element], {"art": "45"})
    for image in print_and_preview(face):
        left, top, right, bottom = ink_box(image)
        assert right - left == pytest.approx(bottom - top, abs=3)  # a diagonal: square box
        assert (right - left) / DPI * 25.4 == pytest.approx((40 + 2) / 2**0.5, abs=1.5)


# lines, polylines, polygons, paths ---------------------------------------------------------


def test_lines_polylines_polygons_and_curves_print_as_previewed(tmp_path: Path) -> None:
    elements = [
        {"type": "line", "points": [["5mm", "5mm"], ["100%-5mm", "5mm"]], "stroke": "#000000",
         "stroke_width": "1mm"},
        {"type": "polyline", "points": [["5mm", "15mm"], ["20mm", "25mm"], ["35mm", "15mm"],
                                        ["50mm", "25mm"]],
         "stroke": "#c00000", "stroke_width": "0.8mm", "dash": ["2mm", "1mm"]},
        {"type": "polygon", "points": [["10mm", "35mm"], ["50mm", "35mm"], ["30mm", "55mm"]],
         "fill": "#00a000", "stroke": "#000000"},
        {"type": "path", "x": "5mm", "y": "60mm", "d": "M0 10 C 10 0 40 20 50 10 L 50 20 L 0 20 Z",
         "fill": {"gradient": "linear", "colors": ["#0000ff", "#00ffff"], "angle": 0}},
    ]  # fmt: skip
    face = card(tmp_path, elements)
    for image in print_and_preview(face):
        assert pixel(image, 30, 5) == pytest.approx((0, 0, 0), abs=40)  # on the line
        assert near(pixel(image, 30, 45), (0, 160, 0), 30)  # inside the triangle
        assert pixel(image, 12, 45) == (255, 255, 255)  # beside it
        assert pixel(image, 10, 77)[2] > 200 and pixel(image, 10, 77)[0] < 40  # path: blue
        assert pixel(image, 10, 62) == (255, 255, 255)  # above its curve


def test_a_path_given_by_a_field(tmp_path: Path) -> None:
    element = {"type": "path", "x": "0mm", "y": "0mm", "d": "{art}", "fill": "#000000"}
    face = card(tmp_path, [element], {"art": "M 10 10 H 30 V 30 H 10 Z"})
    assert ink_box(print_and_preview(face)[0]) == pytest.approx(
        (round(10 / 25.4 * DPI),) * 2 + (round(30 / 25.4 * DPI),) * 2, abs=2
    )


def test_bad_path_data_is_an_error_naming_the_element(tmp_path: Path) -> None:
    element = {"id": "river", "type": "path", "d": "M 0 0 L 5", "stroke": "#000000"}
    with pytest.raises(FaceError, match=r"'river': path data 'M 0 0 L 5': L needs 2 numbers"):
        card(tmp_path, [element])


commands = st.lists(
    st.tuples(st.sampled_from("LCQHV"), st.lists(st.integers(-500, 500), min_size=6, max_size=6)),
    max_size=20,
)


@given(st.tuples(st.integers(-500, 500), st.integers(-500, 500)), commands, st.booleans())
def test_path_data_keeps_every_command_and_ends_where_it_says(start, steps, closed) -> None:
    arity = {"L": 2, "C": 6, "Q": 4, "H": 1, "V": 1}
    parts = [f"M{start[0]} {start[1]}"]
    x, y = start
    for op, numbers in steps:
        args = numbers[: arity[op]]
        parts.append(op + " ".join(map(str, args)))
        x, y = (args[0], y) if op == "H" else (x, args[0]) if op == "V" else args[-2:]
    parts.append("Z" if closed else "")
    parsed = parse_path(" ".join(parts))
    assert len(parsed) == 1 + len(steps) + int(closed)
    assert all(c[0] in "MLCZ" for c in parsed)
    last = parsed[-2] if closed else parsed[-1]
    assert tuple(last[-2:]) == (x, y)


@given(st.tuples(st.integers(-500, 500), st.integers(-500, 500)), commands)
def test_relative_path_data_draws_the_same_as_absolute(start, steps) -> None:
    arity = {"L": 2, "C": 6, "Q": 4, "H": 1, "V": 1}
    absolute, relative = [f"M{start[0]},{start[1]}"], [f"m{start[0]},{start[1]}"]
    x, y = start
    for op, numbers in steps:
        args = numbers[: arity[op]]
        absolute.append(op + " ".join(map(str, args)))
        if op == "H":
            moved, (x, y) = [args[0] - x], (args[0], y)
        elif op == "V":
            moved, (x, y) = [args[0] - y], (x, args[0])
        else:
            moved = [v - (x if n % 2 == 0 else y) for n, v in enumerate(args)]
            x, y = args[-2:]
        relative.append(op.lower() + ",".join(map(str, moved)))
    one, other = parse_path(" ".join(absolute)), parse_path("".join(relative))
    assert [c[0] for c in one] == [c[0] for c in other]
    for a, b in zip(one, other, strict=True):
        assert a[1:] == pytest.approx(b[1:], abs=1e-6)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("M 0 0 A 5 5 0 0 1 10 10", "unknown command 'A'; draw arcs with C curves"),
        ("M 0 0 L 1e400 0", "within ±1e+06"),
        ("5 5 L 1 1", "'5' where a command letter belongs"),
        ("M 0 0 C 1 2 3", "C needs 6 numbers"),
    ],
)
def test_path_data_that_cannot_be_drawn_says_why(data: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_path(data)


def test_smooth_curves_mirror_the_last_control_point() -> None:
    _, _, smooth = parse_path("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0")
    assert smooth[1:3] == (10.0, -10.0)  # (10, 10) mirrored about the end (10, 0)
    _, _, quad = parse_path("M0 0 Q 5 10 10 0 T 20 0")
    assert quad[1:3] == pytest.approx((10 + 2 / 3 * 5, 2 / 3 * -10))  # control (15, -10)


# image crop, flip, opacity ------------------------------------------------------------------

ART_BOX = {"type": "image", "x": "10mm", "y": "10mm", "w": "40mm", "h": "20mm", "fit": "stretch"}


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_crop_keeps_a_part_of_the_picture_fitted_to_the_box(tmp_path: Path, kind: str) -> None:
    element = {**ART_BOX, "src": f"art/two-halves.{kind}", "fit": "contain",
               "crop": {"x": "50%", "w": "50%"}}  # fmt: skip
    face = card(tmp_path, [element])
    for image in print_and_preview(face):
        box = ink_box(image)  # the right half (square) contained in a 40×20 mm box
        assert (box[2] - box[0]) / DPI * 25.4 == pytest.approx(20, abs=0.6)
        assert near(pixel(image, 22, 20), BLUE) and near(pixel(image, 38, 20), BLUE)
        assert pixel(image, 15, 20) == (255, 255, 255)  # no red: the left half is cut away


@pytest.mark.parametrize("kind", ["png", "svg"])
@pytest.mark.parametrize("flip", ["x", "y", "xy"])
def test_flip_mirrors_the_picture(tmp_path: Path, kind: str, flip: str) -> None:
    face = card(tmp_path, [{**ART_BOX, "src": f"art/two-halves.{kind}", "flip": flip}])
    mirrored = "x" in flip
    for image in print_and_preview(face):
        assert near(pixel(image, 15, 20), BLUE if mirrored else RED)
        assert near(pixel(image, 45, 20), RED if mirrored else BLUE)


def test_flip_and_crop_together_keep_the_part_asked_for(tmp_path: Path) -> None:
    element = {**ART_BOX, "src": "art/two-halves.png", "crop": {"w": "50%"}, "flip": "x"}
    face = card(tmp_path, [element])
    for image in print_and_preview(face):
        assert near(pixel(image, 15, 20), RED) and near(pixel(image, 45, 20), RED)


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_opacity_lets_what_is_below_show_through(tmp_path: Path, kind: str) -> None:
    elements = [
        {"type": "rect", "x": "0mm", "y": "0mm", "w": "30mm", "h": "40mm", "fill": "#000000"},
        {**ART_BOX, "src": f"art/two-halves.{kind}", "opacity": 0.5},
    ]
    face = card(tmp_path, elements)
    for image in print_and_preview(face):
        assert near(pixel(image, 15, 20), (RED[0] // 2, RED[1] // 2, RED[2] // 2), 12)
        assert near(pixel(image, 45, 20), ((255 + BLUE[0]) // 2, (255 + BLUE[1]) // 2, 237), 12)


def test_svg_art_fades_as_a_whole_not_shape_by_shape(tmp_path: Path) -> None:
    overlapping = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
        '<rect width="40" height="20" fill="#0000ff"/><rect width="20" height="20" '
        'fill="#ff0000"/></svg>'
    )
    face = card(tmp_path, [{**ART_BOX, "src": "art/extra.svg", "opacity": 0.5}], art=overlapping)
    for image in print_and_preview(face):  # half red over white, no blue from below it
        assert near(pixel(image, 15, 20), (255, 128, 128), 12)


# the game's own pictures as inline icons ----------------------------------------------------


def test_a_games_own_picture_is_an_inline_icon_in_text(tmp_path: Path) -> None:
    text = {"type": "text", "x": "5mm", "y": "5mm", "w": "50mm", "h": "20mm", "size": 20,
            "text": "Pay [coin] [fish]"}  # fmt: skip
    face = card(tmp_path, [text], icons={"coin": "art/two-halves.svg"})
    for image in print_and_preview(face):
        red = [xy for xy in ((x, y) for x in range(image.width) for y in range(120))
               if near(image.getpixel(xy), RED, 30)]  # fmt: skip
        assert red, "the picture was not drawn"
        height_mm = (max(y for _, y in red) - min(y for _, y in red)) / DPI * 25.4
        assert height_mm < 20 * 1.05 / 72 * 25.4  # at the text's size, not the box's


def test_a_missing_icon_picture_is_an_error_naming_the_icon(tmp_path: Path) -> None:
    text = {"type": "text", "text": "Pay [coin]"}
    with pytest.raises(Exception, match=r"icon 'coin'.*art/none.svg"):
        card(tmp_path, [text], icons={"coin": "art/none.svg"})


# settings from fields -----------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["contain", "cover", "stretch"])
def test_fit_comes_from_a_field(tmp_path: Path, mode: str) -> None:
    element = {**ART_BOX, "w": "40mm", "h": "40mm", "src": "art/two-halves.png",
               "fit": {"field": "art"}}  # fmt: skip
    face = card(tmp_path, [element], {"art": mode})
    printed, _ = print_and_preview(face)
    box = ink_box(printed)
    height = (box[3] - box[1]) / DPI * 25.4
    assert height == pytest.approx({"contain": 20, "cover": 40, "stretch": 40}[mode], abs=0.6)
    assert (box[2] - box[0]) / DPI * 25.4 == pytest.approx(40, abs=0.6)
    if mode == "cover":  # the picture doubled: the box shows its middle, half red, half blue
        assert near(pixel(printed, 12, 40), RED) and near(pixel(printed, 48, 40), BLUE)


def test_a_field_giving_a_setting_it_cannot_take_is_an_error(tmp_path: Path) -> None:
    element = {"id": "art", **ART_BOX, "src": "art/two-halves.png", "fit": {"field": "art"}}
    with pytest.raises(FaceError, match=r"'art': fit 'zoom': expected one of contain, cover"):
        card(tmp_path, [element], {"art": "zoom"})


def test_text_style_size_and_alignment_from_fields(tmp_path: Path) -> None:
    element = {"type": "text", "x": "5mm", "y": "5mm", "w": "50mm", "h": "20mm", "text": "Hi",
               "size": "$big", "align": {"field": "art"}}  # fmt: skip
    face = card(tmp_path, [element], {"art": "right"}, vars={"big": 30})
    (text,) = [i for i in face.items[0].items]
    assert text.size == 30
    assert text.x > 40 * MM  # set against the right edge


# the schema ----------------------------------------------------------------------------------


def validate(game: Path) -> subprocess.CompletedProcess[str]:
    """`pnp validate GAME` in this process (tests/in_process.py)."""
    return run_pnp("validate", game)


@pytest.mark.parametrize(
    ("element", "pointer", "message"),
    [
        ({"type": "rect", "fill": {"gradient": "linear"}}, "#/elements/0/fill",
         "missing required key 'colors'"),
        ({"type": "rect", "fill": {"gradient": "conic", "colors": ["#000000", "#ffffff"]}},
         "#/elements/0/fill/gradient", 'expected one of "linear", "radial"'),
        ({"type": "line", "points": [["0mm", "0mm"], ["1mm", "1mm"], ["2mm", "2mm"]]},
         "#/elements/0/points", "at most 2"),
        ({"type": "polygon"}, "#/elements/0/points", "missing required key 'points'"),
        ({"type": "image", "src": "a.png", "fit": "zoom"}, "#/elements/0/fit",
         "expected contain, cover or stretch"),
        ({"type": "image", "src": "a.png", "crop": {"x": "5mm"}}, "#/elements/0/crop/x",
         "a share of the picture"),
        ({"type": "rect", "rotate": 720}, "#/elements/0/rotate", "360"),
    ],
)  # fmt: skip
def test_a_wrong_element_is_reported_with_file_and_pointer(
    tmp_path: Path, element: dict, pointer: str, message: str
) -> None:
    game = art_game(tmp_path, {"elements": [element]}, [{"id": "AG-1", "name": "A"}])
    result = validate(game)
    assert result.returncode == 2
    layout = str(game / "layouts" / "cards-front.json")
    line = next((ln for ln in result.stderr.splitlines() if pointer in ln), result.stderr)
    assert layout in line and message in line, result.stderr


def test_a_bad_icon_name_in_a_template_is_reported(tmp_path: Path) -> None:
    front = {"icons": {"Coin!": "art/coin.svg"}, "elements": []}
    game = art_game(tmp_path, front, [{"id": "AG-1", "name": "A"}])
    with pytest.raises(DefinitionError, match="#/icons"):
        front_face(game)


def test_every_element_type_of_the_schema_has_a_drawer_and_back() -> None:
    schema = json.loads((Path(__file__).parents[2] / "layouts" / "layout.schema.json").read_text())
    types = set(schema["$defs"]["element"]["properties"]["type"]["enum"]) - {"remove"}
    assert types == set(ELEMENTS)


# the docs ------------------------------------------------------------------------------------


def test_the_docs_list_every_bundled_icon_and_alias() -> None:
    from pnpkit.layouts import icon_library
    from pnpkit.layouts.icondoc import icon_list, with_list

    doc = (Path(__file__).parents[2] / "docs" / "generator.md").read_text(encoding="utf-8")
    assert with_list(doc) == doc, "run: make docs"
    listed = set(re.findall(r"`([a-z0-9-]+)`", icon_list()))
    assert listed == set(icon_library())  # every name and alias, nothing else


def test_the_docs_example_game_of_every_element_is_valid() -> None:
    fixture = Path(__file__).parent / "fixtures" / "elements"
    result = subprocess.run([str(PNP), "validate", str(fixture)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "valid (6 components, 6 pieces)" in result.stdout
