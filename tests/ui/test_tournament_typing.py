"""The tournament window's dialogs as a new user met them, typing at a fast typist's
pace: everything reachable on a laptop's screen, Tab moving from field to field, and
one Alt letter for each thing."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
)

from tests.ui.test_mnemonics import letter
from ui.language import date_format
from ui.screens import FRAME
from ui.tournament.dialogs import NewTournamentDialog, RegisterDialog, TotalsDialog


def test_the_new_tournament_dialog_fits_a_laptop_screen(qtbot: Any) -> None:
    """It was 860 px tall: on an 850 px screen its OK and Cancel were off the screen."""
    dialog = NewTournamentDialog()
    qtbot.addWidget(dialog)
    least = dialog.minimumSizeHint()
    assert least.width() <= 1366 - FRAME // 2 and least.height() <= 768 - FRAME
    free = dialog.screen().availableGeometry()
    assert dialog.height() <= free.height() - FRAME
    assert dialog.width() <= free.width() - FRAME // 2


def shown(qtbot: Any, dialog: Any) -> Any:
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def test_tab_leaves_the_names_and_ctrl_enter_registers(qtbot: Any, keyboard: Any) -> None:
    """Tab typed a tab into the names, and nothing but a click registered them."""
    dialog = shown(qtbot, RegisterDialog(3, 1))
    dialog.names.setFocus()
    keyboard.type("Ann")
    keyboard.enter()  # a new line of names, as before: Enter never registers
    keyboard.type("Bob")
    assert dialog.isVisible()
    reached = []
    for _ in range(6):
        keyboard.press(Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    assert dialog.names.toPlainText() == "Ann\nBob"
    assert reached[:2] == [dialog.paid, dialog.first]
    register = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert register in reached
    dialog.names.setFocus()
    keyboard.ctrl(Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.chosen == ["Ann", "Bob"]


def test_register_by_its_alt_letter(qtbot: Any, keyboard: Any) -> None:
    dialog = shown(qtbot, RegisterDialog(3, 1))
    dialog.names.setFocus()
    keyboard.type("Ann")
    keyboard.alt(Qt.Key.Key_R)
    qtbot.waitUntil(lambda: dialog.chosen is not None)  # the button's click shown first
    assert dialog.chosen == ["Ann"] and dialog.result() == QDialog.DialogCode.Accepted


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_alt_letter_of_register_means_one_thing(
    request: Any, qtbot: Any, language: str
) -> None:
    """Alt+P meant both "Players" and "Entry fee paid"."""
    if language == "de":
        request.getfixturevalue("german")
    dialog = shown(qtbot, RegisterDialog(3, 1))
    texts = [b.text() for b in dialog.findChildren(QAbstractButton)]
    texts += [label.text() for label in dialog.findChildren(QLabel) if label.buddy()]
    letters = [found for text in texts if (found := letter(text))]
    assert len(letters) == 4, texts  # names, paid, session, Register (Esc cancels)
    assert len(set(letters)) == len(letters), texts


def test_one_tab_leaves_the_date_and_the_sessions_take_what_is_typed(
    qtbot: Any, keyboard: Any
) -> None:
    """The date took three Tabs (month, day, year): the sessions typed after one Tab
    went into the date."""
    dialog = shown(qtbot, NewTournamentDialog())
    dialog.name.setFocus()
    keyboard.type("Fall Classic")
    keyboard.press(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is dialog.date
    keyboard.press(Qt.Key.Key_Tab)  # today's date kept
    assert QApplication.focusWidget() is dialog.sessions
    dialog.date.setFocus()
    day = QDate(2026, 11, 7)
    dialog.date.setSelectedSection(dialog.date.sectionAt(0))  # as the field takes focus
    keyboard.type(day.toString(date_format()))
    keyboard.press(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is dialog.sessions
    dialog.sessions.selectAll()
    keyboard.type("4")
    assert dialog.date.date() == day and dialog.sessions.value() == 4


def test_what_is_typed_in_the_totals_replaces_the_zero(qtbot: Any, keyboard: Any) -> None:
    """The first field had the cursor before its 0: typing 12 gave 120."""
    dialog = shown(qtbot, TotalsDialog("Table 1", ("Ann", "Bob", "Cal")))
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    first = dialog.spins["Ann"]
    assert first.hasFocus()
    qtbot.waitUntil(lambda: first.lineEdit().selectedText() == "0")
    keyboard.type("12")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("-5")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("-7")
    assert dialog.points() == {"Ann": 12, "Bob": -5, "Cal": -7}


def test_new_tournament_offers_no_stake_and_says_sessions_set_the_payout(
    qtbot: Any, keyboard: Any
) -> None:
    """ "Stake a point 0.05" stood beside "its tables keep no stake", and changing the
    sessions changed the payout without a word."""
    dialog = shown(qtbot, NewTournamentDialog())
    assert not dialog.rules.option_rows["stake_cents"].isVisible()
    labels = [label.text() for label in dialog.findChildren(QLabel) if label.isVisible()]
    assert not any("Stake" in text for text in labels)
    assert "(sets the payout below to the usual one for so many)" in labels
    keyboard.alt(Qt.Key.Key_S)
    assert QApplication.focusWidget() is dialog.sessions
