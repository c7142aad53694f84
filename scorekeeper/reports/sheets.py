"""What each spreadsheet holds, from the core's own values: a night's hands, the
standings, a player's statistics, the league's money, the outcomes at the table, the
roster.  The command line's `--csv` and the window's File ▸ Export as spreadsheet and
Copy make their sheets here, and `scorekeeper.csv_out` writes them.

Every amount is a whole number: points as points, money in cents (a header says
"(cents)": a cent is the hundredth of whatever the table plays for, which the app
writes with `$`).  Whole cents read the same in every spreadsheet's locale, where a
decimal `1.25` is a date to some and a number to others.  Nothing here goes through a
float, and every column of amounts sums as the core's totals do.  A sheet's words are
English whatever the user's language (files stay English, docs/translating.md): a
night is scored for its sheet in English (`scored_in_english`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from scorekeeper.csv_out import Cell, Sheet
from scorekeeper.games import game_named
from scorekeeper.i18n import untranslated
from scorekeeper.ledger import Debt, PaymentRecord, Settled
from scorekeeper.names import name_key, search_key
from scorekeeper.night import score_night
from scorekeeper.records import Night
from scorekeeper.results import NightResult
from scorekeeper.settlement import Payment
from scorekeeper.standing_columns import EVERY, standing_columns
from scorekeeper.standings import Standing
from scorekeeper.stats import NightFigure, PlayerStatistics, Tally
from scorekeeper.tournament.columns import standing_columns as tournament_columns
from scorekeeper.tournament.prizes import PrizeList
from scorekeeper.tournament.standings import Standings

MONEY = "Money (cents)"
AMOUNT = "Amount (cents)"


def scored_in_english(night: Night) -> NightResult:
    """NIGHT scored with its hands' summaries in English, for `night_sheet`."""
    with untranslated():
        return score_night(night)


def night_sheet(result: NightResult, dealers: Sequence[str | None]) -> Sheet:
    """A night's hands: a row per hand (its number, dealer, what was played, the
    multiplier, then each player's points for it, blank for a player not dealt in, and
    the pot's change when the night keeps a pot), then the totals in points and the
    money in cents.  RESULT is `scored_in_english`; DEALERS: each hand's dealer as
    recorded."""
    players = list(result.players)
    pot = result.pot is not None
    header = ("Hand", "Dealer", "Played", "Multiplier", *players, *(["Pot"] if pot else []))
    rows: list[tuple[Cell, ...]] = []
    for hand, dealer in zip(result.hands, dealers, strict=True):
        points: list[Cell] = [hand.points[p] if p in hand.active else None for p in players]
        rows.append(
            (
                hand.number,
                dealer,
                hand.summary,
                hand.multiplier,
                *points,
                *([hand.pot_change] if pot else []),
            )
        )
    blank: tuple[Cell, ...] = (None, None, None)
    rows.append(
        (
            "Total",
            *blank,
            *[result.total_points[p] for p in players],
            *([result.pot] if pot else []),
        )
    )
    rows.append(
        (MONEY, *blank, *[result.total_cents[p] for p in players])
        + ((result.pot_cents,) if pot else ())
    )
    return Sheet("night", header, tuple(rows))


def standings_sheet(rows: Iterable[Standing], game: str) -> Sheet:
    """The standings as ranked (a player not yet qualified has no rank): every column
    the standings declare (`standing_columns`), the league's game's counts headed in
    its words, each cell the column's value (points, cents, exact fractions)."""
    columns = standing_columns(game, EVERY)
    return Sheet(
        "standings",
        tuple(c.sheet_header for c in columns),
        tuple(tuple(c.value(s) for c in columns) for s in rows),
    )


def statistics_sheet(stats: PlayerStatistics) -> Sheet:
    """A player's statistics, a row each, in the words of the player's game: a count in
    Value, and for what was won of some hands, the won in Value and the hands in Out of."""
    game = game_named(stats.game)
    words = game.words
    rows: list[tuple[Cell, Cell, Cell]] = [
        ("Player", stats.player, None),
        ("Nights", stats.nights, None),
        ("Hands", stats.hands, None),
        ("Points", stats.points, None),
        (MONEY, stats.cents, None),
        ("Points per hand", stats.points_per_hand, None),
        _won(f"Won as {words.declarer}", stats.picker),
    ]
    rows += [
        _won(f"Won as {words.declarer}, {word}", tally)
        for word, tally in (
            (words.alone, stats.picker_alone),
            (words.with_partner, stats.picker_with_partner),
        )
        if word
    ]
    rows += [
        _won(f"Won as {words.declarer}, {stats.call_label(call, english=True)}", tally)
        for call, tally in stats.picker_by_call.items()
        if call != "alone"
    ]
    if words.partner_mark:
        rows.append(_won(f"Won as {words.partner}", stats.partner))
    rows.append(_won("Won defending", stats.defender))
    if words.schneiders:
        rows += [
            (f"{words.schneiders} won", stats.schneiders_won, None),
            (f"{words.schneiders} lost", stats.schneiders_lost, None),
        ]
    if words.no_tricks:
        rows += [
            (f"{words.no_tricks} won", stats.no_tricks_won, None),
            (f"{words.no_tricks} lost", stats.no_tricks_lost, None),
        ]
    if words.leasters:
        rows.append(_won(f"{words.leasters} won", stats.leasters))
    rows += [(figure.label, count, whole) for figure, count, whole in stats.figure_lines()]
    rows.append(("Misplays", stats.misplays, None))
    rows += _night("Best night", stats.best_night) + _night("Worst night", stats.worst_night)
    rows += [
        ("Longest winning streak (hands)", stats.longest_winning_streak, None),
        ("Longest losing streak (hands)", stats.longest_losing_streak, None),
    ]
    return Sheet("statistics", ("Statistic", "Value", "Out of"), tuple(rows))


