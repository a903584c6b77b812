"""Rich text in a box: words and inline [icons], wrapped, aligned, shrunk until it fits."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pnpkit.generator.face import Primitive, Text
from pnpkit.generator.fontmetrics import metrics

ICON_TOKEN = re.compile(r"\[([a-z][a-z0-9-]*)\]")
ICON_EM = 1.05  # an inline icon's width and height, in ems
SHRINK_STEP = 0.5

IconDrawer = Callable[[str, float, float, float], list[Primitive]]


@dataclass(frozen=True)
class Box:
    """A text box in face coordinates (points)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class TextStyle:
    """How a text element is set."""

    style: str = "regular"
    size: float = 9.0
    min_size: float = 5.0
    align: str = "left"
    valign: str = "top"
    color: str = "#000000"
    line_height: float = 1.2


Segment = tuple[str, str]  # ("text", "gain ") or ("icon", "fish")


def _words(text: str, rich: bool) -> list[list[list[Segment]]]:
    """Paragraphs of words; each word a list of segments (text pieces and icons)."""
    paragraphs = []
    for paragraph in text.split("\n"):
        words = []
        for word in paragraph.split():
            segments: list[Segment] = []
            pos = 0
            for match in ICON_TOKEN.finditer(word) if rich else ():
                if match.start() > pos:
                    segments.append(("text", word[pos : match.start()]))
                segments.append(("icon", match.group(1)))
                pos = match.end()
            if pos < len(word):
                segments.append(("text", word[pos:]))
            words.append(segments)
        paragraphs.append(words)
    return paragraphs


def _width(segments: list[Segment], style: str, size: float) -> float:
    font = metrics(style)
    return sum(font.width(v, size) if k == "text" else ICON_EM * size for k, v in segments)


def _wrap(paragraphs, style: str, size: float, width: float) -> tuple[list, bool]:
    """Lines of words at `size`; the flag is False when a single word is wider than the box."""
    space = metrics(style).width(" ", size)
    lines: list[list[list[Segment]]] = []
    fits = True
    for words in paragraphs:
        line: list[list[Segment]] = []
        used = 0.0
        for word in words:
            w = _width(word, style, size)
            fits = fits and w <= width + 0.01
            if line and used + space + w > width:
                lines.append(line)
                line, used = [], 0.0
            used += (space if line else 0.0) + w
            line.append(word)
        lines.append(line)
    return lines, fits


def layout_text(
    text: str, box: Box, look: TextStyle, draw_icon: IconDrawer, rich: bool = True
) -> tuple[list[Primitive], bool]:
    """Primitives of `text` set in `box`; the flag is False if it overflows even at min_size."""
    paragraphs = _words(text, rich)
    size = look.size
    while True:
        lines, fits = _wrap(paragraphs, look.style, size, box.w)
        height = len(lines) * size * look.line_height
        fits = fits and height <= box.h + 0.01
        if fits or size - SHRINK_STEP < look.min_size:
            break
        size -= SHRINK_STEP
    return _place(lines, box, look, size, draw_icon), fits


def _place(lines, box: Box, look: TextStyle, size: float, draw_icon: IconDrawer) -> list:
    font = metrics(look.style)
    leading = size * look.line_height
    block = len(lines) * leading
    top = box.y
    if look.valign == "middle":
        top += (box.h - block) / 2
    elif look.valign == "bottom":
        top += box.h - block
    items: list[Primitive] = []
    space = font.width(" ", size)
    for n, line in enumerate(lines):
        baseline = top + n * leading + (leading - size) / 2 + font.ascent * size * 0.92
        if all(kind == "text" for word in line for kind, _ in word):  # no icons: one run
            run = " ".join("".join(value for _, value in word) for word in line)
            x = box.x + _indent(look.align, box.w - font.width(run, size))
            if run.strip():
                items.append(Text(x, baseline, run, look.style, size, look.color))
            continue
        segments: list[Segment] = []
        for i, word in enumerate(line):
            if i:
                segments.append(("text", " "))
            segments.extend(word)
        width = sum(space if v == " " else _width([(k, v)], look.style, size) for k, v in segments)
        x = box.x + _indent(look.align, box.w - width)
        run = ""
        run_x = x
        for kind, value in segments:
            if kind == "text":
                if not run:
                    run_x = x
                run += value
                x += font.width(value, size)
                continue
            if run.strip():
                items.append(Text(run_x, baseline, run, look.style, size, look.color))
            run = ""
            icon = ICON_EM * size
            items.extend(draw_icon(value, x + 0.04 * icon, baseline - 0.82 * icon, 0.92 * icon))
            x += icon
        if run.strip():
            items.append(Text(run_x, baseline, run, look.style, size, look.color))
    return items


def _indent(align: str, room: float) -> float:
    """How far a line starts from the box's left edge, given the room left beside it."""
    return room / 2 if align == "center" else room if align == "right" else 0.0
