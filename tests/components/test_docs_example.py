"""The worked example in docs/defining-a-game.md is a valid game."""

from pathlib import Path

from pnpkit.components import load_game

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "lanterns"


def test_worked_example_validates_with_its_csv_deck() -> None:
    game = load_game(EXAMPLE)
    deck = game.group("lanterns")
    assert [c.id for c in deck.components] == ["LW-R1", "LW-R2", "LW-G3", "LW-B6"]
    assert deck.total == 8
    assert game.component("LW-G3").fields["value"] == 3
    assert "text" not in game.component("LW-R1").fields
