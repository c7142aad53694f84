"""Money as the locale writes and types it: an amount in any currency shown the
locale's way ('1,25 €' in German, '$1.25' in American English), read back in exact
whole cents the locale's way ('1,25' in German and '1.25' in English are both 125
cents), never through a float; what cannot be read, or could be read two ways, is
refused with a message naming the field, never guessed."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.formatting import (
    UnreadableAmount,
    amount_text,
    is_currency_code,
    locale_currency,
    locale_paper,
    money,
    parse_money,
    short_date,
)
from scorekeeper.limits import MAX_AMOUNT


def test_1_25_typed_in_german_is_125_cents() -> None:
    assert parse_money("1,25", "Betrag", currency="EUR", locale="de_DE") == 125


def test_1_25_typed_in_english_is_125_cents() -> None:
    assert parse_money("1.25", "Amount", currency="USD", locale="en_US") == 125


# The currency each locale's amounts are typed in here.
IN = {"de_DE": "EUR", "en_US": "USD", "de_CH": "CHF", "en_IN": "INR", "en_CA": "CAD"}


@pytest.mark.parametrize(
    ("locale", "typed", "cents"),
    [
        ("de_DE", "1.250", 125000),  # a thousand in German
        ("en_US", "1,250", 125000),  # a thousand in English
        ("de_DE", "1.234.567,89", 123456789),
        ("en_US", "1,234,567.89", 123456789),
        ("de_DE", "1,25 €", 125),
        ("de_DE", "1,25\u00a0€", 125),  # as the locale writes it, with a no-break space
        ("de_DE", "€ 1,25", 125),
        ("de_DE", "EUR 1,25", 125),
        ("en_US", "$1.25", 125),
        ("en_US", "1.25 usd", 125),  # its code in any case
        ("de_DE", "eur 1,25", 125),
        ("en_CA", "$1.25", 125),  # CA$ narrowed
        ("en_CA", "CA$1.25", 125),
        ("de_CH", "CHF 1.25", 125),
        ("de_DE", "0,25", 25),
        ("de_DE", "0.25", 25),
        ("de_DE", "1.000", 100000),
        ("de_DE", "1.25", 125),  # the other decimal mark, where no thousands can be
        ("en_US", "1,25", 125),
        ("de_DE", ",5", 50),
        ("en_US", "3", 300),
        ("de_CH", "1’250.50", 125050),  # Swiss German groups with an apostrophe
        ("de_CH", "1'250.50", 125050),
        ("en_IN", "12,34,567.00", 123456700),  # and India in twos
    ],
)
def test_an_amount_is_read_the_locales_way(locale: str, typed: str, cents: int) -> None:
    assert parse_money(typed, "Amount", currency=IN[locale], locale=locale) == cents


@pytest.mark.parametrize(
    ("locale", "typed"),
    [
        ("de_DE", "1,250"),  # three places: 1.25 mistyped, or a thousand the English way
        ("en_US", "1.250"),
        ("de_DE", "1,250.50"),  # the English way, where German is spoken: not guessed
        ("en_US", "1.250,50"),
        ("de_DE", "1,2,3"),
        ("en_US", "1.25.0"),
        ("en_US", "1,250,50"),
        ("de_DE", "abc"),
        ("en_US", "-1"),
        ("en_US", "1.25x"),
        ("en_US", "١"),
        ("en_US", ""),
        ("de_DE", "12,34,567.00"),
        ("de_DE", "0.250"),  # a first group of 0: 0.25 mistyped, not 250 €
        ("de_DE", "00.250"),
        ("de_DE", "0.250,00"),
        ("en_US", "0,250"),
        ("en_US", "01,250"),
        ("de_DE", "5 Fr."),
    ],
)
def test_what_is_not_one_amount_is_refused_naming_the_field(locale: str, typed: str) -> None:
    with pytest.raises(UnreadableAmount) as refused:
        parse_money(typed, "Amount paid", currency=IN[locale], locale=locale)
    assert str(refused.value).startswith("Amount paid: ")


@pytest.mark.parametrize(
    ("locale", "currency", "typed"),
    [
        ("de_DE", "EUR", "$5"),
        ("de_DE", "EUR", "5 USD"),
        ("de_DE", "EUR", "CHF 5"),
        ("de_DE", "EUR", "5 usd"),
        ("de_DE", "EUR", "US$ 5"),
        ("en_US", "USD", "5 €"),
        ("en_US", "USD", "£5"),
        ("en_US", "EUR", "$5"),
        ("de_CH", "CHF", "EUR 5"),
    ],
)
def test_an_amount_in_another_currency_is_refused_naming_both(
    locale: str, currency: str, typed: str
) -> None:
    with pytest.raises(UnreadableAmount) as refused:
        parse_money(typed, "Amount", currency=currency, locale=locale)
    assert str(refused.value) == (
        f"Amount: {typed!r} is in another currency: amounts here are in {currency}"
    )


@given(
    st.sampled_from(["de_DE", "en_US", "de_CH", "en_GB"]),
    st.text("0", min_size=1, max_size=3),
    st.integers(min_value=0, max_value=999),
)
def test_a_first_group_of_0_is_refused_never_read_as_thousands(
    locale: str, zeros: str, thousands: int
) -> None:
    group = {"de_DE": ".", "en_US": ",", "de_CH": "’", "en_GB": ","}[locale]
    typed = f"{zeros}{group}{thousands:03}"
    with pytest.raises(UnreadableAmount):
        parse_money(typed, "Amount", currency="EUR", locale=locale)


def test_the_refusal_shows_how_to_type_it_in_the_locale() -> None:
    with pytest.raises(UnreadableAmount, match=r"'1,250'.*1\.234,50"):
        parse_money("1,250", "Amount", currency="EUR", locale="de_DE")


LOCALES = st.sampled_from(["de_DE", "en_US", "de_AT", "de_CH", "en_GB", "en_IN", "en_ZA", "en_SE"])
CURRENCIES = st.sampled_from(["EUR", "USD", "GBP", "CHF", "JPY", "SEK", "BHD", "INR"])


@given(st.integers(min_value=0, max_value=MAX_AMOUNT), CURRENCIES, LOCALES)
def test_any_amount_shown_in_a_locale_reads_back_exactly_there(
    cents: int, currency: str, locale: str
) -> None:
    shown = money(cents, currency, locale=locale)
    assert parse_money(shown, "Amount", currency=currency, locale=locale) == cents


@given(st.integers(min_value=0, max_value=MAX_AMOUNT), CURRENCIES, LOCALES)
def test_any_amount_typed_in_a_locale_reads_back_exactly_there(
    cents: int, currency: str, locale: str
) -> None:
    typed = amount_text(cents, locale=locale)
    assert parse_money(typed, "Amount", currency=currency, locale=locale) == cents


def test_money_is_written_as_the_locale_writes_it() -> None:
    assert money(125, "EUR", locale="de_DE") == "1,25\u00a0€"
    assert money(125, "USD", locale="en_US") == "$1.25"
    assert money(-50, "USD", locale="en_US") == "-$0.50"
    assert money(123456, "EUR", locale="de_DE") == "1.234,56\u00a0€"
    assert money(125, "JPY", locale="de_DE") == "1,25\u00a0¥"  # hundredths, never rounded


def test_a_date_on_screen_is_the_locales_short_date() -> None:
    day = dt.date(2026, 2, 3)
    assert short_date(day, locale="de_DE") == "03.02.26"
    assert short_date(day, locale="en_US") == "2/3/26"


def test_the_locale_chooses_the_currency_and_the_paper() -> None:
    assert locale_currency(locale="de_DE") == "EUR"
    assert locale_currency(locale="de_CH") == "CHF"
    assert locale_currency(locale="en_US") == "USD"
    assert locale_paper(locale="en_US") == "Letter"
    assert locale_paper(locale="en_CA") == "Letter"
    assert locale_paper(locale="de_DE") == "A4"
    assert locale_paper(locale="en_GB") == "A4"


def test_a_currency_code_is_one_babel_knows() -> None:
    assert is_currency_code("EUR") and is_currency_code("JPY")
    assert not is_currency_code("XYZ")
    assert not is_currency_code("eur")
    assert not is_currency_code("EURO")


def test_an_amount_follows_the_language_spoken_when_it_is_written() -> None:
    """`money` keeps each amount's text: the language changed (Edit ▸ Preferences, or a
    spreadsheet's English cells from a German screen) writes it the new way, never the
    way it was kept."""
    from scorekeeper.i18n import language, set_language, untranslated

    before = language()
    try:
        set_language("en")
        assert money(125, "EUR") == "€1.25"
        set_language("de")
        assert money(125, "EUR") == "1,25\xa0€"
        with untranslated():
            assert money(125, "EUR") == "€1.25"
        assert money(125, "EUR") == "1,25\xa0€"
    finally:
        set_language(before)
