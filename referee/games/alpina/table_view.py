"""What Alpina's table shows: the grid as text for the terminal, as an SVG picture, and as data
(`Rules.table`: the grid with its hikers, hands and the draw pile)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.referee.api import Setup, card, card_title, counted, place_card, sees
from pnpkit.referee.api import hand as hand_data
from pnpkit.referee.games.alpina import grid
from pnpkit.referee.games.alpina.scoring import cards_of
from pnpkit.referee.games.alpina.setup import colours as hiker_colours
from pnpkit.referee.games.alpina.setup import hiker_seats, seat_colours
from pnpkit.referee.games.alpina.state import DRAW, GRID, HIKER, PLAY, hand, hikers_left

if TYPE_CHECKING:
    from pnpkit.referee.games.alpina.state import Alpina

CARD_W, CARD_H, GAP, MARGIN = 63.0, 88.0, 6.0, 24.0
HIKER_R = 7.5


def _window(state: Alpina) -> tuple[range, range]:
    """Columns and rows to show: the cards and one space around them where a card may still go
    (never beyond the 5×5 bound, AL-12)."""
    first_column, last_column, first_row, last_row = state.box
    reach = grid.BOUND - 1

    def span(first: int, last: int) -> range:
        return range(max(0, first - 1, last - reach), min(grid.SIZE, last + 2, first + reach + 1))

    return span(first_column, last_column), span(first_row, last_row)


def describe_table(setup: Setup, state: Alpina, player: str | None = None) -> str:
    """The grid (CARD, CARD*colour for a hiker) and each player's hand, hikers and turn; for a
    `player`, only their cards are named, the others' only counted (any other name: the shared
    screen, every hand counted)."""
    colours, on = hiker_colours(setup), hiker_seats(setup, state)
    columns, rows = _window(state)

    def cell(space: int) -> str:
        card, hiker = state.cards[space], on.get(space)
        text = "." if card is None else card if hiker is None else f"{card}*{colours[hiker][:3]}"
        return f"{text:^11}"

    lines = ["    " + "".join(f"{chr(97 + c):^11}" for c in columns)]
    lines += [f"{r + 1:>3} " + "".join(cell(r * grid.SIZE + c) for c in columns) for r in rows]
    lines.append("")
    for seat, name in enumerate(setup.players):
        marker = "▶" if seat == state.turn.seat and state.turn.step in (PLAY, HIKER, DRAW) else " "
        held = state.table[hand(name)]
        known = sorted(held.known) if player in (None, name) else []
        shown = counted(len(held), "card") + (f" ({' '.join(known)})" if known else "")
        left = counted(hikers_left(setup, state, seat), "hiker")
        lines.append(f"{marker} {name} ({colours[seat]}): {shown}, {left} left")
    lines.append(f"  draw pile: {counted(state.deck.count, 'card')}; grid: {state.placed}/25")
    if player in setup.players:
        lines.insert(0, f"{player}'s view (the other hands only counted)")
    elif player is not None:
        lines.insert(0, "the shared view (every hand only counted)")
    return "\n".join(lines)


def table_svg(setup: Setup, state: Alpina, table: dict[str, Any], face: Any) -> str:
    """The legend, then the grid drawn with the cards' printed faces (or a plain stand-in, each
    with its ID and name as a tooltip) and the hikers in their players' colours; each space, a
    card on it or not, is a tap target named as moves name it (`e4`)."""
    from pnpkit.referee.api import Picture  # only `show --svg` draws; `move` must start fast

    columns, rows = _window(state)
    seat_colour = seat_colours(setup)
    on = hiker_seats(setup, state)
    width = 2 * MARGIN + len(columns) * (CARD_W + GAP)
    height = 2 * MARGIN + len(rows) * (CARD_H + GAP)
    picture = Picture(table, width, height)
    drawing = picture.drawing
    for y, r in enumerate(rows):
        for x, c in enumerate(columns):
            left, top = MARGIN + x * (CARD_W + GAP), picture.top + MARGIN + y * (CARD_H + GAP)
            i = r * grid.SIZE + c
            card = state.cards[i]
            space = grid.SPACE_NAMES[i]
            name = card_title(setup.game, card) if card else "empty"
            picture.target(space, (left, top, CARD_W, CARD_H), f"{space}: {name}")
            if card is None:
                drawing.add(
                    drawing.rect((left, top), (CARD_W, CARD_H), fill="none", stroke="#bbb",
                                 stroke_dasharray="3,3")
                )  # fmt: skip
                picture.label(space, left + 2, top + 2, size=9, fill="#888")
                continue
            facts = cards_of(setup.game)[card]
            lines = [facts.animal, facts.landscape, f"tape {facts.tape}"]
            place_card(drawing, face(card), (left, top), (CARD_W, CARD_H), lines, card, name)
            hiker = on.get(i)
            if hiker is not None:
                player = setup.players[hiker]
                name, rgb = seat_colour[hiker]
                # right of the animal badge, level with its middle: the card stays readable
                at = (left + CARD_W - HIKER_R - 1.5, top + CARD_H * 0.38)
                dot = drawing.circle(at, HIKER_R, fill=rgb, stroke="#000", stroke_width=1.5)
                dot.set_desc(title=f"{player}'s hiker ({name}) on {space}")
                drawing.add(dot)
    return picture.tostring()


def zones(setup: Setup, state: Alpina, viewer: str | None) -> dict[str, Any]:
    """The cards on the grid (space, card, hiker colour), each seat's hand (AL-3: counted for
    the others) and hikers left, and the draw pile's size."""
    colours, on = hiker_colours(setup), hiker_seats(setup, state)
    placed = [
        {
            "space": grid.SPACE_NAMES[space],
            "card": card(setup.game, card_id),
            "hiker": colours[on[space]] if space in on else None,
        }
        for space, card_id in state.table[GRID].placed()
    ]
    seats = []
    for seat, player in enumerate(setup.players):
        held = state.table[hand(player)]
        seats.append(
            {
                "player": player,
                "colour": colours[seat],
                "hand": hand_data(setup.game, len(held), sorted(held.known), sees(viewer, player)),
                "hikers_left": hikers_left(setup, state, seat),
            }
        )
    return {"grid": placed, "seats": seats, "draw_pile": state.deck.count, "placed": state.placed}
