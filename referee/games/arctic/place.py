"""Step A, placing cards (AR-9–AR-12): as many cards from hand as the visible animal's placement
value (the moose adjusts it, AR-26), the last on top; a short hand places all it holds and draws
the rest as penalty cards; the fox's tuck and bottom (AR-23, AR-24); the puffin's moves first."""

from __future__ import annotations

import random
from dataclasses import dataclass

from pnpkit.referee.api import ACCEPTED, Move, Setup, Verdict, counted, refuse
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.hidden import dealt_unseen, removal_problem, remove
from pnpkit.referee.games.arctic.powers import PLACE_HINTS, check_takeback
from pnpkit.referee.games.arctic.situation import held_effects, power_hints, value_range
from pnpkit.referee.games.arctic.state import HIDDEN, State

FOXES = {"bottom": "fox-under-pile", "tuck": "fox-face-down"}
"""The fox's last-card variants (AR-24, AR-23), each with the power effect it needs."""


@dataclass(frozen=True)
class Placing:
    """What step A's checks read from the table, gathered once per state (legal checks many
    placements against the same state)."""

    low: int
    high: int
    hand: int
    """Cards in the current player's hand."""
    powers: frozenset[str]
    """The effects of the current player's power cards."""


def placing(setup: Setup, state: State) -> Placing:
    """Step A's situation (AR-9, AR-10, AR-26)."""
    low, high = value_range(setup, state, "place")
    return Placing(low, high, len(state.hand()), held_effects(setup, state))


def place_text(setup: Setup, state: State) -> str:
    """Step A's prompt: how many cards (AR-9, AR-26), or all of a short hand (AR-11), and the
    powers' moves."""
    low, high = value_range(setup, state, "place")
    held = len(state.hand())
    hints = power_hints(setup, state, PLACE_HINTS)
    if held < low:
        missing = min(low - held, state.deck.count)
        typed = "place CARD …" if held else "place"
        return (
            f"place all {counted(held, 'card')} you hold, then "
            f"{counted(missing, 'penalty card')} {'is' if missing == 1 else 'are'} drawn: "
            f"{typed}{hints}"
        )
    high = min(high, held)
    count = counted(low, "card") if low == high else f"{low} to {high} cards"
    typed = "place CARD …" if high else "place"
    return f"place {count} on your pile: {typed}{hints}"


def check_place(
    setup: Setup, state: State, move: Move, situation: Placing | None = None
) -> Verdict:
    """AR-9–AR-12, with the fox's variants; `situation` is `placing(setup, state)` if known."""
    cards: list[str] = move["cards"]
    fox = move.get("fox")
    situation = situation or placing(setup, state)
    low, high, held = situation.low, situation.high, situation.hand
    if held >= low and not low <= len(cards) <= min(high, held):
        needed = counted(low, "card") if low == high else f"{low} to {min(high, held)} cards"
        return refuse("AR-9", f"place {needed}, not {len(cards)}")
    if held < low and len(cards) != held:
        return refuse(
            "AR-11",
            f"you hold {counted(held, 'card')}: place them all (the rest are penalties)",
        )
    if HIDDEN in cards[:-1] or (cards[-1:] == [HIDDEN] and fox != "tuck"):
        return refuse("AR-12", "cards placed face up are shown: name each one")
    verdict = check_fox(setup, state, cards, fox, situation.powers)
    if not verdict.ok:
        return verdict
    problem = removal_problem(setup, state, cards)
    return refuse("AR-9", problem) if problem else ACCEPTED


def check_fox(
    setup: Setup, state: State, cards: list[str], fox: str | None, powers: frozenset[str]
) -> Verdict:
    """AR-23 (tuck the last card face down) and AR-24 (the last card under the pile); `powers`
    are the current player's power effects."""
    if fox is None:
        return ACCEPTED
    rule = "AR-23" if fox == "tuck" else "AR-24"
    if FOXES[fox] not in powers:
        side = "A" if fox == "tuck" else "B"
        return refuse(rule, f"only the holder of the fox power, side {side}, may {fox} a card")
    if not cards:
        return refuse(rule, "place at least one card to use the fox power")
    below = state.pile().cards
    if fox == "tuck" and len(cards) == 1 and (not below or below[-1][1]):
        return refuse(rule, "a tucked card goes under a visible card: there is none")
    if fox == "bottom" and len(cards) == 1 and not below:
        return refuse(rule, "your pile is empty: there is nothing to go under")
    return ACCEPTED


