"""What a tournament's paper says, computed before layout: the seating list (by name,
with the seed), a card for each table, each table's sheet (its players in seat order,
a row for each hand with its dealer, lines to sign), the standings and the payout list.
Every number comes from the core (`scorekeeper.tournament`) and the store."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.formatting import money, short_date
from scorekeeper.games import game_of
from scorekeeper.i18n import N_, _
from scorekeeper.names import name_key, search_key
from scorekeeper.reports.data import PadReport, dealers_round
from scorekeeper.tournament.columns import standing_columns
from scorekeeper.tournament.day import DrawnSession, TableStatus, Tournament
from scorekeeper.tournament.prizes import PrizeList
from scorekeeper.tournament.standings import Standings, describe_tie_breaks
from scorekeeper.tournament.tables import hands_words

DEALER = N_("Dealer")  # a table sheet's column of each hand's dealer


@dataclass(frozen=True)
class SeatingList:
    """A session's seating, alphabetical: each player's table and seat."""

    title: str
    lines: tuple[str, ...]
    rows: tuple[tuple[str, str, str], ...]  # name, table, seat


@dataclass(frozen=True)
class TableCard:
    """The card on a table: its number, the session, who sits where."""

    tournament: str
    table: str  # "Table 7"
    session: str  # "Session 2 · 24 hands, the dealer sits out"
    seats: tuple[tuple[str, str], ...]  # "Seat 1", "Ann (deals first)"


@dataclass(frozen=True)
class StandingsReport:
    """The standings as printed: their columns' headings, each row's cells, which
    columns are figures, and the lines under them."""

    title: str
    period: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    figures: tuple[int, ...]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class PayoutReport:
    """The prize list to sign: each prize, its winner and amount; how the pool was made."""

    title: str
    lines: tuple[str, ...]
    rows: tuple[tuple[str, str, str, str], ...]  # place, prize, player, amount
    total: str
    notes: tuple[str, ...]
    provisional: str | None = None  # what is still to report (None: the day is in)


def _session_title(tournament: Tournament, session: int, what: str) -> str:
    return _("{tournament} — session {session}: {what}").format(
        tournament=tournament.name, session=session, what=what
    )


def seating_list(tournament: Tournament, drawn: DrawnSession) -> SeatingList:
    """Session DRAWN's seating by name, with its plan and seed."""
    rows = sorted(
        (
            (player, str(number), str(seat))
            for number, table in enumerate(drawn.tables, start=1)
            for seat, player in enumerate(table, start=1)
        ),
        key=lambda row: (search_key(row[0]), name_key(row[0]), row[0]),
    )
    lines = (
        short_date(tournament.date),
        drawn.plan,
        _("Seed {seed}: the same seed draws the same tables.").format(seed=drawn.seed),
        _("Seat 1 deals the first hand; the deal goes clockwise."),
    )
    title = _session_title(tournament, drawn.session, _("seating"))
    return SeatingList(title, lines, tuple(rows))


def table_cards(tournament: Tournament, statuses: Sequence[TableStatus]) -> tuple[TableCard, ...]:
    """A card for each table of a session."""
    cards = []
    for status in statuses:
        kind = tournament.kind(len(status.players))
        hands = _("{hands} hands, the dealer sits out") if kind.sits_out else _("{hands} hands")
        session = _("Session {session} · {hands}").format(
            session=status.session, hands=hands.format(hands=status.hands)
        )
        seats = tuple(
            (
                _("Seat {seat}").format(seat=seat),
                _("{player} (deals first)").format(player=player) if seat == 1 else player,
            )
            for seat, player in enumerate(status.players, start=1)
        )
        table = _("Table {table}").format(table=status.number)
        cards.append(TableCard(tournament.name, table, session, seats))
    return tuple(cards)


def table_sheets(tournament: Tournament, statuses: Sequence[TableStatus]) -> tuple[PadReport, ...]:
    """Each table's sheet for its session: its players in seat order, a row for each
    hand with its dealer (struck where the dealer sits out), lines to sign."""
    sheets = []
    for status in statuses:
        kind = tournament.kind(len(status.players))
        game = game_of(kind.rules)
        title = _("{tournament} — session {session}, table {table}").format(
            tournament=tournament.name, session=status.session, table=status.number
        )
        lines = (
            _("{date} · {game} · {rules}").format(
                date=short_date(tournament.date),
                game=_(game.title),
                rules=game.rules_lines(kind.rules, tournament.currency)[0],
            ),
            *hands_words([kind], tournament.hands),
        )
        sheets.append(
            PadReport(
                players=status.players,
                title=title,
                header=("#", _(DEALER)),
                rows=status.hands,
                dealers=dealers_round(status.players, status.hands),
                sits_out=kind.sits_out,
                lines=lines,
                signatures=(*status.players, _("Official")),
            )
        )
    return tuple(sheets)


def standings_report(tournament: Tournament, standings: Standings) -> StandingsReport:
    """The standings as printed: after a session, of one session, or overall."""
    columns = standing_columns(standings)
    if standings.only is not None:
        period = _("Session {session} alone").format(session=standings.only)
    elif standings.through < tournament.sessions:
        period = _("After session {session} of {sessions}").format(
            session=standings.through, sessions=tournament.sessions
        )
    else:
        period = _("Overall, {sessions} sessions").format(sessions=tournament.sessions)
    rows = tuple(tuple(c.text(row) for c in columns) for row in standings.rows)
    tops = [
        _("Top scorer of session {session}: {players}").format(
            session=number, players=", ".join(players)
        )
        for number, players in enumerate(standings.tops, start=1)
        if players
    ]
    lines = (
        *tops,
        _("Penalties are points taken from one player, shown apart from the table points."),
        describe_tie_breaks(standings.tie_breaks, standings.game),
    )
    figures = tuple(i for i, c in enumerate(columns) if c.figure)
    title = _("{tournament} — standings").format(tournament=tournament.name)
    return StandingsReport(title, period, tuple(c.heading() for c in columns), rows, figures, lines)


def payout_report(tournament: Tournament, prizes: PrizeList) -> PayoutReport:
    """The payout list to sign: each award, the pool's arithmetic, the rules."""
    currency = tournament.currency
    rows = tuple(
        (
            "" if a.session is not None else str(a.place),
            a.what(),
            a.player,
            money(a.cents, currency),
        )
        for a in prizes.awards
    )
    provisional = prizes.provisional()
    title = (
        _("{tournament} — provisional prize list")  # on every page's foot too
        if provisional
        else _("{tournament} — prize list")
    ).format(tournament=tournament.name)
    total = money(prizes.paid_out, currency)
    notes = tuple(tournament.payout.describe(tournament.sessions, currency))
    return PayoutReport(
        title,
        (short_date(tournament.date), *prizes.lines(currency)),
        rows,
        total,
        notes,
        provisional,
    )
