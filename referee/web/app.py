"""The web application of `referee serve`: the page, its state as JSON, moves, undo, and a
stream of server-sent events telling the page when the log has changed.

Routes (under `/p/KEY` for a player's own page, KEY being that player's secret link):
`GET /` the page · `GET /static/NAME` its script and style · `GET /api/state` the table as
JSON · `GET /face/ID.svg` a card's printed face, to a viewer who sees it ·
`POST /api/move {"move": TEXT}` · `POST /api/photo` (a photo as the body: the one move its
pieces match is entered) · `POST /api/undo` · `POST /api/redo` · `POST /api/answer
{"agree": BOOL}` (to an undo or redo asked of the table) · `POST /api/rematch` (once the game
is over: a new log, the same seats) · `GET /events` the change stream.
The spectators' page, `/w/KEY/` (KEY the spectators' key), serves the same GETs with the shared
table's view and refuses every POST (403).
With a token (`--host 0.0.0.0`) every other path starts with `/TOKEN`: the spectators' page holds
no token, which would open the shared page and its moves. Nothing else is served.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from collections.abc import AsyncIterator, Mapping
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from pnpkit.errors import PnpError
from pnpkit.referee.engine.rules import RulesFault
from pnpkit.referee.views.gate import SHARED
from pnpkit.referee.web.keys import copy_keys
from pnpkit.referee.web.live import LiveTable

MAX_BODY = 4096
"""The largest request body accepted (a move is a line of text)."""
MAX_MOVE = 300
BODY_SECONDS = 10.0
"""How long a request's body may take to arrive."""
MAX_PHOTO = 20 * 1024 * 1024
"""The largest photo accepted by `POST /api/photo` (a phone's 50-megapixel JPEG is under half)."""
PHOTO_SECONDS = 60.0
"""How long a photo may take to arrive (several megabytes over a slow Wi-Fi at the table)."""
PHOTOS_AT_ONCE = 2
"""How many photos are decoded and read at a time (each may take a few hundred MB while it is);
more wait their turn, so photos sent together cannot take the machine's memory."""
PHOTO_NAME = "the photo"
GZIP_FROM = 500
"""Answers of this many bytes or more are sent compressed to browsers that accept gzip."""
KEEPALIVE_SECONDS = 15.0
RETRY_MS = 1000
"""How soon a page's browser opens the change stream again after losing it."""
STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "sync.js": "text/javascript; charset=utf-8",
    "consent.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "seat.js": "text/javascript; charset=utf-8",
    "seat.css": "text/css; charset=utf-8",
    "tap.js": "text/javascript; charset=utf-8",
    "tap.css": "text/css; charset=utf-8",
    "notify.js": "text/javascript; charset=utf-8",
    "camera.js": "text/javascript; charset=utf-8",
}
FACE_MAX_AGE = 3600
"""Seconds a page may keep a card face: a face never changes while the server runs, and a page
asks for one only while its viewer sees the card."""
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
WATCH = "/w"
"""The spectators' page is `/w/KEY/`."""


def asset(name: str) -> bytes:
    """One of the page's own files (index.html and STATIC), from the package."""
    return resources.files("pnpkit.referee.web").joinpath("static", name).read_bytes()


