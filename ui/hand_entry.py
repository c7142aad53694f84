"""Recording a hand, keyboard first: picker, partner, points, Enter.

A seat field takes a seat number (1 is the first seat clockwise; 0 in the partner field
means alone) or the start of a name, and moves on by itself once it knows who.  The
points field moves on when no more digits could follow.  Enter saves from any field.
Every problem the core finds is shown beside its field, and the hand cannot be saved
until there are none.  The tricks field starts at a guess from the points (all tricks
for 120): type 0 for a hand the pickers took no trick in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.document import read_hand
from scorekeeper.records import CALLS
from scorekeeper.rules import CARD_POINTS
from scorekeeper.validation import validate_hand, who_sits_out
from ui.session import HandLine, NightView

TYPES = (
    ("pick", "&Pick"),
    ("leaster", "&Leaster"),
    ("no-pick", "Nobod&y picked"),
    ("misplay", "&Misplay"),
)
CALLS_BY_RULE = {
    "called-ace": [c for c in CALLS if c.split("-")[0] in ("ace", "ten", "under")],
    "jack-of-diamonds": [c for c in CALLS if c.startswith("jack")],
    "black-queens": ["black-queens"],
    "none": [],
}


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


def estimate_tricks(points: int, tricks: int) -> int:
    """A starting guess for the pickers' tricks: all of them at 120, else in proportion
    but never none or all (type 0 for a no-trick hand)."""
    if points >= CARD_POINTS:
        return tricks
    return max(1, min(tricks - 1, round(points * tricks / CARD_POINTS)))


class HandEntry(QWidget):
    """The form under the sheet that records, inserts or edits one hand."""

    submitted = Signal(dict)
    cancelled = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.view: NightView | None = None
        self.editing: HandLine | None = None
        self.insert_at: int | None = None
        self.problems: list[str] = []
        self.tried = False  # "missing" is said only once a save was tried
        self._build()

    # -- layout --------------------------------------------------------------------

    def _build(self) -> None:
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setAccessibleName("Which hand")
        self.types = QButtonGroup(self)
        type_row = QHBoxLayout()
        for number, (kind, label) in enumerate(TYPES):
            button = EntryRadio(label)
            button.setAccessibleName(label.replace("&", ""))
            button.setProperty("kind", kind)
            self.types.addButton(button, number)
            type_row.addWidget(button)
        type_row.addStretch()
        self.types.button(0).setChecked(True)
        self.types.idToggled.connect(lambda *_: self._type_changed())

        self.dealer = SeatField("Dealer")
        self.picker = SeatField("Picker")
        self.partner = SeatField("Partner", none_word="alone")
        self.call = QComboBox()
        self.call.setAccessibleName("Call")
        self.points = NumberField("Points", CARD_POINTS)
        self.defenders = EntryCheck("&Defenders' points")
        self.tricks = NumberField("Tricks", 10)
        self.doublers = EntrySpin()
        self.doublers.setRange(0, 16)
        self.doublers.setAccessibleName("Cracks and other doublers")
        self.last_hand = EntryCheck("Last &hand")
        self.misplays = entry_line("Misplays", "seats or names, comma between")
        self.sitting_out = entry_line("Sitting out", "seats or names, comma between")
        self.winner = SeatField("Leaster winner")
        self.leaster_points = entry_line("Leaster points, in seat order",
                                         "optional: each player's points, seat order")  # fmt: skip
        self.leaster_tricks = entry_line("Leaster tricks, in seat order",
                                         "optional: each player's tricks, seat order")  # fmt: skip
        self.misplayer = SeatField("Misplayer")

        self.errors: dict[str, QLabel] = {}
        grid = QGridLayout()
        fields = [
            # Mnemonics clash neither with each other nor with the menus (F, E, N).
            ("Dealer", self.dealer, "dealer"),
            ("P&icker", self.picker, "picker"),
            ("Pa&rtner", self.partner, "partners"),
            ("C&all", self.call, "call"),
            ("Poin&ts", self.points, "points"),
            ("Tric&ks", self.tricks, "tricks"),
            ("&Winner", self.winner, "winner"),
            ("Misplayed &by", self.misplayer, "misplayer"),
            ("&Cracks/doublers", self.doublers, "doublers"),
            ("Misplays (&x)", self.misplays, "misplays"),
            ("Sitting o&ut", self.sitting_out, "sitting_out"),
            ("Leaster p&oints", self.leaster_points, "leaster_points"),
            ("Leaster tricks", self.leaster_tricks, "leaster_tricks"),
        ]
        self.rows: dict[str, list[QWidget]] = {}
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
        checks = QHBoxLayout()
        checks.addWidget(self.defenders)
        checks.addWidget(self.last_hand)
        checks.addStretch()
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
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(type_row)
        layout.addLayout(grid)
        layout.addLayout(checks)
        layout.addLayout(buttons)

        self.picker.resolved.connect(self._after_picker)
        self.partner.resolved.connect(self.points.setFocus)
        self.points.complete.connect(self._after_points)
        self.winner.resolved.connect(self.save.setFocus)
        self.misplayer.resolved.connect(self.save.setFocus)
        self.dealer.resolved.connect(self._first_field_focus)
        for field in (
            self.dealer,
            self.picker,
            self.partner,
            self.points,
            self.tricks,
            self.misplays,
            self.sitting_out,
            self.winner,
            self.misplayer,
        ):
            field.textChanged.connect(self.check)
        self.leaster_points.textChanged.connect(self.check)
        self.leaster_tricks.textChanged.connect(self.check)
        for box in (self.defenders, self.last_hand):
            box.toggled.connect(self.check)
        self.doublers.valueChanged.connect(self.check)
        self.call.currentIndexChanged.connect(self.check)
        self.points.textEdited.connect(self._guess_tricks)
        self.defenders.toggled.connect(lambda _: self._guess_tricks())

    # -- state ---------------------------------------------------------------------

    @property
    def kind(self) -> str:
        return str(self.types.checkedButton().property("kind"))

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

    def start_edit(self, line: HandLine) -> None:
        """Load a recorded hand into the form to change it."""
        self.editing, self.insert_at = line, None
        self._reset()
        record = line.record
        kind_index = [k for k, _ in TYPES].index(record["type"])
        self.types.button(kind_index).setChecked(True)
        self.dealer.set_value(record.get("dealer"))
        if record["type"] == "pick":
            self.picker.set_value(record["picker"])
            partners = record.get("partners", [])
            self.partner.set_value(partners[0] if partners else None, none=not partners)
            self.points.setText(str(record["points"]))
            self.tricks.setText(str(record["tricks"]))
            if record.get("call"):
                self.call.setCurrentText(record["call"])
        if record["type"] == "leaster":
            self.winner.set_value((record.get("winners") or [record.get("winner")])[0])
        if record["type"] == "misplay":
            self.misplayer.set_value(record["misplays"][0])
            self.misplays.setText(", ".join(record["misplays"][1:]))
        elif record.get("misplays"):
            self.misplays.setText(", ".join(record["misplays"]))
        doublers = record.get("doublers", 0)
        self.doublers.setValue(len(doublers) if isinstance(doublers, list) else doublers)
        self._doubler_names = doublers if isinstance(doublers, list) else []
        self.last_hand.setChecked(bool(record.get("last_hand")))
        if record.get("sitting_out"):
            self.sitting_out.setText(", ".join(record["sitting_out"]))
        self._refresh_heading()
        self.check()
        self._first_field_focus()

    def _reset(self) -> None:
        seated = self.seated()
        self._doubler_names: list[str] = []
        for field in (self.dealer, self.picker, self.partner, self.winner, self.misplayer):
            field.set_players(seated)
            field.clear_value()
        for line_edit in (
            self.points,
            self.tricks,
            self.misplays,
            self.sitting_out,
            self.leaster_points,
            self.leaster_tricks,
        ):
            line_edit.clear()
        self.defenders.setChecked(False)
        self.last_hand.setChecked(False)
        self.doublers.setValue(0)
        rules = self.view.rules if self.view else None
        self.call.clear()
        self.call.addItem("")
        if rules is not None:
            self.call.addItems(CALLS_BY_RULE[rules.partner])
            self.tricks.maximum = rules.tricks
        self.types.button(0).setChecked(True)
        self._type_changed()

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

    def _type_changed(self) -> None:
        kind = self.kind
        show = {
            "dealer": True,
            "picker": kind == "pick",
            "partners": kind == "pick",
            "call": kind == "pick",
            "points": kind == "pick",
            "tricks": kind == "pick",
            "winner": kind == "leaster",
            "misplayer": kind == "misplay",
            "doublers": kind != "no-pick",
            "misplays": kind in ("pick", "leaster", "misplay"),
            "sitting_out": self._needs_sitting_out(),
            "leaster_points": kind == "leaster",
            "leaster_tricks": kind == "leaster",
        }
        rules = self.view.rules if self.view else None
        if rules is not None and rules.max_partners == 0:
            show["partners"] = show["call"] = False
        for key, widgets in self.rows.items():
            for widget in widgets:
                widget.setVisible(show[key])
        self.defenders.setVisible(kind == "pick")
        self.last_hand.setVisible(kind != "no-pick")
        self.check()
        self._first_field_focus()

    def _needs_sitting_out(self) -> bool:
        if self.view is None:
            return False
        return len(self.seated()) > self.view.rules.dealt_in + 1

    def _first_field_focus(self) -> None:
        first = {"pick": self.picker, "leaster": self.winner, "misplay": self.misplayer,
                 "no-pick": self.save}[self.kind]  # fmt: skip
        first.setFocus()
        if isinstance(first, QLineEdit):
            first.selectAll()  # typing replaces what is there, focused before or not

    def _after_picker(self) -> None:
        if self.partner.isVisible():
            self.partner.setFocus()
        else:
            self.points.setFocus()

    def _after_points(self) -> None:
        self.tricks.setFocus()

    def _guess_tricks(self, *_: Any) -> None:
        points = self.picking_points()
        if points is not None and self.view is not None and not self.tricks.hasFocus():
            self.tricks.setText(str(estimate_tricks(points, self.view.rules.tricks)))

    def picking_points(self) -> int | None:
        value = self.points.value()
        if value is None:
            return None
        return CARD_POINTS - value if self.defenders.isChecked() else value

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

    def hand(self) -> dict[str, Any]:
        """The hand as the night document writes it, from what is in the form."""
        kind = self.kind
        hand: dict[str, Any] = {"type": kind}
        if self.dealer.value:
            hand["dealer"] = self.dealer.value
        elif self.dealer.text().strip():
            hand["dealer"] = self.dealer.text().strip()
        if self._needs_sitting_out() and self.sitting_out.text().strip():
            hand["sitting_out"] = self.names_in(self.sitting_out.text())
        if kind == "pick":
            hand["picker"] = self.picker.value or self.picker.text().strip() or None
            hand["partners"] = [self.partner.value] if self.partner.value else []
            if self.partner.is_none:
                hand["call"] = "alone"
            elif self.call.currentText():
                hand["call"] = self.call.currentText()
            hand["points"] = self.picking_points()
            hand["tricks"] = self.tricks.value()
        elif kind == "leaster":
            hand["winner"] = self.winner.value or self.winner.text().strip() or None
            for key, field in (("points", self.leaster_points), ("tricks", self.leaster_tricks)):
                if field.text().strip():
                    hand[key] = self.per_player(field.text(), hand)
        elif kind == "misplay":
            who = self.misplayer.value or self.misplayer.text().strip()
            hand["misplays"] = [who] if who else []
        if kind in ("pick", "leaster", "misplay") and self.misplays.text().strip():
            hand["misplays"] = [*hand.get("misplays", []), *self.names_in(self.misplays.text())]
        if kind != "no-pick" and self.doublers.value():
            count = self.doublers.value()
            names = self._doubler_names[:count]
            hand["doublers"] = names if len(names) == count else count
        if kind != "no-pick" and self.last_hand.isChecked():
            hand["last_hand"] = True
        return {k: v for k, v in hand.items() if v is not None}

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
            field = problem.field.split(".")[0]
            if self.kind == "misplay" and field == "misplays":
                field = "misplayer"
            if field == "winners":
                field = "winner"
            if self.kind == "leaster" and field in ("points", "tricks"):
                field = f"leaster_{field}"
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
