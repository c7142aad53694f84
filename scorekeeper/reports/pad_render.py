"""A score pad on paper: the blank pad of `scorekeeper report pad` and a tournament's
table sheets (`render_pads`: a row for each hand and its dealer, the lines to sign), laid
out with `render.Renderer` as the night's sheet is (`render.sheet_frame`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer, TableStyle

from scorekeeper.i18n import _
from scorekeeper.reports.data import PadReport
from scorekeeper.reports.render import (
    BOLD,
    FONT,
    PADDING,
    Names,
    Progress,
    Renderer,
    fit,
    sheet_frame,
)
from scorekeeper.reports.tables import TextTable

PAD_ROW = 18  # the height of a blank row of the score pad, in points
CELL_LINE = 11  # a 9-point cell's line, without its padding
SHEET_ROOM = 200  # a table sheet's title, lines and signatures, in points


def render_pad(
    report: PadReport, progress: Progress | None = None, paper: str | None = None
) -> bytes:
    """A blank score pad: the hand columns and a points and running-total column pair
    for each player, with room to write."""
    r = Renderer(report.title, progress, paper)
    r.body_size = 9
    return r.build(pad_story(r, report))


def render_pads(
    title: str,
    reports: Sequence[PadReport],
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """Several pads in one PDF, each from a new page (a session's table sheets),
    upright as a ticket is."""
    r = Renderer(title, progress, paper, portrait=True)
    r.body_size = 9
    story: list[Flowable] = []
    for index, report in enumerate(reports):
        if index:
            story.append(PageBreak())
        story += pad_story(r, report)
    return r.build(story or [r.text(title)])


def pad_story(r: Renderer, report: PadReport) -> list[Flowable]:
    """A pad's title, what it is for, its sheet (a row for each hand and its dealer,
    when they are known) and the lines to sign."""
    story: list[Flowable] = [r.text(report.title, "title")]
    story += [r.text(line, "small") for line in report.lines] or [
        r.text(
            _(
                "Date: ____________   League: ______________________   "
                "Table: ____   Stake: ______ a point"
            )
        )
    ]
    header, widths, spans = sheet_frame(r, report.header, report.players)
    # REPORT's rows fill a Letter page; a shorter one (A4, landscape) has fewer.
    rows = report.rows - math.ceil(max(0.0, LETTER[0] - r.pagesize[1]) / PAD_ROW)
    if report.dealers:
        rows = len(report.dealers)
    room = 2 * widths[-1] - 2 * PADDING  # a name spans its points and total columns
    if any(fit(p, room, BOLD, r.body_size) != p for p in report.players):
        # A name is shortened over its columns: the whole names go above the sheet,
        # in the room of as many blank rows as their lines need.
        clockwise = _("Players, clockwise: {players}").format(players=", ".join(report.players))
        names = r.text(clockwise, "small")
        if not report.dealers:
            rows -= math.ceil(names.wrap(r.width, r.pagesize[1])[1] / PAD_ROW)
        story.append(names)
    story.append(Spacer(1, 6))
    blank = [""] * (len(header[0]) - 1)
    body = [[str(n), *blank] for n in range(1, rows + 1)]
    first = len(report.header)
    for number, dealer in enumerate(report.dealers):
        body[number][1] = dealer
        if report.sits_out:  # the dealer's cells: struck, the dealer plays no card
            seat = report.players.index(dealer)
            body[number][first + 2 * seat] = "—"
    body.append([_("Total"), *blank])
    padding = 4.0
    if report.dealers:  # as tight as a page of them needs, but room to write (48 rows: 2)
        room = r.pagesize[1] - 2 * r.margin - SHEET_ROOM
        padding = max(1.5, min(4.0, (room / (rows + 3) - CELL_LINE) / 2))
    spans += [
        ("TOPPADDING", (0, 2), (-1, -1), padding),
        ("BOTTOMPADDING", (0, 2), (-1, -1), padding),
        ("SPAN", (0, -1), (first - 1, -1)),
        ("FONT", (0, -1), (-1, -1), BOLD, 9),
        ("ALIGN", (first, 2), (-1, -1), "CENTER"),
    ]
    names = Names(rows=frozenset({0}), columns=frozenset({1}) if report.dealers else frozenset())
    story.append(r.table(header, body, widths, extra=spans, names=names))
    if report.signatures:
        story.append(Spacer(1, 10))
        story.append(_signatures(r, report.signatures))
    return story


def _signatures(r: Renderer, names: Sequence[str]) -> Flowable:
    """A line to sign beside each name, three to a row, kept together."""
    label = min(110.0, r.width / 6)
    cells = [(fit(name, label - 2 * PADDING, FONT, r.body_size), "") for name in names]
    rows: list[list[str]] = []
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, r.body_size),
        ("TOPPADDING", (0, 0), (-1, -1), 10),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
    ]
    for index in range(len(cells)):  # a line to sign beside each name, none elsewhere
        row, column = divmod(index, 3)
        style.append(("LINEBELOW", (2 * column + 1, row), (2 * column + 1, row), 0.6, colors.black))
    for start in range(0, len(cells), 3):
        row_cells = [x for pair in cells[start : start + 3] for x in pair]
        rows.append(row_cells + [""] * (6 - len(row_cells)))
    each = r.width / 3
    table = TextTable(rows, colWidths=[label, each - label - 8] * 3, hAlign="LEFT")
    table.setStyle(TableStyle(style))
    return KeepTogether([r.text(_("Checked and signed:"), "small"), table])