def _won(label: str, tally: Tally) -> tuple[Cell, Cell, Cell]:
    return (label, tally.won, tally.hands)


def _night(label: str, night: NightFigure | None) -> list[tuple[Cell, Cell, Cell]]:
    if night is None:
        return [(f"{label} (points)", None, None)]
    return [(f"{label} (points)", night.points, None), (f"{label} (date)", night.date, None)]


def money_sheet(
    debts: Iterable[Debt], payments: Iterable[PaymentRecord], owed: Iterable[Payment]
) -> Sheet:
    """The league's money as one list of amounts from one person to another: each
    closed night's settlement ("debt"), each payment recorded ("payment"), and who owes
    whom now ("owed now", in the way of squaring up asked for).  A player's balance is
    what debts and payments bring them: the sum of their debts owed to them less those
    they owe, plus what they paid less what they were paid."""
    rows: list[tuple[Cell, ...]] = [
        ("debt", d.night_id, _date(d.date), d.debtor, d.creditor, d.cents) for d in debts
    ]
    rows += [
        ("payment", p.night_id, p.paid_on.isoformat(), p.payer, p.payee, p.cents) for p in payments
    ]
    rows += [("owed now", None, None, p.payer, p.payee, p.cents) for p in owed]
    return Sheet("money", ("Kind", "Night", "Date", "From", "To", AMOUNT), tuple(rows))


def balances_sheet(balances: Iterable[tuple[str, int]]) -> Sheet:
    """Each player's balance: owed to them (positive) or by them (negative)."""
    return Sheet("balances", ("Player", "Balance (cents)"), tuple(balances))


def owed_sheet(owed: Iterable[Payment]) -> Sheet:
    """Who owes whom now."""
    return Sheet("owed", ("From", "To", AMOUNT), tuple((p.payer, p.payee, p.cents) for p in owed))


def payments_sheet(payments: Iterable[PaymentRecord]) -> Sheet:
    """The payments recorded, with the night each was made for (when it was)."""
    return Sheet(
        "payments",
        ("Date", "From", "To", AMOUNT, "Night"),
        tuple((p.paid_on.isoformat(), p.payer, p.payee, p.cents, p.night_id) for p in payments),
    )


def settlement_sheet(rows: Iterable[Settled]) -> Sheet:
    """A night's settlement: who pays whom, what has been paid of it and on which days,
    and what is still owed."""
    return Sheet(
        "settlement",
        ("From", "To", AMOUNT, "Paid (cents)", "Paid on", "Still owed (cents)"),
        tuple(
            (r.payer, r.payee, r.cents, r.paid, " ".join(d.isoformat() for d in r.paid_on), r.owed)
            for r in rows
        ),
    )


def outcomes_sheet(figures: Iterable[tuple[str, int, int | None]]) -> Sheet:
    """How often each outcome happens (`stats.outcome_figures`): the hands it
    happened in, and the hands that is a share of."""
    return Sheet("outcomes", ("Outcome", "Hands", "Out of"), tuple(figures))


def roster_sheet(players: Iterable[tuple[str, bool]]) -> Sheet:
    """Every player (name, retired), and whether new nights offer them."""
    return Sheet(
        "roster",
        ("Player", "Roster"),
        tuple((name, "retired" if retired else "playing") for name, retired in players),
    )


def tournament_standings_sheet(standings: Standings) -> Sheet:
    """A tournament's standings as ranked, a column each (`tournament.columns`): the
    sessions' scores, the table points and penalties apart, the total, the figures the
    tie-breaks compare."""
    with untranslated():
        columns = tournament_columns(standings)
        header = tuple(c.sheet_heading() for c in columns)
    rows = tuple(tuple(c.value(row) for c in columns) for row in standings.rows)
    return Sheet("standings", header, rows)


def prizes_sheet(prizes: PrizeList) -> Sheet:
    """Who is paid what, and for what, in cents (whole dollars), then the house's."""
    with untranslated():
        rows: list[tuple[Cell, ...]] = [(a.player, a.what(), a.cents) for a in prizes.awards]
    rows.append(("House", "remainder kept", prizes.house))
    if prizes.pending:  # provisional: the prizes of sessions still to report
        rows.append(("Held", "top scorers of sessions still to report", prizes.held))
    return Sheet("prizes", ("Player", "Prize", AMOUNT), tuple(rows))


def seating_sheet(tables: Sequence[Sequence[str]]) -> Sheet:
    """A session's seating, by player's name: table and seat (seat 1 deals first)."""
    rows = sorted(
        ((p, number, seat) for number, t in enumerate(tables, 1) for seat, p in enumerate(t, 1)),
        key=lambda row: (search_key(row[0]), name_key(row[0]), row[0]),
    )
    return Sheet("seating", ("Player", "Table", "Seat"), tuple(rows))


def _date(day: dt.date | None) -> str | None:
    return None if day is None else day.isoformat()
