"""The table as one viewer may see it, as data: what the web page (`referee serve`) shows.

`table_state` is the one place that decides what a page gets: the picture, the text view, the
prompt, the legal moves, the score and the log so far, with the secrets the viewer may not see
left out (see `secrecy`). A viewer is a player's name or `SHARED` (the screen every player sees).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnpkit.errors import PnpError
from pnpkit.referee.faces import Face
from pnpkit.referee.report import prompt_json
from pnpkit.referee.secrecy import SHARED, has_secrets, hidden, names_secret
from pnpkit.referee.session import Session

SECRET_EVENT = "(secret)"
"""What a viewer sees of a logged entry kept from them."""


def table_state(
    session: Session, kept: Sequence[frozenset[str]], viewer: str, face: Face
) -> dict[str, Any]:
    """Everything a page shows, for `viewer`; `kept[i]` names the viewers event i is kept from."""
    setup, state, rules = session.setup, session.state, session.rules
    secret = hidden(setup, state).get(viewer)
    prompt = session.prompt()
    moves = [session.text(m) for m in session.legal()]
    shown = [m for m in moves if not (secret and names_secret(setup.game, m, secret))]
    choices = rules.choices(setup, state)
    sheet = rules.score(setup, state)
    return {
        "game": setup.game.name,
        "players": list(setup.players),
        "viewer": viewer,
        "digital": setup.digital,
        "events": len(session.events),
        "prompt": prompt_json(prompt),
        "over": prompt.kind == "over",
        "picture": _picture(session, face),
        "text": _text(session, viewer),
        "legal": shown,
        "legal_hidden": len(moves) - len(shown),
        "also": list(rules.also(setup, state)),
        "choices": _choices(choices, viewer, setup.digital) if choices else None,
        "score": {"final": prompt.kind == "over", **sheet.to_json()},
        "log": [_entry(e, viewer in k) for e, k in zip(session.events, kept, strict=True)],
    }


def _picture(session: Session, face: Face) -> str | None:
    try:
        return session.rules.svg(session.setup, session.state, face)
    except PnpError:
        return None


def _text(session: Session, viewer: str) -> str | None:
    """A player's own view; for the shared screen the whole table, unless it holds secrets."""
    setup, state, rules = session.setup, session.state, session.rules
    if viewer != SHARED:
        return rules.view(setup, state, viewer)
    if has_secrets(setup) and len(setup.players) > 1:
        return None
    return rules.describe(setup, state)


def _choices(choices: Any, viewer: str, digital: bool) -> dict[str, Any]:
    """Choices entered together: in digital mode each player sees only their own options."""
    options = dict(choices.options)
    if digital and viewer != SHARED:
        options = {p: o for p, o in options.items() if p == viewer}
    elif digital:
        options = {}
    return {"form": choices.form, "options": {p: list(o) for p, o in options.items()}}


def _entry(event: dict[str, Any], kept: bool) -> dict[str, Any]:
    if "undo" in event:
        return {"seq": event["seq"], "by": "undo", "text": f"undo event {event['undo']}"}
    return {"seq": event["seq"], "by": event["by"], "text": SECRET_EVENT if kept else event["text"]}
