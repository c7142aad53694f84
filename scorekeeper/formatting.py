"""Numbers as people read them: money from whole cents, rates and averages from exact
fractions.  Only for display: nothing computed from these strings."""

from __future__ import annotations

from fractions import Fraction


def dollars(cents: int) -> str:
    """'$1.25', '-$0.50', '$0.00': never through a float."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole}.{part:02d}"


def percent(rate: Fraction | None) -> str:
    """'67%' for 2/3; '-' where there is nothing to divide."""
    if rate is None:
        return "-"
    return f"{round(rate * 100)}%"


def decimal(value: Fraction, places: int = 2) -> str:
    """An exact fraction rounded half away from zero: '0.25', '-1.33'."""
    scaled = abs(value) * 10**places
    whole = int(scaled + Fraction(1, 2))
    sign = "-" if value < 0 and whole else ""
    text = str(whole).rjust(places + 1, "0")
    return f"{sign}{text[:-places]}.{text[-places:]}" if places else f"{sign}{text}"


def number(value: Fraction) -> int | float:
    """A JSON number: whole values stay integers, others are rounded to 3 places."""
    return int(value) if value.denominator == 1 else round(float(value), 3)
