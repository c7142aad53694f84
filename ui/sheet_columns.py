"""The score sheet's columns as wide as their widest cells, measured by Qt only where a
cell can be the widest (issue 20).

Qt's own fitting (`QTableView.resizeColumnsToContents`) asks the delegate for the size
of every cell: a call into the Python model and a text layout each, about 25 µs a cell,
some 15 ms for a 60-hand night at every start and every rebuild of the sheet.  A hand's
cell is as wide as its text in the sheet's font and the delegate's fixed margins, so the
cells that can be the widest are found from the text alone (`QFontMetrics`, a
microsecond a cell) and only those are measured as Qt measures them, with the totals
(in bold) and the header: the widths come out as Qt's own fitting makes them, every row
counted (tests/ui/test_sheet_columns.py), and nothing moves after the first paint.
The league window's tables are fitted the same way (`column_width`, for the first
`TABLE_ROWS` rows: ui/league/widgets.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QTableView

from .sheet_model import TOTAL_ROWS, SheetModel

# A text's advance is not quite the delegate's layout of it: every width within this of
# the widest is measured too.
SLACK = 2  # px


def fit_columns(sheet: QTableView, model: SheetModel) -> None:
    """Each column of SHEET (showing MODEL) as wide as Qt's fitting of every row makes
    it: its widest cell's size hint (and the grid line), or its header's if wider."""
    header = sheet.horizontalHeader()
    hands = model.rowCount() - TOTAL_ROWS
    totals = range(hands, model.rowCount())  # in bold: always measured
    for column in range(model.columnCount()):
        width = column_width(sheet, column, range(hands), model.text, always=totals)
        header.resizeSection(column, width)


def column_width(
    view: QTableView,
    column: int,
    rows: Iterable[int],
    text: Callable[[int, int], str],
    *,
    always: Iterable[int] = (),
) -> int:
    """COLUMN's width in VIEW as Qt's fitting of ROWS (and ALWAYS) makes it: the size
    hint of its widest cell by TEXT (row, column -> what the cell shows) in the view's
    font, and of the rows in ALWAYS whatever their text (another font), with the grid
    line; or its header's if wider; within the header's least and greatest."""
    header = view.horizontalHeader()
    metrics = QFontMetricsF(view.font())  # the delegate's font for a plain cell
    model = view.model()
    first_row: dict[str, int] = {}  # each text once: the same text, the same width
    for row in rows:
        first_row.setdefault(text(row, column), row)
    widths = {shown: metrics.horizontalAdvance(shown) for shown in first_row}
    widest = max(widths.values(), default=0.0)
    # One cell of each width that can be the widest (a column of figures has many of
    # one width: its digits are all as wide).
    of_width = {width: first_row[shown] for shown, width in widths.items()}
    measured = [row for width, row in of_width.items() if width >= widest - SLACK]
    measured += always
    grid = 1 if view.showGrid() else 0
    content = max(
        (view.sizeHintForIndex(model.index(row, column)).width() + grid for row in measured),
        default=0,
    )
    width = max(content, header.sectionSizeHint(column))
    return min(max(width, header.minimumSectionSize()), header.maximumSectionSize())


def widen_to(sheet: QTableView, model: SheetModel, rows: Iterable[int]) -> None:
    """Each column of SHEET widened where a cell of ROWS needs more room than it has.
    A cell is measured as Qt measures it (its size hint) only when its text, even in
    bold, comes within the delegate's margins of its column's width: after a hand is
    recorded at the end, usually none (27 size hints were 2 ms of recording a hand)."""
    grid = 1 if sheet.showGrid() else 0
    regular = QFontMetricsF(sheet.font())
    bold_font = QFont(sheet.font())
    bold_font.setBold(True)
    bold = QFontMetricsF(bold_font)  # the totals' font; at least as wide as the rest
    margin: float | None = None  # the delegate's room around a text, the same for any
    for column in range(model.columnCount()):
        width = sheet.columnWidth(column)
        needed = 0
        for row in rows:
            text = model.text(row, column)
            if not text:  # an empty cell needs no room
                continue
            if margin is not None and bold.horizontalAdvance(text) + margin + SLACK + grid <= width:
                continue  # fits, even in bold
            hint = sheet.sizeHintForIndex(model.index(row, column)).width()
            if margin is None:  # the first cell measured tells the delegate's margins
                is_total = row >= model.rowCount() - TOTAL_ROWS
                margin = hint - (bold if is_total else regular).horizontalAdvance(text)
            needed = max(needed, hint + grid)
        if needed > width:
            sheet.setColumnWidth(column, needed)
