"""Año Nuevo's table as text (whole, or one player's view, AN-68) and as an SVG picture."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnpkit.referee.api import Face, Setup, card_title, place_card, unseen
from pnpkit.referee.games.ano_nuevo.data import data_of
from pnpkit.referee.games.ano_nuevo.fight import fight_totals
from pnpkit.referee.games.ano_nuevo.state import (
    ASIDE,
    DISPLAYED,
    HAND,
    HAREM_DECK,
    HAREM_DISCARD,
    POOL_CARDS,
    POSTURE,
    PREY_DECK,
    PREY_DISCARD,
    AnoNuevo,
    Contest,
    Items,
    Seal,
)

CARD_W, CARD_H, GAP, MARGIN, ROW, SEAL = 60, 84, 6, 16, 104, 50


def _cards(items: Items, secret: bool) -> str:
    if not items:
        return "none"
    if secret or all(unseen(i) for i in items):
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
    hand, aside, pool = (state.held(setup, k, player).items for k in (HAND, ASIDE, POOL_CARDS))
    line = f"  {player}: {vp}, {where}; hand {_cards(hand, secret)}"
    if aside or pool:
        line += f"; set aside {_cards(aside, secret)}; Pool {_cards(pool, secret)}"
    return line


def describe(setup: Setup, state: AnoNuevo, viewer: str | None = None) -> str:
    """The table in plain text; with `viewer`, only that player's cards are shown."""
    data = data_of(setup.game)
    lines = [f"Año Nuevo, turn {state.turn}, tracker on {state.tracker} ({setup.variant})"]
    if viewer is not None:
        lines[0] += f" — {viewer}'s view"
    for i, card in enumerate(state.places):
        name = data.location_names[card]
        lines.append(f"Location {i + 1}: {name} ({card}), Harem {_cards(state.beach(i), False)}")
    lines.append("Seals:")
    for player, seal in zip(setup.players, state.seals, strict=True):
        lines.append(_seal_line(setup, state, player, seal, viewer))
    if state.step == POSTURE and state.contests:
        lines.extend(_contest_lines(setup, state, state.contests[0], viewer))
    lines.append(_piles(state))
    return "\n".join(lines)


def _piles(state: AnoNuevo) -> str:
    return (
        f"Prey deck {len(state.table[PREY_DECK])}, discard {len(state.table[PREY_DISCARD])}; "
        f"Harem deck {len(state.table[HAREM_DECK])}, discard {len(state.table[HAREM_DISCARD])}"
    )


def _contest_lines(
    setup: Setup, state: AnoNuevo, contest: Contest, viewer: str | None
) -> list[str]:
    """The Posture under way: who Postures, the public counts displayed, the cards still face
    down (digital mode: to their seal only), and the Fight so far (revealed cards are shown to
    all, AN-31, AN-40)."""
    aim = "Alpha" if contest.round == 1 else "Beta (second round)"
    lines = [f"Posture on Location {contest.place + 1} for {aim}: {', '.join(contest.seals)}"]
    if contest.shown is not None:
        shown = ", ".join(f"{p} {n}" for p, n in zip(contest.seals, contest.shown, strict=True))
        lines.append(f"  displayed: {shown}")
    for player in contest.seals:
        face_down = state.held(setup, DISPLAYED, player).items
        if face_down and (viewer is None or viewer == player):
            lines.append(f"  {player}'s face down: {_cards(face_down, False)}")
    if contest.fighters:
        totals = fight_totals(data_of(setup.game), state, contest)
        fight = "; ".join(
            f"{f} {totals[f]} ({', '.join(cards) or 'nothing yet'})"
            for f, cards in zip(contest.fighters, contest.revealed, strict=True)
        )
        lines.append(f"  Fight: {fight}")
    return lines


def _card(drawing: Any, setup: Setup, card: str, face: Face, at: tuple[float, float]) -> None:
    """A card's printed face, or a plain stand-in with its name and ID."""
    component = setup.game.component(card)
    name = component.name if component else card
    title = card_title(setup.game, card)
    place_card(drawing, face(card), at, (CARD_W, CARD_H), name.split(), card, title)


def table_svg(setup: Setup, state: AnoNuevo, table: dict[str, Any], face: Face) -> str:
    """The legend, the Locations (their cards, Harem cards face up and seals), the Ocean, and
    the scores, with the components' printed faces where the generator provides them; each
    Harem card (`take CARD`) and each seal (`pay NAME CARD`) is a tap target."""
    from pnpkit.referee.api import Picture  # loaded only when `show --svg` draws

    data = data_of(setup.game)
    colours = {p["name"]: p["rgb"] for p in table["players"]}
    most = max((len(state.beach(i)) for i in range(len(state.places))), default=0)
    width = max(760, 2 * MARGIN + (most + 1) * (CARD_W + GAP) + 40 + SEAL * len(setup.players))
    height = 50 + ROW * (len(state.places) + 1) + 24 * (len(setup.players) + 1)
    picture = Picture(table, width, height, background="#f4efe4")
    drawing, width = picture.drawing, picture.width
    title = f"Año Nuevo — turn {state.turn}, tracker {state.tracker}"
    drawing.add(drawing.text(title, insert=(MARGIN, picture.top + 28), font_size=18))
    for i, card in enumerate((*state.places, None)):
        y = picture.top + 44 + i * ROW
        fill = "#cfe3ef" if card is None else "#e8d6b0"
        drawing.add(drawing.rect((MARGIN, y), (width - 2 * MARGIN, ROW - 10), rx=8, fill=fill))
        place = None if card is None else i
        if card is None:
            drawing.add(drawing.text("Ocean", insert=(MARGIN + 12, y + 22), font_size=14))
        else:
            drawing.add(drawing.text(f"{i + 1}", insert=(MARGIN + 6, y + 18), font_size=13))
            _card(drawing, setup, card, face, (MARGIN + 20, y + 8))
            for k, harem in enumerate(state.beach(i)):
                x = MARGIN + 20 + (k + 1) * (CARD_W + GAP) + 10
                _card(drawing, setup, harem, face, (x, y + 8))
                title = f"{card_title(setup.game, harem)} on Location {i + 1}"
                picture.target(harem, (x, y + 8, CARD_W, CARD_H), title)
        here = [p for p, s in zip(setup.players, state.seals, strict=True) if s.place == place]
        for k, player in enumerate(here):
            x = width - MARGIN - 30 - k * SEAL
            role = state.seal(setup, player).role
            drawing.add(drawing.circle((x, y + 40), 20, fill=colours.get(player, "#888")))
            picture.target(player, (x - 20, y + 20, 40, 40), f"{player}'s seal", rx=20)
            drawing.add(
                drawing.text(player[:6], insert=(x, y + 44), font_size=11, fill="#fff",
                             text_anchor="middle")
            )  # fmt: skip
            drawing.add(drawing.text(role, insert=(x, y + 76), font_size=10, text_anchor="middle"))
    y = picture.top + 44 + ROW * (len(state.places) + 1) + 8
    for k, (player, seal) in enumerate(zip(setup.players, state.seals, strict=True)):
        line = f"{player}: {_vp(seal.vp, data.lap)}"
        drawing.add(drawing.text(line, insert=(MARGIN, y + 24 * k), font_size=13))
    at = (MARGIN, y + 24 * len(setup.players))
    drawing.add(drawing.text(_piles(state), insert=at, font_size=12))
    return picture.tostring()
