"""`referee serve`: from a move submitted on the page to the page showing the table after it
(painted), timed inside Debian's chromium over 100 moves of 4-player Alpina table games, with the
server in its own process as at the table.

Target: p95 ≤ 200 ms. Floor, same sitting: the page fetching and drawing the table once more with
no move made (what every update costs without checking and recording a move). Also reported: a
move entered with the CLI's code (`writing_session`) until the page shows it.

The same on a phone-sized touch page (390×844): a tap on a legal move's button, then on Enter, to
the table painted, p95 ≤ 200 ms, as a ratio to that page's redraw floor; and the bytes sent per
update (each answer bringing a state, compressed), as a ratio to the same state uncompressed (as
every update was sent before gzip), fetched after each move.
"""

from __future__ import annotations

import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import sitting
from pnpkit.components import load_game
from pnpkit.referee.log.store import make_setup, new_game, writing_session
from tests.referee.browser import chromium_missing, enter, launch, version, wait_for_new_table

MOVES = 100
PHONE = {"width": 390, "height": 844}
REFEREE = Path(sys.executable).parent / "referee"
TIMER = """() => {
  // Submitted (before the page's own handler) → the new table rendered and painted.
  window.latencies = []; window.floors = []; let start = null;
  document.addEventListener("submit", () => { start = performance.now(); }, true);
  const draw = render;
  render = (state) => {
    draw(state);
    if (start === null) return;
    const began = start; start = null;
    requestAnimationFrame(() => window.latencies.push(performance.now() - began));
  };
  window.redraw = async () => {
    const began = performance.now(); shown = -1; await refresh();
    await new Promise(requestAnimationFrame); window.floors.push(performance.now() - began);
  };
}"""


@dataclass
class Found:
    """What one game measured: ms from submit to painted table, and of redraws with no move
    (the floor); ms for moves entered with the CLI's code; bytes of each answer bringing a state
    as sent, and of the table's state uncompressed after each move."""

    latencies: list[float]
    floors: list[float]
    cli: list[float]
    sent: list[int]
    plain: list[int]


def _game(browser: Any, folder: Path, number: int, phone: bool = False) -> Found:
    """One game played on the shared page: by typing and Enter on a desktop-sized page, or
    (`phone`) by tapping a legal move's button and then Enter on a phone-sized touch page."""
    log = folder / f"alpina-{number}.jsonl"
    new_game(log, make_setup(load_game("alpina"), ["Ann", "Bob", "Cy", "Di"]))
    command = [REFEREE, "serve", log, "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().rsplit(" ", 1)[1].strip()
        if phone:
            page = browser.new_page(viewport=PHONE, has_touch=True, is_mobile=True)
        else:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
        sent: list[int] = []
        page.on("requestfinished", lambda request: _count(request, sent))
        page.goto(url)
        page.wait_for_function("document.body.dataset.version")
        for move in ("start AL-20", "first Ann"):
            enter(page, move)
        page.evaluate(TIMER)
        done, cli, plain = 0, [], []
        while "the game is over" not in page.text_content("#legal-note"):
            move = page.eval_on_selector("#legal-moves option", "node => node.value")
            if len(cli) < done // 8 and not phone:  # now and then a move from the CLI's code
                cli.append(_from_cli(page, log, move))
                continue
            if phone:
                while not page.is_visible("#legal button"):  # a long list is grouped
                    page.tap("#legal details:not([open]) > summary >> nth=0")
                page.tap("#legal button")
                page.tap("#enter")
            else:
                page.fill("#move", move)
                page.press("#move", "Enter")
            done += 1
            page.wait_for_function("n => window.latencies.length >= n", arg=done)
            assert page.text_content("#verdict") == "accepted"
            plain.append(_plain_size(url))  # the same state, not compressed
            page.evaluate("window.redraw()")
        found = page.evaluate("[window.latencies, window.floors]")
        page.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=10)
    return Found(found[0], found[1], cli, sent, plain)


def _count(request: Any, sent: list[int]) -> None:
    """The body bytes of each answer bringing a state (a move's, or a fetch of the table), as
    sent (compressed or not)."""
    if request.url.endswith(("/api/state", "/api/move")):
        sent.append(request.sizes()["responseBodySize"])


def _plain_size(url: str) -> int:
    """The bytes of the table's state sent uncompressed (as every update was before gzip)."""
    with urllib.request.urlopen(url + "api/state") as answer:  # no Accept-Encoding: identity
        assert answer.headers.get("content-encoding") is None
        return len(answer.read())


def _from_cli(page: Any, log: Path, move: str) -> float:
    """Enter `move` as `referee move` does; ms until the page shows it (polled, so a little
    more than the page takes)."""
    before = version(page)
    start = time.perf_counter()
    with writing_session(log) as (session, _, _):
        session.submit(session.parse(move))
    wait_for_new_table(page, before)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    missing = chromium_missing()
    if missing:
        print(f"skip referee serve: {missing}")
        return 0
    from playwright.sync_api import sync_playwright

    moves = sitting.scaled(MOVES, 10)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = launch(playwright)
        desk = _games(browser, Path(tmp), moves, phone=False)
        phone = _games(browser, Path(tmp) / "phone", moves, phone=True)
        browser.close()
    times = desk.latencies[:moves]
    p95 = statistics.quantiles(times, n=20)[-1]
    median, floor_median = statistics.median(times), statistics.median(desk.floors)
    taps = phone.latencies[:moves]
    tap_p95, tap_floor = statistics.quantiles(taps, n=20)[-1], statistics.median(phone.floors)
    sent = statistics.median(desk.sent + phone.sent)
    plain = statistics.median(desk.plain + phone.plain)
    ok = p95 <= 200 and tap_p95 <= 200
    print(
        f"{'ok  ' if ok else 'MISS'} referee serve, move submitted → new table painted, "
        f"{len(times)} moves: median {median:.0f} ms, p95 {p95:.0f} ms, max {max(times):.0f} ms "
        f"(target p95 ≤ 200); floor (redraw, no move) median {floor_median:.0f} ms, "
        f"ratio {median / floor_median:.1f}; a move entered with the CLI's code shown on the "
        f"page: median {statistics.median(desk.cli):.0f} ms, max {max(desk.cli):.0f} ms "
        f"({len(desk.cli)} moves)"
    )
    print(
        f"{'ok  ' if ok else 'MISS'} referee serve on a phone-sized touch page, tap (a legal "
        f"move, then Enter) → new table painted, {len(taps)} moves: p95 {tap_p95:.0f} ms "
        f"(target ≤ 200), ratio to the floor (redraw, no move, median {tap_floor:.0f} ms) "
        f"{tap_p95 / tap_floor:.1f}; bytes sent per update: median {sent:.0f} B, "
        f"{sent / plain:.2f} of the same state uncompressed ({plain:.0f} B, the floor)"
    )
    return 0 if ok else 1


def _games(browser: Any, folder: Path, moves: int, phone: bool) -> Found:
    """Games played until `moves` moves were timed."""
    folder.mkdir(exist_ok=True)
    found = Found([], [], [], [], [])
    number = 0
    while len(found.latencies) < moves:
        game = _game(browser, folder, number, phone)
        for name in ("latencies", "floors", "cli", "sent", "plain"):
            getattr(found, name).extend(getattr(game, name))
        number += 1
    return found


if __name__ == "__main__":
    sys.exit(main())
