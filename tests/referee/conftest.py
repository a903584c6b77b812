"""The browser the `referee serve` browser tests share: Debian's chromium, started once per
test process (each test opens its own context, so no page, cookie or storage crosses tests)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.referee.browser import launch


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        found = launch(playwright)
        yield found
        found.close()
