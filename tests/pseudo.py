"""A pseudo-language for the tests that every shown word is translatable: each string
the catalogue holds (marked in the code, so extracted) comes back between ⟦ ⟧ when it
goes through `scorekeeper.i18n`; a word found outside the marks was shown without
`_()`, or through `_()` on a text no code marks (a German user would read either in
English)."""

from __future__ import annotations

import gettext
import html
import re
from collections.abc import Iterable
from functools import cache

from babel.numbers import list_currencies

from scorekeeper import catalogue

OPEN, CLOSE = "⟦", "⟧"
# A marked string; one cut short with an ellipsis (a narrow column) counts as marked.
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*(?:{CLOSE}|…)")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")
# Not words to translate: names of things that are names in every language (the app's,
# formats', programs').
NOT_WORDS = {"Sheepshead", "Scorekeeper", "PDF", "CSV", "JSON", "SQLite", "PostgreSQL", "Qt"}
NOT_WORDS |= {"Python", "PySide", "GPL"}
# A currency's ISO code, and a symbol with letters ("NOK", "AUD · A$"): codes, not words.
CODES = "|".join(sorted(list_currencies()))
CURRENCY = re.compile(rf"\b(?:{CODES})\b|\b[A-Z]{{1,2}}\$")
# A shortcut as Qt writes it (QKeySequence; German "Strg+Z" through Qt's own words).
NAMED = "F\\d{1,2}|Esc|Del|Ins|PgUp|PgDown|Up|Down|Left|Right|Home|End|Tab|Return|Enter|Space"
KEY = rf"(?:(?:Ctrl|Alt|Shift|Meta)\+)*(?:{NAMED}|Backspace|.)"
SHORTCUTS = re.compile(rf"\s*{KEY}(?:[\s,]+{KEY})*\s*")


@cache
def known() -> frozenset[tuple[str | None, str]]:
    """(context, message) of every string the code marks (the catalogue's)."""
    return frozenset(
        (m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogue.extract() if m.id
    )


class Pseudo(gettext.NullTranslations):
    """Every string translated to itself between marks."""

    def gettext(self, message: str) -> str:
        return self.marked(None, message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.marked(None, singular, singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self.marked(context, message, message)

    @staticmethod
    def marked(context: str | None, key: str, text: str) -> str:
        """TEXT between the marks when the code marks KEY; as it is when it does not (a
        name, or a text `_()` was called on that no catalogue holds)."""
        return f"{OPEN}{text}{CLOSE}" if (context, key) in known() else text


def unmarked(texts: Iterable[str], names: Iterable[str]) -> set[str]:
    """What is left of each of TEXTS holding a word outside the marks, once the marked
    strings and NAMES (data: players, leagues) are taken out."""
    names = sorted(set(names), key=len, reverse=True)
    found = set()
    for text in texts:
        if not text:
            continue
        plain = html.unescape(re.sub(r"<[^>]+>", " ", text)) if "<" in text else text
        while (shorter := MARKED.sub(" ", plain)) != plain:
            plain = shorter
        for name in names:
            plain = plain.replace(name, " ")
        plain = CURRENCY.sub(" ", plain)
        if SHORTCUTS.fullmatch(plain):
            continue  # a cell that is only shortcuts: Qt's own names of keys
        if any(word not in NOT_WORDS for word in WORD.findall(plain.replace("&", ""))):
            found.add(" ".join(plain.split()))
    return found
