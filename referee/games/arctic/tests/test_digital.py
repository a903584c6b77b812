"""Arctic's digital mode (AR-3): the referee deals each hand from the seeded shuffle and knows it;
a player places only cards they hold, names every card, and sees their hand with `show --player`."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from pnpkit.referee.engine.session import Session
from pnpkit.referee.games.arctic import RULES
from pnpkit.referee.games.arctic.hidden import removal_problem
from pnpkit.referee.games.arctic.state import START_HAND
from pnpkit.referee.games.arctic.tests.helpers import (
    check,
    draw_pile,
    play,
    seats,
    setup,
    unseen,
    verdict,
)
from pnpkit.referee.games.arctic.tests.test_powers import ORCA, drawing
from pnpkit.referee.log.store import new_game


def dealt(seed: int, players: int = 2) -> Session:
    session = Session(setup(players, seed=seed))
    session.advance()
    return session


def test_digital_mode_deals_named_hands_from_the_seeded_shuffle() -> None:
    session = dealt(4, players=3)
    hands = [seat.hand for seat in seats(session.state)]
    assert all(len(hand) == START_HAND for hand in hands)
    assert all(seat.hidden == 0 for seat in seats(session.state))
    cards = [card for hand in hands for card in hand]
    assert len(set(cards)) == len(cards)
    assert not set(cards) & set(unseen(session.state))  # dealt cards are nowhere else
    assert [s.hand for s in seats(dealt(4, players=3).state)] == hands  # the seed decides
    assert [s.hand for s in seats(dealt(5, players=3).state)] != hands
    assert len(session.state.river) == 6  # the River is drawn too


def test_a_player_places_only_cards_they_hold() -> None:
    session = dealt(4)
    assert session.prompt().text.startswith("Ann: place")
    own, other = seats(session.state)[0].hand, seats(session.state)[1].hand
    pooled = unseen(session.state)[0]
    assert not verdict(session, f"place {pooled}").ok
    assert "not in your hand" in verdict(session, f"place {pooled}").reason
    assert not verdict(session, f"place {other[0]}").ok
    assert verdict(session, f"place {own[0]}").ok
    unshown = removal_problem(session.setup, session.state, ["?"])
    assert unshown.startswith("in a digital game the referee knows your hand")


def test_a_player_sees_their_dealt_hand_with_show_player(tmp_path: Path) -> None:
    log = tmp_path / "digital.jsonl"
    session = new_game(log, setup(seed=4))
    result = subprocess.run(
        [sys.executable, "-m", "pnpkit", "referee", "show", str(log), "--player", "Ann"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert len(seats(session.state)[0].hand) == START_HAND
    assert all(card in result.stdout for card in seats(session.state)[0].hand)
    assert not any(card in result.stdout for card in seats(session.state)[1].hand)


def test_a_card_drawn_unshown_is_dealt_by_name_in_digital_mode() -> None:
    """AR-30: the orca's blind draw is a chance step the referee draws and logs; another draw
    (after an undo, say) may deal another card."""
    game, state = setup(sides="b", seed=4), drawing("b", ORCA)
    waiting = play(game, state, "take deep")
    assert waiting.turn.step == "deal" and RULES.prompt(game, waiting).kind == "chance"
    assert (
        seats(waiting)[0].hand == seats(state)[0].hand
        and draw_pile(waiting) == draw_pile(state) - 1
    )
    dealt = {RULES.chance(game, waiting, random.Random(n))["card"] for n in range(10)}
    assert len(dealt) > 1 and dealt <= set(unseen(state))
    card = min(dealt)
    after = play(game, waiting, f"deal {card}")
    assert card in seats(after)[0].hand and card not in unseen(after) and after.turn.step == "draw"
    assert check(game, waiting, f"deal {state.river[0]}").rule == "AR-45"
