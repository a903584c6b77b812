"""`referee serve` survives what a real table puts it through: restarts (the links are kept beside
the log), stalled and cross-site requests, and large states (sent compressed)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pnpkit.errors import PnpError
from pnpkit.referee.web.keys import keys_path, read_keys
from pnpkit.referee.web.launch import make_links
from pnpkit.referee.web.live import LiveTable
from tests.referee.serve_helpers import new_log


def test_links_are_kept_beside_the_log_and_outlive_the_server(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    live = LiveTable(log)
    first = make_links(live, "0.0.0.0", 8765)
    path = keys_path(log)
    assert path == tmp_path / "g.jsonl.keys.json"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert first.token and set(first.keys.values()) == {"Ann", "Bob"}
    again = make_links(LiveTable(log), "0.0.0.0", 8765)  # the server started again
    assert (again.token, again.keys, again.players) == (first.token, first.keys, first.players)
    local = make_links(live, "127.0.0.1", 8765)  # on this computer only: no token in the links
    assert local.token == "" and local.keys == first.keys
    assert read_keys(path).token == first.token  # kept for the next time it is reachable
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_a_file_in_the_place_of_the_keys_is_refused_not_overwritten(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    path = keys_path(log)
    for text, where in (
        ("notes\n", "not a file of page keys"),
        ('{"file": "pnpkit-serve-keys", "token": 1, "players": {}}', "/token or /players"),
    ):
        path.write_text(text)
        with pytest.raises(PnpError, match=f"g.jsonl.keys.json: {where}"):
            make_links(LiveTable(log), "127.0.0.1", 8765)
        assert path.read_text() == text


def test_a_table_mode_game_on_this_computer_needs_no_keys_file(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    links = make_links(LiveTable(log), "127.0.0.1", 8765)
    assert not keys_path(log).exists()
    assert (links.token, links.players) == ("", {})
