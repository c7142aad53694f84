"""The fields of the hand-entry forms, each keeping its part of the form's contract
(`ui.entry_form`): a seat field moves on by itself after a seat digit only; a number
field never moves on and keeps every key typed; a proposed number is shown selected on
taking the focus; a choice takes the start of its words, spaces included; every field
leaves the window's shortcuts (Ctrl+Z among them) to the window.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from babel.numbers import format_decimal
from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QAction, QFocusEvent, QFontMetricsF, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QStyle,
    QStyleOptionFrame,
    QWidget,
)

from scorekeeper import i18n
from scorekeeper.games.cards import CARD_POINTS
from scorekeeper.i18n import _
from scorekeeper.names import name_key

SEAT_DIGITS = 1  # seats are 1 to 8: one digit says which, and nothing can follow it


def window_takes(widget: QWidget, event: QEvent) -> bool:
    """True when EVENT is a Ctrl or Alt key that one of the window's actions answers to
    (Undo, Redo, Settle up, …): a field then lets the window have it, instead of using
    it for its own editing (a line edit's Ctrl+Z, or Ctrl+E for "end of line")."""
    if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
        return False
    modifiers = event.modifiers()
    if not modifiers & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
        return False
    pressed = QKeySequence(event.keyCombination())
    for action in widget.window().findChildren(QAction):
        if any(
            key.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch
            for key in action.shortcuts()
        ):
            return True
    return False


def alt_typed(event: QKeyEvent) -> bool:
    """True for an Alt+key that would type its letter: every Alt+letter of the form is
    a shortcut, so one the night has no use for (Alt+Y at a Schafkopf night) must type
    nothing.  Ctrl+Alt is AltGr on Windows (the @ of a German keyboard): that types."""
    modifiers = event.modifiers()
    return bool(
        modifiers & Qt.KeyboardModifier.AltModifier
        and not modifiers & Qt.KeyboardModifier.ControlModifier
        and event.text()
    )


LINE_MARGIN = 2  # what a QLineEdit leaves each side of its text, inside its margins
RETURNING = (Qt.FocusReason.ActiveWindowFocusReason, Qt.FocusReason.PopupFocusReason)


def hint_room(line: QLineEdit) -> int:
    """The width LINE draws its hint in, as QLineEdit paints it: its contents less its
    text margins and `LINE_MARGIN` each side (a longer hint is cut to "…")."""
    option = QStyleOptionFrame()
    line.initStyleOption(option)
    contents = line.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, line)
    margins = line.textMargins()
    return contents.width() - margins.left() - margins.right() - 2 * LINE_MARGIN


def hint_width(line: QLineEdit) -> int:
    """The width of LINE's hint, whole pixels up: its fractional width is what decides
    whether it is cut (the whole-pixel advance was a fraction short, and cut it)."""
    return math.ceil(QFontMetricsF(line.font()).horizontalAdvance(line.placeholderText()))


class EntryLine(QLineEdit):
    """A line edit of the entry form; the window's shortcuts (Ctrl+Z among them) reach
    the window, which decides what an undo means while a hand is half typed, and an
    Alt+letter that is no shortcut types nothing (`alt_typed`)."""

    _hint_for: tuple[Any, ...] | None = None  # what _hint_needs was worked out for
    _hint_needs = 0

    def sizeHint(self) -> QSize:
        """Wide enough for its hint, whole (the form's columns are as wide as their
        widest field: a trial found the leaster's and the misplays' hints cut to "…").
        Worked out again only when the hint, the width, the frame, the text margins,
        the font or the style changed: the form asks every field at every hand (a third
        of starting the next one)."""
        hint = super().sizeHint()
        text = self.placeholderText()
        if text:
            margins = self.textMargins()
            room_for = (
                text,
                self.width(),
                self.hasFrame(),
                (margins.left(), margins.top(), margins.right(), margins.bottom()),
            )
            if self._hint_for != room_for:
                chrome = self.width() - hint_room(self)  # the frame and margins, any width
                self._hint_for, self._hint_needs = room_for, hint_width(self) + chrome
            hint.setWidth(max(hint.width(), self._hint_needs))
        return hint

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._hint_for = None
        super().changeEvent(event)

    def event(self, event: QEvent) -> bool:
        if window_takes(self, event):
            event.ignore()
            return False
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if alt_typed(event):
            event.ignore()
            return
        super().keyPressEvent(event)


def select_moving_in(line: QLineEdit, event: QFocusEvent) -> None:
    """Select what LINE holds when the focus moves into it, so typing replaces it; not
    when its window only takes the keyboard back (a dialog or a list closed), which is
    no moving in: what was typed there before, or just as the window came back, stays
    and the next key goes on from it (keys typed as the help closed were lost so)."""
    if event.reason() not in RETURNING:
        line.selectAll()


