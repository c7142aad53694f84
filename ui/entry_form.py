"""What both hand-entry forms share: `EntryForm`, the form's state (which hand, who is
seated, the heading), the check against the core that shows each problem beside its
field, the live preview of the hand's score, and Enter to save; its fields laid out
by `ui.entry_grid`, those both card games record alike in `ui.entry_hands`.  Each
game's form is in `ui.games` (`ui.games.sheepshead`, `ui.games.schafkopf`), which
registers it for its game.

The form's contract (docs/manual.md "Recording a hand", Help ▸ Keyboard):

- every key lands in the field that has the focus;
- a field moves on by itself only when what was typed is complete and could not go
  on: a single seat digit (seats are 1 to 8, and 0 means "alone" in a partner field);
  a name or a number could go on, so it waits for Tab (next field) or Enter;
- no number is ever split or merged: what is typed into a field stays in it;
- nothing that changes the score is filled in silently: a proposal (the tricks from
  the points, the next dealer) is shown in its field, selected, so typing replaces it;
- a blank required field is "missing", never a default meaning;
- Enter saves the hand when nothing is missing or wrong, else goes to the first field
  that needs something; the preview under the form says what Enter will save.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from scorekeeper.document import read_hand
from scorekeeper.i18n import _, ngettext
from scorekeeper.problems import InvalidNight, Problem
from scorekeeper.results import HandResult
from scorekeeper.validation import validate_hand, who_sits_out

from .entry_fields import EntryCheck, EntrySpin, NumberField, SeatField
from .entry_hands import CardHandFields, Found
from .labels import PROBLEM_COLOUR, FittedText, in_words
from .session import HandLine, NightView

PREVIEW_LINES = 2  # what the preview under the form always has room for


def _field_of(problem: Problem) -> str:
    """The hand's field a problem is about: `points` for `points.Ann`, and a rule the
    hand runs into (`rules.stake_cents`) by the rule's own name."""
    return problem.field.removeprefix("rules.").split(".")[0]


