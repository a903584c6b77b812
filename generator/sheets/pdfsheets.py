"""Print sheets: a group's faces imposed on pages of a reportlab canvas, with backs and marks."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from io import BytesIO
from typing import TYPE_CHECKING, NamedTuple

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from pnpkit.components.model import Game, Group
from pnpkit.generator.backends.pdf import (
    PDF_FONTS,
    color,
    define_face,
    place_face,
    register_fonts,
    svg_paths,
)
from pnpkit.generator.faces.face import Face
from pnpkit.generator.faces.groups import GroupFaces, has_back
from pnpkit.generator.sheets import imposition as imp
from pnpkit.generator.sheets import marks
from pnpkit.generator.sheets.imposition import Area, Rect, Slot
from pnpkit.generator.sheets.layouts import SheetLayout, place, registration_marks
from pnpkit.units import MM

if TYPE_CHECKING:  # cut outlines are traced only on custom sheets (add_sheet)
    from pnpkit.generator.sheets.cutfiles import CutSheet


class PrintOptions(NamedTuple):
    """How sheets are printed."""

    paper: str = "a4"
    bleed_mm: float = 3.0
    duplex: str = "long"  # long | short | off
    gutter_fold: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)


class SheetStats:
    """What was put on paper: pages and printed faces (fronts and backs)."""

    def __init__(self) -> None:
        self.pages = 0
        self.fronts = 0
        self.backs = 0


class SheetWriter:
    """Writes the sheets of one or more groups into one PDF."""

    def __init__(self, options: PrintOptions, title: str):
        register_fonts()
        self.options = options
        self.buffer = BytesIO()
        self.paper = imp.PAPERS[options.paper]
        self.canvas = Canvas(
            self.buffer,
            pagesize=self.paper,
            pageCompression=1,
            initialFontName=PDF_FONTS["regular"],
        )
        self.canvas.setTitle(title)
        self.canvas.setCreator("pnpkit")
        self.defined: set[str] = set()
        self.art_forms: set[str] = set()
        """SVG artwork drawn by several faces: stored once as a form, placed by each."""
        self.copies: dict[str, int] = {}
        """Copies of each component on these sheets: a face printed once is drawn in place."""
        self.stats = SheetStats()
        self.saved = False

    def data(self) -> bytes:
        """The PDF's bytes (the document is closed on the first call)."""
        if not self.saved:
            self.canvas.save()
            self.saved = True
        return self.buffer.getvalue()

    def face_name(self, face: Face, key: str) -> str:
        if key not in self.defined:
            define_face(self.canvas, key, face, self.art_forms)
            self.defined.add(key)
        return key

    def add_group(self, game: Game, group: Group, faces: GroupFaces) -> None:
        """Every piece of the group, copies included, in definition order."""
        pieces = [c for c in group.components for _ in range(c.count)]
        self.copies.update((c.id, c.count) for c in group.components)
        fronts = {c.id: faces.front(c) for c in group.components}
        with_backs = has_back(group) and self.options.duplex != "off"
        backs = {c.id: faces.back(c) for c in group.components} if with_backs else {}
        drawn = [*fronts.values(), *backs.values()]
        art_uses = Counter(path for face in drawn for path in svg_paths(face.items))
        self.art_forms |= {path for path, uses in art_uses.items() if uses > 1}
        sample = fronts[group.components[0].id]
        gutter = with_backs and self.options.gutter_fold
        paper = self.paper
        if gutter:
            paper, areas = self.gutter_layout(sample)
        else:
            areas = [imp.content_area(paper, sample.bleed, marks=not sample.cut_lines)]
        for area in areas:
            pages = self.impose(sample, len(pieces), area)
            if pages:
                break
        if not pages:
            raise ValueError(f"{group.id}: no layout fits")
        flip = "long" if gutter and paper[0] > paper[1] else "short" if gutter else None
        flip = flip or self.options.duplex
        offset = tuple(v * MM for v in self.options.back_offset_mm)
        caption_base = f"{game.name} · {group.name}"
        limits = marks.mark_limits(paper)
        footer_at_top = flip == "short" and not gutter  # the back's free edge: see marks.footer
        back_limits = marks.mark_limits(paper, footer_at_top)
        if gutter:
            limits, back_limits = marks.fold_halves(limits, paper, flip)
        self.stats.fronts += len(pieces)
        for number, page in enumerate(pages, start=1):
            ids = [pieces[s.index].id for s in page]
            caption = f"{caption_base} · sheet {number} of {len(pages)}"
            self.canvas.setPageSize(paper)
            self.draw_page(page, ids, fronts, "F", sample, limits)
            if gutter:
                back_slots = [imp.mirror(s, paper, flip, offset) for s in page]
                self.draw_page(back_slots, ids, backs, "B", sample, back_limits)
                self.fold(paper, flip)
                self.stats.backs += len(page)
                marks.page_boxes(self.canvas, page + back_slots, sample.bleed, paper)
                self.end_page(caption + " · fold on the dashed line")
                continue
            marks.page_boxes(self.canvas, page, sample.bleed, paper)
            self.end_page(caption + " · fronts")
            if with_backs:
                back_slots = [imp.mirror(s, paper, flip, offset) for s in page]
                self.canvas.setPageSize(paper)
                self.draw_page(back_slots, ids, backs, "B", sample, back_limits)
                self.stats.backs += len(page)
                marks.page_boxes(self.canvas, back_slots, sample.bleed, paper)
                self.end_page(caption + f" · backs ({flip}-edge flip)", footer_at_top)

    def add_sheet(
        self, game: Game, layout: SheetLayout, groups: list[tuple[Group, GroupFaces]]
    ) -> list[CutSheet]:
        """The fronts of every piece of `groups` on a custom sheet layout (game.json `sheets`);
        what each page is cut along, for its cut files."""
        from pnpkit.generator.sheets.cutfiles import CutSheet, Polyline, outline_on_page

        pieces = [c for group, _ in groups for c in group.components for _ in range(c.count)]
        fronts = {c.id: faces.front(c) for group, faces in groups for c in group.components}
        self.copies.update((c.id, c.count) for group, _ in groups for c in group.components)
        art_uses = Counter(path for face in fronts.values() for path in svg_paths(face.items))
        self.art_forms |= {path for path, uses in art_uses.items() if uses > 1}
        paper = self.paper
        if "paper" in layout.spec:
            paper = imp.PAPERS[layout.spec["paper"]]
        pages = place(layout, [fronts[c.id] for c in pieces], paper)
        mark_lines = registration_marks(paper) if layout.registration else []
        self.stats.fronts += len(pieces)
        cut_sheets = []
        for number, page in enumerate(pages, start=1):
            self.canvas.setPageSize(paper)
            cuts: list[Polyline] = []
            for slot in page:
                component_id = pieces[slot.index].id
                face = fronts[component_id]
                once = self.copies.get(component_id, 0) == 1
                drawn = face if once else self.face_name(face, f"F-{component_id}")
                self.canvas.saveState()
                c = slot.clip
                clip = self.canvas.beginPath()
                clip.rect(c.x, c.y, c.w, c.h)
                self.canvas.clipPath(clip, stroke=0, fill=0)
                t = slot.trim
                place_face(self.canvas, drawn, t.x, t.y, t.w, t.h, slot.rotate, self.art_forms)
                self.canvas.restoreState()
                if not layout.registration:  # a machine cuts a registered sheet: no lines
                    marks.cut_outline(self.canvas, face.outline, slot)
                cuts += outline_on_page(face.outline, slot)
            for points in mark_lines:
                path = self.canvas.beginPath()
                path.moveTo(*points[0])
                for point in points[1:]:
                    path.lineTo(*point)
                path.close()
                self.canvas.setFillColor(color("#000000"))
                self.canvas.drawPath(path, stroke=0, fill=1)
            marks.page_boxes(self.canvas, page, max(f.bleed for f in fronts.values()), paper)
            caption = f"{game.name} · {layout.id} · sheet {number} of {len(pages)}"
            self.end_page(caption + (" · print and cut" if layout.registration else ""))
            lines = tuple(Polyline(points, True) for points in mark_lines)
            cut_sheets.append(CutSheet(paper, tuple(cuts), lines))
        return cut_sheets

    def impose(self, sample: Face, count: int, area: Area) -> list[list[Slot]]:
        upright = sample.full_width <= area.w and sample.full_height <= area.h
        turned = sample.full_height <= area.w and sample.full_width <= area.h
        if not (upright or turned):
            tiles = imp.tiled_slots(sample, area)
            return [[replace(s, index=n) for s in page] for n in range(count) for page in tiles]
        if sample.shape in ("hex", "hex-flat"):
            return imp.hex_slots(sample, count, area)
        if sample.shape == "circle":
            return imp.circle_slots(sample, count, area)
        if sample.cut_lines:
            return imp.grid_slots(sample, count, area, gap=imp.LOOSE_GAP)
        pages = imp.grid_slots(sample, count, area)
        return [imp.butted_clips(page, sample.bleed) for page in pages]

    def gutter_layout(self, sample: Face) -> tuple[tuple[float, float], list[Area]]:
        """Fronts on one half of the sheet; the half chosen that holds more."""
        width, height = imp.PAPERS[self.options.paper]
        # each side of the fold keeps room for its bleed and marks, whatever --bleed says
        fold_room = max(imp.GUTTER, sample.bleed + imp.MARK_ROOM)
        options = []
        for paper in ((width, height), (height, width)):
            full = imp.content_area(paper, sample.bleed, marks=True)
            if paper[0] > paper[1]:
                half = Area(full.x, full.y, paper[0] / 2 - fold_room - full.x, full.h)
            else:
                top = paper[1] - full.y  # the backs' mirror image keeps clear of the footer
                half = Area(
                    full.x, paper[1] / 2 + fold_room, full.w, top - paper[1] / 2 - fold_room
                )
            slots = self.impose(sample, 10_000, half)
            options.append((len(slots[0]) if slots else 0, paper, half))
        best = max(options, key=lambda o: o[0])
        return best[1], [best[2]]

    def draw_page(
        self,
        slots: list[Slot],
        ids: list[str],
        faces: dict[str, Face],
        prefix: str,
        sample: Face,
        limits: Rect,
    ) -> None:
        """Faces in their slots, their cut lines or tile marks, and crop marks within `limits`."""
        canvas = self.canvas
        placed = list(zip(slots, ids, strict=True))
        for slot, component_id in placed:
            face = faces[component_id]
            once = self.copies.get(component_id, 0) == 1 and not slot.window
            drawn = face if once else self.face_name(face, f"{prefix}-{component_id}")
            canvas.saveState()
            if slot.clip:
                c = slot.clip
                clip = canvas.beginPath()
                clip.rect(c.x, c.y, c.w, c.h)
                canvas.clipPath(clip, stroke=0, fill=0)
            if face.cut_lines:
                self.clip_out_neighbours(slot, face, placed, faces)
            t = slot.trim
            place_face(canvas, drawn, t.x, t.y, t.w, t.h, slot.rotate, self.art_forms)
            canvas.restoreState()
        for slot, component_id in placed:  # after every face: no bleed covers a cut line
            face = faces[component_id]
            if face.cut_lines:
                marks.cut_outline(canvas, face.outline, slot)
            if slot.window and prefix == "F":  # the fronts carry the marks for joining parts
                marks.tile_marks(canvas, slot, f"{component_id} · part {slot.part}")
        if not sample.cut_lines and not any(s.window for s in slots):
            marks.crop_marks(canvas, slots, sample.bleed, limits)

    def clip_out_neighbours(
        self, slot: Slot, face: Face, placed: list[tuple[Slot, str]], faces: dict[str, Face]
    ) -> None:
        """Clip a piece cut along its outline so that its bleed stops at its neighbours'
        outlines (hexes share edges; round tokens sit closer than two bleeds): the bleed
        box with every neighbour's outline cut out of it, by the even-odd rule."""
        near = [
            (other, faces[other_id])
            for other, other_id in placed
            if other is not slot and imp.within_reach(slot.trim, other.trim, face.bleed)
        ]
        if not near:
            return
        b, t = face.bleed, slot.trim
        clip = self.canvas.beginPath()
        clip.rect(t.x - b, t.y - b, t.w + 2 * b, t.h + 2 * b)
        for other, other_face in near:
            for op, *xy in imp.outline_on_page(other_face.outline, other):
                {"M": clip.moveTo, "L": clip.lineTo, "C": clip.curveTo}.get(op, clip.close)(*xy)
        self.canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)

    def fold(self, paper: tuple[float, float], flip: str) -> None:
        width, height = paper
        if flip == "long":
            marks.fold_line(self.canvas, width / 2, 0, width / 2, height, "fold")
        else:
            marks.fold_line(self.canvas, 0, height / 2, width, height / 2, "fold")

    def end_page(self, caption: str, footer_at_top: bool = False) -> None:
        marks.footer(self.canvas, caption, self.defined, self.canvas._pagesize, footer_at_top)
        self.canvas.showPage()
        self.stats.pages += 1
