"""Print shops' published specifications for single-card files: bleed, resolution, page order.

Each figure comes from the shop's own published guidance, cited in docs/export.md.
"""

from __future__ import annotations

from dataclasses import dataclass

INCH_MM = 25.4


@dataclass(frozen=True)
class Shop:
    """What a print shop asks for: bleed on every side, resolution, the order of a card's
    pages in a one-card-per-page PDF, and the card sizes it lists (trim, in mm)."""

    name: str
    label: str
    bleed_mm: float
    dpi: int
    backs_first: bool
    sizes: dict[str, tuple[float, float]]


POKER = (2.5 * INCH_MM, 3.5 * INCH_MM)

SHOPS: dict[str, Shop] = {
    # 1/8" bleed on all four sides, 300 dpi; one PDF per deck, each card's back, then its front
    "drivethrucards": Shop(
        "drivethrucards", "DriveThruCards", INCH_MM / 8, 300, True, {"poker": POKER}
    ),
    # poker cards 825 x 1125 px with bleed, 750 x 1050 px trimmed, at 300 dpi (1/8" bleed)
    "thegamecrafter": Shop(
        "thegamecrafter", "The Game Crafter", INCH_MM / 8, 300, False, {"poker": POKER}
    ),
    # 36 px of bleed on every side at 300 dpi (0.12", 3.048 mm): poker 822 x 1122 px uploaded,
    # 750 x 1050 px after the cut; fronts and backs are uploaded as separate images
    "makeplayingcards": Shop(
        "makeplayingcards", "MakePlayingCards", 36 * INCH_MM / 300, 300, False, {"poker": POKER}
    ),
}
CUSTOM = "custom"


def shop_named(name: str, bleed_mm: float | None, dpi: int | None) -> Shop:
    """The shop called `name`, or `custom` with the given bleed and dpi; ValueError otherwise."""
    key = name.strip().lower()
    if key == CUSTOM:
        if bleed_mm is None or dpi is None:
            raise ValueError("--shop custom needs --bleed MM and --dpi N")
        return Shop(CUSTOM, "custom", bleed_mm, dpi, False, {})
    if key not in SHOPS:
        known = ", ".join([*SHOPS, CUSTOM])
        raise ValueError(f"unknown print shop {name!r}; known: {known}")
    shop = SHOPS[key]
    if bleed_mm is not None or dpi is not None:
        raise ValueError(
            f"{shop.label} publishes its own bleed ({shop.bleed_mm:g} mm) and resolution "
            f"({shop.dpi} dpi); --bleed and --dpi go with --shop custom"
        )
    return shop


def size_note(shop: Shop, width_mm: float, height_mm: float) -> str | None:
    """A warning when a card's trim size is not one the shop lists (None if it is, or custom)."""
    if not shop.sizes:
        return None
    for w, h in shop.sizes.values():
        if {round(width_mm, 1), round(height_mm, 1)} == {round(w, 1), round(h, 1)}:
            return None
    listed = ", ".join(f"{n} {w:g}×{h:g} mm" for n, (w, h) in shop.sizes.items())
    return (
        f"{width_mm:.1f}×{height_mm:.1f} mm is not a card size {shop.label} lists ({listed}); "
        "exported at its own size"
    )
