"""The table in the terminal: player colours (only on a terminal, never with NO_COLOR), card
names beside the IDs, and Nut Hunt's forest as a hex map."""

import io
import re
import subprocess
import sys

from rich.console import Console

from pnpkit.referee.checks.harness import Case, random_states
from pnpkit.referee.games.nut_hunt.forest import ROWS
from pnpkit.referee.views.terminal import card_key, print_table

ESCAPE = "\x1b["


def _state(case: Case, every: int = 5):
    states = list(random_states(case, every=every))
    return states[len(states) // 2]


def _printed(case: Case, **console: object) -> str:
    setup, state = _state(case)
    out = io.StringIO()
    print_table(setup, setup.rules.describe(setup, state), Console(file=out, **console))
    return out.getvalue()


def test_each_player_is_named_in_their_colour_on_a_terminal() -> None:
    case = Case("alpina", 3, 1)
    setup, _ = _state(case)
    shown = _printed(case, force_terminal=True, color_system="truecolor")
    for name, (_, rgb) in zip(setup.players, setup.rules.seat_colours(setup), strict=True):
        red, green, blue = (int(rgb[i : i + 2], 16) for i in (1, 3, 5))
        assert f"38;2;{red};{green};{blue}m{name}" in shown


def test_no_colour_with_no_color_or_off_a_terminal() -> None:
    case = Case("arctic", 3, 1)
    assert "38;2;" not in _printed(case, force_terminal=True, no_color=True)
    assert ESCAPE not in _printed(case, force_terminal=False)


def test_show_through_a_pipe_prints_no_escape(tmp_path) -> None:
    log = tmp_path / "g.jsonl"
    referee = [sys.executable, "-c", "from pnpkit.entry import referee_main; referee_main()"]
    new = [*referee, "new", "gentoo", "--players", "Ann,Bob", "--seed", "1", "--log", str(log)]
    subprocess.run(new, check=True, capture_output=True)
    out = subprocess.run([*referee, "show", str(log)], check=True, capture_output=True, text=True)
    assert "Ann" in out.stdout and ESCAPE not in out.stdout


def test_the_key_names_each_card_the_text_shows_by_id_once() -> None:
    setup, state = _state(Case("arctic", 3, 2))
    text = setup.rules.describe(setup, state)
    key = " ".join(card_key(setup.game, text))
    ids = set(re.findall(r"AR-[0-9A-Z]+", text))
    assert ids
    for card_id in ids:
        name = setup.game.component(card_id).name
        assert key.count(f"{card_id} {name}") == 1, card_id
    assert all(len(line) <= 100 for line in card_key(setup.game, text))


def test_nut_hunt_forest_is_a_hex_map() -> None:
    setup, state = _state(Case("nut-hunt", 3, 1))
    text = setup.rules.describe(setup, state)
    tile_rows = [line for line in text.splitlines() if re.match(r"\s+NH-[A-Z]{3}\b", line)]
    assert [len(re.findall(r"NH-[A-Z]{3}", row)) for row in tile_rows] == list(ROWS)
    indents = [len(row) - len(row.lstrip()) for row in tile_rows]
    assert indents[0] > indents[1] > indents[2] < indents[3] < indents[4]
    assert indents[0] == indents[4] and indents[1] == indents[3]
    assert sum(" FOX" in row for row in tile_rows) == (state.fox is not None)
