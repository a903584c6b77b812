"""The cards (rulebook's card list) and Phase II's play step: playing a Card in Play and each
card's effect, the Vicious Peck's answer to a Stone Thief, and hatching an Egg.

Every check here returns a verdict citing the rules index (rules-index.md); every apply returns a
new table and leaves ending the turn to the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.referee.api import ACCEPTED, Move, Verdict, evolve, refuse, replaced
from pnpkit.referee.games.gentoo.moves import CHOICE, IN_PLAY, USED
from pnpkit.referee.games.gentoo.scoring import PENGUINS_TO_WIN
from pnpkit.referee.games.gentoo.state import OVER, PECK, Catalog, Table, without

NOT_PLAYED = {
    "snow": ("GE-25", "Snow cannot be played; move it to your Used Pile instead (used {card})"),
    "egg": ("GE-26", "an Egg is played only by hatching it with a Hatch: hatch {card} NAME"),
    "hatch": ("GE-29", "a Hatch is played by hatching an Egg with it: hatch EGG NAME"),
    "good-nesting-site": (
        "GE-41",
        "a Good Nesting Site is not played: it helps you choose an Egg (choose EGG site)",
    ),
    "vicious-peck": (
        "GE-42",
        "a Vicious Peck is only played out of turn, to block a Stone Thief aimed at you",
    ),
}
TAKES = {
    "stone-thief": ("stones", "nesting stone", "GE-28"),
    "leopard-seal": ("penguins", "penguin", "GE-30"),
}


def available(table: Table, seat: int, card: str) -> int:
    """Copies of `card` the player may use from their Cards in Play now (GE-37)."""
    count = table.players[seat].in_play.count(card)
    if seat == table.turn and table.barred == card and count:
        count -= 1
    return count


def _missing(table: Table, card: str, catalog: Catalog, rule: str) -> Verdict:
    if card in table.current.in_play:
        return refuse(
            "GE-37",
            f"the {catalog.name(card)} you flipped counts as the card you chose this turn: "
            "it can be used from your next turn on",
        )
    return refuse(rule, f"you have no {card} {catalog.name(card)} in your Cards in Play")


# --- playing a card -------------------------------------------------------------------------


def check_play(table: Table, move: Move, catalog: Catalog, players: Sequence[str]) -> Verdict:
    """Whether the player whose turn it is may play this Card in Play (GE-20)."""
    card = move["card"]
    if not available(table, table.turn, card):
        return _missing(table, card, catalog, "GE-20")
    kind = catalog.kind(card)
    if kind in NOT_PLAYED:
        rule, reason = NOT_PLAYED[kind]
        return refuse(rule, reason.format(card=card))
    if kind in TAKES:
        return _check_target(table, move, kind, players)
    if kind == "skua":
        return _check_skua(table, move, catalog, players)
    return ACCEPTED


def targets(table: Table, kind: str) -> list[int]:
    """The other players a Stone Thief or Leopard Seal can take from."""
    attr = TAKES[kind][0]
    return [
        seat
        for seat, player in enumerate(table.players)
        if seat != table.turn and getattr(player, attr) > 0
    ]


def _check_target(table: Table, move: Move, kind: str, players: Sequence[str]) -> Verdict:
    _, what, rule = TAKES[kind]
    options = targets(table, kind)
    target = move.get("target")
    if target is None:
        if options:
            names = ", ".join(players[s] for s in options)
            return refuse("GE-46", f"name the player who loses a {what} ({names})")
        return ACCEPTED
    seat = players.index(target)
    if seat == table.turn:
        return refuse(rule, f"it takes a {what} from another player, not from yourself")
    if seat not in options:
        return refuse("GE-46", f"{target} has no {what} to lose")
    return ACCEPTED


def visible_eggs(table: Table, catalog: Catalog, players: Sequence[str]) -> list[Move]:
    """Every Egg a Skua can reach: Choice Cards, Cards in Play, the top of each Used Pile."""
    eggs = set(catalog.of_kind("egg"))
    spots: list[Move] = [{"egg": c, "from": CHOICE} for c in sorted(set(table.choice) & eggs)]
    for name, player in zip(players, table.players, strict=True):
        spots += [
            {"egg": c, "from": IN_PLAY, "owner": name} for c in sorted(set(player.in_play) & eggs)
        ]
        if player.used and player.used[-1] in eggs:
            spots.append({"egg": player.used[-1], "from": USED, "owner": name})
    return spots


def _check_skua(table: Table, move: Move, catalog: Catalog, players: Sequence[str]) -> Verdict:
    spots = visible_eggs(table, catalog, players)
    if "egg" not in move:
        if spots:
            return refuse("GE-27", "name the Egg the Skua takes, e.g. play GE-SKU EGG choice")
        return ACCEPTED
    egg = move["egg"]
    if catalog.kind(egg) != "egg":
        return refuse("GE-27", f"a Skua takes an Egg, and {egg} is a {catalog.name(egg)}")
    spot = {k: move[k] for k in ("egg", "from", "owner") if k in move}
    if spot in spots:
        return ACCEPTED
    where = {
        CHOICE: "among the Choice Cards",
        IN_PLAY: f"in {move.get('owner')}'s Cards in Play",
        USED: f"on top of {move.get('owner')}'s Used Pile (only the top card shows)",
    }[move["from"]]
    return refuse("GE-38", f"there is no visible {egg} {where}")


def apply_play(table: Table, move: Move, catalog: Catalog, players: Sequence[str]) -> Table:
    """The table after the card is discarded and its effect carried out."""
    card, seat, player = move["card"], table.turn, table.current
    played = evolve(player, in_play=without(player.in_play, card))
    table = evolve(table, players=table.seated(played), discard=(*table.discard, card))
    kind = catalog.kind(card)
    if kind == "skua" and "egg" in move:
        return _skua(table, move, players)
    if kind == "stone-thief" and "target" in move:
        return _stone_thief(table, players.index(move["target"]), catalog)
    if kind == "leopard-seal" and "target" in move:
        victim = players.index(move["target"])
        table = table.with_player(victim, penguins=table.players[victim].penguins - 1)
        return evolve(table, penguin_supply=table.penguin_supply + 1)
    if kind == "confusing-blizzard":
        return evolve(table, direction=-table.direction)
    if kind == "gone-fishing":
        return evolve(table, fishing=(seat + table.direction) % len(table.players))
    if kind == "thaw" and catalog.snow in table.current.in_play:
        table = table.with_player(seat, in_play=without(table.current.in_play, catalog.snow))
        return evolve(table, discard=(*table.discard, catalog.snow))
    return table


def _skua(table: Table, move: Move, players: Sequence[str]) -> Table:
    egg = move["egg"]
    if move["from"] == CHOICE:
        table = evolve(table, choice=without(table.choice, egg))
    else:
        owner = players.index(move["owner"])
        player = table.players[owner]
        if move["from"] == USED:
            table = table.with_player(owner, used=player.used[:-1])
        else:
            table = table.with_player(owner, in_play=without(player.in_play, egg))
    return evolve(table, discard=(*table.discard, egg))


def _stone_thief(table: Table, victim: int, catalog: Catalog) -> Table:
    if pecks(table, victim, catalog):
        return evolve(table, step=PECK, victim=victim)
    return steal(table, victim)


def steal(table: Table, victim: int) -> Table:
    """A nesting stone moves from `victim` to the player whose turn it is."""
    table = table.with_player(victim, stones=table.players[victim].stones - 1)
    return table.with_player(table.turn, stones=table.current.stones + 1)


# --- Vicious Peck ---------------------------------------------------------------------------


def pecks(table: Table, seat: int, catalog: Catalog) -> list[str]:
    """The Vicious Pecks in a player's Cards in Play."""
    return [c for c in catalog.of_kind("vicious-peck") if available(table, seat, c)]


