"""Tab goes through the entry form in the order it reads: row by row, left to right, as
the fields are laid out, then the check boxes and Save under them; in either game, at
every hand type.  A trial found Tab bouncing between the form's two halves and
wandering (from the dealer at the bottom to the declarer at the top)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

from scorekeeper.store import night_import
from tests.sheet import night_doc

SEVEN = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus"]  # two sit out: "Sitting out" shows
NIGHTS = [
    ("classic-5", SEVEN[:5]),
    ({"preset": "classic-5", "leaster_tie": "all-win", "leaster_second": True}, SEVEN),
    ({"preset": "classic-5", "leaster_pay": "loser-pays"}, SEVEN[:5]),
    ({"preset": "cutthroat-4"}, SEVEN[:4]),
    ({"preset": "schafkopf", "all_pass": "ramsch"}, SEVEN[:6]),
    ({"preset": "schafkopf", "all_pass": "leaster", "leaster_tie": "all-win"}, SEVEN[:4]),
    ({"preset": "schafkopf", "all_pass": "pot"}, SEVEN[:4]),
    ({"preset": "schafkopf", "all_pass": "forced"}, SEVEN[:4]),
]


def reading_order(form: Any) -> list[QWidget]:
    """The form's fields, check boxes and buttons shown now (Save once it is enabled),
    as a reader meets them: line by line (widgets whose middles are level are on one
    line), left to right."""
    form.layout().activate()  # laid out as the screen shows it
    candidates = [field for _, field, _ in form.rows.values()]
    candidates += [form.last_hand, getattr(form, "defenders", None), form.cancel, form.save]
    shown = [w for w in candidates if w is not None and w.isVisible() and w.isEnabled()]

    def middle(widget: QWidget) -> QPoint:
        return widget.mapTo(form, widget.rect().center())

    lines: list[list[QWidget]] = []
    for widget in sorted(shown, key=lambda w: middle(w).y()):
        if lines and abs(middle(lines[-1][0]).y() - middle(widget).y()) < 8:
            lines[-1].append(widget)
        else:
            lines.append([widget])
    return [w for line in lines for w in sorted(line, key=lambda w: middle(w).x())]


def tabbed(form: Any, keyboard: Any, visible: list[QWidget]) -> list[QWidget]:
    """The widgets Tab goes to from the first of VISIBLE, as many as VISIBLE has (each
    focus read as the form's widget it is in: a spin box's own editor is the field)."""
    first = visible[0]
    first.setFocus(Qt.FocusReason.OtherFocusReason)
    went = [first]
    for _ in visible[1:]:
        keyboard.press(Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        while widget is not None and widget not in visible:
            widget = widget.parentWidget()
        went.append(widget)
    return went


def names(form: Any, widgets: list[QWidget | None]) -> list[str]:
    keys = {field: key for key, (_, field, _) in form.rows.items()}
    return [
        "(out of the form)" if w is None else keys.get(w) or w.accessibleName() or w.text()
        for w in widgets
    ]


@pytest.mark.parametrize(("rules", "players"), NIGHTS, ids=lambda v: str(v)[:50])
def test_tab_follows_the_form_as_it_reads_at_every_hand_type(
    database, open_window, keyboard, rules, players
) -> None:
    night_id = night_import.import_night(database, night_doc(rules, [], players))
    window = open_window(database, night_id)
    form = window.entry
    offered = [str(b.property("kind")) for b in form.types.buttons() if not b.isHidden()]
    for kind in offered:
        form.set_kind(kind)
        visible = reading_order(form)
        went = tabbed(form, keyboard, visible)
        assert names(form, went) == names(form, visible), kind


def test_tab_follows_the_form_while_a_hand_is_edited(database, open_window, keyboard) -> None:
    """Cancel edit shows beside Save, and Save is enabled: Tab meets Cancel, then Save,
    as they read."""
    hand = {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 75, "tricks": 5}
    night = night_doc({"preset": "schafkopf"}, [hand | {"dealer": "Ann"}], SEVEN[:4])
    window = open_window(database, night_import.import_night(database, night))
    window.sheet.setCurrentIndex(window.model.index(0, 0))
    keyboard.press(Qt.Key.Key_F2)
    form = window.entry
    assert form.editing is not None and form.cancel.isVisible()
    visible = reading_order(form)
    assert names(form, tabbed(form, keyboard, visible)) == names(form, visible)
