"""Año Nuevo's random moves (`Rules.random_move`, built without listing every move): always
legal, and drawn from the random source exactly as a pick among `legal`'s list, so simulated
games and the reports made from them stay the same for a given seed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components import load_game
from pnpkit.referee.log.store import make_setup

GAME = load_game("ano-nuevo")


def same_draw(rng: random.Random, pick, expected) -> None:
    """`pick(rng)` returns `expected(copy)` for a copy of `rng`, leaving both in one state."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    assert pick(rng) == expected(twin)
    assert rng.getstate() == twin.getstate()


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(3, 6),
    st.sampled_from(("standard", "advanced-hunting")),
)
def test_random_moves_are_legal_and_drawn_as_a_pick_from_legal(seed, players, variant):
    setup = make_setup(GAME, [f"P{n + 1}" for n in range(players)], variant, seed=seed)
    rules, rng = setup.rules, random.Random(seed)
    state = rules.initial(setup)
    for _ in range(1500):
        kind = rules.prompt_kind(setup, state)
        if kind == "over":
            break
        if kind == "chance":
            move = rules.chance(setup, state, rng)
        elif kind == "simultaneous":
            move = rules.random_move(setup, state, rng)
        else:
            legal = rules.legal(setup, state)
            picks = [m for m in legal if m["type"] != "done"] or legal  # done: only when alone
            same_draw(
                rng,
                lambda r, s=state: rules.random_move(setup, s, r),
                lambda r, p=picks: r.choice(p),
            )
            move = rules.random_move(setup, state, rng)
        assert rules.check(setup, state, move).ok, move
        state = rules.apply(setup, state, move)
    assert rules.prompt_kind(setup, state) == "over"