def check_peck(table: Table, move: Move, catalog: Catalog, players: Sequence[str]) -> Verdict:
    """Whether the Stone Thief's victim may block it with this card (GE-31)."""
    card, victim = move["card"], table.victim or 0
    if catalog.kind(card) != "vicious-peck":
        return refuse(
            "GE-31", f"only a Vicious Peck blocks a Stone Thief, not a {catalog.name(card)}"
        )
    if card not in pecks(table, victim, catalog):
        return refuse("GE-31", f"{players[victim]} has no {card} in their Cards in Play")
    return ACCEPTED


def apply_peck(table: Table, move: Move) -> Table:
    """The Peck is discarded and the victim keeps the stone."""
    victim = table.victim or 0
    table = table.with_player(victim, in_play=without(table.players[victim].in_play, move["card"]))
    return evolve(table, discard=(*table.discard, move["card"]))


# --- hatching -------------------------------------------------------------------------------


def check_hatch(table: Table, move: Move, catalog: Catalog, players: Sequence[str]) -> Verdict:
    """Whether the player may hatch this Egg now (GE-21, GE-22)."""
    egg = move["egg"]
    if catalog.kind(egg) != "egg":
        return refuse("GE-21", f"you hatch an Egg, and {egg} is a {catalog.name(egg)}")
    if not available(table, table.turn, egg):
        return _missing(table, egg, catalog, "GE-21")
    if not _hatch_card(table, catalog):
        if table.barred in catalog.of_kind("hatch"):
            return _missing(table, table.barred or "", catalog, "GE-21")
        return refuse("GE-21", "hatching needs a Hatch in your Cards in Play as well as the Egg")
    to = move.get("to")
    if table.current.stones == 0:
        if to is not None:
            return refuse("GE-22", "you have no nesting stone to give: hatch the Egg alone")
        return ACCEPTED
    if to is None:
        return refuse(
            "GE-22", "name the player who gets one of your nesting stones: hatch EGG NAME"
        )
    if players.index(to) == table.turn:
        return refuse("GE-51", "the nesting stone goes to another player, not back to you")
    return ACCEPTED


