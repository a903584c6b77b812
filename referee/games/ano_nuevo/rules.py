"""Año Nuevo's rules: bull elephant seals hunt in the Ocean, Posture and Fight for beaches, and
mate for victory points. Rule IDs (AN-…) are those of rules-index.md.

A turn follows the rulebook: Beginning of Turn (move the tracker; on 1, replenish the Harem
cards), Travel (one move with every seal's revealed token), the Prey discards for Travelling,
Posture and Fight (Location by Location), Hunt (in the Ocean) and Mate (Location by Location),
then the end-of-game check. The first five turns are only Beginning of Turn and Hunt. At the
table, Prey cards stay hidden until shown (see prey_cards); in digital mode the referee deals
them and knows every hand. This class is the Rules contract; each part of the rulebook is a
module of its own (setup, beginning, travel, posture, fight, hunt, mate, scoring; turn for their
order).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pnpkit.referee.api import (
    Choices,
    Game,
    Knowledge,
    Move,
    Prompt,
    PromptKind,
    Rules,
    ScoreSheet,
    Setup,
    Syntax,
    Verdict,
    refuse,
)
from pnpkit.referee.games.ano_nuevo import (
    beginning,
    fight,
    hunt,
    knowledge,
    legal,
    mate,
    moves,
    posture,
    scoring,
    travel,
    turn,
)
from pnpkit.referee.games.ano_nuevo import setup as setting_up
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.determinise import determinise
from pnpkit.referee.games.ano_nuevo.position_file import score_position
from pnpkit.referee.games.ano_nuevo.state import ADVANCED, HUNT, OVER, AnoNuevo
from pnpkit.referee.games.ano_nuevo.table_view import describe, table_svg
from pnpkit.referee.games.ano_nuevo.zones import ano_nuevo_zones

Checker = Callable[[Setup, AnoNuevo, Move], Verdict]
Applier = Callable[[Setup, AnoNuevo, Move], AnoNuevo]
CHECKS: dict[str, Checker] = {
    "location": setting_up.check_location,
    "flip": beginning.check_flip,
    "travel": travel.check_travel,
    "pay": travel.check_pay,
    "display": posture.check_display,
    "stand": posture.check_stand,
    "reveal": fight.check_reveal,
    "bellow": fight.check_bellow,
    "hunt": hunt.check_hunt,
    "draw": hunt.check_draw,
    "keep": hunt.check_keep,
    "mate": mate.check_mate,
    "take": mate.check_take,
    "give": mate.check_take,
    "done": mate.check_done,
}
APPLY: dict[str, Applier] = {
    "location": setting_up.apply_location,
    "flip": beginning.apply_flip,
    "travel": travel.apply_travel,
    "pay": travel.apply_pay,
    "display": posture.apply_display,
    "stand": posture.apply_stand,
    "reveal": fight.apply_reveal,
    "bellow": fight.apply_bellow,
    "hunt": hunt.apply_hunt,
    "draw": hunt.apply_draw,
    "keep": hunt.apply_keep,
    "mate": mate.apply_mate,
    "take": mate.apply_take,
    "give": mate.apply_take,
    "done": mate.apply_done,
}


class AnoNuevoRules(Rules):
    """The referee for Año Nuevo."""

    id = "ano-nuevo"
    contract = "2.0"
    index = "rules-index.md"
    version = "2"
    """2: in digital mode the cards displayed are chosen at `display` (AN-31), not at `reveal`."""
    variants: ClassVar[Mapping[str, str]] = {
        "standard": "basic Hunting: a seal in the Ocean draws one Prey card a turn",
        ADVANCED: "advanced Hunting: Pools of five Prey cards, one set aside, the rest passed left",
    }
    syntax_rule = "AN-72"
    syntax = (
        Syntax("location CARD", "the Location card turned over at setup (AN-L1 …)", "AN-2"),
        Syntax("flip CARD", "the Harem card turned face up (AN-HPA, AN-HMA, AN-HPR)", "AN-6"),
        Syntax("travel NAME=N|ocean …", "every seal's revealed token, entered together", "AN-10"),
        Syntax("pay NAME CARD", "the Prey card NAME discards for Travelling", "AN-12"),
        Syntax("display NAME=N …", "at the table: how many Prey cards each displays", "AN-31"),
        Syntax(
            "display NAME=CARD+CARD|none …",
            "digital: the Prey cards each posturer displays face down",
            "AN-31",
        ),
        Syntax("stand NAME=stay|back …", "who stays and who backs down", "AN-32"),
        Syntax("reveal NAME CARD", "one Prey card NAME displayed, shown in a Fight", "AN-40"),
        Syntax("bellow NAME", "NAME won the bellowing contest that breaks a tie", "AN-43"),
        Syntax("draw NAME CARD", "digital mode: the Prey card NAME drew", "AN-45"),
        Syntax("hunt", "the referee's note that the seals in the Ocean drew unseen", "AN-45"),
        Syntax("keep NAME CARD", "digital advanced Hunting: the Pool card set aside", "AN-47"),
        Syntax("mate NAME CARD", "the Prey card NAME discards to mate", "AN-55"),
        Syntax("take CARD", "the Alpha takes a Harem card", "AN-56"),
        Syntax("give CARD", "the Alpha gives the Beta a Harem card", "AN-57"),
        Syntax("done", "the Alpha (or, being given cards, the Beta) takes no more", "AN-56"),
    )

    # --- what now ---------------------------------------------------------------------------
    def initial(self, setup: Setup) -> AnoNuevo:
        return setting_up.initial(setup)

    def prompt(self, setup: Setup, state: AnoNuevo) -> Prompt:
        return turn.prompt(setup, state)

    def prompt_kind(self, setup: Setup, state: AnoNuevo) -> PromptKind:
        return turn.kind(setup, state)

    def choices(self, setup: Setup, state: AnoNuevo) -> Choices | None:
        return turn.choices(setup, state)

    # --- text -------------------------------------------------------------------------------
    def parse(self, setup: Setup, state: AnoNuevo, text: str) -> Move:
        return moves.parse(setup, text)

    def text(self, setup: Setup, move: Move) -> str:
        return moves.text(move)

    # --- checking and applying --------------------------------------------------------------
    def check(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        if state.step == OVER:
            return refuse("AN-50", "the game is over")
        kind = move.get("type")
        expected = turn.expected(setup, state)
        if kind not in expected:
            wanted = " or ".join(f"`{k}`" for k in expected)
            return refuse("AN-70", f"not now: {turn.prompt(setup, state).text} ({wanted})")
        checker = CHECKS[kind]
        actor = move.get("player")
        if actor is not None and actor not in turn.actors(setup, state, move):
            return refuse("AN-70", f"this is not {actor}'s move: {turn.prompt(setup, state).text}")
        return checker(setup, state, move)

    def apply(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        return turn.proceed(setup, APPLY[move["type"]](setup, state, move))

    # --- lists ------------------------------------------------------------------------------
    def legal(self, setup: Setup, state: AnoNuevo) -> list[Move]:
        return legal.legal_moves(setup, state)

    def random_move(self, setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
        return legal.random_move(setup, state, rng)

    def chance(self, setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
        return legal.draw_chance(setup, state, rng)

    def forced(self, setup: Setup, state: AnoNuevo) -> Move | None:
        if state.step == HUNT and not setup.digital:
            return {"type": "hunt"}
        return None

    # --- who sees and who decides -----------------------------------------------------------
    def knowledge(self, setup: Setup, state: AnoNuevo) -> Knowledge:
        return knowledge.knowledge(setup, state)

    def rebuild(self, setup: Setup, state: AnoNuevo, known: Knowledge) -> AnoNuevo:
        return knowledge.rebuild(setup, state, known)

    def actor(self, setup: Setup, state: AnoNuevo, move: Move) -> str | None:
        return knowledge.actor(setup, state, move)

    def hidden_text(self, setup: Setup, move: Move) -> str:
        return knowledge.hidden_text(setup, move)

    def determinise(self, setup: Setup, state: AnoNuevo, seat: str, rng: random.Random) -> AnoNuevo:
        """The default's cards dealt again, written out for speed (determinise.py)."""
        return determinise(setup, state, seat, rng)

    # --- scores and pictures ----------------------------------------------------------------
    def score(self, setup: Setup, state: AnoNuevo) -> ScoreSheet:
        return scoring.score_sheet(setup, state)

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        data = data_of(setup.game)
        return 0, scoring.most_vp(data.food, data.vp)

    def stats(self, setup: Setup, state: AnoNuevo) -> Mapping[str, float]:
        return {"turns": state.turn, "fights": state.fights}

    def describe(self, setup: Setup, state: AnoNuevo) -> str:
        return describe(setup, state)

    def view(self, setup: Setup, state: AnoNuevo, player: str) -> str:
        """AN-68: the table as `player` may see it: the others' cards only as counts."""
        return describe(setup, state, player)

    def svg(self, setup: Setup, state: AnoNuevo, face: Any) -> str:
        return table_svg(setup, state, self.table(setup, state, ""), face)

    def zones(self, setup: Setup, state: AnoNuevo, viewer: str | None) -> dict[str, Any]:
        return ano_nuevo_zones(setup, state, viewer)

    def seat_colours(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """The seals' colours in seat order (AN-4)."""
        return data_of(setup.game).colours[: len(setup.players)]

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        return score_position(game, text, source)


RULES = AnoNuevoRules()
