"""The inline markup of face text: property tests of the parser, and its errors."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpkit.generator.text.markup import COLOURS, ESCAPABLE, MarkupError, Run, colour, parse

PLAIN = st.text(
    st.characters(blacklist_characters=ESCAPABLE + "[]", codec="utf-8"), min_size=1, max_size=8
)
COLOUR = st.sampled_from([None, "red", "blue", "#1a2b3c", "#abc"])
SPANS = st.lists(st.tuples(PLAIN, st.booleans(), st.booleans(), COLOUR), max_size=8)


def escape(text: str) -> str:
    """Text with every markup character escaped: it reads back as itself."""
    return re.sub(r"([*{}\[\]\\])", r"\\\1", text)


def markup(spans: list[tuple[str, bool, bool, str | None]]) -> str:
    """Markup that switches bold, italic and colour exactly where the spans change them (spans
    are never empty: "*" + "*" around nothing would read as "**")."""
    out, bold, italic, current = [], False, False, None
    for text, b, i, c in [*spans, ("", False, False, None)]:
        if c != current:
            out.append(("{/}" if current else "") + (f"{{{c}}}" if c else ""))
            current = c
        if b != bold:
            out.append("**")
            bold = b
        if i != italic:
            out.append("*")
            italic = i
        out.append(text)
    return "".join(out)


def expected_runs(spans: list[tuple[str, bool, bool, str | None]]) -> list[Run]:
    runs: list[Run] = []
    for text, bold, italic, c in spans:
        look = (bold, italic, colour(c) if c else None)
        if runs and (runs[-1].bold, runs[-1].italic, runs[-1].color) == look:
            runs[-1] = Run(runs[-1].text + text, *look)
        else:
            runs.append(Run(text, *look))
    return runs


@given(st.text(max_size=40))
def test_escaped_text_reads_back_as_itself(text: str) -> None:
    runs = parse(escape(text))
    assert "".join(r.text for r in runs) == text
    assert all(not (r.bold or r.italic or r.icon) and r.color is None for r in runs)


@given(SPANS)
def test_spans_read_back_with_their_bold_italic_and_colour(spans) -> None:
    assert parse(markup(spans)) == expected_runs(spans)


@given(st.text(alphabet="ab *{}[]\\/#red", max_size=30))
def test_any_text_parses_or_says_what_is_wrong(text: str) -> None:
    try:
        runs = parse(text)
    except MarkupError as exc:
        assert "character" in str(exc)
    else:
        assert all(r.text for r in runs)


def test_icons_sit_between_styled_runs() -> None:
    assert parse("**Gain [fish]** now") == [
        Run("Gain ", bold=True),
        Run("fish", bold=True, icon=True),
        Run(" now"),
    ]


def test_colours_nest_and_take_names_or_hex() -> None:
    assert parse("{red}a{#00f}b{/}c{/}") == [
        Run("a", color=COLOURS["red"]),
        Run("b", color="#0000ff"),
        Run("c", color=COLOURS["red"]),
    ]


def test_a_backslash_before_another_character_is_text() -> None:
    assert parse(r"C:\games \* 2") == [Run("C:\\games * 2")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("**never ended", r"\*\* at character 1 starts bold text that is never ended"),
        ("2 * 3", r"\* at character 3 starts italic"),
        ("{pink}x{/}", r"unknown colour \{pink\} at character 1"),
        ("x{/}", r"\{/\} at character 2 ends no colour"),
        ("{red}x", r"the colour at character 1 is never ended"),
        ("a { b", r"'\{' at character 3 starts no colour"),
    ],
)
def test_broken_markup_says_what_and_where(text: str, message: str) -> None:
    with pytest.raises(MarkupError, match=message):
        parse(text)
