"""Atomic writes: all or nothing, and ordinary permissions."""

import os
import stat
from pathlib import Path

import pytest

from pnpkit.atomic import atomic_open, write_text


def test_written_file_has_umask_permissions(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_text(tmp_path / "a.txt", "hello")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o644


def test_failed_write_leaves_the_old_file_and_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_open(target, "w") as handle:
        handle.write("half")
        raise RuntimeError("crash mid-write")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]