class EntryForm(CardHandFields):
    """The form under the sheet that records, inserts or edits one hand.  A subclass
    builds its fields (`_build`), clears them (`_reset`), shows the ones a hand type
    needs (`_type_changed`) in the rows it lays them out in (`kind_rows`: ui.entry_grid),
    loads a record (`start_edit`) and writes one (`hand`).  The fields are typed (and
    Tab goes) in the order they read (`typing_order`)."""

    submitted = Signal(dict)
    cancelled = Signal()

    # The fields every hand has, which each form builds (`type_row` the dealer's).
    dealer: SeatField
    doublers: EntrySpin
    last_hand: EntryCheck
    sitting_out: QLineEdit

    def __init__(self) -> None:
        super().__init__()
        self.view: NightView | None = None
        self.editing: HandLine | None = None
        self.insert_at: int | None = None
        self.found: list[Found] = []  # each problem, beside its field
        self.result: HandResult | None = None  # the hand's score, when it has no problem
        self.tried = False  # "missing" is said beside a field only once a save was tried
        self._checks_held = False  # while the form is cleared field by field (`start_new`)
        self._doubler_names: list[str] = []
        self._recorded: set[str] = set()  # what of these the hand being edited records
        self._baseline: tuple[Any, ...] = ()
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setAccessibleName(_("Which hand"))
        # Two lines, whatever it says (a longer sentence is cut, whole in its tooltip):
        # the sheet above keeps its height as the hand is typed.
        self.preview = FittedText(PREVIEW_LINES, name=_("Preview"))
        self.preview.setStyleSheet(
            "QLabel { background: palette(alternate-base); padding: 4px; "
            "border: 1px solid palette(mid); }"
        )
        self._build()
        self.types.idClicked.connect(lambda _: self._first_field_focus())

    def button_row(self, *checks: QWidget) -> QHBoxLayout:
        """Under the fields: CHECKS (the last hand's check box), the problems line,
        Cancel edit and Save hand."""
        self.general = FittedText(1, name=_("Problems"))  # one line, as a field's problem
        self.general.setStyleSheet(f"color: {PROBLEM_COLOUR};")
        self.save = QPushButton(_("Sa&ve hand"))
        self.save.setAccessibleName(_("Save hand"))
        self.save.setToolTip(_("Enter saves the hand from any field"))
        self.save.clicked.connect(self.submit)
        self.cancel = QPushButton(_("Cancel edit"))
        self.cancel.setToolTip("Esc")
        self.cancel.clicked.connect(self.cancelled.emit)
        buttons = QHBoxLayout()
        for check in checks:
            buttons.addWidget(check)
        buttons.addWidget(self.general, 1)
        buttons.addWidget(self.cancel)
        buttons.addWidget(self.save)
        return buttons

    @property
    def problems(self) -> list[str]:
        """Every problem with the hand as entered, "field: message"."""
        return [f"{p.key}: {p.message}" for p in self.found]

    # -- what a subclass provides --------------------------------------------------

    def _build(self) -> None:
        raise NotImplementedError

    def _reset(self) -> None:
        raise NotImplementedError

    def _first_field_focus(self) -> None:
        raise NotImplementedError

    def start_edit(self, line: HandLine) -> None:
        raise NotImplementedError

    def hand(self) -> dict[str, Any]:
        raise NotImplementedError

    def form_problems(self) -> list[Found]:
        """Problems the form itself sees, before the core looks."""
        return []

    # -- state ---------------------------------------------------------------------

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
            self.start_new(self.insert_at if view is not None else None)
        else:
            self._refresh_heading()

    def start_new(self, insert_at: int | None = None) -> None:
        """Clear the form for the next hand (or one inserted at INSERT_AT), with the
        dealer whose turn it is proposed."""
        if self.view is not None and insert_at is not None:
            insert_at = insert_at if 1 <= insert_at <= len(self.view.lines) else None
        self.editing, self.insert_at = None, insert_at
        self.tried = False
        self._recorded = set()
        # Each field cleared would check the half-cleared hand (six times a hand): the
        # new hand is checked once, when it is all there.
        self._checks_held = True
        try:
            self._reset()
            self._forget_choice_typing()
            if self.view is not None:
                self.dealer.set_value(self.view.dealer_for(self.number))
            self._refresh_heading()
        finally:
            self._checks_held = False
        self.check()
        self._baseline = self.snapshot()

    def _forget_choice_typing(self) -> None:
        """A choice list finds an item by the letters typed within a moment; a new hand
        starts its search afresh, so that "1" typed now is not read as "11"."""
        for box in self.findChildren(QComboBox):
            box.view().keyboardSearch("")

    def started_edit(self) -> None:
        """What `start_edit` does last in both forms: heading, check, focus, baseline."""
        self._forget_choice_typing()
        self._refresh_heading()
        self.check()
        self._first_field_focus()
        self._baseline = self.snapshot()

    def _refresh_heading(self) -> None:
        if self.view is None:
            self.heading.setText(_("Start a night to record hands (File ▸ New night, Ctrl+N)."))
        elif self.editing is not None:
            self.heading.setText(
                _("Editing hand {number} (Esc to cancel)").format(number=self.number)
            )
        elif self.insert_at is not None:
            self.heading.setText(
                _("Inserting a hand at {number} (Esc to cancel)").format(number=self.number)
            )
        else:
            self.heading.setText(_("Hand {number}").format(number=self.number))
        self.cancel.setVisible(self.editing is not None or self.insert_at is not None)
        closed = self.view is not None and self.view.closed
        self.setEnabled(self.view is not None and not closed)
        if closed:
            self.heading.setText(_("The night is closed. Reopen it (Settle up) to change it."))

    def _needs_sitting_out(self) -> bool:
        if self.view is None:
            return False
        return len(self.seated()) > self.view.rules.dealt_in + 1

    def shows_sitting_out(self) -> bool:
        """Whether the form asks who sits out: when two or more are seated beyond those
        dealt in, or the hand being edited names them (it may, with one more)."""
        return self._needs_sitting_out() or "sitting_out" in self._recorded

    def present_out(self, record: dict[str, Any]) -> list[str]:
        """Who of those at the table for the hand RECORD says sat it out (the night's
        document adds the players not yet come or gone home: not the hand's own)."""
        present = self.seated()
        return [p for p in record.get("sitting_out") or [] if p in present]

    def recorded_sitting_out(self, record: dict[str, Any]) -> list[str]:
        """Who RECORD names as sitting out beyond what the dealer rule says, of those at
        the table: what the form must show so that the hand saved keeps it."""
        named = self.present_out(record)
        if not named or self.view is None:
            return []
        rule = who_sits_out(None, record.get("dealer"), self.view.rules, self.seated())
        return [] if set(named) == set(rule) else named

    def shows_doubling(self, played: bool) -> bool:
        """Whether the form asks for doublers and the last-hand mark: on a hand PLAYED,
        or one edited that records them (a hand nobody played may carry them)."""
        return played or bool(self._recorded & {"doublers", "last_hand"})

    def load_common(self, record: dict[str, Any]) -> None:
        """The fields every hand has: dealer, doublers, last hand, sitting out, note."""
        self.dealer.set_value(record.get("dealer"))
        doublers = record.get("doublers", 0)
        self.doublers.setValue(len(doublers) if isinstance(doublers, list) else doublers)
        self._doubler_names = doublers if isinstance(doublers, list) else []
        self.last_hand.setChecked(bool(record.get("last_hand")))
        self._recorded = {k for k in ("doublers", "last_hand") if record.get(k)}
        named = self.recorded_sitting_out(record)
        if named:
            self._recorded.add("sitting_out")
        if named or (record.get("sitting_out") and self._needs_sitting_out()):
            self.sitting_out.setText(", ".join(named or self.present_out(record)))
        self.note.setText(record.get("note") or "")

    def common_fields(self, hand: dict[str, Any], *, played: bool) -> None:
        """Write the dealer, who sits out and the note into HAND, and when the hand was
        PLAYED, its doublers and the last-hand mark."""
        dealer = self.dealer.entered()
        if dealer:
            hand["dealer"] = dealer
        if self.shows_sitting_out() and self.sitting_out.text().strip():
            hand["sitting_out"] = self.names_in(self.sitting_out.text())
        if self.note.text().strip():
            hand["note"] = self.note.text()
        doubling = self.shows_doubling(played)
        if doubling and self.doublers.value():
            count = self.doublers.value()
            names = self._doubler_names[:count]
            hand["doublers"] = names if len(names) == count else count
        if doubling and self.last_hand.isChecked():
            hand["last_hand"] = True

    def hand_common(self) -> dict[str, Any]:
        """The dealer and who sits out, as typed (who is dealt in follows from them)."""
        hand: dict[str, Any] = {}
        self.common_fields(hand, played=False)
        return hand

    # -- typing in progress ----------------------------------------------------------

    def snapshot(self) -> tuple[Any, ...]:
        """Everything typed or chosen in the form, to tell whether anything was."""
        state: list[Any] = [self.kind]
        for widget in self.findChildren(QWidget):
            if (
                isinstance(widget, QLineEdit)
                and not isinstance(widget.parent(), QAbstractSpinBox | QComboBox)
            ) or isinstance(widget, QAbstractSpinBox):
                state.append(widget.text())
            elif isinstance(widget, QComboBox):
                state.append(widget.currentIndex())
            elif isinstance(widget, QAbstractButton) and widget.isCheckable():
                state.append(widget.isChecked())
        return tuple(state)

    def has_typing(self) -> bool:
        """True when something was typed or chosen since the form was last cleared or
        loaded (what Ctrl+Z clears before it undoes anything stored)."""
        return self.view is not None and self.snapshot() != self._baseline

    def clear_typing(self) -> None:
        """Put the form back as it was: an empty new hand, or the hand being edited as
        it is recorded."""
        if self.editing is not None:
            self.start_edit(self.editing)
        else:
            self.start_new(self.insert_at)
            self._first_field_focus()

    # -- the hand ------------------------------------------------------------------

    def field_problems(self) -> list[Found]:
        """What the visible seat and number fields cannot read, by field key."""
        found: list[Found] = []
        visible = self._visible_keys()
        for key, widget in self.field_order():
            if key in visible and isinstance(widget, SeatField | NumberField):
                problem = widget.problem()
                if problem:
                    found.append(Found(key, problem))
        return found

    def check(self) -> list[str]:
        """Find every problem with the hand as entered; show each beside its field, and
        the preview of what Enter would save."""
        if self._checks_held:
            return self.problems
        # setText, not clear(): an empty label cleared again lays out and repaints its form.
        for label in self.errors.values():
            label.setText("")
        self.general.setText("")
        self.found, self.result = [], None
        if self.view is None:
            self.save.setEnabled(False)
            self.preview.setText("")
            return self.problems
        found = self.field_problems() + self.form_problems() + self.result_problems()
        found += [p for key in self.seat_order_fields() for p in self.seat_order_problems(key)]
        seen = {p.key for p in found}
        hand = self.view.as_document_hand(self.hand(), self.number)
        parsed, problems = read_hand(hand, self.view.players, self.view.rules, self.number)
        if parsed is not None:
            problems = validate_hand(parsed, self.view.rules, self.view.players)
        found += [
            Found(key, in_words(p.message), p.missing)
            for p in problems
            if (key := self.field_for(_field_of(p))) not in seen
        ]
        for problem in found:
            self._show_problem(problem)
        if not found and parsed is not None:
            try:
                self.result = self.view.preview(parsed, self.number)
            except InvalidNight as error:
                for p in error.problems:
                    self._show_problem(
                        Found(self.field_for(_field_of(p)), in_words(p.message), p.missing)
                    )
        self.save.setEnabled(not self.found)
        self._show_preview(hand)
        return self.problems

    def _show_problem(self, problem: Found) -> None:
        self.found.append(problem)
        if problem.missing and not self.tried:
            return
        key, message = problem.key, problem.message
        label = self.errors.get(key)
        if label is not None and label.isVisibleTo(self):
            label.setText(" ".join(filter(None, [label.text(), f"⚠ {message}"])))
        else:
            name = self.labels.get(key, key)
            self.general.setText(
                " ".join(filter(None, [self.general.text(), f"⚠ {name}: {message}"]))
            )

    def _show_preview(self, hand: dict[str, Any]) -> None:
        """Under the form, always: what Enter will save, in words and numbers, or what
        is still needed; and a new hand after the one marked the night's last, said."""
        said = self._preview_text(hand)
        after = self.after_the_last_hand()
        if after is not None:
            last = _("(Hand {number} was marked the night's last hand.)").format(number=after)
            said = f"{said} {last}"
        self.preview.setText(said)

    def after_the_last_hand(self) -> int | None:
        """The number of the hand marked the night's last, when a new hand is typed at
        the end after it (hands after the last hand were taken without a word, a trial)."""
        if self.view is None or self.editing is not None or self.insert_at is not None:
            return None
        lines = self.view.lines
        return lines[-1].number if lines and lines[-1].record.get("last_hand") else None

    def _preview_text(self, hand: dict[str, Any]) -> str:
        """What Enter will save, or what is still needed."""
        if self.result is not None:
            tricks = hand.get("tricks")
            said = (
                ngettext(
                    "Hand {number} ({count} trick): {explanation} Enter saves it.",
                    "Hand {number} ({count} tricks): {explanation} Enter saves it.",
                    tricks,
                )
                if isinstance(tricks, int)
                else _("Hand {number}: {explanation} Enter saves it.")
            )
            return said.format(
                number=self.number, count=tricks, explanation=self.result.explanation
            )
        missing = {p.key for p in self.found if p.missing}
        others = [(p.key, p.message) for p in self.found if p.key not in missing]
        parts = []
        if missing:
            names = [self.labels.get(key, key) for key in self.typing_order if key in missing]
            parts.append(_("Still to type: {fields}.").format(fields=", ".join(names)))
        if others:
            key, message = others[0]
            parts.append(f"{self.labels.get(key, key)}: {message}.")
        return " ".join(parts) or _("Hand {number}").format(number=self.number)

    def first_problem_field(self) -> QWidget | None:
        """The first field, in typing order, that has a problem."""
        keys = {p.key for p in self.found}
        visible = self._visible_keys()
        for key, widget in self.field_order():
            if key in keys and key in visible and widget.isEnabled():
                return widget
        return None

    def is_as_recorded(self, hand: dict[str, Any]) -> bool:
        """Whether HAND, read as the core reads a hand, is the hand being edited as it is
        recorded: then saving it would write nothing new."""
        if self.editing is None or self.view is None:
            return False
        view, number = self.view, self.editing.number

        def read(record: dict[str, Any]) -> Any:
            parsed, problems = read_hand(
                view.as_document_hand(record, number), view.players, view.rules, number
            )
            return None if problems else parsed

        recorded = read(self.editing.record)
        return recorded is not None and read(hand) == recorded

    def submit(self) -> None:
        """Save the hand if it has no problem (Enter anywhere in the form); else go to
        the first field that needs something."""
        self.tried = True
        if self.view is None or self.view.closed:
            return
        if self.check():
            field = self.first_problem_field()
            if field is not None:
                field.setFocus(Qt.FocusReason.OtherFocusReason)
                self.check()  # the field may have proposed a value on taking the focus
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
