"""Installing a rules package for a test without pip: a `.dist-info` folder with its entry points,
on a folder put on sys.path (in the test) or PYTHONPATH (for the commands it runs).

`importlib.metadata` finds a distribution by such a folder on the path, exactly as it finds one
pip installed; the package's own modules are found beside it or on the path given.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

HERE = Path(__file__).resolve().parent


def install(
    site: Path,
    distribution: str,
    entry_points: Mapping[str, str],
    modules: Mapping[str, str] | None = None,
    version: str = "0.1",
) -> Path:
    """Make `site` hold `distribution` with `entry_points` in the pnpkit.rules group, and the
    modules named (module name → its source text); returns `site`."""
    info = site / f"{distribution.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {version}\n"
    )
    lines = "".join(f"{name} = {target}\n" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[pnpkit.rules]\n{lines}")
    for name, text in (modules or {}).items():
        (site / f"{name}.py").write_text(text)
    return site


WRONG = ("check", "apply", "legal")
"""The methods that answer outside the contract in the `faulty-wrong-…` rules."""


def faulty_site(site: Path) -> Path:
    """`site` with the faulty rules installed (faulty-plugin 0.1) under a name per failure."""
    shutil.copy(HERE / "faulty_rules.py", site / "faulty_rules.py")
    names = ("initial", "parse", "check", "apply", "forced", "legal", "score", "describe")
    names += ("future", "newer", "older")
    points = {f"faulty-{n}": f"faulty_rules:{n.upper()}" for n in names}
    points |= {
        "faulty": "faulty_rules:RULES",
        "faulty-undeclared": "faulty_rules:UNDECLARED",
        "faulty-not-rules": "faulty_rules:NOT_RULES",
        "faulty-missing": "faulty_rules:NOWHERE",
        "faulty-import": "faulty_broken_import:RULES",
        "faulty-newest": "faulty_rules:NEWEST",
        "faulty-undescribed": "faulty_rules:UNDESCRIBED",
    }
    points |= {f"faulty-wrong-{n}": f"faulty_rules:WRONG_{n.upper()}" for n in WRONG}
    modules = {"faulty_broken_import": "import a_package_that_is_not_installed\n"}
    return install(site, "faulty-plugin", points, modules)


def environment(*paths: Path) -> dict[str, str]:
    """The environment of a command that sees `paths` first on its path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*map(str, paths), env.get("PYTHONPATH", "")])
    return env


def command(name: str) -> str:
    """A console script of this virtual environment."""
    return str(Path(sys.executable).parent / name)
