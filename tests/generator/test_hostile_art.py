"""Hostile or broken art and font files are refused with the file, the place and the limit,
before they are decoded: no traceback, and neither `validate` nor `render` spends minutes or
gigabytes on them. Every file is made here, at test time (none is committed)."""

from __future__ import annotations

import base64
import functools
import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpkit.components.fontfiles import font_file_problem
from pnpkit.generator.art.artwork import ArtError
from pnpkit.generator.art.svgfile import read_svg
from tests.in_process import run_pnp

from .artgame import art_game
from .test_artwork import image_card

PNP = Path(sys.executable).parent / "pnp"
ROOT = Path(__file__).resolve().parents[2]
SERIF = ROOT / "docs" / "examples" / "harbour" / "fonts" / "DejaVuSerif.ttf"
SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'


@functools.cache
def png(width: int, height: int, rows: int = 0) -> bytes:
    """A PNG whose header claims width × height; `rows` rows of black pixels compressed in it
    (all of them make a decompression bomb: a small file of a huge picture). Made once: the
    bomb alone and the bomb inside an SVG are the same file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    packer = zlib.compressobj(1)
    row = bytes(1 + 3 * width)
    pixels = b"".join(packer.compress(row) for _ in range(rows)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def validate(game: Path) -> subprocess.CompletedProcess[str]:
    """`pnp validate GAME` in this process (tests/in_process.py); `render` below runs as a real
    process."""
    return run_pnp("validate", game)


def art_file_game(tmp_path: Path, name: str, data: bytes) -> Path:
    game = art_game(tmp_path, image_card(), [{"id": "AG-1", "name": "A", "art": f"art/{name}"}])
    (game / "art" / name).write_bytes(data)
    return game


HOSTILE_ART = {
    "png-header-60000": ("x.png", lambda: png(60000, 60000), "60,000 × 60,000 pixels"),
    "png-bomb": ("x.png", lambda: png(9000, 5000, rows=5000), "9,000 × 5,000 pixels"),
    "png-bomb-in-svg": ("x.svg", lambda: (
        f'{SVG_HEAD}\n<image width="4" height="2" href="data:image/png;base64,'
        f'{base64.b64encode(png(9000, 5000, rows=5000)).decode()}"/></svg>').encode(),
        "<image> (line 2)"),
    "svg-viewbox-1e30": ("x.svg", lambda: (
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e30 1e30">'
        b'<rect width="4" height="2"/></svg>'), "viewBox='0 0 1e30 1e30' (line 1)"),
    "svg-100000-nested-g": ("x.svg", lambda: (
        SVG_HEAD + "\n<g>" * 100_000 + "</g>" * 100_000 + "</svg>").encode(),
        "nest more than 100 deep"),
    "svg-150-nested-g": ("x.svg", lambda: (
        SVG_HEAD + "\n<g>" * 150 + '<rect width="4" height="2"/>' + "</g>" * 150 + "</svg>"
        ).encode(), "nest more than 100 deep (line 101, <g>)"),
    "svg-10-mb": ("x.svg", lambda: (
        SVG_HEAD + '<rect width="4" height="2" fill="#123456"/>\n' * 250_000 + "</svg>"
        ).encode(), "SVG art may be at most 5 MB"),
    "svg-10001-elements": ("x.svg", lambda: (
        SVG_HEAD + '<rect width="4" height="2"/>\n' * 10_001 + "</svg>").encode(),
        "more than 10,000 elements (line 10000)"),
}  # fmt: skip


@pytest.mark.parametrize("case", HOSTILE_ART)
def test_hostile_art_is_refused_naming_file_place_and_limit(tmp_path: Path, case: str) -> None:
    name, make, expected = HOSTILE_ART[case]
    game = art_file_game(tmp_path, name, make())
    result = validate(game)
    assert result.returncode == 2, result.stdout
    assert f"'art/{name}'" in result.stderr and "AG-1" in result.stderr
    assert expected in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_render_refuses_hostile_art_as_validate_does_and_writes_nothing(tmp_path: Path) -> None:
    game = art_file_game(tmp_path, "x.png", png(60000, 60000))
    out = tmp_path / "out"
    result = subprocess.run([str(PNP), "render", str(game), "--out", str(out)],
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 2 and "60,000 × 60,000 pixels" in result.stderr
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))


def _table(data: bytes, tag: bytes) -> int:
    (count,) = struct.unpack_from(">H", data, 4)
    for i in range(count):
        if data[12 + 16 * i : 16 + 16 * i] == tag:
            return struct.unpack_from(">I", data, 12 + 16 * i + 8)[0]
    raise KeyError(tag)


def _glyphs_65535() -> bytes:
    data = bytearray(SERIF.read_bytes())
    struct.pack_into(">H", data, _table(data, b"maxp") + 4, 65535)
    struct.pack_into(">H", data, _table(data, b"hhea") + 34, 65535)
    return bytes(data)


HOSTILE_FONTS = {
    "truncated": (lambda: SERIF.read_bytes()[: SERIF.stat().st_size // 3], "table runs to byte"),
    "cut-in-its-directory": (lambda: SERIF.read_bytes()[:200], "table runs to byte"),
    "claims-65535-glyphs": (_glyphs_65535, "claims 65,535 glyphs"),
}


@pytest.mark.parametrize("case", HOSTILE_FONTS)
def test_a_broken_font_is_refused_at_its_place_in_game_json(tmp_path: Path, case: str) -> None:
    make, expected = HOSTILE_FONTS[case]
    front = {"elements": [{"type": "text", "text": "{name}", "font": "Bad", "x": "4mm",
                           "y": "4mm", "w": "50mm", "h": "10mm"}]}  # fmt: skip
    game = art_game(tmp_path, front, [{"id": "AG-1", "name": "Hello"}])
    (game / "fonts").mkdir()
    (game / "fonts" / "bad.ttf").write_bytes(make())
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    manifest["fonts"] = {"Bad": {"regular": "fonts/bad.ttf"}}
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    for command in (["validate", str(game)], ["render", str(game), "--out", str(tmp_path / "o")]):
        result = run_pnp(*command)
        assert result.returncode == 2, (command, result.stderr)
        assert "game.json:#/fonts/Bad/regular: font 'fonts/bad.ttf'" in result.stderr
        assert expected in result.stderr and "Traceback" not in result.stderr


# property tests: whatever the bytes, a refusal or a result, never another exception ----------

VALID_SVG = (SVG_HEAD + '<g opacity="0.5"><rect width="4" height="2" fill="#f00"/></g>'
             '<text x="1" y="9">Hi</text></svg>').encode()  # fmt: skip


FIXTURE = HealthCheck.function_scoped_fixture  # each example overwrites the same file


def _mutated(data: bytes, cuts: list[tuple[int, int]]) -> bytes:
    mutable = bytearray(data)
    for position, value in cuts:
        mutable[position % len(mutable)] = value
    return bytes(mutable)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cuts=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=6),
       length=st.integers(0, len(VALID_SVG)))  # fmt: skip
def test_any_damage_to_an_svg_is_a_refusal_or_a_drawing(tmp_path: Path, cuts, length) -> None:
    from pnpkit.generator.art.artwork import read_art

    path = tmp_path / "x.svg"
    path.write_bytes(_mutated(VALID_SVG, cuts)[:length] if length else b"")
    try:
        read_svg(path)
        read_art(path)
    except ArtError:
        pass


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cuts=st.lists(st.tuples(st.integers(0, 2_000), st.integers(0, 255)), max_size=4),
       length=st.one_of(st.none(), st.integers(0, 400_000)))  # fmt: skip
def test_any_damage_to_a_font_is_named_or_harmless(tmp_path: Path, cuts, length) -> None:
    path = tmp_path / "f.ttf"
    data = _mutated(SERIF.read_bytes(), cuts)
    path.write_bytes(data[:length] if length is not None else data)
    problem = font_file_problem(path)
    assert problem is None or isinstance(problem, str)
