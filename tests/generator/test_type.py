"""Type: the bundled font's scripts, rich text set the same in PDF and SVG, a game's own fonts
embedded in both, and what `validate` says about text that cannot be set."""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from pnpkit.components import load_game
from pnpkit.generator.backends.svg import face_svg, render_svg
from pnpkit.generator.faces.face import Text
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.text.flow import Box, TextStyle, layout_text
from pnpkit.generator.text.fontmetrics import FONT_DIR, FONT_FILES, font_metrics, metrics
from pnpkit.generator.text.typefaces import DEFAULT_FAMILY
from tests.in_process import run_pnp

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "docs" / "examples" / "harbour"
NS = "{http://www.w3.org/2000/svg}"
PANGRAMS = {
    "Polish": "Zażółć gęślą jaźń ĄĘŃŚŹŻ",
    "Czech": "Příliš žluťoučký kůň úpěl ďábelské ódy",
    "Hungarian": "Árvíztűrő tükörfúrógép ŐŰ",
    "Romanian": "Șapte țânțari ăștia ȘȚĂ",
    "Latvian": "Glāžšķūņa rūķīši dzērumā čiepj",
    "Greek": "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία",
    "Russian": "Съешь же ещё этих мягких французских булок",
    "Ukrainian and Serbian": "Їжак ґава є Љубазни фењерџија",
}


def _texts(items) -> list[Text]:
    found = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif hasattr(item, "items"):
            found += _texts(item.items)
    return found


def _pnp(*args: str) -> subprocess.CompletedProcess:
    """`pnp ARGS…` in this process (tests/in_process.py)."""
    return run_pnp(*args)


@pytest.mark.parametrize("style", list(FONT_FILES))
@pytest.mark.parametrize("language", list(PANGRAMS))
def test_the_bundled_font_sets_latin_extended_greek_and_cyrillic(style, language) -> None:
    assert not metrics(style).missing(PANGRAMS[language])


def _look(**kw) -> TextStyle:
    return TextStyle(**{"size": 10.0, "min_size": 5.0, **kw})


def test_rich_text_runs_take_their_style_colour_and_place() -> None:
    items, fits = layout_text(
        "**Gain** 2 *fish* {red}now{/}", Box(0, 0, 300, 20), _look(), lambda *a: []
    )
    runs = [(t.text, t.style, t.color) for t in _texts(items)]
    assert fits and runs == [
        ("Gain", "bold", "#000000"),
        ("2", "regular", "#000000"),
        ("fish", "italic", "#000000"),
        ("now", "regular", "#c0392b"),
    ]
    gain, two, fish, _ = _texts(items)
    bold = metrics("bold")
    assert two.x == pytest.approx(gain.x + bold.width("Gain ", 10))
    assert fish.x == pytest.approx(two.x + metrics("regular").width("2 ", 10))
    assert Path(gain.font) == FONT_DIR / FONT_FILES["bold"]


def test_rich_text_still_wraps_shrinks_and_keeps_icons() -> None:
    text = "**Gain** two [fish] and *move* a {blue}stone{/} " * 6
    drawn = []
    items, fits = layout_text(
        text, Box(0, 0, 100, 60), _look(size=12), lambda *a: drawn.append(a) or []
    )
    texts = _texts(items)
    assert fits and texts[0].size < 12 and len(drawn) == 6
    for line in {t.y for t in texts}:
        runs = sorted((t for t in texts if t.y == line), key=lambda t: t.x)
        right = runs[-1].x + metrics(runs[-1].style).width(runs[-1].text, runs[-1].size)
        assert runs[0].x >= -0.01 and right <= 100.01
    assert max(t.y for t in texts) <= 60
    words = " ".join(t.text for t in texts).split()
    assert words.count("Gain") == 6 and words.count("stone") == 6


def test_escaped_markup_characters_are_printed() -> None:
    items, _ = layout_text(r"5 \* 2 \{x\} \[fish\]", Box(0, 0, 300, 20), _look(), lambda *a: [])
    assert [t.text for t in _texts(items)] == ["5 * 2 {x} [fish]"]


@pytest.fixture(scope="module")
def harbour_rendered(tmp_path_factory: pytest.TempPathFactory):
    """`pnp render` of the example game, once for the tests that read what it wrote: (the game,
    its output folder, what the command reported)."""
    out = tmp_path_factory.mktemp("harbour")
    result = _pnp("render", str(HARBOUR), "--out", str(out))
    return load_game(HARBOUR), out / "harbour", result


@pytest.fixture(scope="module")
def harbour_render(harbour_rendered):
    game, folder, result = harbour_rendered
    assert result.returncode == 0, result.stderr
    return game, folder


def test_the_example_game_uses_its_own_font_for_its_rules(harbour_render) -> None:
    game, _ = harbour_render
    face = GroupFaces(game, game.group("cargo")).front(game.component("HB-PL"))
    fonts = {Path(t.font).name for t in _texts(face.items)}
    assert {"DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf"} <= fonts
    assert "DejaVuSans-Oblique.ttf" in fonts  # the flavour line: the bundled font


