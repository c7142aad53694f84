"""Laying reports out on paper with reportlab.  Nothing here computes a number: every
string and series comes ready from `scorekeeper.reports.data`.

`Renderer` is one class of small steps (fonts, styles, page decoration, tables, charts,
building); each report is a function that composes a story from those steps.  Names go
into tables as plain strings and into paragraphs escaped, so `Zoë <b>&` prints as
written; the fonts are DejaVu (bundled in resources/fonts), which prints every name.
A name too long for its cell is shortened with an ellipsis (`fit`, measured in the
font) and printed whole where it can wrap: the players line under a night's or a pad's
title, the league's table of nights, a statement's title.  Characters that would not
print (an old database may hold an ESC) are written as escapes (`printable`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.validators import Auto
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)

from scorekeeper.formatting import locale_paper, marker_offsets, single_x, whole_ticks
from scorekeeper.i18n import _
from scorekeeper.names import printable
from scorekeeper.reports.data import LeagueReport, NightReport, Series, Statement
from scorekeeper.reports.tables import PagedRows, TextTable, lean, stripes
from scorekeeper.resources import resource_path

FONT, BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"
# The room a heading needs below it on a page, or it starts the next: its own lines and
# the first rows of what it heads (a table's header and three rows).
HEADING_ROOM = 90
ELLIPSIS = "…"
PADDING = 2.5  # a table cell's left and right padding
OUTCOME_MOST = 150  # the widest the outcome column grows for long winners' names
LEGEND_WIDTH = 130  # the room for a name in a chart's legend
MARKER_SPREAD = 0.8  # how far apart a one-x chart's markers stand, of the room either side
Progress = Callable[[str, int], None]


class ReportError(Exception):
    """A report could not be made (no font, or the person cancelled it)."""


class ReportCancelled(ReportError):
    """The person cancelled a report while it was being laid out."""


def register_fonts() -> None:
    """Register the bundled fonts with reportlab (once)."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    folder = resource_path("fonts")  # the app's own copies only, never the system's
    for face in (FONT, BOLD):
        if not (folder / f"{face}.ttf").is_file():
            message = _("The report font {file} is missing from {folder}.")
            raise ReportError(message.format(file=f"{face}.ttf", folder=folder))
    pdfmetrics.registerFont(TTFont(FONT, str(folder / f"{FONT}.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(folder / f"{BOLD}.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD)


def fit(text: str, width: float, font: str = BOLD, size: float = 8.0) -> str:
    """TEXT, printable, shortened with an ellipsis until it is at most WIDTH points wide
    in FONT at SIZE (whole when it fits)."""
    text = printable(text)
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with the ellipsis
    while low < high:
        middle = (low + high + 1) // 2
        if pdfmetrics.stringWidth(text[:middle].rstrip() + ELLIPSIS, font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def _spanned(
    widths: Sequence[float], rows: int, extra: Sequence[tuple[Any, ...]]
) -> dict[tuple[int, int], float]:
    """The width of each cell that a SPAN in EXTRA widens: (column, row) -> points."""
    wide = {}
    for command in extra:
        if command[0] == "SPAN":
            (c0, r0), (c1, r1) = command[1], command[2]
            c0, c1 = c0 % len(widths), c1 % len(widths)
            for row in range(r0 % rows, r1 % rows + 1):
                wide[(c0, row)] = sum(widths[c0 : c1 + 1])
    return wide


@dataclass(frozen=True)
class Names:
    """Where a table's cells hold names, to be shortened to fit: whole columns, and
    rows (a score sheet's header of players)."""

    columns: frozenset[int] = frozenset()
    rows: frozenset[int] = frozenset()


def _label_whole(axis: Any, ticks: Sequence[int], low: float, high: float) -> None:
    """Label AXIS at TICKS only, running from LOW to HIGH."""
    axis.valueMin, axis.valueMax = low, high
    axis.valueSteps = [t for t in ticks if low <= t <= high]
    axis.labelTextFormat = "%d"


class NumberedCanvas(Canvas):
    """A canvas that holds every page back until the end, so each footer can say
    "page X of Y"."""

    footer = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, page in enumerate(self._pages, start=1):
            self.__dict__.update(page)
            self.setFont(FONT, 7.5)
            self.setFillColor(colors.grey)
            width = self._pagesize[0]
            self.drawString(36, 20, fit(self.footer, width - 160, FONT, 7.5))
            of_total = _("page {number} of {total}").format(number=number, total=total)
            self.drawRightString(width - 36, 20, of_total)
            super().showPage()
        super().save()


PAGE_SIZES = {"A4": A4, "Letter": LETTER}  # the papers a report is printed on (landscape)


class Renderer:
    """The steps every report is laid out with; override one to change it everywhere."""

    margin = 36
    body_size = 8.0

    def __init__(
        self,
        title: str,
        progress: Progress | None = None,
        paper: str | None = None,
        *,
        portrait: bool = False,
    ) -> None:
        """TITLE's report on PAPER ('A4', 'Letter'; None: the locale's), landscape or PORTRAIT."""
        register_fonts()
        self.title = title
        self.progress = progress
        size = PAGE_SIZES[paper or locale_paper()]
        self.pagesize = size if portrait else landscape(size)
        self.styles = self.make_styles()

    # -- styles and text -------------------------------------------------------------

    def make_styles(self) -> dict[str, ParagraphStyle]:
        """Paragraph styles, all in the bundled font."""
        base = ParagraphStyle("body", fontName=FONT, fontSize=self.body_size + 1, leading=12)
        return {
            "title": ParagraphStyle(
                "title", base, fontName=BOLD, fontSize=16, leading=20, spaceAfter=4
            ),
            "heading": ParagraphStyle(
                "heading",
                base,
                fontName=BOLD,
                fontSize=11,
                leading=14,
                spaceBefore=10,
                spaceAfter=4,
            ),
            "body": base,
            "cell": ParagraphStyle("cell", base, fontSize=self.body_size, leading=10),
            "small": ParagraphStyle(
                "small",
                base,
                fontSize=self.body_size,
                leading=10,
                textColor=colors.HexColor("#333333"),
            ),
        }

    def heading(self, words: str) -> list[Flowable]:
        """A heading, on a new page when the rest of this one has no room for it and
        the first lines under it.  (Not reportlab's keepWithNext: that keeps a heading
        and the whole table under it together, so a table longer than the rest of the
        page left the page empty but for what came before.)"""
        return [CondPageBreak(HEADING_ROOM), self.text(words, "heading")]

    def text(self, words: str, style: str = "body") -> Paragraph:
        """A paragraph of plain text: markup characters print as themselves, and
        characters that would not print as escapes."""
        return Paragraph(escape(printable(words)), self.styles[style])

    def styled(self, words: str, style: ParagraphStyle) -> Paragraph:
        """A paragraph of plain text in a STYLE of the report's own (a table card's)."""
        return Paragraph(escape(printable(words)), style)

    def cell_text(self, words: str, width: float) -> str | Paragraph:
        """Text for a table cell WIDTH wide: a plain line when it fits on one (reportlab
        lays a Paragraph out word by word, which on a league's thousands of nights is
        most of the report's time), else a paragraph that wraps."""
        line = printable(words)
        if pdfmetrics.stringWidth(line, FONT, self.body_size) <= width - 2 * PADDING:
            return line
        return Paragraph(escape(line), self.styles["cell"])

    @property
    def width(self) -> float:
        """The width between the margins."""
        return float(self.pagesize[0] - 2 * self.margin)

    # -- tables ----------------------------------------------------------------------

    def table_style(
        self, header_rows: int, body_rows: int, start: int = 0
    ) -> list[tuple[Any, ...]]:
        """Grid, header shading, zebra stripes (on every other body row, counted from
        body row START of the whole table) and the bundled fonts."""
        style: list[tuple[Any, ...]] = [
            ("FONT", (0, 0), (-1, -1), FONT, self.body_size),
            ("FONT", (0, 0), (-1, header_rows - 1), BOLD, self.body_size),
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor("#dde4ee")),
            ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#9aa5b4")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
            ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ]
        for row in stripes(header_rows, start, start + body_rows):
            style.append(("BACKGROUND", (0, row), (-1, row), colors.HexColor("#f3f5f8")))
        return style

    def table(
        self,
        header: Sequence[Sequence[str]],
        body: Sequence[Sequence[str]],
        widths: Sequence[float] | None = None,
        *,
        right_from: int = 0,
        extra: Sequence[tuple[Any, ...]] = (),
        names: Names = Names(),
        start: int = 0,
    ) -> TextTable:
        """A table whose header rows repeat on every page it runs onto; cells are plain
        strings (never markup) or paragraphs that wrap; the cells of NAMES are shortened
        to fit (numbers never are); columns from RIGHT_FROM on are right-aligned.  A
        page's part of a longer table: its body rows from row START of the whole."""
        rows = [list(r) for r in header] + [list(r) for r in body]
        self.fit_names(rows, widths, extra, names, len(header))
        table = TextTable(rows, colWidths=widths, repeatRows=len(header), hAlign="LEFT")
        style = self.table_style(len(header), len(body), start)
        if right_from:
            style.append(("ALIGN", (right_from, 0), (-1, -1), "RIGHT"))
        table.setStyle(TableStyle([*style, *extra]))
        return table

    def fit_names(
        self,
        rows: list[list[Any]],
        widths: Sequence[float] | None,
        extra: Sequence[tuple[Any, ...]],
        names: Names,
        header_rows: int,
    ) -> None:
        """Make every string cell printable, and each cell of NAMES short enough for its
        column (or the columns it spans), measured in the font it is set in."""
        wide = _spanned(widths, len(rows), extra) if widths else {}
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                if not isinstance(cell, str):
                    continue
                room = wide.get((c, r), widths[c] if widths else 0)
                if room and (c in names.columns or r in names.rows):
                    font = BOLD if r < header_rows else FONT
                    row[c] = fit(cell, room - 2 * PADDING, font, self.body_size)
                else:
                    row[c] = printable(cell)

    # -- charts ----------------------------------------------------------------------

    def line_chart(
        self,
        series: Sequence[Series],
        *,
        title: str,
        x_title: str,
        height: float = 200,
    ) -> Drawing:
        """Lines with a legend beside them; colours and dashes tell the lines apart.  When
        every point is at one x (a league of one night), a marker a line, side by side,
        each with its value, instead of lines that would be a vertical stroke."""
        width = self.width
        drawing = Drawing(width, height + 24)
        drawing.add(String(0, height + 10, title, fontName=BOLD, fontSize=10))
        plot = LinePlot()
        plot.x, plot.y, plot.width, plot.height = 36, 24, width - 190, height - 30
        single = single_x(points for _, points, _look in series)
        if single is not None:  # each line's last value, at its place beside the others
            plot.data = [
                [(single + offset * MARKER_SPREAD, points[-1][1])]
                for (_name, points, _look), offset in zip(
                    series, marker_offsets(len(series)), strict=True
                )
            ]
        else:
            plot.data = [lean(points) for _, points, _look in series] or [[(0.0, 0.0)]]
        for axis in (plot.xValueAxis, plot.yValueAxis):
            axis.labels.fontName, axis.labels.fontSize = FONT, 7
        # Whole numbers only, each under (or beside) its own place: the hands (or
        # nights) from the first point to the last, the points rounded out to a step.
        xs = [x for line in plot.data for x, _ in line]
        ys = [y for line in plot.data for _, y in line]
        if single is not None:
            _label_whole(plot.xValueAxis, [int(single)], single - 1, single + 1)
        else:
            across = whole_ticks(min(xs), max(xs))
            _label_whole(plot.xValueAxis, across, min(xs), max(max(xs), min(xs) + 1))
        up = whole_ticks(min(ys), max(ys))
        _label_whole(plot.yValueAxis, up, up[0], up[-1])
        for index, (_name, _points, (colour, dash)) in enumerate(series):
            line = plot.lines[index]
            line.strokeColor = colors.HexColor(colour)
            line.strokeWidth = 1.4
            if dash:
                line.strokeDashArray = dash
            if single is not None:
                line.symbol = makeMarker("FilledCircle", size=6, fillColor=line.strokeColor)
        drawing.add(plot)
        if single is not None:
            self._values_above(drawing, plot, up)
        drawing.add(
            String(
                plot.x + plot.width / 2, 4, x_title, fontName=FONT, fontSize=7, textAnchor="middle"
            )
        )
        legend = Legend()
        legend.x, legend.y = width - 140, height - 10
        legend.fontName, legend.fontSize = FONT, 8
        legend.alignment = "right"
        legend.colorNamePairs = [
            (plot.lines[i].strokeColor, fit(name, LEGEND_WIDTH, FONT, 8))
            for i, (name, _points, _look) in enumerate(series)
        ]
        # Each name beside a sample of its line, dash and all: two players who share a
        # colour (the 3rd and the 11th of a league) are told apart in the legend too.
        legend.swatchMarker = Auto(obj=plot)
        legend.dx, legend.dy = 18, 8
        drawing.add(legend)
        return drawing

    def _values_above(self, drawing: Drawing, plot: LinePlot, up: Sequence[int]) -> None:
        """Each marker's value written above it (a chart whose points share one x)."""
        low_x, high_x = plot.xValueAxis.valueMin, plot.xValueAxis.valueMax
        for (x, y), *_rest in plot.data:
            left = plot.x + (x - low_x) / (high_x - low_x) * plot.width
            top = plot.y + (y - up[0]) / (up[-1] - up[0]) * plot.height
            label = f"{int(y):+d}" if y else "0"
            above = String(left, top + 6, label, fontName=FONT, fontSize=7, textAnchor="middle")
            drawing.add(above)

    # -- building --------------------------------------------------------------------

    def _on_progress(self, kind: str, value: int) -> None:
        if self.progress is not None:
            self.progress(kind, value)

    def build(self, story: list[Flowable]) -> bytes:
        """Lay the story out; the PDF's bytes (nothing written until it is whole)."""
        out = io.BytesIO()
        doc = SimpleDocTemplate(
            out,
            pagesize=self.pagesize,
            leftMargin=self.margin,
            rightMargin=self.margin,
            topMargin=self.margin,
            bottomMargin=self.margin + 6,
            title=self.title,
            author="Sheepshead Scorekeeper",
        )
        doc.setProgressCallBack(self._on_progress)
        canvas_class = type("Footed", (NumberedCanvas,), {"footer": self.title})
        # Streams compressed but not also written as ASCII (reportlab's ASCII85 encoder
        # is pure Python: a tenth of a long report's time); PDF readers read both.
        ascii85, rl_config.useA85 = rl_config.useA85, 0
        try:
            doc.build(story, canvasmaker=canvas_class)
        finally:
            rl_config.useA85 = ascii85
        return out.getvalue()


# -- the reports -----------------------------------------------------------------------


def render_night(
    report: NightReport, progress: Progress | None = None, paper: str | None = None
) -> bytes:
    """The session report: header, the sheet, totals, settlement, figures, chart."""
    r = Renderer(report.title, progress, paper)
    story: list[Flowable] = [r.text(report.title, "title")]
    if report.filing:
        story.append(r.text("  ·  ".join(f"{k}: {v}" for k, v in report.filing)))
    clockwise = _("Players, clockwise: {players}").format(players=", ".join(report.players))
    story.append(r.text(clockwise, "small"))
    story += [r.text(line, "small") for line in report.rules]
    story.append(Spacer(1, 6))
    story.append(_sheet(r, report))
    story += [r.text(line, "small") for line in (report.legend, report.footnote) if line]
    story += r.heading(_("Settlement"))
    story += [r.text(line) for line in report.settlement] or [r.text(_("Nobody owes anybody."))]
    if report.owed:
        story.append(r.text(report.owed))
    story += r.heading(_("Figures"))
    story.append(r.table([report.figures_header], report.figures, right_from=1))
    story.append(Spacer(1, 10))
    chart = r.line_chart(report.running, title=_("Running totals"), x_title=_("hand"))
    story.append(KeepTogether([chart]))
    return r.build(story)


SHEET_WIDTHS = (18, 46, 50, 50, 26, 18, 60, 18)  # the hand columns (card points: "Aug.")
DEALT_WIDTHS = (18, 86)  # a table sheet's hand columns: the number and its dealer
OUTCOME = 6  # the column that says how a hand ended: as wide as its longest words
# The sheet's cells that hold names: dealer, picker (declarer), partner, the outcome
# (a leaster's winners), and the players over their columns.
SHEET_NAMES = Names(columns=frozenset({1, 2, 3, OUTCOME}), rows=frozenset({0}))
TABLE_COLUMN = Names(columns=frozenset({1}))  # the table's name in a list of nights


def sheet_frame(
    r: Renderer, header: Sequence[str], players: Sequence[str], outcome_width: float = 0
) -> tuple[list[list[str]], list[float], list[tuple[Any, ...]]]:
    """A score sheet's two header rows (the hand columns, then each player's name over
    a points and a running-total column), its column widths, and the style that spans
    and centres each name: shared by the night's sheet and the blank pad."""
    first, count = len(header), len(players)
    hand_widths: list[float] = list(SHEET_WIDTHS)
    hand_widths[OUTCOME] = max(hand_widths[OUTCOME], outcome_width)
    if first == len(DEALT_WIDTHS):  # a sheet of the hands' dealers alone
        hand_widths = list(DEALT_WIDTHS)
    each = (r.width - sum(hand_widths)) / max(1, 2 * count)
    top = [*header, *(x for p in players for x in (p, ""))]
    second = [""] * first + [_("pts"), _("total")] * count
    spans: list[tuple[Any, ...]] = [
        ("SPAN", (first + 2 * i, 0), (first + 2 * i + 1, 0)) for i in range(count)
    ]
    spans.append(("ALIGN", (first, 0), (-1, 0), "CENTER"))
    return [top, second], [*hand_widths, *([each] * 2 * count)], spans


def _sheet(r: Renderer, report: NightReport) -> TextTable:
    players = len(report.players)
    longest = max(
        (pdfmetrics.stringWidth(cells[OUTCOME], FONT, r.body_size) for cells, _ in report.rows),
        default=0,
    )
    outcome = min(longest + 8, OUTCOME_MOST)
    header, widths, spans = sheet_frame(r, report.header, report.players, outcome)
    body = [
        [*cells, *(x for pair in per_player for x in pair)] for cells, per_player in report.rows
    ]
    first = len(report.header)
    blank = [""] * (first - 1)
    body.append([_("Total"), *blank, *(x for t in report.total_points for x in ("", t))])
    body.append([_("Money"), *blank, *(x for t in report.total_money for x in ("", t))])
    spans += [
        ("ALIGN", (4, 2), (5, -1), "RIGHT"),
        ("SPAN", (0, -2), (first - 1, -2)),
        ("SPAN", (0, -1), (first - 1, -1)),
        ("FONT", (0, -2), (-1, -1), BOLD, r.body_size),
        ("LINEABOVE", (0, -2), (-1, -2), 1, colors.black),
    ]
    spans += [
        ("LINEBEFORE", (first + 2 * i, 0), (first + 2 * i, -1), 0.8, colors.HexColor("#4a5568"))
        for i in range(players)
    ]
    table = r.table(header, body, widths, extra=spans, names=SHEET_NAMES)
    table.setStyle(TableStyle([("ALIGN", (first, 1), (-1, -1), "RIGHT")]))
    return table


def render_league(
    report: LeagueReport, progress: Progress | None = None, paper: str | None = None
) -> bytes:
    """The league report: standings, how they are ranked, the leaders' chart, the nights."""
    r = Renderer(f"{report.title} — {report.period}", progress, paper)
    story: list[Flowable] = [r.text(report.title, "title"), r.text(report.period)]
    story += r.heading(_("Standings"))
    story.append(
        r.table(
            [report.header],
            report.qualified,
            right_from=2,
            extra=[("ALIGN", (0, 0), (0, -1), "RIGHT")],
        )
    )
    if report.not_qualified:
        story += r.heading(_("Not yet qualified"))
        story.append(r.table([report.header], report.not_qualified, right_from=2))
    story.append(Spacer(1, 6))
    story += [r.text(line, "small") for line in report.rules]
    if report.leaders:
        story.append(Spacer(1, 10))
        chart = r.line_chart(
            report.leaders,
            title=_("Points of the leading players, night by night"),
            x_title=_("night (in date order)"),
        )
        story.append(KeepTogether([chart]))
    story += r.heading(_("Nights"))
    story.append(_nights(r, report))
    return r.build(story)


def _nights(r: Renderer, report: LeagueReport) -> Flowable:
    """The list of nights, a page's part at a time (thousands of rows: PagedRows)."""
    players = r.width - 240
    widths = (70, 120, players, 50)
    header: list[list[Any]] = [[_("Date"), _("Table"), _("Players"), _("Hands")]]
    body: list[list[Any]] = [
        [n.date, n.table, r.cell_text(n.players, players), n.hands] for n in report.nights
    ]
    r.fit_names(header, widths, (), TABLE_COLUMN, 1)  # once, not on every page
    r.fit_names(body, widths, (), TABLE_COLUMN, 0)
    right = [("ALIGN", (3, 0), (3, -1), "RIGHT")]

    def part(start: int, stop: int) -> TextTable:
        return r.table(header, body[start:stop], widths, extra=right, start=start)

    return PagedRows(part, len(body), len(header))


def render_statements(
    statements: Sequence[Statement], progress: Progress | None = None, paper: str | None = None
) -> bytes:
    """One page per player: their nights, totals, payments, and what is still owed."""
    if statements:
        title = _("{league} — statements").format(league=statements[0].league)
    else:
        title = _("Statements")
    r = Renderer(title, progress, paper)
    story: list[Flowable] = []
    for index, statement in enumerate(statements):
        if index:
            story.append(PageBreak())
        story += [
            r.text(_("Statement: {player}").format(player=statement.player), "title"),
            r.text(f"{statement.league} — {statement.period}"),
        ]
        story += r.heading(_("Nights"))
        total = (_("Total"), "", statement.total_points, statement.total_money)
        story.append(
            r.table(
                [(_("Date"), _("Table"), _("Points"), _("Money"))],
                [*statement.nights, total],
                widths=(90, 180, 60, 70),
                right_from=2,
                names=TABLE_COLUMN,
                extra=[("FONT", (0, -1), (-1, -1), BOLD, r.body_size)],
            )
        )
        story += r.heading(_("Payments"))
        story += [r.text(line) for line in statement.paid] or [r.text(_("None recorded."))]
        story += r.heading(_("Balance"))
        story.append(r.text(statement.balance_words))
        story += [r.text(line) for line in statement.owed]
    return r.build(story or [r.text(_("No players."))])
