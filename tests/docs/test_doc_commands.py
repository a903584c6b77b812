"""Every command the docs (and the rules indexes) show runs as shown; tests/docs/doc_commands.py
says how they are read."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.docs.doc_commands import UNRUN, blocks, commands, fragments

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


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
    env.update(NO_COLOR="1", COLUMNS="100", TERM="dumb")
    return env


def _normalised(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


@pytest.mark.slow
@pytest.mark.parametrize("doc", RUNNABLE, ids=lambda d: str(d.relative_to(ROOT)))
def test_every_command_of_a_doc_runs_as_shown(doc: Path, tmp_path: Path) -> None:
    """The doc's blocks run in order in a folder that has the docs and the environment."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    (tmp_path / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)
    env = _environment()
    for block in blocks(doc):
        if block.norun:
            continue
        for command in commands(block):
            done = subprocess.run(
                ["bash", "-c", command.text],
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                stdin=subprocess.DEVNULL,
            )
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


def test_the_fragment_reader_finds_blocks_naming_a_file(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("```python file=a.py\nx = 1\n```\n```python\ny = 2\n```\n")
    assert [(f.line, f.source, f.body) for f in fragments(doc)] == [
        (2, tmp_path / "a.py", "x = 1\n")
    ]
