"""The font cache gives back exactly what parsing the font gives (reportlab's face and pnpkit's
metrics), is keyed by the font's bytes so that an edited font is parsed afresh, ignores a damaged
entry, and is skipped silently when it cannot be written."""

from __future__ import annotations

import os
from io import BytesIO
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator.backends.pdffonts import CachedTTFont
from pnpkit.generator.text import fontmetrics
from pnpkit.generator.text.fontmetrics import FONT_DIR, FONT_FILES

FONTS = [FONT_DIR / name for name in FONT_FILES.values()]


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(folder))
    monkeypatch.delenv("PNPKIT_NO_CACHE", raising=False)
    return folder / "fonts"


def _face_state(font: TTFont) -> dict:
    state = dict(vars(font.face))
    scale = state.pop("_pdfScale")
    state["_pdfScale(1234.5)"] = scale(1234.5)
    names = {k: (v.ustr, type(v)) for k, v in state.items() if hasattr(v, "ustr")}
    return {"state": state, "types": {k: type(v) for k, v in state.items()}, "names": names}


def _no_parse(self: TTFontFace, charInfo: int = 1) -> None:
    raise AssertionError("parsed again: the cache was not used")


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_a_cached_face_is_reportlabs_own(
    path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = TTFont("Fresh", str(path))
    first = CachedTTFont("Fresh", str(path))  # parses and fills the cache
    assert len(list(private_cache.iterdir())) == 1
    monkeypatch.setattr(TTFontFace, "extractInfo", _no_parse)
    cached = CachedTTFont("Fresh", str(path))
    assert _face_state(first) == _face_state(fresh)
    assert _face_state(cached) == _face_state(fresh)
    outer = {k: v for k, v in vars(fresh).items() if k not in ("face", "state", "encoding")}
    assert {k: v for k, v in vars(cached).items() if k in outer} == outer
    assert vars(cached).keys() == vars(fresh).keys()


def _pdf(font: TTFont) -> bytes:
    pdfmetrics.registerFont(font)
    buffer = BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont(font.fontName, 12)
    canvas.drawString(72, 720, "Zwölf Boxkämpfer jagen Eva — ΑΒΓ ЖЗИ ﬁ ✓")
    canvas.drawRightString(500, 700, "right")
    canvas.save()
    return buffer.getvalue()


def test_a_pdf_set_in_a_cached_font_is_the_same(private_cache: Path) -> None:
    path = str(FONTS[0])
    expected = _pdf(TTFont("CacheProbe", path))
    CachedTTFont("CacheProbe", path)  # fills the cache
    assert _pdf(CachedTTFont("CacheProbe", path)) == expected


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_cached_metrics_are_the_parsed_ones(path: Path, private_cache: Path) -> None:
    widths, ascent, descent = fontmetrics._parsed(path.read_bytes())
    fontmetrics.font_metrics.cache_clear()
    fontmetrics.font_metrics(path)  # fills the cache
    fontmetrics.font_metrics.cache_clear()
    cached = fontmetrics.font_metrics(path)
    assert len(list(private_cache.iterdir())) == 1
    assert list(cached.widths.items()) == list(widths.items())
    assert (cached.ascent, cached.descent) == (ascent, descent)


def test_an_edited_font_is_parsed_afresh(tmp_path: Path, private_cache: Path) -> None:
    """The key is the font's bytes: a font changed in place (same name, same size) is not
    given the old font's metrics."""
    font = tmp_path / "Mine.ttf"
    data = bytearray(FONTS[0].read_bytes())
    font.write_bytes(data)
    before = fontmetrics.font_metrics(font).width("A", 10)
    tables = fontmetrics._tables(bytes(data))
    glyph = fontmetrics._cmap(bytes(data), tables["cmap"][0])[ord("A")]
    at = tables["hmtx"][0] + 4 * glyph  # the advance of A's glyph, doubled
    advance = int.from_bytes(data[at : at + 2], "big")
    data[at : at + 2] = (2 * advance).to_bytes(2, "big")
    font.write_bytes(data)
    fontmetrics.font_metrics.cache_clear()
    assert fontmetrics.font_metrics(font).width("A", 10) == pytest.approx(2 * before)
    assert len(list(private_cache.iterdir())) == 2
    assert CachedTTFont("Edited", str(font)).face.charWidths[ord("A")] == pytest.approx(
        TTFont("Edited", str(font)).face.charWidths[ord("A")]
    )


def test_a_damaged_entry_is_a_miss(private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(FONTS[0])
    CachedTTFont("Damaged", path)
    (entry,) = private_cache.iterdir()
    body = bytearray(entry.read_bytes())
    body[len(body) // 2] ^= 0xFF
    entry.write_bytes(body)
    parsed = []
    original = TTFontFace.extractInfo

    def counted(self: TTFontFace, charInfo: int = 1) -> None:
        parsed.append(1)
        original(self, charInfo)

    monkeypatch.setattr(TTFontFace, "extractInfo", counted)
    assert _face_state(CachedTTFont("Damaged", path)) == _face_state(TTFont("Damaged", path))
    assert len(parsed) == 2  # the cached font's and the fresh one's


def test_an_unwritable_cache_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(blocker))
    path = str(FONTS[1])
    assert _face_state(CachedTTFont("Unwritable", path)) == _face_state(TTFont("U", path))


def test_no_cache_writes_nothing(private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNPKIT_NO_CACHE", "1")
    CachedTTFont("Uncached", str(FONTS[2]))
    assert not private_cache.exists() or not os.listdir(private_cache)


def test_unreadable_code_source_parses_without_the_cache(
    tmp_path: Path, private_cache: Path
) -> None:
    """The key holds the parsing code's source: when it cannot be read, nothing is cached."""
    from pnpkit.generator.text.fontcache import cached_parse

    value = cached_parse("probe", b"font bytes", lambda: {"parsed": 1}, tmp_path / "gone.py")
    assert value == {"parsed": 1}
    assert not private_cache.exists()


def test_a_read_entry_is_set_aside_from_the_collector_once(private_cache: Path) -> None:
    """A font's parsed objects live as long as the process: the first read of an entry freezes
    them out of the collector's scans; reading it again (a `pnp watch` re-render) freezes
    nothing more."""
    import gc

    path = str(FONTS[0])
    CachedTTFont("Parsed", path)  # a miss: parsed and stored, nothing frozen
    try:
        gc.unfreeze()
        CachedTTFont("Read", path)
        frozen = gc.get_freeze_count()
        assert frozen > 0
        gc.unfreeze()
        CachedTTFont("Again", path)
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
