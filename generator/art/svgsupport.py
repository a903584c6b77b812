"""SVG features that svglib (the print) would draw differently from a browser (the preview):
rewritten so that the print draws them as the preview does, or refused naming the element.

- `opacity` on a shape becomes its fill and stroke opacity; on a group or `<use>` it is moved
  onto the one shape inside; a group of several shapes with `opacity` is refused (the print
  cannot composite a group first).
- `<use>` of a `<symbol>` with a viewBox, and a nested `<svg>` with a viewBox, are scaled into
  their viewport and clipped to it, as browsers do.
- `mask`, and `pattern` fills or strokes, are refused.
- CSS and attribute values lose what refers outside the art (`safe_css`), as in the preview.

Content outside the art's own viewBox is clipped by the print backend (pdfface.draw_svg).
Properties are read from attributes and `style` attributes (not from `<style>` rules).
"""

from __future__ import annotations

import copy
import itertools
import re

from lxml import etree

from pnpkit.generator.art.artwork import ArtError
from pnpkit.generator.art.svgtext import inline_style

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
SHAPES = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text"}
CONTAINERS = {"g", "a", "switch", "svg", "symbol"}
_URL = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ANY_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_IMPORT = re.compile(r"@import\b[^;]*;?", re.IGNORECASE)


def prepare_for_print(root: etree._Element) -> None:
    """Rewrite `root` (the print's tree) so svglib draws it as a browser does, or ArtError."""
    _drop_outside_references(root)
    ids = {element.get("id"): element for element in root.iter() if element.get("id")}
    _refuse_unsupported(root, ids)
    _expand_viewports(root, ids)
    _push_down_opacity(root)


def safe_css(text: str) -> str | None:
    """CSS (or an attribute value) without references outside the art: @import rules removed,
    each url() that does not point within the art made `none`. None for text whose escapes
    could hide a reference (a backslash), that names a javascript: URL, or an image-set()
    (which fetches plain strings)."""
    folded = "".join(text.lower().split())
    if "\\" in text or "javascript:" in folded or "image-set(" in folded:
        return None

    def internal(match: re.Match[str]) -> str:
        return match.group(0) if match.group(2).strip().startswith("#") else "none"

    return _ANY_URL.sub(internal, _IMPORT.sub("", text))


def _drop_outside_references(root: etree._Element) -> None:
    """The CSS and attribute values of the art as the preview keeps them (`safe_css`), so that
    print and preview refer to nothing outside the art alike."""
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for key, value in list(element.attrib.items()):
            if key.startswith("{") or key.endswith("href"):
                continue
            safe = safe_css(value)
            if safe is None:
                del element.attrib[key]
            elif safe != value:
                element.set(key, safe)
        if _name(element) == "style":
            element.text = safe_css(element.text or "") or ""


def _name(element: etree._Element) -> str:
    return element.tag.removeprefix(SVG_NS) if isinstance(element.tag, str) else ""


def _where(element: etree._Element) -> str:
    return f"<{_name(element)}> (line {element.sourceline})"


def _property(element: etree._Element, name: str) -> str | None:
    return inline_style(element).get(name, element.get(name))


def _refuse_unsupported(root: etree._Element, ids: dict) -> None:
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        mask = _property(element, "mask")
        if mask and mask.strip() != "none":
            raise ArtError(
                f"is an SVG image with a mask on {_where(element)}, which the print cannot draw; "
                "flatten the mask in the drawing (or export the art as a PNG)"
            )
        for paint in ("fill", "stroke"):
            value = _property(element, paint) or ""
            found = _URL.search(value)
            target = ids.get(found.group(1)) if found else None
            if target is not None and _name(target) == "pattern":
                raise ArtError(
                    f"is an SVG image whose {_where(element)} has a pattern {paint}, which the "
                    "print cannot draw; expand the pattern into shapes (or export the art as a PNG)"
                )


def _viewport_transform(element: etree._Element, viewbox: str, width: float, height: float):
    """The transform that maps `viewbox` into a width × height viewport (preserveAspectRatio)."""
    vx, vy, vw, vh = (float(n) for n in _NUMBER.findall(viewbox)[:4])
    if vw <= 0 or vh <= 0:
        raise ArtError(f"is an SVG image whose {_where(element)} has an empty viewBox")
    align, _, slice_ = (element.get("preserveAspectRatio") or "xMidYMid meet").partition(" ")
    sx, sy = width / vw, height / vh
    dx = dy = 0.0
    if align != "none":
        sx = sy = max(sx, sy) if slice_.strip() == "slice" else min(sx, sy)
        share = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}
        dx = (width - vw * sx) * share.get(align[1:4], 0.5)
        dy = (height - vh * sy) * share.get(align[5:8], 0.5)
    return f"translate({dx:g},{dy:g}) scale({sx:g},{sy:g}) translate({-vx:g},{-vy:g})"


