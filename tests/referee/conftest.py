"""The browser the `referee serve` browser tests share: Debian's chromium, started once per
test module (each test opens its own context, so no page, cookie or storage crosses tests). A
test that asks for it is a browser test (the root conftest marks it `browser`), skipped where
chromium is not installed, outside CI.
Not once per session: Playwright's sync API keeps an event loop running while it is open, and
later tests in the same process that call `asyncio.run` (tests/scan/test_serve_photo.py) fail."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.referee.browser import chromium_missing, launch


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if chromium_missing():
        pytest.skip(chromium_missing())
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        found = launch(playwright)
        yield found
        found.close()
