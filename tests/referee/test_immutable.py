"""The engine's helpers for immutable states and per-game facts, which the rules modules share."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.engine.game_facts import per_game
from pnpkit.referee.engine.immutable import evolve, replaced, without


@dataclasses.dataclass(frozen=True)
class Table:
    cards: tuple[str, ...]
    turn: int = 0
    note: str = ""


tables = st.builds(Table, st.tuples(st.text(max_size=3)), st.integers(), st.text(max_size=5))


@given(tables, st.integers(), st.text(max_size=5))
def test_evolve_is_dataclasses_replace(table: Table, turn: int, note: str) -> None:
    copy = evolve(table, turn=turn, note=note)
    assert copy == dataclasses.replace(table, turn=turn, note=note)
    assert type(copy) is Table and hash(copy) == hash(
        dataclasses.replace(table, turn=turn, note=note)
    )
    assert evolve(table) == table and evolve(table) is not table


@given(st.lists(st.sampled_from("abc"), min_size=1), st.data())
def test_without_takes_out_the_first_copy(items: list[str], data: st.DataObject) -> None:
    item = data.draw(st.sampled_from(items))
    expected = list(items)
    expected.remove(item)
    assert without(tuple(items), item) == tuple(expected)


@given(st.lists(st.integers(), min_size=1), st.data(), st.integers())
def test_replaced_changes_one_place(items: list[int], data: st.DataObject, value: int) -> None:
    index = data.draw(st.integers(0, len(items) - 1))
    expected = list(items)
    expected[index] = value
    assert replaced(tuple(items), index, value) == tuple(expected)


def test_facts_are_read_once_per_loaded_game() -> None:
    reads: list[str] = []

    @per_game
    def names(game):  # type: ignore[no-untyped-def]
        """Component names."""
        reads.append(game.id)
        return [c.name for g in game.groups for c in g.components]

    alpina, gentoo = load_game("alpina"), load_game("gentoo")
    assert names(alpina) is names(alpina) and names(gentoo) is names(gentoo)
    assert names(alpina) is names(alpina)
    assert reads == ["alpina", "gentoo"]
    other = dataclasses.replace(alpina)  # the same data, another loaded game: read again
    names(other)
    assert reads == ["alpina", "gentoo", "alpina"] and names.__doc__ == "Component names."
