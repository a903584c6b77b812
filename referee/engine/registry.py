"""Where rules come from: the `pnpkit.rules` entry points of the installed packages.

A game's manifest names its rules (`"rules": "lanterns"`); an installed distribution provides that
name in the entry point group `pnpkit.rules`, the bundled games included (pnpkit's own
pyproject.toml registers them), so there is one way to find rules:

    [project.entry-points."pnpkit.rules"]
    lanterns = "lanterns_rules:RULES"

Scanning the installed distributions needs `importlib.metadata` (~20 ms to import, on the path of
every `referee move`), so the table of entry points is cached with the validated games, keyed
by `sys.path` and the modification time of each of its folders: installing or removing a package
changes its folder, and the next command scans again.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib
import json
import os
import re
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from pnpkit.errors import PnpError
from pnpkit.referee.engine.contract import guard
from pnpkit.referee.engine.rules import ACCEPTED_CONTRACTS, CONTRACT, Rules, RulesFault

BUNDLED = "pnpkit.referee.games."
"""The package of the bundled games' rules."""

GROUP = "pnpkit.rules"
NAME = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*")
"""A rules name: lower-case letters and digits, words joined by single hyphens or underscores
(the manifest schema's pattern for "rules")."""
CACHE_FORMAT = 1


@dataclass(frozen=True)
class RulesSource:
    """One entry point of the group: the rules name, its target, and who installed it."""

    name: str
    target: str
    """`module:attribute`, e.g. `pnpkit.referee.games.alpina:RULES`."""
    distribution: str
    version: str

    @property
    def module(self) -> str:
        """The module the entry point imports."""
        return self.target.partition(":")[0].strip()

    def __str__(self) -> str:
        return f"{self.name!r} ({self.distribution} {self.version}, module {self.module})"


_loaded: dict[RulesSource, Rules] = {}


def sources() -> dict[str, list[RulesSource]]:
    """Every installed rules name with the entry point(s) providing it (two is an ambiguity)."""
    found: dict[str, list[RulesSource]] = {}
    for source in _entry_points():
        found.setdefault(source.name, []).append(source)
    return dict(sorted(found.items()))


def source_of(name: str, game: str = "") -> RulesSource:
    """The one entry point providing rules `name`; PnpError naming what is installed if none."""
    where = f"{game}: " if game else ""
    if not NAME.fullmatch(name):
        raise PnpError(
            f"{where}rules name {name!r} is not a plain name "
            "(lower-case letters and digits, words joined by - or _)"
        )
    found = sources()
    if name not in found:
        raise PnpError(
            f"{where}no rules named {name!r} are installed; installed: "
            f"{', '.join(found) or 'none'}. A designer's rules package provides its name in the "
            f'"{GROUP}" entry points of its pyproject.toml and is installed with pip '
            "(`python -m pip install -e DIR`); `pnp referee rules` lists what is installed"
        )
    if len(found[name]) > 1:
        raise PnpError(
            f"{where}rules {name!r} are provided by several packages: "
            + "; ".join(str(s) for s in found[name])
            + ". Uninstall all but one"
        )
    return found[name][0]


def load(name: str, game: str = "") -> Rules:
    """The rules named `name`, imported and checked against the contract: PnpError if none are
    installed by that name, RulesFault if they are broken (naming the package, no traceback).
    Every answer of a plug-in's rules is then checked (`referee.contract.guard`); the bundled
    games' rules, which `referee lint` and the play-through harness check on every test run, are
    left unwrapped: the checks cost 15–25% of a simulation's speed."""
    source = source_of(name, game)
    if source in _loaded:
        return _loaded[source]
    module_name, _, attribute = source.target.partition(":")
    try:
        module = importlib.import_module(module_name.strip())
    except Exception as exc:
        problem = f"{type(exc).__name__}: {exc}"
        raise RulesFault(f"rules {source} cannot be imported: {problem}") from None
    rules: object = module
    for part in (attribute.strip() or "RULES").split("."):
        rules = getattr(rules, part, None)
    if not isinstance(rules, Rules):
        raise RulesFault(
            f"rules {source}: the entry point must name RULES, an instance of a subclass of "
            f"pnpkit.referee.engine.rules.Rules (found {type(rules).__name__})"
        )
    check_contract(rules, source)
    bundled = module_name.startswith(BUNDLED)
    _loaded[source] = rules if bundled else guard(rules, functools.partial(_index, source, rules))
    return rules


