"""What a game's rules raise when photos do not determine its position, and the helpers they
share to say so."""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.errors import PnpError
from pnpkit.scan.pieces import PhotoScan


class PositionUnclear(PnpError):
    """The photos do not determine the position: `missing` says what is lacking, each line a
    thing the table can fix (a piece not seen, a token between two places)."""

    def __init__(self, missing: Sequence[str]):
        self.missing = list(missing)
        super().__init__(
            "the photos do not determine the position:\n" + "\n".join(f"  - {m}" for m in missing)
        )


def where(point: tuple[float, float]) -> str:
    """A photo position for a message: `at (1234, 567)`."""
    return f"at ({point[0]:.0f}, {point[1]:.0f})"


def unread_notes(scan: PhotoScan) -> list[str]:
    """A line for every code of the photo that was not read, to add to what is missing."""
    return [f"a code {where(_mid(u.code))} was not read ({u.reason})"
            for u in scan.unread]  # fmt: skip


def _mid(corners) -> tuple[float, float]:
    return (sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4)


def one_position(scans: Sequence[PhotoScan], read) -> str:
    """The position the photos give: `read(scan)` gives a photo's position text, None if the
    photo shows none of it, or raises PositionUnclear. Photos that give one must agree."""
    found: list[tuple[PhotoScan, str]] = []
    missing: list[str] = []
    for scan in scans:
        try:
            text = read(scan)
        except PositionUnclear as exc:
            missing += [f"{scan.photo}: {m}" for m in exc.missing]
            continue
        if text is not None:
            found.append((scan, text))
    if not found:
        raise PositionUnclear(missing or ["no photo shows the game's pieces"])
    first_scan, first = found[0]
    for scan, text in found[1:]:
        if text != first:
            raise PnpError(f"{first_scan.photo} and {scan.photo} show different positions")
    return first
