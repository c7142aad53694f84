"""Where an entry form's fields go: `FieldGrid`, the hand-type buttons and the grid
of fields in rows, two halves side by side (label, field and problem each), a field
always in the same half, the rows of each hand type (`kind_rows`, then `COMMON_ROWS`)
shown together, none of whose fields shows taking no room; the columns as wide as
their widest field, shown or not (a hand type moves no field across); and Tab going
through the fields in the order they read, row by row."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from scorekeeper.i18n import _

from .entry_fields import EntryRadio, SeatField
from .labels import PROBLEM_COLOUR, FittedText

Row = tuple[str | None, str | None]  # a grid row: its left and right field's key, or None

# What every hand type's rows end with (`FieldGrid.kind_rows`): the doublers and the
# other misplayers, the dealer and the note, and who sits out; each where the type
# shows it.
COMMON_ROWS: tuple[Row, ...] = (
    ("doublers", "misplays"),
    ("dealer", "note"),
    ("sitting_out", None),
)


class FieldGrid(QWidget):
    """An entry form's hand-type buttons and its grid of fields (`field_grid`), each
    hand type's fields shown in its rows (`show_rows`); a form says which rows a hand
    type has (`kind_rows`) and what changes with the type (`_type_changed`)."""

    # Under the grid, last in Tab's order (EntryForm.button_row).
    cancel: QPushButton
    save: QPushButton

    def __init__(self) -> None:
        super().__init__()
        self.errors: dict[str, FittedText] = {}
        self.rows: dict[str, list[QWidget]] = {}  # key: its label, field and problem
        self.labels: dict[str, str] = {}
        self.checks: set[str] = set()  # the keys of the grid's check boxes
        self._places: dict[str, tuple[int, int]] = {}  # key: the row and half shown in
        self._halves: dict[str, int] = {}
        self._after: tuple[QWidget, ...] = ()
        self.types = QButtonGroup(self)

    def type_row(self, types: Sequence[tuple[str, str]]) -> QHBoxLayout:
        """The hand-type buttons, in TYPES order (kind, label with its mnemonic), and
        the dealer field."""
        row = QHBoxLayout()
        for number, (kind, label) in enumerate(types):
            button = EntryRadio(label)
            button.setAccessibleName(label.replace("&", ""))
            button.setProperty("kind", kind)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Alt+letter; Tab skips them
            self.types.addButton(button, number)
            row.addWidget(button)
        row.addStretch()
        self.types.button(0).setChecked(True)
        self.types.idToggled.connect(self._type_toggled)
        self.dealer = SeatField(_("Dealer"))
        return row

    def field_grid(self, fields: Sequence[tuple[str, QWidget, str]]) -> QGridLayout:
        """The grid of FIELDS, each (its label, the field, its key) with its problem
        beside it.  Where each goes is each hand type's (`kind_rows`, `show_rows`): two
        halves side by side, label, field and problem each, a field always in the same
        half (`halves`); a check box (a renonce) is its own label."""
        grid = QGridLayout()
        self.grid = grid
        for label_text, widget, key in fields:
            label = QLabel(label_text)
            if isinstance(widget, QAbstractButton):
                label.clear()  # its own text says what it is, and its Alt letter
                self.checks.add(key)
                label_text = widget.text()
            else:
                label.setBuddy(widget)
                label.setWordWrap(True)  # a long label (German) wraps, the window stays narrow
            self.labels[key] = label_text.replace("&", "")
            # One line, cut with "…" and whole in its tooltip: a problem said never
            # makes its row taller, nor the sheet above shorter.
            name = _("Problem with {field}").format(field=self.labels[key])
            error = FittedText(1, name=name)
            error.setStyleSheet(f"color: {PROBLEM_COLOUR};")
            self.errors[key] = error
            self.rows[key] = [label, widget, error]
            for each in self.rows[key]:  # the form's, shown where a hand type places it
                each.setParent(self)
                each.hide()
        grid.setColumnStretch(2, 1)
        grid.setColumnStretch(5, 1)
        return grid

    def chain_tabs(self, *after: QWidget) -> None:
        """Tab goes through the fields shown in the order they read, then AFTER (the
        check boxes under them), Cancel edit and Save: as laid out, row by row."""
        self._after = after
        self._chain()

    def _chain(self) -> None:
        widgets = [widget for _, widget in self.field_order()] + [
            *self._after,
            self.cancel,
            self.save,
        ]
        for first, second in itertools.pairwise(widgets):
            QWidget.setTabOrder(first, second)

    def show_rows(self, show: dict[str, bool]) -> None:
        """Show the fields SHOW names, in the rows of the hand type (`kind_rows`, then
        `COMMON_ROWS`), each in its half; a row none of whose fields shows takes no
        room, so the fields of every hand type stand together.  The grid keeps its
        columns' widths, whatever is shown (`_steady_grid`), and Tab follows the rows."""
        laid = self._rows_shown(show)
        self._steady_grid(len(laid))
        self._place(laid)
        self._chain()

    def _rows_shown(self, show: dict[str, bool]) -> list[Row]:
        """The rows of this hand type that show a field, each field once (the first
        row that names it)."""
        laid: list[Row] = []
        seen: set[str] = set()
        for row in (*self.kind_rows(self.kind), *COMMON_ROWS):
            left, right = (
                key if key is not None and show.get(key) and key not in seen else None
                for key in row
            )
            seen.update(key for key in (left, right) if key is not None)
            if left is not None or right is not None:
                laid.append((left, right))
        unplaced = {key for key, shown in show.items() if shown} - seen
        assert not unplaced, f"shown in no row of a {self.kind}: {unplaced}"
        return laid

    def _place(self, laid: list[Row]) -> None:
        """Each field of LAID in its row and half; every other field hidden."""
        places = {
            key: (row, half)
            for row, cells in enumerate(laid)
            for half, key in enumerate(cells)
            if key is not None
        }
        for key, (label, field, error) in self.rows.items():
            place = places.get(key)
            if place != self._places.get(key):
                for widget in (label, field, error):
                    self.grid.removeWidget(widget)
                if place is not None:
                    row, half = place
                    column = half * 3
                    if key in self.checks:  # a check box across the label and the field
                        self.grid.addWidget(field, row, column, 1, 2)
                    else:
                        self.grid.addWidget(label, row, column)
                        self.grid.addWidget(field, row, column + 1)
                    self.grid.addWidget(error, row, column + 2)
            label.setVisible(place is not None and key not in self.checks)
            field.setVisible(place is not None)
            error.setVisible(place is not None)
        self._places = places

    def halves(self) -> dict[str, int]:
        """Each field's half of the grid (0 left, 1 right), the same at every hand type
        that shows it: so that it stays where it is when another type is chosen."""
        if not self._halves:
            kinds = [str(button.property("kind")) for button in self.types.buttons()]
            for row in (*(r for kind in kinds for r in self.kind_rows(kind)), *COMMON_ROWS):
                for half, key in enumerate(row):
                    if key is not None:
                        assert self._halves.setdefault(key, half) == half, f"{key} moves"
        return self._halves

    def _steady_grid(self, count: int) -> None:
        """Hold each label and field column of the grid as wide as the widest of its
        half's labels or fields, shown or not, and each of the COUNT rows shown as tall
        as the tallest field: what the form needs, and where each field sits across,
        are then the same at every hand type (a solo's choice boxes widened the window
        by 10 pixels, moved every field across, and the sheet's edge down)."""
        widest: dict[int, int] = {}
        tallest = 0
        halves = self.halves()
        for key, (label, field, _error) in self.rows.items():
            tallest = max(tallest, field.sizeHint().height(), label.sizeHint().height())
            if key in self.checks:
                continue  # across both columns: it widens neither
            column = halves.get(key, 0) * 3
            for offset, widget in enumerate((label, field)):
                width = widget.sizeHint().width()
                widest[column + offset] = max(widest.get(column + offset, 0), width)
        for column, width in widest.items():
            self.grid.setColumnMinimumWidth(column, width)
        for row in range(max(self.grid.rowCount(), count)):
            self.grid.setRowMinimumHeight(row, tallest if row < count else 0)
        # A field's problem in as many lines as its row has room for (two beside a label
        # of two lines), never more: a problem said never makes its row taller.
        for error in self.errors.values():
            error.set_lines(max(1, tallest // error.fontMetrics().lineSpacing()))

    def _type_changed(self) -> None:
        raise NotImplementedError

    def _type_toggled(self, _button: int, checked: bool) -> None:
        if checked:  # the button unchecked toggles too
            self._type_changed()

    def kind_rows(self, kind: str) -> Sequence[Row]:
        """The grid's rows of a hand of KIND, before `COMMON_ROWS`: each its left and
        right field's key (or None), every field the kind may show, in the order they
        read; a form's own."""
        raise NotImplementedError

    @property
    def typing_order(self) -> tuple[str, ...]:
        """The keys of the fields, those shown in the order they read (row by row, left
        to right), then the others."""
        return tuple(key for key, _ in self.field_order())

    def field_order(self) -> list[tuple[str, QWidget]]:
        """(key, widget) of every field: those shown in the order they read (the order
        they are typed, Tab's), then the others."""
        shown = sorted(self._places, key=self._places.__getitem__)
        rest = [key for key in self.rows if key not in self._places]
        return [(key, self.rows[key][1]) for key in (*shown, *rest)]

    def _visible_keys(self) -> set[str]:
        return {key for key, (_, widget, _) in self.rows.items() if widget.isVisibleTo(self)}

    @property
    def kind(self) -> str:
        """The hand type chosen (its button's `kind`)."""
        button = self.types.checkedButton()
        assert button is not None, "type_row checks the first hand type"
        return str(button.property("kind"))

    def set_kind(self, kind: str) -> None:
        for button in self.types.buttons():
            if button.property("kind") == kind:
                button.setChecked(True)
