"""Synthetic photos of a table, made from a game's own exported faces (the PNG export's
rasteriser): the pieces laid out as at a table, then seen by a camera tilted up to 35°, turned
any way, blurred, noisy, unevenly lit and saved as JPEG quality 60. Each photo comes with the
truth: every piece's ID and its code's corners in the photo.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from pnpkit.components.model import Game
from pnpkit.generator.backends.page_per_face import FacePage
from pnpkit.generator.export.formats import render_images
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.faces.shapes import hex_points
from pnpkit.scan import homography
from pnpkit.scan.homography import Matrix, Point
from pnpkit.scan.pieces import code_places
from pnpkit.units import MM

TABLE = (118, 92, 70)


@dataclass(frozen=True)
class Placed:
    """A piece on the table: its ID, its centre (mm) and its turn (degrees, anticlockwise)."""

    id: str
    x: float
    y: float
    turn: float = 0.0


@dataclass(frozen=True)
class Camera:
    """How the photo is taken and spoilt."""

    size: tuple[int, int] = (4000, 3000)
    tilt: float = 0.0
    """Degrees the camera leans from straight down (the far side shrinks)."""
    turn: float = 0.0
    """Degrees the whole table is turned in the photo."""
    fill: float = 0.85
    """The share of the photo's width or height that the pieces span."""
    blur: float = 0.8
    noise: float = 6.0
    light: float = 0.45
    """How much darker the darkest corner is than the brightest (0: even light)."""
    quality: int = 60
    seed: int = 0


@dataclass(frozen=True)
class Truth:
    """A piece in the photo: its ID and its code's corners (pixels)."""

    id: str
    code: tuple[Point, ...]

    @property
    def side(self) -> float:
        c = self.code
        return sum(math.dist(c[i], c[(i + 1) % 4]) for i in range(4)) / 4

    @property
    def centre(self) -> Point:
        return (sum(p[0] for p in self.code) / 4, sum(p[1] for p in self.code) / 4)


_faces: dict[tuple[str, str, float], Image.Image] = {}


def face_image(game: Game, component_id: str, dpi: float) -> Image.Image:
    """The front of a component as the PNG export draws it (RGBA, transparent outside)."""
    key = (str(game.directory), component_id, dpi)
    if key not in _faces:
        component = game.component(component_id)
        face = GroupFaces(game, game.group(component.group)).front(component)
        [image] = render_images([FacePage(face, 0.0, component_id)], dpi, "bench")
        _faces[key] = _cut(image.convert("RGBA"), face.shape)
    return _faces[key]


def _cut(image: Image.Image, shape: str) -> Image.Image:
    """The face cut out along its shape (a round token, a hex tile), transparent outside."""
    if shape not in ("circle", "hex", "hex-flat"):
        return image
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    w, h = image.size
    if shape == "circle":
        draw.ellipse((0, 0, w - 1, h - 1), fill=255)
    else:
        draw.polygon(hex_points(0, 0, w - 1, h - 1, shape == "hex-flat"), fill=255)
    image.putalpha(ImageChops.multiply(image.getchannel("A"), mask))
    return image


