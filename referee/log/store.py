"""Start a logged game, and bring one back from its log by replaying it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from pnpkit.components import bundled_game_ids, load_game
from pnpkit.components.model import Game
from pnpkit.errors import PnpError
from pnpkit.names import name_problem
from pnpkit.referee.engine.contract import ContractError
from pnpkit.referee.engine.rules import Setup, load_rules
from pnpkit.referee.engine.session import ReplayError, Session
from pnpkit.referee.engine.verdict import LogError
from pnpkit.referee.log.game_log import (
    Event,
    Header,
    create_log,
    create_numbered_log,
    open_for_append,
    read_log,
)

SEPARATORS = (":", "=", ",")
"""Characters that separate player names from moves and choices, so never part of a name."""


def make_setup(
    game: Game,
    players: Sequence[str],
    variant: str = "",
    options: Mapping[str, str] | None = None,
    seed: int | None = None,
) -> Setup:
    """The immutable game to referee; PnpError if the players or variant do not fit."""
    rules = load_rules(game)
    variant = variant or next(iter(rules.variants))
    players = tuple(players)
    for name in players:
        problem = name_problem(name)
        if problem:
            raise LogError(f"player {problem}")
    if len({p.lower() for p in players}) != len(players) or not all(players):
        raise LogError(f"player names must be distinct and non-empty: {', '.join(players)}")
    for name in players:
        if any(mark in name for mark in SEPARATORS):
            raise LogError(
                f"player name {name!r}: a name may not hold {', '.join(SEPARATORS)} "
                "(they separate names in moves: `NAME: MOVE`, `NAME=CHOICE`, `A,B`)"
            )
    options = dict(options or {})
    unknown = set(options) - set(rules.options)
    if unknown:
        known = ", ".join(rules.options) or "none"
        raise LogError(f"unknown option(s) {', '.join(sorted(unknown))}; {game.name} has: {known}")
    rules.check_setup(game, variant, players, options)
    return Setup(game, rules, variant, players, options, seed)


def header_for(setup: Setup) -> Header:
    """The log header recording `setup`."""
    game = setup.game
    source = "" if game.id in bundled_game_ids() else str(Path(game.directory).resolve())
    return Header(
        game=game.id,
        variant=setup.variant,
        players=setup.players,
        rules_version=setup.rules.version,
        data_hash=game.data_hash(),
        seed=setup.seed,
        options=dict(setup.options),
        source=source,
    )


def new_game(path: Path, setup: Setup) -> Session:
    """Make the referee's opening moves (digital chance), then create the log at `path` holding
    them: if the rules fail on the way, no log is left behind."""
    session = _opening(setup)
    create_log(path, header_for(setup), session.events)
    return session


def new_numbered_game(stem: Path, setup: Setup) -> tuple[Path, Session]:
    """Like new_game, in `STEM.jsonl` or the first free `STEM-N.jsonl`; the path and session."""
    session = _opening(setup)
    path = create_numbered_log(stem, header_for(setup), session.events)
    return path, session


def _opening(setup: Setup) -> Session:
    """A new game with the referee's opening moves made, not yet in any log."""
    session = Session(setup)
    session.advance()
    return session


def _setup_from(header: Header, path: Path) -> Setup:
    try:
        game = load_game(header.source or header.game)
    except PnpError as exc:
        raise LogError(f"{path}:1: the header's game: {exc}") from None
    if game.data_hash() != header.data_hash:
        raise LogError(
            f"{path}: recorded with other component data for {game.name} than is installed now "
            "(the data hash differs); replay it with the pnpkit version that recorded it"
        )
    try:
        setup = make_setup(game, header.players, header.variant, header.options, header.seed)
    except PnpError as exc:
        raise LogError(f"{path}:1: the header's set-up is refused: {exc}") from None
    if setup.rules.version != header.rules_version:
        raise LogError(
            f"{path}: recorded under rules version {header.rules_version}, "
            f"this referee has {setup.rules.version}"
        )
    return setup


def _replayed(header: Header, events: list, path: Path, audit: bool = False) -> Session:
    session = Session(_setup_from(header, path))
    try:
        session.replay(events, audit)
    except ReplayError as exc:
        raise LogError(f"{path}:{exc.seq + 1}: {exc}") from None
    except ContractError as exc:
        raise ContractError(f"{path}: {exc}", exc.method, exc.expected, exc.got) from None
    return session


def load_session(path: Path, audit: bool = False) -> tuple[Session, list[str]]:
    """The game in a log, replayed and re-checked, with any warnings (a dropped torn line);
    with `audit`, each move's `apply` is checked as `Session.replay` says.

    The session is the log as written: events the referee still owes (see `Session.ahead`) are
    not made; read-only commands show them as pending.
    """
    contents = read_log(path)
    return _replayed(contents.header, contents.events, path, audit), contents.warnings


@contextlib.contextmanager
def writing_session(path: Path) -> Iterator[tuple[Session, list[str], list[Event]]]:
    """The game in a log, locked for writing: new events are appended as they happen.

    Yields the session, the warnings, and the events the referee owed (a crash came between a
    move and the referee's follow-up), which are completed and logged before anything else.
    """
    with open_for_append(path) as writer:
        session = _replayed(writer.contents.header, list(writer.contents.events), path)
        session.sink = writer.append_all
        completed = session.advance()
        yield session, writer.contents.warnings, completed
