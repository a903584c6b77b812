"""The table drawn from a game's blocks: the picture (`views.zone_picture`, a row per block)
and the `zones` data a kit game gets without writing them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.referee.engine.information import Zone
from pnpkit.referee.kit.blocks import Deck, Hand, Stack, Table, Track
from pnpkit.referee.views.table_data import card

if TYPE_CHECKING:
    from pnpkit.referee.engine.rules import Rules, Setup, State


def _sees(zone: Zone, viewer: str | None) -> bool:
    return viewer is None or zone.visible_to(viewer)


def zones_of(setup: Setup, table: Table, viewer: str | None) -> dict[str, Any]:
    """The blocks as data for `viewer` (None: the referee): each with its kind, and its cards
    when the viewer sees them, else how many there are."""
    rows = []
    for name, block in table.blocks:
        zone = block.zone(name)
        row: dict[str, Any] = {"name": name, "kind": type(block).__name__.lower()}
        if isinstance(block, Track):
            row["marks"] = list(block.marks)
        elif isinstance(block, Deck) or not _sees(zone, viewer):
            row["count"] = len(block) if isinstance(block, Deck | Hand) else len(zone.cards)
        else:
            row["cards"] = [card(setup.game, c) for c in zone.cards]
            if isinstance(block, Hand) and block.unknown:
                row["unknown"] = block.unknown
            if isinstance(block, Stack) and block.face_down:
                row["face_down"] = block.face_down
        rows.append(row)
    return {"blocks": rows}


def picture(rules: Rules, setup: Setup, state: State, viewer: str) -> str:
    """The SVG of the table as `viewer` sees it (the shared screen: `SHARED`): the blocks in
    seat-order rows."""
    from pnpkit.referee.views.zone_picture import drawn

    return drawn(rules, setup, state, viewer, zones_of(setup, state.table, viewer)["blocks"])
