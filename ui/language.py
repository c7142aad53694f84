"""The app's language: the setting (Edit ▸ Preferences, ui.preferences; QSettings'
`language`: 'system', 'en', 'de'), read at start, or the
system's, for our words (scorekeeper.i18n) and Qt's own (its dialogs' buttons)."""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication

from scorekeeper import i18n

SETTING = "language"
_qt_translators: list[QTranslator] = []


def chosen_language() -> str:
    """The setting: 'system' (the default), 'en' or 'de'."""
    value = QSettings().value(SETTING, "system")
    return value if isinstance(value, str) and value in ("system", *i18n.LANGUAGES) else "system"


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
