"""The artwork demo game (docs/images/artwork.png is drawn from it) validates and renders."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

DEMO = Path(__file__).parent / "fixtures" / "artwork"
PNP = Path(sys.executable).parent / "pnp"


def test_the_artwork_demo_validates_and_renders_without_warnings(tmp_path: Path) -> None:
    checked = subprocess.run([str(PNP), "validate", str(DEMO)], capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stderr == "", checked.stderr
    rendered = subprocess.run(
        [str(PNP), "render", str(DEMO), "--out", str(tmp_path), "--duplex", "off"],
        capture_output=True,
        text=True,
    )
    assert rendered.returncode == 0 and "warning" not in rendered.stderr, rendered.stderr
    pdf = PdfReader(tmp_path / "artwork" / "artwork-print-and-play.pdf")
    assert len(pdf.pages) == 2  # the cards' sheet and the tiles' sheet
    assert len(list((tmp_path / "artwork" / "svg").glob("*.svg"))) == 5 * 2 + 2
