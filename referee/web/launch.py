"""Starting the web server of `referee serve`: links (with QR codes for phones), secret keys for
each player's own page, and a uvicorn server on a socket bound before the links are printed."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from pnpkit.errors import PnpError
from pnpkit.referee.web.app import LOCAL_HOSTS, create_app
from pnpkit.referee.web.guard import (
    ACCEPT_BATCH,
    HEAD_BYTES,
    KEEP_ALIVE_SECONDS,
    GuardedH11Protocol,
    connection_cap,
)
from pnpkit.referee.web.keys import kept_keys, keys_path
from pnpkit.referee.web.live import LiveTable


@dataclass(frozen=True)
class Links:
    """The shared page's address, each player's own (digital mode only) and the spectators'
    ("" for a table-mode game on this computer)."""

    shared: str
    players: dict[str, str]
    keys: dict[str, str]
    """The secret key of each player's own page → that player."""
    token: str
    watch: str = ""
    watch_key: str = ""
    """The secret key of the spectators' page."""


def make_links(live: LiveTable, host: str, port: int) -> Links:
    """Addresses for a server on `host`:`port`; away from this machine, with a random token. The
    token and the pages' keys are kept beside the log, so the links outlive the server. The
    spectators' page holds its own key and no token (the token opens the shared page, which makes
    moves); a table-mode game on this computer has none (nor a keys file)."""
    local = host in LOCAL_HOSTS
    seated = live.players if live.session.digital else ()
    kept = kept_keys(live.path, seated, token=not local, watch=bool(seated) or not local)
    token = "" if local else kept.token
    shown = host if local else _reachable_address(host)
    base = f"http://{shown}:{port}" + (f"/{token}" if token else "")
    keys = {key: p for p, key in kept.players.items()}
    players = {player: f"{base}/p/{key}/" for key, player in keys.items()}
    watch = f"http://{shown}:{port}/w/{kept.watch}/" if kept.watch else ""
    return Links(f"{base}/", players, keys, token, watch, kept.watch)


def _reachable_address(host: str) -> str:
    """The address other devices on the network use for this machine (no packet is sent)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return socket.gethostname()


def bind(host: str, port: int) -> socket.socket:
    """A listening socket; PnpError if the address is taken or not this machine's."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        reason = exc.strerror or exc
        raise PnpError(f"--host {host} --port {port}: cannot listen ({reason})") from None
    sock.listen(64)
    return sock


class _Server(uvicorn.Server):
    """A uvicorn server that ends the pages' streams of changes when it stops."""

    def __init__(self, config: uvicorn.Config, live: LiveTable):
        super().__init__(config)
        self.live = live

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.live.close()
        await super().shutdown(sockets)


def server_for(live: LiveTable, links: Links, host: str) -> uvicorn.Server:
    """A quiet uvicorn server for the page, its connections kept within bounds (guard)."""
    app = create_app(
        live, links.keys, links.token, local_only=host in LOCAL_HOSTS, watch=links.watch_key
    )
    cap = connection_cap()
    protocol = type("Guarded", (GuardedH11Protocol,), {"cap": cap})
    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=2,
        access_log=False,
        http=protocol,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=HEAD_BYTES,
        limit_concurrency=cap + 1,  # 503 once the cap is full of requests being answered
        backlog=ACCEPT_BATCH,  # past it, 503 (the cap's eviction keeps room for requests)
    )
    return _Server(config, live)


def print_links(links: Links, log: Path, host: str) -> None:
    """The addresses, and for phones a QR code of each (away from this machine only)."""
    import segno

    local = host in LOCAL_HOSTS
    print(f"serving {log}: the table at {links.shared}")
    if not local:
        segno.make(links.shared, error="l").terminal(compact=True)
    for player, url in links.players.items():
        print(f"{player}'s own page (their secrets: only {player} opens it): {url}")
        if not local:
            segno.make(url, error="l").terminal(compact=True)
    if links.watch:
        print(f"for spectators (the table large, no moves): {links.watch}")
        if not local:
            segno.make(links.watch, error="l").terminal(compact=True)
    if links.players or links.token:
        print(
            f"(the links are kept in {keys_path(log)}, readable by you only: "
            "they work again after a restart)"
        )
    if local and links.players:
        print("(on this computer only; for phones on the same network: --host 0.0.0.0)")
    print("Ctrl+C stops the server; the log keeps the game.")


def serve(log: Path, host: str, port: int) -> None:
    """Serve the page for `log` until interrupted."""
    live = LiveTable(log)
    sock = bind(host, port)
    links = make_links(live, host, sock.getsockname()[1])
    print_links(links, log, host)
    server_for(live, links, host).run(sockets=[sock])


@contextlib.contextmanager
def serving(log: Path, host: str = "127.0.0.1", port: int = 0) -> Iterator[tuple[Links, LiveTable]]:
    """A server for `log` on `port` (0: a free one) in a background thread, stopped on leaving
    (for tests and benchmarks)."""
    live = LiveTable(log)
    sock = bind(host, port)
    links = make_links(live, host, sock.getsockname()[1])
    server = server_for(live, links, host)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started and thread.is_alive():
            threading.Event().wait(0.01)
        yield links, live
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        sock.close()
