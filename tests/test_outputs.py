"""Outputs never destroy inputs (pnpkit.outputs), and a killed writer's temporaries are removed by
the next one (pnpkit.atomic): tested on the mechanism and on every command that writes."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest
import typer

from pnpkit.atomic import STALE_AFTER, remove_stale_temporaries, temp_prefix
from pnpkit.cli import _app_for, main
from pnpkit.components.catalog import GAMES_DIR
from pnpkit.outputs import OUTPUT_OPTIONS, OutputRefused, output_file, output_folder
from tests.confined import confined
from tests.in_process import run_pnp

FIXTURES = Path(__file__).parent / "components" / "fixtures"


def _pnp(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["pnp", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    return exited.value.code or 0


@pytest.fixture()
def lamps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game `lamps/` (with the designer's own `svg/` folder) in the current folder."""
    game = tmp_path / "lamps"
    shutil.copytree(FIXTURES / "tiny-csv", game)
    manifest = json.loads((game / "game.json").read_text())
    (game / "game.json").write_text(json.dumps({**manifest, "id": "lamps"}))
    (game / "svg").mkdir()
    (game / "svg" / "art.svg").write_text("<svg/>")
    monkeypatch.chdir(tmp_path)
    return game


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("out", [".", "lamps", "lamps/build", "lamps/svg"])
def test_render_refuses_an_output_folder_in_or_over_the_game(
    lamps: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, out: str
) -> None:
    before = _snapshot(lamps)
    assert _pnp(monkeypatch, "render", "lamps", "--out", out) == 2
    assert "refused as an output folder" in capsys.readouterr().err
    assert _snapshot(lamps) == before


