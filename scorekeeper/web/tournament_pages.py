"""A tournament's page for the phones: the session in play and whether it has started,
the tables still to report, the seating of every table, and the standings through the
session, read through the tournament's own store functions (`tournament_board`, what
the hall's board reads) and written with the tournament's declared columns
(`scorekeeper.tournament.columns`).  Every name goes through `escape`."""

from __future__ import annotations

from html import escape

from scorekeeper.formatting import short_date
from scorekeeper.i18n import _, ngettext
from scorekeeper.store import tournament_board as boards
from scorekeeper.store.database import Database
from scorekeeper.store.tournaments import tournament_named
from scorekeeper.tournament.columns import Column, standing_columns
from scorekeeper.tournament.day import TableStatus

# The tournament's columns the phones show (as the hall's board does, without the
# sessions apart): the place, the player, the penalties (once anyone has one) and the
# total.
PHONE_COLUMNS = ("place", "player", "penalties", "total")


def tournament_page(db: Database, name: str) -> tuple[str, str]:
    """The title and HTML of tournament NAME's page (StorageError naming 'tournament'
    when there is none)."""
    tournament = tournament_named(db, name)
    board = boards.board_now(db, tournament)
    title = f"{tournament.name} · {short_date(tournament.date)}"
    parts = [f"<h1>{escape(title)}</h1>", _round(board)]
    if board.tables:
        parts.append(_seating(board.session or 0, board.tables))
    parts.append(_standings(board))
    return title, "\n".join(parts)


def _round(board: boards.TournamentBoard) -> str:
    if board.session is None:
        said = [_("No session drawn yet")]
    else:
        heading = _("Session {session} of {sessions}").format(
            session=board.session, sessions=board.tournament.sessions
        )
        started = (
            _("Started at {time}").format(time=f"{board.started.astimezone():%H:%M}")
            if board.started is not None
            else _("not started yet")
        )
        said = [heading, started, _waiting(board.waiting)]
    lines = "".join(f"<p>{escape(line)}</p>" for line in said[1:])
    return f'<section class="card next"><h2>{escape(said[0])}</h2>{lines}</section>'


def _waiting(waiting: tuple[int, ...]) -> str:
    if not waiting:
        return _("Every table has reported.")
    tables = ", ".join(str(n) for n in waiting)
    return ngettext(
        "Still to report: table {tables}",
        "Still to report ({count}): tables {tables}",
        len(waiting),
    ).format(tables=tables, count=len(waiting))


def _seating(session: int, tables: tuple[TableStatus, ...]) -> str:
    """Who sits at each table of SESSION, and whether the table has reported."""
    rows = []
    for table in tables:
        label = _("Table {table}").format(table=table.number)
        state = _("reported") if table.done else _("still playing")
        rows.append(
            f'<tr><th scope=row class="nowrap">{escape(label)}</th>'
            f"<td>{escape(', '.join(table.players))}</td>"
            f'<td class="num {"plus" if table.done else "dim"}">{escape(state)}</td></tr>'
        )
    heading = _("Seating, session {session}").format(session=session)
    return (
        f'<section class="card"><h2>{escape(heading)}</h2>'
        f'<table class="seating"><tbody>{"".join(rows)}</tbody></table></section>'
    )


def _standings(board: boards.TournamentBoard) -> str:
    standings = board.standings
    heading = _("Standings")
    if not standings.rows:
        none = _("no results yet")
        return f'<section class="card"><h2>{escape(heading)}</h2><p>{escape(none)}</p></section>'
    penalised = any(r.penalties for r in standings.rows)
    columns = [
        c
        for c in standing_columns(standings)
        if c.key in PHONE_COLUMNS and (penalised or c.key != "penalties")
    ]
    head = "".join(
        f'<th class="{"num" if c.figure else "name"}"{_key(c)}>{escape(c.heading())}</th>'
        for c in columns
    )
    rows = []
    for row in standings.rows:
        cells = []
        for column in columns:
            text = escape(column.text(row))
            if column.key == "player":
                cells.append(f"<th scope=row{_key(column)}>{text}</th>")
            else:
                tone = _tone(row.total) if column.key == "total" else "dim"
                if column.key == "penalties" and row.penalties:
                    tone = "minus"
                cells.append(f'<td class="num {tone}"{_key(column)}>{text}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    after = _("after session {session}").format(session=standings.through)
    return (
        f'<section class="card"><h2>{escape(heading)} <small>{escape(after)}</small></h2>'
        f"<table class=standings><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></section>"
    )


def _tone(points: int) -> str:
    return "plus" if points > 0 else "minus" if points < 0 else "zero"


def _key(column: Column) -> str:
    return f' data-column="{escape(column.key)}"'