def photograph(
    game: Game, layout: Sequence[Placed], camera: Camera, dpi: float = 200
) -> tuple[bytes, list[Truth]]:
    """A JPEG photo of the pieces of `layout` and the truth about each code in it."""
    rng = random.Random(camera.seed)
    ppm = dpi / 25.4
    faces = {p.id: face_image(game, p.id, dpi) for p in layout}
    spans = [max(faces[p.id].size) / ppm / 2 for p in layout]
    x0 = min(p.x - s for p, s in zip(layout, spans, strict=True)) - 10
    y0 = min(p.y - s for p, s in zip(layout, spans, strict=True)) - 10
    x1 = max(p.x + s for p, s in zip(layout, spans, strict=True)) + 10
    y1 = max(p.y + s for p, s in zip(layout, spans, strict=True)) + 10
    table = Image.new("RGB", (round((x1 - x0) * ppm), round((y1 - y0) * ppm)), TABLE)
    places = code_places(game)
    truths: list[tuple[str, list[Point]]] = []
    for piece in layout:
        image = faces[piece.id].rotate(piece.turn, resample=Image.BICUBIC, expand=True)
        cx, cy = (piece.x - x0) * ppm, (piece.y - y0) * ppm
        table.paste(image, (round(cx - image.width / 2), round(cy - image.height / 2)), image)
        place = places.get(piece.id)
        if place is None:
            continue
        x, y, s = place.square
        a = math.radians(piece.turn)
        corners = []
        for fx, fy in ((x, y), (x + s, y), (x + s, y + s), (x, y + s)):
            dx, dy = (fx - place.width / 2) / MM * ppm, (fy - place.height / 2) / MM * ppm
            corners.append((cx + dx * math.cos(a) + dy * math.sin(a),
                            cy - dx * math.sin(a) + dy * math.cos(a)))  # fmt: skip
        truths.append((piece.id, corners))
    to_photo = _camera(table.size, camera)
    inverse = homography.invert(to_photo)
    data = (*inverse[0], *inverse[1], inverse[2][0], inverse[2][1])
    photo = table.transform(camera.size, Image.PERSPECTIVE, data, Image.BICUBIC, fillcolor=TABLE)
    photo = _spoil(photo, camera, rng)
    truth = [Truth(i, tuple(homography.apply(to_photo, p) for p in c)) for i, c in truths]
    buffer = io.BytesIO()
    photo.save(buffer, "JPEG", quality=camera.quality)
    return buffer.getvalue(), truth


def _camera(table: tuple[int, int], camera: Camera) -> Matrix:
    """Table pixels to photo pixels: a pinhole camera leaning `tilt` from straight down."""
    tw, th = table
    tilt, turn = math.radians(camera.tilt), math.radians(camera.turn)
    distance = 2.2 * max(tw, th)

    def project(x: float, y: float) -> Point:
        x, y = x - tw / 2, y - th / 2
        x, y = x * math.cos(turn) - y * math.sin(turn), x * math.sin(turn) + y * math.cos(turn)
        depth = distance + y * math.sin(tilt)
        return x / depth, y * math.cos(tilt) / depth

    corners = [(0, 0), (tw, 0), (tw, th), (0, th)]
    seen = [project(*p) for p in corners]
    xs, ys = [p[0] for p in seen], [p[1] for p in seen]
    w, h = camera.size
    scale = camera.fill * min(w / (max(xs) - min(xs)), h / (max(ys) - min(ys)))
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    target = [(w / 2 + (p[0] - mx) * scale, h / 2 + (p[1] - my) * scale) for p in seen]
    return homography.solve(corners, target)


def _spoil(photo: Image.Image, camera: Camera, rng: random.Random) -> Image.Image:
    """Uneven light (a slope and a vignette), blur and sensor noise."""
    w, h = photo.size
    angle = rng.uniform(0, 2 * math.pi)
    light = Image.new("L", (64, 48))
    light.putdata([
        round(255 * (1 - camera.light * (0.5 + 0.5 * math.cos(angle) * (x / 31.5 - 1)
                                         + 0.5 * math.sin(angle) * (y / 23.5 - 1)) / 1.5
                     - 0.15 * camera.light * ((x / 31.5 - 1) ** 2 + (y / 23.5 - 1) ** 2)))
        for y in range(48) for x in range(64)
    ])  # fmt: skip
    light = light.resize((w, h), Image.BILINEAR).convert("RGB")
    photo = ImageChops.multiply(photo, light)
    if camera.blur:
        photo = photo.filter(ImageFilter.GaussianBlur(camera.blur))
    if camera.noise:
        # uniform noise of standard deviation `noise`, drawn from the seeded generator
        spread = camera.noise * 3**0.5 / 128
        noise = Image.frombytes("L", (w, h), rng.randbytes(w * h))
        noise = noise.point(lambda v: round(128 + (v - 128) * spread)).convert("RGB")
        photo = ImageChops.add(photo, noise, offset=-128)
    return photo


