"""Generator speed and memory.

1. The reference work: the 100 text cards of bench/cards_text.py as poker cards, 3 × 3 on A4
   with crop marks, rendered by `pnp render` from a game directory whose deck reads them
   (bench/cards100, given an id and name column per row; fronts only, like the floor), against
   bench/floor_reportlab.py measured in the same run. Targets: within 1.5× of the floor's wall
   time on a quiet machine (a loaded one widens the gap: 1.6–1.9× at a load of 6–10 on 2 cores),
   a PDF under 200 KB.
2. All five bundled games, every PDF and SVG: within 25× the floor's wall time and 3× its peak
   memory (about 3 s and 150 MiB on a quiet machine of this kind; printed for the record).

Each command runs in its own child process under /usr/bin/time (for its peak RSS), timed to the
microsecond around the run; the floor and pnpkit run in turns, seven times each, and the best
time of each is compared (the largest peak RSS is reported).
"""

from __future__ import annotations

import csv
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import cards_text, sitting

HERE = Path(__file__).resolve().parent
PNP = Path(sys.executable).parent / "pnp"
RUNS = 7
"""Runs of each command in a full sitting (one in the quick mode)."""
FLOOR_FACTOR = 1.5
MAX_PDF_KB = 200
ALL_GAMES_FLOOR_FACTOR = 25.0
ALL_GAMES_MEMORY_FACTOR = 3.0


def run_once(command: list[str], exit_codes: tuple[int, ...] = (0,)) -> tuple[float, float]:
    """Wall time (s) and peak RSS (MiB, from /usr/bin/time) of one run of `command`, which
    must exit with one of `exit_codes`."""
    start = time.perf_counter()
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *command], capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - start
    if result.returncode not in exit_codes:
        raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr}")
    return seconds, int(result.stderr.strip().splitlines()[-1]) / 1024


def measure(*commands: list[str], exit_codes: tuple[int, ...] = (0,)) -> list[tuple[float, float]]:
    """For each command, the best wall time and the largest peak RSS over RUNS runs, the
    commands taking turns so that a slower spell of the machine falls on all of them."""
    runs: list[list[tuple[float, float]]] = [[] for _ in commands]
    for _ in range(sitting.scaled(RUNS, 1)):
        for command, results in zip(commands, runs, strict=True):
            results.append(run_once(command, exit_codes))
    return [(min(t for t, _ in r), max(m for _, m in r)) for r in runs]


def bench_game(folder: Path) -> Path:
    """The bench game with its cards.csv: the bench's text cards plus an id and a name per row."""
    game = folder / "cards100"
    shutil.copytree(HERE / "cards100", game)
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as target:
        writer = csv.writer(target)
        writer.writerow(["id", "name", "title", "type", "cost", "body"])
        for n, row in enumerate(cards_text.rows(), start=1):
            writer.writerow([f"BN-{n:03d}", row["title"], row["title"], row["type"],
                             row["cost"], row["body"]])  # fmt: skip
    return game


def _line(label: str, seconds: float, mib: float, extra: str = "") -> None:
    print(f"  {label:<34} {seconds:6.3f} s  {mib:6.1f} MiB  {extra}")


def main() -> int:
    """Run both benchmarks, print the figures; 0 if every target is met."""
    failures = []
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        game = bench_game(folder)
        floor_pdf = folder / "floor.pdf"
        print("render: 100 text cards, poker, 3 × 3 on A4, crop marks")
        out = folder / "out"
        floor, ours = measure(
            [sys.executable, str(HERE / "floor_reportlab.py"), str(game / "cards.csv"),
             str(floor_pdf)],
            [str(PNP), "render", str(game), "--no-svg", "--duplex", "off", "--out", str(out)],
        )  # fmt: skip
        _line("floor (plain reportlab script)", *floor, f"{floor_pdf.stat().st_size // 1024} KB")
        pdf = out / "bench-cards" / "bench-cards-cards.pdf"
        size_kb = pdf.stat().st_size / 1024
        ratio = ours[0] / floor[0]
        _line("pnp render (PDFs)", *ours, f"{size_kb:.0f} KB, {ratio:.2f}× the floor")
        imports = "import pnpkit.cli, pnpkit.components, pnpkit.generator.sheets.pdfsheets"
        _line("  of which: start-up and imports", *measure([sys.executable, "-c", imports])[0])
        (with_svg,) = measure([str(PNP), "render", str(game), "--out", str(out)])
        _line("pnp render (PDFs and 200 SVG)", *with_svg)
        if ratio > FLOOR_FACTOR:
            failures.append(f"cards: {ratio:.2f}× the floor (target ≤ {FLOOR_FACTOR}×)")
        if size_kb >= MAX_PDF_KB:
            failures.append(f"cards: PDF {size_kb:.0f} KB (target < {MAX_PDF_KB} KB)")
        print("render: all five bundled games, every PDF and SVG")
        floor_again, every = measure(
            [sys.executable, str(HERE / "floor_reportlab.py"), str(game / "cards.csv"),
             str(floor_pdf)],
            [str(PNP), "render", "--all", "--out", str(folder / "all")],
        )  # fmt: skip
        _line("floor (plain reportlab script)", *floor_again)
        time_ratio, memory_ratio = every[0] / floor_again[0], every[1] / floor_again[1]
        _line("pnp render --all", *every, f"{time_ratio:.1f}× / {memory_ratio:.1f}× the floor")
        if time_ratio > ALL_GAMES_FLOOR_FACTOR or memory_ratio > ALL_GAMES_MEMORY_FACTOR:
            failures.append(
                f"all games: {time_ratio:.1f}× the floor's time, {memory_ratio:.1f}× its memory "
                f"(targets ≤ {ALL_GAMES_FLOOR_FACTOR}×, ≤ {ALL_GAMES_MEMORY_FACTOR}×)"
            )
    for failure in failures:
        print(f"  MISSED {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
