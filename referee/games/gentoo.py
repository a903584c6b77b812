"""Gentoo (Dave Dobson, 2010): a deck-builder of penguin procreation, refereed.

The module follows the rulebook: the setup, then each turn's Phase I (Common Area: draw, choose,
discard) and Phase II (Personal Area: flip, play or hatch, move to used), until a player has five
penguins. Rule IDs (GE-n) refer to rules-index/gentoo.md. Piles whose order is hidden are pools
(gentoo_table.Pool); each card turned face up is a chance move `flip CARD`, checked against the
pile it comes from.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.referee.games import gentoo_syntax
from pnpkit.referee.games.gentoo_cards import (
    PENGUINS_TO_WIN,
    STONES_AT_START,
    apply_hatch,
    apply_peck,
    apply_play,
    available,
    check_hatch,
    check_peck,
    check_play,
    pecks,
    play_moves,
    steal,
)
from pnpkit.referee.games.gentoo_policy import sensible_move
from pnpkit.referee.games.gentoo_position import score_position
from pnpkit.referee.games.gentoo_svg import draw_table
from pnpkit.referee.games.gentoo_table import (
    CHOOSE,
    DISCARD,
    DRAW,
    FIRST,
    FLIP,
    OVER,
    PECK,
    PLAY,
    SETUP,
    Catalog,
    Player,
    Pool,
    Table,
    without,
)
from pnpkit.referee.games.gentoo_zones import gentoo_zones
from pnpkit.referee.moves import Move
from pnpkit.referee.rules import Prompt, Rules, ScoreSheet, Setup, Syntax
from pnpkit.referee.verdict import ACCEPTED, Verdict, refuse
from pnpkit.wording import counted

SNOW_PER_PLAYER = 6
CARDS_IN_PLAY_AT_START = 3
FISH_AT_START = 5
CHOICE_CARDS = 4
CARDS_IN_PLAY_KEPT = 3

STEP_RULE = {
    SETUP: "GE-3",
    FIRST: "GE-8",
    DRAW: "GE-10",
    CHOOSE: "GE-12",
    DISCARD: "GE-17",
    FLIP: "GE-18",
    PLAY: "GE-20",
    PECK: "GE-31",
    OVER: "GE-24",
}
MOVE_STEPS = {
    "flip": (SETUP, DRAW, FLIP),
    "first": (FIRST,),
    "choose": (CHOOSE,),
    "discard": (DISCARD,),
    "play": (PLAY, PECK),
    "hatch": (PLAY,),
    "used": (PLAY,),
    "pass": (CHOOSE, PLAY),
    "allow": (PECK,),
}


class Gentoo(Rules):
    """The rules of Gentoo."""

    id = "gentoo"
    contract = "1.1"
    index = "rules-index/gentoo.md"
    version = "1"
    variants: ClassVar[Mapping[str, str]] = {
        "standard": "the rules as printed, with the readings of its rules index"
    }
    syntax_rule = "GE-53"
    syntax = (
        Syntax("flip CARD", "the card turned face up (Choice Card or your Player Pile)", "GE-36"),
        Syntax("first NAME", "the player who goes first", "GE-8"),
        Syntax("choose CARD", "Phase I: take a Choice Card into your Used Pile", "GE-12"),
        Syntax("choose EGG site", "… an Egg, with a Good Nesting Site in play", "GE-15"),
        Syntax("discard CARD", "Phase I: discard a Choice Card down to four", "GE-17"),
        Syntax(
            "play CARD", "Phase II: play a Card in Play (Blizzard, Gone Fishing, Thaw)", "GE-20"
        ),
        Syntax("play GE-THF NAME", "Stone Thief: take a nesting stone from NAME", "GE-28"),
        Syntax("play GE-SEA NAME", "Leopard Seal: NAME loses a penguin", "GE-30"),
        Syntax("play GE-SKU EGG choice", "Skua: discard an Egg among the Choice Cards", "GE-27"),
        Syntax("play GE-SKU EGG NAME", "Skua: discard an Egg in NAME's Cards in Play", "GE-27"),
        Syntax("play GE-SKU EGG NAME used", "Skua: the Egg on top of NAME's Used Pile", "GE-27"),
        Syntax("hatch EGG NAME", "hatch with a Hatch, giving NAME a nesting stone", "GE-21"),
        Syntax("hatch EGG", "hatch when you have no nesting stone to give", "GE-22"),
        Syntax("used CARD", "Phase II: move a Card in Play to your Used Pile", "GE-23"),
        Syntax("pass", "choose nothing; or end the turn with three or fewer in play", "GE-12"),
        Syntax("NAME: play GE-PCK", "out of turn: a Vicious Peck blocks the Stone Thief", "GE-31"),
        Syntax("allow", "let the Stone Thief take the stone", "GE-31"),
    )

    # --- setup ------------------------------------------------------------------------------
    def check_setup(
        self, game: Game, variant: str, players: Sequence[str], options: Mapping[str, str]
    ) -> None:
        """Refuse an impossible player count or a name the move syntax cannot tell apart."""
        super().check_setup(game, variant, players, options)
        for name in players:
            if name.strip().lower() in gentoo_syntax.KEYWORDS:
                raise PnpError(f"{name!r} cannot be a Gentoo player's name: moves use that word")

    def initial(self, setup: Setup) -> Table:
        """Setup steps 1–7: Player Piles of six Snow, three flipped; stones and fish handed out.

        The Choice Cards are turned over next, one `flip` at a time (GE-3).
        """
        catalog = Catalog.of(setup.game)
        snow, n = catalog.snow, len(setup.players)
        player = Player(
            pile=Pool.of({snow: SNOW_PER_PLAYER - CARDS_IN_PLAY_AT_START}),
            in_play=(snow,) * CARDS_IN_PLAY_AT_START,
            used=(),
            stones=STONES_AT_START,
            fish=FISH_AT_START,
        )
        rest = {c.id: c.count for c in catalog.cards.values() if c.id != snow}
        return Table(
            players=(player,) * n,
            draw_pile=Pool.of(rest),
            choice=(),
            discard=(),
            box=Pool.of({snow: catalog.cards[snow].count - SNOW_PER_PLAYER * n}),
            stones_left=catalog.token("nesting-stone").count - STONES_AT_START * n,
            penguin_supply=catalog.token("penguin").count,
            fish_supply=catalog.token("fish").count - FISH_AT_START * n,
        )

    # --- what now ---------------------------------------------------------------------------
    def prompt(self, setup: Setup, state: Table) -> Prompt:
        """Who must do what now."""
        names = setup.players
        who = names[state.turn]
        step = state.step
        if step == OVER:
            return Prompt("over", (), f"{names[state.winner or 0]} has five penguins and wins")
        if step == SETUP:
            k = len(state.choice) + 1
            return Prompt("chance", (), f"turn over Choice Card {k} of {CHOICE_CARDS}: flip CARD")
        if step == FIRST:
            return Prompt("move", tuple(names), "all: who goes first? (first NAME)")
        if step == DRAW:
            return Prompt("chance", (who,), f"{who}: draw a Choice Card (flip CARD)")
        if step == FLIP:
            return Prompt("chance", (who,), f"{who}: flip your Player Pile's top card (flip CARD)")
        if step == PECK:
            victim = names[state.victim or 0]
            return Prompt(
                "move",
                (victim,),
                f"{victim}: {who}'s Stone Thief takes a stone — play a Vicious Peck or allow",
            )
        return Prompt("move", (who,), f"{who}: {_step_text(state)}")

    def forced(self, setup: Setup, state: Table) -> Move | None:
        """The reshuffles the rules make when a pile runs out (GE-11, GE-19)."""
        if state.step == DRAW and not state.draw_pile and state.discard:
            return {"type": "reshuffle", "pile": "discard"}
        if state.step == FLIP and not state.current.pile and state.current.used:
            return {"type": "reshuffle", "pile": "used"}
        return None

    # --- text -------------------------------------------------------------------------------
    def parse(self, setup: Setup, state: Table, text: str) -> Move:
        """The move typed (see gentoo_syntax)."""
        return gentoo_syntax.parse(text, Catalog.of(setup.game), setup.players)

    def text(self, setup: Setup, move: Move) -> str:
        """The move's one-line form."""
        return gentoo_syntax.text(move)

    # --- checking ---------------------------------------------------------------------------
    def check(self, setup: Setup, state: Table, move: Move) -> Verdict:
        """Whether the move may be made now; a refusal says why and cites the rule."""
        if state.step == OVER:
            winner = setup.players[state.winner or 0]
            return refuse("GE-24", f"the game is over: {winner} has five penguins")
        if not gentoo_syntax.well_formed(move, Catalog.of(setup.game), setup.players):
            return refuse("", f"not a Gentoo move as the referee writes one: {move!r}")
        kind = move.get("type")
        verdict = self._check_actor(setup, state, move)
        if not verdict.ok:
            return verdict
        if kind == "reshuffle":
            return self._check_reshuffle(setup, state, move)
        if state.step not in MOVE_STEPS.get(kind, ()):
            return refuse(STEP_RULE[state.step], f"not now: {self.prompt(setup, state).text}")
        return getattr(self, f"_check_{kind}")(setup, state, move)

    def _check_actor(self, setup: Setup, state: Table, move: Move) -> Verdict:
        actors = self.prompt(setup, state).actors
        player = move.get("player")
        if player is None or not actors or player in actors:
            return ACCEPTED
        if move.get("type") == "play" and Catalog.of(setup.game).kind(move["card"]) == (
            "vicious-peck"
        ):
            return refuse(
                "GE-42", "a Vicious Peck is played only to block a Stone Thief aimed at you"
            )
        return refuse("GE-35", f"it is {' or '.join(actors)}'s move, not {player}'s")

    def _check_flip(self, setup: Setup, state: Table, move: Move) -> Verdict:
        if self.forced(setup, state) is not None:
            return refuse("GE-11", "the pile is empty: it must be reshuffled first")
        card, catalog = move["card"], Catalog.of(setup.game)
        pile = state.current.pile if state.step == FLIP else state.draw_pile
        if pile.count(card):
            return ACCEPTED
        where = "your Player Pile" if state.step == FLIP else "the Draw Pile"
        return refuse(
            "GE-36", f"{where} cannot hold another {card} {catalog.name(card)}: {_pool_text(pile)}"
        )

    def _check_first(self, setup: Setup, state: Table, move: Move) -> Verdict:
        return ACCEPTED

    def _check_choose(self, setup: Setup, state: Table, move: Move) -> Verdict:
        catalog, card, player = Catalog.of(setup.game), move["card"], state.current
        if card not in state.choice:
            return refuse("GE-12", f"{card} {catalog.name(card)} is not among the Choice Cards")
        if player.fish < catalog.cost(card):
            return refuse(
                "GE-13",
                f"{catalog.name(card)} costs {catalog.cost(card)} fish and you have {player.fish}",
            )
        site = bool(move.get("site"))
        if site and catalog.kind(card) != "egg":
            return refuse("GE-15", "a Good Nesting Site only helps when you choose an Egg")
        if site and not _site(state, catalog):
            return refuse("GE-15", "you have no Good Nesting Site in your Cards in Play")
        need = catalog.stones(card) - int(site)
        if player.stones < need:
            with_site = " even with a Good Nesting Site" if site else ""
            return refuse(
                "GE-15" if site else "GE-14",
                f"{catalog.name(card)} needs {need} nesting stones{with_site}; "
                f"you have {player.stones}",
            )
        return ACCEPTED

    def _check_discard(self, setup: Setup, state: Table, move: Move) -> Verdict:
        if move["card"] in state.choice:
            return ACCEPTED
        return refuse("GE-17", f"{move['card']} is not among the Choice Cards")

    def _check_play(self, setup: Setup, state: Table, move: Move) -> Verdict:
        catalog = Catalog.of(setup.game)
        if state.step == PECK:
            return check_peck(state, move, catalog, setup.players)
        return check_play(state, move, catalog, setup.players)

    def _check_hatch(self, setup: Setup, state: Table, move: Move) -> Verdict:
        return check_hatch(state, move, Catalog.of(setup.game), setup.players)

    def _check_used(self, setup: Setup, state: Table, move: Move) -> Verdict:
        catalog, card = Catalog.of(setup.game), move["card"]
        if card not in state.current.in_play:
            return refuse("GE-23", f"you have no {card} {catalog.name(card)} in your Cards in Play")
        if len(state.current.in_play) <= CARDS_IN_PLAY_KEPT:
            return refuse(
                "GE-23", "a card moves to your Used Pile only when you have more than three in play"
            )
        return ACCEPTED

    def _check_pass(self, setup: Setup, state: Table, move: Move) -> Verdict:
        if state.step == PLAY and len(state.current.in_play) > CARDS_IN_PLAY_KEPT:
            return refuse(
                "GE-47",
                "with more than three Cards in Play you must play a card or move one to your "
                "Used Pile (used CARD)",
            )
        return ACCEPTED

    def _check_allow(self, setup: Setup, state: Table, move: Move) -> Verdict:
        return ACCEPTED

    def _check_reshuffle(self, setup: Setup, state: Table, move: Move) -> Verdict:
        if self.forced(setup, state) == {"type": "reshuffle", "pile": move["pile"]}:
            return ACCEPTED
        rule = "GE-19" if move["pile"] == "used" else "GE-11"
        return refuse(rule, "the referee reshuffles by itself, and only when that pile runs out")

    # --- applying ---------------------------------------------------------------------------
    def apply(self, setup: Setup, state: Table, move: Move) -> Table:
        """The table after the move."""
        return _settle(getattr(self, f"_apply_{move['type']}")(setup, state, move))

    def _apply_flip(self, setup: Setup, state: Table, move: Move) -> Table:
        card = move["card"]
        if state.step != FLIP:
            return replace(
                state, draw_pile=state.draw_pile.take(card), choice=(*state.choice, card)
            )
        barred = card if state.reshuffled and card == state.chosen else None
        player = state.current
        state = state.with_player(
            state.turn, pile=player.pile.take(card), in_play=(*player.in_play, card)
        )
        return replace(state, barred=barred, step=PLAY)

    def _apply_first(self, setup: Setup, state: Table, move: Move) -> Table:
        seat = setup.players.index(move["name"])
        return replace(state, first=seat, turn=seat, turns=1, step=DRAW)

    def _apply_choose(self, setup: Setup, state: Table, move: Move) -> Table:
        catalog, card = Catalog.of(setup.game), move["card"]
        cost, player = catalog.cost(card), state.current
        in_play, discard = player.in_play, state.discard
        if move.get("site"):
            site = _site(state, catalog) or ""
            in_play, discard = without(in_play, site), (*discard, site)
        state = state.with_player(
            state.turn, fish=player.fish - cost, used=(*player.used, card), in_play=in_play
        )
        return replace(
            state,
            choice=without(state.choice, card),
            discard=discard,
            fish_supply=state.fish_supply + cost,
            chosen=card,
            step=DISCARD,
        )

    def _apply_discard(self, setup: Setup, state: Table, move: Move) -> Table:
        card = move["card"]
        return replace(
            state, choice=without(state.choice, card), discard=(*state.discard, card), step=FLIP
        )

    def _apply_play(self, setup: Setup, state: Table, move: Move) -> Table:
        if state.step == PECK:
            return _end_turn(apply_peck(state, move))
        state = apply_play(state, move, Catalog.of(setup.game), setup.players)
        return state if state.step == PECK else _end_turn(state)

    def _apply_hatch(self, setup: Setup, state: Table, move: Move) -> Table:
        state = apply_hatch(state, move, Catalog.of(setup.game), setup.players)
        return state if state.step == OVER else _end_turn(state)

    def _apply_used(self, setup: Setup, state: Table, move: Move) -> Table:
        card, player = move["card"], state.current
        state = state.with_player(
            state.turn, in_play=without(player.in_play, card), used=(*player.used, card)
        )
        return _end_turn(state)

    def _apply_pass(self, setup: Setup, state: Table, move: Move) -> Table:
        return replace(state, step=DISCARD) if state.step == CHOOSE else _end_turn(state)

    def _apply_allow(self, setup: Setup, state: Table, move: Move) -> Table:
        return _end_turn(steal(state, state.victim or 0))

    def _apply_reshuffle(self, setup: Setup, state: Table, move: Move) -> Table:
        if move["pile"] == "discard":
            return replace(state, draw_pile=Pool.of(state.discard), discard=())
        player = state.current
        state = state.with_player(
            state.turn, pile=Pool.of(player.used), used=(), fish=FISH_AT_START
        )
        refill = FISH_AT_START - player.fish
        return replace(state, fish_supply=state.fish_supply - refill, reshuffled=True)

    # --- listing ----------------------------------------------------------------------------
    def legal(self, setup: Setup, state: Table) -> list[Move]:
        """Every move that may be entered now; for a card turned over, every card it may be."""
        if self.forced(setup, state) is not None:
            return []
        step, catalog, names = state.step, Catalog.of(setup.game), setup.players
        if step in (SETUP, DRAW):
            return [{"type": "flip", "card": c} for c in state.draw_pile.ids()]
        if step == FLIP:
            return [{"type": "flip", "card": c} for c in state.current.pile.ids()]
        if step == FIRST:
            return [{"type": "first", "name": n} for n in names]
        if step == CHOOSE:
            return [{"type": "pass"}, *self._choices(setup, state)]
        if step == DISCARD:
            return [{"type": "discard", "card": c} for c in sorted(set(state.choice))]
        if step == PECK:
            cards = pecks(state, state.victim or 0, catalog)
            return [{"type": "allow"}, *({"type": "play", "card": c} for c in cards)]
        if step == PLAY:
            return [*play_moves(state, catalog, names), *self._endings(state)]
        return []

    def _choices(self, setup: Setup, state: Table) -> list[Move]:
        moves: list[Move] = []
        for card in sorted(set(state.choice)):
            moves += [
                {"type": "choose", "card": card},
                {"type": "choose", "card": card, "site": True},
            ]
        return [m for m in moves if self._check_choose(setup, state, m).ok]

    def _endings(self, state: Table) -> list[Move]:
        if len(state.current.in_play) <= CARDS_IN_PLAY_KEPT:
            return [{"type": "pass"}]
        return [{"type": "used", "card": c} for c in sorted(set(state.current.in_play))]

    def chance(self, setup: Setup, state: Table, rng: random.Random) -> Move:
        """Digital mode: the card turned over, each copy in the pile equally likely."""
        pile = state.current.pile if state.step == FLIP else state.draw_pile
        return {"type": "flip", "card": pile.draw(rng)}

    def random_move(self, setup: Setup, state: Table, rng: random.Random) -> Move:
        """A simulated player's move (gentoo_policy); cards turned over weighted by copies."""
        if self.prompt(setup, state).kind == "chance":
            return self.chance(setup, state, rng)
        moves = self.legal(setup, state)
        me = setup.players[state.turn]
        return sensible_move(state, moves, Catalog.of(setup.game), me, rng)

    # --- counting ---------------------------------------------------------------------------
    def census(self, setup: Setup, state: Table) -> Counter[str]:
        """Every card and token, wherever it is."""
        catalog = Catalog.of(setup.game)
        cards = state.draw_pile.counter() + state.box.counter()
        cards.update(state.choice)
        cards.update(state.discard)
        for player in state.players:
            cards += player.pile.counter()
            cards.update(player.in_play)
            cards.update(player.used)
        tokens = {
            "nesting-stone": state.stones_left + sum(p.stones for p in state.players),
            "penguin": state.penguin_supply + sum(p.penguins for p in state.players),
            "fish": state.fish_supply + sum(p.fish for p in state.players),
        }
        for icon, count in tokens.items():
            cards[catalog.token(icon).id] += count
        return cards

    def score(self, setup: Setup, state: Table) -> ScoreSheet:
        """Penguins per player; the winner is the first to five (GE-24)."""
        points = {
            name: {"penguins": p.penguins}
            for name, p in zip(setup.players, state.players, strict=True)
        }
        winners = () if state.winner is None else (setup.players[state.winner],)
        return ScoreSheet(("penguins",), points, winners, "the first player to five penguins wins")

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        """A player holds 0 to 5 penguins."""
        return (0, PENGUINS_TO_WIN)

    def stats(self, setup: Setup, state: Table) -> Mapping[str, float]:
        """Game length and whether the first player won (first-player advantage)."""
        n = len(setup.players)
        first_won = float(state.winner is not None and state.winner == state.first)
        return {
            "turns": state.turns,
            "rounds": state.turns / n,
            "first player won": first_won,
            "first player edge": first_won - 1 / n,
            "penguins held at the end": sum(p.penguins for p in state.players),
        }

    def score_position(self, game: Game, text: str, source: str) -> ScoreSheet:
        """The winner of a finished, unrecorded game from each player's penguins (GE-49)."""
        return score_position(game, text, source)

    # --- showing ----------------------------------------------------------------------------
    def describe(self, setup: Setup, state: Table) -> str:
        """The table as plain text."""
        catalog, names = Catalog.of(setup.game), setup.players
        way = "seat order" if state.direction > 0 else "reverse seat order (Blizzard)"
        lines = [
            f"Gentoo — turn {state.turns} · play goes in {way}",
            "Choice Cards: " + (_cards_text(state.choice, catalog) or "none"),
            f"Draw Pile: {len(state.draw_pile)} face down · Discard Pile: {len(state.discard)}"
            + (f" (top {catalog.name(state.discard[-1])})" if state.discard else ""),
        ]
        for seat, (name, player) in enumerate(zip(names, state.players, strict=True)):
            lines += _player_lines(state, seat, name, player, catalog)
        return "\n".join(lines)

    def view(self, setup: Setup, state: Table, player: str) -> str:
        """Every player sees the whole table: what is face down is hidden from all alike."""
        return self.describe(setup, state)

    def svg(self, setup: Setup, state: Table, face: Any) -> str:
        """The table as SVG."""
        return draw_table(setup, state, self.table(setup, state, ""), face, Catalog.of(setup.game))

    def zones(self, setup: Setup, state: Table, viewer: str | None) -> dict[str, Any]:
        return gentoo_zones(setup, state)


