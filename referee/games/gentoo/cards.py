"""The cards (rulebook's card list) and Phase II's play step: playing a Card in Play and each
card's effect, the Vicious Peck's answer to a Stone Thief, and hatching an Egg.

Every check here returns a verdict citing the rules index (rules-index.md); every apply returns a
new state and leaves ending the turn to the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnpkit.referee.api import ACCEPTED, Carried, Move, Setup, Verdict, evolve, refuse
from pnpkit.referee.games.gentoo.moves import CHOICE, IN_PLAY, USED
from pnpkit.referee.games.gentoo.scoring import PENGUINS_TO_WIN
from pnpkit.referee.games.gentoo.state import (
    CHOICES,
    DISCARD_PILE,
    OVER,
    PECK,
    PENGUIN_SUPPLY,
    Catalog,
    GentooState,
    without,
)
from pnpkit.referee.games.gentoo.turn import end_turn

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
    "stone-thief": ("stone", "nesting stone", "GE-28"),
    "leopard-seal": ("penguin", "penguin", "GE-30"),
}
"""What a Stone Thief and a Leopard Seal take: the token (`Catalog`'s attribute), its name and
the rule."""


def usable(state: GentooState, seat: int) -> tuple[str, ...]:
    """The Cards in Play the player may use now: all but a card flipped this turn that counts
    as the card chosen this turn (GE-37)."""
    in_play, barred = state.in_play(seat), state.barred
    if barred is None or seat != state.turn.seat or barred not in in_play:
        return in_play
    return without(in_play, barred)


def usable_of(state: GentooState, seat: int, kind: str, catalog: Catalog) -> list[str]:
    """The player's usable cards of one type, each once, in data order."""
    return [*filter(usable(state, seat).__contains__, catalog.of_kind(kind))]


def _missing(state: GentooState, card: str, catalog: Catalog, rule: str) -> Verdict:
    if card in state.in_play(state.turn.seat):
        return refuse(
            "GE-37",
            f"the {catalog.name(card)} you flipped counts as the card you chose this turn: "
            "it can be used from your next turn on",
        )
    return refuse(rule, f"you have no {card} {catalog.name(card)} in your Cards in Play")


# --- playing a card -------------------------------------------------------------------------


def check_play(setup: Setup, state: GentooState, move: Move) -> Verdict:
    """Whether the player whose turn it is may play this Card in Play (GE-20), or the Stone
    Thief's victim this Vicious Peck (GE-31)."""
    card, catalog, players = move["card"], Catalog.of(setup.game), setup.players
    if state.turn.step == PECK:
        return _check_peck(state, move, catalog, players)
    if card not in usable(state, state.turn.seat):
        return _missing(state, card, catalog, "GE-20")
    kind = catalog.kind(card)
    if kind in NOT_PLAYED:
        rule, reason = NOT_PLAYED[kind]
        return refuse(rule, reason.format(card=card))
    if kind in TAKES:
        return _check_target(state, move, kind, catalog, players)
    if kind == "skua":
        return _check_skua(state, move, catalog, players)
    return ACCEPTED


def targets(state: GentooState, kind: str, catalog: Catalog) -> list[int]:
    """The other players a Stone Thief or Leopard Seal can take from."""
    token = getattr(catalog, TAKES[kind][0])
    return [
        seat
        for seat in range(len(state.areas))
        if seat != state.turn.seat and state.tokens(seat)[token] > 0
    ]


def _check_target(
    state: GentooState, move: Move, kind: str, catalog: Catalog, players: Sequence[str]
) -> Verdict:
    _, what, rule = TAKES[kind]
    options = targets(state, kind, catalog)
    target = move.get("target")
    if target is None:
        if options:
            names = ", ".join(players[s] for s in options)
            return refuse("GE-46", f"name the player who loses a {what} ({names})")
        return ACCEPTED
    seat = players.index(target)
    if seat == state.turn.seat:
        return refuse(rule, f"it takes a {what} from another player, not from yourself")
    if seat not in options:
        return refuse("GE-46", f"{target} has no {what} to lose")
    return ACCEPTED


def visible_eggs(state: GentooState, catalog: Catalog, players: Sequence[str]) -> list[Move]:
    """Every Egg a Skua can reach: Choice Cards, Cards in Play, the top of each Used Pile."""
    eggs = set(catalog.of_kind("egg"))
    choice = set(state.cards(CHOICES))
    spots: list[Move] = [{"egg": c, "from": CHOICE} for c in sorted(choice & eggs)]
    for seat, name in enumerate(players):
        in_play, used = state.in_play(seat), state.used(seat)
        spots += [{"egg": c, "from": IN_PLAY, "owner": name} for c in sorted(set(in_play) & eggs)]
        if used and used[-1] in eggs:
            spots.append({"egg": used[-1], "from": USED, "owner": name})
    return spots


def _check_skua(
    state: GentooState, move: Move, catalog: Catalog, players: Sequence[str]
) -> Verdict:
    spots = visible_eggs(state, catalog, players)
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


def apply_play(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """The card's effect, or a Vicious Peck discarded (the victim keeps the stone); the turn
    ends unless a Stone Thief waits for a Vicious Peck."""
    if state.turn.step == PECK:
        victim = state.areas[state.victim or 0]
        return end_turn(state, (move["card"], victim.in_play, DISCARD_PILE))
    state = _effect(state, move, Catalog.of(setup.game), setup.players)
    return state if state.turn.step == PECK else end_turn(state)


def _effect(
    state: GentooState, move: Move, catalog: Catalog, players: Sequence[str]
) -> GentooState:
    """The state after the card is discarded and its effect carried out."""
    card, seat = move["card"], state.turn.seat
    area = state.areas[seat]
    played = [(card, area.in_play, DISCARD_PILE)]
    kind = catalog.kind(card)
    if kind == "thaw" and catalog.snow in state.in_play(seat):
        played.append((catalog.snow, area.in_play, DISCARD_PILE))
    state = state.move(*played)
    if kind == "skua" and "egg" in move:
        return _skua(state, move, players)
    if kind == "stone-thief" and "target" in move:
        return _stone_thief(state, players.index(move["target"]), catalog)
    if kind == "leopard-seal" and "target" in move:
        victim = state.areas[players.index(move["target"])]
        return state.move((catalog.penguin, victim.tokens, PENGUIN_SUPPLY))
    if kind == "confusing-blizzard":
        return evolve(state, direction=-state.direction)
    if kind == "gone-fishing":
        return evolve(state, fishing=(seat + state.direction) % len(state.areas))
    return state


def _skua(state: GentooState, move: Move, players: Sequence[str]) -> GentooState:
    """The Egg discarded from the Choice Cards, or from its owner's Cards in Play or Used Pile
    (where it is the top card)."""
    if move["from"] == CHOICE:
        return state.move((move["egg"], CHOICES, DISCARD_PILE))
    area = state.areas[players.index(move["owner"])]
    return state.move(
        (move["egg"], area.used if move["from"] == USED else area.in_play, DISCARD_PILE)
    )


def _stone_thief(state: GentooState, victim: int, catalog: Catalog) -> GentooState:
    if pecks(state, victim, catalog):
        return state.at(PECK, victim=victim)
    return state.move(stolen(state, victim, catalog))


def apply_allow(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """The stone changes hands and the turn ends."""
    return end_turn(state, stolen(state, state.victim or 0, Catalog.of(setup.game)))


def stolen(state: GentooState, victim: int, catalog: Catalog) -> Carried:
    """A nesting stone's move from `victim` to the player whose turn it is."""
    return (catalog.stone, state.areas[victim].tokens, state.areas[state.turn.seat].tokens)


# --- Vicious Peck ---------------------------------------------------------------------------


def pecks(state: GentooState, seat: int, catalog: Catalog) -> list[str]:
    """The Vicious Pecks in a player's Cards in Play."""
    return usable_of(state, seat, "vicious-peck", catalog)


def _check_peck(
    state: GentooState, move: Move, catalog: Catalog, players: Sequence[str]
) -> Verdict:
    """Whether the Stone Thief's victim may block it with this card (GE-31)."""
    card, victim = move["card"], state.victim or 0
    if catalog.kind(card) != "vicious-peck":
        return refuse(
            "GE-31", f"only a Vicious Peck blocks a Stone Thief, not a {catalog.name(card)}"
        )
    if card not in pecks(state, victim, catalog):
        return refuse("GE-31", f"{players[victim]} has no {card} in their Cards in Play")
    return ACCEPTED


# --- hatching -------------------------------------------------------------------------------


def check_hatch(setup: Setup, state: GentooState, move: Move) -> Verdict:
    """Whether the player may hatch this Egg now (GE-21, GE-22)."""
    egg, catalog = move["egg"], Catalog.of(setup.game)
    if catalog.kind(egg) != "egg":
        return refuse("GE-21", f"you hatch an Egg, and {egg} is a {catalog.name(egg)}")
    if egg not in usable(state, state.turn.seat):
        return _missing(state, egg, catalog, "GE-21")
    if not _hatch_card(state, catalog):
        if state.barred in catalog.of_kind("hatch"):
            return _missing(state, state.barred or "", catalog, "GE-21")
        return refuse("GE-21", "hatching needs a Hatch in your Cards in Play as well as the Egg")
    to = move.get("to")
    if state.tokens(state.turn.seat)[catalog.stone] == 0:
        if to is not None:
            return refuse("GE-22", "you have no nesting stone to give: hatch the Egg alone")
        return ACCEPTED
    if to is None:
        return refuse(
            "GE-22", "name the player who gets one of your nesting stones: hatch EGG NAME"
        )
    if setup.players.index(to) == state.turn.seat:
        return refuse("GE-51", "the nesting stone goes to another player, not back to you")
    return ACCEPTED


def _hatch_card(state: GentooState, catalog: Catalog) -> str | None:
    hatches = usable_of(state, state.turn.seat, "hatch", catalog)
    return hatches[0] if hatches else None


def apply_hatch(setup: Setup, state: GentooState, move: Move) -> GentooState:
    """Egg and Hatch to the Discard Pile, a penguin taken, a stone given; five penguins win at
    once, else the turn ends."""
    catalog, players = Catalog.of(setup.game), setup.players
    egg, hatch, seat = move["egg"], _hatch_card(state, catalog) or "", state.turn.seat
    area = state.areas[seat]
    hatched = [(egg, area.in_play, DISCARD_PILE), (hatch, area.in_play, DISCARD_PILE)]
    hatched.append((catalog.penguin, PENGUIN_SUPPLY, area.tokens))
    if "to" in move:
        hatched.append((catalog.stone, area.tokens, state.areas[players.index(move["to"])].tokens))
    state = state.move(*hatched)
    if state.tokens(seat)[catalog.penguin] >= PENGUINS_TO_WIN:
        return state.at(OVER, winner=seat)
    return end_turn(state)


# --- listing --------------------------------------------------------------------------------


def play_moves(state: GentooState, catalog: Catalog, players: Sequence[str]) -> list[Move]:
    """Every card the player whose turn it is may play, with each target it may take: the plays
    `check_play` accepts."""
    moves: list[Move] = []
    spots: list[Move] | None = None
    held = usable(state, state.turn.seat)
    for card in sorted(set(held)):
        kind = catalog.kind(card)
        if kind in NOT_PLAYED:
            continue  # what check_play refuses whatever the target
        move: Move = {"type": "play", "card": card}
        seats = targets(state, kind, catalog) if kind in TAKES else []
        if kind == "skua" and spots is None:
            spots = visible_eggs(state, catalog, players)
        if seats:
            moves += [{**move, "target": players[s]} for s in seats]
        elif kind == "skua" and spots:
            moves += [{**move, **spot} for spot in spots]
        else:
            moves.append(move)
    return moves


def can_hatch(state: GentooState, catalog: Catalog) -> bool:
    """Whether the player whose turn it is holds a usable Egg and Hatch: whether `hatch_moves`
    lists any move."""
    return {"egg", "hatch"} <= {*map(catalog.kind, usable(state, state.turn.seat))}


def hatch_moves(state: GentooState, catalog: Catalog, players: Sequence[str]) -> list[Move]:
    """Every way the player whose turn it is may hatch an Egg: the moves `check_hatch` accepts."""
    if not _hatch_card(state, catalog):
        return []
    eggs = usable_of(state, state.turn.seat, "egg", catalog)
    if state.tokens(state.turn.seat)[catalog.stone] == 0:
        return [{"type": "hatch", "egg": egg} for egg in eggs]
    others = [p for s, p in enumerate(players) if s != state.turn.seat]
    return [{"type": "hatch", "egg": egg, "to": name} for egg in eggs for name in others]
