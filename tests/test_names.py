"""Names that cannot spoof (pnpkit.names, schema patterns anchored) and data printed escaped:
each case a game, a log or a move that once printed raw or passed beside its look-alike."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.components.validation import anchored
from pnpkit.names import MAX_MESSAGE, name_problem, shown
from tests.in_process import run_pnp

FIXTURES = Path(__file__).parent / "components" / "fixtures"
PNP = [sys.executable, "-m", "pnpkit"]
UNSAFE = ["Evil\x1b[2J\x1b]0;pwned\x07", "A\u200bnn", "\u202eeviL", "two\nlines", "x\x9by"]


def _pnp(*args: object, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    """`pnp ARGS…` in a process of its own: the terminal sees what its pipes carry."""
    return subprocess.run(
        [*PNP, *map(str, args)], cwd=cwd, capture_output=True, text=True, input=stdin, check=False
    )


def _pnp_here(*args: object, cwd: Path) -> subprocess.CompletedProcess:
    """`pnp ARGS…` through the same entry point in this process (tests/in_process.py)."""
    return run_pnp(*args, cwd=cwd)


def _no_raw(text: str) -> None:
    """`text` carries none of the characters a terminal would act on or hide (but the line
    breaks and tabs that separate rows and cells)."""
    cells = text.replace("\t", "\n").split("\n")
    assert not any(name_problem(cell) for cell in cells), repr(text[:300])


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    """A copy of the tiny JSON game, to edit."""
    folder = tmp_path / "tiny"
    shutil.copytree(FIXTURES / "tiny-json", folder)
    return folder


def _edit(game: Path, change) -> None:  # type: ignore[no-untyped-def]
    path = game / "game.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    change(manifest)
    path.write_text(json.dumps(manifest), encoding="utf-8")


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m["components"][0]["cards"][0].update(id="TY-1\n"),
        lambda m: m.update(id="tiny\n"),
        lambda m: m["components"][0].update(id="cards\n"),
        lambda m: m.update(prefix="TY\n"),
    ],
    ids=["component id", "game id", "group id", "prefix"],
)
def test_an_identifier_with_a_trailing_newline_is_refused(game: Path, change) -> None:  # type: ignore[no-untyped-def]
    _edit(game, change)
    done = _pnp_here("validate", game, cwd=game.parent)
    assert done.returncode == 2 and '\\n" is not valid' in done.stderr, done.stderr


@pytest.mark.parametrize("name", UNSAFE)
@pytest.mark.parametrize("where", ["card", "group", "game"])
def test_a_name_with_control_or_format_characters_is_refused(
    game: Path, name: str, where: str
) -> None:
    targets = {
        "card": lambda m: m["components"][0]["cards"][0],
        "group": lambda m: m["components"][0],
        "game": lambda m: m,
    }
    _edit(game, lambda m: targets[where](m).update(name=name))
    done = _pnp_here("validate", game, cwd=game.parent)
    assert done.returncode == 2
    assert "names may not hold control or invisible format characters" in done.stderr
    _no_raw(done.stderr)
    assert _pnp_here("components", game, cwd=game.parent).returncode == 2


def test_components_escapes_field_values_in_a_pipe_and_in_a_table(game: Path) -> None:
    _edit(game, lambda m: m["components"][0]["cards"][0]["fields"].update(suit="\x1b[2Jsun"))
    (game / "card.schema.json").write_text(
        (game / "card.schema.json").read_text().replace('"enum"', '"examples"')
    )
    for fmt in ("tsv", "table"):
        done = _pnp("components", game, "--format", fmt, cwd=game.parent)
        assert done.returncode == 0, done.stderr
        assert "\\x1b[2Jsun" in done.stdout
        _no_raw(done.stdout)


@pytest.mark.parametrize("name", UNSAFE)
def test_a_player_name_with_control_or_format_characters_is_refused(
    tmp_path: Path, name: str
) -> None:
    done = _pnp_here(
        "referee", "new", "gentoo", "--players", f"Ann,{name}", "--log", "g.jsonl", cwd=tmp_path
    )
    assert done.returncode == 2 and "control or invisible format" in done.stderr, done.stderr
    _no_raw(done.stdout + done.stderr)
    assert not (tmp_path / "g.jsonl").exists()


def test_a_hand_edited_log_header_with_such_a_name_is_refused(tmp_path: Path) -> None:
    assert (
        _pnp_here(
            "referee", "new", "gentoo", "--players", "Ann,Bob", "--log", "g.jsonl", cwd=tmp_path
        ).returncode
        == 0
    )
    log = tmp_path / "g.jsonl"
    lines = log.read_text(encoding="utf-8").split("\n")
    lines[0] = lines[0].replace('"Bob"', json.dumps("\x1b]0;pwned\x07Bob"))
    log.write_text("\n".join(lines), encoding="utf-8")
    for command in ("show", "replay", "score"):
        done = _pnp_here("referee", command, log, cwd=tmp_path)
        assert done.returncode == 2 and "control or invisible format" in done.stderr, done.stderr
        _no_raw(done.stdout + done.stderr)


def test_a_huge_move_is_quoted_only_in_part(tmp_path: Path) -> None:
    assert (
        _pnp_here(
            "referee", "new", "alpina", "--players", "Ann,Bob", "--log", "a.jsonl", cwd=tmp_path
        ).returncode
        == 0
    )
    huge = "place " + "x" * 2_000_000
    done = _pnp("referee", "play", "a.jsonl", cwd=tmp_path, stdin=huge + "\n")
    assert "refused:" in done.stderr
    assert len(done.stderr) < 3 * MAX_MESSAGE and "more characters" in done.stderr
    assert len(done.stdout) < 10_000


# --- the mechanism ----------------------------------------------------------------------------


@given(st.text())
def test_shown_text_never_holds_an_unsafe_character(text: str) -> None:
    assert name_problem(shown(text)) is None
    assert len(shown(text)) <= 200 + len("… ( more characters)") + 8


@given(
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")))
)
def test_safe_names_pass_and_print_unchanged(text: str) -> None:
    assert name_problem(text) is None
    assert shown(text, None) == text


@pytest.mark.parametrize(
    ("pattern", "text", "matches"),
    [
        ("^[A-Z]+-[0-9]+$", "HX-1", True),
        ("^[A-Z]+-[0-9]+$", "HX-1\n", False),
        ("^[^$]+$", "a$", False),
        ("^a\\$$", "a$", True),
        ("^a\\$$", "a$\n", False),
        ("^(a|b$)", "b\n", False),
    ],
)
def test_a_pattern_ends_only_at_the_end_of_the_text(pattern: str, text: str, matches: bool) -> None:
    assert bool(anchored(pattern).search(text)) is matches
