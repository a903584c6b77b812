"""Every command the docs (and the rules indexes) show runs as shown; tests/docs/doc_commands.py
says how they are read.

A command that is one plain call of `pnp` or `referee` runs in this process, through the same
entry points the console scripts call (tests/in_process.py), with the same arguments, folder,
environment and empty stdin, its exit code and stdout checked as a subprocess's would be: the
docs' sixty-odd commands otherwise spend more time starting Python than working. The first such
call of each doc, README.md's every command and any line the shell must read (a pipe, a
redirection, `source`, a variable) still run in bash, so the installed scripts on PATH stay
proven in every doc's folder."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.docs.doc_commands import UNRUN, Command, blocks, commands, fragments
from tests.in_process import ENTRIES, run_in_process

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted(
    [
        ROOT / "README.md",
        ROOT / "CONTRIBUTING.md",
        *(ROOT / "docs").rglob("*.md"),
        *(ROOT / "referee" / "games").rglob("*.md"),
    ]
)
RUNNABLE = [doc for doc in DOCS if any(not b.norun for b in blocks(doc))]


DISPLAY = {"NO_COLOR": "1", "COLUMNS": "100", "TERM": "dumb"}
PLAIN_WORD = re.compile(r"[\w@%+=:,./-]+")
SHELL_CHARS = set("$`*?[~\\")


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
    env.update(DISPLAY)
    return env


def _plain_call(text: str) -> list[str] | None:
    """The words of `text` when it is one call of `pnp` or `referee` the shell only splits
    (quotes and a trailing comment at most), else None."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        words, split = list(lexer), shlex.split(text, comments=True)
    except ValueError:  # an unclosed quotation: the shell's to refuse
        return None
    plain = all(PLAIN_WORD.fullmatch(w) or (" " in w and not SHELL_CHARS & set(w)) for w in words)
    return words if words == split and plain and words[0] in ENTRIES else None


def _in_bash(command: Command, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-c", command.text],
        cwd=cwd,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def _normalised(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


@pytest.mark.slow
@pytest.mark.parametrize("doc", RUNNABLE, ids=lambda d: str(d.relative_to(ROOT)))
def test_every_command_of_a_doc_runs_as_shown(doc: Path, tmp_path: Path) -> None:
    """The doc's blocks run in order in a folder that has the docs and the environment."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    (tmp_path / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)
    in_bash: set[str] = set()  # the programs this doc's commands have called through bash
    for block in blocks(doc):
        if block.norun:
            continue
        for command in commands(block):
            words = _plain_call(command.text)
            if words is not None and words[0] in in_bash and doc.name != "README.md":
                done = run_in_process(words, tmp_path, DISPLAY)
            else:
                done = _in_bash(command, tmp_path)
                in_bash.update(words[:1] if words else ())
            where = f"{doc.relative_to(ROOT)}:{command.line}: {command.text}"
            assert done.returncode == command.exit_code, f"{where}\n{done.stdout}{done.stderr}"
            if command.output is not None:
                assert _normalised(done.stdout) == _normalised(command.output), where


def test_only_make_targets_and_servers_are_left_unrun() -> None:
    for doc in DOCS:
        for block in blocks(doc):
            if block.norun:
                for command in commands(block):
                    assert command.text.startswith(UNRUN), f"{doc}:{command.line}"


def test_the_reader_sees_commands_continuations_exit_codes_and_output(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text(
        "```sh\npnp validate \\\n  alpina\n# a comment\npnp validate nosuch   # exit 2\n```\n"
        "```text\nnot run\n```\n"
        "```console\n$ pnp schema\n/path\n$ true\n```\n"
        "```sh norun\nmake test\n```\n"
    )
    found = [c for b in blocks(doc) for c in commands(b)]
    assert [(c.line, c.text, c.exit_code, c.output) for c in found] == [
        (2, "pnp validate    alpina", 0, None),
        (5, "pnp validate nosuch   # exit 2", 2, None),
        (11, "pnp schema", 0, "/path"),
        (13, "true", 0, ""),
        (16, "make test", 0, None),
    ]


def test_only_plain_calls_of_pnp_and_referee_skip_the_shell() -> None:
    assert _plain_call('referee move an.jsonl "flip AN-HPA"   # the card\'s face') == [
        "referee",
        "move",
        "an.jsonl",
        "flip AN-HPA",
    ]
    assert _plain_call("pnp render --all   # what `make render` does") == ["pnp", "render", "--all"]
    for shell in (
        "pnp games | head",
        "pnp games > x",
        "pnp a && pnp b",
        "pnp a; b",
        "pnp $HOME",
        "pnp render *",
        "source x",
        ".venv/bin/pnp games",
        'pnp "unclosed',
    ):
        assert _plain_call(shell) is None, shell


FRAGMENTS = [f for doc in DOCS for f in fragments(doc)]


@pytest.mark.parametrize("fragment", FRAGMENTS, ids=lambda f: f"{f.doc.relative_to(ROOT)}:{f.line}")
def test_every_code_fragment_is_part_of_the_file_it_names(fragment) -> None:
    """A tutorial's code is the code the tests play (docs/engine.md: Expedition); a method shown
    alone is dedented (ruff formats the docs' code blocks)."""
    where = f"{fragment.doc.relative_to(ROOT)}:{fragment.line}"
    assert fragment.source.is_file(), f"{where}: {fragment.source} does not exist"
    source = fragment.source.read_text(encoding="utf-8")
    indented = (textwrap.indent(fragment.body, " " * n) for n in range(0, 13, 4))
    assert any(body in source for body in indented), (
        f"{where}: this block is not, word for word (at some indentation), part of "
        f"{fragment.source}"
    )


def test_the_tutorial_shows_the_whole_of_its_rules_module() -> None:
    """docs/engine.md's tutorial shows every line of Expedition's rules.py: a reader builds the
    game from the docs alone."""
    rules = ROOT / "docs" / "examples" / "expedition" / "expedition_rules" / "rules.py"
    source = rules.read_text(encoding="utf-8")
    shown: set[int] = set()
    for fragment in fragments(ROOT / "docs" / "engine.md"):
        if fragment.source.resolve() != rules:
            continue
        for n in range(0, 13, 4):
            at = source.find(textwrap.indent(fragment.body, " " * n))
            if at >= 0:
                first = source.count("\n", 0, at)
                shown.update(range(first, first + fragment.body.count("\n")))
                break
    lines = enumerate(source.splitlines())
    missing = [f"{i + 1}: {line}" for i, line in lines if line.strip() and i not in shown]
    assert not missing, "rules.py lines the tutorial does not show:\n" + "\n".join(missing)


def test_the_fragment_reader_finds_blocks_naming_a_file(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("```python file=a.py\nx = 1\n```\n```python\ny = 2\n```\n")
    assert [(f.line, f.source, f.body) for f in fragments(doc)] == [
        (2, tmp_path / "a.py", "x = 1\n")
    ]
