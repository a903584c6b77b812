"""A prompt with hundreds of legal moves lists them in groups by their first words, each a
disclosure closed until opened, so that the keyboard passes the list in a few Tab presses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pnpkit.referee.web.launch import serving
from tests.referee.browser import enter
from tests.referee.serve_helpers import new_log

MOST_TABS = 600


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def tabs_to_the_log(page: Any) -> int:
    """Tab presses from the top of the page until the focus is in the log (no skip link)."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for presses in range(1, MOST_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("Boolean(document.activeElement.closest('#log-section'))"):
            return presses
    return MOST_TABS


def test_hundreds_of_legal_moves_are_grouped_and_the_log_is_a_few_tabs_away(
    tmp_path: Path, page: Any
) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])  # table mode: any card may be played
    with serving(log) as (links, _):
        page.goto(links.shared)
        page.wait_for_function("document.body.dataset.version")
        enter(page, "start AL-20")
        enter(page, "first Ann")
        legal = page.eval_on_selector_all("#legal-moves option", "ns => ns.length")
        assert legal > 200
        groups = page.eval_on_selector_all("#legal summary", "ns => ns.map(n => n.textContent)")
        top = page.eval_on_selector_all(
            "#legal > li > details > summary", "ns => ns.map(n => n.textContent)"
        )
        assert top == [f"play … ({legal})"]  # one group: every move is `play CARD SPACE`
        assert len(groups) > 40 and all(g.startswith("play AL-") for g in groups[1:])
        assert page.eval_on_selector_all("#legal button", "ns => ns.length") == min(legal, 400)
        assert not page.is_visible("#legal button")  # closed until opened
        tabs = tabs_to_the_log(page)
        print(f"\n{legal} legal moves in {len(top)} group: {tabs} Tab presses to the log")
        assert tabs <= 12
        # opened groups show their moves and stay open on the next table; a move fills the box
        page.click("#legal summary >> nth=0")
        page.click("#legal summary >> nth=2")
        opened = page.eval_on_selector_all(
            "#legal details[open] details[open] button", "ns => ns.map(n => n.textContent)"
        )
        assert opened and all(m.startswith(groups[2].split(" …")[0]) for m in opened)
        page.click(f"#legal button:text-is('{opened[0]}')")
        assert page.input_value("#move") == opened[0]
        page.press("#move", "Enter")
        page.wait_for_function("document.querySelector('#verdict').className === 'accepted'")
        page.wait_for_function("document.querySelector('#legal-moves option').value === 'pass'")
