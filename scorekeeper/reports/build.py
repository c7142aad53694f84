"""Each report from the database: read with the store, compute with the core
(`reports.data`), lay out (`reports.render`).  Returns the PDF's bytes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scorekeeper.formatting import money as _in
from scorekeeper.formatting import short_date, short_iso
from scorekeeper.games import DEFAULT_PRESET, seats_of_preset
from scorekeeper.i18n import _
from scorekeeper.names import name_key
from scorekeeper.night import score_night
from scorekeeper.reports.data import (
    LeagueReport,
    NightListing,
    NightReport,
    Statement,
    league_report,
    night_report,
    pad_report,
    pays,
    period_words,
    signed,
)
from scorekeeper.reports.pad_render import render_pad
from scorekeeper.reports.render import (
    Progress,
    ReportError,
    render_league,
    render_night,
    render_statements,
)
from scorekeeper.standings import compute_standings
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.league import (
    Period,
    league_info,
    league_roster,
    night_lines,
    pot_totals,
)
from scorekeeper.store.money import league_money, night_settled
from scorekeeper.store.night_import import night_as_stored
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.people import stored_name
from scorekeeper.store.stored_night import night_of_document


def night_pdf(
    db: Database, *, night_id: int, progress: Progress | None = None, paper: str | None = None
) -> bytes:
    """The session report of a stored night, on PAPER ('A4', 'Letter'; None: the
    locale's), as every report here."""
    return render_night(night_data(db, night_id=night_id), progress, paper)


def night_data(db: Database, *, night_id: int) -> NightReport:
    """What the session report of a stored night says (`night_pdf` lays it out)."""
    stored = night_as_stored(db, night_id=night_id)
    night = night_of_document(stored.document, night_id=night_id)
    result = score_night(night)
    return night_report(
        night,
        result,
        night_id=night_id,
        changed=stored.changed,
        paid=night_settled(db, night_id=night_id, settlement=result.settlement),
        roster=league_roster(db, night_id=night_id),
    )


def league_pdf(
    db: Database,
    *,
    league: str,
    season: str | None = None,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """The league report for a season, or all seasons."""
    return render_league(league_data(db, league=league, season=season), progress, paper)


def league_data(db: Database, *, league: str, season: str | None = None) -> LeagueReport:
    """What the league report says (`league_pdf` lays it out)."""
    info = league_info(db, league=league)
    period = Period(info.name, season)
    lines = night_lines(db, period)
    standings = compute_standings(lines, info.standings, pot_totals(db, period))
    wanted = None if season is None else name_key(season)
    filed = [
        n
        for n in list_nights(db, league=info.name)
        if wanted is None or name_key(n.season or "") == wanted
    ]
    nights = [
        NightListing(short_iso(n.date), n.table or "-", ", ".join(n.players), str(n.hands))
        for n in sorted(filed, key=lambda n: (n.date or "", n.id))
    ]
    roster = league_roster(db, league=info.name)
    return league_report(info, standings, lines, season=season, nights=nights, roster=roster)


def statements_pdf(
    db: Database,
    *,
    league: str,
    players: Sequence[str] = (),
    season: str | None = None,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """A page per player (each named, else everyone in the period)."""
    info = league_info(db, league=league)
    lines = night_lines(db, Period(info.name, season))
    money = league_money(db, league=info.name)
    everyone = sorted({line.player for line in lines} | set(money.balances), key=str.casefold)
    chosen = []
    for name in players or everyone:
        found = next((p for p in everyone if name_key(p) == name_key(name)), None)
        if found is None:
            raise StorageError(
                _("{name} has no nights or money in {league}").format(
                    name=repr(name), league=repr(info.name)
                ),
                field="player",
            )
        chosen.append(found)
    owed, currency = money.outstanding(), money.currency
    statements = []
    for player in chosen:
        mine = [line for line in lines if line.player == player]
        balance = money.balances.get(player, 0)
        statements.append(
            Statement(
                player=player,
                league=info.name,
                period=period_words(season),
                nights=tuple(
                    (short_iso(n.date), n.table or "-", signed(n.points), _in(n.cents, currency))
                    for n in mine
                ),
                total_points=signed(sum(n.points for n in mine)),
                total_money=_in(sum(n.cents for n in mine), currency),
                paid=tuple(
                    _("{date}: {payer} paid {payee} {amount}").format(
                        date=short_date(p.paid_on),
                        payer=p.payer,
                        payee=p.payee,
                        amount=_in(p.cents, currency),
                    )
                    for p in money.payments
                    if player in (p.payer, p.payee)
                ),
                balance_words=_balance_words(player, balance, currency),
                owed=tuple(
                    pays(p.payer, p.payee, _in(p.cents, currency))
                    for p in owed
                    if player in (p.payer, p.payee)
                ),
            )
        )
    return render_statements(statements, progress, paper)


def _balance_words(player: str, balance: int, currency: str) -> str:
    if balance > 0:
        return _("{player} is owed {amount}.").format(player=player, amount=_in(balance, currency))
    if balance < 0:
        return _("{player} owes {amount}.").format(player=player, amount=_in(-balance, currency))
    return _("{player} is square.").format(player=player)


def pad_pdf(
    players: Sequence[str],
    *,
    preset: str = DEFAULT_PRESET,
    rows: int = 23,
    hands: int | None = None,
    progress: Progress | None = None,
    paper: str | None = None,
) -> bytes:
    """A blank score pad for these players, at a table playing PRESET (a name in
    `games.all_presets()`): its title and columns in the words of the preset's game;
    with HANDS, a row for each and its dealer (clockwise from the first player)."""
    names = tuple(stored_name(p, "players") for p in players)
    fewest, most = seats_of_preset(preset)
    if not fewest <= len(names) <= most:
        message = _("a table has {fewest} to {most} players, not {count}")
        raise StorageError(
            message.format(fewest=fewest, most=most, count=len(names)), field="players"
        )
    if hands is not None and not 1 <= hands <= MOST_PAD_HANDS:
        message = _("{value} is not between {least} and {most}").format(
            value=hands, least=1, most=MOST_PAD_HANDS
        )
        raise StorageError(message, field="hands")
    return render_pad(pad_report(names, preset, rows, hands), progress, paper)


MOST_PAD_HANDS = 500  # a session's hands at one table (`tournament.day.MOST_HANDS`)


def save_pdf(path: str | Path, data: bytes) -> None:
    """Write a report whole or not at all: a half-written PDF is worse than none."""
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_bytes(data)
        partial.replace(target)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise ReportError(
            _("cannot write {file} ({error})").format(file=target, error=error.strerror)
        ) from None
