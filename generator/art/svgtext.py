"""Text inside SVG art: set in a font the game declares or in the bundled family, never in a font
of the machine or in a PDF base font that is not embedded.

Each family of a text's `font-family` list is looked up in turn among the game's declared
families (game.json `fonts`, by name, any case) and the bundled DejaVu Sans; the first found is
used, in the file of the text's weight and slant (the family's regular file if it has no such
style). A text naming none of them (Arial, serif, a font only the designer's machine has) is set
in DejaVu Sans. Print and preview both use the font chosen here, and a character the chosen font
lacks is an error: it would print as an empty box.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from pnpkit.generator.text.typefaces import DEFAULT_FAMILY, FontFamily, styled

ArtFont = tuple[str, tuple[tuple[str, str], ...]]
"""A font family for SVG art, hashable: its name and (style, file) pairs."""
ArtFonts = tuple[ArtFont, ...]
"""The families SVG art may use (the game's declared ones); the bundled family is always there."""

SVG_NS = "{http://www.w3.org/2000/svg}"
TEXT_ELEMENTS = ("text", "tspan", "textPath")
_STYLE_DECLARATION = re.compile(r"\s*([-a-zA-Z]+)\s*:\s*([^;]*)")


def art_fonts(families: Mapping[str, FontFamily]) -> ArtFonts:
    """The game's declared families as an ArtFonts key."""
    return tuple(
        (family.name, tuple(sorted((style, str(path)) for style, path in family.files.items())))
        for family in families.values()
    )


def style_of(weight: str, slant: str) -> str:
    """The pnpkit style (regular, bold, italic, bold-italic) of a CSS weight and font-style."""
    weight = weight.strip().lower()
    bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
    return styled("regular", bold, slant.strip().lower() in ("italic", "oblique"))


def family_names(value: str) -> list[str]:
    """The names in a CSS font-family list, unquoted."""
    return [name.strip().strip("'\"").strip() for name in value.split(",") if name.strip()]


def choose(fonts: ArtFonts, family: str, style: str) -> tuple[Path, bool]:
    """The font file for one family name of a text in `style`, and whether the family was found
    (False: the bundled family stands in for it)."""
    wanted = family.lower()
    for name, files in fonts:
        if name.lower() == wanted:
            by_style = dict(files)
            return Path(by_style.get(style) or by_style["regular"]), True
    bundled = DEFAULT_FAMILY.file(style) or DEFAULT_FAMILY.files["regular"]
    return bundled, wanted == DEFAULT_FAMILY.name.lower()


def font_for(fonts: ArtFonts, family_list: str, style: str) -> Path:
    """The font file a text whose `font-family` is `family_list` is set in."""
    names = family_names(family_list)
    for name in names:
        path, found = choose(fonts, name, style)
        if found:
            return path
    return choose(fonts, names[0] if names else DEFAULT_FAMILY.name, style)[0]


def inline_style(element) -> dict[str, str]:
    """The declarations of an element's `style` attribute."""
    return dict(_STYLE_DECLARATION.findall(element.get("style") or ""))


def text_runs(root) -> Iterator[tuple[object, str, str, str]]:
    """Each text element of an SVG tree (namespaced or not) with its inherited font-family,
    font-weight and font-style (from attributes and `style` attributes)."""
    stack = [(root, "", "normal", "normal")]
    while stack:
        element, family, weight, slant = stack.pop()
        if not isinstance(element.tag, str):
            continue
        declared = {**element.attrib, **inline_style(element)}
        family = declared.get("font-family", family)
        weight = declared.get("font-weight", weight)
        slant = declared.get("font-style", slant)
        if element.tag.removeprefix(SVG_NS) in TEXT_ELEMENTS:
            yield element, family, weight, slant
        stack.extend((child, family, weight, slant) for child in element)


def set_art_text_fonts(root, fonts: ArtFonts, css_family: Callable[[Path, str, str], str]) -> None:
    """Give every text element of a preview's art the font the print uses: its inline style
    names `css_family(file, style, characters)`, in that file's weight and slant."""
    for element, family, weight, slant in list(text_runs(root)):
        style = style_of(weight, slant)
        path = font_for(fonts, family, style)
        characters = "".join(element.itertext())
        kept = {k: v for k, v in inline_style(element).items() if not k.startswith("font-")}
        kept |= {
            "font-family": css_family(path, style, characters),
            "font-weight": "bold" if style.startswith("bold") else "normal",
            "font-style": "italic" if style.endswith("italic") else "normal",
        }
        element.set("style", ";".join(f"{k}:{v}" for k, v in kept.items()))
