"""Pieces found in a photo: each code read, matched to a component of the game, and the
piece's own outline worked out from where the code sits on its printed face.

Only a code whose text is a component ID of the game counts; any other text, and every code
that could not be decoded, is reported as such and never guessed at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from PIL import Image

from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.scan import homography
from pnpkit.scan.homography import Matrix, Point
from pnpkit.scan.photo import Sighting, find_codes, merged, open_photo, read_regions

KINDS = ("deck", "tiles", "tokens")
"""The groups whose faces may carry a code and lie on a table (dice and standees do not)."""


@dataclass(frozen=True)
class CodePlace:
    """Where a component's code is printed: the side, the symbol's square (points, y down from
    the trim's top-left corner) and the face's trim size."""

    component: str
    group: str
    side: str
    square: tuple[float, float, float]
    """x, y and side of the symbol, its quiet zone excluded."""
    width: float
    height: float
    shape: str
    symbology: str
    kind: str
    """The group's kind: deck, tiles or tokens."""


@dataclass(frozen=True)
class Piece:
    """A piece found in a photo: its component, the face showing, the code's corners and the
    piece's own corners and centre, in pixels."""

    id: str
    group: str
    side: str
    code: tuple[Point, ...]
    corners: tuple[Point, ...]
    centre: Point
    to_face: Matrix
    """Photo pixels to face points (y down from the trim's top-left): whether a point of the
    photo lies on this piece."""
    place: CodePlace

    def face_point(self, point: Point) -> Point:
        """A photo point in this piece's face coordinates (points)."""
        return homography.apply(self.to_face, point)

    def outline(self) -> list[Point]:
        """The piece's cut shape (rectangle, circle or hex) in photo pixels."""
        import math

        from pnpkit.generator.faces.shapes import hex_points

        w, h = self.place.width, self.place.height
        if self.place.shape == "circle":
            points = [(w / 2 + w / 2 * math.cos(a / 24 * math.tau),
                       h / 2 + h / 2 * math.sin(a / 24 * math.tau)) for a in range(24)]  # fmt: skip
        elif self.place.shape in ("hex", "hex-flat"):
            points = hex_points(0, 0, w, h, self.place.shape == "hex-flat")
        else:
            points = [(0, 0), (w, 0), (w, h), (0, h)]
        to_photo = homography.invert(self.to_face)
        return [homography.apply(to_photo, p) for p in points]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "group": self.group,
            "side": self.side,
            "centre": _rounded(self.centre),
            "corners": [_rounded(p) for p in self.corners],
            "code": [_rounded(p) for p in self.code],
        }


@dataclass(frozen=True)
class Unread:
    """A code that names no piece: its text (when decoded), why it does not count, where."""

    text: str
    reason: str
    code: tuple[Point, ...]

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "reason": self.reason, "code": [_rounded(p) for p in self.code]}


@dataclass(frozen=True)
class PhotoScan:
    """Everything read from one photo."""

    photo: Path
    size: tuple[int, int]
    pieces: tuple[Piece, ...]
    unread: tuple[Unread, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "photo": str(self.photo),
            "size": list(self.size),
            "pieces": [p.to_json() for p in self.pieces],
            "unread": [u.to_json() for u in self.unread],
        }


def _rounded(point: Point) -> list[float]:
    return [round(point[0], 1), round(point[1], 1)]


_PLACES: dict[tuple[str, str], dict[str, CodePlace]] = {}


def code_places(game: Game) -> dict[str, CodePlace]:
    """Where each code the game prints sits, by the text it encodes (a component's ID)."""
    key = (str(game.directory), game.id)
    if key not in _PLACES:
        _PLACES[key] = _places(game)
    return _PLACES[key]


def _places(game: Game) -> dict[str, CodePlace]:
    from pnpkit.generator.faces import codemark
    from pnpkit.generator.faces.compose import coord
    from pnpkit.generator.faces.groups import GroupFaces

    found: dict[str, CodePlace] = {}
    for group in game.groups:
        if group.kind not in KINDS:
            continue
        faces = GroupFaces(game, group)
        for side in faces.sides():
            builder = faces.builder(side)
            elements = [e for e in builder.template.get("elements", []) if e.get("type") == "code"]
            for element in elements:
                for component in group.components:
                    builder.context, builder.label, builder.vars = (
                        faces.context(component), component.id, {})  # fmt: skip
                    if not builder.visible(element.get("when")):
                        continue
                    text = builder.text(element.get("text", "{id}"))
                    spot = codemark.place(element, coord, builder.width, builder.height, text)
                    found.setdefault(text, CodePlace(
                        component.id, group.id, side, (spot.x, spot.y, spot.side),
                        builder.width, builder.height, builder.shape,
                        element.get("symbology", "datamatrix"), group.kind))  # fmt: skip
    return found


def scan_photo(game: Game, path: Path | IO[bytes], name: str = "") -> PhotoScan:
    """Read every code in the photo at `path` (or an upload's bytes, called `name`); PnpError
    if the photo cannot be read or the game prints no codes."""
    printed_codes(game)  # before the photo is opened
    return scan_image(game, open_photo(path, name), name or str(path))


def scan_image(game: Game, image: Image.Image, name: str) -> PhotoScan:
    """Read every code in a photo already opened (open_photo), called `name`."""
    symbologies = frozenset(p.symbology for p in printed_codes(game).values())
    sightings = find_codes(image, symbologies)
    tried: list[Point] = []
    for _ in range(NEIGHBOUR_ROUNDS):
        scan = read_pieces(game, Path(name), image.size, sightings)
        boxes = _neighbour_boxes(scan.pieces, tried)
        new = read_regions(image, boxes, symbologies) if boxes else []
        if not new:
            break
        sightings = merged(sightings, new)
    return read_pieces(game, Path(name), image.size, sightings)


