"""Names as people type them, and the one form they are stored and compared in.

A player's name (and a league's, season's, table's or night's title) comes in at many
doors: a night document, a command-line flag, a field of the desktop app.  Every door
calls `clean_name`, which gives the stored form or says what is wrong, so "the same"
name typed two ways is one player:

1. full-width and half-width forms (U+FF00 to U+FFEF) are folded to their ordinary
   letters by NFKC, applied to that block only ("Ａｎｎ" is "Ann"; NFKC on the whole
   name would also change ligatures, superscripts and the like, which are rarer and
   may be meant);
2. the name is put in Unicode's composed form, NFC (an "ë" typed as "e" and a
   combining diaeresis is the "ë" of one code point: "Zoë" typed either way is one
   player);
3. each run of spaces (any space separator, such as the no-break space, or a tab) is
   one space, and none is left at either end.

What is left is refused if it is empty, longer than its limit (`NAME_LENGTH` for a
player, `LABEL_LENGTH` for the others), or holds a character that prints as nothing
or as something else: control characters (NUL, ESC, line breaks...), invisible format
characters (zero-width space and joiners, the byte-order mark, bidirectional
controls), lone surrogates, private-use and unassigned code points.

Two names are compared by `name_key`, which also folds case (Unicode's canonical
caseless match, so that no spelling of a letter's case or composition makes a second
player); the store keeps it beside each name and finds players, leagues and seasons
by it.

`printable` is the other half: anything already stored (an old database may hold
an ESC) is printed with those characters escaped, so a name never moves the cursor,
clears a terminal or starts a new row.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from scorekeeper.i18n import N_, _

NAME_LENGTH = 40  # a player's name: "Maximilian-Alexander von Hohenzollern" fits
LABEL_LENGTH = 60  # a league's, season's or table's name
NOTE_LENGTH = 200  # a payment's note: "paid in cash at the bar, the rest next week"
TITLE_LENGTH = 120  # a night's title: a heading, wrapped where it is printed
EMPTY = N_("a name cannot be empty")  # translated where it is said

_WIDTH_FORMS = re.compile("[\uff00-\uffef]+")
# Every space separator (Unicode's Zs: the space, no-break spaces, the ideographic
# space...) and the tab; other control characters, line breaks among them, are refused.
_SPACES = re.compile("[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")
_LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85"
# Letters and marks that print as nothing although Unicode does not call them format
# characters: the combining grapheme joiner, the Hangul fillers, the Khmer inherent
# vowels and the variation selectors.
_BLANK = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0\ufe00-\ufe0f\U000e0100-\U000e01ef]"
)
_REFUSED = {
    "Cc": N_("a control character"),
    "Cf": N_("an invisible formatting character"),
    "Cs": N_("a lone surrogate (half a character)"),
    "Co": N_("a private-use character"),
    "Cn": N_("a character Unicode does not define"),
    "Zl": N_("a line break"),
    "Zp": N_("a line break"),
}


def fold_name(typed: str) -> str:
    """The name in its stored form, without refusing anything: full-width letters
    folded, NFC, spaces collapsed and trimmed.  `clean_name` checks what this leaves;
    lookups (`name_key` in the store) use it alone, so that an old name is found."""
    folded = _WIDTH_FORMS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), typed)
    composed = unicodedata.normalize("NFC", folded)
    return _SPACES.sub(" ", composed).strip(" ")


def name_key(name: str) -> str:
    """The key two names share when they are the same name: folded and case-folded
    ("Ann", "ＡＮＮ " and "ann" are one player), by Unicode's canonical caseless match
    (decomposed, case-folded, composed again: case folding alone can leave a name
    decomposed, so that "Παΐσιος" and "ΠΑΪ́ΣΙΟΣ" would be two keys)."""
    decomposed = unicodedata.normalize("NFD", fold_name(name))
    return unicodedata.normalize("NFC", decomposed.casefold())


# Letters that are a base letter with a stroke, a ligature or a letter of their own,
# which Unicode does not decompose into a base letter and a mark: as people type them
# on a keyboard without them ("Łukasz" as "lukasz", "Søren" as "soren"); each already
# case-folded, ß to "ss" by case folding itself.
_PLAIN_LETTERS = str.maketrans(
    {
        "ł": "l",
        "ŀ": "l",
        "ø": "o",
        "æ": "ae",
        "œ": "oe",
        "đ": "d",
        "ð": "d",
        "þ": "th",
        "ı": "i",
        "ħ": "h",
        "ŧ": "t",
        "ŋ": "n",
        "ĳ": "ij",
        "ǆ": "dz",
        "ǉ": "lj",
        "ǌ": "nj",
        "ǳ": "dz",
    }
)


def search_key(text: str) -> str:
    """TEXT as a search compares it: its stored form (`fold_name`), case-folded, its
    accents and other combining marks left out and the letters Unicode does not
    decompose written as their base letters ("Zoë", "ZOE" and "zoe" are one, as are
    "Łukasz" and "lukasz", "Straße" and "strasse", "Ærø" and "aero").  The one rule
    File ▸ Open night folds by, what is typed and what is stored alike."""
    decomposed = unicodedata.normalize("NFD", fold_name(text).casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.translate(_PLAIN_LETTERS)


def name_problem(name: str, *, limit: int = NAME_LENGTH) -> str | None:
    """What is wrong with a name already folded (`fold_name`), or None."""
    if not name:
        return _(EMPTY)
    for char in name:
        kind = _kind(char)
        if kind is not None:
            # Translators: {kind} is one of the kinds of character, "a line break".
            return _("{name} contains {kind} ({code}); leave it out").format(
                name=quoted(name), kind=_(kind), code=_code(char)
            )
    if len(name) > limit:
        return _("{name} is {length} characters long; at most {limit}").format(
            name=quoted(_start(name)), length=len(name), limit=limit
        )
    if all(unicodedata.category(char)[0] in "MZ" for char in name):
        return _("{name} has no letter, digit or sign to read: only marks and spaces").format(
            name=quoted(name)
        )
    mixed = _mixed_word(name)
    if mixed is not None:
        word, (first, other), char = mixed
        # Translators: {first} and {other} are alphabets' names as Unicode gives them
        # ("LATIN", "CYRILLIC").
        return _(
            "{word} mixes letters of two alphabets ({first} and {other}: {code}), so it "
            "looks like a name it is not; type it in one"
        ).format(word=quoted(word), first=first, other=other, code=_code(char))
    return None


# The alphabets whose letters look alike (Latin "o", Cyrillic "о", Greek "ο"): a word
# mixing two of them is a look-alike of another name (Unicode's confusables, UTS #39).
_ALPHABETS = ("LATIN", "CYRILLIC", "GREEK")


def _mixed_word(name: str) -> tuple[str, tuple[str, str], str] | None:
    """The first word of NAME whose letters come from two of `_ALPHABETS`, the two, and
    the first letter of the second; None when every word keeps to one."""
    for word in re.split(r"[\s\-'’.]+", name):
        seen: str | None = None
        for char in word:
            if not char.isalpha():
                continue
            alphabet = unicodedata.name(char, "").split(" ", 1)[0]
            if alphabet not in _ALPHABETS:
                continue
            if seen is None:
                seen = alphabet
            elif alphabet != seen:
                return word, (seen, alphabet), char
    return None


def skeleton(text: str) -> str:
    """TEXT's skeleton by Unicode's confusables (UTS #39, section 4): decomposed (NFD),
    each character replaced by the prototype `confusables.txt` gives it (Cyrillic "о"
    by Latin "o", "0" by "O", "I" and "1" by "l", "m" by "rn"...), and decomposed again.
    Two texts with one skeleton look the same; a skeleton is compared, never shown."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


@functools.lru_cache(maxsize=8192)
def look_keys(name: str) -> frozenset[str]:
    """What NAME looks like, for comparing with others (`looks_alike`): the skeleton of
    its stored form and the skeleton of its key (`name_key`), each case-folded.  The
    first sees capitals that look alike ("ВОВ" in Cyrillic is "BOB"), the second keeps
    every name one key holds alike ("Straße", "STRASSE")."""
    folded = fold_name(name)
    return frozenset(_caseless(skeleton(form)) for form in (folded, name_key(folded)))


def looks_alike(one: str, other: str) -> bool:
    """Whether two names print alike: one key, or one look (`look_keys`) shared ("Bob",
    "B0b" and "Bоb" with a Cyrillic "о" are one look)."""
    return name_key(one) == name_key(other) or bool(look_keys(one) & look_keys(other))


def _caseless(text: str) -> str:
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).casefold())


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, read once from Unicode's `confusables.txt`
    (shipped in resources/unicode/; docs/decisions.md says which version and why)."""
    from scorekeeper.resources import resource_path  # only when a look is compared

    table: dict[str, str] = {}
    path = resource_path("unicode", "confusables.txt")
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) >= 2:
            source, prototype = fields[0].strip(), fields[1].split()
            table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in prototype)
    return table


def _start(name: str, shown: int = 24) -> str:
    """The first SHOWN characters of a long name and an ellipsis: enough to say which
    name a message means without repeating all of it."""
    return name if len(name) <= shown else name[: shown - 1].rstrip(" ") + "…"


def clean_name(typed: str, *, limit: int = NAME_LENGTH) -> tuple[str, str | None]:
    """The stored form of a typed name, and what is wrong with it (None when nothing
    is): every door a name comes in by calls this, and refuses the name when the
    second part is not None."""
    name = fold_name(typed)
    return name, name_problem(name, limit=limit)


def clean_key(typed: str) -> tuple[str, str] | None:
    """The stored form (`clean_name`) and the key (`name_key`) of a typed name that may
    be stored as it is; None when `clean_name` finds something wrong with it (ask it
    for the words).  Remembered for a name of a usual length: a night document names
    its few players thousands of times, each one read the same way (a long string from
    a hostile file is not kept)."""
    if len(typed) > 2 * NAME_LENGTH:
        return _clean_key(typed)
    return _remembered_key(typed)


def _clean_key(typed: str) -> tuple[str, str] | None:
    name, problem = clean_name(typed)
    return None if problem is not None else (name, name_key(name))


_remembered_key = functools.lru_cache(maxsize=4096)(_clean_key)


def printable(text: str) -> str:
    """TEXT with every character that could act on a terminal or hide itself written
    as a Python escape (ESC as \\x1b, a zero-width space as \\u200b); everything else,
    accents and all, as it is."""
    if text.isascii() and text.isprintable():  # the common case, at C speed
        return text
    if all(_kind(c) is None for c in text):
        return text
    return "".join(c if _kind(c) is None else _escape(c) for c in text)


def quoted(text: str) -> str:
    """TEXT printable and in quotes, as a message names what was typed."""
    return f"'{printable(text)}'"


def spelled(text: str) -> str:
    """TEXT with every character beyond ASCII (and every one `printable` escapes) as
    its escape ("Zo\\u00eb", "Zoe\\u0308"), so that two names that print alike can be
    told apart, and typed in a shell as $'Zoe\\u0308'."""
    return "".join(
        c if c.isascii() and _kind(c) is None else _escape(c).replace("\\x", "\\u00") for c in text
    )


def _escape(char: str) -> str:
    """A character as Python would write it in an escape: \\x1b, \\u200b, \\U000e0100."""
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _kind(char: str) -> str | None:
    """The words for a character a name may not hold (marked, translated where they are
    said), or None when it may."""
    if char in _LINE_BREAKS:
        return N_("a line break")
    if _BLANK.match(char):
        return N_("a character that prints as nothing")
    return _REFUSED.get(unicodedata.category(char))


def _code(char: str) -> str:
    """'U+200B ZERO WIDTH SPACE', or just 'U+001B' for a character with no name."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} {name}" if name else f"U+{ord(char):04X}"
