"""Immutable state values: building new ones fast (the rules modules make several per move, and
random play-throughs and searches make millions; docs/engine.md: states are immutable), and a
snapshot that tells whether one was changed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

Frozen = TypeVar("Frozen")
Item = TypeVar("Item")
_new = object.__new__
_set = object.__setattr__


def evolve(value: Frozen, **changes: Any) -> Frozen:
    """`dataclasses.replace(value, **changes)` for a frozen dataclass without `__post_init__` or
    `__slots__`, whose callers name only its fields: the same fields, without calling `__init__`
    (which spent most of a random play-through's time); `value` itself is left as it is."""
    new = _new(type(value))
    _set(new, "__dict__", {**value.__dict__, **changes})
    return new


def without(items: tuple[Item, ...], item: Item) -> tuple[Item, ...]:
    """`items` less its first copy of `item` (which must be there)."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def replaced(items: tuple[Item, ...], index: int, item: Item) -> tuple[Item, ...]:
    """`items` with `items[index]` replaced by `item`."""
    return (*items[:index], item, *items[index + 1 :])


def snapshot(value: Any) -> Any:
    """`value` copied into plain nested tuples (dataclasses, mappings, sequences and sets by
    their contents): what a change anywhere inside it changes."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind in (tuple, list):
        if all(type(item) in _ATOMS for item in value):  # as below, without a call per item
            return ("[]", *value)
        return ("[]", *map(snapshot, value))
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is not None and not isinstance(value, type):
        return (kind.__name__, *(snapshot(getattr(value, name)) for name in fields))
    if isinstance(value, Mapping):
        if all(type(item) in _ATOMS for item in value.values()):
            return ("{}", *value.items())
        return ("{}", *((k, snapshot(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return ("set", frozenset(value))
    if hasattr(value, "__dict__"):
        return (kind.__name__, snapshot(vars(value)))
    return value


_ATOMS = frozenset({str, int, float, bool, bytes, type(None)})