def apply_place(setup: Setup, state: State, move: Move) -> State:
    cards: list[str] = move["cards"]
    low, _ = value_range(setup, state, "place")
    short = max(0, low - len(state.hand()))
    state = remove(setup, state, cards)
    stack = state.pile()
    fox = move.get("fox")
    for card in cards[:-1] if fox else cards:
        stack = stack.put(card)
    if fox == "tuck":
        top, stack = stack.take()
        stack = stack.put(None if cards[-1] == HIDDEN else cards[-1], down=True).put(top)
    elif fox == "bottom":
        stack = stack.under(cards[-1])
    drawn = min(short, state.deck.count)
    state = state.put(pile=stack)
    if drawn and setup.digital:
        state, cards = dealt_unseen(setup, state, drawn, "short")
        blind = state.blind().shuffle_in(cards)
        state = state.put(blind=blind)
    elif drawn:
        named = state.penalty().add_unknown(drawn)
        unseen = state.deck.draw_unseen(drawn)
        state = state.put(penalty=named, unseen=unseen)
    counts = list(state.penalties_drawn)
    counts[state.turn.seat] += drawn
    return state.at("power", penalties_drawn=tuple(counts))


def legal_place(setup: Setup, state: State) -> list[Move]:
    """Step A's moves: placements, and the puffin's swap (each hand card for each River card, as
    the swap's check allows) and take-back."""
    situation = placing(setup, state)
    placements = _placements(setup, state, situation)
    moves = [m for m in placements if check_place(setup, state, m, situation).ok]
    if "puffin-swap-river" in situation.powers and "puffin-swap-river" not in state.used:
        for card in hand_choices(setup, state):
            moves += [{"type": "swap", "card": card, "river": r} for r in sorted(state.river)]
    if check_takeback(setup, state, {"type": "takeback"}).ok:
        moves.append({"type": "takeback"})
    return moves


def _placements(setup: Setup, state: State, situation: Placing) -> list[Move]:
    """Placements with each hand card on top, and the fox variants the player's powers allow."""
    low, high, size = situation.low, situation.high, situation.hand
    hand = hand_choices(setup, state)
    counts = [size] if size < low else range(low, min(high, size) + 1)
    foxes = [fox for fox, effect in FOXES.items() if effect in situation.powers]
    moves: list[Move] = []
    for count in counts:
        if count == 0:
            moves.append({"type": "place", "cards": []})
            continue
        for top in hand:
            cards = [*[c for c in hand if c != top][: count - 1], top]
            moves.append({"type": "place", "cards": cards})
            moves += [{"type": "place", "cards": cards, "fox": fox} for fox in foxes]
        if not setup.digital and "tuck" in foxes:
            unshown = [*hand[: count - 1], HIDDEN]
            moves.append({"type": "place", "cards": unshown, "fox": "tuck"})
    return moves


def hand_choices(setup: Setup, state: State) -> list[str]:
    """The seen hand cards and, standing for unseen ones, the first unseen card per animal."""
    held = state.hand()
    choices = list(held.known)
    if held.unknown:
        cards = facts(setup.game).cards
        firsts: dict[str, str] = {}
        for card in state.deck.unseen:
            firsts.setdefault(cards[card].animal, card)
        choices += sorted(firsts.values())
    return choices


def random_place(setup: Setup, state: State, rng: random.Random) -> Move:
    """A random placement drawn from the whole hand (seen cards and unseen ones)."""
    held = state.hand()
    situation = placing(setup, state)
    low, high, size = situation.low, situation.high, situation.hand
    count = size if size < low else rng.randint(low, min(high, size))
    pool = list(held.known) + rng.sample(state.deck.unseen, held.unknown)
    move: Move = {"type": "place", "cards": rng.sample(pool, count)}
    for fox in ("tuck", "bottom"):
        if rng.random() < 0.5 and check_fox(setup, state, move["cards"], fox, situation.powers).ok:
            move["fox"] = fox
    if check_place(setup, state, move, situation).ok:
        return move
    return rng.choice(legal_place(setup, state))
