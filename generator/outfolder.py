"""Replace a whole output folder at once: fill a temp folder beside it, then swap it in."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from pnpkit.atomic import temp_prefix


@contextlib.contextmanager
def swapped_folder(folder: Path) -> Iterator[Path]:
    """A temp folder to fill; on success it becomes `folder` (the old one removed), on error
    it is removed and `folder` is left as it was.

    Many small files (SVG previews) are written this way instead of one fsync'd rename each:
    a reader sees the old set or the new set, never a mix, and files of removed components go.
    """
    folder.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=temp_prefix(folder.name), dir=folder.parent))
    try:
        yield temp
        os.chmod(temp, 0o755)
        old = None
        if folder.exists():
            old = Path(
                tempfile.mkdtemp(prefix=temp_prefix(folder.name, old=True), dir=folder.parent)
            )
            os.replace(folder, old / folder.name)
        os.replace(temp, folder)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
