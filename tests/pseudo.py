"""A pseudo-language for the tests that every shown word is translatable: each string
that goes through `scorekeeper.i18n` comes back between ⟦ ⟧, so a word found outside
the marks was shown without `_()` (a German user would read it in English)."""

from __future__ import annotations

import gettext
import html
import re
from collections.abc import Iterable

OPEN, CLOSE = "⟦", "⟧"
# A marked string; one cut short with an ellipsis (a narrow column) counts as marked.
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*(?:{CLOSE}|…)")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")
# Not words to translate: names of things that are names in every language (the app's,
# formats', programs'), and the keys' names Qt itself writes (QKeySequence, in German
# "Strg" through Qt's own translation).
NOT_WORDS = {
    *("Sheepshead", "Scorekeeper", "PDF", "CSV", "JSON", "SQLite", "PostgreSQL"),
    *("Qt", "Python", "PySide", "GPL"),
    *("Ctrl", "Alt", "Shift", "Esc", "Tab", "Del", "Enter", "Return", "Backspace", "Ins"),
    *("Home", "End", "PgUp", "PgDown", "Space", "Up", "Down", "Left", "Right", "Meta"),
}
# A currency's ISO code and symbol ("NOK", "AUD · A$"): codes, not words.
CURRENCY = re.compile(r"\b[A-Z]{3}\b|\b[A-Z]{1,2}\$")


class Pseudo(gettext.NullTranslations):
    """Every string translated to itself between marks."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"{OPEN}{singular if n == 1 else plural}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"


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
        if any(word not in NOT_WORDS for word in WORD.findall(plain.replace("&", ""))):
            found.add(" ".join(plain.split()))
    return found
