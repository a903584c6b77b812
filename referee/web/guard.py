"""The connections of `referee serve` kept within bounds: a deadline for each request's head, and
a cap on open connections below the process's file limit, so that stalled or half-sent requests
(from anyone who can reach the port, before any token is checked) never make it unreachable."""

from __future__ import annotations

import asyncio
import contextlib

from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 10.0
"""How long a connection may take to send a whole request line and headers, from its opening (or
from the answer to its previous request)."""
HEAD_BYTES = 8192
"""The largest request head (request line and headers) accepted."""
KEEP_ALIVE_SECONDS = 5
"""How long an idle connection is kept open after an answer."""
MOST_CONNECTIONS = 1000
FILES_SPARE = 128
"""File descriptors kept free of the cap's connections: for the log and the page's files, and for
the connections accepted before the cap can close any (a few ACCEPT_BATCHes: asyncio accepts a
batch, then makes each connection's protocol, then closes a socket, each a turn of its loop)."""

ACCEPT_BATCH = 16
"""Connections accepted at a time (asyncio accepts up to the listen backlog in one go)."""


def connection_cap() -> int:
    """How many connections may be open at once: MOST_CONNECTIONS, or fewer if the process may
    not open that many files."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):  # no such limit here
        return MOST_CONNECTIONS
    if soft == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    return max(8, min(MOST_CONNECTIONS, soft - FILES_SPARE))


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection, closed if its request head takes over HEAD_SECONDS; when
    the cap of open connections is passed, the one waiting longest for its head is closed."""

    cap = MOST_CONNECTIONS
    _head_since: float | None = None
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_head()
        if len(self.connections) > self.cap:
            waiting = [
                c
                for c in self.connections
                if isinstance(c, GuardedH11Protocol) and c is not self and c._head_since is not None
            ]
            if waiting:
                min(waiting, key=lambda c: c._head_since or 0.0)._close()

    def _await_head(self) -> None:
        self._stop_waiting()
        self._head_since = self.loop.time()
        self._head_timer = self.loop.call_later(HEAD_SECONDS, self._close)

    def _stop_waiting(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_since = self._head_timer = None

    def _close(self) -> None:
        self._stop_waiting()
        self.connections.discard(self)  # counted out at once, not at the next turn of the loop
        if not self.transport.is_closing():
            with contextlib.suppress(Exception):  # h11 may already be in an error state
                self.transport.abort()

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a new request's head arrived
            self._stop_waiting()

    def on_response_complete(self) -> None:
        self._await_head()  # before: a pipelined request read now stops the wait at once
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)
