"""Año Nuevo's roles after Travelling (AN-21 … AN-23): they move up only on the Locations a seal
left. Elsewhere the roles the last Posture gave already stand as the departure rules would leave
them, which is why the referee applies those rules only where someone left."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.games.ano_nuevo.roles import after_departures
from pnpkit.referee.games.ano_nuevo.state import TRAVEL, roles_by_place
from pnpkit.referee.log.store import make_setup

GAME = load_game("ano-nuevo")


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(3, 6),
    st.sampled_from(("standard", "advanced-hunting")),
    st.booleans(),
)
def test_roles_where_nobody_left_are_as_the_departure_rules_leave_them(
    seed, players, variant, digital
):
    setup = make_setup(
        GAME, [f"P{n + 1}" for n in range(players)], variant, seed=seed if digital else None
    )
    rules, rng = setup.rules, random.Random(seed)
    state = rules.initial(setup)
    travels = 0
    for _ in range(3000):
        kind = rules.prompt_kind(setup, state)
        if kind == "over":
            break
        forced = rules.forced(setup, state)
        if forced is not None:
            move = forced
        elif kind == "chance" and digital:
            move = rules.chance(setup, state, rng)
        elif kind == "simultaneous":
            move = rules.random_move(setup, state, rng)
        else:
            move = rng.choice(rules.legal(setup, state))
        if state.step == TRAVEL:
            travels += 1
            for roles in roles_by_place(setup, state):
                assert after_departures(roles) == roles
        state = rules.apply(setup, state, move)
    assert travels
