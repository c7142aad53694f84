"""Edit ▸ Preferences (Ctrl+,): the language and the reports' paper, kept under the
settings' keys the app reads ('language', 'reports/paper'); and the app speaking the
language kept there from its next start."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from scorekeeper import i18n
from scorekeeper.sample import sample_night_document
from scorekeeper.store import night_import
from ui.language import apply_language, chosen_paper
from ui.preferences import PreferencesDialog
from ui.reports import built


@pytest.fixture(autouse=True)
def back_to_english(qapp: QApplication) -> Iterator[None]:
    yield
    apply_language(qapp, "en")


def dialog_of(qtbot: Any) -> PreferencesDialog:
    shown = PreferencesDialog()
    qtbot.addWidget(shown)
    return shown


def choose(combo: Any, data: str) -> None:
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def test_at_first_the_system_s_language_and_the_automatic_paper(qtbot) -> None:
    dialog = dialog_of(qtbot)
    assert dialog.language.currentData() == "system"
    assert dialog.paper.currentData() == "auto" and chosen_paper() == "auto"
    assert [dialog.language.itemData(i) for i in range(3)] == ["system", "en", "de"]
    assert [dialog.paper.itemData(i) for i in range(3)] == ["auto", "A4", "Letter"]
    assert dialog.restart.isHidden()


def test_ok_keeps_the_language_and_the_paper_under_their_keys(qtbot) -> None:
    dialog = dialog_of(qtbot)
    choose(dialog.language, "de")
    assert not dialog.restart.isHidden()  # a new language waits for the next start
    choose(dialog.paper, "Letter")
    dialog.accept()
    settings = QSettings()
    assert settings.value("language") == "de" and settings.value("reports/paper") == "Letter"
    assert chosen_paper() == "Letter"
    again = dialog_of(qtbot)  # the dialog opens on what is kept
    assert again.language.currentData() == "de" and again.paper.currentData() == "Letter"
    assert again.restart.isHidden()


def test_cancel_keeps_nothing(qtbot) -> None:
    dialog = dialog_of(qtbot)
    choose(dialog.language, "en")
    choose(dialog.paper, "A4")
    dialog.reject()
    assert QSettings().value("language") is None and QSettings().value("reports/paper") is None


@pytest.mark.parametrize(
    ("kept", "system", "spoken"),
    [
        ("de", "en", "de"),
        ("en", "de", "en"),
        ("system", "de", "de"),
        ("system", "en", "en"),
        ("klingon", "de", "de"),  # a value the app never wrote: the system's
        (None, "de", "de"),
    ],
)
def test_the_app_speaks_the_language_kept(qapp, monkeypatch, kept, system, spoken) -> None:
    # The system's language, as i18n reads it (not LANGUAGE itself: the C library
    # keeps the first language it saw for the operating system's own messages).
    monkeypatch.setattr(i18n, "system_locale", lambda: (system, None))
    if kept is not None:
        QSettings().setValue("language", kept)
    assert apply_language(qapp) == spoken
    assert i18n.language() == spoken
    assert i18n._("Preferences") == {"en": "Preferences", "de": "Einstellungen"}[spoken]


def test_edit_preferences_is_ctrl_comma(database, open_window, monkeypatch) -> None:
    window = open_window(database, None)
    opened: list[PreferencesDialog] = []
    monkeypatch.setattr(PreferencesDialog, "exec", lambda self: opened.append(self) or 0)
    (edit,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Edit"]
    (action,) = [a for a in edit.actions() if a.text() == "&Preferences…"]
    assert action.shortcut().toString() == "Ctrl+,"
    action.trigger()
    assert len(opened) == 1


@pytest.mark.parametrize(("kept", "size"), [("auto", (842, 595)), ("Letter", (792, 612))])
def test_the_paper_kept_is_the_paper_the_app_prints_on(qapp, database, kept, size) -> None:
    """In German the locale's paper is A4; the preference Letter wins over it."""
    night = night_import.import_night(database, sample_night_document())
    QSettings().setValue("reports/paper", kept)
    apply_language(qapp, "de")
    try:
        data = built("night_pdf")(database, night_id=night)
    finally:
        apply_language(qapp, "en")
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
