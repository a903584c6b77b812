"""`KitRules`: a `Rules` whose contract methods come from the kit's declarations.

A game states its `flow` (the steps of a turn) and its `moves` (each `MoveForm`), keeps its
blocks in a `Table` and its turn in a `Turn` (its state has `table` and `turn` fields), and writes
`initial` and `score`. Prompt, parse, text, the syntax table, check, apply, legal, chance,
choices, knowledge, rebuild (so `determinise`), describe, view, zones and a table picture follow.
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from typing import Any, ClassVar

from pnpkit.referee.engine.information import SHARED, Knowledge
from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.rules import Choices, Prompt, PromptKind, Rules, Setup, State
from pnpkit.referee.engine.verdict import Verdict
from pnpkit.referee.kit.blocks import Deck, Hand, Stack, Track
from pnpkit.referee.kit.declare import Moves
from pnpkit.referee.kit.flow import Flow


@functools.cache
def _draws(rules: type[KitRules], step: str) -> tuple[str, str, str] | None:
    """At a step of `rules` that draws a card: the deck's block, the verb of the step's move and
    the key its card goes under (worked out once a step: a simulation draws every turn)."""
    flow, moves = rules.flow, rules.moves
    deck_name = flow.step(step).draws
    if not deck_name:
        return None
    form = next(f for f in moves.forms if f.at(step))
    return deck_name, form.verb, next(key for key, _, word in form.slots() if word is not None)


class KitRules(Rules):
    """Rules made from declarations (docs/engine.md builds one step by step)."""

    flow: ClassVar[Flow]
    moves: ClassVar[Moves]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "moves" in cls.__dict__:
            cls.syntax = cls.moves.syntax()
            cls.syntax_rule = cls.moves.syntax_rule

    def prompt(self, setup: Setup, state: State) -> Prompt:
        return self.flow.prompt(setup.players, state.turn)

    def prompt_kind(self, setup: Setup, state: State) -> PromptKind:
        return self.flow.step(state.turn.step).kind

    def parse(self, setup: Setup, state: State, text: str) -> Move:
        return self.moves.parse(setup, text, state)

    def text(self, setup: Setup, move: Move) -> str:
        return self.moves.text(move, setup)

    def check(self, setup: Setup, state: State, move: Move) -> Verdict:
        return self.moves.check(setup, state, move, lambda: self.prompt(setup, state).text)

    def apply(self, setup: Setup, state: State, move: Move) -> State:
        return self.moves.apply(setup, state, move)

    def legal(self, setup: Setup, state: State) -> list[Move]:
        return self.moves.legal(setup, state)

    def choices(self, setup: Setup, state: State) -> Choices | None:
        return self.moves.choices(setup, state)

    def actor(self, setup: Setup, state: State, move: Move) -> str | None:
        form = self.moves.of(move) if self.moves.knows(move) else None
        if form is not None and form.actor is not None:
            return form.actor(setup, state, move)
        return super().actor(setup, state, move)

    def hidden_text(self, setup: Setup, move: Move) -> str:
        form = self.moves.of(move) if self.moves.knows(move) else None
        return form.hidden if form is not None and form.hidden else "(secret)"

    def chance(self, setup: Setup, state: State, rng: random.Random) -> Move:
        draw = _draws(type(self), state.turn.step)
        if draw is None:
            return super().chance(setup, state, rng)
        deck_name, verb, key = draw
        return {"type": verb, key: rng.choice(state.table[deck_name].unseen)}

    def knowledge(self, setup: Setup, state: State) -> Knowledge:
        return state.table.knowledge()

    def rebuild(self, setup: Setup, state: State, knowledge: Knowledge) -> State:
        return replace(state, table=state.table.rebuild(knowledge))

    def describe(self, setup: Setup, state: State) -> str:
        return self._lines(state, None)

    def view(self, setup: Setup, state: State, player: str) -> str:
        return self._lines(state, player)

    def _lines(self, state: State, viewer: str | None) -> str:
        """Each block on a line: its cards when `viewer` (None: the referee) sees them."""
        lines = []
        for name, block in state.table.blocks:
            zone = block.zone(name)
            if isinstance(block, Track):
                lines.append(f"{name}: {' '.join(map(str, block.marks))}")
            elif isinstance(block, Deck):
                lines.append(f"{name}: {block.count} cards face down")
            elif viewer is not None and not zone.visible_to(viewer):
                count = len(block) if isinstance(block, Hand) else len(zone.cards)
                lines.append(f"{name}: {count} cards")
            else:
                shown = " ".join(zone.cards) or "(none)"
                if isinstance(block, Hand) and block.unknown:
                    shown += f" and {block.unknown} unknown"
                if isinstance(block, Stack) and block.face_down:
                    shown += f" and {block.face_down} face down"
                lines.append(f"{name}: {shown}")
        return "\n".join(lines)

    def zones(self, setup: Setup, state: State, viewer: str | None) -> dict[str, Any]:
        from pnpkit.referee.kit.picture import zones_of

        return zones_of(setup, state.table, viewer)

    def svg(self, setup: Setup, state: State, face: Any) -> str:
        from pnpkit.referee.kit.picture import picture

        return picture(self, setup, state, SHARED)
