"""Names typed into the app: a name that cannot be one is named on the problem line and
left as typed; one typed another way is seated in its stored form, shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QGroupBox, QPushButton

from scorekeeper.names import fold_name
from ui.start_dialog import StartNightDialog


def seat(dialog: StartNightDialog, typed: str) -> None:
    dialog.add_name.setCurrentText(typed)
    dialog.add_player()


def test_an_invisible_character_is_named_and_the_typing_kept(qtbot) -> None:
    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    seat(dialog, "Ann\u200b")
    assert dialog.players() == []
    assert dialog.add_name.currentText() == "Ann\u200b"  # kept, to be corrected
    assert dialog.problem.text().startswith(
        "⚠ Player to seat: 'Ann\\u200b' contains an invisible formatting character"
    )
    seat(dialog, "Ann")
    assert dialog.players() == ["Ann"] and dialog.problem.text() == ""


def test_a_name_too_long_says_its_length_and_the_limit(qtbot, keyboard) -> None:
    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.add_name.hasFocus)
    keyboard.type("Maximilian-Alexander Friedrich von Hohenzollern-Sigmaringen")
    keyboard.enter()
    assert dialog.problem.text() == (
        "⚠ Player to seat: 'Maximilian-Alexander Fr…' is 59 characters long; at most 40"
    )
    assert dialog.players() == []


def test_a_name_typed_another_way_is_seated_in_its_stored_form(qtbot) -> None:
    dialog = StartNightDialog(["Zo\u00eb"], [])
    qtbot.addWidget(dialog)
    seat(dialog, "\uff21\uff4e\uff4e")
    seat(dialog, "  zoe\u0308 ")  # the roster's Zoë
    seat(dialog, "Bob\u00a0 Smith")
    assert dialog.players() == ["Ann", "Zo\u00eb", "Bob Smith"]


def shown_dialog(qtbot) -> StartNightDialog:
    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.add_name.hasFocus)
    return dialog


@pytest.mark.parametrize(
    ("again", "said"),
    [
        ("Bob Smith", "'Bob Smith' is already seated"),
        ("bob   SMITH", "'bob SMITH' is already seated as 'Bob Smith'"),
        ("\uff22\uff4f\uff42 Smith", "'Bob Smith' is already seated"),  # full-width
    ],
)
def test_a_player_typed_twice_is_named_and_start_waits(qtbot, keyboard, again, said) -> None:
    dialog = shown_dialog(qtbot)
    keyboard.type("Bob Smith")
    keyboard.enter()
    dialog.add_name.setCurrentText(again)  # full-width letters: as an input method types them
    keyboard.enter()
    assert dialog.players() == ["Bob Smith"]  # not seated twice, and not gone either:
    assert dialog.add_name.currentText() == again  # kept, to be corrected
    assert dialog.problem.text() == (
        f"⚠ Player to seat: {said}; two players need two different names"
    )
    assert not dialog.start.isEnabled()
    keyboard.type(" Jr")  # now another name
    assert dialog.problem.text() == "" and dialog.start.isEnabled()
    keyboard.enter()
    assert dialog.players() == ["Bob Smith", f"{fold_name(again)} Jr"]


def test_removing_the_seated_twin_lets_the_typed_name_be_seated(qtbot, keyboard) -> None:
    dialog = shown_dialog(qtbot)
    for name in ("Ann", "Bob"):
        keyboard.type(name)
        keyboard.enter()
    keyboard.type("ann")
    keyboard.enter()
    assert not dialog.start.isEnabled() and "'ann' is already seated as 'Ann'" in (
        dialog.problem.text()
    )
    dialog.seated.setCurrentRow(0)
    remove = next(b for b in dialog.findChildren(QPushButton) if b.text() == "&Remove")
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert dialog.problem.text() == "" and dialog.start.isEnabled()
    dialog.add_name.setFocus()
    keyboard.enter()
    assert dialog.players() == ["Bob", "ann"]


def test_a_bad_league_season_or_table_stops_the_start(qtbot) -> None:
    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    for name in ("Ann", "Bob", "Cal", "Dee", "Eve"):
        seat(dialog, name)
    dialog.league.setCurrentText("Tuesday\x1b[2J")
    dialog.table.setText("x" * 61)
    dialog.accept()
    assert dialog.result() == 0
    problem = dialog.problem.text()
    assert "League: 'Tuesday\\x1b[2J' contains a control character" in problem
    assert "Table: 'xxx" in problem and "at most 60" in problem
    dialog.league.setCurrentText(" Tuesday\u3000League ")
    dialog.table.setText("")
    assert dialog.problems() == []
    assert dialog.choices()["league"] == "Tuesday League" and dialog.choices()["table"] is None


def test_a_problem_line_appearing_moves_nothing(qtbot, keyboard) -> None:
    dialog = shown_dialog(qtbot)
    rules = next(box for box in dialog.findChildren(QGroupBox) if box.title() == "House rules")
    seats = dialog.seated

    def where() -> list[QRect]:
        dialog.layout().activate()  # the layout as the next paint will show it
        return [w.geometry() for w in (rules, seats, dialog.start)]

    before = where()
    keyboard.type("Ann")
    keyboard.enter()
    keyboard.type("Ann")
    keyboard.enter()  # one line: 'Ann' is already seated
    assert dialog.problem.text() and where() == before
    dialog.season.setText("Fall")  # and no league: one problem more
    dialog.accept()  # every problem that stops the start, on two lines
    line = dialog.problem.fontMetrics().horizontalAdvance(dialog.problem.text())
    assert dialog.problem.width() < line < 2 * dialog.problem.width()
    assert where() == before
    keyboard.type(" B")
    assert dialog.problem.text() == "" and where() == before


def test_a_name_typed_but_not_seated_stops_the_start(qtbot, keyboard) -> None:
    """Start never drops a name the user typed: it says so, and starts nothing."""
    dialog = shown_dialog(qtbot)
    for name in ("Ann", "Bob", "Cal", "Dee", "Eve"):
        keyboard.type(name)
        keyboard.enter()
    keyboard.type("Fay")  # the sixth player, Enter forgotten
    qtbot.mouseClick(dialog.start, Qt.MouseButton.LeftButton)
    assert dialog.result() == 0 and dialog.isVisible()
    assert dialog.problem.text() == (
        "⚠ Player to seat: 'Fay' is typed but not seated; press Enter to seat them, "
        "or clear the field"
    )
    dialog.add_name.setFocus()
    keyboard.enter()
    assert dialog.players() == ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
    assert dialog.problems() == []


def test_the_mouse_wheel_passing_over_a_house_rule_does_not_change_it(qtbot) -> None:
    """Scrolling the rules panel with the wheel scrolls it: a rule's list or number
    under the pointer changes only once the user has chosen that field."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    dialog = shown_dialog(qtbot)
    dialog.load_preset("schafkopf")
    editor = dialog.editor
    before = editor.rules()
    for name in ("jungfrau", "tariff_call"):
        widget = editor.option_widgets[name]
        assert not widget.hasFocus()
        centre = QPointF(widget.rect().center())
        wheel = QWheelEvent(
            centre,
            QPointF(widget.mapToGlobal(centre.toPoint())),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(widget, wheel)
    assert editor.rules() == before


NOT_SEATED = (
    "⚠ Player to seat: 'Fay' is typed but not seated; press Enter to seat them, or clear the field"
)


def test_leaving_a_name_typed_but_not_seated_names_it_at_once(qtbot, keyboard) -> None:
    """Tab out of "Player to seat" with a name in it: the problem line says so then,
    not only once Start is pressed; going back to seat it, or clearing it, clears it."""
    dialog = shown_dialog(qtbot)
    for name in ("Ann", "Bob", "Cal", "Dee", "Eve"):
        keyboard.type(name)
        keyboard.enter()
    assert dialog.problem.text() == ""
    keyboard.type("Fay")
    assert dialog.problem.text() == ""  # still typing: nothing to say yet
    keyboard.press(Qt.Key.Key_Tab)
    assert not dialog.add_name.hasFocus()
    assert dialog.problem.text() == NOT_SEATED
    keyboard.press(Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)  # back to it
    assert dialog.add_name.hasFocus()
    keyboard.enter()
    assert dialog.players()[-1] == "Fay" and dialog.problem.text() == ""

    keyboard.type("Gus")
    keyboard.alt(Qt.Key.Key_T)  # on to the table's name
    assert dialog.table.hasFocus() and "'Gus' is typed but not seated" in dialog.problem.text()
    dialog.add_name.setFocus()
    keyboard.ctrl(Qt.Key.Key_A)
    keyboard.press(Qt.Key.Key_Backspace)  # not Gus after all
    assert dialog.problem.text() == ""
    keyboard.press(Qt.Key.Key_Tab)
    assert dialog.problem.text() == ""  # nothing typed, nothing to say
    assert dialog.players() == ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]


