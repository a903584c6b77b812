"""`referee serve` over HTTP (no browser): what each page gets, moves and undo as the CLI makes
them, and bad requests answered with 4xx, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pnpkit.referee.web.app import MAX_BODY, create_app
from pnpkit.referee.web.live import LiveTable
from tests.referee.serve_helpers import hands, new_log
from tests.referee.tapper import MoveChooser, my_turn, page_moves

BASE = "http://127.0.0.1"
JSON = {"content-type": "application/json"}


def client(log: Path, keys: dict[str, str] | None = None, token: str = "") -> TestClient:
    return TestClient(create_app(LiveTable(log), keys or {}, token), base_url=BASE)


def verdict(web: TestClient, path: str, move: str | None = None) -> dict:
    """The referee's answer to a move (or an undo), without the table that comes with it."""
    answer = web.post(path, json={} if move is None else {"move": move}).json()
    assert answer.pop("state")["version"] >= 0
    return answer


def test_moves_and_undo_are_recorded_in_the_log_as_the_cli_records_them(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    with client(log) as web:
        assert verdict(web, "/api/move", "start AL-20")["accepted"] is True
        refused = verdict(web, "/api/move", "first Zed")
        assert refused == {
            "accepted": False,
            "rule": "AL-28",  # the move syntax, as `referee move` cites it
            "reason": "'zed' is not a player (Ann, Bob)",
        }
        assert verdict(web, "/api/move", "first Bob")["accepted"] is True
        bad = verdict(web, "/api/move", "play AL-99 e4")
        assert bad == {
            "accepted": False,
            "rule": "AL-8",
            "reason": "AL-99 is not an Alpina card (the cards are AL-01 … AL-56)",
        }
        assert verdict(web, "/api/undo")["undone"] == "first Bob"
        state = web.get("/api/state").json()
    lines = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    assert [e.get("text") for e in lines] == ["start AL-20", "deal", "first Bob", None]
    assert lines[-1] == {"seq": 4, "undo": 3}
    assert [e["text"] for e in state["log"]] == ["start AL-20", "deal"]  # the undone move gone
    assert state["prompt"]["text"].startswith("draw the first player")
    assert "first Ann" in state["legal"]
    assert state["picture"].startswith("<svg")


def test_a_move_entered_with_the_cli_is_followed(tmp_path: Path) -> None:
    from pnpkit.referee.log.move_command import enter_move

    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    live = LiveTable(log)
    assert live.refresh() is False
    assert enter_move(log, "start AL-20", as_json=True) == 0
    assert live.refresh() is True
    state = live.state()
    assert (state["version"], state["events"]) == (1, 2)  # the move and the deal after it
    assert [e["text"] for e in state["log"]] == ["start AL-20", "deal"]
    log.write_text(log.read_text().splitlines(keepends=True)[0])  # cut back by hand
    assert live.refresh() is True  # not appended to: replayed from the start
    assert live.state()["log"] == []
    log.write_text("not a log\n")
    assert live.refresh() is True
    assert "g.jsonl:1: not a pnpkit referee log" in live.state()["error"]


def test_the_shared_page_keeps_the_hands_and_each_player_sees_only_their_own(
    tmp_path: Path,
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    held = hands(log)
    assert all(held.values())
    with client(log, {"ka": "Ann", "kb": "Bob"}) as web:
        shared = web.get("/api/state").text
        ann = web.get("/p/ka/api/state").text
        bob = web.get("/p/kb/api/state").text
    assert not any(card in shared for card in held["Ann"] | held["Bob"])
    assert all(card in ann for card in held["Ann"]) and not any(c in ann for c in held["Bob"])
    assert all(card in bob for card in held["Bob"]) and not any(c in bob for c in held["Ann"])
    assert json.loads(shared)["legal"] == []  # the player to move enters on their own page
    # Alpina's running count rests on the grid alone (no secret categories): every page has it
    assert sorted(json.loads(shared)["score"]["players"]) == ["Ann", "Bob"]
    assert json.loads(ann)["score"] == json.loads(shared)["score"]


def test_a_players_page_enters_that_players_moves_only(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    with client(log, {"ka": "Ann", "kb": "Bob"}) as web:
        actor = web.get("/api/state").json()["prompt"]["actors"][0]
        other = "Ann" if actor == "Bob" else "Bob"
        key = {"Ann": "ka", "Bob": "kb"}
        move = web.get(f"/p/{key[actor]}/api/state").json()["legal"][0]
        foreign = verdict(web, f"/p/{key[other]}/api/move", f"{actor}: {move}")
        assert foreign["accepted"] is False
        assert foreign["reason"] == f"only {actor} may make that move, on their own page"
        assert verdict(web, f"/p/{key[actor]}/api/move", move)["accepted"]


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status"),
    [
        ("GET", "/nothing", {}, 404),
        ("GET", "/static/../live.py", {}, 404),
        ("GET", "/static/app.py", {}, 404),
        ("GET", "/p/not-a-key/", {}, 404),
        ("GET", "/p/not-a-key/api/state", {}, 404),
        ("GET", "/%00", {}, 404),
        ("GET", "/api/move", {}, 405),
        ("DELETE", "/api/state", {}, 405),
        ("PUT", "/api/undo", {}, 405),
        ("POST", "/api/move", {"content": b"move=x"}, 415),
        ("POST", "/api/move", {"json": {"move": 3}}, 400),
        ("POST", "/api/move", {"json": ["play"]}, 400),
        ("POST", "/api/move", {"json": {"move": "x" * 400}}, 400),
        ("POST", "/api/move", {"content": b"{not json", "headers": JSON}, 400),
        ("POST", "/api/move", {"content": b"\xff\xfe", "headers": JSON}, 400),
        ("POST", "/api/move", {"content": b"[" * 2000 + b"]" * 2000, "headers": JSON}, 400),
        ("POST", "/api/move", {"content": b" " * (MAX_BODY + 1), "headers": JSON}, 413),
        ("POST", "/api/undo", {"content": b"{}"}, 415),
    ],
)  # fmt: skip
def test_bad_requests_get_4xx_and_no_traceback(
    tmp_path: Path, method: str, path: str, kwargs: dict, status: int
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    before = log.read_bytes()
    with client(log, {"ka": "Ann"}) as web:
        response = web.request(method, path, **kwargs)
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text
    assert log.read_bytes() == before


def test_a_huge_body_is_refused_without_being_read_whole(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    chunks = (b"x" * 65536 for _ in range(1000))  # 64 MB, streamed without a length
    with client(log) as web:
        response = web.post("/api/move", content=chunks, headers=JSON)
    assert response.status_code == 413


def test_other_hosts_are_refused_and_a_token_guards_every_path(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    with client(log) as web:
        assert web.get("/", headers={"host": "evil.example"}).status_code == 400
        assert web.get("/", headers={"host": "localhost:8765"}).status_code == 200
    with client(log, {"ka": "Ann"}, token="s3cret") as web:
        assert web.get("/").status_code == 404
        assert web.get("/api/state").status_code == 404
        assert web.get("/p/ka/").status_code == 404
        assert web.get("/wrong/api/state").status_code == 404
        assert web.get("/s3cret", follow_redirects=False).headers["location"] == "/s3cret/"
        assert web.get("/s3cret/api/state").status_code == 200
        assert web.get("/s3cret/p/ka").url.path == "/s3cret/p/ka/"  # redirected, token kept
        assert web.get("/s3cret/p/ka/api/state").json()["viewer"] == "Ann"
        assert "static/app.js" in web.get("/s3cret/").text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), max_size=40))
def test_no_path_gets_a_server_error(tmp_path_factory: pytest.TempPathFactory, path: str) -> None:
    log = _shared_log(tmp_path_factory)
    with client(log) as web:
        response = web.get("/" + path.replace("#", "").replace("?", "").lstrip("/"))
    assert response.status_code in (200, 307, 400, 404, 405), (path, response.status_code)


_LOGS: dict[str, Path] = {}


def _shared_log(factory: pytest.TempPathFactory) -> Path:
    if "log" not in _LOGS:
        _LOGS["log"] = new_log(factory.mktemp("serve"), "alpina", ["Ann", "Bob"])
    return _LOGS["log"]


def test_the_table_picture_is_drawn_once_per_version_for_every_page(tmp_path: Path) -> None:
    """The picture is what every player sees: four pages asking for one version cost one
    drawing, not four (the whole-game tap tests spent half their server time drawing it)."""
    from pnpkit.referee.log.move_command import enter_move

    log = new_log(tmp_path, "alpina", ["Ann", "Bob", "Cy"])
    live = LiveTable(log)
    drawn = []
    svg = live.session.rules.svg
    live.session.rules.svg = lambda *args: drawn.append(1) or svg(*args)  # type: ignore[method-assign]
    pictures = {viewer: live.state(viewer)["picture"] for viewer in ("", "Ann", "Bob", "Cy")}
    assert len(drawn) == 1 and len(set(pictures.values())) == 1
    assert pictures[""].startswith("<svg")
    assert enter_move(log, "start AL-20", as_json=True) == 0 and live.refresh()
    live.state("Ann"), live.state("Bob"), live.state("Cy")
    assert len(drawn) == 2


def _served_moves(live: LiveTable, chooser: MoveChooser, count: int, until: str = "") -> None:
    """Enter `count` moves (or fewer, up to the first prompt of kind `until`) on `live` as the
    players' pages would, each page's state asked for after each move."""
    for _ in range(count):
        states = {p: live.state(p) for p in live.players}
        live.state()
        if live.session.prompt().kind in ("over", until):
            return
        who, move = chooser.choose({p: (my_turn(s), page_moves(s)) for p, s in states.items()})
        assert live.enter(move, who)["accepted"], move


def test_the_table_picture_is_not_drawn_again_for_a_version_of_the_same_table(
    tmp_path: Path,
) -> None:
    """A secret choice held until all have chosen (or an undo asked of the table) makes a new
    version of the same table: the pages get it without the picture being drawn again."""
    live = LiveTable(new_log(tmp_path, "ano-nuevo", ["Ann", "Bob", "Cy"], seed=3))
    _served_moves(live, MoveChooser(3), 200, until="simultaneous")
    assert live.session.prompt().kind == "simultaneous"
    drawn = []
    svg = live.session.rules.svg
    live.session.rules.svg = lambda *args: drawn.append(1) or svg(*args)  # type: ignore[method-assign]
    version = live.version
    who = next(p for p in live.players if page_moves(live.state(p)))
    assert live.enter(page_moves(live.state(who))[0], who)["accepted"] and live.version > version
    pictures = {live.state(p)["picture"] for p in ("", *live.players)}
    assert len(pictures) == 1 and drawn == []


def test_a_served_game_works_out_each_events_secrecy_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Which pages read each logged event only in its public form is worked out for the new
    events of each version, not for the whole log again at every move (which made a served
    Año Nuevo slower at every move: 0.5 s a move by its 120th on a quiet machine)."""
    from pnpkit.referee.views import gate

    compared = []
    moved = gate.secretly_moved
    monkeypatch.setattr(gate, "secretly_moved", lambda *a: compared.append(1) or moved(*a))
    live = LiveTable(new_log(tmp_path, "ano-nuevo", ["Ann", "Bob", "Cy"], seed=3))
    _served_moves(live, MoveChooser(3), 60)
    viewers = 1 + len(live.players)
    assert 0 < len(compared) <= viewers * len(live.session.events)
