"""What each viewer may not see of a digital game, found from the games' own per-player views.

In digital mode the referee knows every secret (dealt hands, totems, objectives). A game says
what a player may see through `Rules.view`; a component ID that the full table text names more
often than a viewer's view does is secret from that viewer. The shared screen is a viewer who
sees only what every player sees. An entry (a logged move, a legal move) is kept from a viewer
when it names a component ID that was secret from them when it was made.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from pnpkit.components.model import Game
from pnpkit.referee.game_log import Event
from pnpkit.referee.rules import Rules, Setup, State
from pnpkit.referee.session import Session

SHARED = ""
"""The viewer name of the shared screen (every player can read it)."""
_WORD = re.compile(r"[\w-]+")


def component_ids(game: Game, text: str) -> Counter[str]:
    """The component IDs that `text` names, with how often."""
    known = {c.id for c in game.components()}
    return Counter(word for word in _WORD.findall(text) if word in known)


def has_secrets(setup: Setup) -> bool:
    """Whether the referee knows secrets it must keep: digital mode, with players' own views."""
    return setup.digital and type(setup.rules).view is not Rules.view


def hidden(setup: Setup, state: State) -> dict[str, Counter[str]]:
    """For the shared screen and each player: the component IDs secret from them now."""
    if not has_secrets(setup):
        return {}
    rules = setup.rules
    everything = component_ids(setup.game, rules.describe(setup, state))
    seen = {p: component_ids(setup.game, rules.view(setup, state, p)) for p in setup.players}
    common = _common(seen.values())
    if len(setup.players) == 1:
        common = next(iter(seen.values()))  # a solo player keeps no secret from the table
    result = {SHARED: everything - common}
    result.update({p: everything - ids for p, ids in seen.items()})
    return result


def _common(views: Iterable[Counter[str]]) -> Counter[str]:
    views = list(views)
    found = views[0].copy()
    for ids in views[1:]:
        found &= ids
    return found


def names_secret(game: Game, text: str, secret: Counter[str]) -> bool:
    """Whether `text` names a component ID in `secret`."""
    return bool(secret) and any(i in secret for i in component_ids(game, text))


def event_secrecy(setup: Setup, events: Sequence[Event]) -> list[frozenset[str]]:
    """For each event, the viewers (SHARED, player names) it is kept from, judged on the table
    just after it was made."""
    if not has_secrets(setup):
        return [frozenset()] * len(events)
    session = Session(setup)
    found = []
    for event in events:
        session.replay([event])
        found.append(kept_from(setup, session.state, event))
    return found


def kept_from(setup: Setup, state: State, event: Event) -> frozenset[str]:
    """The viewers an event is kept from, given the table just after it."""
    if "undo" in event or not has_secrets(setup):
        return frozenset()
    text = event["text"]
    return frozenset(
        v for v, ids in hidden(setup, state).items() if names_secret(setup.game, text, ids)
    )
