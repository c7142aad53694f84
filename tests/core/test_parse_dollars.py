"""Money as people type it, read in whole cents and never through a float: a decimal
comma is a decimal comma ('1,25' is $1.25, never $125.00), thousands may be grouped, and
an amount that could be read two ways ('1,250': a thousand, or 1.25 mistyped) is
refused, never guessed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.formatting import dollars, parse_dollars


@pytest.mark.parametrize(
    ("typed", "cents"),
    [
        ("1.25", 125),
        ("1,25", 125),
        ("$1.25", 125),
        ("12,5", 1250),
        (",5", 50),
        ("3", 300),
        ("0.05", 5),
        ("1,250.50", 125050),
        ("1.250,50", 125050),
        ("1,234,567", 123456700),
        ("1.234.567,89", 123456789),
    ],
)
def test_an_amount_is_read_as_written(typed: str, cents: int) -> None:
    assert parse_dollars(typed) == cents


@pytest.mark.parametrize(
    "typed", ["", "abc", "1,250", "1.250", "1,2,3", "1.25.0", "1,250,50", "1.2345", "-1", "١"]
)
def test_what_is_not_one_amount_is_refused(typed: str) -> None:
    assert parse_dollars(typed) is None


@given(st.integers(min_value=0, max_value=10**12))
def test_an_amount_written_either_way_reads_back_exactly(cents: int) -> None:
    shown = dollars(cents)  # "$1,234.56"
    assert parse_dollars(shown) == cents
    european = shown.removeprefix("$").replace(",", " ").replace(".", ",").replace(" ", ".")
    assert parse_dollars(european) == cents  # "1.234,56"
