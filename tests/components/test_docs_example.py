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


HARBOUR = EXAMPLE.parent / "harbour"


def test_the_harbour_xlsx_deck_loads_like_the_same_rows_as_csv(tmp_path) -> None:
    """The example's deck, read by openpyxl (not the loader's reader) and written as CSV."""
    import csv
    import json
    import shutil

    from openpyxl import load_workbook

    game = tmp_path / "harbour"
    shutil.copytree(HARBOUR, game)
    sheet = load_workbook(game / "harbour.xlsx", read_only=True)["Cargo"]
    with (game / "cargo.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(
            ["" if v is None else v for v in row] for row in sheet.iter_rows(values_only=True)
        )
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    manifest["components"][0]["cards"] = "cargo.csv"
    (game / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    from_sheet, from_csv = load_game(HARBOUR), load_game(game)
    assert [c.to_json() for c in from_sheet.components()] == [
        c.to_json() for c in from_csv.components()
    ]
    assert len(from_csv.group("cargo").components) == 6
    assert from_csv.component("HB-PL").name == "Żurawie portowe"
