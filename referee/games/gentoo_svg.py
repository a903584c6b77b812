"""Gentoo's table as SVG: the Choice Cards and the middle piles, then each player's area."""

from __future__ import annotations

from typing import Any

from pnpkit.referee.faces import Face, place_card
from pnpkit.referee.games.gentoo_table import OVER, Catalog, Table
from pnpkit.referee.rules import Setup

CARD_W, CARD_H, GAP, MARGIN = 60, 84, 10, 20
BAND = CARD_H + 50
BACK = "#2c6e8f"


def _card(dwg: Any, x: float, y: float, card: str, catalog: Catalog, face: Face) -> None:
    title = f"{card} {catalog.name(card)}"
    place_card(dwg, face(card), (x, y), (CARD_W, CARD_H), catalog.name(card).split(), card, title)


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
    dwg: Any,
    x: float,
    y: float,
    label: str,
    cards: tuple[str, ...],
    catalog: Catalog,
    face: Face,
) -> None:
    if cards:
        _card(dwg, x, y, cards[-1], catalog, face)
    else:
        dwg.add(
            dwg.rect(
                (x, y), (CARD_W, CARD_H), rx=5, fill="none", stroke="#999", stroke_dasharray="4,3"
            )
        )
    dwg.add(dwg.text(f"{label} ({len(cards)})", insert=(x, y + CARD_H + 14), font_size=11))


def draw_table(
    setup: Setup, state: Table, table: dict[str, Any], face: Face, catalog: Catalog
) -> str:
    """The SVG picture of the table: the legend, the middle, then each player's area."""
    from pnpkit.referee.picture import Picture  # only `show --svg` draws; `move` must start fast

    widest = max([5, len(state.choice), *(len(p.in_play) for p in state.players)]) + 3
    width = 2 * MARGIN + widest * (CARD_W + GAP)
    height = MARGIN * 2 + BAND * (len(state.players) + 1)
    picture = Picture(table, width, height, background="#eef4f7")
    dwg, base = picture.drawing, picture.top
    y = base + MARGIN + 16
    dwg.add(dwg.text("Choice Cards", insert=(MARGIN, y - 4), font_size=13, font_weight="bold"))
    for i, card in enumerate(state.choice):
        _card(dwg, MARGIN + i * (CARD_W + GAP), y, card, catalog, face)
    x = MARGIN + (max(len(state.choice), 5) + 0.5) * (CARD_W + GAP)
    _pile(dwg, x, y, "Draw Pile", len(state.draw_pile))
    _face_up(dwg, x + CARD_W + GAP, y, "Discard", state.discard, catalog, face)
    for seat, (name, player) in enumerate(zip(setup.players, state.players, strict=True)):
        y = base + MARGIN + 16 + BAND * (seat + 1)
        mark = " ◀" if seat == state.turn and state.step != OVER else ""
        title = (
            f"{name}{mark} — penguins {player.penguins} · nesting stones {player.stones} · "
            f"fish {player.fish}"
        )
        dwg.add(dwg.text(title, insert=(MARGIN, y - 4), font_size=13, font_weight="bold"))
        for i, card in enumerate(player.in_play):
            _card(dwg, MARGIN + i * (CARD_W + GAP), y, card, catalog, face)
        x = MARGIN + (max(len(player.in_play), 5) + 0.5) * (CARD_W + GAP)
        _pile(dwg, x, y, "Player Pile", len(player.pile))
        _face_up(dwg, x + CARD_W + GAP, y, "Used", player.used, catalog, face)
    return picture.tostring()
