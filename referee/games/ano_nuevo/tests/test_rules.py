"""Año Nuevo rules, one test per rule (IDs from referee/games/ano_nuevo/rules-index.md)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.errors import PnpError
from pnpkit.referee.engine.rules import Setup
from pnpkit.referee.engine.session import Session
from pnpkit.referee.engine.verdict import MoveRefused, MoveSyntaxError
from pnpkit.referee.games.ano_nuevo import RULES
from pnpkit.referee.games.ano_nuevo.hands import draw
from pnpkit.referee.games.ano_nuevo.roles import ALPHA, BACHELOR, BETA, after_departures
from pnpkit.referee.games.ano_nuevo.scoring import Standing, outcome
from pnpkit.referee.games.ano_nuevo.tests.helpers import aside, discard, hand, pool, put, with_seal

GAME = load_game("ano-nuevo")
EXAMPLE = Path(__file__).resolve().parents[4] / "docs/examples/ano-nuevo-position.txt"


def table(players=("Ann", "Bob", "Cy"), variant="standard") -> Session:
    """A table-mode game with Locations AN-L1 (plain) and AN-L7 (free arrival) in play."""
    session = Session(Setup(GAME, RULES, variant, players))
    session.advance()
    for card in ("AN-L1", "AN-L7"):
        session.submit(session.parse(f"location {card}"))
    return session


def test_an_2_an_8_setup_then_five_hunting_turns():
    """AN-2: players − 1 Locations; AN-8: turns 1–5 only hunt; AN-5, AN-6: turn 6 on tracker 1."""
    session = table()
    assert session.state.places == ("AN-L1", "AN-L7")
    assert session.state.turn == 6 and session.state.tracker == 1
    state = session.state
    players = session.setup.players
    assert all(len(hand(state, p)) == 5 for p in players)
    assert all(s.place is None for s in state.seals)
    assert session.prompt().kind == "chance"  # AN-6: Harem cards to turn up


def test_an_71_flip_must_be_in_the_deck():
    session = table()
    with pytest.raises(MoveRefused, match="AN-71"):
        session.submit(session.parse("flip AN-L1"))


def filled(players=("Ann", "Bob", "Cy")) -> Session:
    session = table(players)
    while session.state.step == "fill":
        session.submit(session.parse("flip AN-HMA"))
    return session


def test_an_6_an_7_locations_filled_to_capacity():
    session = filled()
    assert [len(session.state.beach(n)) for n in range(2)] == [5, 2]
    assert session.prompt().kind == "simultaneous"


def test_an_10_an_11_an_12_travel_together_and_pay():
    session = filled()
    with pytest.raises(MoveRefused, match="AN-10"):
        session.submit(session.parse("travel ann=1 bob=1"))
    session.submit(session.parse("travel ann=1 bob=1 cy=ocean"))
    assert session.state.payers == ("Ann", "Bob")  # AN-12; Cy stays in the Ocean (AN-11)
    session.submit(session.parse("pay ann AN-CR1"))
    assert len(hand(session.state, "Ann")) == 4


def test_an_13_an_14_an_15_an_66_empty_hands_and_shown_cards():
    session = filled()
    setup = session.setup
    state = with_seal(setup, session.state, "Ann", hand=())
    travel = {"type": "travel", "to": {"Ann": 1, "Bob": "ocean", "Cy": "ocean"}}
    assert RULES.check(setup, state, travel).rule == "AN-13"
    travel["to"]["Ann"] = 2  # AN-14: Gazos Creek Beach is free to reach
    assert RULES.check(setup, state, travel).ok
    # AN-15, AN-66: only 1 Sixgill Shark exists; once seen, no hand can show another
    lots, _ = state.lots.show(hand(state, "Bob"), "AN-SH3")
    assert not lots.can_show(hand(state, "Cy"), "AN-SH3")


def _combinations(setup: Setup, state) -> set[str]:
    """Every move the choices allow, spelled out, to compare with `legal`."""
    import itertools

    choices = RULES.choices(setup, state)
    keyword = choices.form.split()[0]
    return {
        f"{keyword} " + " ".join(f"{p}={c}" for p, c in zip(choices.options, combo, strict=True))
        for combo in itertools.product(*choices.options.values())
    }


def test_an_10_an_13_an_31_an_33_choices_made_in_secret_are_each_players_options():
    session = filled()
    setup = session.setup
    state = with_seal(setup, session.state, "Ann", hand=())
    choices = RULES.choices(setup, state)
    assert choices.form.startswith("travel NAME=")
    assert choices.options["Ann"] == ("ocean", "2")  # AN-13: no Prey, so only the free Location
    assert choices.options["Bob"] == ("ocean", "1", "2")
    assert _combinations(setup, state) == {session.text(m) for m in RULES.legal(setup, state)}
    session = contest(filled())
    choices = RULES.choices(setup, session.state)
    assert choices.form.startswith("display") and choices.options["Cy"] == tuple("01234")  # paid 1
    session.submit(session.parse("display ann=1 bob=0 cy=2"))
    assert RULES.choices(setup, session.state).options["Ann"] == ("stay", "back")
    assert _combinations(setup, session.state) == {session.text(m) for m in session.legal()}
    session.submit(session.parse("stand ann=stay bob=back cy=stay"))
    assert RULES.choices(setup, session.state) is None  # a fight: cards are revealed one by one


def contest(session: Session) -> Session:
    session.submit(session.parse("travel ann=1 bob=1 cy=1"))
    for name in ("ann", "bob", "cy"):
        session.submit(session.parse(f"pay {name} AN-CR1"))
    return session


def test_an_30_an_31_an_33_all_back_down_posture_again():
    session = contest(filled())
    assert session.state.contests[0].seals == ("Ann", "Bob", "Cy")
    with pytest.raises(MoveRefused, match="AN-31"):
        session.submit(session.parse("display ann=9 bob=0 cy=0"))
    session.submit(session.parse("display ann=1 bob=0 cy=0"))
    session.submit(session.parse("stand ann=back bob=back cy=back"))
    assert session.state.contests[0].shown is None  # AN-33


def test_an_32_an_34_one_stays_then_second_round_for_beta():
    session = contest(filled())
    session.submit(session.parse("display ann=1 bob=0 cy=0"))
    session.submit(session.parse("stand ann=stay bob=back cy=back"))
    roles = {p: session.state.seal(session.setup, p).role for p in ("Ann", "Bob", "Cy")}
    assert roles["Ann"] == ALPHA
    assert session.state.contests[0].round == 2
    session.submit(session.parse("display bob=0 cy=0"))
    session.submit(session.parse("stand bob=stay cy=back"))
    assert session.state.seal(session.setup, "Bob").role == BETA
    assert session.state.seal(session.setup, "Cy").role == BACHELOR


def test_an_35_an_40_an_41_an_42_an_43_fight_and_bellow():
    session = contest(filled())
    session.submit(session.parse("display ann=1 bob=1 cy=0"))
    session.submit(session.parse("stand ann=stay bob=stay cy=back"))
    discards = len(discard(session.state))
    session.submit(session.parse("reveal ann AN-SH1"))
    session.submit(session.parse("reveal bob AN-SK2"))  # 4 against 3: Ann wins (AN-41)
    assert session.state.seal(session.setup, "Ann").role == ALPHA
    assert session.state.seal(session.setup, "Cy").role == BACHELOR  # AN-35: backed down
    assert len(discard(session.state)) == discards + 2  # AN-42
    session = contest(filled())
    session.submit(session.parse("display ann=1 bob=1 cy=0"))
    session.submit(session.parse("stand ann=stay bob=stay cy=back"))
    session.submit(session.parse("reveal ann AN-SH1"))
    session.submit(session.parse("reveal bob AN-SH1"))
    with pytest.raises(MoveRefused, match="AN-43"):
        session.submit(session.parse("bellow cy"))
    session.submit(session.parse("bellow bob"))
    assert session.state.seal(session.setup, "Bob").role == ALPHA


def test_an_20_an_21_an_22_an_23_an_24_role_changes():
    assert after_departures({"a": BETA, "b": BACHELOR}) == {"a": ALPHA, "b": BETA}  # AN-22
    assert after_departures({"a": ALPHA, "b": BACHELOR}) == {"a": ALPHA, "b": BETA}  # AN-23
    left = after_departures({"b": BACHELOR, "c": BACHELOR})
    assert left == {"b": BACHELOR, "c": BACHELOR}  # AN-23: no Alpha
    assert after_departures({"c": BACHELOR}) == {"c": ALPHA}  # AN-21
    # AN-20, AN-24: a beaten Alpha's Beta drops to Bachelor; one Alpha, one Beta per Location
    from pnpkit.referee.games.ano_nuevo.roles import Contest, settle

    roles, again = settle(
        {"a": ALPHA, "b": BETA, "n": ""}, Contest(0, 1, ("a", "n"), "a"), "n", None
    )
    assert roles == {"a": BETA, "b": BACHELOR, "n": ALPHA} and again is None


def test_an_36_defending_alpha_keeps_its_beta():
    from pnpkit.referee.games.ano_nuevo.roles import Contest, settle

    held = Contest(0, 1, ("a", "n"), "a", beta_held=True)
    roles, _ = settle({"a": ALPHA, "b": BETA, "n": ""}, held, "a", None)
    assert roles == {"a": ALPHA, "b": BETA, "n": BACHELOR}


def test_an_37_backing_down_never_returns_to_travel():
    session = contest(filled())
    session.submit(session.parse("display ann=0 bob=0 cy=0"))
    session.submit(session.parse("stand ann=back bob=back cy=back"))
    assert session.state.step == "posture"


def test_an_44_fight_bonus_for_the_defender():
    from pnpkit.referee.games.ano_nuevo.fight import fight_result
    from pnpkit.referee.games.ano_nuevo.roles import Contest

    session = filled()
    state = replace(session.state, places=("AN-L2", "AN-L7"))
    fight = Contest(
        0, 1, ("Ann", "Bob"), "Ann", False, (1, 1), ("Ann", "Bob"), (("AN-SH1",), ("AN-SH1",))
    )
    order, tie = fight_result(session.setup, state, fight)
    assert order[0] == "Ann" and not tie


def test_an_45_an_46_an_65_unseen_draws_and_reshuffle():
    session = table()
    state = session.state
    assert all(i.startswith("?") for p in session.setup.players for i in hand(state, p))  # AN-65
    digital = RULES.initial(Setup(GAME, RULES, "standard", ("Ann", "Bob", "Cy"), seed=1))
    pile = replace(digital.table["prey discard"], items=("AN-CR1", "AN-SQ1"))
    empty = put(digital, {"prey deck": replace(pile, items=(), public=False), "prey discard": pile})
    drawn, item = draw(empty.table, "hand:Ann", "AN-SQ1")  # AN-46
    assert item == "AN-SQ1" and drawn["prey deck"].items == ("AN-CR1",)
    assert drawn["hand:Ann"].items == ("AN-SQ1",)
    assert not drawn["prey discard"].items


def test_an_47_an_48_an_49_advanced_hunting_pools():
    session = table(variant="advanced-hunting")
    state = session.state
    assert len(aside(state, "Ann")) == 5 and hand(state, "Ann") == ()  # one set aside each turn
    assert len(pool(state, "Ann")) in (0, 1, 2, 3, 4)
    while session.state.step == "fill":
        session.submit(session.parse("flip AN-HPA"))
    session.submit(session.parse("travel ann=1 bob=ocean cy=ocean"))
    state = session.state
    assert pool(state, "Ann") == () and len(hand(state, "Ann")) == 5  # AN-48
    assert state.prey_count(session.setup, "Ann") == 5  # AN-49


def mating() -> Session:
    session = filled()
    session.submit(session.parse("travel ann=1 bob=2 cy=ocean"))
    session.submit(session.parse("pay ann AN-CR1"))
    return session


def test_an_55_an_56_an_59_an_60_an_61_mating():
    session = mating()
    assert session.state.step == "mate"
    session.submit(session.parse("mate ann AN-SQ2"))  # Food 3 (AN-55)
    session.submit(session.parse("take AN-HMA"))  # AN-56, AN-60: a Matron refills at once
    assert session.prompt().kind == "chance"
    session.submit(session.parse("flip AN-HPA"))
    session.submit(session.parse("take AN-HPA"))
    assert session.state.seal(session.setup, "Ann").vp == 7  # AN-59
    with pytest.raises(MoveRefused, match="AN-56"):
        session.submit(session.parse("take AN-HPR"))
    session.submit(session.parse("done"))


def test_an_57_an_58_an_62_beta_given_cards_bachelors_nothing():
    session = filled()
    state = session.state
    ann, bob, cy = state.seals
    seals = (
        replace(ann, place=0, role=ALPHA),
        replace(bob, place=0, role=BETA),
        replace(cy, place=0, role=BACHELOR),
    )
    state = replace(with_seal(session.setup, state, "Cy", hand=()), seals=seals, step="travel")
    travel = {"type": "travel", "to": {"Ann": 1, "Bob": 1, "Cy": 1}}
    state = RULES.apply(session.setup, state, travel)
    state = RULES.apply(session.setup, state, RULES.forced(session.setup, state))
    assert state.mating.discarders == ("Ann", "Bob")  # AN-62: Cy has nothing to discard
    state = RULES.apply(session.setup, state, {"type": "mate", "seal": "Ann", "card": "AN-CR1"})
    state = RULES.apply(session.setup, state, {"type": "mate", "seal": "Bob", "card": "AN-CR1"})
    state = RULES.apply(session.setup, state, {"type": "take", "card": "AN-HMA"})
    state = RULES.apply(session.setup, state, {"type": "flip", "card": "AN-HPR"})
    assert state.mating.taker == 1  # AN-57: the Alpha now gives the Beta
    state = RULES.apply(session.setup, state, {"type": "give", "card": "AN-HPR"})
    vp = {p: state.seal(session.setup, p).vp for p in ("Ann", "Bob", "Cy")}
    assert vp == {"Ann": 3, "Bob": 2, "Cy": 0}  # AN-58


def test_an_50_an_51_an_52_an_53_end_and_tie_breaks():
    s = Standing
    assert outcome({"a": s(41, False, 0), "b": s(30, True, 9)}).winners == ("a",)  # AN-50
    assert outcome({"a": s(41, False, 5), "b": s(41, True, 0)}).winners == ("b",)  # AN-51
    assert outcome({"a": s(41, True, 5), "b": s(41, True, 2)}).winners == ("a",)  # AN-52
    tied = outcome({"a": s(41, False, 2), "b": s(41, False, 2)})
    assert tied.bellow == ("a", "b")
    assert outcome({"a": s(41, False, 2), "b": s(41, False, 2)}, "b").winners == ("b",)  # AN-53


def test_an_1_an_3_an_4_players_colours_and_start():
    with pytest.raises(PnpError):
        RULES.check_setup(GAME, "standard", ["a", "b"], {})
    state = RULES.initial(Setup(GAME, RULES, "standard", ("a", "b", "c")))
    assert state.tracker == 2 and all(s.vp == 0 for s in state.seals)


def test_an_67_an_68_digital_deals_and_player_view():
    session = Session(Setup(GAME, RULES, "standard", ("Ann", "Bob", "Cy"), seed=4))
    session.advance()
    state = session.state
    assert not any(i.startswith("?") for p in ("Ann", "Bob", "Cy") for i in hand(state, p))  # AN-67
    view = RULES.view(session.setup, session.state, "Ann")
    assert (
        "Bob: 0 VP, Ocean; hand 5 unseen" in view
        and "unseen" not in view.split("Ann:")[1].split("\n")[0]
    )


def test_an_70_moves_out_of_turn_are_refused():
    session = filled()
    with pytest.raises(MoveRefused, match="AN-70"):
        session.submit(session.parse("take AN-HPA"))


def test_census_is_every_card():
    session = filled()
    counts = RULES.census(session.setup, session.state)
    assert sum(counts.values()) == 48 + 60
    assert counts == Counter(RULES.census(session.setup, contest(filled()).state))


def test_position_example_scores_with_the_alpha_tie_break():
    sheet = RULES.score_position(GAME, EXAMPLE.read_text(), str(EXAMPLE))
    assert sheet.winners == ("Bob",) and "AN-51" in sheet.tiebreak


def test_position_errors_name_file_and_line():
    with pytest.raises(PnpError, match=r"pos\.txt:2: role must be"):
        RULES.score_position(GAME, "Ann 41 alpha 1\nBob 3 boss 2\nCy 1 ocean 0\n", "pos.txt")


def position(text: str):
    return RULES.score_position(GAME, text, "pos.txt")


def test_an_53_position_bellow_must_name_a_tied_player():
    tied = "Ann 41 alpha 1\nBob 41 alpha 1\nCy 12 ocean 1\n"
    with pytest.raises(PnpError, match=r"pos\.txt:4: Cy is not in the bellowing contest"):
        position(tied + "bellow Cy\n")
    with pytest.raises(PnpError, match=r"pos\.txt:5: only one `bellow NAME` line"):
        position(tied + "bellow Bob\nbellow Ann\n")
    assert position(tied + "bellow bob\n").winners == ("Bob",)
    sheet = position("Ann 41 alpha 1\nBob 40 alpha 1\nCy 12 ocean 1\nbellow Bob\n")
    assert sheet.winners == ("Ann",) and any("pos.txt:4: no bellow" in n for n in sheet.notes)


def test_an_20_an_22_position_roles_must_be_possible():
    with pytest.raises(PnpError, match=r"pos\.txt:3: 3 players have 2 Locations"):
        position("Ann 41 alpha 1\nBob 4 alpha 1\nCy 12 alpha 1\n")
    with pytest.raises(PnpError, match=r"pos\.txt:2: every Beta shares a Location"):
        position("Ann 41 beta 1\nBob 4 beta 1\nCy 12 alpha 1\n")
    with pytest.raises(PnpError, match=r"pos\.txt: the PREY counts add up to 49"):
        position("Ann 41 alpha 30\nBob 4 beta 18\nCy 12 ocean 1\n")


def test_an_55_an_62_mating_refusals_say_why():
    session = filled()
    session.submit(session.parse("travel ann=1 bob=1 cy=2"))
    session.submit(session.parse("pay ann AN-CR1"))
    session.submit(session.parse("pay bob AN-CR1"))
    session.submit(session.parse("display ann=0 bob=0"))
    session.submit(session.parse("stand ann=stay bob=back"))  # Location 1 mates first
    with pytest.raises(MoveRefused, match="AN-55: the seals on Location 1 mate now; Cy is not"):
        session.submit(session.parse("mate cy AN-CR2"))
    session.submit(session.parse("mate ann AN-CR2"))
    with pytest.raises(MoveRefused, match="AN-55: Ann has already discarded"):
        session.submit(session.parse("mate ann AN-CR2"))
    setup, state = session.setup, session.state
    move = session.parse("mate cy AN-CR2")
    ocean = with_seal(setup, state, "Cy", place=None, role="")
    assert "Cy is in the Ocean" in RULES.check(setup, ocean, move).reason
    empty = with_seal(setup, state, "Cy", place=0, role=BACHELOR, hand=())
    assert RULES.check(setup, empty, move).rule == "AN-62"


def test_an_31_an_40_show_gives_the_public_counts_and_the_fight():
    session = contest(filled())
    session.submit(session.parse("display ann=2 bob=1 cy=0"))
    text = RULES.describe(session.setup, session.state)
    assert "Posture on Location 1 for Alpha: Ann, Bob, Cy" in text
    assert "displayed: Ann 2, Bob 1, Cy 0" in text
    session.submit(session.parse("stand ann=stay bob=stay cy=back"))
    session.submit(session.parse("reveal ann AN-SH1"))
    text = RULES.view(session.setup, session.state, "Bob")
    assert "Fight: Ann 4 (AN-SH1); Bob 0 (nothing yet)" in text


def test_an_34_second_round_prompt_says_it_is_for_beta():
    session = contest(filled())
    session.submit(session.parse("display ann=0 bob=0 cy=0"))
    session.submit(session.parse("stand ann=stay bob=back cy=back"))
    assert "second round, for Beta" in session.prompt().text
    assert "for Beta (second round): Bob, Cy" in RULES.describe(session.setup, session.state)


def test_an_59_show_gives_the_vp_tracker_past_25():
    session = filled()
    state, setup = session.state, session.setup
    for name, vp in (("Ann", 24), ("Bob", 25), ("Cy", 31)):
        state = with_seal(setup, state, name, vp=vp)
    text = RULES.describe(setup, state)
    assert "Ann: 24 VP, Ocean" in text
    assert "Bob: 25 VP (Seal token +25, marker off the track)" in text
    assert "Cy: 31 VP (Seal token +25, marker on 6)" in text


def test_an_57_only_the_beta_stops_taking_the_cards_it_is_given():
    session = filled()
    session.submit(session.parse("travel ann=1 bob=1 cy=ocean"))
    session.submit(session.parse("pay ann AN-CR1"))
    session.submit(session.parse("pay bob AN-CR1"))
    session.submit(session.parse("display ann=0 bob=0"))
    session.submit(session.parse("stand ann=stay bob=back"))
    session.submit(session.parse("mate ann AN-CR2"))
    session.submit(session.parse("mate bob AN-SQ1"))  # Food 2 for the Beta
    session.submit(session.parse("Ann: done"))  # AN-56: the Alpha may take fewer
    assert "give Bob up to 2" in session.prompt().text
    with pytest.raises(MoveRefused, match="AN-57: Ann picks which Harem cards Bob takes"):
        session.submit(session.parse("Ann: done"))
    with pytest.raises(MoveRefused, match="AN-70"):
        session.submit(session.parse("Cy: done"))
    session.submit(session.parse("give AN-HMA"))
    session.submit(session.parse("flip AN-HPR"))
    session.submit(session.parse("Bob: done"))
    assert session.state.seal(session.setup, "Bob").vp == 3


@pytest.mark.parametrize("text", ["travel ann=² bob=1 cy=1", "travel ann=١ bob=1 cy=1"])
def test_an_10_numbers_in_other_scripts_are_syntax_errors(text):
    session = filled()
    with pytest.raises(MoveSyntaxError, match="expected a Location number or ocean"):
        session.parse(text)


def test_an_31_display_counts_must_be_plain_digits():
    session = contest(filled())
    with pytest.raises(MoveSyntaxError, match="expected how many cards"):
        session.parse("display ann=² bob=0 cy=0")


def test_position_numbers_must_be_plain_digits():
    with pytest.raises(PnpError, match=r"pos\.txt:1: VP must be a whole number, not '41²'"):
        position("Ann 41² alpha 1\nBob 4 beta 1\nCy 12 ocean 1\n")


def test_an_51_an_52_several_alphas_tied_then_prey_among_all_tied():
    s = Standing
    standings = {"a": s(41, True, 1), "b": s(41, True, 2), "c": s(41, False, 3)}
    result = outcome(standings)
    assert result.winners == ("c",) and "AN-52" in result.tiebreak


def test_show_svg_draws_the_printed_faces():
    import base64

    from pnpkit.referee.views.faces import faces_of

    session = filled()
    picture = RULES.svg(session.setup, session.state, faces_of(GAME))
    faces = [
        base64.b64decode(part.split('"', 1)[0]).decode()
        for part in picture.split("data:image/svg+xml;base64,")[1:]
    ]
    assert len(faces) == 2 + 5 + 2  # two Location cards and their Harem cards
    assert any("AN-L7" in face for face in faces) and any("AN-HMA" in face for face in faces)
    plain = RULES.svg(session.setup, session.state, lambda card: None)
    assert "Gazos" in plain and "AN-HMA" in plain and "data:image" not in plain


def test_an_50_an_59_position_vp_must_be_possible():
    """39 before the last turn plus one mating: a Food-3 card in 4-VP Harem cards, 51 at most;
    and a total the Harem cards (2, 3, 4 VP) cannot add up to, such as 1, is refused too."""
    others = "Bob 4 beta 1\nCy 12 ocean 1\n"
    assert position("Ann 51 alpha 1\n" + others).winners == ("Ann",)
    with pytest.raises(PnpError, match=r"pos\.txt:1: Ann has 52 VP, more than .* 51 at most"):
        position("Ann 52 alpha 1\n" + others)
    with pytest.raises(PnpError, match=r"pos\.txt:1: Ann has 200 VP"):
        position("Ann 200 alpha 1\n" + others)
    with pytest.raises(PnpError, match=r"pos\.txt:3: Cy has 1 VP, which Harem cards worth 2, 3"):
        position("Ann 41 alpha 1\nBob 4 beta 1\nCy 1 ocean 1\n")
    low, high = RULES.score_bounds(type("S", (), {"game": GAME})())
    assert (low, high) == (0, 51)
