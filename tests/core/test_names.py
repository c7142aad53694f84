"""Names: one stored form for what people type, and what no name may hold."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.document import load_night
from scorekeeper.games import preset_rules
from scorekeeper.names import (
    LABEL_LENGTH,
    NAME_LENGTH,
    clean_name,
    fold_name,
    look_keys,
    looks_alike,
    name_key,
    printable,
    search_key,
    skeleton,
)
from scorekeeper.records import Night
from scorekeeper.validation import validate_night

# Text with the characters that make trouble: spaces of every kind, controls, format
# characters, combining marks, full-width letters, surrogates and private use.
TRICKY = st.text(
    st.one_of(
        st.characters(),
        st.sampled_from(
            " \t\n\x00\x1b\x7f\x9b\u00a0\u2009\u3000\u200b\u200d\ufeff\u202e"
            "\u0308\u0301\uff21\uff41\uff9e\ud800\ue000"
        ),
    ),
    max_size=60,
)
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


@given(TRICKY)
def test_cleaning_is_idempotent(typed: str) -> None:
    name, _ = clean_name(typed)
    assert clean_name(name) == clean_name(typed)
    assert fold_name(name) == name


@given(TRICKY)
def test_an_accepted_name_holds_no_control_or_format_character(typed: str) -> None:
    name, problem = clean_name(typed)
    if problem is None:
        assert name and len(name) <= NAME_LENGTH
        assert not {unicodedata.category(c) for c in name} & REFUSED_CATEGORIES
        assert "\ufeff" not in name and "\u200b" not in name


@given(TRICKY)
def test_spaces_are_collapsed_and_trimmed(typed: str) -> None:
    name, _ = clean_name(typed)
    assert "  " not in name and "\t" not in name and "\u00a0" not in name
    assert name == name.strip(" ")
    assert name == unicodedata.normalize("NFC", name)


@given(TRICKY)
def test_printable_never_leaves_a_control_character(text: str) -> None:
    shown = printable(text)
    assert not {unicodedata.category(c) for c in shown} & REFUSED_CATEGORIES


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Zoe\u0308", "Zo\u00eb"),  # decomposed and composed
        ("\uff21\uff4e\uff4e", "Ann"),  # full-width letters
        ("Ann\u00a0Smith", "Ann Smith"),  # a no-break space
        ("  Ann \u2009\u3000 Smith\t", "Ann Smith"),  # runs of spaces, trimmed
        ("\uff76\uff9e", "\u30ac"),  # half-width katakana and its voiced mark
    ],
)
def test_names_typed_two_ways_are_one_name(one: str, other: str) -> None:
    assert clean_name(one) == clean_name(other) == (other, None)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Zoe\u0308", "ZO\u00cb"),  # decomposed, and composed in capitals
        (
            "\u03a0\u03b1\u0390\u03c3\u03b9\u03bf\u03c2",
            "\u03a0\u0391\u03aa\u0301\u03a3\u0399\u039f\u03a3",
        ),
        ("\u01f0ana", "J\u030cANA"),  # ǰ has no capital of one code point
        ("Stra\u00dfe", "STRASSE"),
    ],
)
def test_names_in_any_case_and_composition_have_one_key(one: str, other: str) -> None:
    """Unicode's canonical caseless match: case folding alone leaves "ΐ" decomposed and
    "Ϊ́" composed, which would be two keys for Παΐσιος in small letters and capitals."""
    assert name_key(one) == name_key(other)
    assert unicodedata.is_normalized("NFC", name_key(one))


@given(TRICKY)
def test_a_key_is_its_own_key_and_the_same_for_every_composition(typed: str) -> None:
    key = name_key(typed)
    assert name_key(key) == key
    assert name_key(unicodedata.normalize("NFD", typed)) == key
    # Unicode's default caseless match keeps the dotless ı apart from I (whose lower case
    # is i): a name's capitals are the same name only where casing goes back and forth.
    if typed.upper().lower() == typed.lower():
        assert name_key(typed.upper()) == name_key(typed.lower())


def test_the_dotless_i_is_not_the_dotted_i() -> None:
    """Found by the property above: "ı" (Turkish dotless i) upper-cases to "I", whose
    key is "i"; the caseless match keeps "ı" and "i" two letters, as Unicode's default
    (not Turkish) casing does: "Işık" and "IŞIK" are two names, Turkish casing not guessed."""
    assert name_key("ı") != name_key("i")
    assert name_key("I") == name_key("i")


GREEK, GREEK_CAPITALS = (
    "\u03a0\u03b1\u0390\u03c3\u03b9\u03bf\u03c2",
    "\u03a0\u0391\u03aa\u0301\u03a3\u0399\u039f\u03a3",
)


def test_one_name_seated_twice_in_two_cases_is_refused() -> None:
    """By the night document, and by the core's check of a night built in code."""
    players = [GREEK, GREEK_CAPITALS, "Bob", "Cal", "Dee"]
    document = {"format": "sheepshead-night/1", "rules": "classic-5", "players": players}
    night, problems = load_night(document | {"hands": []})
    assert night is None
    assert [p.message for p in problems] == [f"'{GREEK}' and '{GREEK_CAPITALS}' are the same name"]
    built = Night(rules=preset_rules("classic-5"), players=tuple(players))
    assert "two players have the same name" in [p.message for p in validate_night(built)]


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "cannot be empty"),
        ("\u00a0 \t", "cannot be empty"),
        ("Ann\x00", "a control character (U+0000)"),
        ("Ann\x1b[2J", "a control character (U+001B)"),
        ("Ann\nBob", "a line break (U+000A)"),
        ("Ann\u2028Bob", "a line break (U+2028 LINE SEPARATOR)"),
        ("Ann\u200b", "an invisible formatting character (U+200B ZERO WIDTH SPACE)"),
        ("\ufeffAnn", "(U+FEFF ZERO WIDTH NO-BREAK SPACE)"),
        ("Ann\u202eoB", "(U+202E RIGHT-TO-LEFT OVERRIDE)"),
        ("Ann\u3164", "a character that prints as nothing (U+3164 HANGUL FILLER)"),
        ("Ann\ud800", "a lone surrogate"),
        ("Ann\ue000", "a private-use character"),
        ("x" * (NAME_LENGTH + 1), f"is {NAME_LENGTH + 1} characters long; at most 40"),
    ],
)
def test_what_no_name_may_hold_is_named(typed: str, words: str) -> None:
    problem = clean_name(typed)[1]
    assert problem is not None and words in problem
    assert not {unicodedata.category(c) for c in problem} & REFUSED_CATEGORIES


