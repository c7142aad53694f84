"""The app's language: the setting (Edit ▸ Preferences, ui.preferences; QSettings'
`language`: 'system', 'en', 'de'), read at start, or the
system's, for our words (scorekeeper.i18n) and Qt's own (its dialogs' buttons)."""

from __future__ import annotations

import re

from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication

from scorekeeper import i18n

SETTING = "language"
PAPER = "reports/paper"  # the reports' paper: "auto" (the locale's region's), "A4", "Letter"
PAPERS = ("auto", "A4", "Letter")
_qt_translators: list[QTranslator] = []


def chosen_language() -> str:
    """The setting: 'system' (the default), 'en' or 'de'."""
    value = QSettings().value(SETTING, "system")
    return value if isinstance(value, str) and value in ("system", *i18n.LANGUAGES) else "system"


def chosen_paper() -> str:
    """The paper setting: 'auto' (the default: the size the locale's region uses), 'A4'
    or 'Letter'."""
    value = QSettings().value(PAPER, "auto")
    return value if isinstance(value, str) and value in PAPERS else "auto"


def apply_language(app: QApplication, language: str | None = None) -> str:
    """Speak LANGUAGE (the setting when None) from now on, Qt's own words included, and
    return the language spoken."""
    spoken = i18n.set_language(chosen_language() if language is None else language)
    for translator in _qt_translators:
        app.removeTranslator(translator)
    _qt_translators.clear()
    locale = QLocale(i18n.locale_name())
    QLocale.setDefault(locale)
    if spoken != "en":
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        translator = QTranslator(app)
        if translator.load(locale, "qtbase", "_", folder):
            app.installTranslator(translator)
            _qt_translators.append(translator)
    return spoken


def date_format() -> str:
    """The locale's short date with the whole year, for a date field ('dd.MM.yyyy' in
    German, 'M/d/yyyy' in American English): a two-digit year typed into a field would
    be a guess at its century."""
    short = QLocale().dateFormat(QLocale.FormatType.ShortFormat)
    return re.sub(r"(?<!y)y{2}(?!y)", "yyyy", short)
