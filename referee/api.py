"""Everything a rules module needs, in one import: `from pnpkit.referee.api import Rules, ...`.

The rules kit (docs/engine.md builds a game with it): `KitRules`, the blocks of a table (`Deck`,
`Hand`, `Pile`, `Stack`, `Display`, `Pool`, `Board`, `Track`, `Table`; unseen cards in lots:
`Lots`, `LotHand`, `unseen`), a turn's steps (`Flow`,
`Step`, `Turn`) and moves declared once (`MoveForm`, `Moves`, the placeholders `CARD`, `NUMBER`,
`PLAYER`, `SPACE`, `one_of`; `well_formed_by`, whether a logged move is one a text gives), contract
methods declared as a module's function (`delegate`; `spoken`: parse and text as the moves' forms
say; `drawn`: the table's picture). The contract (docs/engine.md): `Rules` and what its methods take
and give (`Setup`, `Prompt`, `Verdict`, `ScoreSheet`, `Syntax`, `Choices`); hidden information
(`Knowledge`, zones); move text helpers; immutable-state helpers; the table as data and as a
picture; position files. The names stay here across minor contract versions, wherever the engine
keeps them inside. `Picture` (the SVG helper) is imported only when used, so a rules module that
imports this stays fast to load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpkit.components.model import Component, Game
from pnpkit.errors import PnpError
from pnpkit.referee.engine.contract import ContractError
from pnpkit.referee.engine.game_facts import per_game
from pnpkit.referee.engine.immutable import evolve, replaced, without
from pnpkit.referee.engine.information import (
    SHARED,
    Knowledge,
    Zone,
    private,
    public,
    secretly_moved,
)
from pnpkit.referee.engine.moves import (
    MAX_DIGITS,
    Move,
    canonical,
    find_player,
    pairs,
    plain_digits,
    player_named,
    space,
    space_name,
    split_actor,
    words,
)
from pnpkit.referee.engine.position_file import position_lines
from pnpkit.referee.engine.rules import (
    CONTRACT,
    Choices,
    Prompt,
    PromptKind,
    Rules,
    RulesFault,
    ScoreSheet,
    Setup,
    State,
    Syntax,
)
from pnpkit.referee.engine.verdict import ACCEPTED, MoveRefused, MoveSyntaxError, Verdict, refuse
from pnpkit.referee.kit.blocks import (
    Board,
    Carried,
    Deck,
    Display,
    Hand,
    Pile,
    Pool,
    Stack,
    Table,
    Track,
    reveal,
)
from pnpkit.referee.kit.declare import (
    CARD,
    PLAYER,
    SPACE,
    MoveForm,
    Moves,
    Word,
    one_of,
    well_formed_by,
)
from pnpkit.referee.kit.declare import N as NUMBER
from pnpkit.referee.kit.delegate import delegate, drawn, spoken
from pnpkit.referee.kit.flow import OVER, Flow, Step, Turn
from pnpkit.referee.kit.game import KitRules
from pnpkit.referee.kit.lots import LotHand, Lots, unseen
from pnpkit.referee.kit.scoring import highest_total
from pnpkit.referee.views.faces import Face, card_title, place_card, place_face
from pnpkit.referee.views.table_data import PALETTE, card, cards, hand, sees
from pnpkit.wording import counted

if TYPE_CHECKING:
    from pnpkit.referee.views.picture import PAD, Picture, text_width

__all__ = [
    "ACCEPTED",
    "CARD",
    "CONTRACT",
    "MAX_DIGITS",
    "NUMBER",
    "OVER",
    "PAD",
    "PALETTE",
    "PLAYER",
    "SHARED",
    "SPACE",
    "Board",
    "Carried",
    "Choices",
    "Component",
    "ContractError",
    "Deck",
    "Display",
    "Face",
    "Flow",
    "Game",
    "Hand",
    "KitRules",
    "Knowledge",
    "LotHand",
    "Lots",
    "Move",
    "MoveForm",
    "MoveRefused",
    "MoveSyntaxError",
    "Moves",
    "Picture",
    "Pile",
    "PnpError",
    "Pool",
    "Prompt",
    "PromptKind",
    "Rules",
    "RulesFault",
    "ScoreSheet",
    "Setup",
    "Stack",
    "State",
    "Step",
    "Syntax",
    "Table",
    "Track",
    "Turn",
    "Verdict",
    "Word",
    "Zone",
    "canonical",
    "card",
    "card_title",
    "cards",
    "counted",
    "delegate",
    "drawn",
    "evolve",
    "find_player",
    "hand",
    "highest_total",
    "one_of",
    "pairs",
    "per_game",
    "place_card",
    "place_face",
    "plain_digits",
    "player_named",
    "position_lines",
    "private",
    "public",
    "refuse",
    "replaced",
    "reveal",
    "secretly_moved",
    "sees",
    "space",
    "space_name",
    "split_actor",
    "spoken",
    "text_width",
    "unseen",
    "well_formed_by",
    "without",
    "words",
]


def __getattr__(name: str) -> Any:
    if name == "Picture":
        from pnpkit.referee.views.picture import Picture

        return Picture
    if name in ("PAD", "text_width"):  # the picture's label padding and text measure, as Picture
        from pnpkit.referee.views import picture

        return getattr(picture, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
