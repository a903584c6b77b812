"""Reading an SVG art file: the one parser that the print (svglib) and the preview both use, so
that `validate` and `render` refuse the same files.

A file is read only if it is a well-formed XML document within the limits below, declares no
XML entities (no external or expanding entities: nothing outside the file is read), and its
viewBox, width and height are finite numbers of a sane size. Each refusal is an ArtError that
names the place (line) and what is expected; the caller names the file.
"""

from __future__ import annotations

import base64
import io
import math
import re
from pathlib import Path

from lxml import etree

from pnpkit.generator.art.artwork import MAX_PIXELS, ArtError, check_pixels

MAX_SVG_BYTES = 5 * 1024 * 1024
"""Largest SVG art file read (a bigger one takes minutes and gigabytes to draw)."""
MAX_SVG_ELEMENTS = 10_000
"""Most elements in one SVG art file."""
MAX_SVG_DEPTH = 100
"""Deepest nesting of elements in one SVG art file (the drawing recurses through each level)."""
MAX_SVG_EXTENT = 1_000_000.0
"""Largest absolute value of a viewBox number, width or height."""

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def read_svg(path: Path) -> etree._Element:
    """The root element of the SVG art in `path`, parsed afresh (the caller may change it)."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ArtError(f"cannot be read ({exc.strerror})") from exc
    if size > MAX_SVG_BYTES:
        raise ArtError(
            f"is an SVG image of {size / 2**20:.1f} MB; SVG art may be at most "
            f"{MAX_SVG_BYTES // 2**20} MB (simplify it, or export it as a PNG)"
        )
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )
    try:
        tree = etree.parse(str(path), parser)
    except etree.XMLSyntaxError as exc:
        if "Excessive depth" in str(exc):
            raise ArtError(
                f"is an SVG image whose elements nest more than {MAX_SVG_DEPTH} deep (line "
                f"{exc.lineno})"
            ) from None
        raise ArtError(f"is an SVG image that cannot be read (not well-formed XML: {exc})") from exc
    except OSError as exc:
        raise ArtError(f"cannot be read ({exc})") from exc
    dtd = tree.docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise ArtError(
            "is an SVG image that declares XML entities (<!ENTITY> in its DOCTYPE); "
            "SVG art may not declare entities"
        )
    root = tree.getroot()
    _check_shape(root)
    return root


def _check_shape(root: etree._Element) -> None:
    """Refuse an element tree too big or too deep to draw, or with absurd dimensions."""
    for count, element in enumerate(root.iter(), start=1):
        if count > MAX_SVG_ELEMENTS:
            raise ArtError(
                f"is an SVG image of more than {MAX_SVG_ELEMENTS:,} elements (line "
                f"{element.sourceline}); SVG art may hold at most {MAX_SVG_ELEMENTS:,}"
            )
        if isinstance(element.tag, str) and element.tag.endswith("}svg"):
            _check_extent(element)
        if isinstance(element.tag, str) and element.tag.endswith("}image"):
            _check_bitmap(element)
    # depth of the deepest element: walk without recursion
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_SVG_DEPTH:
            raise ArtError(
                f"is an SVG image whose elements nest more than {MAX_SVG_DEPTH} deep (line "
                f"{element.sourceline}, <{etree.QName(element).localname}>)"
            )
        stack.extend((child, depth + 1) for child in element)


def _check_bitmap(image: etree._Element) -> None:
    """A bitmap inside the SVG (a data: URI) within the pixel limit of bitmap files."""
    href = image.get("{http://www.w3.org/1999/xlink}href") or image.get("href") or ""
    head, _, data = href.partition(",")
    if not (head.startswith("data:image/") and head.endswith(";base64")):
        return
    from PIL import Image as PILImage

    try:
        with PILImage.open(io.BytesIO(base64.b64decode(data))) as bitmap:
            check_pixels(bitmap.format or "bitmap", *bitmap.size)
    except ArtError as exc:
        raise ArtError(f"holds an <image> (line {image.sourceline}) that {exc}") from None
    except PILImage.DecompressionBombError:
        raise ArtError(
            f"holds an <image> (line {image.sourceline}) of more than {MAX_PIXELS:,} pixels"
        ) from None
    except (OSError, ValueError, SyntaxError):
        return  # not a bitmap Pillow reads: svglib leaves it out, as a browser does


def _check_extent(svg: etree._Element) -> None:
    for name in ("viewBox", "width", "height"):
        value = svg.get(name)
        if value is None:
            continue
        for number in _NUMBER.findall(value):
            if not (math.isfinite(float(number)) and abs(float(number)) <= MAX_SVG_EXTENT):
                raise ArtError(
                    f"is an SVG image whose <svg> {name}={value!r} (line {svg.sourceline}) is "
                    f"out of range; each number must be within ±{MAX_SVG_EXTENT:,.0f}"
                )
