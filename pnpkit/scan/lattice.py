"""Where pieces lie relative to each other, for a game's rules that read a position from photos.

Each piece knows the map from photo pixels to its own printed face (from its code), so a
neighbour's centre seen in that face's coordinates gives the step between the two however the
camera leaned. Steps between near neighbours are chained into integer coordinates for every
piece of a connected group; only near neighbours are used, so errors do not build up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from pnpkit.scan.pieces import Piece, inside

Step = Callable[[float, float], tuple[int, int] | None]
"""A neighbour's offset (points, from the piece's face centre, y down) as a lattice step, or
None if it is not a neighbour's place."""


def offset(piece: Piece, other: Piece) -> tuple[float, float]:
    """`other`'s centre relative to `piece`'s, in `piece`'s face coordinates (points)."""
    x, y = piece.face_point(other.centre)
    return x - piece.place.width / 2, y - piece.place.height / 2


def lattice(pieces: Sequence[Piece], step: Step, reach: float) -> list[dict[int, tuple[int, int]]]:
    """Integer coordinates of the pieces, one dict (index in `pieces` → coordinates) per
    connected group, largest first. Pieces are joined where one lies within `reach` points
    of another (in its face coordinates) at a place `step` accepts; nearest pairs first."""
    pairs = []
    for i, a in enumerate(pieces):
        for j, b in enumerate(pieces):
            if i != j:
                dx, dy = offset(a, b)
                distance = math.hypot(dx, dy)
                if distance <= reach and step(dx, dy) is not None:
                    pairs.append((distance, i, j, step(dx, dy)))
    pairs.sort()
    groups: list[dict[int, tuple[int, int]]] = []
    where: dict[int, int] = {}
    for i in range(len(pieces)):
        if i in where:
            continue
        group = {i: (0, 0)}
        where[i] = len(groups)
        grown = True
        while grown:
            grown = False
            for _, a, b, (sx, sy) in pairs:
                if a in group and b not in where:
                    group[b] = (group[a][0] + sx, group[a][1] + sy)
                    where[b] = len(groups)
                    grown = True
                    break
        groups.append(group)
    groups.sort(key=len, reverse=True)
    return groups


def holder(pieces: Sequence[Piece], token: Piece, margin: float) -> list[Piece]:
    """The pieces whose face the token's centre lies on (at least `margin` points inside);
    none or several: the token is not clearly on one."""
    return [p for p in pieces if inside(p, token.centre, margin)]


def near(pieces: Sequence[Piece], token: Piece, margin: float) -> list[Piece]:
    """The pieces whose face the token's centre touches, up to `margin` points outside."""
    return [p for p in pieces if inside(p, token.centre, -margin)]