def _step_text(state: Table) -> str:
    if state.step == CHOOSE:
        return "choose a Choice Card (choose CARD [site]) or pass"
    if state.step == DISCARD:
        return "discard a Choice Card down to four (discard CARD)"
    if len(state.current.in_play) > CARDS_IN_PLAY_KEPT:
        return "play a card, hatch, or move a card to your Used Pile (used CARD)"
    return "play a card, hatch, or pass"


def _site(state: Table, catalog: Catalog) -> str | None:
    sites = catalog.of_kind("good-nesting-site")
    return next((c for c in sites if available(state, state.turn, c)), None)


def _settle(state: Table) -> Table:
    """Skip the steps that have nothing to do (GE-43, GE-44)."""
    while True:
        step = _skip(state)
        if step is None:
            return state
        state = replace(state, step=step)


def _skip(state: Table) -> str | None:
    empty = not state.draw_pile and not state.discard
    if state.step == SETUP and (len(state.choice) >= CHOICE_CARDS or empty):
        return FIRST
    if state.step == DRAW and (len(state.choice) > CHOICE_CARDS or empty):
        return CHOOSE
    if state.step == DISCARD and len(state.choice) <= CHOICE_CARDS:
        return FLIP
    if state.step == FLIP and not state.current.pile and not state.current.used:
        return PLAY
    return None


