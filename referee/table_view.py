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
from pnpkit.referee.secrecy import SHARED, has_secrets, prompt_text_for, sight
from pnpkit.referee.session import Session

SECRET_EVENT = "(secret)"
"""What a viewer sees of a logged entry kept from them."""


def table_state(
    session: Session, kept: Sequence[frozenset[str]], viewer: str, face: Face
) -> dict[str, Any]:
    """Everything a page shows, for `viewer`; `kept[i]` names the viewers event i is kept from.

    The prompt and the legal moves of the player to act are theirs to see on their own page.
    `table` is the table as data (`Rules.table`, as `show --json` gives it) for the same viewer.
    """
    setup, state, rules = session.setup, session.state, session.rules
    now = sight(setup, state)
    prompt = session.prompt()
    own = viewer in prompt.actors

    def keeps(text: str) -> bool:
        return now is not None and now.keeps(viewer, text)

    moves = [session.text(m) for m in session.legal()]
    shown = moves if own else [m for m in moves if not keeps(m)]
    choices = rules.choices(setup, state)
    over = prompt.kind == "over"
    sheet = rules.score(setup, state).to_json(over)
    sheet["notes"] = [note for note in sheet["notes"] if not keeps(note)]
    if now is not None and not over and now.kept(viewer):
        # A running count may rest on secrets (a totem, objectives): each sees their own row.
        sheet["players"] = {p: row for p, row in sheet["players"].items() if p == viewer}
        sheet["leaders"], sheet["tiebreak"] = [], ""
    return {
        "game": setup.game.name,
        "players": list(setup.players),
        "viewer": viewer,
        "digital": setup.digital,
        "events": len(session.events),
        "prompt": prompt_for(session, viewer),
        "over": over,
        "picture": _picture(session, face),
        "table": rules.table(setup, state, viewer),
        "text": _text(session, viewer),
        "legal": shown,
        "legal_hidden": len(moves) - len(shown),
        "also": list(rules.also(setup, state)),
        "choices": _choices(choices, viewer, setup.digital) if choices else None,
        "score": sheet,
        "log": [_entry(e, viewer in k) for e, k in zip(session.events, kept, strict=True)],
    }


def prompt_for(session: Session, viewer: str) -> dict[str, Any]:
    """The prompt as `viewer` may read it: one naming a card they may not see (the objectives
    a player chooses from) is theirs only; the others read whose choice it is."""
    prompt = session.prompt()
    return prompt_json(prompt) | {
        "text": prompt_text_for(session.setup, session.state, prompt, viewer)
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
    if has_secrets(setup):
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
