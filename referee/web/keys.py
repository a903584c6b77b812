"""The secret parts of `referee serve`'s links, kept beside the log (`LOG.keys.json`, readable by
its owner only) so that the links printed once keep working after the server restarts: the
token, each player's key and the spectators' key."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pnpkit.atomic import write_text
from pnpkit.errors import PnpError

KIND = "pnpkit-serve-keys"


@dataclass(frozen=True)
class Keys:
    """The token of a server reachable from the network, and each player's own key."""

    token: str
    players: dict[str, str]
    """Player → the secret key of their own page."""
    watch: str = ""
    """The secret key of the spectators' page (it shows the table and makes no move)."""


def keys_path(log: Path) -> Path:
    """Where the keys of `log`'s pages are kept: `LOG.keys.json` beside it."""
    return log.with_name(log.name + ".keys.json")


def read_keys(path: Path) -> Keys:
    """The keys kept at `path` (none if there is no such file); PnpError if it is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Keys("", {})
    except (OSError, UnicodeDecodeError) as exc:
        raise PnpError(f"{path}: cannot read the page keys ({exc})") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        data = None
    expected = f'{{"file": "{KIND}", "token": TEXT, "players": {{NAME: KEY}}, "watch": KEY}}'
    if not isinstance(data, dict) or data.get("file") != KIND:
        raise PnpError(
            f"{path}: not a file of page keys (expected {expected}); remove it to make new links"
        )
    token, players, watch = data.get("token"), data.get("players"), data.get("watch", "")
    for bad, where in (
        (not isinstance(token, str) or not _keys(players), "/token or /players"),
        (not _key(watch, empty=True), "/watch"),
    ):
        if bad:
            raise PnpError(
                f"{path}: {where} is malformed (expected {expected}); remove it to make new links"
            )
    return Keys(token, dict(players), watch)


def _keys(players: object) -> bool:
    return isinstance(players, dict) and all(
        isinstance(k, str) and _key(v) for k, v in players.items()
    )


def _key(key: object, empty: bool = False) -> bool:
    return isinstance(key, str) and (len(key) >= 12 or (empty and key == ""))


def kept_keys(log: Path, players: Sequence[str], token: bool, watch: bool = False) -> Keys:
    """The keys of `log`'s pages: those kept beside it, with a new one for each player (and a
    token, if `token`; the spectators' key, if `watch`) that has none yet, written back (mode
    0600, atomically) if any was new."""
    path = keys_path(log)
    kept = read_keys(path)
    found = Keys(
        kept.token or (secrets.token_urlsafe(12) if token else ""),
        {p: kept.players.get(p) or secrets.token_urlsafe(9) for p in players},
        kept.watch or (secrets.token_urlsafe(9) if watch else ""),
    )
    new = (found.token, found.watch) != (kept.token, kept.watch)
    if new or any(p not in kept.players for p in players):
        everyone = kept.players | found.players  # a player of an older log keeps their key
        data = {"file": KIND, "token": found.token, "players": everyone, "watch": found.watch}
        write_text(path, json.dumps(data, indent=1) + "\n", private=True)
    return found


def copy_keys(log: Path, to: Path) -> None:
    """Keep `log`'s page keys for the log `to` too (a rematch: the same links)."""
    kept = read_keys(keys_path(log))
    if kept.players or kept.token or kept.watch:
        data = {"file": KIND, "token": kept.token, "players": kept.players, "watch": kept.watch}
        write_text(keys_path(to), json.dumps(data, indent=1) + "\n", private=True)