class SameOrigin:
    """A POST is answered only if it comes from the page's own site, so that no other web page
    open on a player's phone can make moves at the table: one whose `Sec-Fetch-Site` is not
    `same-origin`, or (from a browser that sends no `Sec-Fetch-Site`) whose `Origin` is another
    host than the request's `Host` (or `X-Forwarded-Host`, behind a reverse proxy; a page
    cannot send that header to another site without its consent), gets 403. A client that
    sends neither header (a script, curl) is no web page and is let through."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            headers = Headers(scope=scope)
            site, origin = headers.get("sec-fetch-site"), headers.get("origin")
            hosts = {headers.get("host", ""), headers.get("x-forwarded-host", "")} - {""}
            if site is not None:  # the browser's own word (a page cannot set it)
                same = site == "same-origin"
            else:  # an older browser: the Origin's host is this one's (or a proxy's, before it)
                same = origin is None or origin.partition("://")[2] in hosts
            if not same:
                answer = PlainTextResponse("refused: a request from another site", 403)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


class TokenGate:
    """Every path must start with `/TOKEN` (then it is cut off) or be the spectators' (`/w/…`,
    whose key the application checks); anything else is 404."""

    def __init__(self, app: ASGIApp, token: str):
        self.app, self.prefix = app, f"/{token}"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path.startswith(WATCH + "/"):
            await self.app(scope, receive, send)
            return
        if path == self.prefix:
            response: Response = Response(status_code=307, headers={"location": f"{path}/"})
            await response(scope, receive, send)
            return
        if not path.startswith(self.prefix + "/"):
            await PlainTextResponse("Not Found", status_code=404)(scope, receive, send)
            return
        scope = dict(scope, path=path[len(self.prefix) :], root_path=self.prefix)
        await self.app(scope, receive, send)


def create_app(
    live: LiveTable,
    keys: Mapping[str, str],
    token: str = "",
    local_only: bool = True,
    watch: str = "",
) -> ASGIApp:
    """The application for `live`; `keys` maps each private link's key to its player, `watch`
    is the spectators' key ("": no spectators' page)."""
    reading_photos = asyncio.Semaphore(PHOTOS_AT_ONCE)

    def viewer(request: Request) -> str:
        if "watch" in request.path_params:  # a spectator sees what the shared screen does
            if not watch or request.path_params["watch"] != watch:
                raise HTTPException(404)
            return SHARED
        key = request.path_params.get("key")
        if key is None:
            return SHARED
        if key not in keys:
            raise HTTPException(404)
        return keys[key]

    async def page(request: Request) -> Response:
        viewer(request)
        return Response(asset("index.html"), media_type="text/html; charset=utf-8")

    async def redirect(request: Request) -> Response:
        viewer(request)  # relative, so that a token before it stays
        key = request.path_params.get("key") or request.path_params["watch"]
        return Response(status_code=307, headers={"location": f"{key}/"})

    async def no_move(request: Request) -> Response:
        viewer(request)
        return PlainTextResponse("refused: a spectator's page makes no move", 403)

    async def static(request: Request) -> Response:
        viewer(request)
        name = request.path_params["name"]
        if name not in STATIC:
            raise HTTPException(404)
        return Response(asset(name), media_type=STATIC[name])

    async def face(request: Request) -> Response:
        """A card's printed face, only to a viewer who sees the card now: the same 404 for a
        hidden card and for no such card, so the answer tells nothing."""
        who = viewer(request)
        svg = await asyncio.to_thread(live.card_face, who, request.path_params["card"])
        if svg is None:
            raise HTTPException(404)
        headers = {"cache-control": f"private, max-age={FACE_MAX_AGE}"}
        return Response(svg, media_type="image/svg+xml", headers=headers)

    async def state(request: Request) -> Response:
        found = await asyncio.to_thread(live.state, viewer(request))
        return JSONResponse(found | {"spectator": "watch" in request.path_params})

    async def move(request: Request) -> Response:
        who = viewer(request)
        data = await _json_body(request)
        text = data.get("move") if isinstance(data, dict) else None
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_MOVE:
            raise HTTPException(400, f'expected {{"move": TEXT}}, TEXT at most {MAX_MOVE} long')
        return await _changing(lambda: live.enter(text.strip(), who), who)

    async def photo(request: Request) -> Response:
        """The one move the pieces in a photo (the body, as the camera took it) match, entered
        as `POST /api/move` enters a move; 400 if the body is no image a photo may be."""
        from pnpkit.scan.photo import open_photo
        from pnpkit.scan.pieces import scan_image

        who = viewer(request)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if not kind.startswith("image/"):
            raise HTTPException(415, "send the photo itself as the body (Content-Type: image/…)")
        body = await _bounded_body(request, MAX_PHOTO, PHOTO_SECONDS)
        async with reading_photos:
            try:
                image = await asyncio.to_thread(open_photo, io.BytesIO(body), PHOTO_NAME)
            except PnpError as exc:
                raise HTTPException(400, str(exc)) from None
            game = live.session.setup.game
            return await _changing(
                lambda: live.enter_photo(scan_image(game, image, PHOTO_NAME), who), who
            )

    async def undo(request: Request) -> Response:
        who = viewer(request)
        await _json_body(request)
        return await _changing(lambda: live.undo(who), who)

    async def redo(request: Request) -> Response:
        who = viewer(request)
        await _json_body(request)
        return await _changing(lambda: live.redo(who), who)

    async def answer(request: Request) -> Response:
        who = viewer(request)
        data = await _json_body(request)
        agree = data.get("agree") if isinstance(data, dict) else None
        if not isinstance(agree, bool):
            raise HTTPException(400, 'expected {"agree": true} or {"agree": false}')
        return await _changing(lambda: live.answer(who, agree), who)

    async def rematch(request: Request) -> Response:
        who = viewer(request)
        await _json_body(request)

        def start() -> dict[str, Any]:
            old = live.path
            try:
                new = live.rematch()
            except PnpError as exc:
                return {"accepted": False, "rule": "", "reason": str(exc)}
            copy_keys(old, new)
            return {"accepted": True, "rule": "", "reason": "", "rematch": new.name}

        return await _changing(start, who)

    async def _changing(action: Any, who: str) -> Response:
        """Do `action`, tell every page if the log changed, and answer with the verdict and
        the table after it (so the page that asked need not ask again)."""
        before = live.version
        try:
            outcome = await asyncio.to_thread(action)
        except PnpError as exc:
            outcome = {"error": str(exc)}
        if live.version != before:
            live.announce()
        status = 409 if "error" in outcome else 200
        state = await asyncio.to_thread(live.state, who)
        return JSONResponse(outcome | {"state": state}, status_code=status)

    async def events(request: Request) -> Response:
        viewer(request)
        return StreamingResponse(_changes(live), media_type="text/event-stream",
                                 headers={"cache-control": "no-store",
                                          "x-accel-buffering": "no"})  # fmt: skip

    # what every page may read (the players', the shared and the spectators'), and what acts
    reading = [("/", page), ("/static/{name}", static), ("/api/state", state),
               ("/face/{card}.svg", face), ("/events", events)]  # fmt: skip
    acting = [("/api/move", move), ("/api/photo", photo), ("/api/undo", undo),
              ("/api/redo", redo), ("/api/answer", answer), ("/api/rematch", rematch)]  # fmt: skip
    routes = []
    for prefix in ("", "/p/{key}"):
        routes += [Route(prefix + path, handler, methods=["GET"]) for path, handler in reading]
        routes += [Route(prefix + path, handler, methods=["POST"]) for path, handler in acting]
    routes.append(Route("/p/{key}", redirect, methods=["GET"]))
    spectators = WATCH + "/{watch}"
    routes += [Route(spectators + path, handler, methods=["GET"]) for path, handler in reading]
    routes += [
        Route(f"{spectators}/api/{{action}}", no_move, methods=["POST"]),
        Route(spectators, redirect, methods=["GET"]),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(live.follow())
        try:
            yield
        finally:
            task.cancel()

    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=LOCAL_HOSTS)] * local_only
    middleware += [Middleware(SameOrigin), Middleware(GZipMiddleware, minimum_size=GZIP_FROM)]
    app: ASGIApp = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={
            HTTPException: _http_error,
            RulesFault: _rules_fault,
            Exception: _server_error,
        },
    )
    return TokenGate(app, token) if token else app


async def _json_body(request: Request) -> Any:
    """The request's JSON body (may be empty), refusing large, mistyped or malformed ones."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise HTTPException(415, "send JSON (Content-Type: application/json)")
    body = await _bounded_body(request, MAX_BODY, BODY_SECONDS)
    if not body.strip():
        return {}
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise HTTPException(400, "the body is not JSON") from None
    except RecursionError:  # `[[[[…` nested past the parser's depth, within MAX_BODY bytes
        raise HTTPException(400, "the body's JSON nests too deeply") from None


