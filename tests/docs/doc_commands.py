"""The shell commands shown in README.md, CONTRIBUTING.md and docs/, read from their code blocks.

- ```sh (or bash, shell) blocks are run line by line, in order, one folder per file; a line
  ending in `# exit N` must exit with N, every other line with 0.
- ```console blocks hold `$ COMMAND` lines, each followed by the output it must print.
- A block whose info string says `norun` is not run; only `make` targets (which would run this
  test suite again), commands that run until stopped (`watch`, `serve`) and `python -m pip
  install` (which would change the environment the tests run in; the Makefile installs the
  examples) may be marked so.
- ```python file=PATH blocks (PATH relative to docs/) are parts of that file, word for word: a
  tutorial's code is the code the tests play (`fragments`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SHELLS = {"sh", "bash", "shell", "console"}
UNRUN = ("make ", "pnp watch ", "pnp referee serve ", "referee serve ", "python -m pip install ")
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
EXPECTED_EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")


@dataclass(frozen=True)
class Command:
    """One command of a doc: where it stands, what to run, the exit and output it must give."""

    doc: Path
    line: int
    text: str
    exit_code: int = 0
    output: str | None = None


@dataclass(frozen=True)
class Block:
    doc: Path
    line: int
    language: str
    norun: bool
    body: str


def blocks(doc: Path) -> list[Block]:
    """Every shell or console block of a markdown file."""
    text = doc.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        words = match.group(1).split()
        if words and words[0] in SHELLS:
            line = text.count("\n", 0, match.start(2)) + 1
            found.append(Block(doc, line, words[0], "norun" in words[1:], match.group(2)))
    return found


def commands(block: Block) -> list[Command]:
    """The commands of one block, continuation lines joined."""
    if block.language == "console":
        return _console(block)
    found: list[Command] = []
    pending, start = "", 0
    for offset, raw in enumerate(block.body.splitlines()):
        if not pending:
            start = block.line + offset
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1] + " "
            continue
        text = (pending + raw).strip()
        pending = ""
        if text and not text.startswith("#"):
            expected = EXPECTED_EXIT.search(text)
            code = int(expected.group(1)) if expected else 0
            found.append(Command(block.doc, start, text, code))
    return found


def _console(block: Block) -> list[Command]:
    found: list[Command] = []
    current: tuple[int, str] | None = None
    output: list[str] = []
    for offset, raw in enumerate([*block.body.splitlines(), "$ "]):
        if raw.startswith("$ "):
            if current is not None:
                line, text = current
                expected = EXPECTED_EXIT.search(text)
                code = int(expected.group(1)) if expected else 0
                found.append(Command(block.doc, line, text, code, "\n".join(output)))
            current, output = (block.line + offset, raw[2:].strip()), []
        else:
            output.append(raw)
    return [c for c in found if c.text]


@dataclass(frozen=True)
class Fragment:
    """A code block that shows part of a file: where it stands, the file, and its text."""

    doc: Path
    line: int
    source: Path
    body: str


def fragments(doc: Path) -> list[Fragment]:
    """Every code block of a markdown file whose info string names a file (`file=PATH`, relative
    to the docs folder)."""
    text = doc.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        for word in match.group(1).split()[1:]:
            if word.startswith("file="):
                line = text.count("\n", 0, match.start(2)) + 1
                source = doc.parent / word.removeprefix("file=")
                found.append(Fragment(doc, line, source, match.group(2)))
    return found
