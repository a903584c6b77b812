"""A log followed live: the game replayed from the file, brought up to date when the file
changes (a move entered on a page or with `referee move`), and moves entered under the log's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import re
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpkit.errors import PnpError
from pnpkit.referee.engine.rules import State
from pnpkit.referee.engine.session import ReplayError, Session
from pnpkit.referee.engine.verdict import MoveRefused, refuse
from pnpkit.referee.log.game_log import Event, open_for_append, read_log_if_idle
from pnpkit.referee.log.store import load_session, new_numbered_game
from pnpkit.referee.views.faces import faces_of
from pnpkit.referee.views.gate import SHARED, EventSecrecy, Gate, state_for, table_picture
from pnpkit.referee.views.report import verdict_json

if TYPE_CHECKING:
    from pnpkit.scan.pieces import PhotoScan

UNDO, REDO = "undo", "redo"
GAME_OVER = "the game is over: nothing more is entered here (start a rematch with the same seats)"
POLL_SECONDS = 0.05
"""How often the log file's size and time are looked at for changes made elsewhere."""


def _stamp(path: Path) -> tuple[int, int, int]:
    info = os.stat(path)
    return info.st_ino, info.st_size, info.st_mtime_ns


class LiveTable:
    """One game's log, followed; `version` grows with every change seen."""

    def __init__(self, path: Path):
        self.path = path
        self.boot = secrets.token_hex(8)
        """This server's own ID, in every state: a page that sees another one knows the server
        was started again (its versions count from 0 again) and fetches the table anew."""
        self.version = 0
        self.error = ""
        self._lock = threading.Lock()
        try:
            self._stamp = _stamp(path)  # before reading: a change made meanwhile is seen
        except OSError:
            self._stamp = (0, 0, 0)
        self.session, _ = load_session(path)  # LogError if there is no usable log
        self._kept: tuple[int, list[frozenset[str]]] = (-1, [])
        self._secrecy = EventSecrecy(self.session.setup)
        """Each logged event's secrecy, brought up to date with the log's new events."""
        self.face = faces_of(self.session.setup.game)
        self._changed: asyncio.Event | None = None
        self._states: dict[tuple[int, str], dict[str, Any]] = {}
        """The pages' states of the current version, by viewer (several pages ask at once)."""
        self._picture: tuple[State, str | None] | None = None
        """The table picture of the last state drawn: the same for every viewer."""
        self._drawing = threading.Lock()
        self._actors: dict[int, str | None] = {}
        """Who made each player's move in the log (by `seq`), worked out once each."""
        self.closed = False
        self.asking: dict[str, Any] | None = None
        """An undo or redo a page asked of the table: who asked, the event, who is still to
        agree (every other player) and who has. Kept in memory only: a restart drops it."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self.session.setup.players

    def state(self, viewer: str = SHARED) -> dict[str, Any]:
        """What `viewer`'s page shows now. The table picture is drawn outside the table's lock,
        so that meanwhile moves are entered and other pages get states already made."""
        while True:
            with self._lock:
                found = self._states.get((self.version, viewer))
                if found is not None:
                    return found
                session, shown = self.session, self.session.state
            picture = self.picture(session, shown)
            with self._lock:
                if self.session is session and self.session.state is shown:
                    return self._made(viewer, picture)
            # the game moved on while the picture was drawn: look again

    def _made(self, viewer: str, picture: str | None) -> dict[str, Any]:
        """`viewer`'s state of the current version, with `picture` (under the lock)."""
        found = state_for(self.session, self.kept(), viewer, self.face, picture, self._actors)
        found["asking"] = self.asked_of(viewer)
        self._states = {k: v for k, v in self._states.items() if k[0] == self.version}
        self._states[self.version, viewer] = found | {
            "version": self.version,
            "boot": self.boot,
            "file": self.path.name,
            "error": self.error,
        }
        return self._states[self.version, viewer]

    def picture(self, session: Session, shown: State) -> str | None:
        """The table picture of `session` in state `shown`: the same for every viewer, so drawn
        once, and again only when the table changes (a secret choice held, an undo asked of the
        table, a failed read of the log make a new version of the same table)."""
        with self._drawing:
            if self._picture is None or self._picture[0] is not shown:
                self._picture = (shown, table_picture(session, self.face, shown))
            return self._picture[1]

    def card_face(self, viewer: str, card: str) -> str | None:
        """`card`'s printed front as SVG text, if `viewer` may see it now (else None)."""
        with self._lock:
            if not Gate(self.session, viewer).sees(card):
                return None
        return self.face(card)

    def kept(self) -> list[frozenset[str]]:
        """For each logged event, the viewers it is kept from (worked out once per version)."""
        if self._kept[0] != self.version:
            self._kept = (self.version, self.secrecy(self.session.events))
        return self._kept[1]

    def secrecy(self, events: list[Event]) -> list[frozenset[str]]:
        """`event_secrecy` of `events` (this game's log), replaying only what is new."""
        if self._secrecy.setup is not self.session.setup:
            self._secrecy = EventSecrecy(self.session.setup)
        return self._secrecy.of(events)

    # --- following the file -----------------------------------------------------------------
    def refresh(self) -> bool:
        """Catch up with the log file; True if it changed."""
        with self._lock:
            try:
                stamp = _stamp(self.path)
            except OSError as exc:
                return self._failed(f"{self.path}: cannot read the log ({exc.strerror or exc})")
            if stamp == self._stamp:
                return False
            try:
                contents = read_log_if_idle(self.path)
                if contents is None:
                    return False  # a move is being written: look again at the next poll
                self._stamp = stamp
                new = self._catch_up(contents.events)
            except PnpError as exc:
                self._stamp = stamp
                return self._failed(str(exc))
            if not new and not self.error:
                return False
            self.error = ""
            self.version += 1
            return True

    def _failed(self, message: str) -> bool:
        changed = message != self.error
        self.error = message
        if changed:
            self.version += 1
        return changed

    def _catch_up(self, events: list[Event]) -> bool:
        """Bring the game up to `events` (the log's); True if there was anything new."""
        known = len(self.session.events)
        if events[:known] != self.session.events:
            self._reload()
            return True
        try:
            self.session.replay(events[known:])
        except ReplayError:
            self._reload()
        return len(events) > known

    def _reload(self) -> None:
        self.session, _ = load_session(self.path)
        self._actors = {}

    # --- entering ---------------------------------------------------------------------------
    def enter(self, text: str, viewer: str = SHARED) -> dict[str, Any]:
        """Check and record a move typed on `viewer`'s page, through the gate as `referee move
        --player` does: a page enters only the moves its viewer may make."""
        with self._writing() as session:
            if session.prompt().kind == "over":
                return verdict_json(refuse("", GAME_OVER))
            try:
                events = Gate(session, viewer).enter(text)
            except MoveRefused as exc:
                return verdict_json(exc.verdict)
        return {"accepted": True, "rule": "", "reason": "", "events": len(events)}

    def enter_photo(self, scan: PhotoScan, viewer: str = SHARED) -> dict[str, Any]:
        """Enter the one move the pieces read from a photo match, as `referee move --photo
        --player` does, through the gate as `enter`; a photo that matches no move or several
        enters nothing and is answered with what was read and the moves it matches."""
        from pnpkit.referee.photo.move import NotOneMove, move_in

        with self._writing() as session:
            if session.prompt().kind == "over":
                return verdict_json(refuse("", GAME_OVER))
            gate = Gate(session, viewer)
            try:
                text = move_in(gate, scan, str(scan.photo))
            except NotOneMove as exc:
                return {"accepted": False, "rule": "", "reason": str(exc), "read": exc.read,
                        "matches": exc.matches}  # fmt: skip
            try:
                events = gate.enter(text)
            except MoveRefused as exc:
                return verdict_json(exc.verdict)
        return {"accepted": True, "rule": "", "reason": "", "events": len(events), "move": text}

    def undo(self, viewer: str = SHARED) -> dict[str, Any]:
        """Take back `viewer`'s own last decision, as `referee undo --player` does; another's
        (or choices revealed together) only with the table's agreement: then it is asked of
        every other player's page (`asking`), and done once all agree (`answer`)."""
        with self._writing() as session:
            if session.prompt().kind == "over":
                return verdict_json(refuse("", GAME_OVER))
            if Gate(session, viewer).undo_needs_table():
                return self._ask(UNDO, viewer, session)
            return self._undo(session, viewer, table=False, reader=viewer)

    def redo(self, viewer: str = SHARED) -> dict[str, Any]:
        """Enter again the move the last undo took back, by the same rules as `undo`."""
        with self._writing() as session:
            if session.prompt().kind == "over":
                return verdict_json(refuse("", GAME_OVER))
            if Gate(session, viewer).redo_needs_table():
                return self._ask(REDO, viewer, session)
            return self._redo(session, viewer, table=False, reader=viewer)

    def answer(self, viewer: str, agree: bool) -> dict[str, Any]:
        """`viewer`'s answer to the undo or redo asked of the table: once every player asked
        has agreed it is done; one refusal drops it."""
        with self._writing() as session:
            asking = self._asked(session)
            if asking is None or viewer not in asking["waiting"]:
                return verdict_json(refuse("", f"{viewer or 'this page'} is asked nothing now"))
            self.version += 1  # the pages show who has answered
            if not agree:
                self.asking = None
                return {"accepted": True, "rule": "", "reason": "", "refused": asking["kind"]}
            asking["waiting"].remove(viewer)
            asking["agreed"].append(viewer)
            if asking["waiting"]:
                return {"accepted": True, "rule": "", "reason": "", "agreed": asking["kind"]}
            self.asking = None
            if asking["kind"] == UNDO:
                return self._undo(session, asking["by"], table=True, reader=viewer)
            return self._redo(session, asking["by"], table=True, reader=viewer)

    def _ask(self, kind: str, viewer: str, session: Session) -> dict[str, Any]:
        target = session.undo_target() if kind == UNDO else session.redo_target()
        assert target is not None  # the gate needs the table only for a move there is
        others = [p for p in self.players if p != viewer]
        self.asking = {"kind": kind, "by": viewer, "seq": target["seq"],
                       "events": len(session.events), "waiting": others, "agreed": []}  # fmt: skip
        self.version += 1
        return {"accepted": True, "rule": "", "reason": "", "asked": kind, "waiting": others}

    def _asked(self, session: Session) -> dict[str, Any] | None:
        """The undo or redo asked of the table, unless the game moved on since (then dropped)."""
        if self.asking is not None and self.asking["events"] != len(session.events):
            self.asking = None
        return self.asking

    def _undo(self, session: Session, viewer: str, table: bool, reader: str) -> dict[str, Any]:
        """`viewer`'s undo (`table`: agreed by the table), answered to `reader`'s page in the
        words that page may read (the last to agree may see less, or more, than who asked)."""
        try:
            event = Gate(session, viewer).undo(table=table)
        except MoveRefused as exc:
            return verdict_json(exc.verdict)
        kept = self.secrecy(session.events)
        taken = Gate(session, reader).entry(
            session.events[event["undo"] - 1], kept[event["undo"] - 1]
        )
        return {"accepted": True, "rule": "", "reason": "", "undone": taken}

    def _redo(self, session: Session, viewer: str, table: bool, reader: str) -> dict[str, Any]:
        """As `_undo`, for a redo."""
        try:
            events = Gate(session, viewer).redo(table=table)
        except MoveRefused as exc:
            return verdict_json(exc.verdict)
        kept = self.secrecy(session.events)
        start = len(session.events) - len(events)
        return {"accepted": True, "rule": "", "reason": "",
                "redone": Gate(session, reader).entry(events[0], kept[start])}  # fmt: skip

    def asked_of(self, viewer: str) -> dict[str, Any] | None:
        """The undo or redo asked of the table, as `viewer`'s page shows it (under the lock)."""
        asking = self._asked(self.session)
        if asking is None:
            return None
        kept = self.kept()[asking["seq"] - 1]
        move = Gate(self.session, viewer).entry(self.session.events[asking["seq"] - 1], kept)
        return {key: asking[key] for key in ("kind", "by", "waiting", "agreed")} | {
            "move": move,
            "by": asking["by"] or "the shared screen",
            "mine": viewer in asking["waiting"],
        }

    def rematch(self) -> Path:
        """Once the game is over, start a new one with the same players, variant and options
        (a new seed in digital mode) in the next free `STEM-N.jsonl` beside the log, and follow
        it from now on: every page shows it at its same address. PnpError if the game is not
        over. The new log's path."""
        with self._lock:
            if self.session.prompt().kind != "over":
                raise PnpError("a rematch starts once the game is over")
            setup = self.session.setup
            if setup.digital:
                setup = dataclasses.replace(setup, seed=secrets.randbelow(2**31))
            stem = re.sub(r"-\d+$", "", self.path.name.removesuffix(".jsonl"))
            path, session = new_numbered_game(self.path.with_name(stem), setup)
            self.path, self.session, self.asking = path, session, None
            self._actors = {}
            self._stamp = _stamp(path)
            self.version += 1
            self.error = ""
            return path

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Session]:
        """The game, with the log locked for writing as `referee move` locks it: first brought
        up to date with the file, then each new event appended to the log as it happens."""
        with open_for_append(self.path) as writer, self._lock:
            changed = self._catch_up(list(writer.contents.events))
            session, start = self.session, len(self.session.events)
            session.sink = writer.append_all
            try:
                session.advance()
                yield session
            finally:
                session.sink = None
                self._stamp = _stamp(self.path)
                if changed or len(session.events) > start:
                    self.version += 1
                    self.error = ""

    # --- telling the pages ------------------------------------------------------------------
    def changed(self) -> asyncio.Event:
        """An event set at the next change (call from the server's event loop)."""
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    def announce(self) -> None:
        """Wake every page waiting for a change (call from the server's event loop)."""
        old, self._changed = self._changed, asyncio.Event()
        if old is not None:
            old.set()

    def close(self) -> None:
        """End every page's stream of changes (the server is stopping)."""
        self.closed = True
        self.announce()

    async def follow(self) -> None:
        """Look at the log file every POLL_SECONDS and announce each change, until cancelled."""
        while True:
            if await asyncio.to_thread(self.refresh):
                self.announce()
            await asyncio.sleep(POLL_SECONDS)
