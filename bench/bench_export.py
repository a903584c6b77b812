"""PNG export speed and memory.

The 100 bench cards (bench/cards100, see bench_render) exported as PNGs at 300 dpi, front and
back of every card (`pnp export --png`), against bench/floor_pdfium.py rasterising a PDF of the
same faces (the one-card-per-page file `pnp export --shop custom --bleed 0 --dpi 300` writes,
200 pages) with pypdfium2 alone and saving each page as a PNG, in the same run.
Target: within 1.5× of the floor's wall time. Peak memory is reported for the record.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from bench import sitting
from bench.bench_render import HERE, PNP, _line, bench_game, measure

FLOOR_FACTOR = 1.5
DPI = 300


def main() -> int:
    """Run the benchmark, print the figures; 0 if the target is met."""
    dpi = str(sitting.scaled(DPI, 100))
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        game = bench_game(folder)
        shop = folder / "shop"
        subprocess.run(
            [str(PNP), "export", str(game), "--shop", "custom", "--bleed", "0", "--dpi", dpi,
             "--out", str(shop)],
            check=True, capture_output=True,
        )  # fmt: skip
        pdf = shop / "bench-cards" / "shop-custom" / "cards" / "cards.pdf"
        print(f"export: 100 cards as PNG (front and back) at {dpi} dpi")
        floor, ours = measure(
            [sys.executable, str(HERE / "floor_pdfium.py"), str(pdf), str(folder / "floor"), dpi],
            [str(PNP), "export", str(game), "--png", "--dpi", dpi, "--out", str(folder / "png")],
        )
        pngs = len(list((folder / "png").rglob("*.png")))
        floor_pngs = len(list((folder / "floor").glob("*.png")))
        ratio = ours[0] / floor[0]
        _line("floor (pypdfium2 and Pillow alone)", *floor, f"{floor_pngs} PNG")
        _line("pnp export --png", *ours, f"{pngs} PNG, {ratio:.2f}× the floor")
    if ratio > FLOOR_FACTOR:
        print(f"  MISSED export: {ratio:.2f}× the floor (target ≤ {FLOOR_FACTOR}×)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