def test_a_long_name_is_named_by_its_start_and_the_limit_said_plainly() -> None:
    typed = "Maximilian-Alexander Friedrich von Hohenzollern-Sigmaringen"
    assert clean_name(typed)[1] == "'Maximilian-Alexander Fr…' is 59 characters long; at most 40"


def test_labels_have_their_own_limit() -> None:
    assert clean_name("x" * LABEL_LENGTH, limit=LABEL_LENGTH) == ("x" * LABEL_LENGTH, None)
    assert clean_name("x" * (NAME_LENGTH + 1))[1] is not None


def test_printable_escapes_what_would_act_on_a_terminal() -> None:
    assert printable("Ann\x1b[2J") == "Ann\\x1b[2J"
    assert printable("Ann\nBob\t") == "Ann\\x0aBob\\x09"
    assert printable("Zoë <b>& Łukasz") == "Zoë <b>& Łukasz"


# -- the search's folding ------------------------------------------------------------------

# Each plain spelling with the letters people mean by it: a letter of its own, with a
# stroke or a ligature, which Unicode does not decompose into a base letter and a mark,
# and an accented letter, which it does.
SPELLED_AS = {
    "l": "LlŁłĿŀ",
    "o": "OoØøÖöÓó",
    "ss": ("ss", "SS", "ß", "ẞ"),
    "ae": ("ae", "AE", "Æ", "æ"),
    "oe": ("oe", "Œ", "œ"),
    "d": "DdĐđÐð",
    "th": ("th", "Þ", "þ"),
    "i": "IiıİÌí",
    "h": "HhĦħ",
    "t": "TtŦŧ",
    "n": "NnŊŋÑñ",
    "dz": ("dz", "Ǆ", "ǅ", "ǆ", "Ǳ", "ǲ", "ǳ"),
    "u": "UuÜüÙú",
    "k": "Kk",
    "a": "AaÅåÄä",
    "z": "ZzŻżŽž",
    "e": "EeËëÉé",
    "s": "SsŠšŚś",
}
PLAIN = st.lists(st.sampled_from(sorted(SPELLED_AS)), max_size=12)


