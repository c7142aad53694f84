"""The phones' pages: what each shows, read through the store functions the window
reads, and written as HTML in the language spoken on this thread (`i18n.speaking`).

A page has an address (`Address`: a night, a league's night tonight, a league's
standings, or the list of them) and is made whole by `page()`: a title and the HTML
of its live part, which the server sends again to every phone showing it when the
database changes.  Every text from the database (names, leagues, tables, a hand's
summary) goes through `escape`, so a name written as markup shows as that text.
Standings are written by `standings_table` alone, their columns as every door
declares them (scorekeeper/standing_columns.py).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from scorekeeper.dealing import dealer_after
from scorekeeper.explain import signed
from scorekeeper.formatting import document_filing, money, night_title, short_date
from scorekeeper.games import game_of
from scorekeeper.i18n import _, ngettext
from scorekeeper.ledger import Settled
from scorekeeper.night import score_night
from scorekeeper.results import NightResult
from scorekeeper.standing_columns import StandingColumn, standing_columns
from scorekeeper.standings import Standings
from scorekeeper.store import board as boards
from scorekeeper.store import league as leagues
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.money import night_settled
from scorekeeper.store.night_import import night_as_stored
from scorekeeper.store.night_reads import NightSummary, list_nights
from scorekeeper.store.stored_night import night_of_document
from scorekeeper.store.tournaments import list_tournaments
from scorekeeper.validation import who_sits_out
from scorekeeper.web.tournament_pages import tournament_page

KINDS = ("night", "tonight", "standings", "tournament")
LISTED = 30  # the newest nights the first page lists


class NotServed(LookupError):
    """An address that names no page (served as 404)."""


@dataclass(frozen=True)
class Address:
    """Which page: KIND '' (the list of nights, leagues and tournaments), 'night' (NAME
    its id), 'tonight' or 'standings' (NAME a league; DATE the night, else today's),
    'tournament' (NAME a tournament)."""

    kind: str = ""
    name: str = ""
    date: dt.date | None = None

    @property
    def path(self) -> str:
        """The address after the token: 'night/3', 'tonight/Tuesday%20League'."""
        if not self.kind:
            return ""
        path = f"{self.kind}/{quote(self.name, safe='')}"
        return f"{path}?date={self.date.isoformat()}" if self.date else path


def address(path: str, date: str | None = None) -> Address:
    """The page at PATH (what follows the token, decoded) and DATE (its `date`
    parameter, ISO); NotServed for anything else."""
    if path in ("", "/"):
        return Address()
    kind, _slash, name = path.partition("/")
    if kind not in KINDS or not name:
        raise NotServed(path)
    if kind == "night" and not (name.isascii() and name.isdigit() and len(name) < 12):
        raise NotServed(path)
    day = None
    if date is not None and kind == "tonight":
        try:
            day = dt.date.fromisoformat(date)
        except ValueError:
            raise NotServed(path) from None
    return Address(kind, name, day)


@dataclass(frozen=True)
class Page:
    """A page made: its TITLE and the HTML of its live part."""

    title: str
    body: str


def page(db: Database, where: Address, *, today: dt.date | None = None) -> Page:
    """The page at WHERE as the database holds it now (NotServed: no such page)."""
    try:
        if where.kind == "night":
            return night_page(db, int(where.name))
        if where.kind == "tonight":
            return tonight_page(db, where.name, where.date, today or dt.date.today())
        if where.kind == "standings":
            return standings_page(db, where.name)
        if where.kind == "tournament":
            return Page(*tournament_page(db, where.name))
        return index_page(db)
    except StorageError as error:
        if error.field in ("night", "league", "tournament"):
            raise NotServed(where.path) from error
        raise


def link(where: Address, text: str) -> str:
    """A link to WHERE (relative to the token's folder), its TEXT escaped."""
    return f'<a href="{escape(where.path or "./")}">{escape(text)}</a>'


# -- a night -----------------------------------------------------------------------------


def night_page(db: Database, night_id: int) -> Page:
    """A night's sheet: each hand (newest first) with its marks and each player's running
    total, the totals and the money, who deals next and who sits out, and, once the
    night is closed, its settlement with what has been paid."""
    stored = night_as_stored(db, night_id=night_id)
    night = night_of_document(stored.document, night_id=night_id)
    result = score_night(night)
    title = night_title(*document_filing(stored.document))
    currency = stored.currency
    parts = [f"<h1>{escape(title)}</h1>"]
    if stored.closed:
        closed = _("Closed")
        parts.append(f'<p class="badge">{escape(closed)}</p>')
    parts.append(_totals(result, currency))
    if not stored.closed:
        number = len(result.hands) + 1
        seated = [
            n
            for n, first, last in stored.seat_ranges
            if first <= number and (last is None or number <= last)
        ]
        dealer = dealer_after(night.players, night.rules, night.hands, seated or None)
        out = who_sits_out(None, dealer, night.rules, seated or night.players)
        waiting = game_of(night.rules).waiting(result, currency)
        parts.append(_next_hand(number, dealer, out, waiting))
    else:
        settled = night_settled(db, night_id=night_id, settlement=result.settlement)
        parts.append(_settlement(settled, currency))
    parts.append(_sheet(result, [h.dealer for h in night.hands]))
    return Page(title, "\n".join(parts))


def _totals(result: NightResult, currency: str) -> str:
    points, cents = result.total_points, result.total_cents
    cells = {
        p: _points_cell(points.get(p, 0), money(cents.get(p, 0), currency)) for p in result.players
    }
    rows = "".join(f"<tr><th scope=row>{escape(p)}</th>{cells[p]}</tr>" for p in result.players)
    hands = ngettext("{count} hand", "{count} hands", len(result.hands)).format(
        count=len(result.hands)
    )
    pot = ""
    if result.pot is not None:
        amount = money(result.pot_cents or 0, currency)
        said = _("Pot: {points} ({money})").format(points=result.pot, money=amount)
        pot = f"<p>{escape(said)}</p>"
    heading = _("Totals")
    return (
        f'<section class="card"><h2>{escape(heading)} <small>{escape(hands)}</small></h2>'
        f"<table class=totals><thead><tr><th></th>{_points_head(True)}</tr></thead>"
        f"<tbody>{rows}</tbody></table>{pot}</section>"
    )


def _points_head(with_money: bool) -> str:
    """The heading of a column of points, and of the money under each when WITH_MONEY:
    one column, so that a phone's narrow screen in large type keeps every name."""
    cash, points = _("Money"), _("Points")
    money_line = f'<span class="money">{escape(cash)}</span>' if with_money else ""
    return f'<th class="num">{escape(points)}{money_line}</th>'


def _points_cell(points: int, amount: str | None = None) -> str:
    tone = "plus" if points > 0 else "minus" if points < 0 else "zero"
    under = f'<span class="money">{escape(amount)}</span>' if amount is not None else ""
    return f'<td class="num {tone}">{escape(signed(points))}{under}</td>'


def _next_hand(number: int, dealer: str | None, out: Sequence[str], waiting: str) -> str:
    lines = [_("Hand {number}, dealt by {dealer}.").format(number=number, dealer=dealer or "—")]
    if out:
        lines.append(_("Sits out: {players}").format(players=", ".join(out)))
    if waiting:
        lines.append(waiting)
    said = "".join(f"<p>{escape(line)}</p>" for line in lines)
    heading = _("Next hand")
    return f'<section class="card next"><h2>{escape(heading)}</h2>{said}</section>'


def _settlement(settled: Sequence[Settled], currency: str) -> str:
    if not settled:
        nobody = _("Nobody owes anybody anything.")
        items = f"<li>{escape(nobody)}</li>"
    else:
        items = "".join(_payment(s, currency) for s in settled)
    heading = _("Settlement")
    return (
        f'<section class="card"><h2>{escape(heading)}</h2>'
        f'<ul class="settlement">{items}</ul></section>'
    )


def _payment(debt: Settled, currency: str) -> str:
    words = _("{payer} pays {payee} {amount}").format(
        payer=debt.payer, payee=debt.payee, amount=money(debt.cents, currency)
    )
    if debt.owed == 0:
        paid = _("paid")
        state = f' <span class="paid">{escape(paid)}</span>'
    elif debt.paid:
        left = _("{amount} still owed").format(amount=money(debt.owed, currency))
        state = f' <span class="owed">{escape(left)}</span>'
    else:
        state = ""
    return f"<li>{escape(words)}{state}</li>"


def _sheet(result: NightResult, dealers: Sequence[str | None]) -> str:
    """The score sheet, newest hand first: a hand's number, dealer and summary on one
    line, then each player's points and marks over their running total."""
    if not result.hands:
        none = _("No hand yet.")
        return f'<section class="card"><p>{escape(none)}</p></section>'
    head = "".join(f"<th scope=col>{escape(p)}</th>" for p in result.players)
    rows = []
    running = result.running_points()
    for index in reversed(range(len(result.hands))):
        hand = result.hands[index]
        dealt = dealers[index] if index < len(dealers) else None
        about = f"#{hand.number}"
        if dealt:
            about += " · " + _("dealt by {dealer}").format(dealer=dealt)
        rows.append(
            f'<tr class="about"><td colspan="{len(result.players)}">'
            f'<div class="said"><b>{escape(about)}</b> {escape(hand.summary)}</div></td></tr>'
        )
        cells = "".join(
            f'<td class="num"><span class="cell">{escape(hand.sheet_cell(p))}</span>'
            f'<span class="run">{escape(signed(running[index].get(p, 0)))}</span></td>'
            for p in result.players
        )
        rows.append(f'<tr class="hand">{cells}</tr>')
    heading, order = _("The sheet"), _("newest first")
    return (
        f'<section class="card"><h2>{escape(heading)} '
        f"<small>{escape(order)}</small></h2>"
        f'<div class="scroll"><table class="sheet"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div></section>"
    )


# -- a league's night, and its standings -------------------------------------------------


def tonight_page(db: Database, league: str, date: dt.date | None, today: dt.date) -> Page:
    """Every table of LEAGUE's night (DATE, else today's; while today has no table,
    yesterday's, as the board does) and the standings tonight and in the season."""
    board = boards.board_of(db, league=league, date=date or today)
    if not board.tables and date is None:
        late = boards.board_of(db, league=league, date=today - dt.timedelta(days=1))
        board = late if late.tables else board
    title = f"{league} · {short_date(board.date)}"
    parts = [f"<h1>{escape(title)}</h1>"]
    if not board.tables:
        waiting = _("No table has started tonight yet.")
        parts.append(f'<p class="card">{escape(waiting)}</p>')
    parts.extend(_table_card(table) for table in board.tables)
    parts.append(standings_table(_("Tonight"), board.tonight))
    parts.append(standings_table(season_heading(board.season), board.season_standings))
    more = link(Address("standings", league), _("All standings"))
    parts.append(f'<p class="more">{more}</p>')
    return Page(title, "\n".join(parts))


def _table_card(table: boards.TableNow) -> str:
    label = _("Table {table}").format(table=table.label) if table.label.isdigit() else table.label
    count = (
        ngettext("{count} hand", "{count} hands", table.hands).format(count=table.hands)
        if table.hands
        else _("no hands yet")
    )
    if table.closed:
        count = _("{hands} · closed").format(hands=count)
    players = sorted(table.players, key=lambda p: -table.totals.get(p, 0))
    rows = "".join(
        f"<tr><th scope=row>{escape(p)}</th>{_points_cell(table.totals.get(p, 0))}</tr>"
        for p in players
    )
    newest = ""
    if table.recent:
        hand = table.recent[0]
        newest = f'<p class="newest"><b>#{hand.number}</b> {escape(hand.summary)}</p>'
    heading = link(Address("night", str(table.night_id)), label)
    return (
        f'<section class="card"><h2>{heading} <small>{escape(count)}</small></h2>'
        f"<table class=totals><tbody>{rows}</tbody></table>{newest}</section>"
    )


def season_heading(season: str | None) -> str:
    """The heading of a season's standings ("Season 2026", "All nights")."""
    if not season:
        return _("All nights")
    first = season.split(maxsplit=1)[0].casefold()
    if first in ("season", _("Season").casefold()):
        return season
    return _("Season {season}").format(season=season)


def standings_page(db: Database, league: str) -> Page:
    """LEAGUE's standings in its current season, every player, and over all its nights."""
    season = leagues.current_season(db, league=league)
    currency = leagues.league_currency(db, league=league)
    parts = [f"<h1>{escape(league)}</h1>"]
    parts.append(
        standings_table(
            season_heading(season),
            leagues.standings(db, leagues.Period(league, season=season)),
            currency,
        )
    )
    if season:
        every = leagues.standings(db, leagues.Period(league))
        parts.append(standings_table(_("All nights"), every, currency))
    tonight = link(Address("tonight", league), _("Tonight"))
    parts.append(f'<p class="more">{tonight}</p>')
    return Page(league, "\n".join(parts))


# The standings' columns the phones show (scorekeeper/standing_columns.py, as every
# door declares them): the place, the player, the points and, under them where the
# money is shown, the money; the one choice of columns on every page.
PHONE_COLUMNS = ("rank", "player", "points", "cents")


def standings_table(heading: str, standings: Standings, currency: str | None = None) -> str:
    """Standings as the phones show them: place, player, points, and under the points
    the money when CURRENCY is given; each column headed and written as declared
    (`standing_columns`), and marked with its key (`data-column`)."""
    everyone = [s for s in standings.everyone if s.nights]
    if not everyone:
        none = _("no hands yet")
        body = f"<p>{escape(none)}</p>"
    else:
        keys = PHONE_COLUMNS if currency is not None else PHONE_COLUMNS[:-1]
        rank, player, points, *cash = standing_columns(standings.game, keys)
        head = (
            f"{_head(rank, 'num')}{_head(player, 'name')}"
            f"<th class=num{_key(points)}>{escape(points.heading())}"
            + "".join(f'<span class="money"{_key(c)}>{escape(c.heading())}</span>' for c in cash)
            + "</th>"
        )
        rows = []
        for line in everyone:
            tone = "plus" if line.points > 0 else "minus" if line.points < 0 else "zero"
            under = "".join(
                f'<span class="money"{_key(c)}>{escape(c.text(line, currency or ""))}</span>'
                for c in cash
            )
            rows.append(
                f'<tr><td class="num dim"{_key(rank)}>{escape(rank.text(line, ""))}</td>'
                f"<th scope=row{_key(player)}>{escape(player.text(line, ''))}</th>"
                f'<td class="num {tone}"><span{_key(points)}>'
                f"{escape(points.text(line, ''))}</span>{under}</td></tr>"
            )
        body = (
            f"<table class=standings><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
    return f'<section class="card"><h2>{escape(heading)}</h2>{body}</section>'


def _key(column: StandingColumn) -> str:
    return f' data-column="{escape(column.key)}"'


def _head(column: StandingColumn, kind: str) -> str:
    return f'<th class="{kind}"{_key(column)}>{escape(column.heading())}</th>'


# -- the first page ----------------------------------------------------------------------


def index_page(db: Database) -> Page:
    """The tournaments, the leagues (their night tonight, their standings) and the
    newest nights."""
    nights = list_nights(db)[:LISTED]
    names = sorted({n.league for n in nights if n.league}, key=str.casefold)
    title = _("Scores in this room")
    parts = [f"<h1>{escape(title)}</h1>"]
    tournaments = list_tournaments(db)[:LISTED]
    if tournaments:
        heading = _("Tournaments")
        items = "".join(
            f"<li>{link(Address('tournament', t.name), t.name)} · {escape(short_date(t.date))}</li>"
            for t in tournaments
        )
        parts.append(f'<section class="card"><h2>{escape(heading)}</h2><ul>{items}</ul></section>')
    if names:
        tonight, standings, heading = _("Tonight"), _("Standings"), _("Leagues")
        items = "".join(
            f"<li>{escape(name)}: {link(Address('tonight', name), tonight)} · "
            f"{link(Address('standings', name), standings)}</li>"
            for name in names
        )
        parts.append(f'<section class="card"><h2>{escape(heading)}</h2><ul>{items}</ul></section>')
    parts.append(_night_list(nights))
    return Page(title, "\n".join(parts))


def _night_list(nights: Iterable[NightSummary]) -> str:
    items = []
    for night in nights:
        title = night_title(night.league, night.date, night.table, night.title, night.players)
        if night.closed:
            title = _("{night} (closed)").format(night=title)
        items.append(f"<li>{link(Address('night', str(night.id)), title)}</li>")
    if not items:
        none = _("No night is stored yet.")
        items.append(f"<li>{escape(none)}</li>")
    heading = _("Nights")
    return (
        f'<section class="card"><h2>{escape(heading)}</h2>'
        f'<ul class="nights">{"".join(items)}</ul></section>'
    )
