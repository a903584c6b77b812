"""Building new immutable state values fast: the rules modules make several per move, and random
play-throughs and searches make millions (docs/engine.md: states are immutable)."""

from __future__ import annotations

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
