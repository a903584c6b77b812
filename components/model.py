"""The loaded, validated form of a game: immutable, shared by the generator and the referee."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

ITEMS_KEY = {
    "deck": "cards",
    "tiles": "tiles",
    "tokens": "tokens",
    "board": "boards",
    "track": "tracks",
    "dice": "dice",
    "standees": "standees",
}

TEMPLATE_NAMES = ("id", "name", "count", "group", "game", "kind", "color", "back", "build")
"""The names a layout template sees beside a component's own fields; no field may take one."""


def freeze(value: Any) -> Any:
    """A read-only deep copy of JSON data (dicts become mapping proxies, lists tuples)."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Plain JSON data from a frozen value."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Component:
    """One distinct component (a card, a tile, a token …) and how many copies the game has."""

    id: str
    name: str
    count: int
    kind: str
    group: str
    fields: Mapping[str, Any]
    assumed: tuple[str, ...]
    source: str

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form used by `pnp components --json`."""
        return {
            "id": self.id,
            "kind": self.kind,
            "group": self.group,
            "name": self.name,
            "count": self.count,
            "fields": thaw(self.fields),
            "assumed": list(self.assumed),
        }


@dataclass(frozen=True)
class Group:
    """A component group of the manifest (a deck, a tile set …) with its components."""

    id: str
    kind: str
    name: str
    spec: Mapping[str, Any]
    components: tuple[Component, ...]

    @property
    def total(self) -> int:
        """Physical pieces in the group, counting copies."""
        return sum(c.count for c in self.components)


@dataclass(frozen=True)
class Game:
    """A validated game definition."""

    id: str
    name: str
    prefix: str
    designer: str
    players_min: int
    players_max: int
    solo: bool
    directory: Path
    manifest: Mapping[str, Any]
    groups: tuple[Group, ...]
    _by_id: Mapping[str, Component] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {c.id: c for g in self.groups for c in g.components}
        object.__setattr__(self, "_by_id", MappingProxyType(index))

    @classmethod
    def from_manifest(
        cls, manifest: Mapping[str, Any], directory: Path, groups: tuple[Group, ...]
    ) -> Game:
        """The game described by a validated manifest and its loaded groups."""
        players = manifest["players"]
        return cls(
            id=manifest["id"],
            name=manifest["name"],
            prefix=manifest["prefix"],
            designer=manifest["designer"],
            players_min=players["min"],
            players_max=players["max"],
            solo=players.get("solo", False),
            directory=directory,
            manifest=freeze(manifest),
            groups=groups,
        )

    def components(self) -> Iterator[Component]:
        """Every distinct component, in manifest order."""
        for group in self.groups:
            yield from group.components

    def component(self, component_id: str) -> Component | None:
        """The component with this ID (case-insensitive), or None."""
        return self._by_id.get(component_id.strip().upper())

    def group(self, group_id: str) -> Group:
        """The group with this ID; KeyError if there is none."""
        for group in self.groups:
            if group.id == group_id:
                return group
        raise KeyError(group_id)

    def data_hash(self) -> str:
        """A SHA-256 of the component data, to tie a referee log to the cards it was played with."""
        data = {
            "manifest": {k: thaw(v) for k, v in self.manifest.items() if k != "components"},
            "components": [c.to_json() for c in self.components()],
        }
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()
