"""`referee serve` and `referee new` as commands: links, QR codes and a token for phones, and no
secret printed on the shared screen."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from pnpkit.referee.log.store import load_session
from pnpkit.referee.views.gate import SHARED, event_secrecy
from tests.referee.serve_helpers import hands

REFEREE = [sys.executable, "-m", "pnpkit", "referee"]


def test_new_in_digital_mode_prints_no_dealt_hand(tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    out = subprocess.run(
        [*REFEREE, "new", "alpina", "--players", "Ann,Bob", "--seed", "1", "--log", str(log)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    held = hands(log)
    assert all(held.values())
    assert not any(card in out for card in held["Ann"] | held["Bob"])
    assert "   2 chance deal (6 secret cards each)" in out
    assert f"referee show {log} --player NAME" in out
    assert "start AL-35" in out  # what lies open is printed as before


def test_secret_entries_are_kept_from_those_who_may_not_see_them(tmp_path: Path) -> None:
    log = tmp_path / "an.jsonl"
    subprocess.run(
        [*REFEREE, "new", "arctic", "--players", "Ann,Bob", "--seed", "1", "--log", str(log)],
        capture_output=True,
        check=True,
    )
    session, _ = load_session(log)
    kept = dict(
        zip(
            (e["text"] for e in session.events),
            event_secrecy(session.setup, session.events),
            strict=True,
        )
    )
    totems = next(text for text in kept if text.startswith("totems "))
    assert kept[totems] == {SHARED, "Ann", "Bob"}
    assert all(not k for text, k in kept.items() if not text.startswith("totems "))


def _serve(*args: str) -> tuple[subprocess.Popen[str], list[str]]:
    server = subprocess.Popen(
        [*REFEREE, "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    lines = []
    for line in server.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("Ctrl+C"):
            break
    return server, lines


def _stop(server: subprocess.Popen[str]) -> str:
    server.send_signal(signal.SIGINT)
    _, err = server.communicate(timeout=10)
    return err


def test_serve_a_new_digital_game_on_this_computer(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    server, lines = _serve("alpina", "--players", "Ann,Bob", "--seed", "1", "--log", str(log))
    try:
        text = "\n".join(lines)
        shared = re.search(r"the table at (http://127\.0\.0\.1:\d+/)$", text, re.M)
        assert shared, text
        ann = re.search(r"^Ann's own page .*: (http://\S+/p/\S+/)$", text, re.M)
        assert ann, text
        assert "   2 chance deal (6 secret cards each)" in text
        with urllib.request.urlopen(ann[1] + "api/state", timeout=5) as response:
            assert json.load(response)["viewer"] == "Ann"
    finally:
        err = _stop(server)
    assert server.returncode == 0, err
    assert err == ""


def test_serve_for_phones_puts_a_token_in_every_link_and_prints_qr_codes(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    subprocess.run(
        [*REFEREE, "new", "alpina", "--players", "Ann,Bob", "--seed", "2", "--log", str(log)],
        capture_output=True,
        check=True,
    )
    server, lines = _serve(str(log), "--host", "0.0.0.0")
    try:
        found = [m[0] for line in lines for m in [re.search(r"http://\S+", line)] if m]
        links, watch = found[:3], found[3:]
        token = links[0].rstrip("/").rsplit("/", 1)[1]
        assert len(token) >= 16 and all(f"/{token}/" in link for link in links)
        assert len(watch) == 1 and "/w/" in watch[0] and token not in watch[0]  # spectators
        assert sum("█" in line or "▀" in line for line in lines) > 10  # QR codes
        port = links[0].split(":")[2].split("/")[0]
        bare = f"http://127.0.0.1:{port}/api/state"
        try:
            urllib.request.urlopen(bare, timeout=5)
            raise AssertionError("served without the token")
        except urllib.error.HTTPError as exc:
            assert exc.code == 404
    finally:
        _stop(server)


def test_serve_refuses_a_missing_log_and_a_busy_port(tmp_path: Path) -> None:
    missing = subprocess.run(
        [*REFEREE, "serve", str(tmp_path / "none.jsonl")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 2
    assert "no such log" in missing.stderr and "Traceback" not in missing.stderr
    log = tmp_path / "s.jsonl"
    server, lines = _serve("alpina", "--players", "Ann,Bob", "--log", str(log))
    try:
        port = re.search(r":(\d+)/", "\n".join(lines))[1]  # type: ignore[index]
        busy = subprocess.run(
            [*REFEREE, "serve", str(log), "--port", port],
            capture_output=True,
            text=True,
            check=False,
        )
        assert busy.returncode == 2, busy.stderr
        assert f"--port {port}: cannot listen" in busy.stderr
        assert "Traceback" not in busy.stderr
    finally:
        _stop(server)
