"""A seeded random player that only taps: on a phone's page it picks one of the moves the page
can send (a random legal move, as `referee simulate`'s random player does), then reaches it by
tapping only what the page offers (the next words as `.tap-option` buttons, highlighted seat
cards and table-picture places, then Send), never typing in the move box. Where several offered
things choose the same word (a card's button and the card itself), it picks one at random.
Used by the whole-game browser tests."""

from __future__ import annotations

import random
from typing import Any

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
MAX_TAPS = 40
"""Taps one move may take at most (each narrows the legal moves; a move has a few words)."""


def offered(page: Any) -> list[tuple[str, str]]:
    """What `page` offers to tap now (kind, word), each marked on the page with its index
    (`data-offered`)."""
    return [tuple(found) for found in page.evaluate(OFFERED)]


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


class Tapper:
    """Plays on the players' phone pages (`phones`, by player) by taps alone, with every page
    (the shared one too) followed after each move; counts what it did."""

    def __init__(self, phones: dict[str, Any], shared: Any, seed: int):
        self.phones, self.shared = phones, shared
        self.rng = random.Random(seed)
        self.moves = 0
        self.taps = 0
        self.places = 0
        """Taps on the table picture."""

    def over(self) -> bool:
        return bool(self.shared.evaluate(OVER))

    def play(self, limit: int) -> int:
        """Tap moves until the game is over (or `limit` moves); the number of moves sent."""
        while self.moves < limit and not self.over():
            self.move()
        return self.moves

    def move(self) -> None:
        """One move, tapped on the page whose turn it is (else on any page offering one)."""
        ready = {who: page for who, page in self.phones.items() if offered(page)}
        assert ready, "no phone offers anything to tap, and the game is not over"
        turn = [who for who, page in ready.items() if page.evaluate("document.body.dataset.turn")]
        page = ready[self.rng.choice(sorted(turn or ready))]
        goal = self.rng.choice(page.evaluate("window.pnpLegal"))
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
            page.locator(f"[data-offered='{pick}']").click()
            if word != goal:
                left.remove(word)
        else:
            raise AssertionError(f"{goal!r} not reached in {MAX_TAPS} taps")
        shown = page.text_content("#tap-move")
        assert shown == goal, (shown, goal)
        self.taps += 1
        page.locator("[data-offered='0']").click()
        page.wait_for_function(ANSWERED)
        verdict = page.text_content("#verdict")
        assert verdict.startswith("accepted"), (goal, verdict)
        page.evaluate("document.querySelector('#verdict').className = ''")
        self.moves += 1
        self.follow(version(page))

    def follow(self, at_least: int) -> None:
        """Wait until every page shows the table of version `at_least` or later."""
        for page in (*self.phones.values(), self.shared):
            page.wait_for_function(AT_LEAST, arg=at_least)
