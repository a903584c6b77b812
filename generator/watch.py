"""`pnp watch`: re-render a game on every save of its files, only the groups whose faces changed.

A group is rebuilt when anything that draws it changed: its definitions, its templates, the
images its faces place (by size and modification time). What was rebuilt is printed, and so is
every validation problem, without leaving the loop; Ctrl-C stops it. Every file is written
through `pnpkit.atomic` (a temp file renamed), so an interrupted rebuild leaves no temporaries.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from pnpkit.atomic import write_bytes
from pnpkit.components import load_game, resolve_game
from pnpkit.components.model import Game, Group
from pnpkit.errors import DefinitionError, PnpError
from pnpkit.generator.export.formats import check_output
from pnpkit.generator.faces.face import Face, Image, Layer
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.generator.sheets.pdfsheets import PrintOptions, SheetWriter
from pnpkit.wording import counted

Report = Callable[[str], None]
DEBOUNCE_MS = 100
READY_MS = 200  # also how often a stop is looked for


def _images(items: Iterable) -> Iterable[str]:
    for item in items:
        if isinstance(item, Image):
            yield item.path
        elif isinstance(item, Layer):
            yield from _images(item.items)


def _face_digest(h: hashlib._Hash, face: Face | None) -> None:
    h.update(repr(face).encode())
    for path in _images(face.items if face else ()):
        try:
            stat = Path(path).stat()
            h.update(f"{path}:{stat.st_mtime_ns}:{stat.st_size}".encode())
        except OSError:
            h.update(f"{path}:missing".encode())


def group_digests(game: Game, faces: dict[str, GroupFaces]) -> dict[str, str]:
    """A digest of everything each group's print depends on: pieces, copies and faces."""
    digests = {}
    for group in game.groups:
        h = hashlib.sha256(repr((group.spec, [c.to_json() for c in group.components])).encode())
        for component in group.components:
            _face_digest(h, faces[group.id].front(component))
            _face_digest(h, faces[group.id].back(component))
        digests[group.id] = h.hexdigest()
    return digests


class Watcher:
    """Renders one game into `out` and keeps it up to date."""

    def __init__(self, target: str, out: Path, options: PrintOptions, svg: bool, report: Report):
        self.directory = resolve_game(target)
        self.out, self.options, self.svg, self.report = out, options, svg, report
        self.digests: dict[str, str] = {}

    def build(self) -> list[str]:
        """Rebuild the groups that changed; the IDs rebuilt (none if the game is invalid)."""
        started = time.perf_counter()
        try:
            game = load_game(self.directory)
            check_output(self.out, game)
            faces = {g.id: GroupFaces(game, g, self.options.bleed_mm) for g in game.groups}
            digests = group_digests(game, faces)
        except DefinitionError as exc:
            for problem in exc.problems:
                self.report(f"error: {problem}")
            problems = counted(len(exc.problems), "problem")
            self.report(f"{self.directory}: {problems}; waiting for a fix")
            return []
        changed = [g for g in game.groups if self.digests.get(g.id) != digests[g.id]]
        if not changed:
            self.report("no group changed")
            return []
        warnings: list[str] = []
        for f in faces.values():
            f.warnings = warnings
        self.render(game, changed, faces)
        self.digests = digests
        names = ", ".join(g.id for g in changed)
        self.report(f"rebuilt {game.id}: {names} in {time.perf_counter() - started:.2f} s")
        for warning in dict.fromkeys(warnings):
            self.report(f"warning: {warning}")
        return [g.id for g in changed]

    def render(self, game: Game, changed: list[Group], faces: dict[str, GroupFaces]) -> None:
        """Each changed group's PDF and SVG faces, then the combined print-and-play PDF."""
        folder = self.out / game.id
        combined = SheetWriter(self.options, f"{game.name} — print and play")
        for group in game.groups:
            if group in changed:
                writer = SheetWriter(self.options, f"{game.name} — {group.name}")
                writer.add_group(game, group, faces[group.id])
                write_bytes(folder / f"{game.id}-{group.id}.pdf", writer.data())
                if self.svg:
                    self.write_svgs(folder / "svg", group, faces[group.id])
            combined.add_group(game, group, faces[group.id])
        write_bytes(folder / f"{game.id}-print-and-play.pdf", combined.data())

    def write_svgs(self, folder: Path, group: Group, faces: GroupFaces) -> None:
        from pnpkit.generator.backends.svg import render_svg

        for component in group.components:
            for side, face in (("front", faces.front(component)), ("back", faces.back(component))):
                if face is not None:
                    write_bytes(folder / f"{component.id}-{side}.svg", render_svg(face).encode())

    def run(self, stop: threading.Event | None = None) -> None:
        """Build once, then rebuild after every change until Ctrl-C (or `stop` is set)."""
        import watchfiles

        self.build()
        ready = False
        for changes in watchfiles.watch(
            self.directory, debounce=DEBOUNCE_MS, step=50, stop_event=stop,
            watch_filter=_inputs, yield_on_timeout=True,
            rust_timeout=READY_MS,
        ):  # fmt: skip
            if not ready:  # the first yield: the watch is surely in place
                self.report(f"watching {self.directory} (Ctrl-C to stop)")
                ready = True
            if not changes:
                continue
            names = sorted({Path(path).name for _, path in changes})
            self.report(f"changed: {', '.join(names)}")
            try:
                self.build()
            except (PnpError, OSError) as exc:
                self.report(f"error: {exc}")


EDITOR_SUFFIXES = (".tmp", "~", ".swp", ".swo", ".swx", ".bak", ".orig", ".kate-swp",
                   "___jb_tmp___", "___jb_old___", ".crswap")  # fmt: skip
"""Editors' swap, backup and save-in-progress files (vim, emacs, kate, JetBrains, browsers)."""


def _inputs(change: object, path: str) -> bool:
    """Files that can be inputs: not hidden (vim's .x.swp, emacs's .#x, LibreOffice's .~lock),
    not an editor's temporary (see EDITOR_SUFFIXES; vim's probe file 4913 and other names of
    digits only; emacs's #x#; an office program's ~$x lock), not a cache."""
    name = Path(path).name
    return not (
        name.startswith((".", "~$"))
        or name.endswith(EDITOR_SUFFIXES)
        or name.isdigit()
        or (name.startswith("#") and name.endswith("#"))
        or "__pycache__" in path
    )
