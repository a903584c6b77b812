"""A seeded random player that only taps, its two kinds of chance kept apart:

- `MoveChooser` picks the move, as `referee simulate`'s random player does: on the page whose
  turn it is (else any page that can send a move), one of the moves that page can send, from
  what the page's state offers alone (`page_moves`, `my_turn`: tap.js's and notify.js's readings
  of the state). So a seed's whole game can be played headless (`headless_game`, through the
  server's `state_for` and the gate, no browser) to know its length before a browser plays it.
- `Tapper` reaches the chosen move on a phone's page by tapping only what the page offers (the
  next words as `.tap-option` buttons, highlighted seat cards and table-picture places, then
  Send), never typing in the move box. Where several offered things choose the same word (a
  card's button and the card itself), its own random source picks one.

Used by the whole-game browser tests."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pnpkit.referee.log.store import load_session
from pnpkit.referee.views.faces import faces_of
from pnpkit.referee.views.gate import EventSecrecy, Gate, state_for
from tests.referee.browser import POLL

OFFERED = """() => {
  const send = document.querySelector('#tap-send');
  const found = send && send.checkVisibility() ? [send]
    : [...document.querySelectorAll('#tap-options button, .tap-target')]
      .filter(n => n.checkVisibility());
  document.querySelectorAll('[data-offered]').forEach(n => delete n.dataset.offered);
  found.forEach((n, i) => { n.dataset.offered = String(i); });
  return found.map(n => n.id === 'tap-send' ? ['send', '']
    : [n.closest('#picture') ? 'place' : 'word', n.dataset.id || n.dataset.word || n.dataset.move]);
}"""
"""Marks what the page offers to tap now with its index (`data-offered`); each one's kind and the
word (or whole move) it chooses."""

ANSWERED = "() => ['accepted', 'refused'].includes(document.querySelector('#verdict').className)"
OVER = "() => document.querySelector('#legal-note').textContent.includes('the game is over')"
AT_LEAST = "v => Number(document.body.dataset.version) >= v"
SENDABLE = "() => [Boolean(document.body.dataset.turn), window.pnpLegal || []]"
"""What a page offers to send now, as the chooser reads it: whether it is the viewer's turn
(notify.js) and the moves it can send (tap.js)."""
TAP = {"force": True}
"""How a tap clicks: at the element's centre, hitting whatever lies on top there, as a finger
would, without Playwright's wait for it to stay still two animation frames (OFFERED takes only
visible elements and the page has no animation; the wait was half of a whole game's time)."""
MAX_TAPS = 40
"""Taps one move may take at most (each narrows the legal moves; a move has a few words)."""
Offer = tuple[bool, list[str]]
"""A page's turn flag and the moves it can send."""


def page_moves(state: Mapping[str, Any]) -> list[str]:
    """The moves a player's page can send in `state` (tap.js's `window.pnpLegal`): the legal
    moves, then the viewer's own secret choices as `VERB PLAYER=OPTION`."""
    if state["over"]:
        return []
    choices, viewer = state["choices"], state["viewer"]
    own = (choices["options"].get(viewer) or []) if choices else []
    verb = choices["form"].split()[0] if choices else ""
    return [*state["legal"], *(f"{verb} {viewer}={option}" for option in own)]


def my_turn(state: Mapping[str, Any]) -> bool:
    """Whether `state` is its viewer's turn (notify.js's `isTurn`)."""
    if state["over"] or state["viewer"] not in state["prompt"]["actors"]:
        return False
    choices = state["choices"]
    return bool(state["legal"]) or bool(choices and choices["options"].get(state["viewer"]))


