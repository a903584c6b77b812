"""Plane-to-plane projective maps (homographies) from four point pairs, in plain Python."""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]


def solve(source: Sequence[Point], target: Sequence[Point]) -> Matrix:
    """The homography taking each of four `source` points to its `target` point.

    ValueError if three of the points are on one line (no such map)."""
    for points in (source, target):
        if _degenerate(points):
            raise ValueError("three of the points are on one line: no homography")
    rows: list[list[float]] = []
    for (x, y), (u, v) in zip(source, target, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    h = _eliminate(rows)
    return ((h[0], h[1], h[2]), (h[3], h[4], h[5]), (h[6], h[7], 1.0))


def affine(source: Sequence[Point], target: Sequence[Point]) -> Matrix:
    """The affine map (no perspective) taking `source` points nearest to `target` points, by
    least squares: steadier than a homography when it is carried far beyond the points, as a
    piece's outline is from its small code."""
    rows = []
    for coordinate in (0, 1):
        normal = [[0.0] * 4 for _ in range(3)]
        for (x, y), goal in zip(source, target, strict=True):
            terms = (x, y, 1.0)
            for r in range(3):
                for c in range(3):
                    normal[r][c] += terms[r] * terms[c]
                normal[r][3] += terms[r] * goal[coordinate]
        rows.append(tuple(_eliminate(normal)))
    return (rows[0], rows[1], (0.0, 0.0, 1.0))  # type: ignore[return-value]


def _degenerate(points: Sequence[Point]) -> bool:
    """Whether three of four points are (nearly) on one line."""
    scale = max(1e-12, max(abs(v) for p in points for v in p)) ** 2
    for skip in range(4):
        (ax, ay), (bx, by), (cx, cy) = [p for i, p in enumerate(points) if i != skip]
        if abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) < 1e-9 * scale:
            return True
    return False


def _eliminate(rows: list[list[float]]) -> list[float]:
    """Gaussian elimination with partial pivoting of an n × (n+1) augmented system."""
    n = len(rows)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("degenerate points: no homography")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def apply(h: Matrix, point: Point) -> Point:
    """Where `h` takes `point`."""
    x, y = point
    w = h[2][0] * x + h[2][1] * y + h[2][2]
    return ((h[0][0] * x + h[0][1] * y + h[0][2]) / w, (h[1][0] * x + h[1][1] * y + h[1][2]) / w)


def invert(h: Matrix) -> Matrix:
    """The inverse map (scaled so that its last entry is 1)."""
    (a, b, c), (d, e, f), (g, i, k) = h
    co = (
        (e * k - f * i, c * i - b * k, b * f - c * e),
        (f * g - d * k, a * k - c * g, c * d - a * f),
        (d * i - e * g, b * g - a * i, a * e - b * d),
    )
    scale = co[2][2] if abs(co[2][2]) > 1e-12 else 1.0
    return tuple(tuple(v / scale for v in row) for row in co)  # type: ignore[return-value]


def compose(first: Matrix, then: Matrix) -> Matrix:
    """The map that applies `first`, then `then`."""
    product = tuple(
        tuple(sum(then[r][k] * first[k][c] for k in range(3)) for c in range(3)) for r in range(3)
    )
    scale = product[2][2]
    return tuple(tuple(v / scale for v in row) for row in product)  # type: ignore[return-value]
