"""Scoring a finished Arctic game typed as a position file (rules-index.md, "Position file").

    tokens fox=10 moose=3 walrus=0 orca=15 puffin=6 polar-bear=1
    player Ann
    totem orca
    penalty 2
    pile AR-1F3 AR-1F2 ? AR-2M1      (top card first; ? is a face-down fox card)

Piles are typed from the top card down; a long pile may continue on further `pile` lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpkit.referee.api import Game, PnpError, ScoreSheet, plain_digits, position_lines
from pnpkit.referee.games.arctic.facts import Facts, facts
from pnpkit.referee.games.arctic.scoring import score_seat, sheet, wild_note
from pnpkit.referee.games.arctic.state import HIDDEN


@dataclass
class _Player:
    name: str
    line: int
    totem: str | None = None
    penalty: int = 0
    given: dict[str, int] = field(default_factory=dict)
    """The line of each of this player's once-only statements (totem, penalty)."""
    pile: list[str] = field(default_factory=list)
    """Top card first, as typed."""
    counted: list[tuple[int, int]] = field(default_factory=list)
    """(line, cards) for each statement that puts cards in this player's piles, for the check
    that the cards add up to no more than the game uses."""


class _Reader:
    def __init__(self, table: Facts, source: str):
        self.table = table
        self.source = source
        self.tokens: list[int] | None = None
        self.tokens_line = 0
        self.players: list[_Player] = []
        self.seen: dict[str, int] = {}

    def fail(self, line: int, message: str) -> PnpError:
        return PnpError(f"{self.source}:{line}: {message}")

    def read(self, text: str) -> None:
        for number, line in position_lines(text):
            parts = line.split()
            self.line(number, parts[0].lower(), parts[1:])

    def line(self, number: int, key: str, values: list[str]) -> None:
        if key == "tokens":
            if self.tokens is not None:
                raise self.fail(number, f"a second 'tokens' line (the first is line "
                                        f"{self.tokens_line}): give the tokens once")  # fmt: skip
            self.tokens, self.tokens_line = self.read_tokens(number, values), number
            return
        if key == "player":
            if len(values) != 1:
                raise self.fail(number, "expected: player NAME (one word)")
            if any(p.name.lower() == values[0].lower() for p in self.players):
                raise self.fail(number, f"player {values[0]} is listed twice")
            self.players.append(_Player(values[0], number))
            return
        if key not in ("totem", "penalty", "pile"):
            raise self.fail(number, f"unknown line {key!r}: expected tokens, player, totem, "
                                    "penalty or pile")  # fmt: skip
        if not self.players:
            raise self.fail(number, f"{key} before the first 'player NAME' line")
        player = self.players[-1]
        if key in player.given:
            raise self.fail(number, f"a second '{key}' line for {player.name} (the first is line "
                                    f"{player.given[key]})")  # fmt: skip
        if key != "pile":
            player.given[key] = number
        getattr(self, f"read_{key}")(number, player, values)

    def read_tokens(self, number: int, values: list[str]) -> list[int]:
        landscape = self.table.landscape
        labels = {str(value): position for position, (_, value) in enumerate(landscape)}
        labels.update({card.lower(): p for p, (card, _) in enumerate(landscape)})
        tokens: dict[str, int] = {}
        for item in values:
            name, _, label = item.partition("=")
            animal = self.table.animal_of(name)
            if animal is None or label.lower() not in labels:
                shown = [str(v) for _, v in landscape] + [card for card, _ in landscape]
                raise self.fail(number, f"{item!r}: expected ANIMAL=LABEL, a label being one of "
                                        f"{', '.join(shown)}")  # fmt: skip
            if animal in tokens:
                raise self.fail(number, f"tokens: {animal} is given twice")
            tokens[animal] = labels[label.lower()]
        missing = [a for a in self.table.animals if a not in tokens]
        if missing:
            raise self.fail(
                number, f"tokens: give every animal's place; missing {', '.join(missing)}"
            )
        return [tokens[a] for a in self.table.animals]

    def read_totem(self, number: int, player: _Player, values: list[str]) -> None:
        animal = self.table.animal_of(values[0]) if len(values) == 1 else None
        if animal is None:
            raise self.fail(number, f"expected: totem ANIMAL ({', '.join(self.table.animals)})")
        for other in self.players:
            if other is not player and other.totem == self.table.totem_of(animal):
                raise self.fail(number, f"{player.name}'s totem {animal} is already {other.name}'s")
        player.totem = self.table.totem_of(animal)

    def read_penalty(self, number: int, player: _Player, values: list[str]) -> None:
        if len(values) != 1 or not plain_digits(values[0]):
            raise self.fail(number, "expected: penalty N (the number of penalty cards)")
        player.penalty = int(values[0])
        player.counted.append((number, player.penalty))

    def read_pile(self, number: int, player: _Player, values: list[str]) -> None:
        player.counted.append((number, len(values)))
        for word in values:
            if word == HIDDEN:
                player.pile.append(HIDDEN)
                continue
            card = word.upper()
            if card not in self.table.cards:
                raise self.fail(number, f"{word!r} is not an animal card ID (such as AR-1F3) or ?")
            if card in self.seen:
                raise self.fail(number, f"{card} is already in a pile (line {self.seen[card]})")
            self.seen[card] = number
            player.pile.append(card)

    def finish(self) -> None:
        if self.tokens is None:
            raise self.fail(1, "no 'tokens' line: say where each animal's token stands")
        count = len(self.players)
        if not 2 <= count <= 4:
            raise self.fail(1, f"Arctic is for 2 to 4 players; the file lists {count}")
        for player in self.players:
            if player.totem is None:
                raise self.fail(player.line, f"{player.name} has no 'totem ANIMAL' line")
        for card, line in self.seen.items():
            if self.table.cards[card].deck > count:
                deck = self.table.cards[card].deck
                raise self.fail(line, f"{card} is from deck {deck}, not used by {count} players")
        self.check_card_count(count)

    def check_card_count(self, count: int) -> None:
        """Piles (named and `?` cards) and penalty piles together hold no more animal cards than
        the game uses: decks 1 to N with N players."""
        cards = len(self.table.deck_cards(count))
        held = 0
        for line, more in sorted(c for p in self.players for c in p.counted):
            held += more
            if held > cards:
                raise self.fail(
                    line,
                    f"the piles and penalty piles hold {held} cards by this line, but a "
                    f"{count}-player game uses only {cards} animal cards (decks 1 to {count})",
                )


def score_position_file(game: Game, text: str, source: str) -> ScoreSheet:
    """AR-39–AR-44 applied to the position a file describes."""
    table = facts(game)
    reader = _Reader(table, source)
    reader.read(text)
    reader.finish()
    points = {}
    notes = []
    for player in reader.players:
        pile = [None if c == HIDDEN else table.cards[c].animal for c in reversed(player.pile)]
        points[player.name], runs = score_seat(
            table, pile, player.totem, reader.tokens or [], player.penalty
        )
        if runs.wilds:
            notes.append(wild_note(player.name, runs))
    return sheet([p.name for p in reader.players], points, tuple(notes))
