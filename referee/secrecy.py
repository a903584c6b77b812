"""What each viewer may not see of a digital game, found from the games' own per-player views.

In digital mode the referee knows every secret (dealt hands, totems, objectives). A game says
what a player may see through `Rules.view`. A viewer sees a component ID when their view names it
at least as often as the whole table (`Rules.describe`) does; any other ID is kept from them,
including one that no view names (a card drawn to choose from, one put back unseen). The shared
screen is a viewer who sees only what every player's view names. An entry (a logged move, a
legal move, a prompt, a score note) is kept from a viewer when it names an ID they do not see; a
logged move is judged on the table just after it. A solo player keeps no secret from the table.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pnpkit.components.model import Game
from pnpkit.referee.game_log import Event
from pnpkit.referee.rules import Prompt, Rules, Setup, State
from pnpkit.referee.session import Session

SHARED = ""
"""The viewer name of the shared screen (every player can read it)."""
_WORD = re.compile(r"[\w-]+")


def component_ids(game: Game, text: str) -> Counter[str]:
    """The component IDs that `text` names, with how often."""
    known = {c.id for c in game.components()}
    return Counter(word for word in _WORD.findall(text) if word in known)


def has_secrets(setup: Setup) -> bool:
    """Whether the referee knows secrets it must keep: digital mode, with players' own views,
    and more than one player (a solo player keeps nothing from the table)."""
    return setup.digital and len(setup.players) > 1 and type(setup.rules).view is not Rules.view


@dataclass(frozen=True)
class Sight:
    """What the whole table names and what each viewer's view names, at one moment."""

    game: Game
    everything: Counter[str]
    seen: dict[str, Counter[str]]

    def keeps(self, viewer: str, text: str) -> bool:
        """Whether `text` names a component ID that `viewer` does not see."""
        seen = self.seen[viewer]
        return any(
            seen[i] == 0 or seen[i] < self.everything[i] for i in component_ids(self.game, text)
        )

    def kept(self, viewer: str) -> Counter[str]:
        """The IDs the whole table names that `viewer` does not see (as often as they are kept)."""
        return self.everything - self.seen[viewer]


def sight(setup: Setup, state: State) -> Sight | None:
    """Who sees what now; None when the referee keeps no secret (table mode, or no views)."""
    if not has_secrets(setup):
        return None
    rules, game = setup.rules, setup.game
    seen = {p: component_ids(game, rules.view(setup, state, p)) for p in setup.players}
    common = Counter(seen[setup.players[0]])
    for ids in seen.values():
        common &= ids
    everything = component_ids(game, rules.describe(setup, state))
    return Sight(game, everything, {SHARED: common, **seen})


def prompt_text_for(setup: Setup, state: State, prompt: Prompt, viewer: str | None) -> str:
    """The prompt as `viewer` may read it (None: the referee, who sees all). One naming a card
    the viewer may not see (the objectives a player keeps from a deal) is its actors' only; the
    others read whose choice it is."""
    if viewer is None or viewer in prompt.actors:
        return prompt.text
    now = sight(setup, state)
    if now is None or not now.keeps(viewer if viewer in now.seen else SHARED, prompt.text):
        return prompt.text
    return f"{', '.join(prompt.actors)}: a secret choice, on their own page"


def event_secrecy(setup: Setup, events: Sequence[Event]) -> list[frozenset[str]]:
    """For each event, the viewers (SHARED, player names) it is kept from."""
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
    now = sight(setup, state)
    if "undo" in event or now is None:
        return frozenset()
    return frozenset(v for v in now.seen if now.keeps(v, event["text"]))
