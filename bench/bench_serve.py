"""`referee serve`: from a move entered on the page to the page showing the table after it, in
Debian's chromium, over 100 moves of 4-player Alpina table games.

Target: p95 ≤ 200 ms. Floor, same sitting: the page fetching and drawing the table once more with
no move made (what every update costs without checking and recording a move).
"""

from __future__ import annotations

import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pnpkit.components import load_game
from pnpkit.referee.store import make_setup, new_game
from tests.referee.browser import chromium_missing, enter, launch

MOVES = 100
REFEREE = Path(sys.executable).parent / "referee"


def _legal(page: Any) -> str:
    return page.eval_on_selector("#legal-moves option", "node => node.value")


def _game(browser: Any, folder: Path, number: int, times: list[float], floor: list[float]) -> None:
    log = folder / f"alpina-{number}.jsonl"
    new_game(log, make_setup(load_game("alpina"), ["Ann", "Bob", "Cy", "Di"]))
    server = subprocess.Popen(
        [REFEREE, "serve", log, "--port", "0"], stdout=subprocess.PIPE, text=True
    )  # its own process, as at the table: the browser driver here does not share its GIL
    try:
        assert server.stdout is not None
        url = server.stdout.readline().rsplit(" ", 1)[1].strip()
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.wait_for_function("document.body.dataset.version")
        for move in ("start AL-20", "first Ann"):
            enter(page, move)
        while len(times) < MOVES and "the game is over" not in page.text_content("#legal-note"):
            move = _legal(page)
            start = time.perf_counter()
            verdict = enter(page, move)
            assert verdict == "accepted", (move, verdict)
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            page.evaluate("async () => { shown = -1; await refresh(); }")
            floor.append(time.perf_counter() - start)
        page.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=10)


def main() -> int:
    missing = chromium_missing()
    if missing:
        print(f"skip referee serve: {missing}")
        return 0
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    floor: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = launch(playwright)
        number = 0
        while len(times) < MOVES:
            _game(browser, Path(tmp), number, times, floor)
            number += 1
        browser.close()
    p95 = statistics.quantiles(times, n=20)[-1]
    median, floor_median = statistics.median(times), statistics.median(floor)
    ok = p95 <= 0.200
    print(
        f"{'ok  ' if ok else 'MISS'} referee serve, move entered → new table shown, "
        f"{len(times)} moves: median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms (target p95 ≤ 200); floor (redraw, no move) "
        f"median {floor_median * 1000:.0f} ms, ratio {median / floor_median:.1f}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
