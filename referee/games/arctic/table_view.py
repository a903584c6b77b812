"""Arctic's table for people: plain text for the terminal, and an SVG picture."""

from __future__ import annotations

from typing import Any

from pnpkit.referee.api import Setup, card_title, counted, place_card
from pnpkit.referee.games.arctic.facts import facts
from pnpkit.referee.games.arctic.state import HIDDEN, State
from pnpkit.referee.games.arctic.zones import power_cards

CARD_W, CARD_H, GAP, MARGIN, STEP, TOKEN = 63.0, 88.0, 8.0, 20.0, 20.0, 17.0
PILE_SHOWN = 8
"""Top cards of each pile drawn in the picture (the text shows them all)."""


def _pile_text(setup: Setup, state: State, index: int, secret: bool) -> str:
    """A pile bottom to top; `secret` hides the names of its face-down cards (AR-45)."""
    cards = [
        ("▼" + (HIDDEN if secret or c is None else c)) if down else c
        for c, down in state.pile(index).cards
    ]
    return " ".join(cards) or "(empty)"


def _power_cards(setup: Setup, state: State) -> str:
    """Every power card with its side, and who holds it (public, AR-7, AR-45)."""
    if state.sides is None:
        return "sides not chosen yet"
    return ", ".join(
        f"{animal} {side.upper()}" + ("" if owner is None else f" ({setup.players[owner]})")
        for animal, side, owner, _ in power_cards(setup, state)
    )


def _powers(setup: Setup, state: State, seat: int) -> str:
    """The power cards a seat holds, with their titles."""
    held = [
        f"{animal} {side.upper()} ({power.title})"
        for animal, side, owner, power in power_cards(setup, state)
        if owner == seat
    ]
    return ", ".join(held) or "none"


def describe_table(setup: Setup, state: State, viewer: str | None = None) -> str:
    """The landscape, the River, the power cards, and each player's hand, pile, penalties and
    powers; with `viewer`, the other players' totems, named penalty cards and face-down cards stay
    secret (AR-45), and in digital mode their hands, which the referee dealt (AR-3). Without
    `viewer` (the referee's whole table) a digital game also lists the penalty cards it dealt
    face down.
    """
    table = facts(setup.game)
    track = " | ".join(
        f"{value}: "
        + (" ".join(a for i, a in enumerate(table.animals) if state.tokens[i] == position) or "-")
        for position, (_, value) in enumerate(table.landscape)
    )
    lines = [
        f"landscape  {track}",
        f"River      {' '.join(state.river) or '(empty)'}",
        f"draw pile  {counted(state.deck.count, 'card')}; Reserve {counted(state.reserve, 'card')}"
        + ("; the end is triggered" if state.ending == 1 else "")
        + ("; last turns, no drawing" if state.ending == 2 else ""),
        f"powers     {_power_cards(setup, state)}",
    ]
    if viewer is not None:
        hands = "hands, " if setup.digital else ""
        lines.insert(
            0,
            f"{viewer}'s view: the others' {hands}totems, penalty cards and face-down cards "
            "are hidden",
        )
    dealt = state.totems()
    for index, player in enumerate(setup.players):
        held, named_cards = state.hand(index), state.penalty(index).known
        dealt_down = state.blind(index).unseen
        now = index == state.turn.seat and state.turn.number and state.turn.step != "over"
        mark = "▶" if now else " "
        secret = viewer not in (None, player) and state.turn.step != "over"
        known = "hand" if setup.digital else "seen"
        shown = held.known and not (secret and setup.digital)
        seen = f" ({known}: {' '.join(held.known)})" if shown else ""
        own = viewer in (None, player)
        named = f" (named: {' '.join(named_cards)})" if named_cards and own else ""
        if dealt_down and viewer is None:
            named += f" (dealt face down: {' '.join(dealt_down)})"
        totem = "" if dealt is None else f", totem {dealt[index]}"
        if dealt is not None and secret:
            totem = ", totem secret"
        lines += [
            f"{mark} {player}: {counted(len(held), 'card')} in hand{seen}, "
            f"{counted(state.penalties(index), 'penalty card')}{named}{totem}",
            f"    pile (bottom → top, ▼ face down): {_pile_text(setup, state, index, secret)}",
            f"    powers: {_powers(setup, state, index)}",
        ]
    return "\n".join(lines)


