"""A tournament's paper from the database: read with the store, computed with the core
(`reports.tournament_data`), laid out (`reports.tournament_render`, and the table
sheets as `pad_render.render_pads`).  Each returns the PDF's bytes."""

from __future__ import annotations

from scorekeeper.i18n import _
from scorekeeper.reports.pad_render import render_pads
from scorekeeper.reports.render import Progress
from scorekeeper.reports.tournament_data import (
    payout_report,
    seating_list,
    standings_report,
    table_cards,
    table_sheets,
)
from scorekeeper.reports.tournament_render import (
    render_cards,
    render_payout,
    render_seating,
    render_standings,
)
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tournament_draw import drawn_session
from scorekeeper.store.tournament_results import prize_list, standings, table_statuses
from scorekeeper.tournament.day import TableStatus, Tournament


def seating_pdf(
    db: Database,
    tournament: Tournament,
    session: int,
    *,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """Session SESSION's seating list, by name, with its seed."""
    return render_seating(
        seating_list(tournament, drawn_session(db, tournament, session)), progress, paper
    )


def _tables(
    db: Database, tournament: Tournament, session: int, table: int | None
) -> list[TableStatus]:
    statuses = table_statuses(db, tournament, session)
    if not statuses:
        raise StorageError(
            _("session {session} is not drawn yet").format(session=session), field="session"
        )
    if table is None:
        return statuses
    chosen = [s for s in statuses if s.number == table]
    if not chosen:
        message = _("session {session} has no table {table}").format(session=session, table=table)
        raise StorageError(message, field="table")
    return chosen


def cards_pdf(
    db: Database,
    tournament: Tournament,
    session: int,
    *,
    table: int | None = None,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """A card for each table of SESSION (or for its TABLE alone, one lost or torn)."""
    cards = table_cards(tournament, _tables(db, tournament, session, table))
    title = _("{tournament} — session {session}: table cards").format(
        tournament=tournament.name, session=session
    )
    return render_cards(cards, title, progress, paper)


def sheets_pdf(
    db: Database,
    tournament: Tournament,
    session: int,
    *,
    table: int | None = None,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """The table sheets of SESSION (or of its TABLE alone), a page or more each."""
    sheets = table_sheets(tournament, _tables(db, tournament, session, table))
    title = _("{tournament} — session {session}: table sheets").format(
        tournament=tournament.name, session=session
    )
    return render_pads(title, sheets, progress, paper)


def standings_pdf(
    db: Database,
    tournament: Tournament,
    *,
    after: int | None = None,
    only: int | None = None,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """The standings after session AFTER (default: the last with results), or of
    session ONLY alone."""
    ranked = standings(db, tournament, through=after, only=only)
    return render_standings(standings_report(tournament, ranked), progress, paper)


def payout_pdf(
    db: Database,
    tournament: Tournament,
    *,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """The prize list to sign."""
    return render_payout(payout_report(tournament, prize_list(db, tournament)), progress, paper)
