"""Every game's table picture: scalable (viewBox), a legend naming each player with their score
and whose turn, card tooltips, and no label box over another."""

import itertools
import xml.etree.ElementTree as ET

import pytest

from pnpkit.referee.checks.harness import Case, random_states
from pnpkit.referee.views import picture
from pnpkit.referee.views.faces import faces_of

SVG = "{http://www.w3.org/2000/svg}"
CASES = [Case("alpina", 3, 1), Case("ano-nuevo", 3, 1), Case("nut-hunt", 3, 1),
         Case("nut-hunt", 1, 2), Case("gentoo", 3, 1), Case("arctic", 4, 1)]  # fmt: skip


@pytest.fixture(autouse=True)
def checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """svgwrite checks every attribute value of these pictures (a server draws them unchecked)."""
    monkeypatch.setattr(picture, "CHECKED", True)


def _boxes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    boxes = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") in ("label", "legend"):
            rect = group.find(f"{SVG}rect")
            assert rect is not None
            boxes.append(tuple(float(rect.get(k)) for k in ("x", "y", "width", "height")))
    return boxes


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_table_picture_scales_has_a_legend_tooltips_and_no_overlapping_labels(case: Case) -> None:
    states = list(random_states(case, every=9))
    for setup, state in [states[0], states[len(states) // 2], states[-1]]:
        root = ET.fromstring(setup.rules.svg(setup, state, faces_of(setup.game)))
        assert root.get("viewBox", "").startswith("0 0 "), case
        texts = [t.text or "" for t in root.iter(f"{SVG}text")]
        table = setup.rules.table(setup, state, "")
        for player in table["players"]:
            line = f"{player['seat']}. {player['name']} ({player['colour']}): {player['score']} "
            assert any(t.startswith(line) for t in texts), (str(case), line)
            marked = any(t.startswith(line) and t.endswith("▶ to act") for t in texts)
            assert marked == player["turn"], (str(case), player)
        cards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
        for group in cards:
            title = group.find(f"{SVG}title")
            assert title is not None and len((title.text or "").split()) >= 2, case
        boxes = _boxes(root)
        clashes = [(a, b) for a, b in itertools.combinations(boxes, 2) if _overlap(a, b)]
        assert not clashes, (str(case), clashes[:3])


def test_arctic_tokens_are_named_in_full_and_clear_of_the_landscape_cards() -> None:
    case = Case("arctic", 2, 3)
    setup, state = next(iter(random_states(case, every=50)))
    root = ET.fromstring(setup.rules.svg(setup, state, lambda _: None))
    labels = [g for g in root.iter(f"{SVG}g") if g.get("class") == "label"]
    tokens = [g for g in labels if " token on landscape " in (g.findtext(f"{SVG}title") or "")]
    assert len(tokens) == 6
    names = {g.findtext(f"{SVG}text") for g in tokens}
    assert "polar-bear" in names and "puffin" in names
    landscape = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"][:6]
    card_boxes = [tuple(float(g.find(f"{SVG}rect").get(k)) for k in ("x", "y", "width", "height"))
                  for g in landscape]  # fmt: skip
    for token in tokens:
        box = tuple(float(token.find(f"{SVG}rect").get(k)) for k in ("x", "y", "width", "height"))
        assert not any(_overlap(box, card) for card in card_boxes)
