"""The app's words in the user's language: English (the words in the code) or German.

Every user-visible string of the core, the command line, the reports and the desktop
app goes through this module (GNU gettext, one catalogue `scorekeeper` for both layers:
the core cannot use Qt's `tr()`; see docs/decisions.md):

- `_("Hand {number}").format(number=n)` translates now.  Placeholders are named, so a
  translation may reorder them; never build a sentence from pieces or an f-string.
- `ngettext("{count} hand", "{count} hands", n).format(count=n)` for a count's noun.
- `pgettext("column", "Pot")` when the same English word needs two translations.
- `N_("Picker")` only marks a string for extraction (a module-level constant, a
  rule's label); translate it with `_()` where it is shown, never at import time.

The language is the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads
them) unless `set_language` is given one; a language without a catalogue is English.
`locale_name()` is the locale that money, dates and paper follow ('de_DE', 'en_US').

The catalogue is `resources/locale/de/LC_MESSAGES/scorekeeper.po`, compiled to `.mo`
beside it; `scripts/translations` extracts, updates, compiles and checks it.
"""

from __future__ import annotations

import argparse
import functools
import gettext
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scorekeeper.resources import resource_path

DOMAIN = "scorekeeper"
LANGUAGES = ("en", "de")  # English is the source; German is translated
REGIONS = {"en": "US", "de": "DE"}  # a language's region when the system names none
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_locale = "en_US"
_ENGLISH = gettext.NullTranslations()


class _Thread(threading.local):
    """`untranslated`'s English, or `speaking`'s language, on one thread only.  The
    class attributes are what a thread that never set them reads: no failed lookup on
    every translated word."""

    english = False
    spoken: tuple[gettext.NullTranslations, str, str] | None = None  # words, language, locale


_this_thread = _Thread()


def _speaking() -> gettext.NullTranslations:
    if _this_thread.english:
        return _ENGLISH
    return _translation if _this_thread.spoken is None else _this_thread.spoken[0]


@contextmanager
def untranslated() -> Iterator[None]:
    """English within, on this thread only, whatever the user's language: for the
    words a file keeps (a spreadsheet's cells; docs/translating.md), which come from
    the same functions that say them to a person."""
    before = _this_thread.english
    _this_thread.english = True
    try:
        yield
    finally:
        _this_thread.english = before


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """LANGUAGE ('en' or 'de'; another is English) within, on this thread only, whatever
    the app speaks: each phone's page in its reader's language (scorekeeper/web), while
    the window goes on in its own.  Money and dates follow the language's locale."""
    language = language if language in LANGUAGES else "en"
    words = _ENGLISH if language == "en" else _catalogue(language)
    before = _this_thread.spoken
    _this_thread.spoken = (words, language, f"{language}_{REGIONS[language]}")
    try:
        yield
    finally:
        _this_thread.spoken = before


@functools.cache
def _catalogue(language: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, locale_dir(), languages=[language])


def locale_dir() -> Path:
    """The folder holding `<language>/LC_MESSAGES/scorekeeper.mo`."""
    return resource_path("locale")


def _parts(value: str) -> tuple[str, str | None]:
    """('de', 'AT') from 'de_AT.UTF-8@euro'; ('c', None) from 'C'."""
    value = value.split(".")[0].split("@")[0]
    language, _sep, region = value.partition("_")
    return language.lower(), (region.upper() or None)


def system_locale() -> tuple[str, str | None]:
    """The system's language among LANGUAGES and its region, as gettext looks them up:
    the first of LANGUAGE (a colon list), LC_ALL, LC_MESSAGES, LANG that is set; C and
    POSIX, or a language we have no words for, are English."""
    for variable in _ENVIRONMENT:
        value = os.environ.get(variable)
        if not value:
            continue
        for entry in value.split(":"):
            language, region = _parts(entry)
            if language in LANGUAGES:
                return language, region
        return "en", None
    return "en", None


def set_language(language: str | None = None) -> str:
    """Speak LANGUAGE ('en', 'de'; None or 'system' for the system's) from now on, and
    return the language chosen.  Money, dates and paper follow its locale."""
    global _translation, _language, _locale
    region: str | None = None
    if language in (None, "", "system"):
        language, region = system_locale()
    else:
        language, region = _parts(language)
    if language not in LANGUAGES:
        language, region = "en", None
    if language == "en":
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, locale_dir(), languages=[language])
    _language = language
    _locale = f"{language}_{region or REGIONS[language]}"
    return language


def install(translation: gettext.NullTranslations, language: str = "de") -> None:
    """Speak through TRANSLATION (tests: a catalogue that marks every string)."""
    global _translation, _language, _locale
    _translation, _language, _locale = translation, language, f"{language}_{REGIONS[language]}"


def language() -> str:
    """The language spoken now: 'en' or 'de'."""
    if _this_thread.english:
        return "en"
    return _language if _this_thread.spoken is None else _this_thread.spoken[1]


def locale_name() -> str:
    """The locale money, dates and paper follow: 'de_DE', 'de_AT', 'en_US', 'en_GB'."""
    if _this_thread.english:
        return "en_US"
    return _locale if _this_thread.spoken is None else _this_thread.spoken[2]


def _(message: str) -> str:
    """MESSAGE in the language spoken now ('' stays '': gettext's '' is the catalogue's
    header)."""
    return _speaking().gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """SINGULAR or PLURAL, as the language spoken now words COUNT of a thing."""
    return _speaking().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """MESSAGE, in CONTEXT where the same English word needs two translations."""
    return _speaking().pgettext(context, message) if message else message


def N_(message: str) -> str:
    """MESSAGE unchanged: marks a string to translate where it is shown."""
    return message


# argparse's own words that the command line shows, marked here so that the catalogue
# holds them whatever Python's version (argparse looks them up by these texts).
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("%(prog)s: error: %(message)s\n"),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
)


def translate_argparse() -> None:
    """argparse's own words ('usage:', 'error:', 'the following arguments are
    required') through our catalogue: argparse looks them up with the module-level
    `_` and `ngettext` it imported from gettext."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
