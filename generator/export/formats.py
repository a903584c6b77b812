"""`pnp export`: PNG faces, Tabletop Simulator objects, print-shop files and showcase images.

Every image is rasterised (PDFium) from a one-face-per-page PDF drawn by the same code as the
print PDFs, so an export is pixel-faithful to `pnp render`. Each group's files go to a folder of
their own that is filled as a temp folder and swapped in whole (`outfolder.swapped_folder`);
single files are written with `pnpkit.atomic`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from pnpkit.atomic import write_bytes
from pnpkit.components.model import Component, Game, Group
from pnpkit.generator.backends.page_per_face import FacePage, face_pages_pdf
from pnpkit.generator.backends.raster import PixelSize, pixel_size, png_bytes, rasterise
from pnpkit.generator.export.shops import Shop, size_note
from pnpkit.generator.faces.face import Face
from pnpkit.generator.faces.groups import GroupFaces, export_faces
from pnpkit.generator.outfolder import swapped_folder
from pnpkit.generator.render import selected_groups
from pnpkit.outputs import output_folder
from pnpkit.units import MM

Step = Callable[[str], None]
SHOWCASE_HEIGHT_PX = 600
SHOWCASE_CARDS = 5
SIDES = ("front", "back")


@dataclass(frozen=True)
class Written:
    """One exported file: its path, what it is, how many images it holds, its size in bytes."""

    path: Path
    kind: str  # png, pdf, tts-sheet, tts-json, showcase
    images: int
    size: int

    def to_json(self) -> dict:
        return {
            "path": str(self.path),
            "kind": self.kind,
            "images": self.images,
            "bytes": self.size,
        }


@dataclass(frozen=True)
class ExportRequest:
    """What to export: any of PNG faces, TTS objects, one shop's files, showcase images."""

    png: bool = False
    tts: bool = False
    shop: Shop | None = None
    showcase: bool = False
    dpi: float = 300.0
    bleed_mm: float = 0.0
    only: tuple[str, ...] = ()


@dataclass
class GameExport:
    """The files exported for one game, and warnings about what could not be exported as asked."""

    game: Game
    files: list[Written] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    skipped: dict[str, list[str]] = field(default_factory=dict)

    def skip(self, group: Group, reason: str) -> None:
        """Note a group that a format cannot take (one warning per reason, naming them all)."""
        self.skipped.setdefault(reason, []).append(f"{group.id} ({group.kind})")


def check_output(out: Path, game: Game) -> None:
    """Where export and watch write, `out/<game id>/`, checked by the one output check
    (pnpkit.outputs: not among the game's files, writable); a killed run's temporaries there
    are removed."""
    output_folder(out / game.id, games=[game.directory])


def steps_for(groups: list[Group], request: ExportRequest) -> int:
    """How many progress steps `export_game` reports."""
    kinds = sum((request.png, request.tts, request.shop is not None, request.showcase))
    return kinds * len(groups)


def export_game(game: Game, out: Path, request: ExportRequest, step: Step) -> GameExport:
    """Write everything `request` asks for, for the chosen groups of `game`, under out/<game>/."""
    check_output(out, game)
    groups = selected_groups(game, list(request.only))
    result = GameExport(game)
    base = out / game.id
    for group in groups:
        if request.png:
            step(f"{game.id}: {group.name} (PNG)")
            result.files += export_png(game, group, base / "png" / group.id, request, result)
        if request.tts:
            from pnpkit.generator.export.tts import export_tts

            step(f"{game.id}: {group.name} (Tabletop Simulator)")
            result.files += export_tts(game, group, base / "tts" / group.id, request.dpi, result)
        if request.shop is not None:
            step(f"{game.id}: {group.name} ({request.shop.label})")
            folder = base / f"shop-{request.shop.name}" / group.id
            result.files += export_shop(game, group, folder, request.shop, result)
        if request.showcase:
            step(f"{game.id}: {group.name} (showcase)")
            result.files.append(export_showcase(game, group, base / "showcase", result))
    for reason, names in result.skipped.items():
        result.warnings.append(f"{game.id}: {reason}; skipped {', '.join(names)}")
    return result


def sides(faces: GroupFaces) -> list[tuple[Component, str, Face]]:
    """Every distinct component's front, then its back if the group has backs."""
    found = []
    for component in faces.group.components:
        found.append((component, "front", faces.front(component)))
        back = faces.back(component)
        if back is not None:
            found.append((component, "back", back))
    return found


def copy_names(component: Component) -> list[str]:
    """One name per physical copy: the component ID and the copy's number (from 1)."""
    return [f"{component.id}-{n}" for n in range(1, component.count + 1)]


def look(face: Face) -> Face:
    """The face as drawn: faces that look the same compare equal whatever their labels."""
    return face._replace(label="")


def distinct_pages(
    entries: list[tuple[Component, str, Face]], bleed: float
) -> tuple[list[FacePage], list[int]]:
    """One page per distinct face, and for each entry the index of its page."""
    index: dict[Face, int] = {}
    pages: list[FacePage] = []
    where = []
    for component, side, face in entries:
        if look(face) not in index:
            index[look(face)] = len(pages)
            pages.append(FacePage(face, bleed, f"{side}-{component.id}"))
        where.append(index[look(face)])
    return pages, where


