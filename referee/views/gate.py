"""The one secrecy gate: everything a surface shows a viewer, and every move or undo it enters for
them, passes here.

A viewer is a player's name or `SHARED` (the shared screen every player reads; a CLI command
without `--player`, the web page without a key). In table mode, and in a solo game, the referee
knows no secret and every viewer sees everything. In a digital game the rules' `knowledge` (see
`information`) says who sees which card, and from it:

- the table text is the viewer's own view (`Rules.view`); the shared screen gets the whole table
  only when it holds no secret;
- a logged event that moved a card the viewer saw neither where it was nor where it went reads as
  its public form (`Rules.hidden_text`); a secret choice held until all have chosen reads as
  "NAME has chosen" to everyone but its maker;
- the prompt, the legal moves and the choices of a player are theirs (and those who see all they
  see) to read; the others read whose turn it is;
- the running score hides the `secret_categories` of the others, and leaders and notes, while
  anything is hidden from the viewer;
- a surface enters a move only for a player it may act for (the player themself, or a viewer who
  sees everything that player sees), so a refusal can never tell it a secret; a secret choice is
  entered by its own player alone and held hidden until every player has chosen;
- undo takes back only the viewer's own last decision; a move that revealed choices made together,
  or another player's move, needs the whole table (`table=True`: `undo --table`).

A rules module written before contract 1.2 describes no `knowledge`: its secrets are then found
from its per-player views (a viewer sees a component ID as often as their view names it).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.engine.information import SHARED, Knowledge, Zone, secretly_moved
from pnpkit.referee.engine.moves import player_named, split_actor
from pnpkit.referee.engine.rules import Prompt, Rules, Setup, State
from pnpkit.referee.engine.session import COMMIT, TABLE, Session, in_effect
from pnpkit.referee.engine.verdict import MoveRefused, MoveSyntaxError, refuse
from pnpkit.referee.log.game_log import Event
from pnpkit.referee.views.report import prompt_json

__all__ = ["SHARED", "EventSecrecy", "Gate", "event_secrecy", "sight"]

SECRET_CHOICE = "{} has chosen"
_WORD = re.compile(r"[\w-]+")


def viewer_named(player: str | None, players: Sequence[str]) -> str:
    """The viewer of `--player NAME` (any case), or SHARED without one; PnpError if no such
    player."""
    if player is None:
        return SHARED
    try:
        return player_named(player, players)
    except MoveSyntaxError as exc:
        raise PnpError(f"--player: {exc}") from None


def keeps_secrets(setup: Setup) -> bool:
    """Whether the referee may know what some players may not: a digital game of several."""
    return setup.digital and len(setup.players) > 1


def sight(setup: Setup, state: State) -> Knowledge | None:
    """Who sees which card now; None when the referee keeps no secret."""
    if not keeps_secrets(setup):
        return None
    rules = setup.rules
    known = rules.knowledge(setup, state)
    if known is not None:
        return known
    if type(rules).view is Rules.view:
        return None
    return _from_views(setup, state)


def _ids(setup: Setup, text: str) -> Counter[str]:
    known = {c.id for c in setup.game.components()}
    return Counter(word for word in _WORD.findall(text) if word in known)


def _from_views(setup: Setup, state: State) -> Knowledge:
    """Knowledge found from a contract-1.1 game's views: the IDs every view names are public,
    those one player's view names beyond that are theirs, the rest of the table's (its census,
    or what its description names) are nobody's."""
    rules = setup.rules
    seen = {p: _ids(setup, rules.view(setup, state, p)) for p in setup.players}
    common = Counter(seen[setup.players[0]])
    for ids in seen.values():
        common &= ids
    everything = rules.census(setup, state) or _ids(setup, rules.describe(setup, state))
    zones = [Zone("public", tuple(sorted(common.elements())))]
    shown = Counter(common)
    for player, ids in seen.items():
        own = (ids - common) & everything
        zones.append(Zone(f"seen:{player}", tuple(sorted(own.elements())), frozenset({player})))
        shown |= ids
    zones.append(Zone("unseen", tuple(sorted((everything - shown).elements())), frozenset()))
    return Knowledge(tuple(zones))


def event_secrecy(setup: Setup, events: Sequence[Event]) -> list[frozenset[str]]:
    """For each logged event, the viewers (SHARED, players) who read only its public form."""
    return EventSecrecy(setup).of(events)


