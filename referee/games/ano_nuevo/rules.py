"""Año Nuevo's rules: bull elephant seals hunt in the Ocean, Posture and Fight for beaches, and
mate for victory points. Rule IDs (AN-…) are those of rules-index.md.

A turn follows the rulebook: Beginning of Turn (move the tracker; on 1, replenish the Harem
cards), Travel (one move with every seal's revealed token), the Prey discards for Travelling,
Posture and Fight (Location by Location), Hunt (in the Ocean) and Mate (Location by Location),
then the end-of-game check. The first five turns are only Beginning of Turn and Hunt. At the
table, Prey cards stay hidden until shown, known to the referee as lots (the kit's `Lots`); in
digital mode the referee deals them and knows every hand. Each move is declared once below
(MOVES), under the part of the rulebook it belongs to; the class is the Rules contract, and each
part of the rulebook is a module of its own (setup, beginning, travel, posture, fight, hunt, mate,
scoring; turn for their order and for which move may be entered now).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pnpkit.referee.api import (
    KitRules,
    LotHand,
    Move,
    MoveForm,
    Moves,
    Setup,
    Syntax,
    Verdict,
    delegate,
    drawn,
    evolve,
    refuse,
)
from pnpkit.referee.games.ano_nuevo import (
    beginning,
    fight,
    hunt,
    mate,
    posture,
    scoring,
    table_view,
    travel,
    turn,
)
from pnpkit.referee.games.ano_nuevo import setup as setting_up
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.legal import draw_chance, legal_moves, random_move
from pnpkit.referee.games.ano_nuevo.moves import (
    WORDS,
    hidden_text,
    read_display,
    read_stand,
    read_travel,
    write_display,
    write_stand,
    write_travel,
)
from pnpkit.referee.games.ano_nuevo.position_file import score_position
from pnpkit.referee.games.ano_nuevo.state import (
    ADVANCED,
    ASIDE,
    DISPLAYED,
    FILL,
    HAND,
    HUNT,
    OVER,
    POOL_CARDS,
    PREY_DECK,
    TIE,
    AnoNuevo,
    pile_of,
)
from pnpkit.referee.games.ano_nuevo.zones import ano_nuevo_zones

Check = Callable[[Setup, AnoNuevo, Move], Verdict]
Apply = Callable[[Setup, AnoNuevo, Move], AnoNuevo]
MOVES = Moves(syntax_rule="AN-72", not_now_rule="AN-70", turn_rule="AN-70", over_rule="AN-50")
"""Every move of the game, declared once; which may be entered now is the turn's order (turn.py),
whose refusals come before a move's own check."""


def declare(
    form: str, meaning: str, rule: str, apply: Apply, check: Check | None = None, **more: Any
) -> None:
    """Declare a move of `form` (placeholders: moves.WORDS), entered at the step of turn.FLOW
    named as it unless `step` says; no `check`: always accepted then."""
    more.setdefault("step", form.split()[0])
    MOVES.add(MoveForm(form, meaning, rule, apply, check=check, words=WORDS, **more))


