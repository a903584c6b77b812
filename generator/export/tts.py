"""Tabletop Simulator export: deck sheets and a saved object per group, imported as-is.

A deck becomes card sheets of at most 10 × 7 slots, each sheet's last slot holding the hidden
face (the deck's back), no side over 4096 px, and a "DeckCustom" saved object whose CardIDs
(sheet key × 100 + slot) repeat each card as many times as the definitions count it. Tiles and
tokens become "Custom_Tile" objects (TTS's advice: tiles load faster than tokens), boards and
tracks "Custom_Board". Images are named by local file URLs. See docs/export.md for the sources.
"""

from __future__ import annotations

import hashlib
import json
import math
from io import BytesIO
from pathlib import Path
from typing import Any

from PIL import Image

from pnpkit.components.model import Game, Group
from pnpkit.generator.backends.page_per_face import FacePage
from pnpkit.generator.backends.raster import PixelSize, pixels
from pnpkit.generator.export.formats import (
    GameExport,
    Written,
    distinct_pages,
    look,
    render_images,
    render_pngs,
    sides,
)
from pnpkit.generator.faces.face import Face
from pnpkit.generator.faces.groups import GroupFaces, export_faces
from pnpkit.generator.outfolder import swapped_folder
from pnpkit.units import MM

MAX_COLUMNS, MAX_ROWS = 10, 7
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot holds the hidden face
MAX_SIDE_PX = 4096
TILE_TYPE = {"rect": 0, "hex": 1, "hex-flat": 1, "circle": 2, "rounded": 3}
WHITE = (255, 255, 255)
PIECES = ("tiles", "tokens", "board", "track")  # as Custom_Tile or Custom_Board
CARD_MM = 88.9
"""A card's long side at scale 1 in TTS, taken to be a poker card's (TTS sets every card of a
deck to the same height at scale 1, whatever its pixels)."""
BOARD_INCH_PER_SCALE = 29 / 22
"""A Custom_Tile's or Custom_Board's height in inches per unit of scale, against a card's 3.5 at
scale 1, as measured in a published mod whose boards and cards are to scale (a 29-inch board
at scale 22: frankieliu/tts-tools, docs/TTS_SCALING_SOLVED.md). TTS gives no such figure: its
knowledge base says only that an in-game unit is about an inch (Custom Tile, Thickness)."""
PIECE_MM = CARD_MM * BOARD_INCH_PER_SCALE / 3.5
"""A Custom_Tile's or Custom_Board's side at scale 1 (its image's height; the width follows
the image's proportions), in the measure of CARD_MM."""


def sheet_grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `cards` cards and the hidden face in its last slot."""
    slots = cards + 1
    columns = min(MAX_COLUMNS, slots)
    return columns, math.ceil(slots / columns)


def cell_size(
    face_width: float, face_height: float, dpi: float, grid: tuple[int, int]
) -> PixelSize:
    """A card's pixel size on a sheet: at `dpi`, scaled down so that no side passes 4096 px."""
    columns, rows = grid
    width, height = pixels(face_width, dpi), pixels(face_height, dpi)
    scale = min(1.0, MAX_SIDE_PX / (columns * width), MAX_SIDE_PX / (rows * height))
    return PixelSize(max(1, math.floor(width * scale)), max(1, math.floor(height * scale)))


def deck_keys(game: Game) -> dict[str, int]:
    """The first CustomDeck key of each deck group: keys count sheets through the whole game,
    so that decks of one game imported together never share a key."""
    keys, next_key = {}, 1
    for group in game.groups:
        if group.kind == "deck":
            keys[group.id] = next_key
            next_key += math.ceil(len(group.components) / CARDS_PER_SHEET)
    return keys


def guid(*parts: object) -> str:
    """A stable six-hex-digit GUID for an object (the same export gives the same GUIDs)."""
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:6]


def transform(
    x: float = 0.0, z: float = 0.0, face_down: bool = False, scale: float = 1.0
) -> dict[str, float]:
    """Where an object lies, and its scale across the table (its thickness is left as is)."""
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": round(scale, 4),
        "scaleY": 1.0,
        "scaleZ": round(scale, 4),
    }


