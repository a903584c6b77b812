"""What Gentoo's table shows: the Choice Cards and the middle piles, then each player's area, as
text (`describe`), as data (`zones`, for `table`) and as SVG. Everything face up is shown to
every viewer alike; face-down piles only by their size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnpkit.referee.api import Face, Setup, cards, counted, place_card
from pnpkit.referee.games.gentoo.state import (
    CHOICES,
    DISCARD_PILE,
    DRAW_PILE,
    FISH_SUPPLY,
    OVER,
    PENGUIN_SUPPLY,
    STONE_SUPPLY,
    Catalog,
    GentooState,
    size,
)

CARD_W, CARD_H, GAP, MARGIN = 60, 84, 10, 20
BAND = CARD_H + 50
BACK = "#2c6e8f"


def _card(picture: Any, x: float, y: float, card: str, catalog: Catalog, face: Face) -> None:
    """A card, a tap target for the moves that name it (`choose GE-HAT`)."""
    title = f"{card} {catalog.name(card)}"
    art, lines = face(card), catalog.name(card).split()
    place_card(picture.drawing, art, (x, y), (CARD_W, CARD_H), lines, card, title)
    picture.target(card, (x, y, CARD_W, CARD_H), title)


def _pile(dwg: Any, x: float, y: float, label: str, count: int) -> None:
    fill = BACK if count else "none"
    dwg.add(dwg.rect((x, y), (CARD_W, CARD_H), rx=5, fill=fill, stroke="#333"))
    dwg.add(
        dwg.text(
            str(count),
            insert=(x + CARD_W / 2, y + CARD_H / 2 + 6),
            font_size=18,
            fill="white" if count else "#333",
            text_anchor="middle",
        )
    )
    dwg.add(dwg.text(label, insert=(x, y + CARD_H + 14), font_size=11))


def _face_up(
    picture: Any,
    x: float,
    y: float,
    label: str,
    cards: tuple[str, ...],
    catalog: Catalog,
    face: Face,
    word: str = "",
) -> None:
    """A face-up pile, its top card shown; `word`, if any, is how moves name the pile (`used`):
    its caption is a tap target for it."""
    dwg = picture.drawing
    if cards:
        _card(picture, x, y, cards[-1], catalog, face)
    else:
        dwg.add(
            dwg.rect(
                (x, y), (CARD_W, CARD_H), rx=5, fill="none", stroke="#999", stroke_dasharray="4,3"
            )
        )
    caption = f"{label} ({len(cards)})"
    dwg.add(dwg.text(caption, insert=(x, y + CARD_H + 14), font_size=11))
    if word:
        picture.target(word, (x, y + CARD_H + 2, max(CARD_W, len(caption) * 6.6), 16), caption)


def draw_table(setup: Setup, state: GentooState, table: dict[str, Any], face: Face) -> str:
    """The SVG picture of the table: the legend, the middle, then each player's area; every card
    shown, each player's area and Used Pile, and the Choice Cards are tap targets."""
    from pnpkit.referee.api import Picture, text_width  # `move` must start fast

    catalog, choice = Catalog.of(setup.game), state.cards(CHOICES)
    seats = range(len(setup.players))
    widest = max([5, len(choice), *(len(state.in_play(s)) for s in seats)]) + 3
    width = 2 * MARGIN + widest * (CARD_W + GAP)
    height = MARGIN * 2 + BAND * (len(seats) + 1)
    picture = Picture(table, width, height, background="#eef4f7")
    dwg, base = picture.drawing, picture.top
    y = base + MARGIN + 16
    dwg.add(dwg.text("Choice Cards", insert=(MARGIN, y - 4), font_size=13, font_weight="bold"))
    picture.target("choice", (MARGIN, y - 18, 100, 18), "the Choice Cards")  # `… choice` (Skua)
    for i, card in enumerate(choice):
        _card(picture, MARGIN + i * (CARD_W + GAP), y, card, catalog, face)
    x = MARGIN + (max(len(choice), 5) + 0.5) * (CARD_W + GAP)
    _pile(dwg, x, y, "Draw Pile", size(state.table[DRAW_PILE]))
    _face_up(picture, x + CARD_W + GAP, y, "Discard", state.cards(DISCARD_PILE), catalog, face)
    for seat, name in enumerate(setup.players):
        y = base + MARGIN + 16 + BAND * (seat + 1)
        mark = " ◀" if seat == state.seat and state.step != OVER else ""
        tokens = state.tokens(seat)
        title = (
            f"{name}{mark} — penguins {tokens[catalog.penguin]} · nesting stones "
            f"{tokens[catalog.stone]} · fish {tokens[catalog.fish]}"
        )
        dwg.add(dwg.text(title, insert=(MARGIN, y - 4), font_size=13, font_weight="bold"))
        picture.target(name, (MARGIN, y - 18, text_width(title, 13) + 12, 18), name)
        in_play = state.in_play(seat)
        for i, card in enumerate(in_play):
            _card(picture, MARGIN + i * (CARD_W + GAP), y, card, catalog, face)
        x = MARGIN + (max(len(in_play), 5) + 0.5) * (CARD_W + GAP)
        _pile(dwg, x, y, "Player Pile", size(state.pile(seat)))
        _face_up(picture, x + CARD_W + GAP, y, "Used", state.used(seat), catalog, face, "used")
    return picture.tostring()