# Setup: the Location cards turned over one by one.
declare(
    "location CARD", "the Location card turned over at setup (AN-L1 …)", "AN-2",
    setting_up.apply_location, setting_up.check_location,
)  # fmt: skip
# Beginning of Turn: the Harem cards replenished (and, at Mating, a Matron's refill).
declare(
    "flip CARD", "the Harem card turned face up (AN-HPA, AN-HMA, AN-HPR)", "AN-6",
    beginning.apply_flip, beginning.check_flip, step=(FILL, turn.MATRON),
)  # fmt: skip
# Travel: every seal's token revealed together, then the Prey card each traveller discards.
declare(
    "travel NAME=N|ocean …", "every seal's revealed token, entered together", "AN-10",
    travel.apply_travel, travel.check_travel, read=read_travel, write=write_travel,
)  # fmt: skip
declare(
    "pay NAME CARD", "the Prey card NAME discards for Travelling", "AN-12",
    travel.apply_pay, travel.check_pay,
)  # fmt: skip
# Posture: the Prey cards displayed, then who stays and who backs down.
declare(
    "display NAME=N …", "at the table: how many Prey cards each displays", "AN-31",
    posture.apply_display, posture.check_display, read=read_display, write=write_display,
    rows=(
        Syntax("display NAME=N …", "at the table: how many Prey cards each displays", "AN-31"),
        Syntax(
            "display NAME=CARD+CARD|none …",
            "digital: the Prey cards each posturer displays face down",
            "AN-31",
        ),
    ),
)  # fmt: skip
declare(
    "stand NAME=stay|back …", "who stays and who backs down", "AN-32",
    posture.apply_stand, posture.check_stand, read=read_stand, write=write_stand,
)  # fmt: skip
# Fight: the displayed cards revealed one by one; a tie bellowed (also at the end, AN-53).
declare(
    "reveal NAME CARD", "one Prey card NAME displayed, shown in a Fight", "AN-40",
    fight.apply_reveal, fight.check_reveal,
)  # fmt: skip
declare(
    "bellow NAME", "NAME won the bellowing contest that breaks a tie", "AN-43",
    fight.apply_bellow, fight.check_bellow, step=(turn.BELLOW, TIE),
)  # fmt: skip
# Hunt: the seals in the Ocean draw (unseen at the table; dealt by the referee in digital mode).
declare(
    "draw NAME CARD", "digital mode: the Prey card NAME drew", "AN-45",
    hunt.apply_draw, hunt.check_draw,
)  # fmt: skip
declare(
    "hunt", "the referee's note that the seals in the Ocean drew unseen", "AN-45",
    hunt.apply_hunt,
)  # fmt: skip
declare(
    "keep NAME CARD", "digital advanced Hunting: the Pool card set aside", "AN-47",
    hunt.apply_keep, hunt.check_keep,
)  # fmt: skip
# Mate: a Prey card discarded by each seal on the Location, then the Alpha's and Beta's picks.
declare(
    "mate NAME CARD", "the Prey card NAME discards to mate", "AN-55",
    mate.apply_mate, mate.check_mate,
)  # fmt: skip
declare("take CARD", "the Alpha takes a Harem card", "AN-56", mate.apply_take, mate.check_take)
declare(
    "give CARD", "the Alpha gives the Beta a Harem card", "AN-57",
    mate.apply_take, mate.check_take,
)  # fmt: skip
declare(
    "done", "the Alpha (or, being given cards, the Beta) takes no more", "AN-56",
    mate.apply_done, mate.check_done, step=(turn.TAKE, turn.GIVE),
)  # fmt: skip
EXPECTED = {
    step.name: tuple(f.verb for f in MOVES.forms if f.at(step.name)) for step in turn.FLOW.steps
}
"""The moves entered at each step (AN-70)."""


