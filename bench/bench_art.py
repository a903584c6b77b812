"""Artwork speed and size: 100 poker cards, each with its own PNG picture and SVG drawing
(made here from the example game's art, recoloured per card), 3 × 3 on A4 with crop marks,
fronts only, rendered by `pnp render` from bench/art100 against bench/floor_art.py (plain
reportlab placing the same files, the SVGs through svglib) measured in the same run.

Targets: within 2× of the floor's wall time; a PDF within 10% of the floor's size (both embed
the same bitmaps the same way; the images' own bytes are reported beside them).
"""

from __future__ import annotations

import colorsys
import csv
import shutil
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

from bench.bench_render import PNP, _line, measure

HERE = Path(__file__).resolve().parent
LIGHTHOUSE = HERE.parent / "docs" / "examples" / "harbour" / "art" / "lighthouse.svg"
CARDS = 100
FLOOR_FACTOR = 2.0
SIZE_MARGIN = 0.10


def _hex(hue: float, lightness: float, saturation: float = 0.55) -> str:
    r, g, b = colorsys.hls_to_rgb(hue % 1.0, lightness, saturation)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def picture(n: int, path: Path) -> None:
    """A 480 × 320 harbour scene whose colours and boat move with n (232 dpi as printed)."""
    hue = n / CARDS
    image = Image.new("RGB", (480, 320), _hex(hue + 0.55, 0.8))
    pen = ImageDraw.Draw(image)
    pen.ellipse((360 - n, 30, 420 - n, 90), fill=_hex(hue + 0.12, 0.65, 0.9))
    pen.polygon([(0, 190), (130, 140), (260, 190)], fill=_hex(hue + 0.3, 0.4))
    pen.rectangle((0, 190, 480, 320), fill=_hex(hue + 0.58, 0.35))
    for row in range(5):
        for x in range((row % 2) * 24, 480, 48):
            pen.arc((x, 200 + row * 24, x + 24, 212 + row * 24), 200, 340, fill="#e0f0f6", width=2)
    left = 60 + 2 * n
    pen.polygon([(left, 230), (left + 180, 230), (left + 150, 268), (left + 30, 268)],
                fill=_hex(hue + 0.05, 0.35))  # fmt: skip
    pen.polygon([(left + 96, 110), (left + 96, 222), (left + 170, 222)], fill="#fbf7ef")
    image.save(path)


def drawing(n: int, path: Path) -> None:
    """The example lighthouse with its stripes, sky and sea recoloured for card n."""
    hue = n / CARDS
    text = LIGHTHOUSE.read_text(encoding="utf-8")
    for old, new in (("#c8453a", _hex(hue, 0.5)), ("#f3d9a4", _hex(hue + 0.1, 0.85)),
                     ("#2f6f8f", _hex(hue + 0.55, 0.4))):  # fmt: skip
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def bench_game(folder: Path) -> tuple[Path, int]:
    """The bench game with its cards.csv and art; also the art files' bytes in all."""
    game = folder / "art100"
    shutil.copytree(HERE / "art100", game)
    (game / "art").mkdir()
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as target:
        writer = csv.writer(target)
        writer.writerow(["id", "name", "picture", "drawing"])
        for n in range(1, CARDS + 1):
            picture(n, game / "art" / f"picture-{n:03d}.png")
            drawing(n, game / "art" / f"drawing-{n:03d}.svg")
            writer.writerow([f"BA-{n:03d}", f"Harbour {n}", f"art/picture-{n:03d}.png",
                             f"art/drawing-{n:03d}.svg"])  # fmt: skip
    art_bytes = sum(p.stat().st_size for p in (game / "art").iterdir())
    return game, art_bytes


def main() -> int:
    """Run the benchmark, print the figures; 0 if every target is met."""
    failures = []
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        game, art_bytes = bench_game(folder)
        floor_pdf, out = folder / "floor.pdf", folder / "out"
        print("render: 100 cards, each a PNG picture and an SVG drawing, 3 × 3 on A4")
        floor, ours = measure(
            [sys.executable, str(HERE / "floor_art.py"), str(game / "cards.csv"), str(floor_pdf)],
            [str(PNP), "render", str(game), "--no-svg", "--duplex", "off", "--out", str(out)],
        )
        floor_kb = floor_pdf.stat().st_size / 1024
        _line("floor (reportlab + svglib script)", *floor, f"{floor_kb:.0f} KB")
        size_kb = (out / "bench-art" / "bench-art-cards.pdf").stat().st_size / 1024
        ratio = ours[0] / floor[0]
        _line("pnp render (PDFs)", *ours,
              f"{size_kb:.0f} KB, {ratio:.2f}× the floor's time")  # fmt: skip
        print(f"  the art files' own bytes: {art_bytes / 1024:.0f} KB "
              f"(PDF {size_kb / floor_kb:.3f}× the floor's size)")  # fmt: skip
        (with_svg,) = measure([str(PNP), "render", str(game), "--out", str(out)])
        _line("pnp render (PDFs and 200 SVG)", *with_svg)
        if ratio > FLOOR_FACTOR:
            failures.append(f"art: {ratio:.2f}× the floor (target ≤ {FLOOR_FACTOR}×)")
        if size_kb > floor_kb * (1 + SIZE_MARGIN):
            failures.append(f"art: PDF {size_kb:.0f} KB, floor {floor_kb:.0f} KB (target ≤ +10%)")
    for failure in failures:
        print(f"  MISSED {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