def card_scale(face: Face) -> float:
    """The scale at which a card of `face`'s size keeps its real size beside other pieces."""
    return max(face.width, face.height) / MM / CARD_MM


def piece_scale(face: Face) -> float:
    """The scale at which a tile, token or board keeps its real size beside other pieces."""
    return face.height / MM / PIECE_MM


def base_object(name: str, nickname: str, description: str, ident: str, **place: Any) -> dict:
    return {
        "GUID": ident,
        "Name": name,
        "Transform": transform(**place),
        "Nickname": nickname,
        "Description": description,
        "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
    }


def saved_object(objects: list[dict]) -> dict:
    """A saved-object file: a save whose outer fields are empty, around `objects`."""
    return {
        "SaveName": "",
        "GameMode": "",
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "TabStates": {},
        "ObjectStates": objects,
    }


def export_tts(
    game: Game, group: Group, folder: Path, dpi: float, result: GameExport
) -> list[Written]:
    """The group's images and <game>-<group>.json, a saved object TTS imports as-is."""
    if group.kind not in ("deck", *PIECES):
        result.skip(group, "Tabletop Simulator has no custom object for these (use --png)")
        return []
    faces = export_faces(game, group, 0.0)
    faces.warnings = result.warnings
    with swapped_folder(folder) as temp:
        if group.kind == "deck":
            written, objects = _deck(game, group, faces, folder, temp, dpi)
        else:
            written, objects = _pieces(game, group, faces, folder, temp, dpi)
        name = f"{game.id}-{group.id}.json"
        data = json.dumps(saved_object(objects), indent=2, ensure_ascii=False).encode("utf-8")
        (temp / name).write_bytes(data)
        written.append(Written(folder / name, "tts-json", 0, len(data)))
    return written


