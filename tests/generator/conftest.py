"""Shared fixtures: Gentoo rendered once for the whole generator test module set."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.generator.render import GameRender, render_game
from pnpkit.generator.sheets.pdfsheets import PrintOptions


@pytest.fixture(scope="session")
def gentoo_render(tmp_path_factory: pytest.TempPathFactory) -> GameRender:
    game = load_game("gentoo")
    out: Path = tmp_path_factory.mktemp("render")
    return render_game(game, out, PrintOptions(), list(game.groups))
