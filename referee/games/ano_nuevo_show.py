"""Año Nuevo's table as text (whole, or one player's view, AN-68) and as an SVG picture."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from xml.sax.saxutils import escape

from pnpkit.referee.games.ano_nuevo_cards import Items, hidden
from pnpkit.referee.games.ano_nuevo_posture import Contest
from pnpkit.referee.games.ano_nuevo_table import POSTURE, AnoNuevo, Seal, data_of, fight_totals
from pnpkit.referee.rules import Setup


def _cards(items: Items, secret: bool) -> str:
    if not items:
        return "none"
    if secret or all(hidden(i) for i in items):
        return f"{len(items)} unseen"
    counts = Counter(items)
    return ", ".join(f"{c}×{n}" if n > 1 else c for c, n in sorted(counts.items()))


def _vp(vp: int, lap: int) -> str:
    """AN-59: a score, and how the VP Tracker shows it once it has gone round (+25 side)."""
    if vp < lap:
        return f"{vp} VP"
    marker = vp - lap
    place = "off the track" if marker == 0 else f"on {marker}"
    if marker > lap:
        place = "past the end of the track"
    return f"{vp} VP (Seal token +{lap}, marker {place})"


def _seal_line(setup: Setup, state: AnoNuevo, player: str, seal: Seal, viewer: str | None) -> str:
    secret = viewer is not None and viewer != player
    where = (
        "Ocean" if seal.place is None else f"Location {seal.place + 1} ({seal.role or 'arriving'})"
    )
    vp = _vp(seal.vp, data_of(setup.game).lap)
    line = f"  {player}: {vp}, {where}; hand {_cards(seal.hand, secret)}"
    if seal.aside or seal.pool:
        line += f"; set aside {_cards(seal.aside, secret)}; Pool {_cards(seal.pool, secret)}"
    return line


def describe(setup: Setup, state: AnoNuevo, prompt: str, viewer: str | None = None) -> str:
    """The table in plain text; with `viewer`, only that player's cards are shown."""
    data = data_of(setup.game)
    lines = [f"Año Nuevo, turn {state.turn}, tracker on {state.tracker} ({setup.variant})"]
    if viewer is not None:
        lines[0] += f" — {viewer}'s view"
    for i, (card, beach) in enumerate(zip(state.places, state.beaches, strict=True)):
        name = data.location_names[card]
        lines.append(f"Location {i + 1}: {name} ({card}), Harem {_cards(beach, False)}")
    lines.append("Seals:")
    for player, seal in zip(setup.players, state.seals, strict=True):
        lines.append(_seal_line(setup, state, player, seal, viewer))
    if state.step == POSTURE and state.contests:
        lines.extend(_contest_lines(setup, state, state.contests[0]))
    prey = state.prey
    lines.append(
        f"Prey deck {len(prey.deck)}, discard {len(prey.discard)}; "
        f"Harem deck {len(state.harem_deck)}, discard {len(state.harem_discard)}"
    )
    lines.append(f"now: {prompt}")
    return "\n".join(lines)


def _contest_lines(setup: Setup, state: AnoNuevo, contest: Contest) -> list[str]:
    """The Posture under way: who Postures, the public counts displayed, and the Fight so far
    (revealed cards are shown to all, AN-31, AN-40)."""
    aim = "Alpha" if contest.round == 1 else "Beta (second round)"
    lines = [f"Posture on Location {contest.place + 1} for {aim}: {', '.join(contest.seals)}"]
    if contest.shown is not None:
        shown = ", ".join(f"{p} {n}" for p, n in zip(contest.seals, contest.shown, strict=True))
        lines.append(f"  displayed: {shown}")
    if contest.fighters:
        totals = fight_totals(data_of(setup.game), state, contest)
        fight = "; ".join(
            f"{f} {totals[f]} ({', '.join(cards) or 'nothing yet'})"
            for f, cards in zip(contest.fighters, contest.revealed, strict=True)
        )
        lines.append(f"  Fight: {fight}")
    return lines


def table_svg(setup: Setup, state: AnoNuevo, face: Callable[[str], str | None]) -> str:
    """The Locations with their Harem cards and seals, the Ocean, and the scores."""
    data = data_of(setup.game)
    colours = dict(zip(setup.players, (h for _, h in data.colours), strict=False))
    width, row = 760, 110
    height = 90 + row * (len(state.places) + 1) + 24 * len(setup.players)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="#f4efe4"/>',
        f'<text x="16" y="28" font-size="18">Año Nuevo — turn {state.turn}, '
        f"tracker {state.tracker}</text>",
    ]
    for i, card in enumerate((*state.places, None)):
        y = 50 + i * row
        label = "Ocean" if card is None else f"{i + 1}. {data.location_names[card]}"
        fill = "#cfe3ef" if card is None else "#e8d6b0"
        out.append(
            f'<rect x="16" y="{y}" width="{width - 32}" height="{row - 12}" rx="8" fill="{fill}"/>'
        )
        out.append(f'<text x="28" y="{y + 20}">{escape(label)}</text>')
        beach = () if card is None else state.beaches[i]
        for k, harem in enumerate(beach):
            x = 28 + k * 46
            out.append(
                f'<rect x="{x}" y="{y + 30}" width="40" height="56" rx="4" fill="#fff" '
                'stroke="#a0785a"/>'
                f'<text x="{x + 4}" y="{y + 62}" font-size="10">{escape(harem[3:])}</text>'
            )
        place = None if card is None else i
        here = [p for p, s in zip(setup.players, state.seals, strict=True) if s.place == place]
        for k, player in enumerate(here):
            x = width - 60 - k * 70
            role = state.seal(setup, player).role[:3]
            out.append(
                f'<circle cx="{x}" cy="{y + 50}" r="22" fill="{colours.get(player, "#888")}"/>'
                f'<text x="{x}" y="{y + 54}" fill="#fff" text-anchor="middle">'
                f"{escape(player[:6])}</text>"
                f'<text x="{x}" y="{y + 88}" font-size="10" text-anchor="middle">{role}</text>'
            )
    y = 60 + row * (len(state.places) + 1)
    for k, (player, seal) in enumerate(zip(setup.players, state.seals, strict=True)):
        out.append(f'<text x="16" y="{y + 24 * k}">{escape(player)}: {seal.vp} VP</text>')
    out.append("</svg>")
    return "\n".join(out)