SMALL_CODE = 40
"""Codes spanning fewer pixels than this are small enough that a neighbour beside one may have
been missed by the whole photo's passes (larger ones are all read)."""
NEIGHBOUR_ROUNDS = 1
"""How many times the places beside read pieces are looked at (a code found there has
neighbours of its own)."""
NEIGHBOUR_REACH = 2.5
"""How far a box looked in for a neighbour's code reaches from where that code would be (one
step from the piece's own, the neighbour laid the same way), in sides of the piece's code."""
NEIGHBOUR_STEPS = {
    "rect": ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)),
    "hex": ((1, 0), (-1, 0), (0.5, 0.75), (-0.5, 0.75), (0.5, -0.75), (-0.5, -0.75)),
    "hex-flat": ((0, 1), (0, -1), (0.75, 0.5), (0.75, -0.5), (-0.75, 0.5), (-0.75, -0.5)),
}
"""Where a neighbour's centre lies, in the piece's widths and heights, by the piece's shape: a
grid's eight neighbours, a hex's six. Round pieces (tokens) are not laid in a pattern."""


def _neighbour_boxes(pieces: Sequence[Piece], tried: list[Point]) -> list[tuple[int, ...]]:
    """Boxes around the places where a neighbour of a piece with a small code would lie and
    none was read (not yet in `tried`, which is extended): a missed code is looked for there."""
    boxes = []
    radii = [max(_distance(c, p.centre) for c in p.corners) for p in pieces]
    for piece in pieces:
        side = _side(piece.code)
        steps = NEIGHBOUR_STEPS.get(piece.place.shape, ())
        if side >= SMALL_CODE or piece.place.kind == "tokens":
            continue
        w, h = piece.place.width, piece.place.height
        x, y, s = piece.place.square
        to_photo = homography.invert(piece.to_face)
        # a neighbour laid the same way has its code one step from this one's
        half = NEIGHBOUR_REACH * side
        for sx, sy in steps:
            centre = homography.apply(to_photo, (x + s / 2 + sx * w, y + s / 2 + sy * h))
            middle = homography.apply(to_photo, (w / 2 + sx * w, h / 2 + sy * h))
            if any(_distance(middle, p.centre) < r and inside(p, middle)
                   for p, r in zip(pieces, radii, strict=True)):  # fmt: skip
                continue
            if any(_distance(centre, t) < half * 0.5 for t in tried):
                continue
            tried.append(centre)
            cx, cy = centre
            boxes.append((int(cx - half), int(cy - half), int(cx + half) + 1, int(cy + half) + 1))
    return boxes


def _side(corners: Sequence[Point]) -> float:
    return sum(_distance(corners[i], corners[(i + 1) % 4]) for i in range(4)) / 4


def _distance(a: Point, b: Point) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def printed_codes(game: Game) -> dict[str, CodePlace]:
    """code_places, or PnpError if the game prints no codes."""
    places = code_places(game)
    if not places:
        raise PnpError(
            f"{game.name} prints no codes on its pieces: add a `code` element to its layouts "
            "(docs/generator.md, “Codes for pnp scan”)"
        )
    return places


def read_pieces(
    game: Game, path: Path, size: tuple[int, int], sightings: Sequence[Sighting]
) -> PhotoScan:
    """The pieces and the unread codes among `sightings`."""
    places = code_places(game)
    pieces, unread = [], []
    for seen in sightings:
        if seen.error:
            unread.append(Unread("", f"damaged: {seen.error}", seen.corners))
        elif seen.text not in places:
            unread.append(Unread(seen.text, f"not a code of {game.name}'s pieces", seen.corners))
        else:
            pieces.append(_piece(places[seen.text], seen))
    pieces.sort(key=lambda p: (p.centre[1], p.centre[0]))
    return PhotoScan(path, size, tuple(pieces), tuple(unread))


def _piece(place: CodePlace, seen: Sighting) -> Piece:
    x, y, s = place.square
    square = ((x, y), (x + s, y), (x + s, y + s), (x, y + s))
    to_photo = homography.affine(square, seen.corners)
    w, h = place.width, place.height
    corners = tuple(homography.apply(to_photo, p) for p in ((0, 0), (w, 0), (w, h), (0, h)))
    centre = homography.apply(to_photo, (w / 2, h / 2))
    to_face = homography.invert(to_photo)
    return Piece(place.component, place.group, place.side, seen.corners, corners, centre,
                 to_face, place)  # fmt: skip


def inside(piece: Piece, point: Point, margin: float = 0.0) -> bool:
    """Whether a photo point lies on the piece (its cut shape: a rectangle, circle or hex), at
    least `margin` points in from its edge (a negative margin: at most that far outside)."""
    from pnpkit.generator.faces.codemark import inside_face

    x, y = piece.face_point(point)
    w, h = piece.place.width, piece.place.height
    if min(w, h) <= 2 * margin:
        return False
    # grow the point's distance from the centre as much as the margin shrinks the shape
    grow = min(w, h) / (min(w, h) - 2 * margin)
    x, y = w / 2 + (x - w / 2) * grow, h / 2 + (y - h / 2) * grow
    return inside_face(piece.place.shape, w, h)(x, y)