class EventSecrecy:
    """`event_secrecy` of a log that grows, kept up to date: only the events added since the
    last call are replayed (a server showing a game move by move would otherwise replay the
    whole log at every move). A log that is not the last one plus new events starts afresh."""

    def __init__(self, setup: Setup):
        self.setup = setup
        self._secret = keeps_secrets(setup)
        self._start()

    def _start(self) -> None:
        setup = self.setup
        self._session = Session(setup)
        self._sight = sight(setup, self._session.state) if self._secret else None
        self._events: list[Event] = []
        self._found: list[frozenset[str]] = []

    def of(self, events: Sequence[Event]) -> list[frozenset[str]]:
        """For each of `events` (the whole log), the viewers who read only its public form."""
        if not self._secret:
            return [frozenset()] * len(events)
        known = len(self._events)
        if len(events) < known or list(events[:known]) != self._events:
            self._start()
            known = 0
        viewers = (SHARED, *self.setup.players)
        for event in events[known:]:
            before = self._sight
            self._session.replay([event])
            after = self._sight = sight(self.setup, self._session.state)
            if "undo" in event:
                self._found.append(frozenset())
            elif event.get("by") == COMMIT:
                self._found.append(frozenset(v for v in viewers if v != event["commit"]["player"]))
            else:
                self._found.append(
                    frozenset()
                    if before is None or after is None
                    else frozenset(v for v in viewers if secretly_moved(before, after, v))
                )
            self._events.append(event)
        return list(self._found)


def may_act(setup: Setup, state: State, viewer: str | None, player: str | None) -> bool:
    """Whether a surface of `viewer` (None: the referee) may enter `player`'s decisions now."""
    now = sight(setup, state)
    if now is None or viewer is None or player in (viewer, None):
        return True
    return now.knows(viewer, player)


def prompt_line(setup: Setup, state: State, prompt: Prompt, viewer: str | None) -> str:
    """The prompt's line for `viewer`: what is expected, to those who may act for every player
    it names; the others read only whose turn it is."""
    if prompt.kind == "over" or all(may_act(setup, state, viewer, a) for a in prompt.actors):
        return prompt.text
    if prompt.kind == "simultaneous":
        return f"{', '.join(prompt.actors)}: a secret choice each, on their own page"
    return f"{', '.join(prompt.actors)} to move, on their own page"


def score_for(setup: Setup, state: State, viewer: str | None) -> dict[str, Any]:
    """The score sheet as JSON for `viewer` (None: the referee). Before the end of a game with
    `secret_categories`, while anything is hidden from the viewer, the others' secret categories
    are left out, and so are the leaders, the tie-break and the notes (they may rest on them)."""
    rules = setup.rules
    over = rules.prompt_kind(setup, state) == "over"
    sheet = rules.score(setup, state).to_json(over)
    now = sight(setup, state)
    secret = rules.secret_categories
    if over or viewer is None or now is None or not secret or not now.keeps_from(viewer):
        return sheet
    for name, line in sheet["players"].items():
        if name != viewer:
            line["categories"] = {k: v for k, v in line["categories"].items() if k not in secret}
            line["total"] = sum(line["categories"].values())
    sheet["leaders"], sheet["tiebreak"], sheet["notes"] = [], "", []
    sheet.pop("tied", None)
    return sheet


