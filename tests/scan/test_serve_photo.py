"""The web page's camera button over HTTP (`POST /api/photo`): the one move a photo's pieces match
entered as `POST /api/move` enters it; several listed; and a photo too large, not an image, a
decompression bomb or sent from another site refused before anything is recorded."""

from __future__ import annotations

import asyncio
import struct
import zlib
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pnpkit.errors import PnpError
from pnpkit.referee.web.app import MAX_PHOTO, PHOTOS_AT_ONCE, create_app
from pnpkit.referee.web.live import GAME_OVER, LiveTable
from tests.referee.serve_helpers import new_log

JPEG = {"content-type": "image/jpeg"}


@pytest.fixture
def card_jpeg(card_photo):
    """The bytes of a JPEG of Alpina cards side by side, as a phone takes it (made once a run)."""
    return lambda *cards: card_photo(*cards).read_bytes()


def client(log: Path, keys: dict[str, str] | None = None) -> TestClient:
    return TestClient(create_app(LiveTable(log), keys or {}), base_url="http://127.0.0.1")


def test_the_one_matching_move_is_entered_and_shown_in_the_log(tmp_path: Path, card_jpeg) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    with client(log) as web:
        response = web.post("/api/photo", content=card_jpeg("AL-21"), headers=JPEG)
        answer = response.json()
    assert response.status_code == 200, answer
    assert (answer["accepted"], answer["move"]) == (True, "start AL-21")
    assert [e["text"] for e in answer["state"]["log"]][:1] == ["start AL-21"]
    assert '"start AL-21"' in log.read_text()


def test_several_matches_are_listed_and_nothing_is_entered(tmp_path: Path, card_jpeg) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    before = log.read_text()
    with client(log) as web:
        answer = web.post("/api/photo", content=card_jpeg("AL-21", "AL-22"), headers=JPEG).json()
    assert answer["accepted"] is False
    assert answer["read"] == ["AL-21", "AL-22"]
    assert answer["matches"] == ["start AL-21", "start AL-22"]
    assert "2 moves match, enter one:\n  start AL-21\n  start AL-22" in answer["reason"]
    assert log.read_text() == before


def test_a_photo_no_legal_move_names_says_what_was_read(tmp_path: Path, card_jpeg) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    before = log.read_text()
    with client(log) as web:
        answer = web.post("/api/photo", content=card_jpeg("AL-01"), headers=JPEG).json()
    assert answer["accepted"] is False and answer["read"] == ["AL-01"]
    assert answer["reason"] == "the photo: read AL-01; no move that may be entered now names them"
    assert log.read_text() == before


def test_a_players_page_enters_only_that_players_moves(tmp_path: Path, card_jpeg) -> None:
    """In a digital game the card in Bob's hand is his to play: Ann's page enters nothing."""
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=1)
    with client(log, {"ka": "Ann", "kb": "Bob"}) as web:
        bob = web.get("/p/kb/api/state").json()
        card = bob["legal"][0].split()[1]  # "play CARD SPACE"
        photo = card_jpeg(card)
        ann = web.post("/p/ka/api/photo", content=photo, headers=JPEG).json()
        assert ann["accepted"] is False and ann["matches"] == []
        answer = web.post("/p/kb/api/photo", content=photo, headers=JPEG).json()
    assert answer["accepted"] is False  # the card may go to several spaces: listed
    assert answer["matches"] and all(m.startswith(f"play {card} ") for m in answer["matches"])


async def _streamed(log: Path, chunks: int, size: int = 65536) -> tuple[int, int]:
    """POST `chunks` chunks of `size` bytes to /api/photo straight into the application (no
    length declared): its status, and how many chunks it pulled."""
    pulled, statuses = 0, []

    async def receive() -> dict:
        nonlocal pulled
        pulled += 1
        if pulled > chunks:
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": b"\xff" * size, "more_body": pulled < chunks}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/photo", "raw_path": b"/api/photo", "root_path": "",
             "query_string": b"", "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"image/jpeg")]}  # fmt: skip
    await create_app(LiveTable(log), {})(scope, receive, send)
    return statuses[0], pulled


def test_an_oversize_photo_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    status, pulled = asyncio.run(_streamed(log, 1024))  # 64 MB
    assert status == 413
    assert pulled == MAX_PHOTO // 65536 + 1  # the first chunk past the bound, and no more
    with client(log) as web:
        declared = web.post(
            "/api/photo", content=b"x", headers=JPEG | {"content-length": str(MAX_PHOTO + 1)}
        )
    assert declared.status_code == 413
    assert declared.text == "a request body is at most 20971520 bytes"


def test_a_body_that_is_not_an_image_is_400_and_another_type_415(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    before = log.read_text()
    with client(log) as web:
        text = web.post("/api/photo", content=b"hello, not a photo", headers=JPEG)
        json = web.post("/api/photo", json={"move": "start AL-21"})
    assert text.status_code == 400
    assert text.text == "the photo: not a photo (expected a JPEG or PNG image)"
    assert json.status_code == 415
    assert log.read_text() == before


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says it is `width`×`height` (1 bit a pixel) and holds next to nothing."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)
    chunks = chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + chunks


def test_a_decompression_bomb_is_refused_before_it_is_decoded(tmp_path: Path) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    with client(log) as web:
        for side in (10_000, 100_000):  # 100 megapixels (Pillow warns), 10 gigapixels (it errs)
            bomb = web.post("/api/photo", content=_png_header(side, side),
                            headers={"content-type": "image/png"})  # fmt: skip
            assert bomb.status_code == 400
            assert bomb.text == (
                "the photo: larger than the 60 megapixels a photo may have (refused before it "
                "is decoded)"
            )


def test_a_photo_posted_from_another_site_is_403(tmp_path: Path, card_jpeg) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    before = log.read_text()
    with client(log) as web:
        for headers in ({"origin": "http://elsewhere.example"}, {"sec-fetch-site": "cross-site"}):
            response = web.post("/api/photo", content=card_jpeg("AL-21"), headers=JPEG | headers)
            assert response.status_code == 403
    assert log.read_text() == before


def test_after_the_end_a_photo_is_refused_like_a_move(tmp_path: Path, card_jpeg) -> None:
    from tests.referee.test_serve_end import play_to_the_end

    log = new_log(tmp_path, "alpina", ["Ann", "Bob"], seed=4)
    live = LiveTable(log)
    play_to_the_end(live)
    finished = log.read_text()
    with TestClient(create_app(live, {}), base_url="http://127.0.0.1") as web:
        answer = web.post("/api/photo", content=card_jpeg("AL-21"), headers=JPEG).json()
    assert (answer["accepted"], answer["reason"]) == (False, GAME_OVER)
    assert log.read_text() == finished


def test_photos_sent_together_are_read_a_few_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading
    import time

    from pnpkit.scan import photo

    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    lock, now, most = threading.Lock(), [0], [0]

    def slow_open(source, name=""):  # counts the photos being decoded at once
        with lock:
            now[0] += 1
            most[0] = max(most[0], now[0])
        time.sleep(0.2)
        with lock:
            now[0] -= 1
        raise PnpError(f"{name}: not a photo")

    monkeypatch.setattr(photo, "open_photo", slow_open)

    async def send_together() -> list[int]:
        import httpx

        transport = httpx.ASGITransport(app=create_app(LiveTable(log), {}))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as web:
            answers = await asyncio.gather(
                *(web.post("/api/photo", content=b"x", headers=JPEG) for _ in range(6))
            )
        return [a.status_code for a in answers]

    assert asyncio.run(send_together()) == [400] * 6
    assert most[0] == PHOTOS_AT_ONCE
