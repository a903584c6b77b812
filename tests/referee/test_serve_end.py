"""The end of a game on `referee serve`: nothing more is entered, and a rematch with the same
seats starts a new log that every page follows at its same address."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from pnpkit.referee.web.app import create_app
from pnpkit.referee.web.keys import keys_path, read_keys
from pnpkit.referee.web.launch import make_links
from pnpkit.referee.web.live import GAME_OVER, LiveTable
from tests.referee.serve_helpers import new_log


def play_to_the_end(live: LiveTable) -> None:
    """Each player's first legal move, on their own page, until the game is over."""
    for _ in range(300):
        state = live.state()
        if state["over"]:
            return
        actor = (state["prompt"]["actors"] or [""])[0]
        assert live.enter(live.state(actor)["legal"][0], actor)["accepted"]
    raise AssertionError("the game did not end")


def test_no_move_undo_or_redo_after_the_end_then_a_rematch_with_the_same_seats(
    tmp_path: Path,
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=4)
    live = LiveTable(log)
    links = make_links(live, "127.0.0.1", 8765)
    key = {player: k for k, player in links.keys.items()}
    with TestClient(create_app(live, links.keys), base_url="http://127.0.0.1") as web:
        early = web.post(f"/p/{key['Ann']}/api/rematch", json={}).json()
        assert early["reason"] == "a rematch starts once the game is over"
        play_to_the_end(live)
        finished = log.read_text()
        for path, body in (("move", {"move": "pass"}), ("undo", {}), ("redo", {})):
            answer = web.post(f"/p/{key['Bob']}/api/{path}", json=body).json()
            assert (answer["accepted"], answer["reason"]) == (False, GAME_OVER)
        assert log.read_text() == finished
        answer = web.post(f"/p/{key['Bob']}/api/rematch", json={}).json()
        assert answer["accepted"] and answer["rematch"] == "g-2.jsonl"
        for who in ("Ann", "Bob"):  # the same links now show the new game
            state = web.get(f"/p/{key[who]}/api/state").json()
            assert (state["file"], state["over"], state["players"]) == (
                "g-2.jsonl",
                False,
                ["Ann", "Bob"],
            )
            assert state["log"] and all("play" not in e["text"] for e in state["log"])
    assert log.read_text() == finished  # the finished game's log is kept as it was
    rematch = tmp_path / "g-2.jsonl"
    assert read_keys(keys_path(rematch)).players == read_keys(keys_path(log)).players
    assert LiveTable(rematch).session.setup.seed not in (None, 4)  # a new deal
