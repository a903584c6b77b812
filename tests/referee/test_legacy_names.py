"""A plug-in written for contract 1.x imports the referee's modules by their old flat names
(`pnpkit.referee.rules`, `.verdict`, `.harness` …): each still works, as the very module now in
its sub-package, so classes and checks are shared."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from pnpkit.referee.legacy_names import MOVED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_name_is_the_module_now_in_its_sub_package(old: str) -> None:
    before = importlib.import_module(f"pnpkit.referee.{old}")
    assert before is importlib.import_module(f"pnpkit.referee.{MOVED[old]}")


def test_a_1x_plugin_s_imports_give_the_engine_s_own_classes() -> None:
    code = (
        "from pnpkit.referee.rules import Rules\n"
        "from pnpkit.referee.verdict import Verdict\n"
        "from pnpkit.referee import api\n"
        "assert Rules is api.Rules and Verdict is api.Verdict\n"
        "import pnpkit.referee.harness as h\n"
        "import pnpkit.referee.checks.harness as new\n"
        "assert h.playthrough is new.playthrough\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_old_name_points_at_a_module_that_exists() -> None:
    for new in MOVED.values():
        assert importlib.util.find_spec(f"pnpkit.referee.{new}") is not None, new