class MoveChooser:
    """Picks the next move from what each player's page offers, with its own random source."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, offers: Mapping[str, Offer]) -> tuple[str, str]:
        """The player whose page sends the next move, and the move: on a page whose turn it is,
        else on any page that can send one."""
        ready = {who: moves for who, (_, moves) in offers.items() if moves}
        assert ready, "no phone offers a move to send, and the game is not over"
        turn = [who for who in ready if offers[who][0]]
        who = self.rng.choice(sorted(turn or ready))
        return who, self.rng.choice(ready[who])


Sent = tuple[str, str, dict[str, Offer]]
"""One move sent: whose page sent it, the move, and what each page offered before it."""


def headless_game(log: Path, seed: int, limit: int = 2000) -> list[Sent]:
    """The moves `Tapper(…, seed).play(limit)` sends on the game in `log` (a fresh digital
    game), found without a browser: each page's state made by the server's `state_for`, each
    move entered through the gate as the server enters it."""
    session, _ = load_session(log)
    face, chooser = faces_of(session.setup.game), MoveChooser(seed)
    secrecy, actors = EventSecrecy(session.setup), {}
    sent: list[Sent] = []
    while len(sent) < limit and session.prompt().kind != "over":
        kept = secrecy.of(session.events)
        states = {p: state_for(session, kept, p, face, None, actors) for p in session.setup.players}
        offers = {p: (my_turn(s), page_moves(s)) for p, s in states.items()}
        who, move = chooser.choose(offers)
        session.advance()
        Gate(session, who).enter(move)
        sent.append((who, move, offers))
    return sent


def first_difference(tapped: list[Sent], headless: list[Sent]) -> str:
    """Where the game tapped on the phones left the one played headless ("" if nowhere): the
    move, and what the pages offered against what the server's states offered."""
    for n, (pages, alone) in enumerate(zip(tapped, headless, strict=False)):
        if pages != alone:
            return (
                f"move {n + 1}: the phones sent {pages[:2]}, headless {alone[:2]}; "
                f"the phones offered {pages[2]}, the server's states {alone[2]}"
            )
    if len(tapped) != len(headless):
        return f"{len(tapped)} moves tapped, {len(headless)} headless, the same up to there"
    return ""


def offered(page: Any) -> list[tuple[str, str]]:
    """What `page` offers to tap now (kind, word), each marked on the page with its index
    (`data-offered`)."""
    return [tuple(found) for found in page.evaluate(OFFERED)]


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


class Tapper:
    """Plays on the players' phone pages (`phones`, by player) by taps alone, every phone
    followed after each move and the shared page at the end; counts what it did. The moves are
    `MoveChooser(seed)`'s; which of several things offering the same word is tapped is drawn
    from a random source of its own."""

    def __init__(self, phones: dict[str, Any], shared: Any, seed: int):
        self.phones, self.shared = phones, shared
        self.chooser = MoveChooser(seed)
        self.rng = random.Random(f"taps/{seed}")
        self.sent: list[Sent] = []
        self.taps = 0
        self.places = 0
        """Taps on the table picture."""

    def over(self) -> bool:
        """Whether the game is over, as a phone shows it (each phone has followed the last
        move)."""
        return bool(next(iter(self.phones.values())).evaluate(OVER))

    def play(self, limit: int) -> int:
        """Tap moves until the game is over (or `limit` moves), then wait for the shared page to
        show the last table; the number of moves sent."""
        while self.moves < limit and not self.over():
            self.move()
        last = max(map(version, self.phones.values()))
        self.shared.wait_for_function(AT_LEAST, arg=last, polling=POLL)
        return self.moves

    @property
    def moves(self) -> int:
        """The number of moves sent."""
        return len(self.sent)

    def move(self) -> None:
        """One move, the chooser's, tapped on its player's page."""
        offers = {who: tuple(page.evaluate(SENDABLE)) for who, page in self.phones.items()}
        who, goal = self.chooser.choose(offers)
        page = self.phones[who]
        left = goal.split()
        for _ in range(MAX_TAPS):
            found = offered(page)
            assert found, "the page stopped offering anything before a move was left"
            if found[0][0] == "send":
                break
            towards = [n for n, (_, word) in enumerate(found) if word in left or word == goal]
            assert towards, f"nothing offered leads to {goal!r}: {found}"
            pick = self.rng.choice(towards)
            kind, word = found[pick]
            self.taps += 1
            self.places += kind == "place"
            page.locator(f"[data-offered='{pick}']").click(**TAP)
            if word != goal:
                left.remove(word)
        else:
            raise AssertionError(f"{goal!r} not reached in {MAX_TAPS} taps")
        shown = page.text_content("#tap-move")
        assert shown == goal, (shown, goal)
        self.taps += 1
        page.locator("[data-offered='0']").click(**TAP)
        page.wait_for_function(ANSWERED, polling=POLL)
        verdict = page.text_content("#verdict")
        assert verdict.startswith("accepted"), (goal, verdict)
        page.evaluate("document.querySelector('#verdict').className = ''")
        read = {p: (turn, list(moves)) for p, (turn, moves) in offers.items()}
        self.sent.append((who, goal, read))
        self.follow(version(page))

    def follow(self, at_least: int) -> None:
        """Wait until every phone shows the table of version `at_least` or later (the next move
        is chosen from what each phone offers)."""
        for page in self.phones.values():
            page.wait_for_function(AT_LEAST, arg=at_least, polling=POLL)