def table_svg(setup: Setup, state: State, data: dict[str, Any], face: Any) -> str:
    """The legend; the landscape with, under each card, the animal tokens on it (named in
    full, clear of the printed values); the River; and the top of every player's pile. Only
    what every player sees: face-down cards are drawn as backs, totems are left out. Each card
    face up and each animal token is a tap target for the moves that name it."""
    from pnpkit.referee.api import Picture, text_width  # loaded when first used: `move` starts fast

    table = facts(setup.game)
    columns = max(len(table.landscape), 6, PILE_SHOWN)
    headings = [
        f"{player}: {counted(len(state.hand(index)), 'card')} in hand, "
        f"{counted(state.penalties(index), 'penalty card')}, "
        f"{len(state.pile(index))} in pile (top first); "
        f"powers: {_powers(setup, state, index)}"
        for index, player in enumerate(setup.players)
    ]
    widest = max(text_width(h, 11) for h in headings)
    width = 2 * MARGIN + max(columns * (CARD_W + GAP), widest + 10)
    stacked = max([1, *(sum(1 for t in state.tokens if t == p) for p in range(columns))])
    strip = TOKEN * stacked + GAP
    height = 2 * MARGIN + (2 + len(setup.players)) * (CARD_H + GAP + STEP) + strip
    picture = Picture(data, width, height, background="#eef4f8")
    drawing, top = picture.drawing, picture.top + MARGIN
    picture.label("Landscape (tokens under their card)", MARGIN, top, size=11, bold=True)
    for position, (card, value) in enumerate(table.landscape):
        left = MARGIN + position * (CARD_W + GAP)
        _card(picture, setup, card, face(card), left, top + STEP)
        here = [a for i, a in enumerate(table.animals) if state.tokens[i] == position]
        for n, animal in enumerate(here):
            title = f"{animal} token on landscape {value}"
            box = picture.label(
                animal,
                left,
                top + STEP + CARD_H + 2 + n * TOKEN,
                size=9,
                background="#fff",
                title=title,
            )
            picture.target(animal, box, title)
    top += CARD_H + GAP + STEP + strip
    river = f"River (draw pile {state.deck.count}, Reserve {state.reserve})"
    picture.label(river, MARGIN, top, size=11, bold=True)
    for n, card in enumerate(state.river):
        _card(picture, setup, card, face(card), MARGIN + n * (CARD_W + GAP), top + STEP)
    for index in range(len(setup.players)):
        top += CARD_H + GAP + STEP
        picture.label(headings[index], MARGIN, top, size=11, bold=True)
        for n, (card, down) in enumerate(reversed(state.pile(index).cards[-PILE_SHOWN:])):
            left = MARGIN + n * (CARD_W + GAP)
            if down:
                _back(drawing, left, top + STEP)
            else:
                _card(picture, setup, card, face(card), left, top + STEP)
    return picture.tostring()


def _back(drawing: Any, left: float, top: float) -> None:
    back = drawing.g(class_="card")
    back.set_desc(title="a face-down card")
    back.add(drawing.rect((left, top), (CARD_W, CARD_H), rx=4, fill="#1f5f8b", stroke="#333"))
    back.add(drawing.text("face down", insert=(left + 6, top + 48), font_size=9, fill="#fff"))
    drawing.add(back)


def _card(picture: Any, setup: Setup, card: str, svg: str | None, left: float, top: float) -> None:
    """A card face up, a tap target for the moves that name it (`take AR-1F3`)."""
    component = setup.game.component(card)
    fields = component.fields if component else {}
    lines = [str(fields.get("animal", fields.get("value", "")))]
    if "draw" in fields:
        lines += [f"+ {fields['companion']}", f"draw {fields['draw']}", f"place {fields['place']}"]
    title = card_title(setup.game, card)
    place_card(picture.drawing, svg, (left, top), (CARD_W, CARD_H), lines, card, title)
    picture.target(card, (left, top, CARD_W, CARD_H), title)
