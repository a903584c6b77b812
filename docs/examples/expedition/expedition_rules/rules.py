"""Expedition, written with the rules kit: the table's blocks, a turn's steps, each move declared
once. Rule IDs (EX-…) are those of rules.md beside this module."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.referee.api import (
    ACCEPTED,
    Deck,
    Flow,
    Hand,
    KitRules,
    Move,
    Moves,
    Pile,
    ScoreSheet,
    Setup,
    Step,
    Table,
    Turn,
    Verdict,
    highest_total,
    one_of,
    refuse,
    reveal,
)

SITES = ("desert", "sea", "jungle", "volcano", "glacier")
HAND = 8
PILE = one_of("PILE", "deck", *SITES)
MOVES = Moves(syntax_rule="EX-11", not_now_rule="EX-4", turn_rule="EX-4", over_rule="EX-9")


@dataclass(frozen=True)
class State:
    """The table's blocks, whose turn and step, and the site discarded to this turn (EX-7)."""

    table: Table
    turn: Turn
    discarded: str = ""


def value(setup: Setup, card: str) -> int:
    return setup.game.component(card).fields["value"]


def mine(setup: Setup, state: State, what: str) -> str:
    """The name of a block of the player whose turn it is: `mine(…, "hand")` → "Ann's hand"."""
    return f"{setup.players[state.turn.seat]}'s {what}"


def row(setup: Setup, state: State, card: str) -> str:
    """The row the player whose turn it is lays `card` in."""
    return mine(setup, state, setup.game.component(card).fields["site"])


# --- lay or discard a card (EX-5, EX-6) ----------------------------------------------------------
def in_hand(setup: Setup, state: State, move: Move) -> Verdict:
    if state.table[mine(setup, state, "hand")].could_hold(move["card"], state.table["deck"]):
        return ACCEPTED
    return refuse("EX-5", f"{move['card']} is not in your hand")


def can_lay(setup: Setup, state: State, move: Move) -> Verdict:
    card, last = move["card"], state.table[row(setup, state, move["card"])].top
    if last is not None and 0 < value(setup, last) >= value(setup, card):
        return refuse("EX-5", f"a card laid on {last} must be higher than it")
    if last is not None and value(setup, card) == 0 < value(setup, last):
        return refuse("EX-5", "wagers come before the first value of a row")
    return in_hand(setup, state, move)


def played(setup: Setup, state: State, card: str, onto: str) -> Table:
    """The table after `card` went from the hand of the player whose turn it is onto `onto`."""
    hand, deck = reveal(state.table[mine(setup, state, "hand")], state.table["deck"], card)
    table = state.table.put(mine(setup, state, "hand"), hand).put("deck", deck)
    return table.put(onto, table[onto].put(card))


def in_my_hand(setup: Setup, state: State) -> list[dict[str, str]]:
    hand, deck = state.table[mine(setup, state, "hand")], state.table["deck"]
    return [{"card": c} for c in sorted(set(hand.known) | set(deck.unseen if hand.unknown else ()))]


@MOVES.form("lay CARD", "EX-5", "play", check=can_lay, options=in_my_hand)
def lay(setup: Setup, state: State, move: Move) -> State:
    """Lay a card in your row of its site."""
    return State(
        played(setup, state, move["card"], row(setup, state, move["card"])), state.turn.to("draw")
    )


@MOVES.form("discard CARD", "EX-6", "play", check=in_hand, options=in_my_hand)
def discard(setup: Setup, state: State, move: Move) -> State:
    """Discard a card onto its site's pile."""
    site = setup.game.component(move["card"]).fields["site"]
    return State(played(setup, state, move["card"], site), state.turn.to("draw"), site)


# --- draw a card (EX-7, EX-8, EX-9) --------------------------------------------------------------
def can_draw(setup: Setup, state: State, move: Move) -> Verdict:
    if move["pile"] == state.discarded:
        return refuse("EX-7", f"you discarded to the {move['pile']} pile this turn")
    if move["pile"] != "deck" and not state.table[move["pile"]].cards:
        return refuse("EX-7", f"the {move['pile']} discard pile is empty")
    return ACCEPTED


