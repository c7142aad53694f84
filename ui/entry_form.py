"""What both hand-entry forms share: the widgets that leave undo to the window, seat
and number fields, and `EntryForm`, the form's state (which hand, who is seated, the
heading), the check against the core that shows each problem beside its field, and
Enter to save.  `ui.hand_entry` is the Sheepshead form, `ui.schafkopf_entry` the
Schafkopf one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from scorekeeper.document import read_hand
from scorekeeper.validation import validate_hand, who_sits_out
from ui.session import HandLine, NightView


def is_undo_or_redo(event: QEvent) -> bool:
    """True for the key presses the window's Undo and Redo answer to."""
    if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
        return False
    redo = event.key() == Qt.Key.Key_Z and event.modifiers() == (
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    undo_keys = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
    return redo or any(event.matches(k) for k in undo_keys)


class EntryLine(QLineEdit):
    """A line edit whose Ctrl+Z undoes the last change to the night, not the typing:
    the fields are short, and the night's undo is what a scorekeeper reaches for."""

    def event(self, event: QEvent) -> bool:
        if is_undo_or_redo(event):
            event.ignore()
            return False
        return super().event(event)


def entry_line(name: str, placeholder: str) -> EntryLine:
    """An EntryLine with its accessible name and the hint shown while it is empty."""
    line = EntryLine()
    line.setAccessibleName(name)
    line.setPlaceholderText(placeholder)
    return line


class EntrySpin(QSpinBox):
    """A spin box that leaves Ctrl+Z and Ctrl+Shift+Z to the window, like EntryLine."""

    def event(self, event: QEvent) -> bool:
        if is_undo_or_redo(event):
            event.ignore()
            return False
        return super().event(event)


class InstantShortcut:
    """Mixin: a button whose Alt+letter acts at once.  Qt "animates" a mnemonic click
    and toggles only ~100 ms later, so a quick Enter would save the hand without it."""

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Shortcut:
            self.setFocus(Qt.FocusReason.ShortcutFocusReason)  # type: ignore[attr-defined]
            self.click()  # type: ignore[attr-defined]
            return True
        return super().event(event)  # type: ignore[misc]


class EntryCheck(InstantShortcut, QCheckBox):
    """A check box of the entry form (see InstantShortcut)."""


class EntryRadio(InstantShortcut, QRadioButton):
    """A hand-type button of the entry form (see InstantShortcut)."""


class SeatField(EntryLine):
    """Who: a seat number or the start of a name; says `resolved` when it knows."""

    resolved = Signal()

    def __init__(self, name: str, *, none_word: str | None = None) -> None:
        super().__init__()
        self.setAccessibleName(name)
        self.none_word = none_word  # what 0 means here ("alone"), or None
        self.players: tuple[str, ...] = ()
        self.value: str | None = None
        self.is_none = False
        self.textEdited.connect(self._typed)

    def set_players(self, players: Sequence[str]) -> None:
        self.players = tuple(players)
        hints = ", ".join(f"{i} {p}" for i, p in enumerate(self.players, 1))
        extra = f"; 0 {self.none_word}" if self.none_word else ""
        self.setPlaceholderText("seat or name")
        self.setToolTip(f"Type a seat number or a name: {hints}{extra}")

    def set_value(self, name: str | None, *, none: bool = False) -> None:
        self.value, self.is_none = name, none
        self.setText(name or (self.none_word or "") if (name or none) else "")

    def clear_value(self) -> None:
        self.set_value(None)

    def entered(self) -> str | None:
        """The player chosen, else what was typed (so the check can name it), else None."""
        return self.value or self.text().strip() or None

    def _typed(self, text: str) -> None:
        text = text.strip()
        self.value, self.is_none = None, False
        if not text:
            return
        if text.isdigit():
            seat = int(text)
            if seat == 0 and self.none_word:
                self.set_value(None, none=True)
                self.resolved.emit()
            elif 1 <= seat <= len(self.players):
                self.set_value(self.players[seat - 1])
                self.resolved.emit()
            return
        matches = [p for p in self.players if p.casefold().startswith(text.casefold())]
        exact = [p for p in self.players if p.casefold() == text.casefold()]
        if len(matches) == 1 or exact:
            self.set_value((exact or matches)[0])
            self.resolved.emit()

    def focusInEvent(self, event: Any) -> None:
        super().focusInEvent(event)
        self.selectAll()


class NumberField(EntryLine):
    """A whole number; says `complete` when no further digit could follow."""

    complete = Signal()

    def __init__(self, name: str, maximum: int) -> None:
        super().__init__()
        self.setAccessibleName(name)
        self.maximum = maximum
        self.setMaxLength(len(str(maximum)))
        self.textEdited.connect(self._typed)

    def value(self) -> int | None:
        text = self.text().strip()
        return int(text) if text.isdigit() else None

    def _typed(self, text: str) -> None:
        if text and not text.isdigit():
            self.setText("".join(c for c in text if c.isdigit()))
        value = self.value()
        if value is not None and value * 10 > self.maximum:
            self.complete.emit()

    def focusInEvent(self, event: Any) -> None:
        super().focusInEvent(event)
        self.selectAll()


class EntryForm(QWidget):
    """The form under the sheet that records, inserts or edits one hand.  A subclass
    builds its fields (`_build`), clears them (`_reset`), shows the ones a hand type
    needs (`_type_changed`), loads a record (`start_edit`) and writes one (`hand`)."""

    submitted = Signal(dict)
    cancelled = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.view: NightView | None = None
        self.editing: HandLine | None = None
        self.insert_at: int | None = None
        self.problems: list[str] = []
        self.tried = False  # "missing" is said only once a save was tried
        self._doubler_names: list[str] = []
        self.errors: dict[str, QLabel] = {}
        self.rows: dict[str, list[QWidget]] = {}
        self.types = QButtonGroup(self)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setAccessibleName("Which hand")
        self._build()

    # -- layout helpers ------------------------------------------------------------

    def type_row(self, types: Sequence[tuple[str, str]]) -> QHBoxLayout:
        """The hand-type buttons, in TYPES order (kind, label with its mnemonic), and
        the dealer field that follows them in the tab order."""
        row = QHBoxLayout()
        for number, (kind, label) in enumerate(types):
            button = EntryRadio(label)
            button.setAccessibleName(label.replace("&", ""))
            button.setProperty("kind", kind)
            self.types.addButton(button, number)
            row.addWidget(button)
        row.addStretch()
        self.types.button(0).setChecked(True)
        self.types.idToggled.connect(lambda *_: self._type_changed())
        self.dealer = SeatField("Dealer")
        return row

    def field_grid(self, fields: Sequence[tuple[str, QWidget, str]]) -> QGridLayout:
        """Two columns of (label, field, its problem), a row a field."""
        grid = QGridLayout()
        for row, (label_text, widget, key) in enumerate(fields):
            label = QLabel(label_text)
            label.setBuddy(widget)
            error = QLabel()
            error.setTextFormat(Qt.TextFormat.PlainText)
            error.setAccessibleName(f"{key} problem")
            error.setStyleSheet("color: #b00020;")
            error.setWordWrap(True)
            self.errors[key] = error
            column = (row % 2) * 3
            grid.addWidget(label, row // 2, column)
            grid.addWidget(widget, row // 2, column + 1)
            grid.addWidget(error, row // 2, column + 2)
            self.rows[key] = [label, widget, error]
        grid.setColumnStretch(2, 1)
        grid.setColumnStretch(5, 1)
        return grid

    def button_row(self) -> QHBoxLayout:
        """The problems line, Cancel edit and Save hand: made last, so last in the tab
        order."""
        self.general = QLabel()
        self.general.setTextFormat(Qt.TextFormat.PlainText)
        self.general.setStyleSheet("color: #b00020;")
        self.general.setAccessibleName("Problems")
        self.save = QPushButton("&Save hand")
        self.save.setDefault(True)
        self.save.setAccessibleName("Save hand")
        self.save.clicked.connect(self.submit)
        self.cancel = QPushButton("Cancel edit")
        self.cancel.clicked.connect(self.cancelled.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.general, 1)
        buttons.addWidget(self.cancel)
        buttons.addWidget(self.save)
        return buttons

    def show_rows(self, show: dict[str, bool]) -> None:
        for key, widgets in self.rows.items():
            for widget in widgets:
                widget.setVisible(show[key])

    # -- what a subclass provides --------------------------------------------------

    def _build(self) -> None:
        raise NotImplementedError

    def _reset(self) -> None:
        raise NotImplementedError

    def _type_changed(self) -> None:
        raise NotImplementedError

    def _first_field_focus(self) -> None:
        raise NotImplementedError

    def start_edit(self, line: HandLine) -> None:
        raise NotImplementedError

    def hand(self) -> dict[str, Any]:
        raise NotImplementedError

    def field_for(self, field: str) -> str:
        """The form field that shows a problem with the document's FIELD."""
        return field

    # -- state ---------------------------------------------------------------------

    @property
    def kind(self) -> str:
        return str(self.types.checkedButton().property("kind"))

    def set_kind(self, kind: str) -> None:
        for button in self.types.buttons():
            if button.property("kind") == kind:
                button.setChecked(True)

    @property
    def number(self) -> int:
        if self.editing is not None:
            return self.editing.number
        if self.insert_at is not None:
            return self.insert_at
        return self.view.next_number if self.view else 1

    def seated(self) -> tuple[str, ...]:
        if self.view is None:
            return ()
        if self.editing is not None or self.insert_at is not None:
            return self.view.seated_at(self.number)
        return self.view.seated_next

    def set_view(self, view: NightView | None) -> None:
        """A new state of the night: start the next hand (unless an edit is open)."""
        self.view = view
        if self.editing is not None and view is not None:
            self.editing = next(
                (ln for ln in view.lines if ln.hand_id == self.editing.hand_id), None
            )
        if self.editing is None:
            self.start_new()

    def start_new(self, insert_at: int | None = None) -> None:
        """Clear the form for the next hand (or one inserted at INSERT_AT)."""
        self.editing, self.insert_at = None, insert_at
        self.tried = False
        self._reset()
        if self.view is not None:
            dealer = self.view.next_dealer() if insert_at is None else None
            self.dealer.set_value(dealer)
        self._refresh_heading()
        self.check()

    def _refresh_heading(self) -> None:
        if self.view is None:
            self.heading.setText("Start a night to record hands.")
        elif self.editing is not None:
            self.heading.setText(f"Editing hand {self.number} (Esc to cancel)")
        elif self.insert_at is not None:
            self.heading.setText(f"Inserting a hand at {self.number} (Esc to cancel)")
        else:
            self.heading.setText(f"Hand {self.number}")
        self.cancel.setVisible(self.editing is not None or self.insert_at is not None)
        closed = self.view is not None and self.view.closed
        self.setEnabled(self.view is not None and not closed)
        if closed:
            self.heading.setText("The night is closed. Reopen it (Night menu) to change it.")

    def _needs_sitting_out(self) -> bool:
        if self.view is None:
            return False
        return len(self.seated()) > self.view.rules.dealt_in + 1

    def load_common(self, record: dict[str, Any]) -> None:
        """The fields every hand has: dealer, doublers, last hand, sitting out."""
        self.dealer.set_value(record.get("dealer"))
        doublers = record.get("doublers", 0)
        self.doublers.setValue(len(doublers) if isinstance(doublers, list) else doublers)
        self._doubler_names = doublers if isinstance(doublers, list) else []
        self.last_hand.setChecked(bool(record.get("last_hand")))
        if record.get("sitting_out"):
            self.sitting_out.setText(", ".join(record["sitting_out"]))

    def common_fields(self, hand: dict[str, Any], *, played: bool) -> None:
        """Write the dealer and who sits out into HAND, and when the hand was PLAYED, its
        doublers and the last-hand mark."""
        if self.dealer.value:
            hand["dealer"] = self.dealer.value
        elif self.dealer.text().strip():
            hand["dealer"] = self.dealer.text().strip()
        if self._needs_sitting_out() and self.sitting_out.text().strip():
            hand["sitting_out"] = self.names_in(self.sitting_out.text())
        if played and self.doublers.value():
            count = self.doublers.value()
            names = self._doubler_names[:count]
            hand["doublers"] = names if len(names) == count else count
        if played and self.last_hand.isChecked():
            hand["last_hand"] = True

    # -- the hand ------------------------------------------------------------------

    def names_in(self, text: str) -> list[str]:
        """Names from 'seats or names, comma between'; unknown entries kept as typed."""
        seated = self.seated()
        out = []
        for part in (p.strip() for p in text.split(",")):
            if not part:
                continue
            if part.isdigit() and 1 <= int(part) <= len(seated):
                out.append(seated[int(part) - 1])
                continue
            matches = [p for p in seated if p.casefold().startswith(part.casefold())]
            out.append(matches[0] if len(matches) == 1 else part)
        return out

    def dealt_in(self, hand: dict[str, Any]) -> list[str]:
        """Those dealt into the hand as entered, clockwise."""
        seated = list(self.seated())
        named = hand.get("sitting_out") or None
        if self.view is None:
            out = set(named or ())
        else:
            out = set(who_sits_out(named, hand.get("dealer"), self.view.rules, seated))
        return [p for p in seated if p not in out]

    def per_player(self, text: str, hand: dict[str, Any]) -> Any:
        """'30, 41, 12, 37, 0' in seat order as {player: number}; anything else is passed
        on as typed, so the core names the problem."""
        numbers = [p for p in text.replace(",", " ").split() if p]
        players = self.dealt_in(hand)
        if len(numbers) != len(players) or not all(n.isdigit() for n in numbers):
            return text.strip()
        return {p: int(n) for p, n in zip(players, numbers, strict=True)}

    def check(self) -> list[str]:
        """Find every problem with the hand as entered; show each beside its field."""
        for label in self.errors.values():
            label.clear()
        self.general.clear()
        self.problems = []
        if self.view is None:
            self.save.setEnabled(False)
            return self.problems
        hand = self.view.as_document_hand(self.hand(), self.number)
        parsed, problems = read_hand(hand, self.view.players, self.number)
        if parsed is not None:
            problems = validate_hand(parsed, self.view.rules, self.view.players)
        for problem in problems:
            field = self.field_for(problem.field.split(".")[0])
            self.problems.append(f"{field}: {problem.message}")
            if problem.message.startswith("missing") and not self.tried:
                continue
            message = f"⚠ {problem.message}"
            label = self.errors.get(field)
            if label is not None and label.isVisibleTo(self):
                label.setText(" ".join(filter(None, [label.text(), message])))
            else:
                self.general.setText(
                    " ".join(filter(None, [self.general.text(), f"⚠ {field}: {problem.message}"]))
                )
        self.save.setEnabled(not self.problems)
        return self.problems

    def submit(self) -> None:
        """Save the hand if it has no problem (Enter anywhere in the form)."""
        self.tried = True
        if self.check() or self.view is None or self.view.closed:
            return
        self.submitted.emit(self.hand())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
            return
        if event.key() == Qt.Key.Key_Escape and (self.editing or self.insert_at):
            self.cancelled.emit()
            return
        super().keyPressEvent(event)
