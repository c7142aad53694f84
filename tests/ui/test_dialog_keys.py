"""ui/dialog_keys.py once its dialog is closed: only the keys the window manager still
sends that dialog go back to the window under it; keys typed into any other window (an
error box the closing opened, say) stay there (a trial: "45" typed into an error box
after Open night became a hand's picker and partner in the form behind it, and Enter
could not close the box)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QVBoxLayout, QWidget

from ui import dialog_keys


@pytest.fixture
def closed_keeper(qtbot) -> Iterator[tuple[dialog_keys._Keeper, QLineEdit, QDialog]]:
    """A keeper whose dialog has just closed, the window under it not yet given the
    keyboard back (as `run` leaves it then): the form under it, and the dialog."""
    under = QWidget()
    form = QLineEdit(under)
    QVBoxLayout(under).addWidget(form)
    qtbot.addWidget(under)
    dialog = QDialog(under)
    field = QLineEdit(dialog)
    QVBoxLayout(dialog).addWidget(field)
    keeper = dialog_keys._Keeper(dialog, under)
    keeper.closed = True
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(keeper)
    yield keeper, form, dialog
    keeper.stop()


def test_keys_typed_into_another_window_stay_there(closed_keeper, qtbot) -> None:
    _, form, _ = closed_keeper
    other = QLineEdit()  # the window the closing opened (an error box's place)
    qtbot.addWidget(other)
    QTest.keyClicks(other, "45")
    assert (other.text(), form.text()) == ("45", "")


def test_keys_the_closed_dialog_still_gets_are_not_its_own(closed_keeper) -> None:
    """They go to the window under it (dropped here, where it has no focus yet)."""
    _, _, dialog = closed_keeper
    field = dialog.findChild(QLineEdit)
    QTest.keyClicks(field, "7")
    assert field.text() == ""


def test_text_an_input_method_commits_to_the_window_under_reaches_the_dialog(qtbot) -> None:
    """A letter typed by a dead key or an input method comes as an input-method event,
    not a key press: sent to the window under the dialog before the dialog has the
    keyboard, it is the dialog's too (Ctrl+O, then "Zoë" typed at once)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QInputMethodEvent

    under = QWidget()
    form = QLineEdit(under)
    QVBoxLayout(under).addWidget(form)
    qtbot.addWidget(under)
    under.show()
    form.setFocus()
    dialog = QDialog(under)
    search = QLineEdit(dialog)
    QVBoxLayout(dialog).addWidget(search)
    seen: list[tuple[str, str]] = []

    def typed() -> None:
        search.setFocus()  # the dialog's field, as the chooser's search has it
        committed = QInputMethodEvent()
        committed.setCommitString("ë")
        QApplication.sendEvent(form, committed)
        seen.append((search.text(), form.text()))
        dialog.reject()

    QTimer.singleShot(0, typed)
    dialog_keys.run(dialog, under)
    dialog.deleteLater()  # as the app does once it is closed
    QApplication.processEvents()
    assert seen == [("ë", "")]
