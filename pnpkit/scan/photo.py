"""A photo of the table opened safely, and the codes zxing-cpp finds in it."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import IO

from PIL import Image, ImageOps, ImageStat, UnidentifiedImageError

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

    @cached_property
    def centre(self) -> Point:
        """The middle of the code."""
        return (sum(p[0] for p in self.corners) / 4, sum(p[1] for p in self.corners) / 4)

    @cached_property
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
                image.draft("L", image.size)  # a JPEG decodes straight to grey, at full size
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

    The photo is read shrunk to each of SCALES first (cheap, and zxing-cpp finds some codes
    seen at a slant at one size that it misses at another), then at full size, sharpened, over
    the part of it where codes were found (grown by GROWTH code sides; the whole photo if none
    was). A code found but not decoded is read again from its neighbourhood, straightened and
    enlarged. One code seen several times is reported once."""
    formats = _formats(symbologies)
    found: list[Sighting] = []
    for scale in SCALES:
        copy = image.resize((round(image.width * scale), round(image.height * scale)),
                            Image.BILINEAR)  # fmt: skip
        found = _added(image, found, _read(copy, formats, return_errors=True), formats, scale)
    left, top, right, bottom = _area(found, image.size)
    crop = _sharpened(image.crop((left, top, right, bottom)))
    codes = _read(crop, formats, return_errors=True)
    return _added(image, found, codes, formats, offset=(left, top))


SCALES = (0.8,)
"""The shrunk copies read before the full-size pass. In bench_scan, 0.8 alone reads the codes of
30–40 px as well as 0.8 and 0.6 together (99.7%), and 0.05 s sooner on 12 megapixels."""
GROWTH = 12
"""How far past the codes found in the shrunk copies the full-size pass looks, in code sides:
about a card's length, so a piece beside those found, whose code they missed, is looked at."""


def _added(
    image: Image.Image,
    found: list[Sighting],
    codes: list,
    formats,
    scale: float = 1.0,
    offset: Point = (0.0, 0.0),
) -> list[Sighting]:
    """`found` with the zxing-cpp results `codes` (read from a copy of `image` shrunk by `scale`
    or cut out at `offset`) added; an undecoded one is read again closer first, and dropped if
    its place has not the contrast of a printed code."""
    for code in codes:
        sighting = _sighting(code, scale, offset)
        if sighting.error:
            if _known(found, sighting) or not _contrasty(image, sighting):
                continue  # read already, or texture of the table taken for a code
            sighting = _closer(image, sighting, formats) or sighting
        found = _merged(found, sighting)
    return found


def _area(found: list[Sighting], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom) around the codes `found`, grown by GROWTH sides of
    the largest and kept inside the photo of `size`; the whole photo if none was found."""
    if not found:
        return (0, 0, *size)
    grow = GROWTH * max(s.side for s in found)
    xs = [p[0] for s in found for p in s.corners]
    ys = [p[1] for s in found for p in s.corners]
    left, top = max(0, int(min(xs) - grow)), max(0, int(min(ys) - grow))
    return left, top, min(size[0], int(max(xs) + grow) + 1), min(size[1], int(max(ys) + grow) + 1)


MIN_SPREAD = 30
"""The least standard deviation of brightness (0–255) where a code is printed: a sharp code
spreads far more, one blurred to 2 px per module about 38 (bench_scan's photos); wood grain or
cloth that fooled the detector, much less."""
TABLE_SPREAD = 8
"""Below this spread a region looked at again shows only the bare table (its light and the
camera's noise), and is not read."""


def _contrasty(image: Image.Image, seen: Sighting) -> bool:
    """Whether the place of an undecoded sighting has the contrast of a printed code."""
    xs, ys = [p[0] for p in seen.corners], [p[1] for p in seen.corners]
    box = (max(0, int(min(xs))), max(0, int(min(ys))), int(max(xs)) + 1, int(max(ys)) + 1)
    if box[2] <= box[0] or box[3] <= box[1]:
        return False
    return ImageStat.Stat(image.crop(box)).stddev[0] >= MIN_SPREAD


def _same_code(old: Sighting, new: Sighting) -> bool:
    """Whether two sightings are of one code (their centres within half a side)."""
    return _distance(old.centre, new.centre) < 0.5 * max(old.side, new.side)


def _known(found: list[Sighting], new: Sighting) -> bool:
    """Whether `new` is a code already seen among `found` (decoded or not)."""
    return any(_same_code(old, new) for old in found)


def _merged(found: list[Sighting], new: Sighting) -> list[Sighting]:
    """`found` with `new` added, unless it is one of them again; a decoded sighting replaces
    an undecoded one of the same code."""
    for n, old in enumerate(found):
        if _same_code(old, new):
            if old.error and not new.error:
                return [*found[:n], new, *found[n + 1 :]]
            return found
    return [*found, new]


def merged(found: list[Sighting], new: list[Sighting]) -> list[Sighting]:
    """`found` with each of `new` added that is not one of them again."""
    for sighting in new:
        found = _merged(found, sighting)
    return found


ENLARGE = 2
"""How much a region where a code is expected is enlarged (after sharpening) before it is read
again: codes of 2–3 px per module that the whole photo's passes miss are read from it."""


def read_regions(
    image: Image.Image, boxes: list[tuple[int, int, int, int]], symbologies: frozenset[str]
) -> list[Sighting]:
    """The codes decoded in the given boxes (left, top, right, bottom, in pixels) of `image`,
    each box enlarged ENLARGE times and sharpened; undecoded ones are left out."""
    formats = _formats(symbologies)
    found: list[Sighting] = []
    for box in boxes:
        for sighting in _in_box(image, box, formats):
            found = _merged(found, sighting)
    return found


def _in_box(
    image: Image.Image, box: tuple[int, int, int, int], formats, enlarge: float = ENLARGE
) -> list[Sighting]:
    """The codes decoded in `box` of `image`, enlarged `enlarge` times and sharpened; none if
    the box shows only the bare table."""
    left, top = max(0, box[0]), max(0, box[1])
    right, bottom = min(image.width, box[2]), min(image.height, box[3])
    if right - left < 8 or bottom - top < 8:
        return []
    crop = image.crop((left, top, right, bottom))
    if ImageStat.Stat(crop).stddev[0] < TABLE_SPREAD:
        return []  # the bare table: no piece lies there
    size = (round((right - left) * enlarge), round((bottom - top) * enlarge))
    big = _sharpened(crop.resize(size, Image.BICUBIC))
    return [_sighting(code, enlarge, (left, top)) for code in _read(big, formats)]


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


def _sighting(code, scale: float = 1.0, offset: Point = (0.0, 0.0)) -> Sighting:
    """A zxing-cpp result read from a copy shrunk by `scale` or cut out of the photo at
    `offset`, in the photo's pixels."""
    p = code.position
    corners = tuple((q.x / scale + offset[0], q.y / scale + offset[1])
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
    # the corners found may be wrong: read the code's surroundings as they are, enlarged
    half = CLOSER_REACH * seen.side
    box = (int(cx - half), int(cy - half), int(cx + half) + 1, int(cy + half) + 1)
    for enlarge in CLOSER_ENLARGE:
        for sighting in _in_box(image, box, formats, enlarge):
            if _distance(sighting.centre, seen.centre) < seen.side:
                return sighting
    return None


CLOSER_REACH = 1.5
"""How far round an undecoded code its surroundings are read again, in its sides."""
CLOSER_ENLARGE = (2, 3)
