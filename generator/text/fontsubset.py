"""Subsets of a font for the SVG previews: only the glyphs a face uses, as WOFF data (fontTools)."""

from __future__ import annotations

import base64
from functools import cache
from io import BytesIO


@cache
def _font_bytes(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


@cache
def woff_subset(path: str, characters: str) -> str:
    """The glyphs of `characters` from the TrueType file `path` as a base64 WOFF font, without
    kerning or ligatures (the PDF applies none)."""
    from fontTools import subset  # imported only when a face uses a game's own font
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.drop_tables += ["FFTM"]  # FontForge's time stamps: nothing to subset, only noise
    options.layout_features = []  # the PDF sets glyphs one by one: no kerning, no ligatures
    font = TTFont(BytesIO(_font_bytes(path)))
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(font)
    font.flavor = "woff"
    out = BytesIO()
    font.save(out)
    return base64.b64encode(out.getvalue()).decode("ascii")


@cache
def family_name(path: str) -> str:
    """The family name the font file gives itself (for viewers that ignore @font-face)."""
    from fontTools.ttLib import TTFont

    font = TTFont(BytesIO(_font_bytes(path)), lazy=True)
    return font["name"].getBestFamilyName() or ""