def _index(source: RulesSource, rules: Rules) -> set[str] | None:
    """The rule IDs of the rules index the rules ship; None when they ship none or it cannot be
    read (`referee lint` says so)."""
    from pnpkit.referee.engine.rules_index import rule_ids

    try:
        return rule_ids(source, rules)
    except PnpError:
        return None


def check_contract(rules: Rules, source: RulesSource | str) -> None:
    """RulesFault unless `rules` declares a contract version this engine implements."""
    declared = rules.contract
    match = re.fullmatch(r"(\d+)\.(\d+)", declared or "")
    if match is None:
        raise RulesFault(
            f"rules {source}: declare the contract version they were written for, "
            f'`contract = "{CONTRACT}"` in the Rules subclass (found {declared!r}); '
            "see docs/engine.md"
        )
    newest = ACCEPTED_CONTRACTS.get(int(match[1]))
    if newest is None or int(match[2]) > newest:
        accepted = ", ".join(f"{m}.0–{m}.{n}" for m, n in ACCEPTED_CONTRACTS.items())
        raise RulesFault(
            f"rules {source} were written for contract {declared}; this pnpkit implements "
            f"contract {CONTRACT} and loads modules written for {accepted}: install a pnpkit "
            "that implements it, or a version of the rules written for this one"
        )


def loaded() -> list[tuple[RulesSource, Rules]]:
    """The rules this process has loaded, with where they came from."""
    return list(_loaded.items())


_scanned: dict[tuple[str, ...], list[RulesSource]] = {}


def _entry_points() -> list[RulesSource]:
    """The entry points of the group: once per process and sys.path (a simulation sets up many
    games), from the cache file when it is current, else scanned and cached."""
    here = tuple(sys.path)
    if here not in _scanned:
        _scanned[here] = _read_or_scan()
    return _scanned[here]


def _read_or_scan() -> list[RulesSource]:
    key, path = _cache_key(), _cache_path()
    if path is not None:
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            data = json.loads(path.read_text(encoding="utf-8"))
            if data["format"] == CACHE_FORMAT and data["key"] == key:
                return [RulesSource(**item) for item in data["sources"]]
    found = _scan()
    if path is not None:
        from pnpkit.atomic import write_text

        payload = {
            "format": CACHE_FORMAT,
            "key": key,
            "sources": [asdict(source) for source in found],
        }
        with contextlib.suppress(OSError):
            write_text(path, json.dumps(payload))
    return found


def _scan() -> list[RulesSource]:
    from importlib.metadata import entry_points

    found = []
    for point in entry_points(group=GROUP):
        dist = point.dist
        name = dist.name if dist is not None else "unknown distribution"
        version = dist.version if dist is not None else "?"
        found.append(RulesSource(point.name, point.value, name, version))
    return sorted(set(found), key=lambda s: (s.name, s.distribution))


def _cache_key() -> list[list[object]]:
    """sys.path with the modification time of each folder on it (0 for what is not a folder)."""
    key: list[list[object]] = []
    for entry in sys.path:
        try:
            key.append([entry, os.stat(entry or ".").st_mtime_ns])
        except OSError:
            key.append([entry, 0])
    return key


def _cache_path() -> Path | None:
    """The cache file for this interpreter and sys.path, or None when caching is off."""
    from pnpkit.components.cache import cache_dir

    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(json.dumps([sys.prefix, sys.path]).encode()).hexdigest()[:16]
    return folder / "rules" / f"entry-points-{digest}.json"
