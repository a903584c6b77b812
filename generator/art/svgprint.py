"""Text in SVG art as svglib draws it for print: in the fonts `svgtext` chooses, embedded, and
only with characters those fonts have."""

from __future__ import annotations

from pathlib import Path

from reportlab.graphics.shapes import Group, String
from svglib.fonts import FontMap

from pnpkit.generator.art.artwork import ArtError
from pnpkit.generator.art.svgtext import ArtFonts, choose, style_of
from pnpkit.generator.backends.pdf import font_name
from pnpkit.generator.text.fontmetrics import font_metrics


class ArtFontMap(FontMap):
    """svglib's font lookup, answered from the game's and the bundled fonts only: no font of
    the machine (fontconfig), no PDF base font. Each text of the art names its font file by a
    family of this map's own (`family`), given it as the preview's font is chosen."""

    def __init__(self, fonts: ArtFonts):
        super().__init__()
        self.fonts = fonts
        self.chosen: dict[str, Path] = {}
        """The font file of each family handed out by `family`."""
        self.files: dict[str, Path] = {}
        """The file of each PDF font name handed out."""

    def family(self, path: Path, style: str, characters: str) -> str:
        """A family name that stands for the font file `path`."""
        name = f"pnpart{len(self.chosen) + 1}"
        self.chosen[name] = path
        return name

    def find_font(
        self, font_name_: str, weight: str = "normal", style: str = "normal"
    ) -> tuple[str, bool]:
        path = self.chosen.get(font_name_)
        found = path is not None
        if path is None:  # text that set_art_text_fonts did not reach
            path, found = choose(self.fonts, font_name_, style_of(str(weight), style))
        name = font_name(str(path))
        self.files[name] = path
        return name, found


def check_glyphs(drawing, fonts: ArtFontMap) -> None:
    """ArtError naming the first text whose font lacks one of its characters."""
    for string in _strings(drawing):
        path = fonts.files.get(string.fontName)
        if path is None:
            continue
        widths = font_metrics(path).widths
        missing = sorted({c for c in string.text if not c.isspace() and ord(c) not in widths})
        if missing:
            shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing[:5])
            raise ArtError(
                f"is an SVG image whose text {string.text!r} needs characters that its font "
                f"{path.name} lacks: {shown}; declare a font that has them in game.json "
                f"`fonts` and name it in the text's font-family"
            )


def _strings(node):
    if isinstance(node, String):
        yield node
    elif isinstance(node, Group) or hasattr(node, "contents"):
        for child in node.contents:
            yield from _strings(child)