def test_every_glyph_of_the_multilingual_cards_is_in_the_pdf(harbour_render) -> None:
    game, folder = harbour_render
    reader = PdfReader(folder / "harbour-print-and-play.pdf")
    extracted = "".join(page.extract_text() for page in reader.pages)
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/XObject"].values():
            resources = font.get_object().get("/Resources", {})
            for f in resources.get("/Font", {}).values():
                fonts.add(str(f.get_object()["/BaseFont"]).split("+")[-1])
    assert {"DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"} <= fonts
    for card in ("HB-PL", "HB-EL", "HB-CS", "HB-RO", "HB-RU"):
        component = game.component(card)
        wanted = component.name + component.fields["text"] + component.fields["flavour"]
        letters = {ch for ch in re.sub(r"\[[a-z-]+\]|\{[^}]*\}|[*\\]", "", wanted) if ch.isalpha()}
        assert letters and not letters - set(extracted), card


def _embedded_fonts(root: ET.Element) -> dict[str, TTFont]:
    style = "".join(s.text or "" for s in root.iter(f"{NS}style"))
    faces = re.findall(r"font-family:'([^']+)'.*?base64,([A-Za-z0-9+/=]+)", style)
    return {name: TTFont(io.BytesIO(base64.b64decode(data))) for name, data in faces}


def test_the_svg_embeds_subsets_that_hold_every_glyph_of_its_text(harbour_render) -> None:
    game, folder = harbour_render
    for card in ("HB-PL", "HB-EL"):
        root = ET.parse(folder / "svg" / f"{card}-front.svg").getroot()
        fonts = _embedded_fonts(root)
        assert len(fonts) == 3  # Harbour Serif regular, bold and italic
        for text in root.iter(f"{NS}text"):
            assert text.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"
            assert "white-space" not in (text.get("style") or "")
            family = text.get("font-family").split(",")[0].strip("' ")
            if family in fonts:
                cmap = fonts[family].getBestCmap()
                assert all(ord(ch) in cmap for ch in text.text if ch != " "), (card, text.text)
        printed = " ".join(t.text for t in root.iter(f"{NS}text")).split()
        assert set(game.component(card).name.split()) <= set(printed)


def test_svg_and_pdf_set_the_same_runs_at_the_same_places(harbour_render) -> None:
    game, _ = harbour_render
    face = GroupFaces(game, game.group("cargo")).front(game.component("HB-EL"))
    root = ET.fromstring(render_svg(face))
    in_svg = [
        (t.text, round(float(t.get("x")), 2), round(float(t.get("y")), 2), t.get("fill"))
        for t in root.iter(f"{NS}text")
    ]
    in_face = [(t.text, round(t.x, 2), round(t.y, 2), t.color) for t in _texts(face.items)]
    assert in_svg == in_face
    weights = {t.text: (t.get("font-weight"), t.get("font-style")) for t in root.iter(f"{NS}text")}
    assert weights["Φόρτωσε"] == ("bold", None)
    assert weights["Ο άνεμος"] == ("normal", "italic")


def test_svg_text_keeps_its_spaces_in_every_viewer() -> None:
    game = load_game("gentoo")
    root = ET.fromstring(face_svg(game, game.component("GE-SEA")))
    texts = list(root.iter(f"{NS}text"))
    assert texts and all(
        t.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve" for t in texts
    )


# --- what validate finds ----------------------------------------------------------------------


def _harbour_copy(tmp_path: Path) -> Path:
    game = tmp_path / "harbour"
    shutil.copytree(HARBOUR, game)
    return game