@dataclass
class Gate:
    """What `viewer` may read of `session`, and what they may enter into it."""

    session: Session
    viewer: str = SHARED

    @property
    def setup(self) -> Setup:
        return self.session.setup

    @property
    def rules(self) -> Rules:
        return self.session.rules

    def _now(self) -> Knowledge | None:
        return sight(self.setup, self.session.state)

    def keeps(self) -> bool:
        """Whether anything is hidden from the viewer now."""
        now = self._now()
        return now is not None and now.keeps_from(self.viewer)

    def may_act_for(self, player: str | None) -> bool:
        """Whether this surface may enter `player`'s decisions: it is theirs, or the viewer sees
        everything they see (None: a decision of the whole table, such as who goes first or a
        tie it breaks, which any screen may enter: its acceptance rests on nothing secret)."""
        return may_act(self.setup, self.session.state, self.viewer, player)

    # --- reading --------------------------------------------------------------------------
    def prompt(self) -> dict[str, Any]:
        """The prompt as the viewer may read it."""
        prompt = self.session.prompt()
        return prompt_json(prompt) | {"text": self.prompt_text(prompt)}

    def prompt_text(self, prompt: Prompt | None = None) -> str:
        """The prompt's line (see `prompt_line`), with who has chosen so far at a secret
        choice."""
        prompt = prompt or self.session.prompt()
        held = self.session.committed()
        if held:
            waiting = [p for p in prompt.actors if p not in held]
            return f"{', '.join(held)} chose in secret; waiting for {', '.join(waiting)}"
        return prompt_line(self.setup, self.session.state, prompt, self.viewer)

    def legal(self) -> list[str]:
        """The legal moves the viewer may read: those of the players the viewer may act for
        (secret choices are listed by `choices`, each player's own)."""
        session = self.session
        if session.committed() or self._secret_choices():
            return []
        rules, setup, state = self.rules, self.setup, session.state
        return [
            session.text(m)
            for m in session.legal()
            if self.may_act_for(rules.actor(setup, state, m))
        ]

    def choices(self) -> dict[str, Any] | None:
        """At a simultaneous prompt: the move's form and the options of each player the viewer
        may act for who has not chosen yet."""
        choices = self.rules.choices(self.setup, self.session.state)
        if choices is None or self.session.prompt().kind != "simultaneous":
            return None
        held = self.session.committed()
        options = {
            p: list(o) for p, o in choices.options.items() if p not in held and self.may_act_for(p)
        }
        return {"form": choices.form, "options": options}

    def also(self) -> list[str]:
        """The unlisted forms open now, to those who may act for the players to act."""
        if not all(self.may_act_for(a) for a in self.session.prompt().actors):
            return []
        return list(self.rules.also(self.setup, self.session.state))

    def text(self) -> str | None:
        """The table as plain text: the whole table when nothing is hidden from the viewer, else
        the viewer's view (`Rules.view`; for the shared screen, the view of no player: only what
        is public); None for a game with no views."""
        setup, state = self.setup, self.session.state
        if not self.keeps():
            return self.rules.describe(setup, state)
        if type(self.rules).view is Rules.view:
            return None
        return self.rules.view(setup, state, self.viewer)

    def table(self) -> dict[str, Any]:
        """The table as data for the viewer (`Rules.table`), its prompt as they may read it."""
        viewer: str | None = self.viewer if keeps_secrets(self.setup) else None
        data = self.rules.table(self.setup, self.session.state, viewer)
        data["prompt"] = self.prompt()
        if viewer is None:
            data["viewer"] = self.viewer or None
        return data

    def seat(self) -> list[dict[str, Any]]:
        """The viewer's own secrets as cards: each zone only some players see (a hand, objectives,
        a face-down display) that the viewer sees, with its cards' IDs, names and printed text.
        Empty for the shared screen and whenever the referee keeps no secret."""
        now = self._now()
        if now is None or self.viewer == SHARED:
            return []
        game = self.setup.game
        return [
            {"zone": zone.name, "cards": [card_info(game, card) for card in zone.cards]}
            for zone in now.zones
            if zone.cards and zone.seen_by is not None and zone.visible_to(self.viewer)
        ]

    def sees(self, card: str) -> bool:
        """Whether the viewer may see `card`'s face now: it lies in a zone they see (any card of
        the game when the referee keeps no secret)."""
        now = self._now()
        if now is None:
            return self.setup.game.component(card) is not None
        return any(card in zone.cards and zone.visible_to(self.viewer) for zone in now.zones)

    def score(self) -> dict[str, Any]:
        """The score sheet as JSON for the viewer (see `score_for`)."""
        return score_for(self.setup, self.session.state, self.viewer)

    def entry(self, event: Event, kept: frozenset[str]) -> str:
        """A logged event's text as the viewer may read it."""
        if "undo" in event:
            return f"undo event {event['undo']}"
        if self.viewer not in kept:
            return str(event["text"])
        if event.get("by") == COMMIT:
            return SECRET_CHOICE.format(event["commit"]["player"])
        return self.rules.hidden_text(self.setup, event["move"])

    def entries(self, events: Sequence[Event], kept: Sequence[frozenset[str]]) -> list[Event]:
        """Logged events as the viewer may read them: `seq`, `by` and `text` (and `undo`, or a
        forced move's `prompt` when the viewer reads the move), nothing else."""
        shown: list[Event] = []
        for event, secret_from in zip(events, kept, strict=True):
            if "undo" in event:
                undo = event["undo"]
                shown.append({"seq": event["seq"], "by": "undo", "undo": undo,
                              "text": f"undo event {undo}"})  # fmt: skip
                continue
            entry = {"seq": event["seq"], "by": event["by"], "text": self.entry(event, secret_from)}
            if self.viewer in secret_from:
                entry["secret"] = True
            elif "prompt" in event:
                entry["prompt"] = event["prompt"]
            shown.append(entry)
        return shown

    # --- entering -------------------------------------------------------------------------
    def enter(self, text: str) -> list[Event]:
        """Enter a move typed on the viewer's surface; MoveRefused (nothing changes) if it is
        not theirs to make or the rules refuse it. A secret choice is held until all have
        chosen."""
        session = self.session
        actor, rest = self._actor_and_text(text)
        if self._secret_choices() and actor is not None:
            return session.commit(actor, self._choice_of(rest, actor))
        if self._secret_choices():
            raise MoveRefused(
                refuse(
                    "",
                    "secret choices are entered by each player on their own page "
                    "(`--player NAME`), one at a time",
                )
            )
        try:
            move = session.parse(text)
        except MoveSyntaxError as exc:
            raise MoveRefused(refuse(self.rules.syntax_rule, str(exc))) from None
        decider = self.rules.actor(self.setup, session.state, move)
        if not self.may_act_for(decider):
            raise MoveRefused(refuse("", self._not_yours(decider)))
        return session.submit(move)

    def undo(self, table: bool = False) -> Event:
        """Take back the viewer's own last decision (with `table`, the table agrees: any)."""
        why = "" if table else self.undo_needs_table()
        if why:
            raise MoveRefused(refuse("", why))
        return self.session.undo()

    def undo_needs_table(self) -> str:
        """Why the viewer alone may not take back the last decision ("" if they may, or if there
        is nothing to take back): the table's agreement can."""
        target = self.session.undo_target()
        if target is None or self._now() is None:
            return ""
        if target.get("together"):
            return (
                "these choices were revealed together: taking them back needs "
                "the whole table's agreement (undo --table)"
            )
        decider = self._decider(target)
        if decider != self.viewer and not self.may_act_for(decider):
            who = decider or "the whole table"
            return f"only {who} may take back that move (or the table: undo --table)"
        return ""

    def redo(self, table: bool = False) -> list[Event]:
        """Enter again the move the last undo took back (`Session.redo_target`): by the player
        who made it (with `table`, the table agrees: any); MoveRefused if there is none or the
        rules refuse it now."""
        why = self.redo_needs_table()
        if self.session.redo_target() is None:
            raise MoveRefused(refuse("", "nothing to redo: no move was taken back since the last"))
        if why and not table:
            raise MoveRefused(refuse("", why))
        return self.session.submit(self.session.redo_target()["move"])  # type: ignore[index]

    def redo_needs_table(self) -> str:
        """Why the viewer alone may not redo ("" if they may, or if there is nothing to redo)."""
        target = self.session.redo_target()
        if target is None:
            return ""
        decider = self.rules.actor(self.setup, self.session.state, target["move"])
        if decider != self.viewer and not self.may_act_for(decider):
            return f"only {decider or 'the whole table'} may make that move again (or the table)"
        return ""

    def _decider(self, event: Event) -> str | None:
        if event.get("by") == COMMIT:
            return str(event["commit"]["player"])
        before = self.session.state_before(event["seq"])
        return self.rules.actor(self.setup, before, event["move"])

    def _secret_choices(self) -> bool:
        """Whether players now make secret choices one at a time (digital, with secrets)."""
        session = self.session
        return (
            self._now() is not None
            and session.prompt().kind == "simultaneous"
            and self.rules.choices(self.setup, session.state) is not None
        )

    def _actor_and_text(self, text: str) -> tuple[str | None, str]:
        """The player a typed move is for (a `NAME:` prefix, or the viewer) and the rest."""
        try:
            named, rest = split_actor(text, self.setup.players)
        except MoveSyntaxError as exc:
            raise MoveRefused(refuse(self.rules.syntax_rule, str(exc))) from None
        actor = named or (self.viewer if self.viewer != SHARED else None)
        if actor is not None and not self.may_act_for(actor):
            raise MoveRefused(refuse("", self._not_yours(actor)))
        return actor, rest

    def _choice_of(self, rest: str, actor: str) -> str:
        """The option in `travel 2`, `travel Ann=2` or `2` for `actor`."""
        choices = self.rules.choices(self.setup, self.session.state)
        assert choices is not None
        words = rest.split()
        if words and words[0].lower() == choices.form.split()[0].lower():
            words = words[1:]
        if len(words) != 1:
            raise MoveRefused(
                refuse(
                    self.rules.syntax_rule,
                    f"{actor}'s choice is one word: {choices.form.split()[0]} CHOICE",
                )
            )
        name, sep, value = words[0].partition("=")
        if sep and name.lower() != actor.lower():
            raise MoveRefused(refuse("", self._not_yours(name)))
        return value if sep else name

    def _not_yours(self, player: str | None) -> str:
        if player is None:
            return "this is a decision of the whole table, which this screen cannot see"
        where = "their own page or `--player`" if self.viewer == SHARED else "their own page"
        return f"only {player} may make that move, on {where}"


