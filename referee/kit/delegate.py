"""`delegate`: a contract method answered by a function of the module that holds that part of the
rulebook, declared in the class body in one line instead of a method that only forwards the call.

    class AlpinaRules(Rules):
        initial = delegate(setting_up.initial)
        view = delegate(table_view.describe_table, "The other hands only as counts.")

The function takes the method's arguments without `self` (`initial(setup)`); the declaration's
docstring (`vars(cls)[name].__doc__`) is the one given, else the function's. `pnp referee lint`
checks that the function takes the contract's arguments (`signature_problems`). `parse, text =
spoken(MOVES)` declares the two text methods of a game whose moves are declared once (`Moves`)
and that reads and writes them as its forms say. `svg = drawn(table_view.table_svg)` declares
a picture drawn from the table every player sees.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from pnpkit.referee.engine.moves import Move
from pnpkit.referee.engine.rules import Rules, Setup, State
from pnpkit.referee.kit.declare import Moves


class delegate(staticmethod):
    """A method of a `Rules` class that is `function` called with the method's arguments: a
    static method, so reading it from the rules (at every step of a game) is done in C and
    gives the function itself; its docstring is on the declaration (`vars(cls)[name]`)."""

    def __init__(self, function: Callable[..., Any], doc: str = "") -> None:
        super().__init__(function)
        self.__doc__ = doc or function.__doc__
        self.name = getattr(function, "__name__", "")

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name


def spoken(moves: Moves) -> tuple[delegate, delegate]:
    """`parse` and `text` as `moves` declares them: the move a text says (the state goes to a
    form's `read` hook) and the text of a move (with the setup, for a `Word` that spells)."""

    def parse(setup: Setup, state: State, text: str) -> Move:
        """The move typed, read by the form its first word names."""
        return moves.parse(setup, text, state)

    def text(setup: Setup, move: Move) -> str:
        """The move's text, written as its form says."""
        return moves.text(move, setup)

    return delegate(parse), delegate(text)


def drawn(function: Callable[[Setup, State, dict[str, Any], Any], str]) -> Callable[..., str]:
    """`svg` as `function(setup, state, table, face)` draws it, `table` being the table as data
    that every player sees (`Rules.table(setup, state, "")`: the legend's players and colours)."""

    def svg(self: Rules, setup: Setup, state: State, face: Any) -> str:
        return function(setup, state, self.table(setup, state, ""), face)

    svg.__doc__ = function.__doc__
    return svg


def signature_problems(rules: type[Rules]) -> list[str]:
    """Each contract method `rules` delegates to a function that cannot take the contract's
    arguments, said as a problem of `pnp referee lint`."""
    problems = []
    for name in sorted(dir(rules)):
        declared = inspect.getattr_static(rules, name)
        contract = getattr(Rules, name, None)
        if not isinstance(declared, delegate) or not callable(contract):
            continue
        wanted = list(inspect.signature(contract).parameters)[1:]
        try:
            inspect.signature(declared.__func__).bind(*wanted)
        except TypeError:
            shown = getattr(declared.__func__, "__qualname__", repr(declared.__func__))
            problems.append(
                f"{name}: delegated to {shown}{inspect.signature(declared.__func__)}, which "
                f"cannot take the contract's arguments ({', '.join(wanted)})"
            )
        except ValueError:  # a builtin without a signature: nothing to check
            continue
    return problems
