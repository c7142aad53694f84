"""The score sheet as a Qt table model: a row a hand, a column a player, then totals.

Marks are letters, not only colours (so the sheet reads in high contrast and on a
black-and-white printout), each game's own (`scorekeeper.games.Words`): at Sheepshead
P picked, p partnered; at Schafkopf S the Spieler (declarer), s the Mitspieler; at
both D dealt, L won the leaster, M misplayed, and a dash for sitting out.  Each player
cell shows the hand's points and the running total.  The sort role gives raw numbers.

What a hand's row says (its summary and marks) is what the scorer's game decided when
it scored the hand (`HandResult.summary`, `HandResult.marks`): the sheet only shows it.
Nor does the sheet check the sums: the core did (`night_totals`), with the pot, before
the night could reach the screen; the totals rows say so, and show the pot.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QResizeEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QTableView

from scorekeeper.formatting import money
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.results import NightResult

from .session import HandLine, NightView

NUMBER, DEALER, HAND, MULTIPLIER = range(4)
# A hand changed since it was recorded: the * after its number (marked here, said in the
# language spoken where shown).
CHANGED_TIP = N_("Changed after it was recorded: Night ▸ History of the selected hand (Ctrl+H).")
FIXED = ("#", N_("Dealer"), N_("Hand"), "×")  # translated where shown
# Roles as plain ints: a row's items are made asking every cell for each role, and
# comparing an int with PySide6's enum members each time costs more than the answer.
SORT_ROLE = int(Qt.ItemDataRole.UserRole.value)
HAND_ID_ROLE = SORT_ROLE + 1
DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
SPOKEN = int(Qt.ItemDataRole.AccessibleTextRole.value)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
FONT = int(Qt.ItemDataRole.FontRole.value)
RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
LEFT = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
TOTAL_ROWS = 2  # the points, then the money
Index = QModelIndex | QPersistentModelIndex


def _total_label(result: NightResult, which: int, currency: str) -> str:
    """What the totals row WHICH (0 the points, 1 the money, in CURRENCY) says in its
    hand column: that it sums to zero, with the pot when the night keeps one.  A
    `NightResult` exists only once the core found its totals and the pot summing to zero."""
    if result.pot is None:
        return _("Total (sums to 0 ✓)") if which == 0 else _("Money (sums to 0 ✓)")
    if which == 0:
        return _("Total (pot {pot}; sums to 0 ✓)").format(pot=result.pot)
    pot = money(result.pot_cents or 0, currency)
    return _("Money (pot {pot}; sums to 0 ✓)").format(pot=pot)


# The roles a hand's cells answer; a view asks for many more (font, colours, size...).
LINE_ROLES = frozenset({DISPLAY, SPOKEN, TOOLTIP, ALIGNMENT, HAND_ID_ROLE, SORT_ROLE})
ANSWERED = (*LINE_ROLES, FONT)  # every role any cell answers (FONT: the totals' bold)
# A cell is read, never edited in place (Enter or a double click edits the hand).
CELL_FLAGS = (
    Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren
)


class SheetModel(QStandardItemModel):
    """The night's score sheet; rebuilt whole from a `NightView` after every change but
    a hand recorded at the end.

    The cells are Qt's own items (`QStandardItemModel`), so a paint reads them without a
    call into Python for each role of each cell: the sheet painted in 1.8 ms instead of
    4.4 (docs/decisions.md).  A row's items are made the first time one of its indexes
    is asked for (`index`, which every view and caller goes through), from the view's
    answers (`_answers`): a night of 1,000 hands opens with only the rows on screen
    made, not 9,000 items (84 ms)."""

    def __init__(self) -> None:
        super().__init__()
        self.view: NightView | None = None
        self._running: list[dict[str, int]] = []
        self._made: list[bool] = []  # by row: its items made from the view

    def set_view(self, view: NightView | None) -> bool:
        """Show another state of the night: a hand added at the end is inserted as one
        row (the sheet keeps its place and reads only that row and the totals), and
        True is returned; anything else rebuilds the sheet (False)."""
        old = self.view
        if old is not None and view is not None and view.adds_one_hand_to(old):
            row = len(old.lines)
            self.view = view
            previous = self._running[-1] if self._running else dict.fromkeys(view.players, 0)
            points = view.lines[-1].result.points
            self._running.append({p: previous[p] + points.get(p, 0) for p in view.players})
            # The new hand's row and the totals under it: made when next asked (not
            # while the row goes in: the rows below it move meanwhile).
            del self._made[row:]
            self.insertRow(row)
            self._made += [False] * (1 + TOTAL_ROWS)
            totals = self.index(row + 1, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(*totals)
            return True
        self._made = []  # nothing made while the old rows go (the view asks of them)
        self.clear()
        self.view = view
        self._running = view.result.running_points() if view else []
        if view is not None:
            self.setColumnCount(len(FIXED) + len(view.players))
            self.setRowCount(len(view.lines) + TOTAL_ROWS)
            self.setHorizontalHeaderLabels([_(name) for name in FIXED] + list(view.players))
        self._made = [False] * self.rowCount()
        return False

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """The index of ROW, COLUMN, the row's items made first if they are not yet
        (a row not in `_made` is left as it is: the sheet is being changed)."""
        if 0 <= row < len(self._made) and not self._made[row] and not parent.isValid():
            self._make_row(row)
        return super().index(row, column, parent)

    def _make_row(self, row: int) -> None:
        """ROW's items, from what the view says of each of its cells; no signal (the
        row is being read, not changed)."""
        self._made[row] = True
        blocked = self.blockSignals(True)
        try:
            for column in range(self.columnCount()):
                answer = self._answers(row, column)
                item = QStandardItem()
                item.setFlags(CELL_FLAGS)
                for role in ANSWERED:
                    value = answer(role)
                    if value is not None:
                        item.setData(value, role)
                self.setItem(row, column, item)
        finally:
            self.blockSignals(blocked)

    # -- cells ---------------------------------------------------------------------

    def player_at(self, column: int) -> str | None:
        if self.view is None or column < len(FIXED):
            return None
        return self.view.players[column - len(FIXED)]

    def line_at(self, row: int) -> HandLine | None:
        if self.view is None or not 0 <= row < len(self.view.lines):
            return None
        return self.view.lines[row]

    def text(self, row: int, column: int) -> str:
        """What the cell at ROW, COLUMN shows (its display text, "" when empty), worked
        out without making its items: the sheet's fitting reads every cell's."""
        return str(self._answers(row, column)(DISPLAY) or "")

    def _answers(self, row: int, column: int) -> Callable[[int], Any]:
        """What answers each role of the cell at ROW, COLUMN: a hand's, or a total's."""
        assert self.view is not None
        lines = self.view.lines
        if row >= len(lines):
            return partial(self._total_data, row - len(lines), column)
        return partial(self._line_data, lines[row], column)

    def _line_data(self, line: HandLine, column: int, role: int) -> Any:
        if role not in LINE_ROLES:  # asked for every cell on screen: answer fast
            return None
        player = self.player_at(column)
        if role == HAND_ID_ROLE:
            return line.hand_id
        if role == TOOLTIP:  # the hand in words, its note, and what the * means
            said = [line.result.explanation]
            if line.record.get("note"):
                said.append(_("Note: {note}").format(note=line.record["note"]))
            if line.changed:
                said.append(_(CHANGED_TIP))
            return "\n".join(said)
        if role == ALIGNMENT:
            return RIGHT if (player or column in (NUMBER, MULTIPLIER)) else LEFT
        if player is None:
            return self._fixed_data(line, column, role)
        return self._player_data(line, player, role)

    def _fixed_data(self, line: HandLine, column: int, role: int) -> Any:
        if role == SORT_ROLE:
            if column == NUMBER:
                return line.number
            if column == MULTIPLIER:
                return line.result.multiplier
        elif role not in (DISPLAY, SPOKEN):
            return None
        if column == NUMBER:  # * after a hand changed since it was recorded
            return f"{line.number}*" if line.changed else str(line.number)
        if column == DEALER:
            return line.dealer or ""
        if column == HAND:
            return line.result.summary
        multiplier = line.result.multiplier
        return f"×{multiplier}" if multiplier > 1 else ""

    def _player_data(self, line: HandLine, player: str, role: int) -> Any:
        points = line.result.points[player]
        running = self._running[line.number - 1][player]
        sat_out = player not in line.result.active
        if role == DISPLAY:
            total = f"{running:+d}" if running else "0"
            return f"{line.result.sheet_cell(player)}   {total}"
        if role == SPOKEN:
            if sat_out:
                said = _("{player}, hand {number}: sat out, running total {total}")
            else:
                said = ngettext(
                    "{player}, hand {number}: {points} point, running total {total}",
                    "{player}, hand {number}: {points} points, running total {total}",
                    abs(points),
                )
            return said.format(
                player=player, number=line.number, points=f"{points:+d}", total=f"{running:+d}"
            )
        if role == SORT_ROLE:
            return points
        return None

    def _total_data(self, which: int, column: int, role: int) -> Any:
        assert self.view is not None
        result = self.view.result
        player = self.player_at(column)
        if role == FONT:
            font = QFont()
            font.setBold(True)
            return font
        if role == ALIGNMENT:
            return RIGHT
        if role not in (DISPLAY, SPOKEN, SORT_ROLE):
            return None
        if player is None:
            if column == HAND and role != SORT_ROLE:
                return _total_label(result, which, self.view.currency)
            return None
        if which == 0:
            points = result.total_points[player]
            if role == SORT_ROLE:
                return points
            return f"{points:+d}" if points else "0"  # as the hands' running totals write it
        cents = result.total_cents[player]
        return cents if role == SORT_ROLE else money(cents, self.view.currency)


class SheetView(QTableView):
    """The score sheet's table: while the night's last hand is the row chosen, the
    totals under it stay in sight when the sheet is made shorter (the form under it
    grows, or a restart lays the window out after the night was shown, its rows
    scrolled for a taller sheet)."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        model = self.model()
        current = self.currentIndex()
        last_hand = model.rowCount() - TOTAL_ROWS - 1 if model is not None else -1
        if current.isValid() and current.row() == last_hand:
            self.scrollToBottom()
