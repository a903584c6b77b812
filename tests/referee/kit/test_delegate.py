"""`delegate`: a contract method declared as a module's function, and the lint of its arguments."""

from __future__ import annotations

from pnpkit.referee.api import Rules, Setup, delegate, drawn
from pnpkit.referee.kit.delegate import signature_problems


def initial(setup: Setup) -> tuple[str, ...]:
    """The players, as the state."""
    return setup.players


def score_bounds(setup: Setup, state: object) -> tuple[int, int]:
    return (0, 1)


class Delegating(Rules):
    initial = delegate(initial)
    describe = delegate(lambda setup, state: f"{len(state)} players", "The table, counted.")
    colours = delegate(lambda setup: ("red",))  # a game's own method: no contract to keep


class Wrong(Delegating):
    score_bounds = delegate(score_bounds)


def test_a_delegated_method_is_the_function_called_with_the_methods_arguments() -> None:
    rules = Delegating()
    assert rules.initial is initial  # no wrapper: a call costs what the function's does
    assert rules.describe(None, ("Ann", "Bob")) == "2 players"
    assert vars(Delegating)["initial"].__doc__ == "The players, as the state."
    assert vars(Delegating)["describe"].__doc__ == "The table, counted."
    assert isinstance(vars(Delegating)["initial"], staticmethod)  # read in C at every step
    assert type(rules).initial is not Rules.initial  # lint and the guard see it defined


def test_lint_names_a_function_that_cannot_take_the_contracts_arguments() -> None:
    assert signature_problems(Delegating) == []
    (problem,) = signature_problems(Wrong)
    assert problem.startswith("score_bounds: delegated to score_bounds(setup: 'Setup', state")
    assert problem.endswith("cannot take the contract's arguments (setup)")


def test_drawn_draws_the_table_every_player_sees() -> None:
    def table_svg(setup: object, state: object, table: dict[str, object], face: object) -> str:
        """The picture."""
        return f"<svg>{table['viewer']!r} {face}</svg>"

    class Drawn(Delegating):
        svg = drawn(table_svg)

        def table(self, setup: object, state: object, viewer: str | None = None) -> dict:
            return {"viewer": viewer}

    assert Drawn().svg(None, (), "faces") == "<svg>'' faces</svg>"
    assert Drawn.svg.__doc__ == "The picture."
