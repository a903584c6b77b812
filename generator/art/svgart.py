"""Artwork in SVG previews: an SVG file inlined as vector content, a bitmap as a data URI.

An inlined SVG keeps only SVG elements and plain attributes: no scripts, event handlers or SMIL
animation (no active content), no other namespaces, and no reference outside itself (links only
within the art, bitmaps only as data: URIs, no CSS @import, every url() within the art). Its ids
are prefixed so that two artworks on one face cannot clash.
"""

from __future__ import annotations

import base64
import copy
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache
from pathlib import Path

from lxml import etree

from pnpkit.errors import PnpError
from pnpkit.generator.art.artwork import MIME, ArtError
from pnpkit.generator.art.svgfile import read_svg
from pnpkit.generator.art.svgsupport import safe_css
from pnpkit.generator.art.svgtext import set_art_text_fonts
from pnpkit.generator.faces.face import Image

SVG_NS = "{http://www.w3.org/2000/svg}"
GREY_FILTER = "pnp-grey"
GREY_MATRIX = " ".join(["0.299 0.587 0.114 0 0"] * 3 + ["0 0 0 1 0"])  # ITU-R 601 luma, as print

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
DROPPED = {"script", "foreignObject", "handler", "listener"}
ANIMATION = {"animate", "animateColor", "animateMotion", "animateTransform", "set", "discard"}
"""SMIL animation: dropped, as it can set any attribute (a link's href to javascript:)."""
BITMAP_URI = re.compile(r"data:image/(png|jpeg|gif|webp)[;,]", re.IGNORECASE)
_URL_REF = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class RawElement:
    """An ElementTree element that an svgwrite container accepts as a child."""

    def __init__(self, element: ET.Element):
        self.element = element

    def get_xml(self) -> ET.Element:
        return self.element


def grey_filter() -> RawElement:
    """The filter that turns artwork grey in a preview as the print does (in sRGB values)."""
    element = ET.Element("filter", {"id": GREY_FILTER, "color-interpolation-filters": "sRGB"})
    ET.SubElement(element, "feColorMatrix", {"type": "matrix", "values": GREY_MATRIX})
    return RawElement(element)


def art_element(
    item: Image, prefix: str, font_family: Callable[[Path, str, str], str]
) -> RawElement:
    """The artwork of `item` drawn to fill its box exactly, as the PDF draws it; its text in
    the fonts the print uses, each named by `font_family(file, style, characters)`."""
    box = {
        "x": f"{item.x:.3f}",
        "y": f"{item.y:.3f}",
        "width": f"{item.width:.3f}",
        "height": f"{item.height:.3f}",
        "preserveAspectRatio": "none",  # the fit is in the box already
    }
    if item.kind == "svg":
        element = copy.deepcopy(_clean_svg(Path(item.path), Path(item.path).stat().st_mtime_ns))
        _prefix_ids(element, prefix)
        set_art_text_fonts(element, item.fonts, font_family)
        element.attrib.update(box)
    else:
        data = base64.b64encode(Path(item.path).read_bytes()).decode("ascii")
        element = ET.Element("image", box)
        element.set("xlink:href", f"data:{MIME[item.kind]};base64,{data}")
    if item.opacity < 1:
        element.set("opacity", f"{item.opacity:g}")
    if item.grey:
        element.set("filter", f"url(#{GREY_FILTER})")
    if not item.flip:
        return RawElement(element)
    cx, cy = item.x + item.width / 2, item.y + item.height / 2  # mirrored about its centre
    sx, sy = (-1 if "x" in item.flip else 1), (-1 if "y" in item.flip else 1)
    transform = f"translate({cx:.3f},{cy:.3f}) scale({sx},{sy}) translate({-cx:.3f},{-cy:.3f})"
    group = ET.Element("g", {"transform": transform})
    group.append(element)
    return RawElement(group)


@cache
def _clean_svg(path: Path, stamp: int) -> ET.Element:
    """The file's root <svg>, without namespaces, scripts or handlers, with a viewBox."""
    try:
        root = read_svg(path)
    except ArtError as exc:
        raise PnpError(f"{path}: the SVG art {exc}") from exc
    clean = _cleaned(root)
    if clean is None:
        raise PnpError(f"{path}: the SVG art holds no <svg> drawing")
    if "viewBox" not in clean.attrib:
        width, height = (_number(root.get(name)) for name in ("width", "height"))
        clean.set("viewBox", f"0 0 {width:g} {height:g}")
    for name in ("x", "y", "width", "height", "preserveAspectRatio"):
        clean.attrib.pop(name, None)
    return clean


def _cleaned(element: etree._Element) -> ET.Element | None:
    if not isinstance(element.tag, str) or not element.tag.startswith(SVG_NS):
        return None
    name = element.tag.removeprefix(SVG_NS)
    if name in DROPPED or name in ANIMATION:
        return None
    attributes = {}
    for key, value in element.attrib.items():
        if key in (XLINK_HREF, "href"):
            internal = value.strip().startswith("#")
            bitmap = name in ("image", "feImage") and BITMAP_URI.match(value.strip())
            if internal or bitmap:  # nothing outside the file is fetched or opened
                attributes["xlink:href" if key == XLINK_HREF else key] = value
        elif not key.startswith("{") and not key.lower().startswith("on"):
            safe = safe_css(value)
            if safe is not None:
                attributes[key] = safe
    clean = ET.Element(name, attributes)
    clean.text, clean.tail = element.text, element.tail
    if name == "style":
        clean.text = safe_css(element.text or "") or ""
    for child in element:
        kept = _cleaned(child)
        if kept is not None:
            clean.append(kept)
        elif len(clean):
            clean[-1].tail = (clean[-1].tail or "") + (child.tail or "")
    return clean


def _number(value: str | None) -> float:
    """The number at the start of a length such as "120", "120px" or "4.5mm" (100 if none)."""
    found = _NUMBER.match(value or "")
    return float(found.group()) if found else 100.0


def _prefix_ids(root: ET.Element, prefix: str) -> None:
    """Rename every id to prefix + id, and every url(#id) and #id link with it."""
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    if not ids:
        return

    def renamed(match: re.Match[str]) -> str:
        name = match.group(1)
        return f"url(#{prefix}{name})" if name in ids else match.group(0)

    for element in root.iter():
        for key, value in element.attrib.items():
            if key == "id":
                element.set(key, prefix + value)
            elif key in ("href", "xlink:href") and value.startswith("#") and value[1:] in ids:
                element.set(key, f"#{prefix}{value[1:]}")
            elif "url(" in value:
                element.set(key, _URL_REF.sub(renamed, value))
        if element.tag == "style" and element.text:
            element.text = _URL_REF.sub(renamed, element.text)
