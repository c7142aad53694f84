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
"""

from __future__ import annotations

from PySide6.QtWidgets import QTableView

from .sheet_model import TOTAL_ROWS, SheetModel

# Text widths are whole pixels, the delegate's layout is not: every text within this of
# the widest is measured too.
SLACK = 2  # px


def fit_columns(sheet: QTableView, model: SheetModel) -> None:
    """Each column of SHEET (showing MODEL) as wide as Qt's fitting of every row makes
    it: its widest cell's size hint (and the grid line), or its header's if wider."""
    header = sheet.horizontalHeader()
    metrics = sheet.fontMetrics()  # the delegate's font for a hand's cell
    grid = 1 if sheet.showGrid() else 0
    hands = model.rowCount() - TOTAL_ROWS
    for column in range(model.columnCount()):
        first_row: dict[str, int] = {}  # each text once: the same text, the same width
        for row in range(hands):
            first_row.setdefault(model.text(row, column), row)
        widths = {text: metrics.horizontalAdvance(text) for text in first_row}
        widest = max(widths.values(), default=0)
        rows = [first_row[text] for text, width in widths.items() if width >= widest - SLACK]
        rows += range(hands, model.rowCount())  # the totals, in bold
        content = grid + max(
            sheet.sizeHintForIndex(model.index(row, column)).width() for row in rows
        )
        width = max(content, header.sectionSizeHint(column))
        header.resizeSection(
            column, min(max(width, header.minimumSectionSize()), header.maximumSectionSize())
        )
