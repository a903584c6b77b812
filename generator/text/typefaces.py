"""Font families: the bundled DejaVu Sans, and the families a game declares in game.json."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from pnpkit.components.gamefiles import OutsideGame, game_file
from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.generator.text.fontmetrics import FONT_DIR, FONT_FAMILY, FONT_FILES

STYLES = ("regular", "bold", "italic", "bold-italic")


class FontFamily(NamedTuple):
    """A family's TrueType file by style; a declared family may lack styles other than regular."""

    name: str
    files: Mapping[str, Path]

    @property
    def bundled(self) -> bool:
        """Whether this is pnpkit's own font (previews name it rather than embed it)."""
        return self is DEFAULT_FAMILY

    def __hash__(self) -> int:  # `files` is a mapping: hash its items
        return hash((self.name, tuple(self.files.items())))

    def file(self, style: str) -> Path | None:
        """The file of `style`, or None if the family has none."""
        return self.files.get(style)


DEFAULT_FAMILY = FontFamily(
    FONT_FAMILY, MappingProxyType({style: FONT_DIR / name for style, name in FONT_FILES.items()})
)


def styled(base: str, bold: bool, italic: bool) -> str:
    """A run's style: the element's style with the markup's bold and italic added to it."""
    bold = bold or base.startswith("bold")
    italic = italic or base.endswith("italic")
    if bold:
        return "bold-italic" if italic else "bold"
    return "italic" if italic else "regular"


def game_families(game: Game) -> dict[str, FontFamily]:
    """The font families `game` declares, by name, their files resolved inside the game."""
    families = {}
    for name, files in game.manifest.get("fonts", {}).items():
        try:
            resolved = {style: game_file(game.directory, path) for style, path in files.items()}
        except OutsideGame as exc:
            raise PnpError(f"{game.directory}: font family {name!r}: {exc}") from exc
        families[name] = FontFamily(name, MappingProxyType(resolved))
    return families
