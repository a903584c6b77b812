"""Driving Debian's chromium with Playwright for the `referee serve` tests and benchmark.

Playwright's own browser download is never used (`playwright install` is not run): the browser
is the system's, installed by .ci/run (`apt-get install chromium`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


POLL = 10
"""Milliseconds between the checks of a `wait_for_function` (`polling=POLL`): Playwright checks
at every animation frame by default, which has chromium draw frames all the while a test waits
(a tenth of the whole-game tap tests' CPU)."""


def chromium_missing() -> str:
    """Why the browser tests cannot run here ("" when they can); in CI they must."""
    if CHROMIUM.exists() or os.environ.get("CI"):
        return ""
    return f"{CHROMIUM} is not installed (apt-get install chromium; .ci/run does)"


def launch(playwright: Any) -> Any:
    """Debian's chromium, headless."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)


def version(page: Any) -> str:
    """The version of the table the page shows (grows with every change of the log)."""
    return page.evaluate("document.body.dataset.version || ''")


def wait_for_new_table(page: Any, before: str, timeout: float = 5000) -> None:
    """Wait until the page shows a later table than `before`."""
    page.wait_for_function(
        "v => document.body.dataset.version && document.body.dataset.version !== v",
        arg=before,
        timeout=timeout,
        polling=POLL,
    )


def enter(page: Any, move: str) -> str:
    """Type a move in the box and press Enter; the verdict line once the referee answered (and,
    for an accepted move, once the page shows the table after it)."""
    before = version(page)
    page.fill("#move", move)
    page.press("#move", "Enter")
    page.wait_for_function(
        "() => ['accepted', 'refused'].includes(document.querySelector('#verdict').className)",
        polling=POLL,
    )
    verdict = page.text_content("#verdict")
    page.evaluate("document.querySelector('#verdict').className = ''")
    if not verdict.startswith("refused"):
        wait_for_new_table(page, before)
    return verdict
