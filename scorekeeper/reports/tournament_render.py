"""A tournament's paper laid out (the `Renderer`'s steps, nothing computed): the
seating list in three columns a page, big enough to read from a wall; a card a table;
the standings; the payout list with a line to sign for each prize.  The table sheets
are score pads (`pad_render.render_pads`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, PageBreak, Spacer, TableStyle

from scorekeeper.i18n import _
from scorekeeper.reports.render import BOLD, FONT, Names, Progress, Renderer
from scorekeeper.reports.tables import TextTable
from scorekeeper.reports.tournament_data import (
    PayoutReport,
    SeatingList,
    StandingsReport,
    TableCard,
)

SEATING_ROW = 15.5  # a seating list's row, in points
SEATING_ROOM = 110  # the first page's title and lines, in points


def render_seating(
    report: SeatingList, progress: Progress | None = None, paper: str | None = None
) -> bytes:
    """The seating list: every player by name, their table and seat, three columns of
    names to a page, read down each column."""
    r = Renderer(report.title, progress, paper)
    r.body_size = 10
    story: list[Flowable] = [r.text(report.title, "title")]
    story += [r.text(line) for line in report.lines]
    story.append(Spacer(1, 6))
    each = max(1, math.floor((r.pagesize[1] - 2 * r.margin - SEATING_ROOM) / SEATING_ROW))
    header = [_("Player"), _("Table"), _("Seat")] * 3
    name = (r.width - 3 * 90 - 2 * 16) / 3
    widths = [name, 45, 45, 16, name, 45, 45, 16, name, 45, 45]
    header = [header[0], header[1], header[2], "", *header[3:6], "", *header[6:9]]
    for start in range(0, len(report.rows), 3 * each):
        if start:
            story.append(PageBreak())
        page = report.rows[start : start + 3 * each]
        columns = [page[i * each : (i + 1) * each] for i in range(3)]
        body = []
        for row in range(len(columns[0])):
            cells: list[str] = []
            for index, column in enumerate(columns):
                if index:
                    cells.append("")
                cells += list(column[row]) if row < len(column) else ["", "", ""]
            body.append(cells)
        right: list[tuple[Any, ...]] = [
            ("ALIGN", (c, 0), (c, -1), "RIGHT") for c in (1, 2, 5, 6, 9, 10)
        ]
        blank: list[tuple[Any, ...]] = [
            ("BACKGROUND", (c, 0), (c, -1), colors.white) for c in (3, 7)
        ]
        blank += [("LINEBEFORE", (c, 0), (c, -1), 1.2, colors.black) for c in (4, 8)]
        names = Names(columns=frozenset({0, 4, 8}))
        story.append(r.table([header], body, widths, extra=[*right, *blank], names=names))
    return r.build(story)


def render_cards(
    cards: Sequence[TableCard],
    title: str,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """A card a table, a page each: the number large, the session, who sits where."""
    r = Renderer(title, progress, paper)
    big = ParagraphStyle("big", r.styles["title"], fontSize=96, leading=110, alignment=1)
    middle = ParagraphStyle("middle", r.styles["title"], fontSize=20, leading=26, alignment=1)
    story: list[Flowable] = []
    for index, card in enumerate(cards):
        if index:
            story.append(PageBreak())
        story += [
            r.styled(card.tournament, middle),
            r.styled(card.table, big),
            r.styled(card.session, middle),
            Spacer(1, 16),
        ]
        seats = TextTable(
            [list(seat) for seat in card.seats], colWidths=[110, 380], hAlign="CENTER"
        )
        seats.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 20),
                    ("FONT", (1, 0), (1, -1), BOLD, 20),
                    ("LEADING", (0, 0), (-1, -1), 24),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#9aa5b4")),
                ]
            )
        )
        story.append(seats)
    return r.build(story or [r.text(title)])


def render_standings(
    report: StandingsReport, progress: Progress | None = None, paper: str | None = None
) -> bytes:
    """The standings: each player's sessions, table points, penalties apart, total."""
    r = Renderer(f"{report.title} — {report.period}", progress, paper)
    story: list[Flowable] = [r.text(report.title, "title"), r.text(report.period), Spacer(1, 6)]
    right = [("ALIGN", (c, 0), (c, -1), "RIGHT") for c in report.figures]
    story.append(
        r.table(
            [report.header],
            [list(row) for row in report.rows],
            extra=right,
            names=Names(columns=frozenset({1})),
        )
    )
    story.append(Spacer(1, 6))
    story += [r.text(line, "small") for line in report.lines]
    return r.build(story)


def render_payout(
    report: PayoutReport, progress: Progress | None = None, paper: str | None = None
) -> bytes:
    """The payout list: each prize, its winner, the amount and a line to sign for it."""
    r = Renderer(report.title, progress, paper)
    r.body_size = 10
    story: list[Flowable] = [r.text(report.title, "title")]
    if report.provisional:  # printed before the day is in: not a list to pay from
        story.append(r.text(report.provisional, "heading"))
    story += [r.text(line) for line in report.lines]
    story.append(Spacer(1, 8))
    header = [_("Place"), _("Prize"), _("Player"), _("Amount"), _("Received (signature)")]
    body = [[*row, ""] for row in report.rows]
    body.append(["", _("Total"), "", report.total, ""])
    widths = [40, 200, 170, 80, r.width - 490]
    extra = [
        ("ALIGN", (3, 0), (3, -1), "RIGHT"),
        ("TOPPADDING", (0, 1), (-1, -1), 7),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 7),
        ("FONT", (0, -1), (-1, -1), BOLD, r.body_size),
        ("LINEABOVE", (0, -1), (-1, -1), 1, colors.black),
    ]
    story.append(r.table([header], body, widths, extra=extra, names=Names(columns=frozenset({2}))))
    story.append(Spacer(1, 8))
    story += [r.text(line, "small") for line in report.notes]
    story.append(Spacer(1, 18))
    story.append(r.text(_("Paid out by: ______________________________   Date: ______________")))
    return r.build(story)
