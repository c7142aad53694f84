"""Numbers as people read them: money from whole cents, rates and averages from exact
fractions, a count with its noun ('1 hand', '3 hands'), the whole numbers a chart's
axis is labelled at.  Only for display: nothing computed from these strings."""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence
from fractions import Fraction
from typing import TextIO

from scorekeeper.names import printable

MOST_TICKS = 12  # the most labels on a chart's axis


def dollars(cents: int) -> str:
    """'$1.25', '-$0.50', '$0.00': never through a float."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole}.{part:02d}"


def counted(count: int, noun: str, *, signed: bool = False) -> str:
    """COUNT and its noun, singular for one: '1 hand', '0 hands', '3 hands'; with SIGNED,
    '+1 point', '-2 points'."""
    number = f"{count:+d}" if signed else str(count)
    return f"{number} {noun if abs(count) == 1 else noun + 's'}"


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


_GROUPED = re.compile(r"\d{1,3}(?:[,.]\d{3})+")  # 1,250 or 1.250.000: thousands


def parse_dollars(text: str) -> int | None:
    """Whole cents from what a person types for money: '1.25', '$1.25', '3', '.5', '0.05',
    '1,250.50', '1.250,50'; a comma before one or two last digits is a decimal comma
    ('1,25' is one dollar twenty-five, never 125); None when it is not an amount, or
    could be two ('1,250' and '1.250': a thousand, or 1.25 mistyped).  Never through a
    float."""
    cleaned = text.strip().removeprefix("$").strip()
    point = max(cleaned.rfind("."), cleaned.rfind(","))
    if point >= 0 and len(cleaned) - point - 1 in (1, 2):  # the last mark, then cents
        whole, part = cleaned[:point], cleaned[point + 1 :]
    else:
        whole, part = cleaned, ""
    if whole and not whole.isdigit():
        if not _GROUPED.fullmatch(whole) or len({c for c in whole if c in ",."}) != 1:
            return None  # '1,2,3', '1.25.0', a mark where no thousands are
        if not part and len(whole) <= 7 and whole.count(whole[-4]) == 1:
            return None  # '1,250' or '1.250': a thousand, or 1.25 with a digit too many
        if part and whole[-4] == cleaned[point]:
            return None  # '1,250,50': the same mark for thousands and cents
        whole = whole.replace(",", "").replace(".", "")
    digits = all(p == "" or (p.isascii() and p.isdigit()) for p in (whole, part))
    if not (whole or part) or not digits or len(part) > 2:
        return None
    return int(whole or "0") * 100 + int(part.ljust(2, "0"))


def print_table(out: TextIO, rows: Sequence[Sequence[str]], right: Collection[int] = ()) -> None:
    """Rows as aligned columns two spaces apart (the columns in RIGHT right-aligned), as
    the command line prints its lists.  Each cell is printed `printable`: a stored name
    holding an ESC or a line break can neither act on the terminal nor fake a row."""
    rows = [[printable(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(cells).rstrip(), file=out)


def whole_ticks(low: float, high: float, most: int = MOST_TICKS) -> list[int]:
    """Whole numbers to label an axis from LOW to HIGH by: a step of 1, 2 or 5 times a
    power of ten, the smallest that needs at most MOST labels, each label a multiple of
    it.  Never a fraction (printed whole, 0.5 would read as a second 0)."""
    low, high = math.floor(low), math.ceil(high)
    high = max(high, low + 1)
    scale = 1
    while True:
        for nice in (1, 2, 5):
            step = nice * scale
            first, last = math.floor(low / step) * step, math.ceil(high / step) * step
            if (last - first) // step + 1 <= most:
                return list(range(first, last + 1, step))
        scale *= 10


# How a chart's lines are told apart, on paper and on screen: a colour each, and a dash
# pattern (None: solid; lengths in points on paper, in line widths on screen) that
# differs between neighbours, so lines apart in colour alone are apart in dash too.
LINE_COLOURS = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#8c564b",
    "#e377c2",
    "#17becf",
)
LINE_DASHES: tuple[tuple[float, ...] | None, ...] = (None, (4, 2), (1, 2), (6, 2, 1, 2))


def line_look(index: int) -> tuple[str, tuple[float, ...] | None]:
    """The colour and dash pattern of a chart's INDEXth line (from 0): no two of the
    first 32 alike."""
    colour = LINE_COLOURS[index % len(LINE_COLOURS)]
    return colour, LINE_DASHES[(index // len(LINE_COLOURS) + index) % len(LINE_DASHES)]