def _deck(
    game: Game, group: Group, faces: GroupFaces, folder: Path, temp: Path, dpi: float
) -> tuple[list[Written], list[dict]]:
    components = list(group.components)
    backs = [look(faces.back(c)) for c in components]
    unique_backs = len(set(backs)) > 1
    sample = faces.front(components[0])
    sideways = sample.width > sample.height
    scale = card_scale(sample)
    first_key = deck_keys(game)[group.id]
    written: list[Written] = []
    custom: dict[str, dict] = {}
    card_ids: dict[str, int] = {}
    for number, start in enumerate(range(0, len(components), CARDS_PER_SHEET)):
        chunk = components[start : start + CARDS_PER_SHEET]
        key = first_key + number
        grid = sheet_grid(len(chunk))
        cell = cell_size(sample.width, sample.height, dpi, grid)
        hidden = backs[start]
        fronts = [faces.front(c) for c in chunk]
        face_sheet = _sheet([*fronts, hidden], grid, cell, dpi, f"{group.name} sheet {key}")
        face_name = f"{group.id}-sheet-{number + 1}.png"
        written.append(_save(face_sheet, folder, temp, face_name, len(chunk) + 1))
        if unique_backs:
            back_sheet = _sheet(
                [*backs[start : start + len(chunk)], hidden],
                grid,
                cell,
                dpi,
                f"{group.name} backs {key}",
            )
            back_name = f"{group.id}-backs-{number + 1}.png"
            written.append(_save(back_sheet, folder, temp, back_name, len(chunk) + 1))
        else:
            back_name = f"{group.id}-back.png"
            if number == 0:
                (image,) = _images([hidden], [cell], dpi, group.name)
                written.append(_save(image, folder, temp, back_name, 1))
        custom[str(key)] = {
            "FaceURL": (folder / face_name).resolve().as_uri(),
            "BackURL": (folder / back_name).resolve().as_uri(),
            "NumWidth": grid[0],
            "NumHeight": grid[1],
            "BackIsHidden": True,
            "UniqueBack": unique_backs,
            "Type": 0,
        }
        for slot, component in enumerate(chunk):
            card_ids[component.id] = key * 100 + slot
    cards = []
    for component in components:
        card_id = card_ids[component.id]
        deck = {str(card_id // 100): custom[str(card_id // 100)]}
        for copy in range(1, component.count + 1):
            card = base_object(
                "Card",
                component.name,
                component.id,
                guid(game.id, component.id, copy),
                face_down=True,
                scale=scale,
            )
            card.update({"CardID": card_id, "SidewaysCard": sideways, "CustomDeck": deck})
            cards.append(card)
    if len(cards) == 1:  # TTS makes a deck of two or more cards; one card is a card
        return written, cards
    deck_object = base_object(
        "DeckCustom",
        group.name,
        f"{game.name}: {group.name}",
        guid(game.id, group.id),
        face_down=True,
        scale=scale,
    )
    deck_object.update(
        {
            "SidewaysCard": sideways,
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": custom,
            "ContainedObjects": cards,
        }
    )
    return written, [deck_object]


def _pieces(
    game: Game, group: Group, faces: GroupFaces, folder: Path, temp: Path, dpi: float
) -> tuple[list[Written], list[dict]]:
    """Tiles and tokens as Custom_Tile (boards and tracks as Custom_Board), one per copy."""
    entries = sides(faces)
    pages, where = distinct_pages(entries, 0.0)
    images = render_pngs(pages, dpi, group.name)
    written, urls = [], {}
    for (component, side, _), page in zip(entries, where, strict=True):
        name = f"{component.id}-{side}.png"
        (temp / name).write_bytes(images[page])
        written.append(Written(folder / name, "png", 1, len(images[page])))
        urls[component.id, side] = (folder / name).resolve().as_uri()
    objects = []
    stackable = group.kind == "tokens"
    columns = max(1, math.ceil(math.sqrt(sum(c.count for c in group.components))))
    n = 0
    for component in group.components:
        front = urls[component.id, "front"]
        back = urls.get((component.id, "back"), front)
        shape = faces.front(component).shape
        for copy in range(1, component.count + 1):
            scale = piece_scale(faces.front(component))
            place = {"x": 2.5 * (n % columns), "z": -2.5 * (n // columns), "scale": scale}
            n += 1
            ident = guid(game.id, component.id, copy)
            if group.kind in ("board", "track"):
                piece = base_object("Custom_Board", component.name, component.id, ident, **place)
                piece["CustomImage"] = {"ImageURL": front, "ImageSecondaryURL": back}
            else:
                piece = base_object("Custom_Tile", component.name, component.id, ident, **place)
                piece["CustomImage"] = {
                    "ImageURL": front,
                    "ImageSecondaryURL": back,
                    "CustomTile": {
                        "Type": TILE_TYPE.get(shape, 0),
                        "Thickness": 0.1,
                        "Stackable": stackable,
                        "Stretch": False,
                    },
                }
            objects.append(piece)
    return written, objects


def _images(faces: list[Face], sizes: list[PixelSize], dpi: float, title: str) -> list[Image.Image]:
    pages = [FacePage(face, 0.0, f"face-{n}") for n, face in enumerate(faces)]
    return render_images(pages, dpi, title, sizes)


def _sheet(
    faces: list[Face], grid: tuple[int, int], cell: PixelSize, dpi: float, title: str
) -> Image.Image:
    """Faces in reading order on a grid of cells; the last face goes in the last slot."""
    columns, rows = grid
    faces = [look(face) for face in faces]
    distinct = list(dict.fromkeys(faces))
    rendered = dict(
        zip(distinct, _images(distinct, [cell] * len(distinct), dpi, title), strict=True)
    )
    sheet = Image.new("RGB", (columns * cell.width, rows * cell.height), WHITE)
    slots = [*range(len(faces) - 1), columns * rows - 1]
    for slot, face in zip(slots, faces, strict=True):
        image = rendered[face].convert("RGBA")
        x, y = (slot % columns) * cell.width, (slot // columns) * cell.height
        sheet.paste(image, (x, y), image)
    return sheet


def _save(image: Image.Image, folder: Path, temp: Path, name: str, images: int) -> Written:
    buffer = BytesIO()
    image.save(buffer, format="PNG", compress_level=6)
    data = buffer.getvalue()
    (temp / name).write_bytes(data)
    return Written(folder / name, "tts-sheet", images, len(data))