def test_the_schafkopf_rules_show_every_row_whole_at_the_first_size(qtbot, keyboard) -> None:
    """Each house rule of a Schafkopf night, scrolled to, shows its control and its
    meaning whole: the panel scrolls up and down only (the Laufende row's five numbers
    pushed every meaning out of sight on the right), in a dialog that fits a 1280x800
    screen."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication, QLabel, QScrollArea

    dialog = shown_dialog(qtbot)
    assert dialog.width() <= 1280 - 40 and dialog.height() <= 800 - 80  # title bar, panel
    keyboard.alt(Qt.Key.Key_P)
    keyboard.type("schafkopf")
    assert dialog.rules().preset == "schafkopf"
    QApplication.processEvents()  # the panel laid out for the new rows, as it is painted
    scroll = dialog.editor.findChild(QScrollArea)
    assert scroll.horizontalScrollBar().maximum() == 0
    viewport = scroll.viewport()
    shown = [n for n, row in dialog.editor.option_rows.items() if row.isVisibleTo(dialog)]
    assert "laufende_min" in shown and "bock_after" in shown and len(shown) > 20
    for name in shown:
        row = dialog.editor.option_rows[name]
        scroll.ensureWidgetVisible(row, 0, 0)
        meaning = next(w for w in row.findChildren(QLabel) if w.wordWrap())
        control = dialog.option_widgets[name]
        for part in (control, meaning):
            top_left = part.mapTo(viewport, QPoint(0, 0))
            assert top_left.x() >= 0 and top_left.y() >= 0, name
            assert top_left.x() + part.width() <= viewport.width(), name
            assert top_left.y() + part.height() <= viewport.height(), name
        assert control.width() >= control.minimumSizeHint().width(), name
        assert meaning.height() >= meaning.heightForWidth(meaning.width()), name
