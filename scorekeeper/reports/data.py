"""What each report says, computed before any layout: every number comes from the core
(scoring, standings, statistics, the ledger) and the store; the renderers only place
the strings and series made here on the page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.formatting import (
    Look,
    money,
    night_title,
    player_looks,
    short_date,
    short_iso,
)
from scorekeeper.games import (
    Game,
    changed_lines,
    game_of,
    game_of_preset,
    marks_legend,
    preset_rules,
)
from scorekeeper.i18n import _
from scorekeeper.ledger import Settled, settled_at_table
from scorekeeper.records import Hand, Night, NightInfo
from scorekeeper.results import POT, HandResult, NightResult
from scorekeeper.rules import RuleSet
from scorekeeper.standing_columns import GAME_BRIEF, StandingColumn, standing_columns
from scorekeeper.standings import NightLine, Standings
from scorekeeper.store.league import LeagueInfo

# A chart line: its name, its (x, y) points, and its colour and dash (a player's, the
# same on every chart of their league: `formatting.player_looks`).
Series = tuple[str, tuple[tuple[float, float], ...], Look]


@dataclass(frozen=True)
class NightReport:
    """The session report of one night."""

    title: str
    filing: tuple[tuple[str, str], ...]  # label, value: league, season, date, table
    rules: tuple[str, ...]  # the house rules, short and readable
    players: tuple[str, ...]
    header: tuple[str, ...]  # the hand columns before the players'
    # Each hand's cells, then per player its points with their marks ('+2 PD') and total.
    rows: tuple[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], ...]
    total_points: tuple[str, ...]
    total_money: tuple[str, ...]
    settlement: tuple[str, ...]  # "Ann pays Bob $1.25 — paid on 11/20/26 ✓"
    owed: str  # what is still owed of it in all, once anything has been paid
    figures_header: tuple[str, ...]
    figures: tuple[tuple[str, ...], ...]
    running: tuple[Series, ...]
    footnote: str = ""  # under the sheet: what the * after a hand's number means
    legend: str = ""  # under the sheet: what the letters beside the points mean


def signed(value: int) -> str:
    """'+3', '-2', '0'."""
    return f"{value:+d}" if value else "0"


def party(name: str) -> str:
    """A party to a settlement as a page prints it: a player by name, the Schafkopf
    pot as the language calls it."""
    return _("(pot)") if name == POT else name


def pays(payer: str, payee: str, amount: str) -> str:
    """'Ann pays Bob $1.25': one payment of a settlement."""
    return _("{payer} pays {payee} {amount}").format(
        payer=party(payer), payee=party(payee), amount=amount
    )


def period_words(season: str | None) -> str:
    """'Season Fall 2026', or 'All seasons'."""
    return _("Season {name}").format(name=season) if season else _("All seasons")


def rules_summary(rules: RuleSet, currency: str) -> tuple[str, ...]:
    """The house rules in a few short lines, as a score sheet's header would say them
    (the stake in CURRENCY): the game's summary of its preset, then every option of the
    game that differs from the preset, by its label and in words (`games.changed_lines`)."""
    game = game_of(rules)
    # The stake is in the game's lines always: not again among the options changed.
    changed = [o for o in game.options if o.name != "stake_cents"]
    return (*game.rules_lines(rules, currency), *changed_lines(rules, changed, currency))


def _hand_cells(number: int, hand: Hand, result: HandResult, game: Game) -> tuple[str, ...]:
    multiplier = f"×{result.multiplier}" if result.multiplier > 1 else ""
    return (str(number), hand.dealer or "", *game.report_cells(hand, result), multiplier)


def _figures(night: Night, result: NightResult) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for player in night.players:
        roles = [h.roles.get(player) for h in result.hands if player in h.active]
        hands = sum(h.hands for h in result.hands if player in h.active)
        picked = [h for h in result.hands if h.roles.get(player) == "picker"]
        won = sum(1 for h in picked if h.outcome == "win")
        misplays = sum(h.misplays.count(player) for h in night.hands)
        rows.append(
            (
                player,
                str(hands),
                str(len(picked)),
                _("{won} of {count}").format(won=won, count=len(picked)),
                str(roles.count("partner")),
                str(roles.count("leaster-winner")),
                str(misplays),
                signed(result.total_points[player]),
                money(result.total_cents[player], night.info.currency),
            )
        )
    return rows


def settlement_lines(rows: Sequence[Settled], currency: str) -> tuple[tuple[str, ...], str]:
    """Each payment of a settlement (ROWS: what has been paid of each) in a line that
    says whether it has been paid, when, and what is still owed of it; and a line for
    what is still owed in all (while nothing has been paid: the payments alone, and "")."""
    lines, said = [], any(row.paid for row in rows)  # nothing paid: the payments alone
    for row in rows:
        payment = pays(row.payer, row.payee, money(row.cents, currency))
        days = ", ".join(short_date(day) for day in row.paid_on)
        if not row.paid:
            lines.append(_("{payment} — not paid yet").format(payment=payment) if said else payment)
        elif not row.owed:
            lines.append(_("{payment} — paid on {days} ✓").format(payment=payment, days=days))
        else:
            lines.append(
                _("{payment} — {paid} paid on {days}; {owed} still owed").format(
                    payment=payment,
                    paid=money(row.paid, currency),
                    days=days,
                    owed=money(row.owed, currency),
                )
            )
    if not said:
        return tuple(lines), ""
    owed = sum(row.owed for row in rows)
    if not owed:
        return tuple(lines), _("Everything is paid.")
    return tuple(lines), _("Still owed: {amount}.").format(amount=money(owed, currency))


def night_report(
    night: Night,
    result: NightResult,
    *,
    night_id: int | None = None,
    changed: frozenset[int] = frozenset(),
    paid: Sequence[Settled] | None = None,
    roster: Sequence[str] = (),
) -> NightReport:
    """The session report of a scored night; the hands at the places CHANGED were
    changed after they were recorded (a * after their number, said under the sheet);
    PAID, what has been paid of its settlement (the store's answer, its league's
    payments too: `store.money.night_settled`; else what the night's own say); ROSTER,
    its league's players, whose places give each player's colour on its chart."""
    info, game = night.info, game_of(night.rules)
    if paid is None:
        made = ((p.payer, p.payee, p.cents, p.paid_on(info.date)) for p in info.payments)
        paid = settled_at_table(result.settlement, made)
    settlement, owed = settlement_lines(paid, info.currency)
    running = result.running_points()
    rows = []
    for number, (hand, scored, after) in enumerate(
        zip(night.hands, result.hands, running, strict=True), start=1
    ):
        cells = tuple((scored.sheet_cell(p), str(after[p])) for p in night.players)
        hand_cells = _hand_cells(number, hand, scored, game)
        if number in changed:
            hand_cells = (f"{number}*", *hand_cells[1:])
        rows.append((hand_cells, cells))
    figures = _figures(night, result)
    words, currency = game.words, info.currency
    return NightReport(
        title=_night_title(night),
        filing=_filing(info),
        rules=rules_summary(night.rules, currency),
        players=night.players,
        header=tuple(_(h) for h in words.hand_header),
        rows=tuple(rows),
        total_points=tuple(signed(result.total_points[p]) for p in night.players),
        total_money=tuple(money(result.total_cents[p], currency) for p in night.players),
        settlement=settlement,
        owed=owed,
        figures_header=tuple(_(h) for h in words.figures_header),
        figures=tuple(figures),
        running=tuple(
            _line(p, [0, *(r[p] for r in running)], look)
            for p, look in player_looks(night.players, roster).items()
        ),
        footnote=_(
            "* changed after it was recorded; every version: scorekeeper history --night {night}"
        ).format(night=night_id)
        if changed
        else "",
        legend=marks_legend(words),
    )


def _line(name: str, values: Sequence[int], look: Look) -> Series:
    """A chart line through VALUES at x = 0, 1, 2, ..., drawn with LOOK."""
    return (name, tuple((float(x), float(y)) for x, y in enumerate(values)), look)


def _night_title(night: Night) -> str:
    """The page's title: the night's own title and its date, else the night as the
    window titles it (its league, date and table: `night_title`), never its id."""
    info = night.info
    if not info.title:
        return night_title(info.league, info.date, info.table, None, night.players)
    return " — ".join([info.title, *([short_iso(info.date)] if info.date else [])])


def _filing(info: NightInfo) -> tuple[tuple[str, str], ...]:
    pairs = (
        (_("League"), info.league),
        (_("Season"), info.season),
        (_("Date"), short_iso(info.date, missing="")),
        (_("Table"), info.table),
    )
    return tuple((label, value) for label, value in pairs if value)


# -- the league ----------------------------------------------------------------------


@dataclass(frozen=True)
class NightListing:
    """One night in the league report's table of nights."""

    date: str
    table: str
    players: str
    hands: str


@dataclass(frozen=True)
class LeagueReport:
    """The league report: standings, how they are ranked, a chart, the nights."""

    title: str
    period: str
    header: tuple[str, ...]
    qualified: tuple[tuple[str, ...], ...]
    not_qualified: tuple[tuple[str, ...], ...]
    rules: tuple[str, ...]
    leaders: tuple[Series, ...]  # cumulative points night by night
    nights: tuple[NightListing, ...]


def paper_columns(game: str, *, score: bool = False) -> tuple[StandingColumn, ...]:
    """The standings' columns the league report prints (`standing_columns`: the same
    text as every other door's), the game's counts those a narrow table shows; with the
    score the players are ranked by when SCORE (`StandingsOptions.score_shown`)."""
    keys = PAPER_COLUMNS if score else [k for k in PAPER_COLUMNS if k != "score"]
    return standing_columns(game, keys)


PAPER_COLUMNS = (
    "rank",
    "player",
    "nights",
    "hands",
    "points",
    "cents",
    "score",
    "points_per_hand",
    GAME_BRIEF,
)


def league_report(
    info: LeagueInfo,
    standings: Standings,
    lines: Sequence[NightLine],
    *,
    season: str | None,
    nights: Sequence[NightListing],
    leaders: int = 6,
    roster: Sequence[str] = (),
) -> LeagueReport:
    """The league report from its standings, the night lines they were ranked from, and
    its nights; ROSTER, the league's players, whose places give each leader's colour."""
    dates = {line.night_id: line.date or "" for line in lines}
    order = sorted(dates, key=lambda n: (dates[n], n))
    top = [row.player for row in standings.everyone[:leaders]]
    shown = paper_columns(standings.game, score=standings.options.score_shown)
    return LeagueReport(
        title=info.name,
        period=period_words(season),
        header=tuple(c.heading() for c in shown),
        qualified=tuple(
            tuple(c.text(r, info.currency) for c in shown) for r in standings.qualified
        ),
        not_qualified=tuple(
            tuple(c.text(r, info.currency) for c in shown) for r in standings.not_qualified
        ),
        rules=tuple(standings.options.describe(standings.game)),
        leaders=_cumulative(lines, order, player_looks(top, roster)),
        nights=tuple(nights),
    )


def _cumulative(
    lines: Sequence[NightLine], order: list[int], players: dict[str, Look]
) -> tuple[Series, ...]:
    """Each leading player's points after each night of the league (flat on nights they
    did not play), drawn with their look; a league of one night, each player's points
    after it alone (a marker each, with its value: from 0 it was a fan of lines)."""
    points = {(line.night_id, line.player): line.points for line in lines}
    series = []
    for player, look in players.items():
        total, path = 0, [(0.0, 0.0)] if len(order) > 1 else []
        for index, night in enumerate(order, start=1):
            total += points.get((night, player), 0)
            path.append((float(index), float(total)))
        series.append((player, tuple(path), look))
    return tuple(series)


# -- statements and the pad ----------------------------------------------------------


@dataclass(frozen=True)
class Statement:
    """One player's page: their nights, totals, and what they owe or are owed."""

    player: str
    league: str
    period: str
    nights: tuple[tuple[str, str, str, str], ...]  # date, table, points, money
    total_points: str
    total_money: str
    paid: tuple[str, ...]  # payments made and received
    balance_words: str  # "Ann owes $0.80."
    owed: tuple[str, ...]  # the payments that would square this player up


@dataclass(frozen=True)
class PadReport:
    """A blank score pad for a table of players, in the words of their game: as many
    rows as fit a page, or a row for each of a known number of hands with its dealer
    (DEALERS), the dealer's cells struck where the dealer sits out (SITS_OUT); LINES
    under the title in place of the blanks to fill, and a line to sign for each of
    SIGNATURES (a tournament's table sheet)."""

    players: tuple[str, ...]
    title: str  # "Schafkopf score pad"
    header: tuple[str, ...]  # the hand columns before the players'
    rows: int = 23  # what fits one page, with the total
    dealers: tuple[str, ...] = ()
    sits_out: bool = False
    lines: tuple[str, ...] = ()
    signatures: tuple[str, ...] = ()


def dealers_round(players: Sequence[str], hands: int) -> tuple[str, ...]:
    """Each hand's dealer, clockwise from the first seat (the proposed deal)."""
    return tuple(players[n % len(players)] for n in range(hands))


def pad_report(
    players: Sequence[str], preset: str, rows: int = 23, hands: int | None = None
) -> PadReport:
    """A blank pad for PLAYERS at a table playing PRESET; with HANDS, a row for each
    and its dealer filled in (struck out of the hand where one more sits than the
    preset deals in)."""
    game = game_of_preset(preset)
    header = tuple(_(h) for h in game.words.hand_header)
    title = _("{game} score pad").format(game=_(game.title))
    if hands is None:
        return PadReport(tuple(players), title, header, rows)
    sits_out = len(players) == preset_rules(preset).dealt_in + 1
    dealers = dealers_round(players, hands)
    return PadReport(tuple(players), title, header, hands, dealers, sits_out)