class AnoNuevoRules(KitRules):
    """The referee for Año Nuevo: its cards are the kit's blocks (so its knowledge, census and
    rebuild), its moves declared once (MOVES) and its turn a `Flow` (turn.FLOW). It keeps its own
    prompt, choices, check, legal and random moves, chance, actor and texts, because its turn is
    the table's step and, within one, the part under way (`turn.step_now`), not a kit `Turn`."""

    id = "ano-nuevo"
    contract = "2.0"
    index = "rules-index.md"
    version = "2"
    """2: in digital mode the cards displayed are chosen at `display` (AN-31), not at `reveal`."""
    variants: ClassVar[Mapping[str, str]] = {
        "standard": "basic Hunting: a seal in the Ocean draws one Prey card a turn",
        ADVANCED: "advanced Hunting: Pools of five Prey cards, one set aside, the rest passed left",
    }
    flow = turn.FLOW
    moves = MOVES

    # --- what now ---------------------------------------------------------------------------
    initial = delegate(setting_up.initial)
    prompt = delegate(turn.prompt)
    prompt_kind = delegate(turn.kind)
    choices = delegate(turn.choices)

    # --- checking and applying --------------------------------------------------------------
    def check(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        """The game over (AN-50), a move of another step or by another seal (AN-70), then the
        move's own check."""
        if state.step == OVER:
            return refuse(MOVES.over_rule, "the game is over")
        expected = EXPECTED[turn.step_now(setup, state)]
        if move.get("type") not in expected:
            wanted = " or ".join(f"`{k}`" for k in expected)
            prompt = turn.prompt(setup, state).text
            return refuse(MOVES.not_now_rule, f"not now: {prompt} ({wanted})")
        actor = move.get("player")
        if actor is not None and actor not in turn.actors(setup, state, move):
            prompt = turn.prompt(setup, state).text
            return refuse(MOVES.turn_rule, f"this is not {actor}'s move: {prompt}")
        return MOVES.check_own(setup, state, move)

    def apply(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        return turn.proceed(setup, MOVES.apply(setup, state, move))

    # --- lists ------------------------------------------------------------------------------
    legal = delegate(legal_moves)
    random_move = delegate(random_move)
    chance = delegate(draw_chance)

    def forced(self, setup: Setup, state: AnoNuevo) -> Move | None:
        if state.step == HUNT and not setup.digital:
            return {"type": "hunt"}
        return None

    # --- who decides and what the others read ----------------------------------------------
    actor = delegate(turn.actor)

    def hidden_text(self, setup: Setup, move: Move) -> str:
        return hidden_text(setup, move) or MOVES.text(move)

    def determinise(self, setup: Setup, state: AnoNuevo, seat: str, rng: random.Random) -> AnoNuevo:
        """The Prey cards `seat` has not seen (the other seals' hands, set-aside cards, Pools but
        one it passed on, cards displayed face down, and the deck: sorted, so depending on nothing
        the seat cannot see) shuffled and dealt back, each pile keeping its size. The kit's
        default derives the same from the knowledge; this is written out for a search's speed
        (it samples at every iteration) and deals the very samples the seeded bots were made
        with. At the table the referee knows no unseen card (lots, AN-65): nothing to deal."""
        if not setup.digital:
            return state
        table = state.table
        piles = [
            pile_of(kind, p)
            for p in setup.players
            if p != seat
            for kind in (HAND, ASIDE, POOL_CARDS)
            if seat not in table[pile_of(kind, p)].seen_by
        ]
        piles += [
            pile_of(DISPLAYED, p)
            for contest in state.contests
            if contest.face_down
            for p in contest.seals
            if p != seat
        ]
        unseen = list(table[PREY_DECK].items)
        for name in piles:
            unseen.extend(table[name].items)
        unseen.sort()
        rng.shuffle(unseen)
        blocks: dict[str, LotHand] = {}
        for name in piles:
            held: LotHand = table[name]
            size = len(held)
            blocks[name], unseen = evolve(held, items=tuple(sorted(unseen[:size]))), unseen[size:]
        blocks[PREY_DECK] = LotHand(tuple(sorted(unseen)))
        return evolve(state, table=table.put_all(blocks))

    # --- scores and pictures ----------------------------------------------------------------
    score = delegate(scoring.score_sheet)

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        data = data_of(setup.game)
        return 0, scoring.most_vp(data.food, data.vp)

    def stats(self, setup: Setup, state: AnoNuevo) -> Mapping[str, float]:
        return {"turns": state.turn, "fights": state.fights}

    describe = delegate(table_view.describe)
    view = delegate(table_view.describe, "AN-68: the others' cards only as counts.")

    svg = drawn(table_view.table_svg)

    zones = delegate(ano_nuevo_zones)

    def seat_colours(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """The seals' colours in seat order (AN-4)."""
        return data_of(setup.game).colours[: len(setup.players)]

    score_position = delegate(score_position)


RULES = AnoNuevoRules()