def _hatch_card(table: Table, catalog: Catalog) -> str | None:
    for card in catalog.of_kind("hatch"):
        if available(table, table.turn, card):
            return card
    return None


def apply_hatch(table: Table, move: Move, catalog: Catalog, players: Sequence[str]) -> Table:
    """Egg and Hatch to the Discard Pile, a penguin taken, a stone given; five penguins win."""
    egg, hatch, seat = move["egg"], _hatch_card(table, catalog) or "", table.turn
    player, given = table.current, int("to" in move)
    hatcher = evolve(
        player,
        in_play=without(without(player.in_play, egg), hatch),
        penguins=player.penguins + 1,
        stones=player.stones - given,
    )
    seats = table.seated(hatcher)
    if given:
        to = players.index(move["to"])
        seats = replaced(seats, to, evolve(seats[to], stones=seats[to].stones + 1))
    table = evolve(
        table,
        players=seats,
        discard=(*table.discard, egg, hatch),
        penguin_supply=table.penguin_supply - 1,
    )
    if hatcher.penguins >= PENGUINS_TO_WIN:
        table = evolve(table, winner=seat, step=OVER)
    return table


# --- listing --------------------------------------------------------------------------------


def play_moves(table: Table, catalog: Catalog, players: Sequence[str]) -> list[Move]:
    """Every card the player whose turn it is may play, with each target it may take: the plays
    `check_play` accepts."""
    moves: list[Move] = []
    spots: list[Move] | None = None
    for card in sorted(set(table.players[table.turn].in_play)):
        kind = catalog.kind(card)
        if kind in NOT_PLAYED or not available(table, table.turn, card):
            continue  # what check_play refuses whatever the target
        move: Move = {"type": "play", "card": card}
        seats = targets(table, kind) if kind in TAKES else []
        if kind == "skua" and spots is None:
            spots = visible_eggs(table, catalog, players)
        if seats:
            moves += [{**move, "target": players[s]} for s in seats]
        elif kind == "skua" and spots:
            moves += [{**move, **spot} for spot in spots]
        else:
            moves.append(move)
    return moves


def hatch_moves(table: Table, catalog: Catalog, players: Sequence[str]) -> list[Move]:
    """Every way the player whose turn it is may hatch an Egg: the moves `check_hatch` accepts."""
    if not _hatch_card(table, catalog):
        return []
    eggs = [c for c in catalog.of_kind("egg") if available(table, table.turn, c)]
    if table.current.stones == 0:
        return [{"type": "hatch", "egg": egg} for egg in eggs]
    others = [p for s, p in enumerate(players) if s != table.turn]
    return [{"type": "hatch", "egg": egg, "to": name} for egg in eggs for name in others]
