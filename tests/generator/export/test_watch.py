"""`pnp watch`: a saved change is rebuilt within a second, only the groups it touches; a broken
file is reported and the loop goes on; Ctrl-C leaves no temporaries."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.generator.export.conftest import write_marker_game

PNP = Path(sys.executable).parent / "pnp"
WAIT = 30.0  # the first render and start-up, on a busy machine


def _ctrl_c_as_at_a_terminal() -> None:
    """Ctrl-C's signal handled as it is at a terminal: a suite started as a background job
    of a shell script inherits SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Watch:
    """`pnp watch` in a child process, its output read line by line."""

    def __init__(self, game: Path, out: Path, cache: Path):
        env = {**os.environ, "PNPKIT_CACHE_DIR": str(cache)}
        self.process = subprocess.Popen(
            [str(PNP), "watch", str(game), "--out", str(out), "--no-svg"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
            preexec_fn=_ctrl_c_as_at_a_terminal,
        )  # fmt: skip
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def expect(self, start: str, timeout: float = WAIT) -> tuple[str, float]:
        """The next line starting with `start` and when it came; skips other lines."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            if line.startswith(start):
                return line, time.monotonic()

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=WAIT)


@pytest.fixture
def watching(tmp_path: Path):
    game = write_marker_game(tmp_path / "games", cards=4)
    watch = Watch(game, tmp_path / "out", tmp_path / "cache")
    yield game, tmp_path / "out" / "markers", watch
    if watch.process.poll() is None:
        watch.process.kill()
        watch.process.wait()


def _save(path: Path, text: str) -> float:
    path.write_text(text, encoding="utf-8")
    return time.monotonic()


def test_a_change_is_rebuilt_within_a_second_and_only_its_group(watching) -> None:
    game, out, watch = watching
    line, _ = watch.expect("rebuilt")
    assert "cards, chips" in line
    watch.expect("watching")
    pdf = out / "markers-cards.pdf"
    before = pdf.stat().st_mtime_ns
    csv = game / "cards.csv"
    changed = _save(csv, csv.read_text().replace("Card 2", "Card two"))
    line, when = watch.expect("rebuilt")
    assert when - changed < 1.0, f"rebuilt {when - changed:.2f} s after the change"
    assert line.startswith("rebuilt markers: cards in")  # the chips did not change
    assert pdf.stat().st_mtime_ns > before
    assert watch.stop() == 0


def test_errors_are_printed_and_the_loop_goes_on(watching) -> None:
    game, out, watch = watching
    watch.expect("watching")
    manifest = game / "game.json"
    good = manifest.read_text()
    _save(manifest, good.replace('"shape": "round"', '"shape": "oval"'))
    line, _ = watch.expect("error:")
    assert "game.json" in line and "shape" in line
    watch.expect(str(game))  # "<dir>: 1 problem; waiting for a fix"
    assert watch.process.poll() is None
    _save(manifest, good.replace('"size": "20mm"', '"size": "22mm"'))
    line, _ = watch.expect("rebuilt")
    assert line.startswith("rebuilt markers: chips in")
    assert watch.stop() == 0
    leftovers = [p for p in out.parent.rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]
    assert not leftovers


@pytest.mark.parametrize(
    "name",
    [".cards.csv.swp", "cards.csv.swp", "4913", "cards.csv~", ".#cards.csv", "#cards.csv#",
     "~$cards.xlsx", ".~lock.cards.xlsx#", "cards.csv.tmp", "card.json___jb_tmp___",
     "cards.csv.bak", "game.json.orig", "cards.csv.kate-swp"],
)  # fmt: skip
def test_editor_temporaries_are_not_inputs(tmp_path: Path, name: str) -> None:
    from pnpkit.generator.watch import _inputs

    assert not _inputs(None, str(tmp_path / name))


@pytest.mark.parametrize("name", ["cards.csv", "game.json", "cards.xlsx", "art/boat-2.png"])
def test_definitions_and_art_are_inputs(tmp_path: Path, name: str) -> None:
    from pnpkit.generator.watch import _inputs

    assert _inputs(None, str(tmp_path / name))


def _interrupted(command: str) -> subprocess.CompletedProcess:
    """`pnp COMMAND` interrupted by Ctrl-C before its command ran (as at start-up)."""
    code = (
        f"import sys\nsys.argv = ['pnp', {command!r}, 'x']\nimport pnpkit.cli\n"
        "def interrupted():\n    raise KeyboardInterrupt\n"
        "pnpkit.cli.main = interrupted\nfrom pnpkit.entry import main\nmain()\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_ctrl_c_at_any_moment_stops_watch_with_exit_0_and_no_traceback() -> None:
    result = _interrupted("watch")
    assert (result.returncode, result.stdout.strip(), result.stderr) == (0, "stopped", "")
    other = _interrupted("render")
    assert (other.returncode, other.stderr.strip()) == (130, "interrupted")
