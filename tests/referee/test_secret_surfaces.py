"""Each way a digital game leaked a secret or let a surface decide for another player, before the
one secrecy gate (issue 22): every test here failed on the code before it."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.testclient import TestClient

from pnpkit.referee.log.store import load_session
from pnpkit.referee.web.app import create_app
from pnpkit.referee.web.live import LiveTable
from tests.in_process import referee
from tests.referee.serve_helpers import hands, new_log

BASE = "http://127.0.0.1"
# `referee` runs in-process through the console script's entry point (tests/in_process.py):
# what it prints is what the program prints.


def _to_move(log: Path) -> str:
    return json.loads(referee("legal", str(log), "--json").stdout)["prompt"]["actors"][0]


def test_a_draw_is_printed_only_to_its_player(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=3)
    actor = _to_move(log)
    legal = json.loads(referee("legal", str(log), "--json", "--player", actor).stdout)["moves"]
    play = referee("move", str(log), legal[0], "--player", actor)
    assert play.returncode == 0, play.stderr
    while (now := json.loads(referee("legal", str(log), "--json", "--player", actor).stdout))[
        "prompt"
    ]["actors"] == [actor]:
        done = referee("move", str(log), now["moves"][-1], "--player", actor, "--json")
        assert done.returncode == 0, done.stderr
        drawn = [e for e in json.loads(done.stdout)["events"] if e["by"] == "chance"]
        if drawn:
            break
    assert drawn and not drawn[0].get("secret")  # the drawing player reads their card
    session, _ = load_session(log)
    card = session.events[drawn[0]["seq"] - 1]["text"].split()[-1]
    other = next(p for p in session.setup.players if p != actor)
    for viewer in ([], ["--player", other]):
        for command in ("replay", "show", "legal"):
            for form in ([], ["--json"]):
                shown = referee(command, str(log), *viewer, *form).stdout
                assert card not in shown or command == "show", (command, viewer, form)


def test_the_shared_screen_lists_no_hand_and_enters_no_players_move(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    held = hands(log)
    listed = referee("legal", str(log))
    assert not any(card in listed.stdout for card in held["Ann"] | held["Bob"])
    actor = _to_move(log)
    own = json.loads(referee("legal", str(log), "--json", "--player", actor).stdout)["moves"]
    refused = referee("move", str(log), own[0])
    assert refused.returncode == 1
    assert f"only {actor} may make that move" in refused.stderr


def test_show_for_one_player_never_prints_anothers_private_prompt(tmp_path: Path) -> None:
    """Nut Hunt deals Ann three objectives to keep two of: her prompt names them."""
    log = new_log(tmp_path, "nut-hunt", ["Ann", "Bob"], seed=3)
    assert referee("move", str(log), "first Ann").returncode == 0
    session, _ = load_session(log)
    assert session.prompt().text.startswith("Ann: keep 2 of NH-O")
    ann = referee("show", str(log), "--player", "Ann").stdout.splitlines()[-1]
    assert ann == f"next: {session.prompt().text}"
    for viewer in (["--player", "Bob"], []):
        for command in ("show", "legal"):
            shown = referee(command, str(log), *viewer).stdout
            assert "NH-O" not in shown.splitlines()[-1 if command == "show" else 0]


def _client(log: Path) -> TestClient:
    return TestClient(create_app(LiveTable(log), {"ka": "Ann", "kb": "Bob"}), base_url=BASE)


def test_the_shared_page_learns_no_hand_from_refusals(tmp_path: Path) -> None:
    """Once, 56 POSTs from the page without a key told Ann's hand apart from placement rules."""
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    actor = _to_move(log)
    reasons = set()
    with _client(log) as web:
        for number in range(1, 57):
            answer = web.post("/api/move", json={"move": f"play AL-{number:02} e4"}).json()
            assert answer["accepted"] is False
            reasons.add(answer["reason"])
    assert reasons == {f"only {actor} may make that move, on their own page or `--player`"}


def test_a_page_undoes_only_its_own_players_move_and_asks_the_table_for_another(
    tmp_path: Path,
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    actor = _to_move(log)
    other = "Bob" if actor == "Ann" else "Ann"
    key = {"Ann": "ka", "Bob": "kb"}
    with _client(log) as web:
        move = web.get(f"/p/{key[actor]}/api/state").json()["legal"][0]
        assert web.post(f"/p/{key[actor]}/api/move", json={"move": move}).json()["accepted"]
        lines = len(log.read_text().splitlines())
        for path in ("/api/undo", f"/p/{key[other]}/api/undo"):
            answer = web.post(path, json={}).json()
            assert answer["asked"] == "undo" and actor in answer["waiting"]  # the table is asked
        assert len(log.read_text().splitlines()) == lines  # nothing taken back yet
        assert web.post(f"/p/{key[actor]}/api/undo", json={}).json()["undone"]


def test_play_is_a_hot_seat_that_hands_the_screen_over(tmp_path: Path) -> None:
    log = tmp_path / "hot.jsonl"
    result = referee(
        "play", "alpina", "--players", "Ann,Bob", "--seed", "3", "--log", str(log),
        stdin="\nlegal\nquit\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    session, _ = load_session(log)
    actor = session.prompt().actors[0]
    other = next(p for p in session.setup.players if p != actor)
    mine = set(session.state.table[f"{actor}'s hand"].known)
    theirs = set(session.state.table[f"{other}'s hand"].known)
    before, after = result.stdout.split(f"hand the screen to {actor}, then press Enter")
    assert not any(card in before for card in mine | theirs)  # nothing private before the hand-over
    assert all(card in after for card in mine)  # then the player's own hand (view, legal moves)
    assert not any(card in after for card in theirs)


def test_new_in_json_prints_no_dealt_hand(tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    out = referee(
        "new", "alpina", "--players", "Ann,Bob", "--seed", "1", "--log", str(log), "--json"
    )
    assert out.returncode == 0, out.stderr
    held = hands(log)
    assert not any(card in out.stdout for card in held["Ann"] | held["Bob"])
    assert any(e.get("secret") for e in json.loads(out.stdout)["events"])


def test_a_running_score_keeps_the_others_secret_categories(tmp_path: Path) -> None:
    """Mid-game, Nut Hunt's objectives score for their holder only (they would tell them)."""
    log = new_log(tmp_path, "nut-hunt", ["Ann", "Bob"], seed=3)
    session, _ = load_session(log)
    referee("move", str(log), "first Ann")
    for player in ("Ann", "Bob"):
        keep = json.loads(referee("legal", str(log), "--json", "--player", player).stdout)
        if keep["moves"]:
            assert referee("move", str(log), keep["moves"][0], "--player", player).returncode == 0
    secret = set(session.rules.secret_categories)
    shared = json.loads(referee("score", str(log), "--json").stdout)
    ann = json.loads(referee("score", str(log), "--json", "--player", "Ann").stdout)
    assert shared["final"] is False and shared["leaders"] == []
    for name, row in shared["players"].items():
        assert not secret & set(row["categories"]), name
    assert secret <= set(ann["players"]["Ann"]["categories"])
    assert not secret & set(ann["players"]["Bob"]["categories"])