def _length(value: str | None, default: float) -> float:
    found = _NUMBER.match(value or "")
    return float(found.group()) if found else default


def _expand_viewports(root: etree._Element, ids: dict) -> None:
    """Each `<use>` of a `<symbol viewBox>` and each nested `<svg viewBox>`: a group scaled
    into its viewport and clipped to it."""
    counter = itertools.count(1)
    for element in list(root.iter()):
        name = _name(element)
        if name == "use":
            href = element.get(XLINK_HREF) or element.get("href") or ""
            symbol = ids.get(href[1:]) if href.startswith("#") else None
            if symbol is None or _name(symbol) != "symbol" or not symbol.get("viewBox"):
                continue
            source, viewbox = symbol, symbol.get("viewBox")
        elif name == "svg" and element is not root and element.get("viewBox"):
            source, viewbox = element, element.get("viewBox")
        else:
            continue
        x, y = _length(element.get("x"), 0.0), _length(element.get("y"), 0.0)
        width = _length(element.get("width") or source.get("width"), 100.0)
        height = _length(element.get("height") or source.get("height"), 100.0)
        clip_id = f"pnp-viewport-{next(counter)}"
        group = etree.Element(f"{SVG_NS}g")
        for key, value in element.attrib.items():
            if key not in ("x", "y", "width", "height", "viewBox", "preserveAspectRatio",
                           "href", XLINK_HREF, "id"):  # fmt: skip
                group.set(key, value)
        transform = f"{element.get('transform') or ''} translate({x:g},{y:g})".strip()
        group.set("transform", transform)
        clip = etree.SubElement(group, f"{SVG_NS}clipPath", id=clip_id)
        etree.SubElement(clip, f"{SVG_NS}rect", width=f"{width:g}", height=f"{height:g}")
        inner = etree.SubElement(group, f"{SVG_NS}g", {"clip-path": f"url(#{clip_id})"})
        content = etree.SubElement(inner, f"{SVG_NS}g")
        content.set("transform", _viewport_transform(element, viewbox, width, height))
        for child in list(source):
            content.append(copy.deepcopy(child) if source is not element else child)
        group.tail = element.tail
        element.getparent().replace(element, group)


def _opacity(element: etree._Element) -> float:
    value = _property(element, "opacity")
    if value is None:
        return 1.0
    try:
        return max(0.0, min(1.0, float(value)))
    except ValueError:
        return 1.0


def _drawables(element: etree._Element) -> list[etree._Element]:
    """The shapes and images an element draws (itself, or those inside it)."""
    name = _name(element)
    if name in SHAPES or name == "image":
        return [element]
    if name in CONTAINERS:
        return [shape for child in element for shape in _drawables(child)]
    return []


def _push_down_opacity(root: etree._Element) -> None:
    for element in list(root.iter()):
        if not isinstance(element.tag, str):
            continue
        opacity = _opacity(element)
        if opacity >= 1.0:
            continue
        if _name(element) == "use":
            raise ArtError(
                f"is an SVG image with opacity {opacity:g} on {_where(element)}, which the print "
                "cannot draw; set the opacity on the shapes it shows"
            )
        _clear_opacity(element)
        if _name(element) in SHAPES:
            _scale_paint_opacity(element, opacity)
            continue
        shapes = _drawables(element)
        if len(shapes) > 1 or any(_name(shape) == "image" for shape in shapes):
            raise ArtError(
                f"is an SVG image with opacity {opacity:g} on {_where(element)}, which holds "
                "several shapes or a bitmap: the print cannot make a group see-through as one; "
                "set the opacity on each shape instead"
            )
        for shape in shapes:
            shape.set("opacity", f"{_opacity(shape) * opacity:g}")


def _clear_opacity(element: etree._Element) -> None:
    element.attrib.pop("opacity", None)
    declarations = {k: v for k, v in inline_style(element).items() if k != "opacity"}
    if element.get("style") is not None:
        element.set("style", ";".join(f"{k}:{v}" for k, v in declarations.items()))


def _scale_paint_opacity(element: etree._Element, opacity: float) -> None:
    declarations = inline_style(element)
    for name in ("fill-opacity", "stroke-opacity"):
        current = _length(declarations.get(name, element.get(name)), 1.0)
        declarations[name] = f"{current * opacity:g}"
    element.set("style", ";".join(f"{k}:{v}" for k, v in declarations.items()))
