"""reportlab's tables, laid out faster with the same look (issue 20).

- `TextTable` draws its plain one-line text cells in one PDF text object a table,
  where reportlab starts one for every cell (most of a report's time without
  reportlab's optional C accelerator): the same glyphs at the same places.
- `PagedRows` lays a long table out a page at a time.  reportlab splits a table by
  making a new table of the rows left at every page and measuring them all again
  (3,200 nights over 85 pages is 85 measurements of up to 3,200 rows); here the rows
  are measured once and each page's part is a table of its own rows only, split where
  reportlab would split it, its zebra stripes where they were.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Table

_ALIGNED = ("LEFT", "RIGHT", "CENTRE", "CENTER")


def _plain(cell: object, style: Any) -> bool:
    """Whether CELL is text reportlab would draw as one line with no extras."""
    return (
        isinstance(cell, str)
        and "\n" not in cell
        and style.alignment in _ALIGNED
        and not (style.direction or style.shaping or style.href or style.destination)
    )


class TextTable(Table):
    """A Table whose plain text cells share one text object (see the module)."""

    _text: Any = None
    _text_style: Any = None

    def draw(self) -> None:
        self._text = None
        super().draw()

    def _drawCell(self, cellval: Any, cellstyle: Any, pos: Any, size: Any) -> None:
        if not _plain(cellval, cellstyle):
            self._flush_text()
            super()._drawCell(cellval, cellstyle, pos, size)
            return
        if not cellval:
            return  # reportlab would write an empty text object: no ink
        text = self._text
        if text is None:
            text = self._text = self.canv.beginText()
            self._text_style = None
        last = self._text_style
        font, size_pt, leading = cellstyle.fontname, cellstyle.fontsize, cellstyle.leading
        if last is None or cellstyle.color != last.color:
            text.setFillColor(cellstyle.color)
        if (
            last is None
            or font != last.fontname
            or size_pt != last.fontsize
            or leading != last.leading
        ):
            text.setFont(font, size_pt, leading)
        self._text_style = cellstyle
        (colpos, rowpos), (colwidth, rowheight) = pos, size
        just, valign = cellstyle.alignment, cellstyle.valign
        # reportlab's own arithmetic (Table._drawCell, one line of text)
        if just == "LEFT":
            x = colpos + cellstyle.leftPadding
        else:
            width = pdfmetrics.stringWidth(cellval, font, size_pt)
            if just == "RIGHT":
                x = colpos + colwidth - cellstyle.rightPadding - width
            else:
                middle = colpos + (colwidth + cellstyle.leftPadding - cellstyle.rightPadding) * 0.5
                x = middle - 0.5 * width
        if valign == "BOTTOM":
            y = rowpos + cellstyle.bottomPadding + leading - size_pt
        elif valign == "TOP":
            y = rowpos + rowheight - cellstyle.topPadding - size_pt
        else:
            y = rowpos + (cellstyle.bottomPadding + rowheight - cellstyle.topPadding + leading) / 2
            y -= size_pt
        # The origin to 1/10,000 of a point, as reportlab writes it but without its
        # pure-Python fp_str (a fifth of the time here); then the text, in its font's
        # subsets (reportlab's own _textOut), ending its line as reportlab's textLine
        # does (T*), so text copied from the PDF keeps a line per cell.
        text._code.append(f"1 0 0 1 {x:.4f} {y:.4f} Tm")
        text._textOut(cellval, TStar=1)

    def _flush_text(self) -> None:
        """Write the cells drawn so far; the next drawn by reportlab sets its own font."""
        if self._text is not None:
            self.canv.drawText(self._text)
            self._text = None
            self._curcellstyle = None

    def _drawLines(self) -> None:
        self._flush_text()  # the text under the grid, as reportlab draws it
        super()._drawLines()


# make(start, stop): the table of the header rows and body rows START to STOP, striped
# as the whole table would be there.
MakeTable = Callable[[int, int], Table]


class PagedRows(Flowable):
    """The body rows START on of a long table, with its header rows on every page;
    measured once (by the table of every row), each page's part made when it is laid
    out.  Splits where reportlab's Table would: as many rows as fit under the header,
    at least one, or none on this page."""

    def __init__(
        self,
        make: MakeTable,
        rows: int,
        header_rows: int,
        *,
        measured: tuple[float, list[float]] | None = None,
        start: int = 0,
    ) -> None:
        super().__init__()
        self.make, self.rows, self.header_rows, self.start = make, rows, header_rows, start
        self.measured = measured  # (width, the heights of the header rows and every row)
        self.hAlign = "LEFT"

    def _heights(self, width: float, height: float) -> list[float]:
        if self.measured is None:
            whole = self.make(0, self.rows)
            whole.wrap(width, height)
            self.measured = (whole._width, list(itertools.accumulate(whole._rowHeights)))
        return self.measured[1]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        tops = self._heights(availWidth, availHeight)
        head = tops[self.header_rows - 1]
        before = tops[self.header_rows + self.start - 1]
        self.width = self.measured[0] if self.measured else 0.0
        self.height = head + tops[-1] - before
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        tops = self._heights(availWidth, availHeight)
        head = tops[self.header_rows - 1]
        before = tops[self.header_rows + self.start - 1]
        # the last row whose bottom is within the page: top-of-rows + its running height
        fit = bisect.bisect_right(tops, before + availHeight - head) - self.header_rows
        stop = min(self.rows, fit)
        if stop <= self.start:
            return []
        if stop == self.rows:
            return [self]
        rest = PagedRows(self.make, self.rows, self.header_rows, measured=self.measured, start=stop)
        return [self.make(self.start, stop), rest]

    def draw(self) -> None:
        part = self.make(self.start, self.rows)
        part.wrap(self.width, self.height)
        part.drawOn(self.canv, 0, 0)


def stripes(header_rows: int, start: int, stop: int) -> Sequence[int]:
    """The rows of a part holding body rows START to STOP that carry the zebra stripe:
    the whole table's odd body rows."""
    first = header_rows + (1 if start % 2 == 0 else 0)
    return range(first, header_rows + stop - start, 2)


def lean(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """A line's points without those on the straight segment between the point kept
    before them and the next (a player's flat run over the nights they sat out): the
    same line drawn, with about a sixth of the points on a league's chart."""
    kept: list[tuple[float, float]] = []
    last = len(points) - 1
    for index, point in enumerate(points):
        if kept and index < last and _on_segment(kept[-1], point, points[index + 1]):
            continue
        kept.append(point)
    return kept


def _on_segment(a: tuple[float, float], p: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether P lies on the straight segment from A to B."""
    (ax, ay), (px, py), (bx, by) = a, p, b
    within = min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)
    return within and (px - ax) * (by - ay) == (py - ay) * (bx - ax)
