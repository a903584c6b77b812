"""The interactive `play` prompt and the `show --svg` picture, as a player uses them."""

import base64
import json
import random
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pnpkit.components import load_game
from pnpkit.referee.checks.harness import Case, playthrough
from pnpkit.referee.cli.play_prompt import completions
from pnpkit.referee.log.game_log import create_log
from pnpkit.referee.log.store import header_for, load_session, make_setup, new_game
from tests.in_process import referee

XLINK = "{http://www.w3.org/1999/xlink}href"


# `referee` runs in-process (tests/in_process.py); Ctrl-C's test starts the real program.


def test_play_prompt_takes_moves_refuses_with_reason_and_undoes(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    session = "help\nstart AL-20\nfirst B\nplay AL-99 e4\nundo\nquit\n"
    result = referee("play", "alpina", "--players", "A,B", "--log", str(log), stdin=session)
    assert result.returncode == 1, result.stderr  # a script whose move was refused
    assert "take back the last move" in result.stdout  # help
    assert "refused: AL-8: AL-99 is not an Alpina card" in result.stderr
    assert "undone: first B" in result.stdout
    events = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    assert events[-1] == {"seq": len(events), "undo": 3}  # undo is an appended event


def test_play_resumes_a_log(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    referee("new", "alpina", "--players", "A,B", "--log", str(log))
    referee("move", str(log), "start AL-21")
    result = referee("play", str(log), stdin="quit\n")
    assert "draw the first player at random" in result.stdout


def test_show_svg_draws_the_printed_faces(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    referee("new", "alpina", "--players", "A,B", "--seed", "4", "--log", str(log))
    actor = json.loads(referee("legal", str(log), "--json").stdout)["prompt"]["actors"][0]
    legal = json.loads(referee("legal", str(log), "--json", "--player", actor).stdout)["moves"]
    assert referee("move", str(log), legal[0], "--player", actor).returncode == 0
    picture = tmp_path / "table.svg"
    result = referee("show", str(log), "--svg", str(picture))
    assert result.returncode == 0, result.stderr
    root = ET.parse(picture).getroot()
    faces = [
        base64.b64decode(href.split(",", 1)[1]).decode()
        for node in root.iter()
        if node.tag.endswith("image")
        for href in [node.get("href") or node.get(XLINK) or ""]
        if href.startswith("data:image/svg+xml;base64,")
    ]
    played = legal[0].split()[1]
    assert any(played in face for face in faces)  # the generator's face, with its short ID


def test_show_one_players_view_hides_the_others_hands(tmp_path: Path) -> None:
    log = tmp_path / "seals.jsonl"
    referee("new", "ano-nuevo", "--players", "Ann,Bob,Cy", "--seed", "2", "--log", str(log))
    shared = referee("show", str(log)).stdout
    ann = referee("show", str(log), "--player", "Ann").stdout
    bob = referee("show", str(log), "--player", "Bob").stdout
    assert "Bob's view" in bob
    assert "Ann: 0 VP, Ocean; hand 5 unseen" in bob
    bob_hand = next(line for line in bob.splitlines() if line.strip().startswith("Bob:"))
    assert "AN-" in bob_hand and bob_hand not in shared
    ann_line = next(line for line in ann.splitlines() if line.strip().startswith("Ann:"))
    assert "AN-" in ann_line  # Ann's view shows her cards; Bob's view and the shared screen not
    assert all("hand 5 unseen" in line for line in shared.splitlines() if " VP, " in line)
    unknown = referee("show", str(log), "--player", "Zed")
    assert unknown.returncode == 2
    assert "'Zed' is not a player of this game (Ann, Bob, Cy)" in unknown.stderr
    several = referee("show", str(log), "--player", "zed  lee")
    assert several.returncode == 2, several.stderr  # was a traceback: no `NAME:` to split off
    assert "'zed  lee' is not a player of this game (Ann, Bob, Cy)" in several.stderr


def test_play_commands_in_any_case_and_the_board_after_an_undo(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    session = "HELP\nstart AL-20\nUndo\n Quit \n"
    result = referee("play", "alpina", "--players", "A,B", "--log", str(log), stdin=session)
    assert result.returncode == 0, result.stderr
    assert "take back the last move" in result.stdout
    assert "refused" not in result.stderr
    after_undo = result.stdout.split("undone: start AL-20", 1)[1]
    assert "grid: 0/25" in after_undo.split("> ", 1)[0]  # the table, as it is again
    assert len(log.read_text().splitlines()) == 4  # header, start, deal, undo: quit wrote nothing
    assert result.stdout.endswith(f"game saved in {log}\n")


def test_end_of_input_ends_play_cleanly(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    result = referee("play", "alpina", "--players", "A,B", "--log", str(log), stdin="start AL-20")
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(f"> \ngame saved in {log}\n")
    assert "Traceback" not in result.stderr


def test_ctrl_c_ends_play_cleanly(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    command = [sys.executable, "-m", "pnpkit", "referee", "play", "alpina", "--players", "A,B"]
    with subprocess.Popen(
        [*command, "--log", str(log)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        deadline = time.monotonic() + 30
        while not log.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # the prompt is waiting for a line
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert out.endswith(f"\ngame saved in {log}\n")
    assert "Traceback" not in err


def test_play_stays_open_after_the_last_move_and_names_the_winner_last(tmp_path: Path) -> None:
    log = tmp_path / "over.jsonl"
    session = playthrough(Case("alpina", 2, seed=3, digital=False))
    create_log(log, header_for(session.setup))
    chosen = max(i for i, event in enumerate(session.events) if event.get("by") == "table")
    with log.open("a") as handle:
        for event in session.events[:chosen]:
            handle.write(json.dumps(event) + "\n")
    last = session.events[chosen]["text"]
    result = referee("play", str(log), stdin=f"{last}\nscore\nundo\nquit\n")
    assert result.returncode == 0, result.stderr
    over, after_undo = result.stdout.split(f"undone: {last}")
    final = over.split("game over: undo, show, score or quit")[0].rstrip().splitlines()
    assert final[-1].startswith("winner: ")
    assert over.count("winner: ") == 2  # the sheet at the end, and again on `score`
    assert "game over" not in after_undo  # the last move taken back: the game goes on


def test_play_starts_a_game_with_its_variant_and_options(tmp_path: Path) -> None:
    log = tmp_path / "solo.jsonl"
    args = ["nut-hunt", "--players", "Ann", "--variant", "competitive", "-o", "difficulty=expert"]
    result = referee("play", *args, "--seed", "3", "--log", str(log), stdin="quit\n")
    assert result.returncode == 0, result.stderr
    header = json.loads(log.read_text().splitlines()[0])
    assert (header["variant"], header["options"]) == ("competitive", {"difficulty": "expert"})


def test_play_refuses_a_missing_log_or_missing_players_with_exit_2(tmp_path: Path) -> None:
    typo = referee("play", str(tmp_path / "tabel.jsonl"))
    assert typo.returncode == 2
    assert "tabel.jsonl: no such log" in typo.stderr
    silent = referee("play", "alpina", "--log", str(tmp_path / "x.jsonl"))  # stdin at its end
    assert silent.returncode == 2
    assert "error: no players given: name them with --players A,B" in silent.stderr
    assert not (tmp_path / "x.jsonl").exists()


def test_completion_offers_legal_moves_and_commands_in_any_case(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    new_game(log, make_setup(load_game("alpina"), ["A", "B"], seed=4))
    session, _ = load_session(log)
    actor = session.prompt().actors[0]
    moves = completions(session, "PLAY al-", actor)
    assert moves and all(m.startswith("play AL-") for m in moves)
    assert completions(session, "PLAY al-") == []  # the shared screen enters no one's hand
    assert completions(session, "qu") == ["quit"]
    assert completions(session, "HE") == ["help"]


def test_secret_choices_are_listed_completed_and_entered_player_by_player(tmp_path: Path) -> None:
    log = tmp_path / "six.jsonl"
    new_game(log, make_setup(load_game("ano-nuevo"), list("ABCDEF"), seed=2))
    shared = referee("legal", str(log))
    assert shared.returncode == 0
    assert shared.stdout.splitlines() == [
        "A, B, C, D, E, F: a secret choice each, on their own page"
    ]
    lines = referee("legal", str(log), "--player", "a").stdout.splitlines()
    assert lines[1] == "  travel NAME=N|ocean … (every player at once; each chooses one of):"
    assert lines[2:] == ["    A: ocean, 1, 2, 3, 4, 5"]  # A's own options only
    data = json.loads(referee("legal", str(log), "--json", "--player", "F").stdout)
    assert data["choices"]["options"] == {"F": ["ocean", "1", "2", "3", "4", "5"]}
    assert data["moves"] == []
    session, _ = load_session(log)
    assert completions(session, "TR", "A") == ["travel "]
    assert completions(session, "travel a=o", "A") == ["travel A=ocean"]
    assert completions(session, "travel b=", "A") == []  # B's choice is B's
    entered = referee("move", str(log), "travel 2", "--player", "A")
    assert entered.returncode == 0, entered.stderr
    assert "A: travel 2" in entered.stdout
    assert "next: A chose in secret; waiting for B, C, D, E, F" in entered.stdout
    others = referee("replay", str(log), "--player", "B").stdout
    assert "A has chosen" in others and "travel 2" not in others
    again = referee("move", str(log), "travel 3", "--player", "A")
    assert again.returncode == 1 and "A has chosen already" in again.stderr
    for player in "BCDEF":
        assert referee("move", str(log), "travel ocean", "--player", player).returncode == 0
    revealed = referee("replay", str(log), "--player", "B").stdout
    assert "travel A=2 B=ocean C=ocean D=ocean E=ocean F=ocean" in revealed


@pytest.mark.parametrize(
    "game, players",
    [("alpina", "A,B"), ("ano-nuevo", "A,B,C"), ("arctic", "A,B"), ("gentoo", "A,B"),
     ("nut-hunt", "A,B")],
)  # fmt: skip
def test_show_states_the_prompt_once(tmp_path: Path, game: str, players: str) -> None:
    log = tmp_path / "g.jsonl"
    referee("new", game, "--players", players, "--seed", "1", "--log", str(log))
    shown = referee("show", str(log)).stdout
    prompt = shown.splitlines()[-1].removeprefix("next: ")
    assert shown.count(prompt) == 1, shown


def test_the_play_prompt_works_out_each_events_secrecy_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """After each move `play` prints the new events as the screen's viewer may read them: which
    viewers read each only in public form is worked out for the new events, not for the whole
    log again at every move."""
    from pnpkit.referee.cli.play_prompt import Table
    from pnpkit.referee.engine.session import Session
    from pnpkit.referee.views import gate

    compared = []
    moved = gate.secretly_moved
    monkeypatch.setattr(gate, "secretly_moved", lambda *a: compared.append(1) or moved(*a))
    session = Session(make_setup(load_game("nut-hunt"), ["Ann", "Bob"], seed=2))
    session.advance()
    table = Table(session)
    rng = random.Random(2)
    for _ in range(40):
        table.print_events(session.submit(rng.choice(session.legal())))
    assert "Ann" in capsys.readouterr().out
    assert 0 < len(compared) <= 3 * len(session.events)
