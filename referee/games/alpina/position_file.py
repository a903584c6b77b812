"""Alpina position files: a finished grid typed in by hand, to score a game that was not recorded.

    # comments and blank lines are ignored
    order: red, yellow, purple, light-blue
    AL-20  AL-05*red  AL-44  AL-13  AL-30*yellow
    … five rows of five cards; CARD*COLOUR puts that colour's hiker on the card

`order` lists the players' hiker colours in turn order, the first player first (the tie-break
needs it). docs/referee.md documents the format; docs/examples/alpina-position.txt is an example.
"""

from __future__ import annotations

from collections import Counter

from pnpkit.referee.api import Game, PnpError, counted, position_lines
from pnpkit.referee.games.alpina.grid import SIZE

ROWS = COLUMNS = 5


def read_position(
    game: Game, text: str, source: str, hikers_each: dict[int, int]
) -> tuple[dict[int, str], dict[int, str], list[str]]:
    """The cards and the hikers' colours by space (in the 9×9 frame) and the colours' turn order
    a position file gives; PnpError with the file and line for the first problem found."""
    colours = {c.fields["colour"] for c in game.group("hikers").components}
    order: list[str] | None = None
    order_line = 0
    rows: list[tuple[int, list[str]]] = []
    for number, line in position_lines(text):
        where = f"{source}:{number}"
        if line.lower().startswith("order:"):
            if order is not None:
                raise PnpError(f"{where}: a second `order:` line (the first is line {order_line})")
            order = [c.strip().lower() for c in line.split(":", 1)[1].replace(",", " ").split()]
            order_line = number
            _check_order(order, colours, hikers_each, where)
            continue
        if len(rows) == ROWS:
            raise PnpError(f"{where}: a 6th row of cards; a finished grid has {ROWS} rows")
        rows.append((number, line.split()))
    if order is None:
        raise PnpError(f"{source}: no `order:` line (the hiker colours in turn order)")
    if len(rows) < ROWS:
        where = f"{source}:{rows[-1][0]}" if rows else source
        raise PnpError(
            f"{where}: the grid ends after {counted(len(rows), 'row')} of cards; "
            f"a finished grid has {ROWS}"
        )
    cards: dict[int, str] = {}
    hikers: dict[int, str] = {}
    seen: dict[str, int] = {}
    placed: Counter[str] = Counter()
    allowed = hikers_each[len(order)]
    for row, (number, cells) in enumerate(rows):
        where = f"{source}:{number}"
        _check_cells(cells, where)
        for column, cell in enumerate(cells):
            card_id, star, colour = cell.partition("*")
            component = game.component(card_id)
            if component is None or component.group != "cards":
                raise PnpError(f"{where}: {card_id!r} is not an Alpina card ID (AL-01 … AL-56)")
            if component.id in seen:
                raise PnpError(
                    f"{where}: {component.id} appears twice (also line {seen[component.id]})"
                )
            seen[component.id] = number
            space = row * SIZE + column
            cards[space] = component.id
            if star:
                colour = colour.lower()
                if colour not in order:
                    raise PnpError(
                        f"{where}: {cell}: after * comes a hiker colour of the order line "
                        f"({', '.join(order)})"
                    )
                placed[colour] += 1
                if placed[colour] > allowed:
                    raise PnpError(
                        f"{where}: a {_ordinal(placed[colour])} {colour} hiker; "
                        f"each player has {allowed} with {len(order)} players"
                    )
                hikers[space] = colour
    if not any(game.component(c).fields.get("starter") for c in cards.values()):
        raise PnpError(
            f"{source}:{rows[0][0]}: no chamois card in the grid; every grid grows from the "
            "chamois card drawn to start it (AL-2), so this grid cannot have been played"
        )
    return cards, hikers, order


def _check_cells(cells: list[str], where: str) -> None:
    """Five cells, each CARD or CARD*COLOUR with no space around the *."""
    loose = [c for c in cells if c.startswith("*") or c.endswith("*")]
    if loose:
        raise PnpError(
            f"{where}: {loose[0]!r}: a hiker is CARD*COLOUR, the colour right after the *"
        )
    if len(cells) != COLUMNS:
        raise PnpError(f"{where}: {len(cells)} cards in this row; each row has {COLUMNS}")


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … (hiker counts stay below 11)."""
    return str(n) + {1: "st", 2: "nd", 3: "rd"}.get(n, "th")


def _check_order(order: list[str], colours: set[str], each: dict[int, int], where: str) -> None:
    unknown = [c for c in order if c not in colours]
    if unknown:
        raise PnpError(
            f"{where}: unknown colour {unknown[0]!r}; the hikers are {', '.join(sorted(colours))}"
        )
    if len(set(order)) != len(order):
        raise PnpError(f"{where}: a colour appears twice in the order")
    if len(order) not in each:
        raise PnpError(
            f"{where}: {counted(len(order), 'colour')}; "
            f"Alpina is for {min(each)} to {max(each)} players, "
            "so list one hiker colour per player"
        )
