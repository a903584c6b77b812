"""Pairs of digital games that a viewer cannot tell apart, and everything that viewer can reach.

A pair is a random digital game's log and the same log with the cards that viewer V never sees
(hidden from V in every state the log passed through, by the rules' `knowledge`) swapped among
themselves, each for a card of its own component group: what V sees is the same in both, and the
rules must accept both. Every output V can reach must then be byte-identical: that is the proof
that nothing leaks, whatever a secret's name, count or effect on a refusal.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from pnpkit.components import load_game
from pnpkit.referee.engine.session import ReplayError, Session
from pnpkit.referee.engine.verdict import MoveRefused
from pnpkit.referee.log.game_log import Event
from pnpkit.referee.log.store import make_setup
from pnpkit.referee.views.gate import SHARED, Gate, event_secrecy, sight, state_for

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
CANDIDATES = 24
"""Moves tried as V at the end of each pair (the same texts in both games)."""


def random_step(session: Session, rng: random.Random) -> None:
    """One random step of a digital game: at a prompt of secret choices, the choice of the first
    player who has not chosen yet; else a legal move."""
    choices = session.rules.choices(session.setup, session.state)
    if session.prompt().kind == "simultaneous" and choices is not None:
        player = next(p for p in choices.options if p not in session.committed())
        session.commit(player, rng.choice(choices.options[player]))
    else:
        session.submit(rng.choice(session.legal()))


def random_game(
    game: str, players: int, seed: int, steps: int, variant: str = "", options: dict | None = None
) -> Session:
    """A digital game played at random for `steps` decisions: secret choices committed one
    player at a time through the gate, an undo by the whole table now and then."""
    setup = make_setup(load_game(game), list(NAMES[:players]), variant, options or {}, seed)
    session = Session(setup)
    session.advance()
    rng = random.Random(seed)
    for _ in range(steps):
        prompt = session.prompt()
        if prompt.kind == "over":
            break
        if session.events and rng.random() < 0.05:
            with contextlib.suppress(MoveRefused):
                Gate(session, SHARED).undo(table=True)
            continue
        choices = session.rules.choices(session.setup, session.state)
        if prompt.kind == "simultaneous" and choices is not None:
            player = next(p for p in choices.options if p not in session.committed())
            session.commit(player, rng.choice(choices.options[player]))
            continue
        legal = session.legal()
        if not legal:
            break
        session.submit(rng.choice(legal))
    return session


def _states(setup: Any, events: list[Event]) -> list[Any]:
    """Every state the log passed through, those later undone too."""
    session = Session(setup)
    found = [session.state]
    for event in events:
        session.replay([event])
        found.append(session.state)
    return found


def never_seen(session: Session, viewer: str) -> set[str]:
    """The component IDs every copy of which was hidden from `viewer` in every state."""
    setup = session.setup
    unseen: set[str] | None = None
    for state in _states(setup, session.events):
        known = sight(setup, state)
        assert known is not None, "a digital game of several players keeps secrets"
        census, hidden = known.census(), known.hidden(viewer)
        here = {card for card, n in census.items() if hidden[card] == n}
        unseen = here if unseen is None else unseen & here
    return unseen or set()


def relabelled(session: Session, viewer: str, rng: random.Random) -> list[Event] | None:
    """The session's log with the cards `viewer` never saw swapped among themselves (each for a
    card of its group with as many copies); None if nothing can be swapped."""
    setup = session.setup
    census = sight(setup, session.state).census()  # type: ignore[union-attr]
    groups: dict[tuple[str, int], list[str]] = {}
    for card in sorted(never_seen(session, viewer)):
        component = setup.game.component(card)
        groups.setdefault((component.group if component else "", census[card]), []).append(card)
    swap: dict[str, str] = {}
    for cards in groups.values():
        shuffled = list(cards)
        rng.shuffle(shuffled)
        swap.update(zip(cards, shuffled, strict=True))
    swap = {a: b for a, b in swap.items() if a != b}
    if not swap:
        return None
    alternatives = "|".join(re.escape(c) for c in sorted(swap, key=len, reverse=True))
    word = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")

    def mapped(value: Any) -> Any:
        if isinstance(value, str):
            return word.sub(lambda m: swap[m.group(0)], value)
        if isinstance(value, list):
            return [mapped(v) for v in value]
        if isinstance(value, dict):
            return {mapped(k): mapped(v) for k, v in value.items()}
        return value

    events = []
    for event in session.events:
        new = mapped(event)
        if "move" in new:
            new["text"] = setup.rules.text(setup, new["move"])
        events.append(new)
    return events


def replayed(setup: Any, events: list[Event]) -> Session | None:
    """A session of `events`, or None if the rules refuse them."""
    session = Session(setup)
    try:
        session.replay(events)
    except (ReplayError, KeyError, ValueError, TypeError, IndexError, AttributeError):
        return None
    return session


def fork(session: Session) -> Session:
    """An independent copy of a session (its events and states shared, never changed)."""
    copy = Session(session.setup)
    copy.replay(session.events)
    return copy


def candidates(sessions: list[Session], viewer: str, rng: random.Random) -> list[str]:
    """Texts to try as `viewer` in every game of the pair: the legal moves of both (whoever
    they are for), each player's secret options, an undo, junk."""
    texts: set[str] = {"pass", "xyzzy"}
    for session in sessions:
        texts.update(session.text(m) for m in session.legal()[:200])
        choices = session.rules.choices(session.setup, session.state)
        if choices is not None:
            keyword = choices.form.split()[0]
            texts.update(f"{keyword} {o}" for own in choices.options.values() for o in own)
    picked = sorted(texts)
    rng.shuffle(picked)
    return sorted(picked[:CANDIDATES])


