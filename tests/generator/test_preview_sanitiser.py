"""The preview inlines SVG art without active content or references outside the art: no
scripts, handlers or SMIL animation (which can turn a link into javascript:), no CSS @import,
no url() or link to another file or site; what stays within the art still works."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from io import BytesIO
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage

from pnpkit.generator.backends.svg import render_svg

from .artgame import RED, art_game
from .test_artwork import front_face, image_card

EVIL = "evil.example"
PAYLOADS = [
    '<a xlink:href="#r"><set attributeName="xlink:href" to="javascript:alert(1)"/>'
    '<rect width="4" height="2"/></a>',
    '<a href="#r"><animate attributeName="href" values="javascript:alert(2)"/><text>t</text></a>',
    '<rect width="1" height="1"><animateTransform attributeName="transform" type="rotate" '
    'from="0" to="360" dur="1s"/><animateMotion path="M0 0 L1 1" dur="1s"/></rect>',
    f"<style>@import url(http://{EVIL}/a.css); rect{{fill:url(https://{EVIL}/p.svg#p)}}</style>",
    f'<style>@import "https://{EVIL}/b.css";</style>',
    f"<style>rect{{fill:\\75 rl(http://{EVIL}/c)}}</style>",
    f'<style>rect{{background:image-set("https://{EVIL}/i.png" 1x)}}</style>',
    f'<rect style="fill:url(\'https://{EVIL}/d.svg#g\')" width="1" height="1"/>',
    f'<rect filter="url(http://{EVIL}/f.svg#f)" cursor="url(//{EVIL}/c.cur), auto" '
    'width="1" height="1"/>',
    '<a xlink:href="data:text/html,&lt;script&gt;alert(3)&lt;/script&gt;">'
    '<rect width="1" height="1"/></a>',
    '<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>',
    f'<image href="https://{EVIL}/i.png" width="1" height="1"/>'
    f'<use xlink:href="http://{EVIL}/u.svg#a"/>',
    f'<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://{EVIL}"/>'
    "</foreignObject>",
    '<a href=" JaVaScRiPt:alert(4)"><rect width="1" height="1"/></a>',
    '<rect onclick="alert(5)" width="1" height="1"/><script>alert(6)</script>',
]
NAMESPACES = re.compile(r'xmlns(:\w+)?="[^"]*"')
SMIL = ("animate", "animateColor", "animateMotion", "animateTransform", "set", "discard")


def preview_of(tmp_path: Path, body: str) -> str:
    game = art_game(tmp_path, image_card(), [{"id": "AG-1", "name": "A", "art": "art/x.svg"}])
    (game / "art" / "x.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="40" height="20"><rect id="r" width="40" height="20" fill="#eee"/>{body}</svg>',
        encoding="utf-8",
    )
    return render_svg(front_face(game))


def assert_inert(text: str) -> None:
    root = ET.fromstring(text)
    tags = {element.tag.rpartition("}")[2] for element in root.iter()}
    assert not tags & {*SMIL, "script", "foreignObject", "iframe"}, tags
    plain = NAMESPACES.sub("", text).lower()
    assert "javascript" not in plain and "@import" not in plain and "image-set" not in plain
    assert EVIL not in plain and "://" not in plain and "\\75" not in plain
    assert "alert(" not in plain.replace("&lt;", "<") or "<text" in plain  # no script survives
    for element in root.iter():
        for key, value in element.attrib.items():
            assert not key.lower().startswith("on"), key
            if key.endswith("href"):
                assert value.startswith("#") or re.match(r"data:image/(png|jpeg|gif|webp)", value)
            for target in re.findall(r"url\(\s*['\"]?([^'\")]*)", value):
                assert target.startswith("#"), (key, value)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_hostile_svg_art_is_inlined_inert(tmp_path: Path, payload: str) -> None:
    assert_inert(preview_of(tmp_path, payload))


FIXTURE = HealthCheck.function_scoped_fixture  # each example writes the same game afresh


@settings(max_examples=25, deadline=None, suppress_health_check=[FIXTURE])
@given(st.lists(st.sampled_from(PAYLOADS), min_size=1, max_size=5))
def test_any_mix_of_hostile_svg_art_is_inlined_inert(tmp_path_factory, payloads) -> None:
    assert_inert(preview_of(tmp_path_factory.mktemp("mix"), "".join(payloads)))


def test_what_stays_within_the_art_still_works(tmp_path: Path) -> None:
    png = BytesIO()
    PILImage.new("RGB", (2, 2), RED).save(png, format="PNG")
    data = base64.b64encode(png.getvalue()).decode()
    text = preview_of(
        tmp_path,
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient>'
        '</defs><style>.k{fill:url(#g)}</style><rect class="k" width="4" height="2"/>'
        f'<image href="data:image/png;base64,{data}" width="2" height="2"/>'
        '<a xlink:href="#r"><use xlink:href="#r"/></a>',
    )
    assert_inert(text)
    assert re.search(r"\.k\{fill:url\(#art\d+-g\)\}", text)  # the art's own gradient, renamed
    assert f"data:image/png;base64,{data}" in text
    assert re.search(r'<use xlink:href="#art\d+-r"', text)
