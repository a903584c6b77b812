"""Alpina's finished grid read from photos: the 25 cards by their places relative to each other,
each hiker on the card under its centre. Every hiker must be in the photo (those not placed
beside the grid), so that one whose code was not seen is missed rather than taken as unplaced.
The result is a position file (position_file.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pnpkit.referee.api import Game, space_name
from pnpkit.referee.games.alpina.setup import boxed_hikers
from pnpkit.referee.games.alpina.state import HIKERS
from pnpkit.scan.lattice import holder, lattice, near
from pnpkit.scan.pieces import PhotoScan
from pnpkit.scan.position import PositionUnclear, one_position, unread_notes, where
from pnpkit.units import MM

SIDE = 5
MARGIN = 1.5 * MM
"""How far inside a card a hiker's centre must be to count as on it."""


def position_from_pieces(game: Game, scans: Sequence[PhotoScan]) -> str:
    """The position file of the grid in the photos; PositionUnclear says what is missing."""
    return one_position(scans, lambda scan: _grid(game, scan))


def _grid(game: Game, scan: PhotoScan) -> str | None:
    cards = [p for p in scan.pieces if p.group == "cards"]
    hikers = [p for p in scan.pieces if p.group == "hikers"]
    if not cards:
        return None
    width, height = cards[0].place.width, cards[0].place.height

    def step(dx: float, dy: float) -> tuple[int, int] | None:
        sx, sy = dx / width, dy / height
        if abs(sx - round(sx)) > 0.3 or abs(sy - round(sy)) > 0.3 or abs(sx) + abs(sy) > 1.4:
            return None
        return round(sx), round(sy)

    groups = lattice(cards, step, 1.5 * max(width, height))
    missing = unread_notes(scan)
    for group in groups[1:]:
        missing += [f"{cards[i].id} {where(cards[i].centre)} is apart from the grid" for i in group]
    grid = groups[0]
    columns = sorted({c for c, _ in grid.values()})
    rows = sorted({r for _, r in grid.values()})
    if len(columns) > SIDE or len(rows) > SIDE:
        missing.append(f"the cards span {len(columns)} columns and {len(rows)} rows; "
                       f"a finished grid has {SIDE} × {SIDE}")  # fmt: skip
        raise PositionUnclear(missing)
    cell = {(c - columns[0], r - rows[0]): cards[i] for i, (c, r) in grid.items()}
    if len(cell) < len(grid):
        missing.append("two cards read at one place of the grid")
    seen: dict[str, str] = {}
    for (c, r), card in cell.items():
        if card.id in seen:
            missing.append(f"{card.id} is read twice ({seen[card.id]} and {space_name(c, r)})")
        seen[card.id] = space_name(c, r)
    empty = [space_name(c, r) for r in range(SIDE) for c in range(SIDE) if (c, r) not in cell]
    if empty:
        spanned = "" if len(columns) == len(rows) == SIDE else " (counted from the cards seen)"
        missing.append(f"{len(empty)} of the {SIDE * SIDE} cards not seen{spanned}: "
                       + ", ".join(empty))  # fmt: skip
    on: dict[tuple[int, int], str] = {}
    places = {id(card): place for place, card in cell.items()}
    seen_hikers: Counter[str] = Counter()
    for hiker in hikers:
        colour = game.component(hiker.id).fields["colour"]
        seen_hikers[colour] += 1
        under = holder(cell.values(), hiker, MARGIN)
        if len(under) != 1:
            close = near(cell.values(), hiker, MARGIN)
            if close:
                missing.append(f"the {colour} hiker {where(hiker.centre)} is not clearly on one "
                               f"card (near {' and '.join(p.id for p in close)})")  # fmt: skip
            continue  # off the grid: a hiker not placed
        place = places[id(under[0])]
        if place in on:
            missing.append(f"two hikers on {under[0].id}: {on[place]} and {colour}")
        on[place] = colour
    each = HIKERS.get(len(seen_hikers))
    for colour, count in seen_hikers.items():
        if each is not None and count != each:
            missing.append(f"{count} {colour} hikers seen, not {each}: with {len(seen_hikers)} "
                           "players every hiker must be in the photo, those not placed beside "
                           "the grid")  # fmt: skip
    if each is None:
        missing.append(f"hikers of {len(seen_hikers)} colours seen; Alpina is for "
                       f"{min(HIKERS)} to {max(HIKERS)} players")  # fmt: skip
    if missing:
        raise PositionUnclear(missing)
    order = [c for c in boxed_hikers(game) if c in on.values()]
    lines = [
        f"# read from {scan.photo}: {len(cell)} cards, {len(on)} hikers",
        "# the turn order is not in a photo: list the first player's colour first",
        "order: " + ", ".join(order),
    ]
    for r in range(SIDE):
        lines.append("  ".join(cell[(c, r)].id + (f"*{on[(c, r)]}" if (c, r) in on else "")
                               for c in range(SIDE)))  # fmt: skip
    return "\n".join(lines) + "\n"
