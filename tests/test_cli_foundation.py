"""The foundation's commands as a user runs them: exit codes, messages, JSON shapes."""

import json
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).parent / "components" / "fixtures"


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnpkit", *args], capture_output=True, text=True, check=False
    )


def test_validate_all_bundled_games_exits_zero() -> None:
    result = pnp("validate")
    assert result.returncode == 0, result.stderr
    assert "gentoo: valid" in result.stdout


def test_validate_reports_every_problem_and_exits_two() -> None:
    result = pnp("validate", str(FIXTURES / "bad-csv"), str(FIXTURES / "tiny-json"))
    assert result.returncode == 2
    assert result.stderr.count("cards.csv:line") == 4
    assert "tiny-json: valid" in result.stdout
    assert "Traceback" not in result.stderr


def test_unknown_game_is_a_clear_error() -> None:
    result = pnp("components", "nonesuch")
    assert result.returncode == 2
    assert result.stderr.startswith("error: unknown game 'nonesuch'")
    assert "Traceback" not in result.stderr


def test_components_json_is_a_stable_array() -> None:
    result = pnp("components", "gentoo", "--json")
    assert result.returncode == 0
    rows = json.loads(result.stdout)
    assert {"id", "kind", "name", "count", "fields"} <= set(rows[0])
    assert sum(r["count"] for r in rows if r["group"] == "cards") == 90
    assert result.stdout == pnp("components", "gentoo", "--json").stdout


def test_components_accepts_a_directory() -> None:
    result = pnp("components", str(FIXTURES / "tiny-csv"), "--json")
    assert [r["id"] for r in json.loads(result.stdout)] == ["TY-1", "TY-2", "TY-3"]


def test_games_json_lists_bundled_games() -> None:
    rows = json.loads(pnp("games", "--json").stdout)
    gentoo = next(r for r in rows if r["id"] == "gentoo")
    assert gentoo["players"] == {"min": 2, "max": 4, "solo": False}


def test_validate_goes_on_past_an_unknown_game() -> None:
    result = pnp("validate", "nonesuch", "gentoo")
    assert result.returncode == 2
    assert result.stderr.startswith("error: unknown game 'nonesuch'")
    assert "gentoo: valid" in result.stdout


def test_components_table_shows_square_brackets_as_typed() -> None:
    """Card text such as "[star]" is the designer's, not terminal markup to be swallowed."""
    example = Path(__file__).resolve().parents[1] / "docs" / "examples" / "lanterns"
    result = pnp("components", str(example))
    assert result.returncode == 0, result.stderr
    assert "text=Take 1 [star] candle" in result.stdout


def test_schema_prints_where_the_manifest_schema_is() -> None:
    result = pnp("schema")
    assert result.returncode == 0
    schema = json.loads(Path(result.stdout.strip()).read_text(encoding="utf-8"))
    assert schema["$id"] == "https://pnpkit.dev/schema/game.schema.json"
