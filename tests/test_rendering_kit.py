"""Text fitted and wrapped to a width in pixels (rendering.kit), as every
renderer's panels draw names, turn lines and last moves (issue 35)."""

from __future__ import annotations

from rendering import kit
from rendering.kit import ELLIPSIS, fit_text, wrap_text

FACE = kit.font(20)


def width(text: str) -> float:
    return float(FACE.getlength(text))


def test_fit_text_keeps_text_that_fits_exactly() -> None:
    text = "Ann moved C3 to D4"
    assert fit_text(text, FACE, width(text)) == text


def test_fit_text_cuts_with_an_ellipsis_to_the_longest_start_that_fits() -> None:
    text = "Bartholomew moved C3 to D4"
    limit = width(text) - 1
    fitted = fit_text(text, FACE, limit)
    assert fitted.endswith(ELLIPSIS)
    start = fitted.removesuffix(ELLIPSIS)
    assert text.startswith(start)
    assert width(fitted) <= limit
    assert width(text[:len(start) + 1] + ELLIPSIS) > limit


def test_fit_text_counts_pixels_not_characters() -> None:
    wide, narrow = "W" * 12, "i" * 12
    limit = width(narrow) + 1
    assert fit_text(narrow, FACE, limit) == narrow
    assert fit_text(wide, FACE, limit).endswith(ELLIPSIS)


def test_fit_text_leaves_the_ellipsis_alone_when_nothing_fits() -> None:
    assert fit_text("Ann", FACE, 1) == ELLIPSIS


def test_fit_text_of_empty_text_is_empty() -> None:
    assert fit_text("", FACE, 0) == ""


def test_wrap_text_breaks_at_words_within_the_width() -> None:
    text = "Last: Ann built track from Leipzig to Dresden and Berlin"
    limit = width("Last: Ann built track")
    lines = wrap_text(text, FACE, limit)
    assert len(lines) > 1
    assert " ".join(lines) == text
    assert all(width(line) <= limit for line in lines)
    for line, following in zip(lines, lines[1:]):
        assert width(f"{line} {following.split()[0]}") > limit, "a line left room for the next word"


def test_wrap_text_keeps_a_line_that_fits_exactly() -> None:
    assert wrap_text("Ann moved", FACE, width("Ann moved")) == ["Ann moved"]


def test_wrap_text_gives_a_long_word_its_own_line_cut_with_an_ellipsis() -> None:
    limit = width("Ann moved")
    lines = wrap_text("Ann Wolfeschlegelsteinhausenberger moved", FACE, limit)
    assert lines[0] == "Ann"
    assert lines[1].startswith("Wolfe") and lines[1].endswith(ELLIPSIS)
    assert lines[2] == "moved"
    assert all(width(line) <= limit for line in lines)


def test_wrap_text_cuts_the_last_of_max_lines_with_an_ellipsis() -> None:
    text = "one two three four five six seven eight nine ten"
    limit = width("one two three")
    lines = wrap_text(text, FACE, limit, max_lines=2)
    assert len(lines) == 2
    assert lines[0] == wrap_text(text, FACE, limit)[0]
    assert lines[1].endswith(ELLIPSIS)
    assert text.startswith(f"{lines[0]} {lines[1].removesuffix(ELLIPSIS)}")
    assert width(lines[1]) <= limit


def test_wrap_text_within_max_lines_is_not_cut() -> None:
    text = "one two three four"
    limit = width("three four")
    assert wrap_text(text, FACE, limit, max_lines=2) == ["one two", "three four"]


def test_wrap_text_of_empty_or_blank_text_has_no_lines() -> None:
    assert wrap_text("", FACE, 100) == []
    assert wrap_text("   ", FACE, 100, max_lines=2) == []
