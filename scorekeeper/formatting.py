"""Numbers and dates as people read them: money from whole cents in a currency, as the
locale writes it ('1,25 €' in German, '$1.25' in American English) and read back exactly
as the locale types it; a day in the locale's short form; rates and averages from exact
fractions (as files write them, and as the locale does: '0.25', '0,25'), the whole
numbers a chart's axis is labelled at.  A count with its noun is `i18n.ngettext`'s.
Only for display: nothing computed from these strings but the amounts `parse_money`
reads, which are exact whole cents, never a float.

The locale is `scorekeeper.i18n.locale_name()` unless one is given; Babel's CLDR data
says how it writes numbers, currencies and dates (docs/decisions.md)."""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, TextIO

from babel import Locale
from babel.core import UnknownLocaleError
from babel.dates import format_date
from babel.numbers import (
    format_currency,
    format_decimal,
    format_percent,
    get_currency_name,
    get_currency_symbol,
    get_decimal_symbol,
    get_territory_currencies,
    is_currency,
    parse_pattern,
)

from scorekeeper.i18n import _, locale_name
from scorekeeper.names import name_key, printable

MOST_TICKS = 12  # the most labels on a chart's axis
DEFAULT_CURRENCY = "USD"  # what a night or league stored before currencies were kept is in
MAX_TYPED = 40  # the longest amount read: a longer one is not money typed by hand
# The territories whose paper is Letter (CLDR's supplemental paperSize data, which Babel
# does not carry); every other territory prints on A4.
LETTER_TERRITORIES = frozenset(
    ("US", "CA", "MX", "BZ", "CL", "CO", "CR", "GT", "NI", "PA", "PH", "PR", "SV", "VE")
)
PAPERS = ("A4", "Letter")
# The currencies a chooser offers first (the euro and the dollar, then others often met).
COMMON_CURRENCIES = ("EUR", "USD", "GBP", "CHF", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN")


def _locale(locale: str | None) -> Locale:
    """Babel's LOCALE (default: the one the app speaks in); one it does not know is
    en_US."""
    try:
        return Locale.parse(locale or locale_name())
    except (ValueError, UnknownLocaleError):
        return Locale.parse("en_US")


def _exact(cents: int) -> Decimal:
    """CENTS as a decimal amount of the currency, exactly (never through a float)."""
    return Decimal(cents).scaleb(-2)


def money(cents: int, currency: str, *, locale: str | None = None) -> str:
    """CENTS of CURRENCY (an ISO 4217 code) as the locale writes them: '1,25 €' in
    de_DE, '$1.25' and '-$0.50' in en_US, 'CHF 1’234.50' in de_CH.  Always two places
    (a cent is a hundredth of whatever the currency is), never rounded."""
    return _money(cents, currency, locale or locale_name())


@functools.lru_cache(maxsize=4096)
def _money(cents: int, currency: str, locale: str) -> str:
    """`money` for a named LOCALE, kept: a sheet's totals and a report's columns write
    the same few amounts again and again, and Babel takes about 0.1 ms an amount (the
    sheet's money row asked each amount twice after every hand recorded, for its text
    and for what a screen reader says)."""
    return format_currency(_exact(cents), currency, locale=_locale(locale), currency_digits=False)


def currency_name(currency: str, *, count: int = 2, locale: str | None = None) -> str:
    """CURRENCY's name in the locale's words, for COUNT of it: 'US dollars', 'euro';
    'US-Dollar' and 'Euro' in German (prizes are paid in whole ones)."""
    return get_currency_name(currency, count=count, locale=_locale(locale))


def amount_text(cents: int, *, locale: str | None = None) -> str:
    """CENTS as the locale types an amount, without a currency: '1.234,50' in German,
    '1,234.50' in English (what a money field is filled with)."""
    babel_locale = _locale(locale)
    grouped = babel_locale.decimal_formats[None].pattern.split(";")[0].split(".")[0]
    return format_decimal(_exact(cents), grouped + ".00", locale=babel_locale)


def short_date(day: dt.date, *, locale: str | None = None) -> str:
    """DAY in the locale's short form ('03.02.26' in German, '2/3/26' in American
    English): for the screen and the PDFs; files and the command line keep ISO."""
    return format_date(day, "short", locale=_locale(locale))


def short_iso(text: str | None, *, locale: str | None = None, missing: str = "-") -> str:
    """An ISO date string (as records keep it) in the locale's short form, or MISSING."""
    if not text:
        return missing
    try:
        return short_date(dt.date.fromisoformat(text), locale=locale)
    except ValueError:
        return text


def night_title(
    league: str | None,
    date: str | None,
    table: str | None,
    title: str | None = None,
    players: Sequence[str] = (),
) -> str:
    """A night as people know it, wherever it is named (the window's title, a message,
    a report): its league, date (ISO, as records keep it; shown the locale's way) and
    table ('Tuesday League · 11/3/26 · table 1'); a night in no league by its own title
    in the league's place ('Kohler Falls, session 2 · 10/4/26 · table 7'); else who
    played.  Never its id, which is the database's, not theirs."""
    parts = [
        league or title,
        short_iso(date, missing=""),
        _("table {table}").format(table=table) if table else None,
    ]
    return " · ".join(p for p in parts if p) or title or ", ".join(players) or _("a new night")


def document_filing(
    document: Mapping[str, Any],
) -> tuple[str | None, str | None, str | None, str | None, Sequence[str]]:
    """A night document's league, date, table, title and players: what `night_title`
    and `night_file_stem` name a night by."""
    return (
        document.get("league"),
        document.get("date"),
        document.get("table"),
        document.get("title"),
        document.get("players", ()),
    )


def night_file_stem(
    league: str | None,
    date: str | None,
    table: str | None,
    title: str | None = None,
    players: Sequence[str] = (),
) -> str:
    """A file name (without its ending) a night's files are offered under:
    'Tuesday-League-2026-11-03-table-1', as `night_title` names it but with the ISO
    date, in letters, digits and hyphens only (any file system keeps them)."""
    table_words = _("table {table}").format(table=table) if table else None
    words = [w for w in (league, date, table_words) if w] or [title or ", ".join(players)]
    stem = re.sub(r"[\W_]+", "-", " ".join(w for w in words if w)).strip("-")
    return stem or _("night")


def is_currency_code(code: str) -> bool:
    """Whether CODE is an ISO 4217 currency code Babel knows ('EUR', 'USD', 'JPY')."""
    return len(code) == 3 and code.isascii() and code.isupper() and is_currency(code)


def not_a_currency_code(typed: str) -> str:
    """What is wrong with TYPED (as shown: '\'EURO\'') given for a currency: the one
    message every door a currency comes in by says."""
    return _("{typed} is not an ISO 4217 currency code, like EUR or USD").format(typed=typed)


def locale_currency(*, locale: str | None = None) -> str:
    """The currency of the locale's territory today (EUR in de_DE, CHF in de_CH, USD
    in en_US), or US dollars where it names none."""
    territory = _locale(locale).territory
    found = get_territory_currencies(territory, tender=True) if territory else []
    return found[0] if found else DEFAULT_CURRENCY


def locale_paper(*, locale: str | None = None) -> str:
    """The paper the locale's territory prints on: Letter in the Americas that use it
    (LETTER_TERRITORIES), A4 everywhere else."""
    return "Letter" if _locale(locale).territory in LETTER_TERRITORIES else "A4"


def currency_symbol(currency: str, *, locale: str | None = None) -> str:
    """How the locale writes CURRENCY's sign: '€', '$', 'CHF'."""
    return get_currency_symbol(currency, locale=_locale(locale))


class UnreadableAmount(ValueError):
    """What was typed for money is not one amount: FIELD, and REASON in words; it
    reads 'FIELD: REASON', as every problem naming a field does."""

    def __init__(self, field: str, reason: str) -> None:
        self.field, self.reason = field, reason
        super().__init__(f"{field}: {reason}")


_SPACES = "\u00a0\u202f\u2009 "  # a space, no-break and narrow: one grouping mark


def parse_money(text: str, field: str, *, currency: str, locale: str | None = None) -> int:
    """Whole cents of CURRENCY from what a person types for money, the locale's way: in
    German '1,25' is one euro twenty-five and '1.250' a thousand; in English '1.25' and
    '1,250'.  CURRENCY's sign or code may stand before or after it ('€ 1,25', '1.25
    eur'); another currency's is refused (its amount would be read as CURRENCY's).
    Where the locale's decimal mark is not typed at all, the other mark before one or
    two last digits is a decimal mark ('1.25' in German, '1,25' in English: it cannot
    be a thousands mark).  What is not one amount, or could be two ('1,250' in German:
    a thousand, or 1.25 mistyped; '0.250'), raises UnreadableAmount naming FIELD; never
    through a float, never guessed."""
    babel_locale = _locale(locale)
    number = _without_currency(text, field, currency, babel_locale)
    if number is None or not number or len(text) > MAX_TYPED:
        raise _unreadable(text, field, babel_locale)
    symbols = babel_locale.number_symbols.get("latn", {})
    decimal_mark, group = symbols.get("decimal", "."), symbols.get("group", ",")
    sizes = parse_pattern(babel_locale.decimal_formats[None]).grouping
    if group in _SPACES or group == "\u2019":  # typed as a plain space, or an apostrophe
        for mark in _SPACES if group in _SPACES else "\u2019'":
            number = number.replace(mark, group)
    cents = _read(number, decimal_mark, group, sizes)
    if cents is None and decimal_mark not in number:
        other = "," if decimal_mark == "." else "."
        cents = _read(number, other, "" if group == other else group, sizes, places=True)
    if cents is None:
        raise _unreadable(text, field, babel_locale)
    return cents


def _unreadable(text: str, field: str, locale: Locale) -> UnreadableAmount:
    if not text.strip():
        reason = _("type an amount of money, like {example}")
        return UnreadableAmount(field, reason.format(example=amount_text(125, locale=str(locale))))
    reason = _("{typed} is not an amount of money; type it like {example}").format(
        typed=repr(text.strip()), example=amount_text(123450, locale=str(locale))
    )
    return UnreadableAmount(field, reason)


def _without_currency(text: str, field: str, currency: str, locale: Locale) -> str | None:
    """TEXT without CURRENCY's sign or code before or after it (None when what
    surrounds the number is not one); another currency's refused naming FIELD."""
    cleaned = text.strip()
    match = re.fullmatch(
        r"([^\d.,]*?)\s*([\d.,'\u2019\s\u00a0\u202f\u2009]*?)\s*([^\d.,]*)", cleaned
    )
    if match is None:
        return None
    before, number, after = match.groups()
    if before and after:
        return None
    sign = (before or after).strip()
    if sign and sign not in currency_signs(currency, locale=str(locale)):
        if sign.upper() == currency:
            return number
        if _names_a_currency(sign):
            reason = _("{typed} is in another currency: amounts here are in {currency}")
            raise UnreadableAmount(field, reason.format(typed=repr(cleaned), currency=currency))
        return None
    return number


def currency_signs(currency: str, *, locale: str | None = None) -> frozenset[str]:
    """What may stand for CURRENCY beside an amount typed: its code, how the locale
    writes it ('€', 'CA$', 'CHF') and its narrow sign ('$' for CA$; CLDR's narrow
    symbols, which Babel does not carry, are the signs of its symbol here or in the
    root locale)."""
    signs = {currency}
    for where in (_locale(locale), Locale.parse("en")):
        symbol = get_currency_symbol(currency, locale=where)
        narrow = "".join(c for c in symbol if unicodedata.category(c) == "Sc")
        signs |= {symbol, narrow} - {""}
    return frozenset(signs)


def _names_a_currency(sign: str) -> bool:
    """Whether SIGN, typed beside an amount, names some currency: a currency sign
    ('$', 'US$', 'Fr.' is not) or an ISO code in any case ('usd')."""
    if any(unicodedata.category(c) == "Sc" for c in sign):
        return True
    return sign.isascii() and is_currency_code(sign.upper())


def _read(
    number: str, point: str, group: str, sizes: tuple[int, int], *, places: bool = False
) -> int | None:
    """NUMBER's cents written with POINT for decimals and GROUP between thousands
    (grouped as the locale groups: SIZES, the last group and the others), else None.
    With PLACES, POINT must be there, before one or two digits."""
    whole, found, part = number.partition(point)
    if (places and not found) or (found and not 1 <= len(part) <= 2):
        return None
    if not whole and not part:
        return None
    digits = whole.split(group) if group else [whole]
    if len(digits) > 1:
        first, *middle, last = digits
        if not 1 <= len(first) <= sizes[1] or len(last) != sizes[0] or first[0] == "0":
            return None
        if any(len(g) != sizes[1] for g in middle):
            return None
    plain = "".join(digits)
    if not all(p == "" or (p.isascii() and p.isdigit()) for p in (plain, part)):
        return None
    return int(plain or "0") * 100 + int(part.ljust(2, "0"))


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


def local_percent(rate: Fraction | None, *, locale: str | None = None) -> str:
    """`percent` as the locale writes a share on screen and paper: '67%' in en_US,
    '67 %' in de_DE; '-' where there is nothing to divide.  Files keep `percent`."""
    if rate is None:
        return "-"
    return format_percent(Decimal(round(rate * 100)).scaleb(-2), locale=_locale(locale))


def local_decimal(value: Fraction, places: int = 2, *, locale: str | None = None) -> str:
    """`decimal` with the locale's decimal mark, on screen and paper: '0.25' in en_US,
    '0,25' in de_DE.  Files keep `decimal` (a spreadsheet reads '0.25' anywhere)."""
    return decimal(value, places).replace(".", get_decimal_symbol(_locale(locale)))


def local_figure(value: Fraction, *, locale: str | None = None) -> str:
    """A figure that may be whole or not (a standings score): '5' as it is, else
    `local_decimal`'s '2,33' or '2.33'."""
    return str(value) if value.denominator == 1 else local_decimal(value, locale=locale)


def number(value: Fraction) -> int | float:
    """A JSON number: whole values stay integers, others are rounded to 3 places."""
    return int(value) if value.denominator == 1 else round(float(value), 3)


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


def single_x(lines: Iterable[Iterable[tuple[float, float]]]) -> float | None:
    """The one x every point of LINES is at (a league of one night; a balance of one
    day), or None (no point, or several).  Such a chart is drawn as a marker a line
    with its value, on paper and on screen: as lines it was a vertical stroke, or a
    dot on the plot's edge."""
    xs = {x for line in lines for x, _ in line}
    return xs.pop() if len(xs) == 1 else None


def marker_offsets(count: int) -> list[float]:
    """How far from their one x COUNT markers stand (`single_x`), in units of x:
    side by side, centred on it, at most 0.6 either side, so none hides another."""
    if count <= 1:
        return [0.0] * count
    step = 1.2 / (count - 1)
    return [-0.6 + step * index for index in range(count)]


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
Look = tuple[str, tuple[float, ...] | None]  # a line's colour ('#1f77b4') and dash


def line_look(index: int) -> Look:
    """The colour and dash pattern of a chart's INDEXth line (from 0): no two of the
    first 32 alike."""
    colour = LINE_COLOURS[index % len(LINE_COLOURS)]
    return colour, LINE_DASHES[(index // len(LINE_COLOURS) + index) % len(LINE_DASHES)]


def player_looks(names: Sequence[str], roster: Sequence[str] = ()) -> dict[str, Look]:
    """The look of each of NAMES on a chart: the one decision of a player's colour, on
    every chart of the league, on screen and on paper (the night's running totals, the
    league's leaders, a player's balance).  A player's look is their place in ROSTER
    (their league's players, as `store.league.league_roster` gives them), so that
    Ann is the same colour on the night's page and the league's; a name not on it (a
    night of no league) takes the places after the roster's, in the order given."""
    place = {name_key(name): at for at, name in enumerate(roster)}
    looks, after = {}, len(roster)
    for name in names:
        at = place.get(name_key(name))
        if at is None:
            at, after = after, after + 1
        looks[name] = line_look(at)
    return looks