DRAW = object()
"""state_for's `picture` when the caller has not drawn it."""


def state_for(
    session: Session,
    kept: Sequence[frozenset[str]],
    viewer: str,
    face: Any,
    picture: str | object | None = DRAW,
    actors: dict[int, str | None] | None = None,
) -> dict:
    """Everything a web page shows `viewer`: the picture (public only), the text, the prompt,
    the legal moves, the choices, the score, the viewer's seat (`Gate.seat`) and the log so
    far, each move of a player with its `actor` (`log_actor`). The picture is the same for
    every viewer: a caller showing one table to several pages draws it once (`table_picture`)
    and passes it as `picture`; likewise `actors`, who made each move by `seq`, kept by a
    caller that shows the same log again (filled in here as needed)."""
    gate = Gate(session, viewer)
    setup, _rules = session.setup, session.rules
    prompt = session.prompt()
    return {
        "game": setup.game.name,
        "players": list(setup.players),
        "viewer": viewer,
        "digital": setup.digital,
        "events": len(session.events),
        "prompt": gate.prompt(),
        "over": prompt.kind == "over",
        "picture": table_picture(session, face) if picture is DRAW else picture,
        "table": gate.table(),
        "text": gate.text(),
        "legal": gate.legal(),
        "also": gate.also(),
        "choices": gate.choices(),
        "committed": sorted(session.committed()),
        "score": gate.score(),
        "seat": gate.seat(),
        "log": [  # undone moves, and the undos, are no longer shown
            log_actor(session, entry, {} if actors is None else actors)
            for entry, counts in zip(
                gate.entries(session.events, kept), in_effect(session.events), strict=True
            )
            if counts
        ],
    }