def render_images(
    pages: list[FacePage], dpi: float, title: str, sizes: list[PixelSize] | None = None
) -> list[Image.Image]:
    """Each page as an image at `dpi` (or at the given pixel sizes), held in memory: for the
    few images of a sheet or a showcase, not for a whole group's PNGs."""
    sizes = sizes or [pixel_size(page, dpi) for page in pages]
    pdf = face_pages_pdf(pages, title)
    jobs = [(n, page, size) for n, (page, size) in enumerate(zip(pages, sizes, strict=True))]
    return list(rasterise(pdf, jobs))


def render_pngs(pages: list[FacePage], dpi: float, title: str) -> list[bytes]:
    """Each page as PNG bytes at `dpi`."""
    return [png_bytes(image, dpi) for image in render_images(pages, dpi, title)]


def export_png(
    game: Game, group: Group, folder: Path, request: ExportRequest, result: GameExport
) -> list[Written]:
    """One PNG per face of every physical piece: <ID>-<copy>-front.png and -back.png."""
    faces = export_faces(game, group, request.bleed_mm)
    faces.warnings = result.warnings
    entries = sides(faces)
    pages, where = distinct_pages(entries, request.bleed_mm * MM)
    pdf = face_pages_pdf(pages, f"{game.name} — {group.name}")
    owners: dict[int, list[tuple[Component, str]]] = {}
    for (component, side, _), page in zip(entries, where, strict=True):
        owners.setdefault(page, []).append((component, side))
    written = []
    jobs = [(n, page, pixel_size(page, request.dpi)) for n, page in enumerate(pages)]
    with swapped_folder(folder) as temp:
        for n, image in enumerate(rasterise(pdf, jobs)):
            data = png_bytes(image, request.dpi)
            for component, side in owners[n]:
                for name in copy_names(component):
                    (temp / f"{name}-{side}.png").write_bytes(data)
                    written.append(Written(folder / f"{name}-{side}.png", "png", 1, len(data)))
    return written


def export_shop(
    game: Game, group: Group, folder: Path, shop: Shop, result: GameExport
) -> list[Written]:
    """A deck as the shop asks for it: <group>.pdf, one card side per page in deck order with
    the shop's bleed (TrimBox on the cut), and a PNG of every side at the shop's resolution."""
    if group.kind != "deck":
        result.skip(group, "print-shop files are made for decks")
        return []
    faces = GroupFaces(game, group, shop.bleed_mm)
    faces.warnings = result.warnings
    bleed = shop.bleed_mm * MM
    sample = faces.front(group.components[0])
    note = size_note(shop, sample.width / MM, sample.height / MM)
    if note:
        result.warnings.append(f"{game.id}: {group.id}: {note}")
    pages: list[FacePage] = []
    for component in group.components:
        front = FacePage(faces.front(component), bleed, f"front-{component.id}")
        back_face = faces.back(component)
        card = [front]
        if back_face is not None:
            back = FacePage(back_face, bleed, f"back-{component.id}")
            card = [back, front] if shop.backs_first else [front, back]
        pages += card * component.count
    pdf = face_pages_pdf(pages, f"{game.name} — {group.name} ({shop.label})")
    first: dict[str, int] = {}
    for n, page in enumerate(pages):
        first.setdefault(page.key, n)
    jobs = [(n, pages[n], pixel_size(pages[n], shop.dpi)) for n in first.values()]
    written = []
    with swapped_folder(folder) as temp:
        (temp / f"{group.id}.pdf").write_bytes(pdf)
        written.append(Written(folder / f"{group.id}.pdf", "pdf", len(pages), len(pdf)))
        owners = {f"{side}-{c.id}": (c, side) for c in group.components for side in SIDES}
        for key, image in zip(first, rasterise(pdf, jobs), strict=True):
            component, side = owners[key]
            data = png_bytes(image, shop.dpi)
            for name in copy_names(component):
                (temp / f"{name}-{side}.png").write_bytes(data)
                written.append(Written(folder / f"{name}-{side}.png", "png", 1, len(data)))
    return written


def export_showcase(game: Game, group: Group, folder: Path, result: GameExport) -> Written:
    """<group>.png: a few of the group's fronts fanned out, for sharing a preview."""
    from pnpkit.generator.export.showcase import fan

    faces = export_faces(game, group, 0.0)
    faces.warnings = result.warnings
    fronts = [(c, "front", faces.front(c)) for c in group.components]
    pages, _ = distinct_pages(fronts, 0.0)
    pages = pages[:SHOWCASE_CARDS]
    dpi = min(300.0, SHOWCASE_HEIGHT_PX * 72 / max(p.face.height for p in pages))
    images = render_images(pages, dpi, group.name)
    data = png_bytes(fan(images), dpi)
    path = folder / f"{group.id}.png"
    write_bytes(path, data)
    return Written(path, "showcase", len(images), len(data))
