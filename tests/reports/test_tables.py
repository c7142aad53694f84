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
