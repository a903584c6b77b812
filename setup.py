"""Package discovery for the wheel: every folder under the design card's top-level folders.

The repository keeps `components/`, `layouts/`, `generator/` and `referee/` at the top level;
they install as `pnpkit.components` … through `package_dir`. Every folder below them that
holds files is a package (folders of data only, such as a bundled game's, are namespace
packages), so nothing is left out of the wheel as a new game, template or module is added.
Folders whose names are not identifiers (`ano-nuevo`) ride on their parent's data globs.
"""

from __future__ import annotations

from setuptools import find_namespace_packages, setup

PACKAGE_DIRS = {
    "pnpkit": "pnpkit",
    "pnpkit.components": "components",
    "pnpkit.layouts": "layouts",
    "pnpkit.generator": "generator",
    "pnpkit.referee": "referee",
}


TESTS = ("tests", "tests.*", "*.tests", "*.tests.*")
"""A bundled game's tests sit in its folder (`referee/games/<game>/tests/`) but stay out of the
wheel."""


def packages() -> list[str]:
    """Every package of the wheel, under its installed name."""
    found = []
    for name, folder in PACKAGE_DIRS.items():
        found.append(name)
        found += [
            f"{name}.{sub}"
            for sub in find_namespace_packages(where=folder, exclude=["*__pycache__*", *TESTS])
        ]
    return sorted(found)


if __name__ == "__main__":
    setup(
        package_dir=PACKAGE_DIRS,
        packages=packages(),
        exclude_package_data={"": ["tests/*", "*/tests/*"]},  # a game's tests: golden logs
    )
