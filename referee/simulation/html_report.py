"""A simulation's HTML report: plots as inline SVG in one file; nothing is fetched to view it."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from pnpkit.referee.simulation.simulate import Record

WIDTH = 520
BAR = 22
COLOURS = ("#3b6ea8", "#c0504d", "#4f9a55", "#8064a2", "#d08a2e", "#4aacc6", "#7f7f7f")
STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse}
td,th{padding:.2em .7em;text-align:right;border-bottom:1px solid #ddd}
th:first-child,td:first-child{text-align:left}.plots{display:flex;flex-wrap:wrap;gap:1em}
svg text{font:11px system-ui,sans-serif;fill:#333}figure{margin:0 0 1em}figcaption{font-size:.9em}
"""


def report_html(summary: dict[str, Any], records: Sequence[Record]) -> str:
    """The whole report page."""
    seats = list(summary["wins_by_seat"])
    players = summary["players_by_seat"]
    title = f"{summary['game']}: {summary['games']} simulated games"
    lineup = ", ".join(f"{s}: {players.get(s, 'the rules')}" for s in seats)
    parts = [
        f"<h1>{escape(title)}</h1>",
        f"<p>{escape(lineup)}; variant {escape(summary['variant'])}, seed {summary['seed']}"
        f"{_options(summary['options'])}.</p>",
        "<h2>Wins by seat (95% Wilson confidence interval)</h2>",
        _win_rates(summary["win_rate_by_seat"], summary["wins_by_seat"]),
        _seat_table(summary, players),
        "<h2>Score distribution by seat</h2>",
        '<div class="plots">',
        *(
            _figure(
                f"{seat} ({players.get(seat, 'the rules')})",
                histogram([r["scores"][seat] for r in records if seat in r["scores"]], i),
            )
            for i, seat in enumerate(seats)
            if any(seat in r["scores"] for r in records)
        ),
        "</div>",
        "<h2>Game length (players' decisions per game)</h2>",
        _figure("", histogram([r["moves"] for r in records], 6)),
    ]
    figures = sorted({key for r in records for key in r["stats"]})
    if figures:
        parts += [
            "<h2>The game's own figures</h2>",
            _stats_table(summary["stats"]),
            '<div class="plots">',
        ]
        parts += [
            _figure(key, histogram([r["stats"][key] for r in records if key in r["stats"]], 2))
            for key in figures
        ]
        parts.append("</div>")
    body = "\n".join(parts)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n<body>\n{body}\n"
        "</body></html>\n"
    )


def _options(options: dict[str, str]) -> str:
    return "".join(f", {escape(k)}={escape(v)}" for k, v in options.items())


def _figure(caption: str, svg: str) -> str:
    cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
    return f"<figure>{cap}{svg}</figure>"


def _seat_table(summary: dict[str, Any], players: dict[str, str]) -> str:
    rows = [
        "<table><tr><th>seat</th><th>player</th><th>wins</th><th>win rate (95% CI)</th>"
        "<th>mean score</th><th>min</th><th>max</th></tr>"
    ]
    for seat, rate in summary["win_rate_by_seat"].items():
        spread = summary["scores_by_seat"].get(seat, {})
        rows.append(
            f"<tr><td>{escape(seat)}</td><td>{escape(players.get(seat, 'the rules'))}</td>"
            f"<td>{summary['wins_by_seat'][seat]}</td>"
            f"<td>{rate['rate']:.1%} ({rate['low']:.1%}–{rate['high']:.1%})</td>"
            + "".join(f"<td>{spread.get(k, '')}</td>" for k in ("mean", "min", "max"))
            + "</tr>"
        )
    return "".join(rows) + "</table>"


def _stats_table(stats: dict[str, float]) -> str:
    rows = "".join(f"<tr><td>{escape(k)}</td><td>{v}</td></tr>" for k, v in stats.items())
    return f"<table><tr><th>figure</th><th>mean</th></tr>{rows}</table>"


def _win_rates(rates: dict[str, dict[str, float]], wins: dict[str, int]) -> str:
    """Horizontal bars of each seat's win rate with its interval as a whisker."""
    left, right = 70, 100
    span = WIDTH - left - right
    height = BAR * len(rates) + 30
    out = [_svg_open(WIDTH, height, "win rate by seat")]
    for tick in range(0, 101, 25):
        x = left + span * tick / 100
        out.append(f'<line x1="{x:.1f}" y1="4" x2="{x:.1f}" y2="{height - 22}" stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 8}" text-anchor="middle">{tick}%</text>')
    for i, (seat, rate) in enumerate(rates.items()):
        y = 6 + i * BAR
        colour = COLOURS[i % len(COLOURS)]
        width = span * rate["rate"]
        low, high = left + span * rate["low"], left + span * rate["high"]
        mid = y + (BAR - 6) / 2
        out += [
            f'<text x="{left - 6}" y="{mid + 4:.1f}" text-anchor="end">{escape(seat)}</text>',
            f'<rect x="{left}" y="{y}" width="{width:.1f}" height="{BAR - 6}" fill="{colour}"/>',
            f'<line x1="{low:.1f}" y1="{mid:.1f}" x2="{high:.1f}" y2="{mid:.1f}" stroke="#000"/>',
            f'<line x1="{low:.1f}" y1="{mid - 5:.1f}" x2="{low:.1f}" y2="{mid + 5:.1f}" '
            'stroke="#000"/>',
            f'<line x1="{high:.1f}" y1="{mid - 5:.1f}" x2="{high:.1f}" y2="{mid + 5:.1f}" '
            'stroke="#000"/>',
            f'<text x="{left + span + 6}" y="{mid + 4:.1f}">{rate["rate"]:.1%} '
            f"({wins[seat]})</text>",
        ]
    out.append("</svg>")
    return "".join(out)


def histogram(values: Sequence[float], colour: int = 0, width: int = 300, height: int = 150) -> str:
    """Counts of values in up to 20 equal bins, as an SVG bar chart with its axis labels."""
    if not values:
        return ""
    low, high = min(values), max(values)
    whole = all(float(v).is_integer() for v in values)
    bins = min(20, int(high - low) + 1) if whole else 20
    size = (high - low) / bins if high > low else 1
    counts = [0] * bins
    for value in values:
        counts[min(bins - 1, int((value - low) / size))] += 1
    top = max(counts)
    left, bottom = 34, 20
    plot_w, plot_h = width - left - 6, height - bottom - 8
    step = plot_w / bins
    fill = COLOURS[colour % len(COLOURS)]
    out = [_svg_open(width, height, "histogram")]
    for i, count in enumerate(counts):
        bar = plot_h * count / top
        out.append(
            f'<rect x="{left + i * step + 1:.1f}" y="{8 + plot_h - bar:.1f}" '
            f'width="{max(1.0, step - 2):.1f}" height="{bar:.1f}" fill="{fill}">'
            f"<title>{_number(low + i * size)}–{_number(low + (i + 1) * size)}: {count}</title>"
            "</rect>"
        )
    base = 8 + plot_h
    out += [
        f'<line x1="{left}" y1="{base}" x2="{width - 6}" y2="{base}" stroke="#666"/>',
        f'<text x="{left}" y="{height - 5}">{_number(low)}</text>',
        f'<text x="{width - 6}" y="{height - 5}" text-anchor="end">{_number(high)}</text>',
        f'<text x="{left - 4}" y="14" text-anchor="end">{top}</text>',
        f'<text x="{left - 4}" y="{base}" text-anchor="end">0</text>',
        "</svg>",
    ]
    return "".join(out)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


def _svg_open(width: int, height: int, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}">'
    )