def _end_turn(state: Table) -> Table:
    """Play proceeds to the next player; one who has gone fishing loses that turn (GE-33)."""
    n = len(state.players)
    seat = (state.turn + state.direction) % n
    lost = None
    if seat == state.fishing:
        lost, seat = seat, (seat + state.direction) % n
    return replace(
        state,
        turn=seat,
        step=DRAW,
        turns=state.turns + 1,
        chosen=None,
        reshuffled=False,
        barred=None,
        victim=None,
        fishing=None,
        lost=lost,
    )


def _cards_text(cards: Sequence[str], catalog: Catalog) -> str:
    return ", ".join(f"{c} {catalog.name(c)}" for c in cards)


def _pool_text(pile: Pool) -> str:
    held = ", ".join(f"{c}×{n}" for c, n in pile.items)
    return f"it holds {held}" if held else "it is empty"


def _player_lines(
    state: Table, seat: int, name: str, player: Player, catalog: Catalog
) -> list[str]:
    marks = " ◀ to play" if seat == state.turn and state.step != OVER else ""
    if state.lost == seat:
        marks += " (lost this turn: gone fishing)"
    top = f" (top {catalog.name(player.used[-1])})" if player.used else ""
    return [
        f"{name}: {counted(player.penguins, 'penguin')} · "
        f"{counted(player.stones, 'nesting stone')} · "
        f"{player.fish} fish{marks}",
        "  Cards in Play: " + (_cards_text(player.in_play, catalog) or "none"),
        f"  Player Pile: {len(player.pile)} face down · Used Pile: {len(player.used)}{top}",
    ]


RULES = Gentoo()
