"""A spreadsheet sheet's extent (rows and columns up to its last value), read from the file's
XML streamed out of the zip in bounded chunks, before the sheet is loaded: a 5 KB file whose one
cell sits at XFD1048576, or whose row is repeated a million times, would make the reader
allocate for every cell in between (gigabytes, or an abort)."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

MAX_SHEET_ROWS = 10_000
MAX_SHEET_COLUMNS = 500
MAX_SHEET_CELLS = 500_000
"""A deck's sheet may reach at most this far (its last value); beyond is refused before
loading. A deck holds at most 2,000 rows (csvrows.MAX_ROWS) anyway."""

MAX_XML_BYTES = 64 * 2**20
"""The most uncompressed XML read from one sheet (or a workbook's index)."""

CHUNK = 2**16
OVERLAP = 4096
"""Bytes kept from one chunk to the next, so a tag cut by a chunk's end is still seen whole."""

_XLSX_PLACE = re.compile(
    rb"<dimension\s[^>]*?ref=\"(?:[A-Z]+[0-9]+:)?([A-Z]{1,4})([0-9]{1,8})\""
    rb"|<c\s[^>]*?r=\"([A-Z]{1,4})([0-9]{1,8})\""
)
"""A sheet's stated dimension (its far corner), or a cell's reference."""
_ODS_TAG = re.compile(
    rb"<table:(?:table|table-row|table-cell|covered-table-cell)(?:\s[^>]*)?/?>"
    rb"|</table:table(?:-row)?>"
)
_ODS_ATTRIBUTE = re.compile(rb"([\w:-]+)=\"([^\"]*)\"")


class SheetTooLarge(Exception):
    """A sheet beyond the limits, or a file whose XML cannot be measured; the reason."""


def check_extent(path: Path, sheet: str | None) -> None:
    """SheetTooLarge if the sheet (the first if None) of an .xlsx or .ods file reaches beyond
    MAX_SHEET_ROWS, MAX_SHEET_COLUMNS or MAX_SHEET_CELLS. A file that is not a zip, or a sheet
    not found, passes: the spreadsheet reader refuses it with its own reason."""
    try:
        with zipfile.ZipFile(path) as archive:
            if path.suffix.lower() == ".ods":
                extents = _ods_extents(archive)
                rows, columns = (
                    extents.get(sheet, (0, 0))
                    if sheet is not None
                    else next(iter(extents.values()), (0, 0))
                )
            else:
                member = _xlsx_member(archive, sheet)
                if member is None:
                    return
                rows, columns = _xlsx_extent(archive, member)
    except (zipfile.BadZipFile, KeyError, ElementTree.ParseError, OSError):
        return
    _within_limits(rows, columns)


def _within_limits(rows: int, columns: int) -> None:
    if rows > MAX_SHEET_ROWS or columns > MAX_SHEET_COLUMNS or rows * columns > MAX_SHEET_CELLS:
        raise SheetTooLarge(
            f"the sheet reaches row {rows}, column {_letters(columns)}: more than this reader "
            f"takes ({MAX_SHEET_ROWS} rows, {MAX_SHEET_COLUMNS} columns, {MAX_SHEET_CELLS} "
            "cells up to the last value); clear the cells beyond the deck"
        )


def _letters(number: int) -> str:
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters or "A"


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - ord("A") + 1
    return number


def _matches(archive: zipfile.ZipFile, member: str, pattern: re.Pattern) -> Iterator[re.Match]:
    """Each match of `pattern` in a member streamed in chunks, once; refused past MAX_XML_BYTES.
    The bytes after a chunk's last match (up to OVERLAP) go before the next chunk, so a tag cut
    by a chunk's end is seen whole."""
    read, left = 0, b""
    with archive.open(member) as stream:
        while block := stream.read(CHUNK):
            read += len(block)
            if read > MAX_XML_BYTES:
                raise SheetTooLarge(f"{member} holds more than {MAX_XML_BYTES >> 20} MiB of XML")
            buffer, end = left + block, 0
            for found in pattern.finditer(buffer):
                end = found.end()
                yield found
            left = buffer[max(end, len(buffer) - OVERLAP) :]


def _small_xml(archive: zipfile.ZipFile, member: str) -> ElementTree.Element:
    with archive.open(member) as stream:
        data = stream.read(MAX_XML_BYTES + 1)
    if len(data) > MAX_XML_BYTES:
        raise SheetTooLarge(f"{member} holds more than {MAX_XML_BYTES >> 20} MiB of XML")
    return ElementTree.fromstring(data)


def _xlsx_member(archive: zipfile.ZipFile, sheet: str | None) -> str | None:
    """The zip member holding the named sheet (the first if None), from the workbook's index."""
    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    relation = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    book = _small_xml(archive, "xl/workbook.xml")
    sheets = [s for s in book.iter(f"{main}sheet") if sheet is None or s.get("name") == sheet]
    if not sheets:
        return None
    wanted = sheets[0].get(relation)
    links = _small_xml(archive, "xl/_rels/workbook.xml.rels")
    for link in links:
        if link.get("Id") == wanted:
            target = (link.get("Target") or "").lstrip("/")
            return target if target.startswith("xl/") else f"xl/{target}"
    return None


def _xlsx_extent(archive: zipfile.ZipFile, member: str) -> tuple[int, int]:
    """The furthest row and column any cell (or the stated dimension) of a sheet reaches."""
    rows = columns = 0
    for found in _matches(archive, member, _XLSX_PLACE):
        columns = max(columns, _column_number(found.group(1) or found.group(3)))
        rows = max(rows, int(found.group(2) or found.group(4)))
        _within_limits(rows, columns)  # refused as soon as it is known
    return rows, columns


def _ods_extents(archive: zipfile.ZipFile) -> dict[str, tuple[int, int]]:
    """Each table's furthest row and column holding a value, counting repeated rows and cells
    (empty ones repeated to the sheet's end, as LibreOffice writes them, do not count)."""
    extents: dict[str, tuple[int, int]] = {}
    name, row, rows, columns = "", 0, 0, 0
    row_repeat, column, row_valued, row_reach = 1, 0, False, 0
    for found in _matches(archive, "content.xml", _ODS_TAG):
        tag, attributes = found.group(0), _attributes(found.group(0))
        if tag.startswith(b"<table:table-row"):
            row_repeat = _count(attributes, b"table:number-rows-repeated")
            column, row_valued, row_reach = 0, False, 0
            if tag.endswith(b"/>"):
                row += row_repeat
        elif tag == b"</table:table-row>":
            row += row_repeat
            if row_valued:
                rows, columns = row, max(columns, row_reach)
                _within_limits(rows, columns)
        elif tag.startswith(b"<table:table ") or tag == b"<table:table>":
            name = attributes.get(b"table:name", b"").decode("utf-8", "replace")
            row, rows, columns = 0, 0, 0
        elif tag == b"</table:table>":
            extents.setdefault(name, (rows, columns))
        else:  # a cell
            column += _count(attributes, b"table:number-columns-repeated")
            if not tag.endswith(b"/>") or b"office:value-type" in attributes:
                row_valued, row_reach = True, column
    return extents


def _attributes(tag: bytes) -> dict[bytes, bytes]:
    return dict(_ODS_ATTRIBUTE.findall(tag))


def _count(attributes: dict[bytes, bytes], name: bytes) -> int:
    """A repeat count (1 if absent or not a number)."""
    value = attributes.get(name, b"1")
    return int(value) if value.isdigit() and len(value) <= 12 else 1
