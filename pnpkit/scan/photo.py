"""A photo of the table opened safely, and the codes zxing-cpp finds in it."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from PIL import Image, ImageOps, UnidentifiedImageError

from pnpkit.errors import PnpError
from pnpkit.scan import homography
from pnpkit.scan.homography import Point

MAX_PIXELS = 60_000_000
"""The largest photo read (a 50-megapixel camera's, with room to spare); larger is refused
before it is decoded, so a hostile file cannot take the memory of a huge bitmap."""
FORMATS = {"datamatrix": "DataMatrix", "microqr": "MicroQRCode"}


@dataclass(frozen=True)
class Sighting:
    """One code seen in a photo: its text, and its corners in pixels (top-left, top-right,
    bottom-right, bottom-left as the code itself is printed); `error` when it could not be
    decoded (damaged, a checksum that fails)."""

    text: str
    corners: tuple[Point, Point, Point, Point]
    error: str = ""

    @property
    def centre(self) -> Point:
        """The middle of the code."""
        return (sum(p[0] for p in self.corners) / 4, sum(p[1] for p in self.corners) / 4)

    @property
    def side(self) -> float:
        """The code's mean side in pixels."""
        c = self.corners
        return sum(_distance(c[i], c[(i + 1) % 4]) for i in range(4)) / 4


def _distance(a: Point, b: Point) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def open_photo(source: Path | IO[bytes], name: str = "") -> Image.Image:
    """The photo (a file, or an upload's bytes) in greyscale, turned upright as its EXIF
    orientation says; PnpError naming it (`name`, or the path) if it is missing, not an image,
    or larger than MAX_PIXELS."""
    path = name or str(source)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(source) as image:
                if image.width * image.height > MAX_PIXELS:
                    raise PnpError(
                        f"{path}: {image.width}×{image.height} pixels is larger than the "
                        f"{MAX_PIXELS // 1_000_000} megapixels a photo may have"
                    )
                upright = ImageOps.exif_transpose(image)
                return upright.convert("L")
    except FileNotFoundError:
        raise PnpError(f"{path}: no such photo") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PnpError(
            f"{path}: larger than the {MAX_PIXELS // 1_000_000} megapixels a photo may have "
            "(refused before it is decoded)"
        ) from None
    except UnidentifiedImageError:
        raise PnpError(f"{path}: not a photo (expected a JPEG or PNG image)") from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise PnpError(f"{path}: the image cannot be read ({exc})") from None


def find_codes(image: Image.Image, symbologies: frozenset[str]) -> list[Sighting]:
    """Every code of the given symbologies in `image`, decoded or not.

    The photo is read whole and shrunk to each of SCALES (zxing-cpp misses some codes seen
    at a slant at one size that it finds at another; a shrunk copy costs a fraction of the
    whole). A code found but not decoded is read again from its neighbourhood, straightened
    and enlarged. One code seen several times is reported once."""
    formats = _formats(symbologies)
    found: list[Sighting] = []
    for scale in SCALES:
        copy = _sharpened(image) if scale == 1 else image.resize(
            (round(image.width * scale), round(image.height * scale)), Image.BILINEAR)  # fmt: skip
        for code in _read(copy, formats, return_errors=True):
            sighting = _sighting(code, scale)
            if sighting.error:
                if not _contrasty(image, sighting):
                    continue  # texture of the table taken for a code: nothing printed there
                sighting = _closer(image, sighting, formats) or sighting
            found = _merged(found, sighting)
    return found


SCALES = (1.0, 0.8, 0.6)


MIN_SPREAD = 40
"""The least standard deviation of brightness (0–255) where a code is printed: dark modules on
a light ground spread far more; wood grain or cloth that fooled the detector, much less."""


def _contrasty(image: Image.Image, seen: Sighting) -> bool:
    """Whether the place of an undecoded sighting has the contrast of a printed code."""
    from PIL import ImageStat

    xs, ys = [p[0] for p in seen.corners], [p[1] for p in seen.corners]
    box = (max(0, int(min(xs))), max(0, int(min(ys))), int(max(xs)) + 1, int(max(ys)) + 1)
    if box[2] <= box[0] or box[3] <= box[1]:
        return False
    return ImageStat.Stat(image.crop(box)).stddev[0] >= MIN_SPREAD


def _merged(found: list[Sighting], new: Sighting) -> list[Sighting]:
    """`found` with `new` added, unless it is one of them again; a decoded sighting replaces
    an undecoded one of the same code."""
    for n, old in enumerate(found):
        if _distance(old.centre, new.centre) < 0.5 * max(old.side, new.side):
            if old.error and not new.error:
                return [*found[:n], new, *found[n + 1 :]]
            return found
    return [*found, new]


SHARPEN = (2, 150, 2)
"""The unsharp mask (radius px, percent, threshold) that undoes a camera's blur enough for
codes of 2–3 px per module to be found: without it zxing-cpp finds under half of the codes
spanning 30–40 px in a blurred 12-megapixel photo (bench_scan)."""


def _sharpened(image: Image.Image) -> Image.Image:
    from PIL import ImageFilter

    return image.filter(ImageFilter.UnsharpMask(*SHARPEN))


RETRY_SIDE = 240
"""The side in pixels of the straightened copy an undecoded code is read again from."""


def _formats(symbologies: frozenset[str]):
    import zxingcpp

    return zxingcpp.BarcodeFormats(
        [getattr(zxingcpp.BarcodeFormat, FORMATS[name]) for name in sorted(symbologies)]
    )


def _read(
    image: Image.Image, formats, return_errors: bool = False, binarizer: str = "LocalAverage"
) -> list:
    import zxingcpp

    return zxingcpp.read_barcodes(image, formats=formats, try_rotate=True, try_invert=False,
                                  binarizer=getattr(zxingcpp.Binarizer, binarizer),
                                  return_errors=return_errors)  # fmt: skip


def _sighting(code, scale: float = 1.0) -> Sighting:
    """A zxing-cpp result read from a copy shrunk by `scale`, in the photo's pixels."""
    p = code.position
    corners = tuple((q.x / scale, q.y / scale)
                    for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left))  # fmt: skip
    error = str(code.error).split(" @ ")[0] if code.error else ""
    return Sighting("" if error else code.text, corners, error)  # type: ignore[arg-type]


def _closer(image: Image.Image, seen: Sighting, formats) -> Sighting | None:
    """The code of `seen` decoded from its neighbourhood straightened to a square (its corners
    as found, grown by a quiet zone) and enlarged to RETRY_SIDE pixels, or None."""
    cx, cy = seen.centre
    grown = [(cx + (x - cx) * 1.4, cy + (y - cy) * 1.4) for x, y in seen.corners]
    tl, tr, br, bl = grown
    square = image.transform((RETRY_SIDE, RETRY_SIDE), Image.QUAD, (*tl, *bl, *br, *tr),
                             Image.BICUBIC)  # fmt: skip
    to_photo = homography.solve(
        [(0, 0), (RETRY_SIDE, 0), (RETRY_SIDE, RETRY_SIDE), (0, RETRY_SIDE)], grown
    )
    codes = (_read(square, formats) or _read(_sharpened(square), formats)
             or _read(square, formats, binarizer="GlobalHistogram"))  # fmt: skip
    for code in codes:
        p = code.position
        corners = tuple(homography.apply(to_photo, (q.x, q.y)) for q in
                        (p.top_left, p.top_right, p.bottom_right, p.bottom_left))  # fmt: skip
        return Sighting(code.text, corners)  # type: ignore[arg-type]
    return None
