"""The camera button of `referee serve` in a real browser (Debian's chromium): a photo chosen in
its file input (on a phone, the camera) is posted, and the move it shows appears in the log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.photos import Camera, Placed, photograph
from pnpkit.components import load_game
from pnpkit.referee.web.launch import serving
from tests.referee.serve_helpers import new_log

CAMERA = Camera(size=(2048, 1536), fill=0.6, tilt=15, turn=30)
ANSWERED = "['accepted', 'refused'].includes(document.querySelector('#verdict').className)"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def photo(folder: Path, *cards: str) -> Path:
    layout = [Placed(card, 70 * n, 0, 5 * n) for n, card in enumerate(cards)]
    jpeg, _ = photograph(load_game("alpina"), layout, CAMERA)
    path = folder / f"{'-'.join(cards)}.jpg"
    path.write_bytes(jpeg)
    return path


def test_a_photo_taken_with_the_camera_button_enters_its_move(tmp_path: Path, page: Any) -> None:
    log = new_log(tmp_path, "alpina", ["Ann", "Bob"])
    with serving(log) as (links, _):
        page.goto(links.shared)
        page.wait_for_function("document.body.dataset.version")
        file = page.locator("#photo-file")
        assert (file.get_attribute("accept"), file.get_attribute("capture")) == (
            "image/*",
            "environment",
        )
        with page.expect_file_chooser() as chooser:  # the button opens the file input
            page.click("#photo")
        assert chooser.value.element.evaluate("e => e.id") == "photo-file"
        chooser.value.set_files(str(photo(tmp_path, "AL-21", "AL-22")))
        page.wait_for_function(ANSWERED)
        several = page.text_content("#verdict")
        assert "2 moves match, enter one:\n  start AL-21\n  start AL-22" in several
        assert page.eval_on_selector_all("#log li", "n => n.length") == 0
        page.evaluate("document.querySelector('#verdict').className = ''")
        page.set_input_files("#photo-file", str(photo(tmp_path, "AL-21")))
        page.wait_for_function(ANSWERED)
        assert page.text_content("#verdict") == "accepted: start AL-21"
        page.wait_for_function(
            "[...document.querySelectorAll('#log li')].some(li => li.textContent.endsWith("
            "'start AL-21'))"
        )
    assert '"start AL-21"' in log.read_text()