# --- text -----------------------------------------------------------------------------------


def describe(setup: Setup, state: GentooState, player: str | None = None) -> str:
    """The table as plain text, for everyone alike: what is face down is hidden from all."""
    catalog, names = Catalog.of(setup.game), setup.players
    way = "seat order" if state.direction > 0 else "reverse seat order (Blizzard)"
    choice, discard = state.cards(CHOICES), state.cards(DISCARD_PILE)
    lines = [
        f"Gentoo — turn {state.turn.number} · play goes in {way}",
        "Choice Cards: " + (_cards_text(choice, catalog) or "none"),
        f"Draw Pile: {size(state.table[DRAW_PILE])} face down · Discard Pile: {len(discard)}"
        + (f" (top {catalog.name(discard[-1])})" if discard else ""),
    ]
    for seat, name in enumerate(names):
        lines += _player_lines(state, seat, name, catalog)
    return "\n".join(lines)


def _cards_text(held: Sequence[str], catalog: Catalog) -> str:
    return ", ".join(f"{c} {catalog.name(c)}" for c in held)


def _player_lines(state: GentooState, seat: int, name: str, catalog: Catalog) -> list[str]:
    marks = " ◀ to play" if seat == state.seat and state.step != OVER else ""
    if state.lost == seat:
        marks += " (lost this turn: gone fishing)"
    used, tokens = state.used(seat), state.tokens(seat)
    top = f" (top {catalog.name(used[-1])})" if used else ""
    return [
        f"{name}: {counted(tokens[catalog.penguin], 'penguin')} · "
        f"{counted(tokens[catalog.stone], 'nesting stone')} · "
        f"{tokens[catalog.fish]} fish{marks}",
        "  Cards in Play: " + (_cards_text(state.in_play(seat), catalog) or "none"),
        f"  Player Pile: {size(state.pile(seat))} face down · Used Pile: {len(used)}{top}",
    ]


# --- data -----------------------------------------------------------------------------------


def zones(setup: Setup, state: GentooState, viewer: str | None = None) -> dict[str, Any]:
    """Everything face up, for every viewer alike (face-down piles only counted): the Choice
    Cards, the Draw and Discard Piles, the direction of play, the supplies, and each player's
    cards in play, Used Pile, Player Pile size, penguins, nesting stones and fish."""
    catalog, game, table = Catalog.of(setup.game), setup.game, state.table
    stone, penguin, fish = catalog.stone, catalog.penguin, catalog.fish
    return {
        "choice": cards(game, state.cards(CHOICES)),
        "draw_pile": size(table[DRAW_PILE]),
        "discard": cards(game, state.cards(DISCARD_PILE)),
        "direction": "seat order" if state.direction > 0 else "reverse seat order",
        "supply": {
            "nesting_stones": table[STONE_SUPPLY][stone],
            "penguins": table[PENGUIN_SUPPLY][penguin],
            "fish": table[FISH_SUPPLY][fish],
        },
        "seats": [
            {
                "player": name,
                "in_play": cards(game, state.in_play(seat)),
                "used": cards(game, state.used(seat)),
                "pile": size(state.pile(seat)),
                "penguins": state.tokens(seat)[penguin],
                "nesting_stones": state.tokens(seat)[stone],
                "fish": state.tokens(seat)[fish],
            }
            for seat, name in enumerate(setup.players)
        ],
    }
