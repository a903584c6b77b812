"""Every file a game's definitions name resolves inside the game's directory, through one resolver:
absolute paths, `..` steps, and symlinks of a file or of a folder that lead out are refused the
same way for CSV decks, field schemas, layout templates and images."""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.components.gamefiles import OutsideGame, game_file
from pnpkit.components.loader import validate_game
from pnpkit.errors import PnpError
from pnpkit.generator.faces.groups import GroupFaces
from pnpkit.layouts import load_template

FIXTURES = Path(__file__).parent / "fixtures"
SECRET = "TY-9,Outside Secret,1,,sun,1,,,"


def _png() -> bytes:
    """A whole one-pixel PNG, as Pillow writes it."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (1, 1), (255, 0, 0, 255)).save(out, "PNG")
    return out.getvalue()


PNG = _png()
ATTACKS = ["absolute", "dotdot", "symlink-file", "symlink-folder"]


def _layout(src: str = "") -> dict:
    elements = [{"type": "rect", "x": "0mm", "y": "0mm", "w": "100%", "h": "100%"}]
    if src:
        box = {"x": "0mm", "y": "0mm", "w": "10mm", "h": "10mm"}
        elements.append({"type": "image", "src": src, **box})
    return {"elements": elements}


@pytest.fixture()
def world(tmp_path: Path) -> tuple[Path, Path]:
    """A small game (tmp/game) and, beside it, a folder of files it must not reach (tmp/out)."""
    game, outside = tmp_path / "game", tmp_path / "out"
    shutil.copytree(FIXTURES / "tiny-csv", game)
    outside.mkdir()
    (outside / "cards.csv").write_text((game / "cards.csv").read_text() + SECRET + "\n")
    shutil.copy(game / "card.schema.json", outside / "card.schema.json")
    (outside / "cards-front.json").write_text(json.dumps(_layout()))
    (outside / "pic.png").write_bytes(PNG)
    return game, outside


def _reference(game: Path, outside: Path, attack: str, name: str) -> str:
    """The path to put in a definition so that it names `outside/name` by way of `attack`."""
    if attack == "absolute":
        return str(outside / name)
    if attack == "dotdot":
        return f"../out/{name}"
    if attack == "symlink-file":
        (game / f"link-{name}").symlink_to(outside / name)
        return f"link-{name}"
    (game / "linked").symlink_to(outside, target_is_directory=True)
    return f"linked/{name}"


def _set(game: Path, key: str, value: str) -> None:
    manifest = json.loads((game / "game.json").read_text())
    manifest["components"][0][key] = value
    (game / "game.json").write_text(json.dumps(manifest))


def _front(game: Path) -> None:
    loaded = validate_game(game)
    group = loaded.groups[0]
    GroupFaces(loaded, group).front(group.components[0])


@pytest.mark.parametrize("attack", ATTACKS)
@pytest.mark.parametrize(("key", "name"), [("cards", "cards.csv"), ("fields", "card.schema.json")])
def test_csv_decks_and_field_schemas_stay_inside(world, attack: str, key: str, name: str) -> None:
    game, outside = world
    _set(game, key, _reference(game, outside, attack, name))
    with pytest.raises(PnpError) as caught:
        validate_game(game)
    assert "Outside Secret" not in str(caught.value)
    # the manifest schema's path patterns refuse "/…" before the resolver is asked
    expected = "relative to the game's directory" if attack == "absolute" else "leaves the game's"
    assert expected in str(caught.value)


@pytest.mark.parametrize("attack", ATTACKS)
def test_images_stay_inside(world, attack: str) -> None:
    game, outside = world
    (game / "layouts").mkdir()
    src = _reference(game, outside, attack, "pic.png")
    (game / "layouts" / "cards-front.json").write_text(json.dumps(_layout(src)))
    with pytest.raises(PnpError, match="leaves the game's directory"):
        _front(game)


def test_an_image_inside_is_drawn(world) -> None:
    game, _ = world
    (game / "layouts").mkdir()
    (game / "pic.png").write_bytes(PNG)
    (game / "layouts" / "cards-front.json").write_text(json.dumps(_layout("pic.png")))
    _front(game)


@pytest.mark.parametrize("attack", ["absolute", "dotdot"])
def test_template_names_stay_inside(world, attack: str) -> None:
    game, outside = world
    (game / "layouts").mkdir()
    name = str(outside / "cards-front") if attack == "absolute" else "../../out/cards-front"
    with pytest.raises(PnpError, match="leaves the game's directory"):
        load_template(name, game)


def test_a_layout_symlink_that_leads_out_is_refused(world) -> None:
    game, outside = world
    (game / "layouts").mkdir()
    (game / "layouts" / "cards-front.json").symlink_to(outside / "cards-front.json")
    with pytest.raises(PnpError, match="leaves the game's directory"):
        _front(game)


def test_a_layouts_folder_that_is_a_symlink_out_is_refused(world) -> None:
    game, outside = world
    (game / "layouts").symlink_to(outside, target_is_directory=True)
    with pytest.raises(PnpError, match="leaves the game's directory"):
        _front(game)


def test_a_layout_symlink_within_the_game_is_followed(world) -> None:
    game, _ = world
    (game / "art").mkdir()
    (game / "art" / "front.json").write_text(json.dumps(_layout()))
    (game / "layouts").mkdir()
    (game / "layouts" / "cards-front.json").symlink_to(game / "art" / "front.json")
    _front(game)


def test_a_field_schema_ref_to_a_file_is_not_followed(world) -> None:
    game, outside = world
    schema = json.loads((game / "card.schema.json").read_text())
    schema["properties"]["value"] = {"$ref": str(outside / "card.schema.json")}
    (game / "card.schema.json").write_text(json.dumps(schema))
    with pytest.raises(PnpError, match="leads nowhere"):
        validate_game(game)


SEGMENTS = [
    *("..", ".", "", "game", "out", "cards.csv", "secret.txt", "sub", "up", "loop", "é", "\0"),
    "x" * 300,  # longer than a file name may be
]


def test_a_name_too_long_for_the_file_system_is_refused(world) -> None:
    game, _ = world
    with pytest.raises(OutsideGame, match="cannot be used"):
        game_file(game, "x" * 300 + ".csv")


@pytest.fixture(scope="module")
def maze(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game folder with files, a subfolder, and symlinks in and out (and a loop)."""
    base = tmp_path_factory.mktemp("maze")
    game = base / "game"
    (game / "sub").mkdir(parents=True)
    (game / "cards.csv").write_text("x")
    (game / "sub" / "cards.csv").write_text("x")
    (base / "secret.txt").write_text("secret")
    (game / "up").symlink_to(base, target_is_directory=True)
    (game / "sub" / "secret.txt").symlink_to(base / "secret.txt")
    (game / "loop").symlink_to(game / "loop")
    return game


@settings(max_examples=300 if os.environ.get("PNPKIT_SOAK") else 60, deadline=None)
@given(
    st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=6),
    st.booleans(),
    st.text(max_size=8),
)
def test_fuzz_the_resolver_returns_a_file_inside_or_refuses(
    maze: Path, parts: list[str], absolute: bool, tail: str
) -> None:
    text = ("/" if absolute else "") + "/".join(parts) + tail
    try:
        found = game_file(maze, text)
    except OutsideGame:
        return
    assert found.is_file() and found.is_relative_to(maze.resolve())
    assert found.read_text() == "x"


def test_a_manifest_that_is_a_symlink_out_is_refused(world) -> None:
    game, outside = world
    shutil.move(game / "game.json", outside / "game.json")
    (game / "game.json").symlink_to(outside / "game.json")
    with pytest.raises(PnpError, match="leaves the game's directory"):
        validate_game(game)