def entry_line(name: str, placeholder: str, tip: str | None = None) -> EntryLine:
    """An EntryLine with its accessible name, the hint shown while it is empty (short:
    the field is as wide as its hint, whole) and TIP, the hint said in full."""
    line = EntryLine()
    line.setAccessibleName(name)
    line.setPlaceholderText(placeholder)
    if tip is not None:
        line.setToolTip(tip)
    return line


class EntrySpin(QSpinBox):
    """A spin box that leaves the window's shortcuts to the window, like EntryLine."""

    def event(self, event: QEvent) -> bool:
        if window_takes(self, event):
            event.ignore()
            return False
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if alt_typed(event):
            event.ignore()
            return
        super().keyPressEvent(event)


CHOICE_LENGTH = 26  # characters a choice box of the entry form is wide for


class ChoiceBox(QComboBox):
    """A choice of the entry form, made by typing the start of its words: a space is
    part of those words (a plain combo box would open its list on it, and the keys
    after it would be lost).  F4 or Alt+Down opens the list.

    As wide as CHOICE_LENGTH characters whatever its choices (the longest, a Kontra of
    six steps, would make its column as wide as half the form); a longer choice is
    shortened with an ellipsis in the box, whole in its list and in the tooltip."""

    def __init__(self) -> None:
        super().__init__()
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(CHOICE_LENGTH)
        self.currentTextChanged.connect(self.setToolTip)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if alt_typed(event):
            event.ignore()
            return
        if event.key() == Qt.Key.Key_Space and not event.modifiers():
            view = self.view()
            view.setCurrentIndex(self.model().index(self.currentIndex(), 0))
            view.keyboardSearch(" ")
            if view.currentIndex().row() >= 0:
                self.setCurrentIndex(view.currentIndex().row())
            return
        super().keyPressEvent(event)


def clicked_at_once(button: QAbstractButton, event: QEvent) -> bool:
    """True when EVENT is BUTTON's Alt+letter, and the button is clicked at once,
    leaving the focus where it was (so the digits typed next land in the field being
    typed in).  Qt "animates" a mnemonic click and toggles only ~100 ms later, so a
    quick Enter would save the hand without it."""
    if event.type() != QEvent.Type.Shortcut:
        return False
    button.click()
    return True


class EntryCheck(QCheckBox):
    """A check box of the entry form whose Alt+letter acts at once (`clicked_at_once`)."""

    def event(self, event: QEvent) -> bool:
        return clicked_at_once(self, event) or super().event(event)


class EntryRadio(QRadioButton):
    """A hand-type button of the entry form whose Alt+letter acts at once
    (`clicked_at_once`); choosing one moves the focus to that hand type's first field."""

    def event(self, event: QEvent) -> bool:
        return clicked_at_once(self, event) or super().event(event)


def players_meant(typed: str, players: Sequence[str]) -> list[str]:
    """The seated players a typed name or start of one may mean: the one whose name it
    is, else every one whose name starts with it, compared as the store compares names
    (`name_key`: case, spaces and full-width letters do not matter)."""
    key = name_key(typed)
    exact = [p for p in players if name_key(p) == key]
    return exact or [p for p in players if name_key(p).startswith(key)]