def test_render_beside_the_game_writes(lamps: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _pnp(monkeypatch, "render", "lamps", "--out", "out", "--no-svg") == 0
    assert (lamps.parent / "out" / "lamps" / "lamps-print-and-play.pdf").is_file()


def test_an_output_folder_that_is_a_symlink_to_the_game_is_refused(
    lamps: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (lamps.parent / "out").mkdir()
    (lamps.parent / "out" / "lamps").symlink_to(lamps, target_is_directory=True)
    assert _pnp(monkeypatch, "render", "lamps", "--out", "out") == 2
    assert (lamps / "svg" / "art.svg").is_file()


@pytest.fixture()
def referee(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture):
    """Run `pnp referee ARGS…` in tmp_path: (exit code, stderr)."""
    monkeypatch.chdir(tmp_path)

    def run(*args: object) -> tuple[int, str]:
        capsys.readouterr()
        code = _pnp(monkeypatch, "referee", *map(str, args))
        return code, capsys.readouterr().err

    return run


def test_show_svg_refuses_to_overwrite_its_log_or_another_log(tmp_path: Path, referee) -> None:
    assert referee("new", "gentoo", "--players", "A,B", "--log", "g.jsonl")[0] == 0
    assert referee("new", "gentoo", "--players", "A,B", "--log", "h.jsonl")[0] == 0
    logs = {name: (tmp_path / name).read_bytes() for name in ("g.jsonl", "h.jsonl")}
    (tmp_path / "link.svg").symlink_to(tmp_path / "g.jsonl")
    for target, reason in [("g.jsonl", "which this command reads"),
                           ("./g.jsonl", "which this command reads"),
                           ("link.svg", "which this command reads"),
                           ("h.jsonl", "it is a referee log")]:  # fmt: skip
        code, err = referee("show", "g.jsonl", "--svg", target)
        assert code == 2 and reason in err, err
    assert {name: (tmp_path / name).read_bytes() for name in logs} == logs
    assert referee("show", "g.jsonl")[0] == 0
    assert referee("show", "g.jsonl", "--svg", "table.svg")[0] == 0
    assert (tmp_path / "table.svg").read_text().startswith("<")


def test_a_new_log_inside_the_game_is_refused(tmp_path: Path, referee) -> None:
    game = tmp_path / "gentoo"
    shutil.copytree(GAMES_DIR / "gentoo", game)
    code, err = referee("new", game, "--players", "A,B", "--log", game / "x.jsonl")
    assert code == 2 and "inside the game directory" in err
    assert not (game / "x.jsonl").exists()
    assert referee("play", game, "--players", "A,B", "--log", game / "y.jsonl")[0] == 2
    assert not (game / "y.jsonl").exists()


def test_the_mechanism_refuses_what_a_command_reads(tmp_path: Path) -> None:
    data = tmp_path / "data.txt"
    data.write_text("x")
    with pytest.raises(OutputRefused, match="which this command reads"):
        output_file(tmp_path / "sub" / ".." / "data.txt", reads=[data])
    with pytest.raises(OutputRefused, match="holds"):
        output_folder(tmp_path, reads=[data])
    assert output_file(tmp_path / "other.txt", reads=[data]) == tmp_path / "other.txt"
    assert output_folder(tmp_path / "out", reads=[data]) == tmp_path / "out"


# --- stale temporaries -------------------------------------------------------------------------

KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
from pnpkit.atomic import atomic_open
from pnpkit.generator.outfolder import swapped_folder
folder = Path(sys.argv[1])
with swapped_folder(folder / "svg") as temp, atomic_open(folder / "lamps-cards.pdf") as handle:
    (temp / "a.svg").write_text("half")
    handle.write(b"half")
    os.kill(os.getpid(), signal.SIGKILL)
"""


def _killed_render(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    killed = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(folder)], check=False)
    assert killed.returncode == -signal.SIGKILL


def test_the_next_render_removes_a_killed_renders_temporaries(
    lamps: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = lamps.parent / "out" / "lamps"
    _killed_render(folder)
    (folder / ".notes").write_text("mine")
    (folder / ".svg.keep").mkdir()
    left = sorted(p.name for p in folder.iterdir() if p.name.startswith(".") and "-" in p.name)
    assert len(left) == 2 and any(n.endswith(".tmp") for n in left)
    assert _pnp(monkeypatch, "render", "lamps", "--out", "out") == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        ".notes", ".svg.keep", "lamps-cards.pdf", "lamps-print-and-play.pdf", "svg"
    ]  # fmt: skip


def test_a_live_writers_temporaries_are_kept(tmp_path: Path) -> None:
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        live = tmp_path / f".a.pdf.{sleeper.pid}-abcdefgh.tmp"
        live.write_text("writing")
        mine = tmp_path / f"{temp_prefix('svg')}abcd_fgh"
        mine.mkdir()
        assert remove_stale_temporaries(tmp_path) == []
        old = time.time() - STALE_AFTER - 60
        legacy = tmp_path / ".svg.old.x1y2z3w4"
        legacy.mkdir()
        os.utime(legacy, (old, old))
        assert remove_stale_temporaries(tmp_path) == [legacy]
        assert live.exists() and mine.exists()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert remove_stale_temporaries(tmp_path, "b.pdf") == []
    assert remove_stale_temporaries(tmp_path, "a.pdf") == [live]


def test_show_svg_removes_its_own_stale_temporary(tmp_path: Path, referee) -> None:
    assert referee("new", "gentoo", "--players", "A,B", "--log", "g.jsonl")[0] == 0
    stale = tmp_path / ".t.svg.999999999-abcdefgh.tmp"
    stale.write_text("half")
    assert referee("show", "g.jsonl", "--svg", "t.svg")[0] == 0
    assert not stale.exists()


# --- every command's output, enumerated -------------------------------------------------------


def _commands() -> dict[str, click.Command]:
    """Every command of `pnp`, by its name (`render`, `referee new`)."""
    found = {}

    def walk(command: click.Command, name: str) -> None:
        if isinstance(command, click.Group):
            for sub_name, sub in command.commands.items():
                walk(sub, f"{name} {sub_name}".strip())
        else:
            found[name] = command

    walk(typer.main.get_command(_app_for([])), "")  # the whole app, the referee's group too
    return found


INPUT_PATHS = {(name, "log") for name in ("move", "legal", "show", "undo", "redo", "replay")}
INPUT_PATHS = {(f"referee {name}", param) for name, param in INPUT_PATHS} | {
    ("referee score", "position"),
    ("referee score", "photos"),
    ("referee move", "photo"),
    ("scan", "photos"),
}
PHOTO_OUTPUTS = {("scan", "annotate"), ("referee score", "save")}
"""Written through pnpkit.outputs.output_file, never over a photo or the game."""


def test_every_path_a_command_takes_is_an_input_or_a_checked_output() -> None:
    paths = {
        (name, param.name)
        for name, command in _commands().items()
        for param in command.params
        if isinstance(param.type, click.Path)
    }
    assert paths == INPUT_PATHS | PHOTO_OUTPUTS | set(OUTPUT_OPTIONS.items())


def _invocation(command: str, game: Path, log: Path, target: Path) -> list[str]:
    """`command` writing to `target`: a command line that gets as far as writing."""
    out = {"out": ["--out", str(target)], "log": ["--log", str(target)]}
    lines = {
        "render": ["render", str(game), "--no-svg", *out["out"]],
        "export": ["export", str(game), "--png", "--only", "tokens", *out["out"]],
        "watch": ["watch", str(game), *out["out"]],
        "new": ["new", str(target)],
        "referee new": ["referee", "new", str(game), "--players", "A,B", *out["log"]],
        "referee play": ["referee", "play", str(game), "--players", "A,B", *out["log"]],
        "referee serve": ["referee", "serve", str(game), "--players", "A,B", "--port", "0",
                          *out["log"]],
        "referee show": ["referee", "show", str(log), "--svg", str(target)],
        "referee simulate": ["referee", "simulate", str(game), "--games", "2", "--jobs", "1",
                             "--report", str(target)],
    }  # fmt: skip
    return lines[command]


@pytest.fixture(scope="module")
def penguins(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A copy of Gentoo and a referee log of it: (the game, the log)."""
    folder = tmp_path_factory.mktemp("outputs")
    game = folder / "penguins"
    shutil.copytree(GAMES_DIR / "gentoo", game)
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    (game / "game.json").write_text(json.dumps({**manifest, "id": "penguins"}), encoding="utf-8")
    log = folder / "g.jsonl"
    done = subprocess.run(
        [*PNP, "referee", "new", str(game), "--players", "A,B", "--log", str(log)], check=False
    )
    assert done.returncode == 0
    return game, log


PNP = [sys.executable, "-m", "pnpkit"]
SUBPROCESS = {"watch", "referee serve"}
"""Run as real subprocesses (the rest in this process, tests/in_process.py): the commands that
would run until stopped if they wrote, so that a regression ends at the timeout; each command
family is also run as a real process by test_a_read_only_folder_is_refused_before_any_work."""


@pytest.mark.parametrize("command", sorted(OUTPUT_OPTIONS))
@pytest.mark.parametrize("target", ["manifest", "log", "game folder"])
def test_no_command_writes_over_an_input_or_a_log(
    penguins: tuple[Path, Path], command: str, target: str
) -> None:
    game, log = penguins
    path = {"manifest": game / "game.json", "log": log, "game folder": game.parent}[target]
    before = {p: p.read_bytes() for p in (game / "game.json", log)}
    line = _invocation(command, game, log, path)
    if command in SUBPROCESS:
        done = subprocess.run(
            [*PNP, *line], cwd=game.parent, capture_output=True, text=True,
            stdin=subprocess.DEVNULL, timeout=120, check=False,
        )  # fmt: skip
    else:
        done = run_pnp(*line, cwd=game.parent)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.startswith("error: "), done.stderr
    assert {p: p.read_bytes() for p in before} == before


@pytest.mark.parametrize("command", sorted(OUTPUT_OPTIONS))
def test_a_read_only_folder_is_refused_before_any_work(
    penguins: tuple[Path, Path], command: str, tmp_path: Path
) -> None:
    game, log = penguins
    mount = tmp_path / "ro"
    target = mount / ("out" if OUTPUT_OPTIONS[command] in ("out", "folder") else "r.x")
    line = " ".join(shlex.quote(a) for a in ["pnp", *_invocation(command, game, log, target)])
    done = confined(f"{line} </dev/null", mount, read_only=True, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Read-only file system" in done.stderr and "Traceback" not in done.stderr, done.stderr
