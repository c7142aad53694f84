"""The faster tables and chart lines print what reportlab's own would: the same text
on the same pages, the same line."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st
from reportlab.platypus import Table

from scorekeeper.reports.render import Renderer
from scorekeeper.reports.tables import PagedRows, lean
from tests.reports.test_reports import pages

HEADER = [["Date", "Table", "Players", "Hands"]]
WIDTHS = (70, 120, 400, 50)


def nights(r: Renderer, count: int) -> list[list[object]]:
    """COUNT rows, every seventh with a players line long enough to wrap."""
    rows: list[list[object]] = []
    for n in range(count):
        players = ", ".join(f"Player {n}-{k}" for k in range(40 if n % 7 == 0 else 4))
        rows.append([f"2026-01-{n % 28 + 1:02d}", f"Table {n}", r.cell_text(players, 400), str(n)])
    return rows


def test_a_long_table_a_page_at_a_time_prints_the_pages_reportlab_would() -> None:
    r = Renderer("Nights", paper="Letter")
    body = nights(r, 230)
    whole = r.build([r.text("Nights", "heading"), r.table(HEADER, body, WIDTHS)])

    def part(start: int, stop: int) -> Table:
        return r.table(HEADER, body[start:stop], WIDTHS, start=start)

    paged = r.build([r.text("Nights", "heading"), PagedRows(part, len(body), len(HEADER))])
    printed = pages(paged)
    assert len(printed) > 5
    assert printed == pages(whole)  # every row once, in order, split where it was
    assert all(page[int(number == 0)] == "Date" for number, page in enumerate(printed))


def test_a_table_that_fits_is_one_part() -> None:
    r = Renderer("Nights", paper="A4")
    body = nights(r, 3)

    def part(start: int, stop: int) -> Table:
        return r.table(HEADER, body[start:stop], WIDTHS, start=start)

    printed = pages(r.build([PagedRows(part, len(body), len(HEADER))]))
    assert printed == pages(r.build([r.table(HEADER, body, WIDTHS)]))
    assert len(printed) == 1


def test_the_zebra_stripes_continue_across_pages() -> None:
    r = Renderer("Nights")
    for start in (0, 1, 40, 41):  # a page's part of ten body rows from START
        striped = {
            start + command[1][1] - 1  # the row of the whole table
            for command in r.table_style(1, 10, start)
            if command[0] == "BACKGROUND" and command[1][1] > 0
        }
        assert striped == {n for n in range(start, start + 10) if n % 2 == 1}


points = st.lists(st.integers(-3, 3), min_size=0, max_size=60).map(
    lambda steps: [(float(x), float(sum(steps[:x]))) for x in range(len(steps) + 1)]
)


@given(points)
def test_a_lean_line_is_the_same_line(line: list[tuple[float, float]]) -> None:
    kept = lean(line)
    assert kept[:1] == line[:1] and kept[-1:] == line[-1:]
    assert set(kept) <= set(line)
    for a, b in itertools.pairwise(kept):
        between = [p for p in line if a[0] < p[0] < b[0]]
        for x, y in between:  # each point left out lies on the segment drawn
            assert (x - a[0]) * (b[1] - a[1]) == (y - a[1]) * (b[0] - a[0])


def test_a_flat_run_becomes_one_segment() -> None:
    flat = [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 5.0), (4.0, 5.0), (5.0, 5.0)]
    assert lean(flat) == [(0.0, 0.0), (2.0, 0.0), (3.0, 5.0), (5.0, 5.0)]


def _glyphs(table_class: type[Table], valign: str) -> list[tuple[str, float, float, float]]:
    """Each text run of a small table of every alignment, span, colour and leading the
    reports use, built with TABLE_CLASS: its text, where it starts and its size."""
    import io

    from pypdf import PdfReader
    from reportlab.lib import colors
    from reportlab.platypus import SimpleDocTemplate, TableStyle

    from scorekeeper.reports.render import BOLD, FONT

    Renderer("fonts")  # the bundled fonts registered
    rows = [
        ["Head", "Right", "Centre", "Span", ""],
        ["a", "12", "mid", "spanned text", ""],
        ["bb", "-3", "c", "x", "y"],
        ["", "7", "", "z", "w"],
    ]
    table = table_class(
        rows, colWidths=(60, 60, 80, 60, 40), repeatRows=1, rowHeights=(30, 18, 18, 24)
    )
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 8),
                ("FONT", (0, 0), (-1, 0), BOLD, 9),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                ("ALIGN", (2, 0), (2, -1), "CENTRE"),
                ("VALIGN", (0, 0), (-1, -1), valign),
                ("TEXTCOLOR", (0, 2), (-1, 2), colors.red),
                ("SPAN", (3, 1), (4, 1)),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                ("LEADING", (0, 3), (-1, 3), 14),
            ]
        )
    )
    out = io.BytesIO()
    SimpleDocTemplate(out).build([table])
    found: list[tuple[str, float, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: object, size: float) -> None:
        if text.strip():
            x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
            found.append((text.strip(), round(x, 2), round(y, 2), size))

    PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text(visitor_text=visit)
    return sorted(found)


def test_a_text_table_puts_every_glyph_where_reportlab_s_table_does() -> None:
    """TextTable draws its cells in one text object: the same text, at the same places,
    in the same sizes as reportlab's own Table, in every alignment the reports use."""
    from scorekeeper.reports.tables import TextTable

    for valign in ("BOTTOM", "MIDDLE", "TOP"):
        theirs = _glyphs(Table, valign)
        assert len(theirs) >= 12
        assert _glyphs(TextTable, valign) == theirs, valign
