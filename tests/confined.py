"""Run a shell script with a small or read-only file system of its own: a tmpfs mounted in a user
and mount namespace (`unshare -rm`), seen by nothing else. Tests of full disks and read-only
folders use it; they are skipped where the system allows no such namespace."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


@functools.cache
def available() -> bool:
    """Whether this system lets an unprivileged process mount a tmpfs in its own namespace."""
    if shutil.which("unshare") is None:
        return False
    probe = "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs $d && umount $d; rmdir $d"
    done = subprocess.run(["unshare", "-rm", "sh", "-c", probe], capture_output=True, check=False)
    return done.returncode == 0


def confined(
    script: str, mount: Path, *, size: str = "1m", read_only: bool = False, cwd: Path
) -> subprocess.CompletedProcess:
    """Run `script` (sh, `pnp` on its PATH) with a tmpfs of `size` mounted on `mount`
    (read-only if asked: a read-only file system, which refuses even root)."""
    if not available():
        pytest.skip("no user and mount namespaces here (unshare -rm) to mount a small tmpfs")
    mount.mkdir(parents=True, exist_ok=True)
    setup = f"mount -t tmpfs -o size={size} tmpfs {mount}"
    if read_only:
        setup += f" && mount -o remount,ro {mount}"
    env = {**os.environ, "PATH": f"{BIN}:{os.environ.get('PATH', '')}", "PNPKIT_NO_CACHE": "1"}
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", f"{setup} && {{ {script}\n}}"],
        cwd=cwd, env=env, capture_output=True, text=True, check=False, timeout=90,
    )  # fmt: skip