def _edit_json(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _set_cell(game: Path, card: str, column: str, value: str) -> None:
    from openpyxl import load_workbook

    book = load_workbook(game / "harbour.xlsx")
    sheet = book["Cargo"]
    header = [c.value for c in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value == card:
            row[header.index(column)].value = value
    book.save(game / "harbour.xlsx")


def test_validate_names_the_card_and_the_characters_no_font_has(tmp_path: Path) -> None:
    game = _harbour_copy(tmp_path)
    _set_cell(game, "HB-EL", "flavour", "Ξ 漢字")
    result = _pnp("validate", str(game))
    assert result.returncode == 2
    assert "HB-EL front: text 'flavour' has characters its font lacks (DejaVu Sans italic): " in (
        result.stderr
    )
    assert "字 (U+5B57) 漢 (U+6F22)" in result.stderr
    assert "Traceback" not in result.stderr


def test_validate_reports_broken_markup_and_a_style_the_family_lacks(tmp_path: Path) -> None:
    game = _harbour_copy(tmp_path)
    _set_cell(game, "HB-PL", "text", "**Załaduj 3")
    _set_cell(game, "HB-EL", "text", "***both*** at once")
    result = _pnp("validate", str(game))
    assert result.returncode == 2
    assert "HB-PL front: text 'rule': ** at character 1 starts bold text that is never ended" in (
        result.stderr
    )
    assert (
        "HB-EL front: text 'rule' is set in bold-italic, but font family 'Harbour Serif' has "
        "no such file in game.json `fonts`" in result.stderr
    )
    assert "harbour.xlsx:sheet 'Cargo', row 3" in result.stderr


def test_validate_reports_a_font_family_the_game_does_not_declare(tmp_path: Path) -> None:
    game = _harbour_copy(tmp_path)
    _edit_json(
        game / "layouts" / "cargo-front.json",
        lambda t: t["elements"][3].update(font="Harbor Serif"),
    )
    result = _pnp("validate", str(game))
    assert result.returncode == 2
    assert (
        "no font family 'Harbor Serif': game.json `fonts` declares 'Harbour Serif'" in result.stderr
    )


def _cff_font(path: Path) -> None:
    """A one-glyph OpenType font with PostScript (CFF) outlines."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "A"])
    builder.setupCharacterMap({ord("A"): "A"})
    pen = T2CharStringPen(600, None)
    pen.moveTo((0, 0))
    pen.lineTo((600, 0))
    pen.lineTo((300, 700))
    pen.closePath()
    glyph = pen.getCharString()
    builder.setupCFF("TestCFF", {"FullName": "Test CFF"}, {".notdef": glyph, "A": glyph}, {})
    builder.setupHorizontalMetrics({".notdef": (600, 0), "A": (600, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test CFF", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(path))


def test_a_cff_font_is_a_validate_error_saying_what_to_do(tmp_path: Path) -> None:
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    game = _harbour_copy(tmp_path)
    _cff_font(game / "fonts" / "Harbour-Bold.otf")
    with pytest.raises(TTFError):  # what the check spares the designer
        TTFont("cff", str(game / "fonts" / "Harbour-Bold.otf"))
    (game / "fonts" / "web.woff").write_bytes(b"wOFF" + bytes(60))
    _edit_json(
        game / "game.json",
        lambda m: m["fonts"]["Harbour Serif"].update(
            bold="fonts/Harbour-Bold.otf", italic="fonts/web.woff"
        ),
    )
    result = _pnp("validate", str(game))
    assert result.returncode == 2
    assert (
        "game.json:#/fonts/Harbour Serif/bold: font 'fonts/Harbour-Bold.otf' has PostScript "
        "(CFF) outlines, which the PDF backend (reportlab) cannot embed: use the family's "
        "TrueType (.ttf) files" in result.stderr
    )
    assert "#/fonts/Harbour Serif/italic: font 'fonts/web.woff' is a web font (WOFF)" in (
        result.stderr
    )


def test_a_font_outside_the_game_or_missing_is_refused(tmp_path: Path) -> None:
    game = _harbour_copy(tmp_path)
    _edit_json(
        game / "game.json",
        lambda m: m["fonts"]["Harbour Serif"].update(bold="../outside.ttf", italic="fonts/x.ttf"),
    )
    result = _pnp("validate", str(game))
    assert result.returncode == 2
    assert "#/fonts/Harbour Serif/bold: path '../outside.ttf' leaves the game's directory" in (
        result.stderr
    )
    assert "#/fonts/Harbour Serif/italic: references missing file 'fonts/x.ttf'" in result.stderr


def test_a_declared_font_is_measured_from_its_own_file() -> None:
    serif = font_metrics(HARBOUR / "fonts" / "DejaVuSerif.ttf")
    sans = DEFAULT_FAMILY.files["regular"]
    assert serif.width("Harbour", 10) != pytest.approx(font_metrics(sans).width("Harbour", 10))


def test_a_colour_tag_in_a_template_is_markup_unless_a_field_has_its_name(tmp_path) -> None:
    from pnpkit.generator.faces.compose import FaceBuilder

    def texts(text: str, context: dict) -> list[tuple[str, str]]:
        builder = FaceBuilder({"elements": [{"type": "text", "text": text}]}, 200, 100, "rect",
                              0.0, tmp_path)  # fmt: skip
        return [(t.text, t.color) for t in _texts(builder.build(context, "X-1").items)]

    assert texts("{red}{name}{/}", {"name": "Salt"}) == [("Salt", "#c0392b")]
    assert texts("{red} {name}", {"name": "Salt", "red": "Rouge"}) == [("Rouge Salt", "#000000")]


def test_rendering_the_example_prints_no_warnings(harbour_rendered) -> None:
    _, folder, result = harbour_rendered
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert len(list((folder / "svg").glob("*.svg"))) == 12


def test_a_font_reportlab_refuses_at_render_time_is_a_clear_error(tmp_path: Path) -> None:
    from pnpkit.errors import PnpError
    from pnpkit.generator.backends.pdf import font_name

    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"\x00\x01\x00\x00" + bytes(8))
    with pytest.raises(PnpError, match=r"broken\.ttf cannot be embedded in the PDF"):
        font_name(str(broken))
