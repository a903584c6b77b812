"""The wheel's package list is derived from the folders (setup.py); check what it finds."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup_module():
    spec = importlib.util.spec_from_file_location("pnpkit_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_folder_of_code_or_data_is_a_package() -> None:
    setup = _setup_module()
    packages = set(setup.packages())
    for name, folder in setup.PACKAGE_DIRS.items():
        for path in (ROOT / folder).rglob("*"):
            if not path.is_file() or {"__pycache__", "tests"} & set(path.parts):
                continue
            parts = path.parent.relative_to(ROOT / folder).parts
            if all(part.isidentifier() for part in parts):
                assert ".".join((name, *parts)) in packages, path


def test_bundled_games_and_templates_are_packaged() -> None:
    packages = set(_setup_module().packages())
    assert {"pnpkit.components.games.alpina", "pnpkit.layouts.templates.gentoo"} <= packages
    assert not any("__pycache__" in p for p in packages)


def test_a_games_own_tests_stay_out_of_the_wheel() -> None:
    """Each bundled game's tests sit beside its rules (`referee/games/<game>/tests/`)."""
    packages = set(_setup_module().packages())
    assert (ROOT / "referee/games/alpina/tests/test_moves.py").is_file()
    assert "pnpkit.referee.games.alpina" in packages
    assert not any(p.endswith(".tests") or ".tests." in p for p in packages)
