"""A tournament's standings' columns, declared once for the window, the board, the
command line, the spreadsheet and the paper, as a league's are (`standing_columns`), and
showing the same value the same way: points signed ('+16'), a place or a session not
played '—', a game's count headed in the game's words (`Game.figures`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.explain import signed
from scorekeeper.games import game_named
from scorekeeper.i18n import N_, _
from scorekeeper.standing_columns import UNRANKED
from scorekeeper.standings import figure_tie_breaks
from scorekeeper.tournament.standings import TIE_BREAKS, Standings, TournamentStanding

Value = int | str | None


@dataclass(frozen=True)
class Column:
    """A column: its KEY (the command line's JSON calls the value so), HEADER (marked;
    SESSION's number put in), VALUE what a spreadsheet and JSON keep (None: nothing),
    TEXT what is shown, and whether it is a figure (right-aligned); SHEET, a
    spreadsheet's header (English), else HEADER."""

    key: str
    header: str
    value: Callable[[TournamentStanding], Value]
    text: Callable[[TournamentStanding], str]
    figure: bool = True
    session: int = 0
    sheet: str = ""

    def heading(self) -> str:
        """The header in the language spoken now."""
        return _(self.header).format(number=self.session)

    def sheet_heading(self) -> str:
        """The spreadsheet's header (in English where it is written)."""
        return _(self.sheet or self.header).format(number=self.session)


def _points(
    value: Callable[[TournamentStanding], int | None],
) -> Callable[[TournamentStanding], str]:
    """Points as every standings shows them: signed, '—' where none were played."""

    def text(row: TournamentStanding) -> str:
        points = value(row)
        return UNRANKED if points is None else signed(points)

    return text


def _count(
    key: str, header: str, value: Callable[[TournamentStanding], int], session: int = 0
) -> Column:
    return Column(key, header, value, lambda row: str(value(row)), session=session)


def _scored(
    key: str, header: str, value: Callable[[TournamentStanding], int | None], session: int = 0
) -> Column:
    return Column(key, header, value, _points(value), session=session)


def _session(number: int) -> Callable[[TournamentStanding], int | None]:
    """A session's column: its table points, as the table's sheet says them; the
    penalties are their own column, so a line's sessions and penalties add up to its
    total (a session's score less its penalty, beside the penalty again, read as if it
    were taken twice)."""
    return lambda row: row.session_points[number - 1]


def _figure(key: str) -> Callable[[TournamentStanding], int]:
    return lambda row: row.figure(key)


# The figures of every game a chain of tie-breaks may compare, shown after the total.
_FIGURES = {
    "tables-won": _count("tables-won", N_("Firsts at table"), lambda r: r.tables_won),
    "misplays": _count("misplays", N_("Misplays"), lambda r: r.misplays),
    "hands": _count("hands", N_("Hands"), lambda r: r.hands),
}


def _tie_break_column(name: str, game: str) -> Column | None:
    """The column of the tie-break NAME, if it compares a figure: a game's count headed
    in GAME's words (another game's, in that game's)."""
    if name in _FIGURES:
        return _FIGURES[name]
    if name in TIE_BREAKS:
        return None  # a session's or the penalties': their columns are shown already
    own = {f.key: f for f in game_named(game).figures}
    figure = figure_tie_breaks()[name]
    return _count(name, own.get(figure.key, figure).label, _figure(figure.key))


def standing_columns(standings: Standings) -> tuple[Column, ...]:
    """The columns of STANDINGS: place, player, each session shown, the table points,
    the penalties apart, the total, and the figures its tie-breaks compare (and the
    hands played)."""
    shown = [standings.only] if standings.only else range(1, standings.through + 1)
    columns = [
        Column(
            "place",
            "#",
            lambda r: r.rank,
            lambda r: str(r.rank) if r.rank else UNRANKED,
            sheet="Rank",
        ),
        Column("player", N_("Player"), lambda r: r.player, lambda r: r.player, figure=False),
        *(_scored(f"session-{n}", N_("Session {number}"), _session(n), n) for n in shown),
        _scored("table-points", N_("Table points"), lambda r: r.table_points),
        _scored("penalties", N_("Penalties"), lambda r: -r.penalties),
        _scored("total", N_("Total"), lambda r: r.total),
    ]
    chain = [c for t in standings.tie_breaks if (c := _tie_break_column(t, standings.game))]
    rest = [_FIGURES["hands"]] if all(c.key != "hands" for c in chain) else []
    return (*columns, *chain, *rest)
