"""Rich text in a box: styled words and inline [icons], wrapped, aligned, shrunk until it fits."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from pnpkit.generator.faces.face import Primitive, Text
from pnpkit.generator.text.fontmetrics import FontMetrics, font_metrics
from pnpkit.generator.text.markup import Run, parse
from pnpkit.generator.text.typefaces import DEFAULT_FAMILY, FontFamily, styled

ICON_EM = 1.05  # an inline icon's width and height, in ems
SHRINK_STEP = 0.5
# Words break at white space other than the no-break spaces, which keep "2 [fish]" together.
_BREAK = re.compile(r"[^\S\n\xa0\u202f\u2007]+")

IconDrawer = Callable[[str, float, float, float], list[Primitive]]


class Box(NamedTuple):
    """A text box in face coordinates (points)."""

    x: float
    y: float
    w: float
    h: float


class TextStyle(NamedTuple):
    """How a text element is set."""

    style: str = "regular"
    size: float = 9.0
    min_size: float = 5.0
    align: str = "left"
    valign: str = "top"
    color: str = "#000000"
    line_height: float = 1.2
    family: FontFamily = DEFAULT_FAMILY

    def font(self, style: str) -> FontMetrics:
        """The metrics of `style` in the family (its regular face if it lacks that style)."""
        path = self.family.file(style) or self.family.files["regular"]
        return font_metrics(path)


class Segment(NamedTuple):
    """A piece of one word: text in one style and colour, or an icon (style and colour unused).
    `ems` is its width at 1 pt, `font` the file it is set in (text only). A named tuple, as
    Word: a text makes many, and a tuple is made several times faster than a frozen dataclass."""

    icon: bool
    value: str
    style: str
    color: str
    ems: float
    font: str = ""


class Word(NamedTuple):
    """A word's segments, and the width (at 1 pt) of the space after it: a space of its last
    piece's font (the element's after an icon)."""

    segments: tuple[Segment, ...]
    space: float

    def width(self, size: float) -> float:
        if len(self.segments) == 1:  # most words: the same sum, without a generator
            return size * self.segments[0].ems
        return sum(size * s.ems for s in self.segments)


def styles_used(runs: list[Run], look: TextStyle) -> dict[str, str]:
    """The text of `runs` by the style it is set in (icons left out)."""
    used: dict[str, str] = {}
    for run in runs:
        if not run.icon:
            style = styled(look.style, run.bold, run.italic)
            used[style] = used.get(style, "") + run.text
    return used


def _words(runs: list[Run], look: TextStyle) -> list[list[Word]]:
    """Paragraphs of words; a word's segments change style or colour, or are icons. Each
    piece is measured once here: wrapping at any size only scales these widths."""
    paragraphs: list[list[Word]] = [[]]
    word: list[Segment] = []
    fonts: dict[str, FontMetrics] = {}

    def font(style: str) -> FontMetrics:
        if style not in fonts:
            fonts[style] = look.font(style)
        return fonts[style]

    def end_word() -> None:
        nonlocal word
        if word:
            last = word[-1]
            space = font(look.style if last.icon else last.style).width(" ", 1.0)
            paragraphs[-1].append(Word(tuple(word), space))
            word = []

    for run in runs:
        style = styled(look.style, run.bold, run.italic)
        color = run.color or look.color
        if run.icon:
            word.append(Segment(True, run.text, style, color, ICON_EM))
            continue
        metrics = font(style)
        path = str(metrics.path)
        for n, line in enumerate(run.text.split("\n")):
            if n:
                end_word()
                paragraphs.append([])
            for m, piece in enumerate(_BREAK.split(line)):
                if m:
                    end_word()
                if piece:
                    word.append(
                        Segment(False, piece, style, color, metrics.width(piece, 1.0), path)
                    )
    end_word()
    return paragraphs


def _wrap(paragraphs: list[list[Word]], size: float, width: float):
    """Lines of words at `size`; the flag is False when a single word is wider than the box."""
    lines: list[list[Word]] = []
    fits = True
    for words in paragraphs:
        line: list[Word] = []
        used = 0.0
        for word in words:
            w = word.width(size)
            fits = fits and w <= width + 0.01
            space = size * line[-1].space if line else 0.0
            if line and used + space + w > width:
                lines.append(line)
                line, used, space = [], 0.0, 0.0
            used += space + w
            line.append(word)
        lines.append(line)
    return lines, fits


def layout_text(
    text: str, box: Box, look: TextStyle, draw_icon: IconDrawer
) -> tuple[list[Primitive], bool]:
    """Primitives of `text` (with its markup) set in `box`; see `layout_runs`."""
    return layout_runs(parse(text), box, look, draw_icon)


def layout_runs(
    runs: list[Run], box: Box, look: TextStyle, draw_icon: IconDrawer
) -> tuple[list[Primitive], bool]:
    """Primitives of `runs` set in `box`; the flag is False if they overflow even at min_size."""
    items, fits, _ = set_runs(runs, box, look, draw_icon)
    return items, fits


def set_runs(
    runs: list[Run], box: Box, look: TextStyle, draw_icon: IconDrawer
) -> tuple[list[Primitive], bool, float]:
    """`layout_runs`, and the size the text was set at (below look.size if it was shrunk)."""
    paragraphs = _words(runs, look)
    size = look.size
    while True:
        lines, fits = _wrap(paragraphs, size, box.w)
        height = len(lines) * size * look.line_height
        fits = fits and height <= box.h + 0.01
        if fits or size - SHRINK_STEP < look.min_size:
            break
        size -= SHRINK_STEP
    return _place(lines, box, look, size, draw_icon), fits, size


def _place(lines, box: Box, look: TextStyle, size: float, draw_icon: IconDrawer) -> list:
    leading = size * look.line_height
    block = len(lines) * leading
    top = box.y
    if look.valign == "middle":
        top += (box.h - block) / 2
    elif look.valign == "bottom":
        top += box.h - block
    ascent = look.font(look.style).ascent
    items: list[Primitive] = []
    for n, line in enumerate(lines):
        baseline = top + n * leading + (leading - size) / 2 + ascent * size * 0.92
        width = sum(w.width(size) for w in line)
        width += sum(size * w.space for w in line[:-1])
        x = box.x + _indent(look.align, box.w - width)
        items.extend(_line_items(line, x, baseline, size, draw_icon))
    return items


def _line_items(line: list[Word], x: float, baseline: float, size: float, draw_icon):
    """One line's text runs (neighbouring pieces of one look joined) and icons, left to right."""
    items: list[Primitive] = []
    run: list[str] = []
    run_x = x
    run_look: tuple[str, str, str] | None = None

    def close() -> None:
        nonlocal run, run_look
        text = "".join(run)
        if run_look and text.strip():
            style, color, font = run_look
            items.append(Text(run_x, baseline, text, style, size, color, font))
        run, run_look = [], None

    for i, word in enumerate(line):
        if i:
            first = word.segments[0]
            if run_look and not first.icon and run_look == (first.style, first.color, first.font):
                run.append(" ")
            else:
                close()
            x += size * line[i - 1].space
        for segment in word.segments:
            if segment.icon:
                close()
                icon = ICON_EM * size
                items.extend(
                    draw_icon(segment.value, x + 0.04 * icon, baseline - 0.82 * icon, 0.92 * icon)
                )
                x += icon
                continue
            if run_look != (segment.style, segment.color, segment.font):
                close()
                run_look, run_x = (segment.style, segment.color, segment.font), x
            run.append(segment.value)
            x += size * segment.ems
    close()
    return items


def _indent(align: str, room: float) -> float:
    """How far a line starts from the box's left edge, given the room left beside it."""
    return room / 2 if align == "center" else room if align == "right" else 0.0