def log_actor(session: Session, entry: Event, actors: dict[int, str | None]) -> Event:
    """A shown log entry of a move made by a player (`by` "table", whichever page or command
    entered it) with that player as `actor` (null for a decision of the whole table), so that
    every page's log says who moved: whose decision a move is is public (the prompt names
    them), only a move's cards may be secret. `actors` holds those worked out already, by
    `seq` (the same for every viewer)."""
    if entry["by"] != TABLE:
        return entry
    seq = entry["seq"]
    if seq not in actors:
        move = session.events[seq - 1]["move"]
        actors[seq] = session.rules.actor(session.setup, session.state_before(seq), move)
    return entry | {"actor": actors[seq]}


def card_info(game: Game, card: str) -> dict[str, Any]:
    """A card as a seat shows it: its ID, name and printed text (its plain fields, one line
    each; structured fields such as a scoring condition are the rules' data, and its printed
    `text` field says them)."""
    component = game.component(card)
    if component is None:
        return {"id": card, "name": card, "text": []}
    lines = [
        f"{key}: {', '.join(map(str, value)) if isinstance(value, list | tuple) else value}"
        for key, value in component.fields.items()
        if not isinstance(value, Mapping)
    ]
    return {"id": card, "name": component.name, "text": lines}


def table_picture(session: Session, face: Any, state: State | None = None) -> str | None:
    """The table as an SVG picture (what every player sees) in `state` (by default the current
    one), or None if the rules draw none."""
    from pnpkit.errors import PnpError

    try:
        return session.rules.svg(session.setup, session.state if state is None else state, face)
    except PnpError:
        return None
