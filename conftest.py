"""The whole suite's settings, at the root so that tests/ and each bundled game's own tests
(`referee/games/<game>/tests/`) share them.

Every test run starts from an empty cache of validated games, in its own temporary folder, so
that no entry left by an earlier run (of older code, or of the user's own work) can change what a
test sees, and no test writes into the user's cache.

Property tests have no time limit per example: speed is measured in bench/, against a floor in
the same sitting, never by a test on a shared, loaded machine (hypothesis's default of 200 ms
failed a sheet-deck property at load 8)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("pnpkit", deadline=None)
settings.load_profile("pnpkit")


@pytest.fixture(scope="session", autouse=True)
def fresh_game_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PNPKIT_CACHE_DIR", str(tmp_path_factory.mktemp("pnpkit-cache")))
        patch.delenv("PNPKIT_NO_CACHE", raising=False)
        yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that drives chromium (asks for the `browser` fixture) marked `browser`. The
    slow tests (whole games tapped in a browser, the indistinguishability pairs, the
    docs' commands, the longest play-through) first, so that the parallel workers start them at
    once and share out the rest meanwhile, rather than wait for them at the end; the slow
    browser tests, the longest, before the other slow ones."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
    items.sort(
        key=lambda item: tuple(item.get_closest_marker(m) is None for m in ("slow", "browser"))
    )