class SeatField(EntryLine):
    """Who: a seat number or a name.

    A single seat digit is complete (seats are 1 to 8), so the field shows the player's
    name, says `resolved` and moves the focus on to the next field in the form's Tab
    order (hidden fields are skipped, so a picker goes on to the partner, or to the
    points where the rules have no partner).  A name could go on, so it is
    resolved only as typed (the whole name, or the start of exactly one name) and the
    field waits for Tab or Enter; on leaving, the field shows the whole name."""

    resolved = Signal()

    def __init__(self, name: str, *, none_word: str | None = None) -> None:
        super().__init__()
        self.setAccessibleName(name)
        self.none_word = none_word  # what 0 means here ("alone", translated), or None
        self.players: tuple[str, ...] = ()
        self.textEdited.connect(self._typed)

    def set_players(self, players: Sequence[str]) -> None:
        if self.players == tuple(players) and self.placeholderText():
            return  # the same table as the last hand's: its hint and tooltip stand
        self.players = tuple(players)
        hints = ", ".join(f"{i} {p}" for i, p in enumerate(self.players, 1))
        if self.none_word:
            self.setPlaceholderText(_("seat or name, 0 {none}").format(none=self.none_word))
            self.setToolTip(
                _("Type a seat number or a name, then Tab: {seats}; 0 {none}").format(
                    seats=hints, none=self.none_word
                )
            )
        else:
            self.setPlaceholderText(_("seat or name"))
            self.setToolTip(
                _("Type a seat number or a name, then Tab: {seats}").format(seats=hints)
            )

    def set_value(self, name: str | None, *, none: bool = False) -> None:
        """Show NAME (or, NONE, the word for nobody) as if it had been typed."""
        self.setText(name or (self.none_word or "") if (name or none) else "")

    def clear_value(self) -> None:
        self.set_value(None)

    def resolution(self) -> tuple[str | None, bool, str | None]:
        """(the player meant, whether it means nobody, the problem with what is typed)."""
        text = self.text().strip()
        if not text:
            return None, False, None
        if text.isdigit():
            seat = int(text)
            if seat == 0 and self.none_word:
                return None, True, None
            if 1 <= seat <= len(self.players):
                return self.players[seat - 1], False, None
            low = 0 if self.none_word else 1
            return (
                None,
                False,
                _("there is no seat {seat} ({first} to {last})").format(
                    seat=seat, first=low, last=len(self.players)
                ),
            )
        matches = players_meant(text, self.players)
        if matches and name_key(matches[0]) == name_key(text):  # the name itself
            return matches[0], False, None
        if self.none_word and name_key(text) == name_key(self.none_word):
            return None, True, None
        if len(matches) == 1:
            return matches[0], False, None
        if matches:
            could = _("{players} or {last}").format(
                players=", ".join(matches[:-1]), last=matches[-1]
            )
            return (
                None,
                False,
                _("'{typed}' could be {players}: type more").format(typed=text, players=could),
            )
        return None, False, _("nobody at the table is called '{typed}'").format(typed=text)

    @property
    def value(self) -> str | None:
        return self.resolution()[0]

    @property
    def is_none(self) -> bool:
        return self.resolution()[1]

    def problem(self) -> str | None:
        return self.resolution()[2]

    def entered(self) -> str | None:
        """The player chosen, else what was typed (so the check can name it), else None."""
        return self.value or self.text().strip() or None

    def _typed(self, text: str) -> None:
        text = text.strip()
        if len(text) == SEAT_DIGITS and text.isdigit():
            name, none, problem = self.resolution()
            if problem is None:
                self.set_value(name, none=none)
                self.resolved.emit()
                self.focusNextChild()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        select_moving_in(self, event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        name, none, problem = self.resolution()
        if problem is None and (name or none) and not self.text().strip().isdigit():
            shown = name or self.none_word or ""
            if self.text() != shown:
                self.setText(shown)


class NumberField(EntryLine):
    """A whole number, exactly as typed: it never moves on by itself (a number could
    go on), and a key that is not a digit stays in it and is named as a problem."""

    def __init__(self, name: str, maximum: int, minimum: int = 0) -> None:
        super().__init__()
        self.setAccessibleName(name)
        self.maximum, self.minimum = maximum, minimum

    def value(self) -> int | None:
        text = self.text().strip()
        return int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else None

    def problem(self) -> str | None:
        text = self.text().strip()
        value = self.value()
        if text and value is None:
            return _("'{typed}' is not a whole number").format(typed=text)
        if value is not None and not self.minimum <= value <= self.maximum:
            return _("{number} is not between {low} and {high}").format(
                number=value,
                low=self.minimum,
                high=format_decimal(self.maximum, locale=i18n.locale_name()),
            )
        return None

    def clear(self) -> None:
        """Empty, and nothing typed (QLineEdit.clear() would count as typing)."""
        self.setText("")
        self.setModified(False)

    def load(self, value: Any) -> None:
        """Show a recorded value; it counts as typed (a new proposal never replaces it)."""
        self.setText("" if value is None else str(value))
        self.setModified(value is not None)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        select_moving_in(self, event)


def estimate_tricks(points: int, tricks: int) -> int:
    """A proposal for the declarers' tricks: none at 0 points, all of them at 120, else
    in proportion but never none or all."""
    if points <= 0:
        return 0
    if points >= CARD_POINTS:
        return tricks
    return max(1, min(tricks - 1, round(points * tricks / CARD_POINTS)))


class ProposedNumber(NumberField):
    """A number the form can propose (the tricks from the points): the proposal is
    made when the field takes the focus while nothing has been typed in it, and is
    shown selected, so a digit typed replaces it.  A proposal that no longer fits (the
    points changed) is taken away again (`withdraw`), never left standing."""

    def __init__(self, name: str, maximum: int, propose: Callable[[], int | None]) -> None:
        super().__init__(name, maximum)
        self.propose = propose
        self.proposed = False

    def focusInEvent(self, event: QFocusEvent) -> None:
        proposing = not self.text().strip() and not self.isModified()
        if proposing:
            value = self.propose()
            if value is not None:
                self.setText(str(value))
                self.proposed = True
        super().focusInEvent(event)
        if proposing and self.proposed:
            self.selectAll()  # a proposal made now is replaced by what is typed

    def withdraw(self) -> None:
        """Clear a proposal nobody typed over (what it was made from has changed)."""
        if self.proposed and not self.isModified():
            self.clear()
        self.proposed = False
