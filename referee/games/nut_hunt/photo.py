"""Nut Hunt's finished forest read from photos: the 19 location tiles by their places relative
to each other, fitted to the forest's rows of 3, 4, 5, 4 and 3; each squirrel and nest on the
tile under its centre; each objective card to the player whose squirrel or nest lies off the
forest nearest to it (each player lays their objectives face up at their seat with one of their
pieces beside them). The result is a position file (position_file.py)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from pnpkit.referee.api import Game
from pnpkit.referee.games.nut_hunt import forest
from pnpkit.scan.lattice import holder, lattice, near
from pnpkit.scan.pieces import PhotoScan, Piece
from pnpkit.scan.position import PositionUnclear, one_position, unread_notes, where
from pnpkit.units import MM

MARGIN = 1.5 * MM
"""How far inside a tile a token's centre must be to count as on it."""


def position_from_pieces(game: Game, scans: Sequence[PhotoScan]) -> str:
    """The position file of the forest in the photos; PositionUnclear says what is missing."""
    return one_position(scans, lambda scan: _forest(game, scan))


def _forest(game: Game, scan: PhotoScan) -> str | None:
    tiles = [p for p in scan.pieces if p.group == "locations"]
    tokens = [p for p in scan.pieces if p.group in ("squirrels", "nests")]
    cards = [p for p in scan.pieces if p.group == "objectives"]
    if not tiles:
        return None
    width, height = tiles[0].place.width, tiles[0].place.height
    rise = 0.75 * height

    def step(dx: float, dy: float) -> tuple[int, int] | None:
        r = dy / rise
        q = (dx - round(r) * width / 2) / width
        if abs(r - round(r)) > 0.3 or abs(q - round(q)) > 0.3:
            return None
        q, r = round(q), round(r)
        return (q, r) if (q, r) in forest.DIRECTIONS.values() else None

    groups = lattice(tiles, step, 1.4 * width)
    missing = unread_notes(scan)
    for group in groups[1:]:
        missing += [f"{tiles[i].id} {where(tiles[i].centre)} is apart from the forest"
                    for i in group]  # fmt: skip
    space = _fit(groups[0])
    if space is None:
        missing.append(f"{len(groups[0])} tiles seen do not fit the forest in one way; "
                       f"the forest has {forest.SPACES}")  # fmt: skip
        raise PositionUnclear(missing)
    laid = {space[i]: tiles[i] for i in groups[0]}
    empty = [str(n + 1) for n in range(forest.SPACES) if n not in laid]
    if empty:
        missing.append(f"{len(empty)} of the {forest.SPACES} tiles not seen "
                       f"(spaces {', '.join(empty)}, counted row by row)")  # fmt: skip
    ids = Counter(t.id for t in laid.values())
    missing += [f"{tile} is read twice" for tile, n in ids.items() if n > 1]
    on_forest: dict[str, dict[str, list[str]]] = {}
    seats: list[Piece] = []
    for token in tokens:
        colour = game.component(token.id).fields["colour"]
        kind = "squirrels" if token.group == "squirrels" else "nests"
        under = holder(laid.values(), token, MARGIN)
        if len(under) == 1:
            on_forest.setdefault(colour, {"squirrels": [], "nests": []})[kind].append(under[0].id)
        elif near(laid.values(), token, MARGIN):
            close = " and ".join(p.id for p in near(laid.values(), token, MARGIN))
            missing.append(f"the {colour} {kind[:-1]} {where(token.centre)} is not clearly on "
                           f"one tile (near {close})")  # fmt: skip
        else:
            seats.append(token)
    objectives: dict[str, list[str]] = {}
    for card in cards:
        if not seats:
            missing.append(f"objective {card.id} {where(card.centre)}: no player's squirrel or "
                           "nest beside it, off the forest, to say whose it is")  # fmt: skip
            continue
        owner = min(seats, key=lambda t: math.dist(t.centre, card.centre))
        objectives.setdefault(game.component(owner.id).fields["colour"], []).append(card.id)
    players = [c for c in _colours(game) if c in on_forest or c in objectives]
    missing += [f"no objective card of {c} in the photo (lay them at the player's seat with one "
                "of their pieces beside them)" for c in players if c not in objectives]  # fmt: skip
    if missing:
        raise PositionUnclear(missing)
    lines = [
        f"# read from {scan.photo}: {len(laid)} tiles, {len(tokens)} squirrels and nests, "
        f"{len(cards)} objectives",
        "# the seat order is not in a photo: put the players' lines in seat order",
    ]
    start = 0
    for length in forest.ROWS:
        lines.append("layout " + " ".join(laid[n].id for n in range(start, start + length)))
        start += length
    for colour in players:
        held = on_forest.get(colour, {"squirrels": [], "nests": []})
        lines += [f"player {colour}",
                  f"squirrels {colour} {' '.join(sorted(held['squirrels']))}".rstrip(),
                  f"nests {colour} {' '.join(sorted(held['nests']))}".rstrip(),
                  f"objectives {colour} {' '.join(sorted(objectives[colour]))}"]  # fmt: skip
    return "\n".join(lines) + "\n"


def _colours(game: Game) -> list[str]:
    return [c.fields["colour"] for c in game.group("squirrels").components]


def _fit(coordinates: dict[int, tuple[int, int]]) -> dict[int, int] | None:
    """Each tile's space, if the tiles fit the forest in exactly one way, else None."""
    cells = set(forest.coordinates())
    fits = []
    for q0, r0 in cells:
        for anchor in coordinates.values():
            dq, dr = q0 - anchor[0], r0 - anchor[1]
            if all((q + dq, r + dr) in cells for q, r in coordinates.values()):
                fits.append((dq, dr))
    shifts = set(fits)
    if len(shifts) != 1:
        return None
    dq, dr = shifts.pop()
    return {i: forest.at(q + dq, r + dr) for i, (q, r) in coordinates.items()}