@given(plain=PLAIN, data=st.data())
def test_a_name_is_found_typed_with_the_plain_letters_of_its_own(plain, data) -> None:
    """Whatever letters a name is written in, typing its plain letters finds it:
    "lukasz" finds "Łukasz", "soren" "Søren", "strasse" "Straße", "aero" "Ærø"."""
    written = "".join(data.draw(st.sampled_from(SPELLED_AS[part])) for part in plain)
    assert search_key(written) == "".join(plain)


@pytest.mark.parametrize(
    ("typed", "stored"),
    [("lukasz", "Łukasz"), ("soren", "Søren"), ("strasse", "Straße"), ("aero", "Ærø")],
)
def test_the_plain_letters_typed_are_in_the_name_stored(typed: str, stored: str) -> None:
    assert search_key(typed) in search_key(stored)


@given(TRICKY)
def test_a_search_key_is_its_own_key(typed: str) -> None:
    """Folding twice is folding once: a stored text's key and the words typed of it
    meet whichever of them is folded first."""
    assert search_key(search_key(typed)) == search_key(typed)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("\u2800", "contains a character that prints as nothing (U+2800 BRAILLE PATTERN BLANK)"),
        ("Ann\u2800", "contains a character that prints as nothing (U+2800"),
        ("\u0301\u0302", "has no letter, digit or sign to read: only marks and spaces"),
        ("B\u043eb", "mixes letters of two alphabets (LATIN and CYRILLIC: U+043E CYRILLIC"),
        ("Zo\u0435", "mixes letters of two alphabets (LATIN and CYRILLIC"),
        ("\u0391nn", "mixes letters of two alphabets (GREEK and LATIN"),
    ],
)
def test_a_name_that_prints_as_nothing_or_as_another_is_refused(typed: str, said: str) -> None:
    """Issue 34, point 8: a braille blank, a name of marks only, and a word of two
    alphabets that look alike ("Bоb" with a Cyrillic о beside Bob) got in."""
    problem = clean_name(typed)[1]
    assert problem is not None and said in problem, problem


@pytest.mark.parametrize("typed", ["Zoë", "Łukasz", "Παΐσιος", "Иван Smith", "O'Neil", "Søren"])
def test_names_of_one_alphabet_a_word_are_kept(typed: str) -> None:
    assert clean_name(typed)[1] is None


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Bob", "B\u043eb"),  # a Cyrillic о
        ("Bob", "B0b"),  # a zero
        ("BOB", "\u0412\u041e\u0412"),  # Cyrillic capitals throughout
        ("Cal", "\uff23\uff41\uff4c"),  # full-width letters
        ("Zo\u00eb", "Zoe\u0308"),  # composed and decomposed
        ("Ann", "\u0391nn"),  # a Greek capital alpha
        ("Al", "AI"),  # a capital i is an l in most sans-serif fonts
    ],
)
def test_names_that_print_alike_look_alike(one: str, other: str) -> None:
    """Unicode's confusables skeleton (UTS #39), after the key's folding."""
    assert looks_alike(one, other) and looks_alike(other, one)


@pytest.mark.parametrize(
    ("one", "other"), [("Ann", "Anna"), ("Eve", "Eva"), ("Kim", "\u043aim"), ("Bob", "Rob")]
)
def test_names_that_print_differently_do_not(one: str, other: str) -> None:
    assert not looks_alike(one, other)


@given(TRICKY, TRICKY)
def test_one_key_is_one_look_and_a_look_is_symmetric(one: str, other: str) -> None:
    assert looks_alike(one, one)
    assert looks_alike(one, other) == looks_alike(other, one)
    if name_key(one) == name_key(other):
        assert look_keys(one) == look_keys(other)


def test_the_skeleton_is_unicode_s() -> None:
    """UTS #39's own example, and the prototypes read from the shipped confusables.txt."""
    assert skeleton("\u0441\u0440\u0435") == skeleton("cpe")  # Cyrillic с р е
    assert skeleton("m") == "rn" and skeleton("1") == "l" and skeleton("0") == "O"
