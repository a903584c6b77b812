"""Decks from spreadsheets (.xlsx, .ods) load exactly like the same deck as CSV, and their
problems name the file, the sheet, the row and the column (by its letter)."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.components.csvrows import column_letters
from pnpkit.errors import DefinitionError

TINY = Path(__file__).parent / "fixtures" / "tiny-csv"


def _typed(text: str) -> str | int | float:
    """A cell as a designer types it into a spreadsheet: numbers become numbers."""
    try:
        return int(text)
    except ValueError:
        return text


def write_xlsx(path: Path, rows: list[list[str]], sheet: str = "Cards") -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["this sheet is not the deck"])
    cards = book.create_sheet(sheet)
    for row in rows:
        cards.append([_typed(v) if v != "" else None for v in row])
    book.save(path)


def write_ods(path: Path, rows: list[list[str]], sheet: str = "Cards") -> None:
    """A minimal OpenDocument spreadsheet (what LibreOffice writes, without styles)."""
    cells = []
    for row in rows:
        out = []
        for value in row:
            typed = _typed(value)
            if value == "":
                out.append("<table:table-cell/>")
            elif isinstance(typed, int):
                out.append(
                    f'<table:table-cell office:value-type="float" office:value="{typed}">'
                    f"<text:p>{typed}</text:p></table:table-cell>"
                )
            else:
                out.append(
                    f'<table:table-cell office:value-type="string"><text:p>{escape(value)}'
                    "</text:p></table:table-cell>"
                )
        cells.append("<table:table-row>" + "".join(out) + "</table:table-row>")
    content = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="{sheet}">'
        + "".join(cells)
        + "</table:table></office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
        'manifest:version="1.2"><manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "mimetype", "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED
        )
        archive.writestr("META-INF/manifest.xml", manifest)
        archive.writestr("content.xml", content)


WRITERS = {".xlsx": write_xlsx, ".ods": write_ods}


def sheet_game(tmp_path: Path, csv_text: str, suffix: str, name: str = "tiny") -> Path:
    """The tiny game with `csv_text` as its deck in a sheet named Cards of a spreadsheet."""
    game = tmp_path / name
    shutil.copytree(TINY, game)
    (game / "cards.csv").unlink()
    rows = list(csv.reader(io.StringIO(csv_text)))
    WRITERS[suffix](game / f"cards{suffix}", rows)
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    manifest["components"][0]["cards"] = {"file": f"cards{suffix}", "sheet": "Cards"}
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    return game


def csv_game(tmp_path: Path, csv_text: str) -> Path:
    game = tmp_path / "tiny-csv"
    shutil.copytree(TINY, game)
    (game / "cards.csv").write_text(csv_text, encoding="utf-8")
    return game


def problems_of(game: Path, tmp_path: Path) -> list[str]:
    with pytest.raises(DefinitionError) as caught:
        load_game(game)
    return [str(p).removeprefix(str(tmp_path) + "/") for p in caught.value.problems]


def as_sheet_place(problem: str, suffix: str) -> str:
    """A CSV deck's problem as the same deck's problem in a spreadsheet."""
    problem = problem.replace("tiny-csv/cards.csv:", f"tiny/cards{suffix}:")
    problem = re.sub(r"line (\d+)", r"sheet 'Cards', row \1", problem)
    return re.sub(r"column (\d+)", lambda m: f"column {column_letters(int(m.group(1)))}", problem)


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_spreadsheet_deck_loads_exactly_like_the_csv_deck(tmp_path: Path, suffix: str) -> None:
    text = (TINY / "cards.csv").read_text(encoding="utf-8")
    from_csv = load_game(TINY)
    from_sheet = load_game(sheet_game(tmp_path, text, suffix))
    assert [c.to_json() for c in from_sheet.components()] == [
        c.to_json() for c in from_csv.components()
    ]
    assert from_sheet.data_hash() == from_csv.data_hash()
    assert from_sheet.component("TY-2").source.endswith(f"cards{suffix}:sheet 'Cards', row 3")


BAD_DECKS = [
    "id,name,count,suit,value\nTY-1,One,1,Sun,1\nXX-2,Two,1,sun,2\nTY-4,Four,1,sun,\n"
    "TY-5,,1,sun,5\nTY-6,Six,0,sun,6\nTY-7,Seven,x,sun,7\n",
    "id,name,suit\nTY-1,One,sun\n",
    "id,name,suit,value,value\nTY-1,One,sun,1,2\n",
    "ID,name,suit,value\nTY-1,One,sun,1\n",
    "id,name,suit,value,colour\nTY-1,One,sun,1,red\n",
    "id,name,suit,value\n",
]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
@pytest.mark.parametrize("text", BAD_DECKS)
def test_a_spreadsheet_has_the_csv_decks_problems_at_its_rows_and_columns(
    tmp_path: Path, text: str, suffix: str
) -> None:
    expected = [as_sheet_place(p, suffix) for p in problems_of(csv_game(tmp_path, text), tmp_path)]
    assert expected  # every deck here is broken
    assert problems_of(sheet_game(tmp_path, text, suffix), tmp_path) == expected


def test_an_unknown_sheet_is_named_with_the_sheets_there_are(tmp_path: Path) -> None:
    game = sheet_game(tmp_path, "id,name,suit,value\nTY-1,One,sun,1\n", ".xlsx")
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    manifest["components"][0]["cards"]["sheet"] = "Deck"
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert problems_of(game, tmp_path) == [
        "tiny/cards.xlsx: no sheet 'Deck'; its sheets are 'Notes', 'Cards'"
    ]


def test_a_file_that_is_no_spreadsheet_is_refused(tmp_path: Path) -> None:
    game = sheet_game(tmp_path, "id,name,suit,value\nTY-1,One,sun,1\n", ".xlsx")
    (game / "cards.xlsx").write_text("id,name\n", encoding="utf-8")
    [problem] = problems_of(game, tmp_path)
    assert problem.startswith("tiny/cards.xlsx: cannot read it as a spreadsheet:")


def test_a_value_right_of_the_named_columns_is_pointed_out(tmp_path: Path) -> None:
    text = "id,name,suit,value,\nTY-1,One,sun,1,\nTY-2,Two,sun,2,oops\n"
    assert problems_of(sheet_game(tmp_path, text, ".xlsx"), tmp_path) == [
        "tiny/cards.xlsx:sheet 'Cards', row 3: column E has a value but no name in row 1"
    ]


@given(st.integers(min_value=1, max_value=20000))
def test_column_letters_count_like_a_spreadsheet(number: int) -> None:
    letters = column_letters(number)
    value = 0
    for letter in letters:
        value = value * 26 + ord(letter) - ord("A") + 1
    assert value == number and letters.isalpha() and letters.isupper()


def _hostile_xlsx(path: Path, cells: str, dimension: str = "A1") -> None:
    """A minimal .xlsx whose sheet Cards holds `cells` (sheetData XML), written with zipfile."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    relations = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    package = "http://schemas.openxmlformats.org/package/2006/relationships"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats'
            '-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
            'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml'
            '.worksheet+xml"/></Types>',
        )
        archive.writestr(
            "_rels/.rels",
            f'<?xml version="1.0"?><Relationships xmlns="{package}"><Relationship Id="rId1" '
            f'Type="{relations}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        archive.writestr(
            "xl/workbook.xml",
            f'<?xml version="1.0"?><workbook xmlns="{main}" xmlns:r="{relations}"><sheets>'
            '<sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<?xml version="1.0"?><Relationships xmlns="{package}"><Relationship Id="rId1" '
            f'Type="{relations}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        )
        archive.writestr(
            "xl/worksheets/sheet1.xml",
            f'<?xml version="1.0"?><worksheet xmlns="{main}"><dimension ref="{dimension}"/>'
            f"<sheetData>{cells}</sheetData></worksheet>",
        )


HEADER = ["id", "name", "suit", "value"]


def _cell(ref: str, text: str) -> str:
    row = re.sub(r"[A-Z]", "", ref)
    return f'<row r="{row}"><c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c></row>'


def _hostile_game(tmp_path: Path, suffix: str, write) -> Path:  # type: ignore[no-untyped-def]
    game = sheet_game(tmp_path, "id,name,suit,value\nTY-1,One,sun,1\n", suffix)
    (game / f"cards{suffix}").unlink()
    write(game / f"cards{suffix}")
    return game


@pytest.mark.parametrize("far", ["XFD1048576", "BXX20000", "A10001", "SG1"])
def test_an_xlsx_cell_far_out_is_refused_before_the_sheet_is_loaded(
    tmp_path: Path, far: str
) -> None:
    header = "".join(_cell(f"{c}1", n) for c, n in zip("ABCD", HEADER, strict=True))
    game = _hostile_game(
        tmp_path, ".xlsx", lambda p: _hostile_xlsx(p, header + _cell(far, "x"), f"A1:{far}")
    )
    assert (game / "cards.xlsx").stat().st_size < 5000
    [problem] = problems_of(game, tmp_path)
    assert problem.startswith("tiny/cards.xlsx:sheet 'Cards': the sheet reaches row "), problem
    assert "more than this reader takes" in problem


def test_an_xlsx_whose_dimension_alone_claims_the_whole_grid_is_refused(tmp_path: Path) -> None:
    game = _hostile_game(tmp_path, ".xlsx", lambda p: _hostile_xlsx(p, "", "A1:XFD1048576"))
    [problem] = problems_of(game, tmp_path)
    assert "the sheet reaches row 1048576, column XFD" in problem


def _hostile_ods(path: Path, rows_repeated: int, columns_repeated: int = 1) -> None:
    write_ods(path, [["id", "name", "suit", "value"]])
    with zipfile.ZipFile(path) as archive:
        content = archive.read("content.xml").decode()
    row = (
        f'<table:table-row table:number-rows-repeated="{rows_repeated}">'
        f'<table:table-cell table:number-columns-repeated="{columns_repeated}" '
        'office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>'
        # the empty rows LibreOffice writes to a sheet's end: not counted
        '<table:table-row table:number-rows-repeated="1048000"><table:table-cell '
        'table:number-columns-repeated="1024"/></table:table-row>'
    )
    content = content.replace("</table:table>", row + "</table:table>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)


@pytest.mark.parametrize(("rows", "columns"), [(1_000_000, 4), (2, 16384), (5000, 200)])
def test_an_ods_row_repeated_past_the_limits_is_refused(
    tmp_path: Path, rows: int, columns: int
) -> None:
    game = _hostile_game(tmp_path, ".ods", lambda p: _hostile_ods(p, rows, columns))
    [problem] = problems_of(game, tmp_path)
    assert problem.startswith("tiny/cards.ods:sheet 'Cards': the sheet reaches row "), problem


def test_empty_rows_repeated_to_the_end_of_an_ods_sheet_are_not_counted(tmp_path: Path) -> None:
    from pnpkit.components.sheet_extent import check_extent

    path = tmp_path / "cards.ods"
    _hostile_ods(path, 3, 4)
    check_extent(path, "Cards")  # 4 rows of 4 columns, then a million empty ones: accepted


@given(
    st.lists(
        st.lists(st.text("ab<>&\"' 1", min_size=1, max_size=5), min_size=1, max_size=6),
        min_size=1,
        max_size=8,
    ),
    st.integers(7, 300),
)
def test_the_extent_read_in_chunks_is_the_sheet_s_own(rows: list[list[str]], chunk: int) -> None:
    """Whatever the chunk size (tags cut anywhere), an .ods sheet's and an .xlsx sheet's extent
    is its last row and its widest row."""
    import tempfile

    from pnpkit.components import sheet_extent

    expected = (len(rows), max(map(len, rows)))
    original = sheet_extent.CHUNK
    sheet_extent.CHUNK = chunk
    try:
        with tempfile.TemporaryDirectory() as folder:
            ods = Path(folder) / "t.ods"
            write_ods(ods, rows)
            with zipfile.ZipFile(ods) as archive:
                assert sheet_extent._ods_extents(archive) == {"Cards": expected}
            xlsx = Path(folder) / "t.xlsx"
            cells = "".join(
                _cell(f"{column_letters(c + 1)}{r + 1}", escape(v))
                for r, row in enumerate(rows)
                for c, v in enumerate(row)
            )
            _hostile_xlsx(xlsx, cells, "A1")
            with zipfile.ZipFile(xlsx) as archive:
                member = sheet_extent._xlsx_member(archive, "Cards")
                assert member is not None
                assert sheet_extent._xlsx_extent(archive, member) == expected
    finally:
        sheet_extent.CHUNK = original