def reachable(session: Session, viewer: str, tries: list[str]) -> dict[str, Any]:
    """Everything `viewer` can reach in the engine: the page's state (text, table, prompt, legal
    moves, choices, score, seat, log), the card faces they may fetch, and the answer to each
    tried move and to an undo."""
    kept = event_secrecy(session.setup, session.events)
    found: dict[str, Any] = {"page": state_for(session, kept, viewer, lambda _: None)}
    gate = Gate(session, viewer)  # the card faces the web app serves this viewer
    found["faces"] = sorted(c.id for c in session.setup.game.components() if gate.sees(c.id))
    for text in tries:
        found[f"move {text}"] = _attempt(session, viewer, lambda g, t=text: g.enter(t))
    found["undo"] = _attempt(session, viewer, lambda g: [g.undo()])
    return found


def _attempt(session: Session, viewer: str, action: Any) -> Any:
    """The answer to an action of `viewer` on a copy of the game. A chance outcome drawn after it
    is news to the viewer, not a secret of the past (the twin's draw pile holds other names), so
    a drawn outcome the viewer may read counts only as drawn."""
    copy = fork(session)
    gate = Gate(copy, viewer)
    before = len(copy.events)
    try:
        action(gate)
    except MoveRefused as exc:
        return ["refused", str(exc)]
    kept = event_secrecy(copy.setup, copy.events)
    entries = gate.entries(copy.events, kept)[before:]
    for entry in entries:
        if entry.get("by") == "chance" and not entry.get("secret"):
            entry["text"] = "(drawn)"
    return ["accepted", entries, gate.prompt() if not entries else entries[-1].get("by")]


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The keys whose JSON differs between two reachable sets, with both values (shortened)."""
    found = []
    for key in sorted(a.keys() | b.keys()):
        left, right = json.dumps(a.get(key), sort_keys=True), json.dumps(b.get(key), sort_keys=True)
        if left != right:
            found.append(f"{key}:\n  {left[:600]}\n  {right[:600]}")
    return found


def hidden_count(session: Session, viewer: str) -> int:
    """How many cards are hidden from `viewer` now (a pair where none are tests little)."""
    known = sight(session.setup, session.state)
    return sum((known.hidden(viewer) if known else Counter()).values())


def write_log(path: Path, session: Session, events: list[Event]) -> None:
    """A log file of `events` for the session's game."""
    from pnpkit.referee.log.store import header_for

    lines = [header_for(session.setup).to_json(), *events]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
