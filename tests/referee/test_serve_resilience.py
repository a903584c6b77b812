"""`referee serve` survives what a real table puts it through: restarts (the links are kept beside
the log), stalled and cross-site requests, and large states (sent compressed)."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pnpkit.errors import PnpError
from pnpkit.referee.web import app, guard
from pnpkit.referee.web.app import create_app
from pnpkit.referee.web.keys import keys_path, read_keys
from pnpkit.referee.web.launch import Links, make_links, serving
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


def _port(links: Links) -> int:
    return int(links.shared.split(":")[2].split("/")[0])


def _stalled(port: int, count: int) -> list[socket.socket]:
    """`count` connections, each having sent half a request's head and then nothing; each opened
    when the server's accept queue has room (a connection past it waits 1 s for the kernel to
    retry it: 14 s of 300)."""
    stalled = []
    for _ in range(count):
        _wait_for_room(port)
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: sent")
        stalled.append(sock)
    return stalled


def _accept_queue(port: int) -> int | None:
    """The connections waiting in the accept queue of the socket listening on `port` (the
    rx_queue Linux shows for a LISTEN socket in /proc/net/tcp); None where that is unknown."""
    try:
        rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    except OSError:
        return None
    for row in rows:
        fields = row.split()
        if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
            return int(fields[4].split(":")[1], 16)
    return None


def _wait_for_room(port: int) -> None:
    """Until the server's accept queue (ACCEPT_BATCH long) has room for one more connection."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        queued = _accept_queue(port)
        if queued is None or queued < guard.ACCEPT_BATCH:
            return
        time.sleep(0.005)


def _limit_files() -> None:
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))


@pytest.mark.skipif(sys.platform == "win32", reason="file limits are POSIX")
def test_stalled_half_sent_requests_leave_the_server_reachable(tmp_path: Path) -> None:
    """300 connections stalled half way through their request's head, on a server that may open
    256 files: a normal request is still answered (the oldest stalled one makes room)."""
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    server = subprocess.Popen(
        [sys.executable, "-m", "pnpkit", "referee", "serve", str(log), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_limit_files,
    )
    try:
        assert server.stdout is not None
        port = int(re.search(r":(\d+)/", server.stdout.readline())[1])
        stalled = _stalled(port, 300)
        page = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        page.request("GET", "/api/state")
        answer = page.getresponse()
        assert (answer.status, json.loads(answer.read())["events"]) == (200, 0)
        for sock in stalled:
            sock.close()
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=10)
    assert "Too many open files" not in err and "Traceback" not in err


def test_a_request_head_or_body_that_does_not_arrive_is_cut_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "HEAD_SECONDS", 0.3)
    monkeypatch.setattr(app, "BODY_SECONDS", 0.3)
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    with serving(log) as (links, _):
        port = _port(links)
        (head,) = _stalled(port, 1)
        body = socket.create_connection(("127.0.0.1", port))
        body.sendall(
            b"POST /api/move HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 30\r\n\r\n{"move": "sta'
        )
        for sock in (head, body):
            sock.settimeout(3)
        assert head.recv(100) == b""  # closed
        assert body.recv(100).startswith(b"HTTP/1.1 408 ")
        head.close()
        body.close()
    assert len(log.read_text().splitlines()) == 1  # nothing entered


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"origin": "http://elsewhere.example"}, 403),
        ({"origin": "null"}, 403),
        ({"origin": "http://127.0.0.1:9999"}, 403),  # another port is another site
        ({"sec-fetch-site": "cross-site"}, 403),
        ({"sec-fetch-site": "same-site"}, 403),
        ({"origin": "http://elsewhere.example", "sec-fetch-site": "cross-site"}, 403),
        ({"origin": "https://table.example.org", "x-forwarded-host": "elsewhere.example"}, 403),
        ({"origin": "http://127.0.0.1", "sec-fetch-site": "same-origin"}, 200),
        ({"origin": "http://127.0.0.1"}, 200),  # a browser without Sec-Fetch-Site
        # behind a reverse proxy with TLS: the page's origin is the proxy's
        ({"origin": "https://table.example.org", "sec-fetch-site": "same-origin"}, 200),
        ({"origin": "https://table.example.org", "x-forwarded-host": "table.example.org"}, 200),
        ({}, 200),  # not a browser: a script or curl
    ],
)
def test_a_post_from_another_site_is_refused(
    tmp_path: Path, headers: dict[str, str], status: int
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    with TestClient(create_app(LiveTable(log), {}), base_url="http://127.0.0.1") as web:
        answer = web.post("/api/move", json={"move": "start AL-20"}, headers=headers)
        assert answer.status_code == status
        if status == 403:
            assert answer.text == "refused: a request from another site"
    assert (len(log.read_text().splitlines()) > 1) is (status == 200)


def test_states_are_sent_compressed_and_the_stream_is_not(tmp_path: Path) -> None:
    log = new_log(tmp_path, "arctic", ["Ann", "Bob", "Cy"])
    with TestClient(create_app(LiveTable(log), {}), base_url="http://127.0.0.1") as web:
        plain = web.get("/api/state", headers={"accept-encoding": "identity"})
        packed = web.get("/api/state", headers={"accept-encoding": "gzip"})
        assert "content-encoding" not in plain.headers
        assert packed.headers["content-encoding"] == "gzip"
        assert packed.json() == plain.json()
        sent = int(packed.headers["content-length"])
        assert sent < len(plain.content) / 3
    with serving(log) as (links, _):
        stream = http.client.HTTPConnection("127.0.0.1", _port(links), timeout=5)
        stream.request("GET", "/events", headers={"accept-encoding": "gzip"})
        answer = stream.getresponse()
        assert answer.getheader("content-encoding") is None  # each event goes out at once
        assert answer.readline().startswith(b"retry: ")
        stream.close()