@MOVES.form("draw PILE", "EX-7", "draw", check=can_draw, words={"PILE": PILE})
def draw(setup: Setup, state: State, move: Move) -> State:
    """Take the top card of the deck or of a discard pile."""
    table, hand, pile = state.table, mine(setup, state, "hand"), move["pile"]
    if pile == "deck" and setup.digital:
        return State(table, state.turn.to("deal"))  # the referee deals it: a chance step
    if pile == "deck":
        table = table.put(hand, table[hand].add_unknown()).put("deck", table["deck"].draw_unseen())
    else:
        card, rest = table[pile].take()
        table = table.put(hand, table[hand].add(card)).put(pile, rest)
    return next_turn(setup, table, state.turn)


def in_deck(setup: Setup, state: State) -> list[dict[str, str]]:
    return [{"card": card} for card in state.table["deck"].kinds()]


@MOVES.form("deal CARD", "EX-8", "deal", options=in_deck, hidden="a card is dealt")
def deal(setup: Setup, state: State, move: Move) -> State:
    """Deal the card the deck gave.

    At the start the hands are dealt in turn, then each card goes to the player who drew."""
    table, card = state.table, move["card"]
    hands = [f"{p}'s hand" for p in setup.players]
    hand = (
        mine(setup, state, "hand") if state.turn.number else min(hands, key=lambda h: len(table[h]))
    )
    table = table.put(hand, table[hand].add(card)).put("deck", table["deck"].take(card))
    if state.turn.number:
        return next_turn(setup, table, state.turn)
    return State(table, Turn(0, "play", 1) if len(table[hands[-1]]) == HAND else state.turn)


def next_turn(setup: Setup, table: Table, turn: Turn) -> State:
    """The next player's turn, or the end once the deck is empty (EX-9)."""
    return State(
        table, turn.next(len(setup.players), "play") if len(table["deck"]) else turn.over()
    )


class ExpeditionRules(KitRules):
    id = "expedition"
    contract = "2.0"
    index = "rules.md"
    moves = MOVES
    flow = Flow(
        (
            Step("deal", "chance", "deal a card from the deck (deal CARD)", draws="deck"),
            Step("play", "move", "{player}: lay a card in your row or discard it"),
            Step("draw", "move", "{player}: draw from the deck or a discard pile"),
        )
    )

    def initial(self, setup: Setup) -> State:
        """EX-2: in digital play the hands are dealt (chance steps); at the table, unknown."""
        cards = [c.id for c in setup.game.components() for _ in range(c.count)]
        held = 0 if setup.digital else HAND
        table = Table.of(
            {
                "deck": Deck(tuple(sorted(cards)), len(cards) - held * len(setup.players)),
                **{site: Pile() for site in SITES},
                **{f"{p}'s hand": Hand(p, (), held) for p in setup.players},
                **{f"{p}'s {site}": Pile() for p in setup.players for site in SITES},
            }
        )
        return State(table, Turn(0, "deal", 0) if setup.digital else Turn(0, "play", 1))

    def score(self, setup: Setup, state: State) -> ScoreSheet:
        rows = {
            p: {s: self.row_score(setup, state.table[f"{p}'s {s}"]) for s in SITES}
            for p in setup.players
        }
        return highest_total(SITES, rows, "EX-10")

    def row_score(self, setup: Setup, row: Pile) -> int:
        """EX-10: (sum − 20) × (1 + wagers), 20 more for 8 cards or more; 0 if never started."""
        if not row.cards:
            return 0
        wagers = sum(1 for card in row.cards if value(setup, card) == 0)
        points = (sum(value(setup, card) for card in row.cards) - 20) * (1 + wagers)
        return points + (20 if len(row.cards) >= 8 else 0)

    def score_bounds(self, setup: Setup) -> tuple[int, int]:
        return (-80 * len(SITES), 156 * len(SITES))  # only wagers: (0 − 20) × 4; all: 34 × 4 + 20


RULES = ExpeditionRules()
