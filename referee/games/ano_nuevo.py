"""Año Nuevo's rules: bull elephant seals hunt in the Ocean, Posture and Fight for beaches, and
mate for victory points. Rule IDs (AN-…) are those of rules-index/ano-nuevo.md.

A turn follows the rulebook: Beginning of Turn (move the tracker; on 1, replenish the Harem
cards), Travel (one move with every seal's revealed token), the Prey discards for Travelling,
Posture and Fight (Location by Location), Hunt (in the Ocean) and Mate (Location by Location),
then the end-of-game check. The first five turns are only Beginning of Turn and Hunt. At the
table, Prey cards stay hidden until shown (see ano_nuevo_cards); in digital mode the referee
deals them and knows every hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from pnpkit.components.model import Game
from pnpkit.referee.games import ano_nuevo_cards as cards
from pnpkit.referee.games import ano_nuevo_posture as posture
from pnpkit.referee.games.ano_nuevo_cards import Items, PreyCards
from pnpkit.referee.games.ano_nuevo_moves import (
    KINDS,
    PARSERS,
    draw_chance,
    legal_moves,
    random_move,
    travel_options,
)
from pnpkit.referee.games.ano_nuevo_position import score_position
from pnpkit.referee.games.ano_nuevo_posture import ALPHA, BACHELOR, BETA, NONE, Contest
from pnpkit.referee.games.ano_nuevo_scoring import (
    Outcome,
    Standing,
    game_over,
    most_vp,
    outcome,
)
from pnpkit.referee.games.ano_nuevo_show import describe, table_svg
from pnpkit.referee.games.ano_nuevo_table import (
    ADVANCED,
    FILL,
    HUNT,
    LOCATION,
    MATE,
    OCEAN,
    OVER,
    PAY,
    POOL,
    POSTURE,
    TIE,
    TRAVEL,
    AnoNuevo,
    Data,
    Mating,
    Seal,
    data_of,
    fight_totals,
)
from pnpkit.referee.games.ano_nuevo_zones import ano_nuevo_zones
from pnpkit.referee.moves import Move, words
from pnpkit.referee.rules import Choices, Prompt, Rules, ScoreSheet, Setup, Syntax
from pnpkit.referee.verdict import ACCEPTED, MoveSyntaxError, Verdict, refuse
from pnpkit.wording import counted


class AnoNuevoRules(Rules):
    """The referee for Año Nuevo."""

    id = "ano-nuevo"
    contract = "1.1"
    index = "rules-index/ano-nuevo.md"
    version = "1"
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
        Syntax("display NAME=N …", "how many Prey cards each posturer displays", "AN-31"),
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

    # --- setup ------------------------------------------------------------------------------
    def initial(self, setup: Setup) -> AnoNuevo:
        data = data_of(setup.game)
        return AnoNuevo(
            step=LOCATION,
            tracker=data.tracker_start,
            seals=tuple(Seal() for _ in setup.players),
            prey=cards.new_prey(data.prey_copies, setup.digital),
            harem_deck=cards.pile(c for c, n in data.harem_copies.items() for _ in range(n)),
        )

    # --- what now ---------------------------------------------------------------------------
    def prompt(self, setup: Setup, state: AnoNuevo) -> Prompt:
        data = data_of(setup.game)
        step = state.step
        if step == LOCATION:
            n = len(state.places) + 1
            return Prompt("chance", (), f"turn over Location card {n} of {len(setup.players) - 1}")
        if step == FILL:
            return Prompt("chance", (), f"turn a Harem card onto {self._place(setup, state.fill)}")
        if step == TRAVEL:
            return Prompt("simultaneous", setup.players, "all: reveal travel tokens (travel …)")
        if step == PAY:
            return Prompt("move", state.payers, f"{_names(state.payers)}: discard a Prey card")
        if step == POSTURE:
            return self._posture_prompt(setup, state)
        if step == HUNT:
            return self._hunt_prompt(setup, state)
        if step == MATE:
            return self._mate_prompt(setup, state, data)
        if step == TIE:
            tied = self._outcome(setup, state).bellow
            return Prompt("move", tied, f"{_names(tied)} are tied: who won the bellow?")
        return Prompt("over", (), "the game is over")

    def choices(self, setup: Setup, state: AnoNuevo) -> Choices | None:
        """AN-10, AN-31, AN-33: what each seal may choose in secret, revealed together."""
        if state.step == TRAVEL:
            return Choices(
                "travel NAME=N|ocean …",
                {
                    p: tuple(_pair_text("travel", o) for o in travel_options(setup, state, p))
                    for p in setup.players
                },
            )
        if state.step != POSTURE or self.prompt(setup, state).kind != "simultaneous":
            return None
        contest = state.contests[0]
        if contest.shown is None:
            return Choices(
                "display NAME=COUNT …",
                {
                    p: tuple(map(str, range(len(state.seal(setup, p).hand) + 1)))
                    for p in contest.seals
                },
            )
        return Choices("stand NAME=stay|back …", {p: ("stay", "back") for p in contest.seals})

    def _posture_prompt(self, setup: Setup, state: AnoNuevo) -> Prompt:
        contest = state.contests[0]
        where = self._place(setup, contest.place)
        if contest.round == 2:
            where += " (second round, for Beta)"
        seals = _names(contest.seals)
        if contest.shown is None:
            return Prompt("simultaneous", contest.seals, f"{seals}: posture on {where} (display …)")
        if not contest.fighters:
            text = f"{seals}: stay or back down on {where} (stand …)"
            return Prompt("simultaneous", contest.seals, text)
        waiting = contest.to_reveal()
        if waiting:
            return Prompt("move", waiting, f"{_names(waiting)}: reveal cards to fight on {where}")
        tie = self._fight(setup, state, contest)[1]
        return Prompt(
            "move", tie, f"{_names(tie)}: tied in the fight on {where}; who won the bellow?"
        )

    def _hunt_prompt(self, setup: Setup, state: AnoNuevo) -> Prompt:
        if not setup.digital:
            return Prompt("move", (), "the seals in the Ocean hunt (the referee notes it)")
        if state.hunters:
            return Prompt("chance", state.hunters[:1], f"{state.hunters[0]} draws a Prey card")
        return Prompt("move", state.keepers, f"{_names(state.keepers)}: set a Pool card aside")

    def _mate_prompt(self, setup: Setup, state: AnoNuevo, data: Data) -> Prompt:
        mating = state.mating
        assert mating is not None
        where = self._place(setup, mating.place)
        if mating.flips:
            return Prompt("chance", (), f"turn a Harem card onto {where} (Matron)")
        if mating.discarders:
            text = f"{_names(mating.discarders)}: discard a Prey card to mate on {where}"
            return Prompt("move", mating.discarders, text)
        alpha = self._role_holder(setup, state, mating.place, ALPHA)
        if mating.taker == 0:
            return Prompt(
                "move", (alpha,), f"{alpha}: take up to {counted(mating.left, 'Harem card')}"
            )
        beta = self._role_holder(setup, state, mating.place, BETA)
        return Prompt(
            "move",
            (alpha,),
            f"{alpha}: give {beta} up to {counted(mating.left, 'Harem card')} "
            f"({beta} may stop: done)",
        )

    # --- text -------------------------------------------------------------------------------
    def parse(self, setup: Setup, state: AnoNuevo, text: str) -> Move:
        w = words(text)
        if not w:
            raise MoveSyntaxError("expected a move; `pnp referee rules ano-nuevo` lists them")
        kind, args = w[0], w[1:]
        parser = PARSERS.get(kind)
        if parser is None:
            raise MoveSyntaxError(f"{kind!r} is not a move of Año Nuevo; expected one of: {KINDS}")
        return parser(setup, args)

    def text(self, setup: Setup, move: Move) -> str:
        kind = move["type"]
        if kind in ("travel", "display", "stand"):
            key = _PAIR_KEY[kind]
            values = " ".join(f"{p}={_pair_text(kind, v)}" for p, v in move[key].items())
            return f"{kind} {values}"
        if kind in ("pay", "reveal", "draw", "keep", "mate"):
            return f"{kind} {move['seal']} {move['card']}"
        if kind == "bellow":
            return f"bellow {move['seal']}"
        if kind in ("location", "flip", "take", "give"):
            return f"{kind} {move['card']}"
        return kind

    # --- checking ---------------------------------------------------------------------------
    def check(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        if state.step == OVER:
            return refuse("AN-50", "the game is over")
        kind = move.get("type")
        expected = self._expected(setup, state)
        if kind not in expected:
            wanted = " or ".join(f"`{k}`" for k in expected)
            return refuse("AN-70", f"not now: {self.prompt(setup, state).text} ({wanted})")
        checker: Callable[[Setup, AnoNuevo, Move], Verdict] = getattr(self, f"_check_{kind}")
        actor = move.get("player")
        if actor is not None and actor not in self._actors(setup, state, move):
            return refuse("AN-70", f"this is not {actor}'s move: {self.prompt(setup, state).text}")
        return checker(setup, state, move)

    def _expected(self, setup: Setup, state: AnoNuevo) -> tuple[str, ...]:
        step = state.step
        if step == LOCATION:
            return ("location",)
        if step == FILL:
            return ("flip",)
        if step in (TRAVEL, PAY, TIE):
            return {TRAVEL: ("travel",), PAY: ("pay",), TIE: ("bellow",)}[step]
        if step == POSTURE:
            contest = state.contests[0]
            if contest.shown is None:
                return ("display",)
            if not contest.fighters:
                return ("stand",)
            return ("reveal",) if contest.to_reveal() else ("bellow",)
        if step == HUNT:
            if not setup.digital:
                return ("hunt",)
            return ("draw",) if state.hunters else ("keep",)
        mating = state.mating
        assert mating is not None
        if mating.flips:
            return ("flip",)
        if mating.discarders:
            return ("mate",)
        return ("take", "done") if mating.taker == 0 else ("give", "done")

    def _actors(self, setup: Setup, state: AnoNuevo, move: Move) -> tuple[str, ...]:
        if "seal" in move and move["type"] not in ("bellow",):
            return (move["seal"],)
        if move["type"] == "done" and state.mating is not None and state.mating.taker == 1:
            place = state.mating.place
            return tuple(self._role_holder(setup, state, place, r) for r in (ALPHA, BETA))
        return self.prompt(setup, state).actors or setup.players

    def _check_location(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        card = move["card"]
        if card not in data_of(setup.game).locations:
            return refuse("AN-2", f"{card} is not a Location card")
        if card in state.places:
            return refuse("AN-2", f"{card} is already in play")
        return ACCEPTED

    def _check_flip(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        source = state.harem_deck or state.harem_discard
        if move["card"] not in source:
            left = ", ".join(sorted(set(source))) or "none"
            return refuse("AN-71", f"{move['card']} cannot be turned up: the Harem deck has {left}")
        return ACCEPTED

    def _check_travel(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        data = data_of(setup.game)
        choices: Mapping[str, Any] = move["to"]
        missing = [p for p in setup.players if p not in choices]
        if missing:
            return refuse("AN-10", f"every seal travels at once: add {_names(missing)}")
        for player, where in choices.items():
            if where != OCEAN and not 1 <= where <= len(state.places):
                return refuse(
                    "AN-10", f"{player}: no Location {where}; choose 1–{len(state.places)} or ocean"
                )
            seal = state.seal(setup, player)
            index = None if where == OCEAN else where - 1
            if (
                index is not None
                and index != seal.place
                and not data.free_arrival(state.places[index])
                and not seal.prey_count()
            ):
                return refuse(
                    "AN-13",
                    f"{player} has no Prey card, so may go to the Ocean but not to a Location",
                )
        return ACCEPTED

    def _check_pay(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        if move["seal"] not in state.payers:
            return refuse("AN-12", f"{move['seal']} owes no Prey card for Travelling")
        return self._check_shown(setup, state, move["seal"], move["card"], "AN-15")

    def _check_shown(
        self, setup: Setup, state: AnoNuevo, player: str, card: str, rule: str
    ) -> Verdict:
        if card not in data_of(setup.game).prey_copies:
            return refuse(rule, f"{card} is not a Prey card")
        hand = state.seal(setup, player).hand
        if not cards.can_show(state.prey, hand, card):
            if setup.digital:
                return refuse(rule, f"{player} does not hold {card}")
            return refuse("AN-66", f"{player} cannot hold {card}: every copy is accounted for")
        return ACCEPTED

    def _check_display(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        contest = state.contests[0]
        counts: Mapping[str, int] = move["counts"]
        if sorted(counts) != sorted(contest.seals):
            return refuse("AN-31", f"the posturers are {_names(contest.seals)}, each once")
        for player, n in counts.items():
            held = len(state.seal(setup, player).hand)
            if not 0 <= n <= held:
                return refuse("AN-31", f"{player} can display 0 to {held} Prey cards, not {n}")
        return ACCEPTED

    def _check_stand(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        contest = state.contests[0]
        if sorted(move["stays"]) != sorted(contest.seals):
            return refuse("AN-32", f"each posturer ({_names(contest.seals)}) stays or backs down")
        return ACCEPTED

    def _check_reveal(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        contest = state.contests[0]
        if move["seal"] not in contest.to_reveal():
            return refuse("AN-40", f"{move['seal']} has no displayed card left to reveal")
        return self._check_shown(setup, state, move["seal"], move["card"], "AN-40")

    def _check_bellow(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        tied = self.prompt(setup, state).actors
        if move["seal"] not in tied:
            return refuse("AN-43", f"only the tied players bellow: {_names(tied)}")
        return ACCEPTED

    def _check_hunt(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        return ACCEPTED

    def _check_draw(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        if move["seal"] != state.hunters[0]:
            return refuse("AN-45", f"{state.hunters[0]} draws now")
        source = state.prey.deck or state.prey.discard
        if move["card"] not in source:
            return refuse("AN-71", f"{move['card']} is not in the Prey deck")
        return ACCEPTED

    def _check_keep(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        if move["seal"] not in state.keepers:
            return refuse("AN-47", f"{move['seal']} has no Pool card to set aside now")
        if move["card"] not in state.seal(setup, move["seal"]).pool:
            return refuse("AN-47", f"{move['card']} is not in {move['seal']}'s Pool")
        return ACCEPTED

    def _check_mate(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        mating = state.mating
        assert mating is not None
        player = move["seal"]
        if player not in mating.discarders:
            seal = state.seal(setup, player)
            where = self._place(setup, mating.place)
            if seal.place != mating.place:
                now = "is in the Ocean" if seal.place is None else "is not on it"
                return refuse("AN-55", f"the seals on {where} mate now; {player} {now}")
            if not seal.hand:
                return refuse("AN-62", f"{player} has no Prey card, so discards nothing")
            return refuse("AN-55", f"{player} has already discarded a Prey card on {where}")
        return self._check_shown(setup, state, player, move["card"], "AN-55")

    def _check_take(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        assert state.mating is not None
        beach = state.beaches[state.mating.place]
        if move["card"] not in beach:
            here = ", ".join(beach) or "none"
            rule = "AN-56" if move["type"] == "take" else "AN-57"
            return refuse(rule, f"{move['card']} is not on this Location (it has {here})")
        return ACCEPTED

    _check_give = _check_take

    def _check_done(self, setup: Setup, state: AnoNuevo, move: Move) -> Verdict:
        mating = state.mating
        assert mating is not None
        alpha = self._role_holder(setup, state, mating.place, ALPHA)
        if mating.taker == 1 and move.get("player") == alpha:
            beta = self._role_holder(setup, state, mating.place, BETA)
            return refuse(
                "AN-57",
                f"{alpha} picks which Harem cards {beta} takes, not how many: "
                f"only {beta} may stop ({beta}: done)",
            )
        return ACCEPTED

    # --- applying ---------------------------------------------------------------------------
    def apply(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        applier: Callable[[Setup, AnoNuevo, Move], AnoNuevo] = getattr(
            self, f"_apply_{move['type']}"
        )
        return self._proceed(setup, applier(setup, state, move))

    def _apply_location(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        places = (*state.places, move["card"])
        return replace(state, places=places, beaches=(*state.beaches, ()))

    def _apply_flip(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        deck, discard = state.harem_deck, state.harem_discard
        if not deck:
            deck, discard = discard, ()
        place = state.fill if state.step == FILL else state.mating.place  # type: ignore[union-attr]
        beaches = _set(state.beaches, place, cards.pile((*state.beaches[place], move["card"])))
        state = replace(
            state,
            harem_deck=cards.without(deck, move["card"]),
            harem_discard=discard,
            beaches=beaches,
        )
        if state.mating is not None and state.step == MATE:
            state = replace(state, mating=replace(state.mating, flips=state.mating.flips - 1))
        return state

    def _apply_travel(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        data = data_of(setup.game)
        seals, payers, moved = list(state.seals), [], []
        prey = state.prey
        for i, player in enumerate(setup.players):
            where = move["to"][player]
            index = None if where == OCEAN else where - 1
            seal = seals[i]
            if index == seal.place:
                continue
            moved.append(player)
            if seal.place is None and index is not None:  # AN-48: leaving the Ocean
                prey = replace(prey, discard=cards.pile((*prey.discard, *seal.pool)))
                seal = replace(seal, hand=cards.pile((*seal.hand, *seal.aside)), aside=(), pool=())
            seals[i] = replace(seal, place=index, role=NONE)
            free = index is not None and data.free_arrival(state.places[index])
            if seal.hand and not free:
                payers.append(player)
        state = replace(
            state, seals=tuple(seals), prey=prey, payers=tuple(payers), moved=tuple(moved)
        )
        return replace(state, seals=self._departures(setup, state), step=PAY)

    def _departures(self, setup: Setup, state: AnoNuevo) -> tuple[Seal, ...]:
        seals = list(state.seals)
        for place in range(len(state.places)):
            stayers = {
                p: seals[i].role
                for i, p in enumerate(setup.players)
                if seals[i].place == place and p not in state.moved and seals[i].role
            }
            for player, role in posture.after_departures(stayers).items():
                i = setup.players.index(player)
                seals[i] = replace(seals[i], role=role)
        return tuple(seals)

    def _apply_pay(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        state = self._discard(setup, state, move["seal"], move["card"])
        payers = tuple(p for p in state.payers if p != move["seal"])
        return replace(state, payers=payers)

    def _discard(self, setup: Setup, state: AnoNuevo, player: str, card: str) -> AnoNuevo:
        seal = state.seal(setup, player)
        prey, hand = cards.show(state.prey, seal.hand, card)
        prey = replace(prey, discard=cards.pile((*prey.discard, card)))
        return replace(state, prey=prey).with_seal(setup, player, replace(seal, hand=hand))

    def _apply_display(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        contest = state.contests[0]
        shown = tuple(move["counts"][p] for p in contest.seals)
        return _set_contest(state, replace(contest, shown=shown))

    def _apply_stand(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        contest = state.contests[0]
        stays = tuple(p for p in contest.seals if move["stays"][p])
        if not stays:  # AN-33
            return _set_contest(state, replace(contest, shown=None))
        if len(stays) == 1:  # AN-34
            return self._settle(setup, state, contest, stays[0], None)
        fighters = replace(contest, fighters=stays, revealed=((),) * len(stays))  # AN-35
        return self._after_fight_step(setup, replace(state, fights=state.fights + 1), fighters)

    def _apply_reveal(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        contest = state.contests[0]
        state = self._discard(setup, state, move["seal"], move["card"])  # AN-42
        i = contest.fighters.index(move["seal"])
        revealed = _set(contest.revealed, i, (*contest.revealed[i], move["card"]))
        return self._after_fight_step(setup, state, replace(contest, revealed=revealed))

    def _apply_bellow(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        if state.step == TIE:
            return replace(state, bellow=move["seal"], step=OVER)
        contest = state.contests[0]
        contest = replace(contest, bellows=(*contest.bellows, move["seal"]))
        return self._after_fight_step(setup, state, contest)

    def _after_fight_step(self, setup: Setup, state: AnoNuevo, contest: Contest) -> AnoNuevo:
        if contest.to_reveal():
            return _set_contest(state, contest)
        order, tie = self._fight(setup, state, contest)
        if tie:
            return _set_contest(state, contest)
        second = order[1] if len(order) > 1 else None
        return self._settle(setup, state, contest, order[0], second)

    def _fight(
        self, setup: Setup, state: AnoNuevo, contest: Contest
    ) -> tuple[list[str], tuple[str, ...]]:
        """AN-41, AN-44: Fight totals, and the order and any tie they give."""
        totals = fight_totals(data_of(setup.game), state, contest)
        return posture.fight_order(contest, totals)

    def _settle(
        self, setup: Setup, state: AnoNuevo, contest: Contest, winner: str, second: str | None
    ) -> AnoNuevo:
        roles = {
            p: state.seal(setup, p).role
            for p in setup.players
            if state.seal(setup, p).place == contest.place
        }
        roles, again = posture.settle(roles, contest, winner, second)
        for player, role in roles.items():
            state = state.with_seal(setup, player, replace(state.seal(setup, player), role=role))
        rest = state.contests[1:]
        return replace(state, contests=((again,) if again else ()) + rest)

    def _apply_hunt(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        """Table mode: every seal in the Ocean hunts unseen (AN-45, AN-47)."""
        prey, seals = state.prey, list(state.seals)
        hunters = [i for i, s in enumerate(seals) if s.place is None]
        for i in hunters:
            if setup.variant != ADVANCED:
                prey, item = cards.draw(prey)
                if item is not None:
                    seals[i] = replace(seals[i], hand=cards.pile((*seals[i].hand, item)))
                continue
            if not seals[i].pool:
                prey, pool = _draw_pool(prey)
                seals[i] = replace(seals[i], pool=pool)
            if seals[i].pool:
                prey, item = cards.any_hidden(prey, seals[i].pool)
                seal = seals[i]
                aside = cards.pile((*seal.aside, item))
                seals[i] = replace(seal, pool=cards.without(seal.pool, item), aside=aside)
        if setup.variant == ADVANCED:
            seals = _pass_pools(seals, hunters)
        return replace(
            state, prey=prey, seals=tuple(seals), step=MATE, mating=None, hunters=(), keepers=()
        )

    def _apply_draw(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        prey, item = cards.draw(state.prey, move["card"])
        player = move["seal"]
        seal = state.seal(setup, player)
        if setup.variant == ADVANCED:
            seal = replace(seal, pool=cards.pile((*seal.pool, item)))  # type: ignore[arg-type]
            full = len(seal.pool) >= POOL
        else:
            seal = replace(seal, hand=cards.pile((*seal.hand, item)))  # type: ignore[arg-type]
            full = True
        state = replace(state, prey=prey).with_seal(setup, player, seal)
        if full:
            state = replace(state, hunters=state.hunters[1:])
        return state

    def _apply_keep(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        player = move["seal"]
        seal = state.seal(setup, player)
        seal = replace(
            seal,
            pool=cards.without(seal.pool, move["card"]),
            aside=cards.pile((*seal.aside, move["card"])),
        )
        state = state.with_seal(setup, player, seal)
        keepers = tuple(p for p in state.keepers if p != player)
        if keepers:
            return replace(state, keepers=keepers)
        hunters = [i for i, s in enumerate(state.seals) if s.place is None]
        seals = _pass_pools(list(state.seals), hunters)
        return replace(state, seals=tuple(seals), keepers=(), step=MATE, mating=None)

    def _apply_mate(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        mating = state.mating
        assert mating is not None
        player = move["seal"]
        role = state.seal(setup, player).role
        state = self._discard(setup, state, player, move["card"])
        food = data_of(setup.game).food[move["card"]]
        foods = (
            food if role == ALPHA else mating.food[0],
            food if role == BETA else mating.food[1],
        )
        discarders = tuple(p for p in mating.discarders if p != player)
        mating = replace(mating, discarders=discarders, food=foods)
        if not discarders:
            mating = replace(mating, taker=0, left=foods[0])
        return replace(state, mating=mating)

    def _apply_take(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        mating = state.mating
        assert mating is not None
        data = data_of(setup.game)
        card = move["card"]
        role = ALPHA if mating.taker == 0 else BETA
        player = self._role_holder(setup, state, mating.place, role)
        seal = state.seal(setup, player)
        seal = replace(seal, vp=seal.vp + data.vp[card], mated=cards.pile((*seal.mated, card)))
        beach = cards.without(state.beaches[mating.place], card)
        flips = data.refills(card, state.places[mating.place])  # AN-60
        state = replace(
            state,
            beaches=_set(state.beaches, mating.place, beach),
            harem_discard=cards.pile((*state.harem_discard, card)),
        ).with_seal(setup, player, seal)
        return replace(state, mating=replace(mating, left=mating.left - 1, flips=flips))

    _apply_give = _apply_take

    def _apply_done(self, setup: Setup, state: AnoNuevo, move: Move) -> AnoNuevo:
        assert state.mating is not None
        return replace(state, mating=replace(state.mating, left=0))

    # --- automatic steps --------------------------------------------------------------------
    def _proceed(self, setup: Setup, state: AnoNuevo) -> AnoNuevo:
        """Carry out every step that needs no entry, until someone must act."""
        while True:
            nxt = self._next(setup, state)
            if nxt is None:
                return state
            state = nxt

    def _next(self, setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
        data = data_of(setup.game)
        step = state.step
        if step == LOCATION and len(state.places) == len(setup.players) - 1:
            return self._begin_turn(setup, state)
        if step == FILL:
            return self._next_fill(setup, state, data)
        if step == PAY and not state.payers:
            return self._start_posture(setup, state)
        if step == POSTURE and not state.contests:
            return self._start_hunt(setup, state)
        if step == HUNT and setup.digital:
            return self._next_hunt(setup, state)
        if step == MATE:
            return self._next_mate(setup, state)
        return None

    def _begin_turn(self, setup: Setup, state: AnoNuevo) -> AnoNuevo:
        """AN-5, AN-6, AN-8."""
        data = data_of(setup.game)
        tracker = data.tracker_first if state.tracker == data.tracker_last else state.tracker + 1
        state = replace(state, turn=state.turn + 1, tracker=tracker, moved=(), mating=None)
        if tracker == data.tracker_first:
            on_beaches = [c for beach in state.beaches for c in beach]
            return replace(
                state,
                step=FILL,
                fill=0,
                dealt=True,
                beaches=tuple(() for _ in state.beaches),
                harem_discard=cards.pile((*state.harem_discard, *on_beaches)),
            )
        if state.dealt:
            return replace(state, step=TRAVEL)
        return self._start_hunt(setup, state)

    def _next_fill(self, setup: Setup, state: AnoNuevo, data: Data) -> AnoNuevo | None:
        if state.fill < len(state.places):
            full = len(state.beaches[state.fill]) >= data.capacity[state.places[state.fill]]
            if not full and (state.harem_deck or state.harem_discard):
                return None
            return replace(state, fill=state.fill + 1)
        return replace(state, step=TRAVEL)

    def _start_posture(self, setup: Setup, state: AnoNuevo) -> AnoNuevo:
        """AN-30: a Contest on each Location with several posturers; a lone one is Alpha."""
        contests = []
        for place in range(len(state.places)):
            roles = {
                p: state.seal(setup, p).role
                for p in setup.players
                if state.seal(setup, p).place == place
            }
            who = posture.posturers(roles, state.moved)
            if len(who) == 1:
                seal = state.seal(setup, who[0])
                state = state.with_seal(setup, who[0], replace(seal, role=ALPHA))
            elif len(who) > 1:
                defender = next((p for p, r in roles.items() if r == ALPHA), None)
                contests.append(Contest(place, 1, tuple(who), defender, BETA in roles.values()))
        return replace(state, step=POSTURE, contests=tuple(contests))

    def _start_hunt(self, setup: Setup, state: AnoNuevo) -> AnoNuevo:
        """AN-45, AN-47: who hunts; with advanced Hunting, hands in the Ocean are set aside."""
        seals = list(state.seals)
        ocean = tuple(p for p, s in zip(setup.players, seals, strict=True) if s.place is None)
        if setup.variant == ADVANCED:
            for i, seal in enumerate(seals):
                if seal.place is None and seal.hand:
                    seals[i] = replace(seal, hand=(), aside=cards.pile((*seal.aside, *seal.hand)))
        hunters, keepers = ocean, ()
        if setup.variant == ADVANCED:
            hunters = tuple(p for p in ocean if not state.seal(setup, p).pool)
            keepers = ocean
        return replace(state, step=HUNT, seals=tuple(seals), hunters=hunters, keepers=keepers)

    def _next_hunt(self, setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
        """Digital mode: skip draws when no Prey card is left; pass on once all have kept."""
        if state.hunters:
            if state.prey.deck or state.prey.discard:
                return None
            return replace(state, hunters=())
        keepers = tuple(p for p in state.keepers if state.seal(setup, p).pool)
        if keepers != state.keepers:
            return replace(state, keepers=keepers)
        if keepers:
            return None
        return replace(state, step=MATE, mating=None)

    def _next_mate(self, setup: Setup, state: AnoNuevo) -> AnoNuevo | None:
        mating = state.mating
        if mating is None:
            return self._start_mating(setup, state, 0)
        if mating.flips:
            if state.harem_deck or state.harem_discard:
                return None
            return replace(state, mating=replace(mating, flips=0))
        if mating.discarders:
            return None
        beach = state.beaches[mating.place]
        role = ALPHA if mating.taker == 0 else BETA
        holder = self._role_holder(setup, state, mating.place, role)
        if mating.left > 0 and beach and holder:
            return None
        if mating.taker == 0:  # AN-57: now the Beta
            return replace(state, mating=replace(mating, taker=1, left=mating.food[1]))
        return self._start_mating(setup, state, mating.place + 1)

    def _start_mating(self, setup: Setup, state: AnoNuevo, place: int) -> AnoNuevo:
        """AN-55: the next Location with seals; after the last, the end of the turn."""
        order = {ALPHA: 0, BETA: 1, BACHELOR: 2}
        while place < len(state.places):
            here = [p for p in setup.players if state.seal(setup, p).place == place]
            if here:
                here.sort(key=lambda p: order.get(state.seal(setup, p).role, 3))
                discarders = tuple(p for p in here if state.seal(setup, p).hand)
                return replace(state, mating=Mating(place, discarders))
            place += 1
        return self._end_turn(setup, state)

    def _end_turn(self, setup: Setup, state: AnoNuevo) -> AnoNuevo:
        """AN-50 … AN-53."""
        state = replace(state, mating=None)
        vps = {p: state.seal(setup, p).vp for p in setup.players}
        if not game_over(vps):
            return self._begin_turn(setup, state)
        state = replace(state, step=OVER)
        if self._outcome(setup, state).bellow:
            return replace(state, step=TIE)
        return state

    # --- helpers ----------------------------------------------------------------------------
    def _place(self, setup: Setup, index: int) -> str:
        return f"Location {index + 1}"

    def _role_holder(self, setup: Setup, state: AnoNuevo, place: int, role: str) -> str:
        for p in setup.players:
            seal = state.seal(setup, p)
            if seal.place == place and seal.role == role:
                return p
        return ""

    def _outcome(self, setup: Setup, state: AnoNuevo) -> Outcome:
        standings = {
            p: Standing(s.vp, s.role == ALPHA, s.prey_count())
            for p, s in zip(setup.players, state.seals, strict=True)
        }
        return outcome(standings, state.bellow)

    # --- lists ------------------------------------------------------------------------------
    def legal(self, setup: Setup, state: AnoNuevo) -> list[Move]:
        return legal_moves(self, setup, state)

    def random_move(self, setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
        return random_move(self, setup, state, rng)

    def chance(self, setup: Setup, state: AnoNuevo, rng: random.Random) -> Move:
        return draw_chance(self, setup, state, rng)

    def forced(self, setup: Setup, state: AnoNuevo) -> Move | None:
        if state.step == HUNT and not setup.digital:
            return {"type": "hunt"}
        return None

    # --- scores and pictures ----------------------------------------------------------------
    def score(self, setup: Setup, state: AnoNuevo) -> ScoreSheet:
        data = data_of(setup.game)
        names = data.harem_names
        points = {
            p: {names[c]: 0 for c in data.vp} | _by_kind(seal.mated, data)
            for p, seal in zip(setup.players, state.seals, strict=True)
        }
        result = self._outcome(setup, state)
        notes = tuple(
            f"{p}: {s.vp} VP, {s.role or 'in the Ocean'}, {counted(s.prey_count(), 'Prey card')}"
            for p, s in zip(setup.players, state.seals, strict=True)
        )
        return ScoreSheet(
            tuple(names[c] for c in data.vp),
            points,
            result.winners,
            result.tiebreak,
            notes,
            tied=result.bellow,
        )

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        data = data_of(setup.game)
        return 0, most_vp(data.food, data.vp)

    def stats(self, setup: Setup, state: AnoNuevo) -> Mapping[str, float]:
        return {"turns": state.turn, "fights": state.fights}

    def census(self, setup: Setup, state: AnoNuevo) -> Counter[str]:
        found: Counter[str] = state.prey.census()
        for items in (state.prey.deck, state.prey.discard, state.harem_deck, state.harem_discard):
            found.update(i for i in items if not cards.hidden(i))
        for seal in state.seals:
            found.update(i for i in (*seal.hand, *seal.aside, *seal.pool) if not cards.hidden(i))
        for beach in state.beaches:
            found.update(beach)
        return found

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


def _by_kind(mated: Items, data: Data) -> dict[str, int]:
    found: Counter[str] = Counter()
    for card in mated:
        found[data.harem_names[card]] += data.vp[card]
    return dict(found)


def _draw_pool(prey: PreyCards) -> tuple[PreyCards, Items]:
    """AN-47: a new Pool of up to five unseen cards."""
    pool: list[str] = []
    while len(pool) < POOL:
        prey, item = cards.draw(prey)
        if item is None:
            break
        pool.append(item)
    return prey, cards.pile(pool)


def _pass_pools(seals: list[Seal], hunters: list[int]) -> list[Seal]:
    """AN-47: each hunter's remaining Pool goes to the next hunter on the left (seat order)."""
    if len(hunters) < 2:
        return seals
    pools = [seals[i].pool for i in hunters]
    for k, i in enumerate(hunters):
        seals[i] = replace(seals[i], pool=pools[k - 1])
    return seals


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _set_contest(state: AnoNuevo, contest: Contest) -> AnoNuevo:
    return replace(state, contests=(contest, *state.contests[1:]))


def _names(players: tuple[str, ...] | list[str]) -> str:
    return ", ".join(players)


_PAIR_KEY = {"travel": "to", "display": "counts", "stand": "stays"}


def _pair_text(kind: str, value: Any) -> str:
    if kind == "stand":
        return "stay" if value else "back"
    return str(value)


RULES = AnoNuevoRules()
