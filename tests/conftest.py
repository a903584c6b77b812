"""Every test run starts from an empty cache of validated games, in its own temporary folder, so
that no entry left by an earlier run (of older code, or of the user's own work) can change what a
test sees, and no test writes into the user's cache."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def fresh_game_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PNPKIT_CACHE_DIR", str(tmp_path_factory.mktemp("pnpkit-cache")))
        patch.delenv("PNPKIT_NO_CACHE", raising=False)
        yield