async def _bounded_body(request: Request, limit: int, seconds: float) -> bytes:
    """The request's body, refused (413) once it declares or passes `limit` bytes, before the
    rest is read, and (408) if it takes over `seconds` to arrive."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > limit:
        raise HTTPException(413, f"a request body is at most {limit} bytes")
    try:
        return await asyncio.wait_for(_body(request, limit), seconds)
    except TimeoutError:
        raise HTTPException(408, f"the body did not arrive within {seconds:g} s") from None


async def _body(request: Request, limit: int) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, f"a request body is at most {limit} bytes")
    return b"".join(chunks)


async def _changes(live: LiveTable) -> AsyncIterator[str]:
    """`hello` with the server's boot ID first, then `change` with the version whenever the log
    changes, and a comment now and then to keep the connection open."""
    yield f"retry: {RETRY_MS}\nevent: hello\ndata: {live.boot}\n\n"
    seen = -1
    while not live.closed:
        waiting = live.changed()
        if live.version != seen:
            seen = live.version
            yield f"event: change\ndata: {seen}\n\n"
        try:
            await asyncio.wait_for(waiting.wait(), KEEPALIVE_SECONDS)
        except TimeoutError:
            yield ": still here\n\n"


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return PlainTextResponse(str(exc.detail), status_code=exc.status_code)


async def _rules_fault(request: Request, exc: Exception) -> Response:
    """The rules broke the contract or failed: the page shows what the command line would say
    (the server itself is fine, and nothing was recorded)."""
    return JSONResponse({"error": str(exc)}, status_code=409)


async def _server_error(request: Request, exc: Exception) -> Response:
    from pnpkit.referee.engine.faults import blame

    fault = blame(exc)
    if fault is not None:
        return await _rules_fault(request, fault)
    return PlainTextResponse("the server could not do that", status_code=500)
