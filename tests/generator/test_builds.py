"""Builds (game.json `builds`): the same game rendered as its colour edition and as a low-ink,
greyscale one with `pnp render --build NAME`."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnpkit.generator.faces.builds import grey
from tests.in_process import run_pnp

from .artgame import art_game

FIXTURE = Path(__file__).parent / "fixtures" / "elements"
PNP = Path(sys.executable).parent / "pnp"
DPI = 60


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    """`pnp ARGS…` in this process (tests/in_process.py)."""
    return run_pnp(*args)


def pnp_process(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed `pnp` as a real process."""
    return subprocess.run([str(PNP), *args], capture_output=True, text=True)


def page(pdf: Path):
    return pdfium.PdfDocument(pdf)[0].render(scale=DPI / 72).to_pil().convert("RGB")


def at(image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return image.getpixel((round(x_mm / 25.4 * DPI), round(y_mm / 25.4 * DPI)))


@pytest.fixture(scope="module")
def renders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("builds")
    for extra in ([], ["--build", "low-ink"]):
        result = pnp("render", str(FIXTURE), "--duplex", "off", "--no-svg", "--out", str(out),
                     *extra)  # fmt: skip
        assert result.returncode == 0, result.stderr
    return out


def test_a_build_is_written_beside_the_game_under_its_own_name(renders: Path) -> None:
    assert (renders / "elements" / "elements-cards.pdf").is_file()
    assert (renders / "elements-low-ink" / "elements-low-ink-cards.pdf").is_file()
    assert (renders / "elements-low-ink" / "elements-low-ink-print-and-play.pdf").is_file()


def test_the_low_ink_build_is_grey_white_where_the_colour_one_is_not(renders: Path) -> None:
    colour = page(renders / "elements" / "elements-cards.pdf")
    low = page(renders / "elements-low-ink" / "elements-low-ink-cards.pdf")
    # the first card (its top-left corner is 14.5 mm, 16.5 mm on the sheet): a gradient
    # background in colour; white paper (`vars`, and `when` on the build) in the low-ink build
    corner = (14.5 + 5, 16.5 + 60)
    r, g, b = at(colour, *corner)
    assert max(r, g, b) - min(r, g, b) > 40
    assert at(low, *corner) == (255, 255, 255)
    # the triangle of the third card: green in colour, its grey in the low-ink build
    triangle = (14.5 + 2 * 63.5 + 20, 16.5 + 55)
    r, g, b = at(colour, *triangle)
    assert g > r + 30
    grey_level = at(low, *triangle)
    assert max(grey_level) - min(grey_level) <= 2
    assert grey_level[0] == pytest.approx(0.299 * r + 0.587 * g + 0.114 * b, abs=6)


def test_grey_keeps_the_lightness_to_the_eye() -> None:
    assert grey("#ffffff") == "#ffffff" and grey("#000000") == "#000000"
    assert grey("#00ff00") == "#969696"  # green looks lighter than blue
    assert grey("#0000ff") == "#1d1d1d"


def test_a_build_swaps_a_groups_template(tmp_path: Path) -> None:
    front = {"bleed": "0mm", "elements": [{"type": "rect", "bleed": True, "fill": "#ff0000"}]}
    game = art_game(tmp_path, front, [{"id": "AG-1", "name": "A"}])
    (game / "layouts" / "plain.json").write_text(json.dumps({"bleed": "0mm", "elements": []}))
    manifest = json.loads((game / "game.json").read_text())
    manifest["builds"] = {"plain": {"layouts": {"cards": {"front": "plain"}}}}
    (game / "game.json").write_text(json.dumps(manifest))
    out = tmp_path / "out"
    for extra in ([], ["--build", "plain"]):
        assert (
            pnp("render", str(game), "--duplex", "off", "--out", str(out), *extra).returncode == 0
        )
    assert at(page(out / "artgame" / "artgame-cards.pdf"), 40, 50) == (255, 0, 0)
    assert at(page(out / "artgame-plain" / "artgame-plain-cards.pdf"), 40, 50) == (255, 255, 255)


def test_an_unknown_build_is_refused_naming_the_declared_ones(tmp_path: Path) -> None:
    result = pnp_process("render", str(FIXTURE), "--build", "sepia", "--out", str(tmp_path))
    assert result.returncode == 2
    assert "no build 'sepia' in game.json `builds` (declared: 'low-ink')" in result.stderr
    assert not any(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize(
    ("layouts", "expected"),
    [
        ({"tokens": {"front": "x"}},
         "game.json:#/builds/low-ink/layouts/tokens: no component group 'tokens'"),
        ({"cards": {"back": "no-such-back"}}, "no layout template 'no-such-back'"),
    ],
)  # fmt: skip
def test_a_build_swapping_in_an_unknown_group_or_template_fails_validate(
    tmp_path: Path, layouts: dict, expected: str
) -> None:
    game = tmp_path / "elements"
    shutil.copytree(FIXTURE, game)
    manifest = json.loads((game / "game.json").read_text())
    manifest["builds"]["low-ink"]["layouts"] = layouts
    (game / "game.json").write_text(json.dumps(manifest))
    result = pnp("validate", str(game))
    assert result.returncode == 2
    assert expected in result.stderr


def test_when_with_a_field_but_no_values_is_refused_not_a_crash(tmp_path: Path) -> None:
    front = {"elements": [{"type": "rect", "fill": "#000000", "when": {"field": "name"}}]}
    game = art_game(tmp_path, front, [{"id": "AG-1", "name": "A"}])
    result = pnp("validate", str(game))
    assert result.returncode == 2
    assert "cards-front.json:#/elements/0/when" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", ["png", "svg"])
@pytest.mark.parametrize("opacity", [1.0, 0.5])
def test_greyscale_artwork_prints_as_previewed(tmp_path: Path, kind: str, opacity: float) -> None:
    from pnpkit.generator.faces.builds import greyscale

    from .test_layout_elements import ART_BOX, RED, card, pixel, print_and_preview

    element = {**ART_BOX, "src": f"art/two-halves.{kind}", "opacity": opacity}
    background = {"type": "rect", "x": "0mm", "y": "0mm", "w": "100%", "h": "100%",
                  "fill": "#ffffff"}  # fmt: skip
    face = greyscale(card(tmp_path, [background, element]))
    level = 0.299 * RED[0] + 0.587 * RED[1] + 0.114 * RED[2]
    expected = 255 - opacity * (255 - level)  # over white paper
    for image in print_and_preview(face):
        r, g, b = pixel(image, 15, 20)  # the red half, grey
        assert max(r, g, b) - min(r, g, b) <= 3
        assert r == pytest.approx(expected, abs=6)