def alpina_layout(game: Game, rng: random.Random, hidden: int = 0) -> tuple[list[Placed], str]:
    """A finished Alpina grid (25 cards, jittered as laid by hand) with hikers on some cards,
    and its position file. `hidden` cards are left out of the layout (not of the file)."""
    cards = [c.id for c in game.group("cards").components]
    starters = [c for c in cards if game.component(c).fields.get("starter")]
    chosen = [*rng.sample([c for c in cards if c not in starters], 24), rng.choice(starters)]
    rng.shuffle(chosen)
    colours = ["red", "yellow"]
    hikers = {c.fields["colour"]: c.id for c in game.group("hikers").components}
    spaces = rng.sample(range(25), 6)
    on = {s: colours[n % 2] for n, s in enumerate(spaces)}
    layout, rows = [], []
    for row in range(5):
        cells = []
        for column in range(5):
            space = row * 5 + column
            x, y = column * 66 + rng.uniform(-1, 1), row * 92 + rng.uniform(-1, 1)
            if space >= hidden:
                layout.append(Placed(chosen[space], x, y, rng.uniform(-3, 3)))
            cells.append(chosen[space] + (f"*{on[space]}" if space in on else ""))
            if space in on:
                hx, hy = x + rng.uniform(-12, 12), y + rng.uniform(-8, 22)
                layout.append(Placed(hikers[on[space]], hx, hy, rng.uniform(0, 360)))
        rows.append("  ".join(cells))
    for n, colour in enumerate(colours):  # the hikers not placed, beside the grid
        for k in range(5):
            layout.append(Placed(hikers[colour], -58 - 20 * n, 30 + k * 20, rng.uniform(0, 360)))
    return layout, "order: red, yellow\n" + "\n".join(rows) + "\n"


def nut_hunt_layout(game: Game, rng: random.Random, hidden: int = 0) -> tuple[list[Placed], str]:
    """A finished Nut Hunt forest (19 hexes) with two players' squirrels and nests on it, and
    each player's objective cards at their seat with a squirrel beside them; and its position
    file. `hidden` tiles are left out of the layout (not of the file)."""
    tiles = [c.id for c in game.group("locations").components]
    rng.shuffle(tiles)
    specials = {c.fields.get("special"): c.id for c in game.group("locations").components}
    frog = specials["frog-pond"]
    rows, layout, spots = (3, 4, 5, 4, 3), [], []
    width, step = 60.0, 60.0 * 2 / math.sqrt(3) * 0.75
    n = 0
    lines = []
    for row, count in enumerate(rows):
        line = []
        for column in range(count):
            x = (column - (count - 1) / 2) * width + rng.uniform(-0.8, 0.8)
            y = (row - 2) * step + rng.uniform(-0.8, 0.8)
            if n >= hidden:
                layout.append(Placed(tiles[n], x, y, rng.uniform(-2, 2)))
            spots.append((tiles[n], x, y))
            line.append(tiles[n])
            n += 1
        lines.append("layout " + " ".join(line))
    players = {"green": ("NH-SQGRN", "NH-NSGRN"), "yellow": ("NH-SQYEL", "NH-NSYEL")}
    objectives = [c.id for c in game.group("objectives").components]
    rng.shuffle(objectives)
    free = [s for s in spots if s[0] != frog]
    rng.shuffle(free)
    text = "\n".join(lines) + "\n"
    for seat, (name, (squirrel, nest)) in enumerate(players.items()):
        mine = [free.pop() for _ in range(3)]
        nests = [free.pop()]
        for _, x, y in mine:
            layout.append(Placed(squirrel, x + rng.uniform(-12, 12), y + rng.uniform(-14, 2),
                                 rng.uniform(0, 360)))  # fmt: skip
        for _, x, y in nests:
            layout.append(Placed(nest, x + rng.uniform(-8, 8), y + rng.uniform(-12, 0),
                                 rng.uniform(0, 360)))  # fmt: skip
        held = [objectives.pop() for _ in range(2)]
        sx = -150 + 300 * seat
        for k, card in enumerate(held):
            layout.append(Placed(card, sx + k * 66 - 33, 200, rng.uniform(-4, 4)))
        layout.append(Placed(squirrel, sx, 265, rng.uniform(0, 360)))
        text += (f"player {name}\nsquirrels {name} {' '.join(t for t, _, _ in mine)}\n"
                 f"nests {name} {' '.join(t for t, _, _ in nests)}\n"
                 f"objectives {name} {' '.join(held)}\n")  # fmt: skip
    return layout, text
