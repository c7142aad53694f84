"""The league commands of `scorekeeper`: league, standings, stats, debts, pay.

Each reads the database through the store and computes with the core; bad input (an
unknown league, a bad date, a bad option) is named by its flag and exits with status 2.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from typing import Any, TextIO

from scorekeeper.cli_common import (
    UserError,
    add_currency_flag,
    emit_sheet,
    open_store,
    require_csv_for_output,
    whole_number,
)
from scorekeeper.document import date_problem
from scorekeeper.formatting import money as in_currency
from scorekeeper.formatting import number, print_table
from scorekeeper.games import (
    DEFAULT_GAME,
    DEFAULT_PRESET,
    all_presets,
    game_named,
    game_of,
    parse_rules,
)
from scorekeeper.i18n import _
from scorekeeper.ledger import DEBT_MODES
from scorekeeper.names import name_key, printable, quoted
from scorekeeper.reports.sheets import money_sheet, standings_sheet, statistics_sheet
from scorekeeper.rules import RuleSet
from scorekeeper.standing_columns import GAME_BRIEF, StandingColumn, standing_columns
from scorekeeper.standings import (
    RANK_BY,
    TIE_BREAKS,
    Standing,
    StandingsOptions,
    tie_break_name,
)
from scorekeeper.standings import parse_standings_options as parse_options
from scorekeeper.stats import PlayerStatistics, Tally, player_statistics, statistics_lines


def _date(value: str | None, flag: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        problem = date_problem(value) or _("{date} is not a date").format(date=quoted(value))
        raise UserError([f"{flag}: {problem}"]) from None


def _period(args: argparse.Namespace) -> Any:
    from scorekeeper.store.league import Period

    return Period(
        args.league,
        getattr(args, "season", None),
        _date(getattr(args, "since", None), "--since"),
        _date(getattr(args, "until", None), "--until"),
    )


def _period_and_options(args: argparse.Namespace, db: Any) -> tuple[Any, StandingsOptions]:
    """The period and the standings options the flags ask for, every problem at once."""
    from scorekeeper.store.league import league_info

    lines: list[str] = []
    period = options = None
    try:
        period = _period(args)
    except UserError as error:
        lines += error.lines
    try:
        options = _options_from_flags(args, league_info(db, league=args.league).standings)
    except UserError as error:
        lines += error.lines
    if lines:
        raise UserError(lines)
    assert options is not None
    return period, options


def _emit(out: TextIO, value: Any) -> None:
    json.dump(value, out, ensure_ascii=False, indent=2)
    out.write("\n")


# -- league --------------------------------------------------------------------------


def _options_from_flags(args: argparse.Namespace, base: StandingsOptions) -> StandingsOptions:
    """The standings options with whatever the flags change."""
    value: dict[str, Any] = base.to_json()
    lists = {"placement_points": args.placement_points, "tie_breaks": args.tie_breaks}
    for key, text in lists.items():
        if text is not None:
            items = [t.strip() for t in text.split(",") if t.strip()]
            value[key] = (
                [int(t) if t.lstrip("-").isdigit() else t for t in items]
                if (key == "placement_points")
                else items
            )
    for key in ("rank_by", "min_nights", "min_hands", "drop_worst"):
        if getattr(args, key) is not None:
            value[key] = getattr(args, key)
    options, problems = parse_options(value)
    if options is None:
        raise UserError([f"--{p.field.replace('_', '-')}: {p.message}" for p in problems])
    return options


def command_league(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper league NAME [--season S] [--preset P] [--stake N] [standings flags]`:
    create a league (or season) or change its defaults, then print them."""
    from scorekeeper.store.league import default_rules, league_info, save_league, save_season

    db = open_store(args)
    rules = None
    if args.preset is not None or args.stake is not None:
        value = {"preset": args.preset or DEFAULT_PRESET}
        if args.stake is not None:
            value["stake_cents"] = args.stake
        rules, problems = parse_rules(value)
        if rules is None:
            flags = {"stake_cents": "stake", "preset": "preset"}
            raise UserError(
                [
                    f"--{flags.get(p.field.rsplit('.', 1)[-1], 'preset')}: {p.message}"
                    for p in problems
                ]
            )
    if args.season:
        save_league(db, name=args.league, currency=args.currency)
        save_season(db, league=args.league, name=args.season, rules=rules)
    else:
        save_league(db, name=args.league, rules=rules, currency=args.currency)
    info = league_info(db, league=args.league)
    options = _options_from_flags(args, info.standings)
    if options != info.standings:
        save_league(db, name=args.league, standings=options)
    print(printable(_("League: {name}").format(name=info.name)), file=out)
    seasons = ", ".join(info.seasons) or _("(none yet)")
    print(printable(_("Seasons: {seasons}").format(seasons=seasons)), file=out)
    print(_("Currency: {currency}").format(currency=info.currency), file=out)
    if info.rules is not None:
        print(_("Default rules:"), file=out)
        _print_rules(info.rules, info.currency, out)
    if args.season:
        season = default_rules(db, league=args.league, season=args.season)
        if season is not None:  # the season's own, else the league's
            print(printable(_("Season {name}:").format(name=args.season)), file=out)
            _print_rules(season, info.currency, out)
    game = info.rules.game if info.rules is not None else DEFAULT_GAME
    for line in options.describe(game):
        print(line, file=out)
    return 0


def _print_rules(rules: RuleSet, currency: str, out: TextIO) -> None:
    """RULES as a score sheet's header says them (the stake in CURRENCY), indented."""
    for line in game_of(rules).rules_lines(rules, currency):
        print(f"  {line}", file=out)


# -- standings -----------------------------------------------------------------------


def standing_to_json(row: Standing, game: str) -> dict[str, Any]:
    """One player's standing as `scorekeeper standings --json` prints it, with the
    counts of GAME, the league's (`Game.figures`, each by its key; a share of another
    count, as its `share_key`, too)."""
    value: dict[str, Any] = {
        "rank": row.rank,
        "player": row.player,
        "qualified": row.qualified,
        "points": row.points,
        "cents": row.cents,
        "nights": row.nights,
        "hands": row.hands,
        "points_per_hand": number(row.points_per_hand),
    }
    for figure in game_named(game).figures:
        value[figure.key] = row.figure(figure.key)
        if figure.share_of is not None:
            share = row.share(figure)
            value[figure.share_key or f"{figure.key}_rate"] = (
                None if share is None else number(share)
            )
    return value | {
        "misplays": row.misplays,
        "nights_won": row.nights_won,
        "placement_points": row.placement_points,
        "dropped_nights": row.dropped,
        "score": number(row.score),
    }


def terminal_columns(game: str, *, score: bool = False) -> tuple[StandingColumn, ...]:
    """The standings' columns the command line prints (`standing_columns`), the game's
    counts those a narrow table shows; with the score the players are ranked by when
    SCORE (`score_shown`)."""
    keys = TERMINAL_COLUMNS if score else [k for k in TERMINAL_COLUMNS if k != "score"]
    return standing_columns(game, keys)


TERMINAL_COLUMNS = (
    "rank",
    "player",
    "nights",
    "hands",
    "points",
    "cents",
    "score",
    "points_per_hand",
    GAME_BRIEF,
    "misplays",
)


def command_standings(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper standings --league NAME [--season S] [--json | --csv [-o FILE]]`: the
    league's table."""
    from scorekeeper.store.league import standings

    require_csv_for_output(args)
    db = open_store(args)
    period, options = _period_and_options(args, db)
    result = standings(db, period, options)
    if args.csv:
        emit_sheet(standings_sheet(result.everyone, result.game), args.output, out)
        return 0
    if args.json:
        _emit(out, [standing_to_json(row, result.game) for row in result.everyone])
        return 0
    if not result.everyone:
        print(_("No hands played in this period yet."), file=out)
        return 0
    shown = terminal_columns(result.game, score=result.options.score_shown)
    header = [c.heading() for c in shown]
    right = {i for i, c in enumerate(shown) if not c.name}
    currency = _currency(db, args.league)
    rows = [[c.text(r, currency) for c in shown] for r in result.qualified]
    print_table(out, [header, *rows], right)
    if result.not_qualified:
        print("", file=out)
        print(_("Not yet qualified:"), file=out)
        rows = [[c.text(r, currency) for c in shown] for r in result.not_qualified]
        print_table(out, [header, *rows], right)
    print("", file=out)
    for line in options.describe(result.game):
        print(line, file=out)
    return 0


# -- stats ---------------------------------------------------------------------------


def _tally(tally: Tally) -> dict[str, Any]:
    rate = tally.rate
    return {"hands": tally.hands, "won": tally.won, "rate": None if rate is None else number(rate)}


def statistics_to_json(stats: PlayerStatistics) -> dict[str, Any]:
    """A player's statistics as `scorekeeper stats --json` prints them."""

    def night(n: Any) -> dict[str, Any] | None:
        if n is None:
            return None
        return {"night": n.night_id, "date": n.date, "points": n.points, "cents": n.cents}

    return {
        "player": stats.player,
        "nights": stats.nights,
        "hands": stats.hands,
        "points": stats.points,
        "cents": stats.cents,
        "points_per_hand": number(stats.points_per_hand),
        "picker": _tally(stats.picker),
        "picker_alone": _tally(stats.picker_alone),
        "picker_with_partner": _tally(stats.picker_with_partner),
        "picker_by_call": {c: _tally(t) for c, t in stats.picker_by_call.items()},
        "partner": _tally(stats.partner),
        "defender": _tally(stats.defender),
        "schneiders_won": stats.schneiders_won,
        "schneiders_lost": stats.schneiders_lost,
        "no_tricks_won": stats.no_tricks_won,
        "no_tricks_lost": stats.no_tricks_lost,
        "leasters": _tally(stats.leasters),
        "misplays": stats.misplays,
        "best_night": night(stats.best_night),
        "worst_night": night(stats.worst_night),
        "longest_winning_streak": stats.longest_winning_streak,
        "longest_losing_streak": stats.longest_losing_streak,
        # Every count of the player's game (`Game.figures`), by key.
        "figures": {f.key: stats.figures.get(f.key, 0) for f in game_named(stats.game).figures},
    }


def command_stats(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper stats --league NAME --player NAME [--json | --csv [-o FILE]]`: a
    player's record."""
    from scorekeeper.store.league_hands import hand_facts

    require_csv_for_output(args)
    db = open_store(args)
    facts = hand_facts(db, _period(args), player=args.player)
    name = facts[0].player if facts else args.player
    stats = player_statistics(name, facts)
    if args.csv:
        emit_sheet(statistics_sheet(stats), args.output, out)
        return 0
    if args.json:
        _emit(out, statistics_to_json(stats))
        return 0
    # A label is the game's or the statistics' own words: said in the user's language.
    lines = statistics_lines(stats, _currency(db, args.league))
    rows = [(_(label), value) for label, value in lines]
    width = max(len(label) for label, _value in rows)
    print(printable(stats.player), file=out)
    for label, value in rows:
        print(f"  {label.ljust(width)}  {value}", file=out)
    return 0


# -- money ---------------------------------------------------------------------------


def command_debts(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper debts --league NAME [--mode M] [--collector NAME] [--json | --csv
    [-o FILE]]`."""
    from scorekeeper.store.money import league_money

    require_csv_for_output(args)
    if args.mode == "collector" and not args.collector:
        raise UserError([_("--collector: collector mode needs the treasurer's name")])
    money = league_money(open_store(args), league=args.league)
    owed = money.outstanding(args.mode, args.collector)
    if args.csv:
        emit_sheet(money_sheet(money.debts, money.payments, owed), args.output, out)
        return 0
    if args.json:
        _emit(
            out,
            {
                "league": money.league,
                "mode": args.mode,
                "balances": money.balances,
                "outstanding": [{"from": p.payer, "to": p.payee, "cents": p.cents} for p in owed],
            },
        )
        return 0
    if not owed:
        print(printable(_("{league}: everyone is square.").format(league=money.league)), file=out)
        return 0
    for payment in owed:
        amount = in_currency(payment.cents, money.currency)
        pays = _("{payer} pays {payee} {amount}").format(
            payer=payment.payer, payee=payment.payee, amount=amount
        )
        print(printable(pays), file=out)
    return 0


def command_pay(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper pay --league NAME --from NAME --to NAME --cents N [--date D]`."""
    from scorekeeper.store.money import league_money, record_league_payment

    db = open_store(args)
    record_league_payment(
        db,
        league=args.league,
        payer=args.payer,
        payee=args.payee,
        cents=args.cents,
        paid_on=_date(args.date, "--date"),
        note=args.note or "",
    )
    kept = league_money(db, league=args.league)
    balance, currency = kept.balances, kept.currency
    recorded = _("Recorded: {payer} paid {payee} {amount}.").format(
        payer=args.payer, payee=args.payee, amount=in_currency(args.cents, currency)
    )
    print(printable(recorded), file=out)
    for name in (args.payer, args.payee):
        key = next((n for n in balance if name_key(n) == name_key(name)), name)
        now = _("{player}'s balance is now {amount}.").format(
            player=key, amount=in_currency(balance.get(key, 0), currency)
        )
        print(printable(now), file=out)
    return 0


def _currency(db: Any, league: str) -> str:
    """The currency LEAGUE keeps its money in."""
    from scorekeeper.store.league import league_info

    return league_info(db, league=league).currency


# -- the parser ----------------------------------------------------------------------


def _standings_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rank-by", choices=RANK_BY, dest="rank_by")
    parser.add_argument("--placement-points", metavar=_("LIST"), help=_("e.g. 5,3,2,1,0"))
    parser.add_argument(
        "--min-nights", type=whole_number, metavar=_("N"), help=_("nights to qualify")
    )
    parser.add_argument(
        "--min-hands", type=whole_number, metavar=_("N"), help=_("hands to qualify")
    )
    parser.add_argument(
        "--drop-worst", type=whole_number, metavar=_("N"), help=_("nights not counted")
    )
    # Every game's tie-breaks, and Sheepshead's counts (another game's, as `picker-wins`
    # is, from its `figures`): naming them all would load every game at each start.
    keys = [*TIE_BREAKS, *(tie_break_name(f.key) for f in game_named(DEFAULT_GAME).figures)]
    # Translators: {keys} are the tie-breaks' names as typed: not translated.
    in_order = _("in order, from: {keys}").format(keys=", ".join(keys))
    parser.add_argument("--tie-breaks", metavar=_("LIST"), help=in_order)


def _period_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--league", required=True, metavar=_("NAME"))
    parser.add_argument("--season", metavar=_("NAME"), help=_("default: every season"))
    parser.add_argument("--since", metavar=_("DATE"), help=_("first date counted (2026-01-31)"))
    parser.add_argument("--until", metavar=_("DATE"), help=_("last date counted"))


def _output_flags(parser: argparse.ArgumentParser, csv_help: str) -> None:
    """--json, or --csv (CSV_HELP says what its spreadsheet holds) with -o FILE."""
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true")
    shape.add_argument("--csv", action="store_true", help=csv_help)
    parser.add_argument(
        "-o", "--output", metavar=_("FILE"), help=_("with --csv: default standard output")
    )


def add_league_commands(commands: Any) -> None:
    """Add the league commands to `scorekeeper`'s subcommands."""
    league = commands.add_parser("league", help=_("create a league or season, or set defaults"))
    league.add_argument("league", metavar=_("LEAGUE"), help=_("the league's name"))
    league.add_argument("--season", metavar=_("NAME"), help=_("create or change this season"))
    league.add_argument(
        "--preset", choices=sorted(all_presets()), help=_("default rules for new nights")
    )
    league.add_argument("--stake", type=whole_number, metavar=_("CENTS"), help=_("cents a point"))
    add_currency_flag(league, _("the league's money: EUR, USD or another ISO 4217 code"))
    _standings_flags(league)
    league.set_defaults(run=command_league)
    standings = commands.add_parser("standings", help=_("the league's standings"))
    _period_flags(standings)
    _standings_flags(standings)
    _output_flags(standings, _("the standings as a spreadsheet (CSV, UTF-8, amounts in cents)"))
    standings.set_defaults(run=command_standings)
    stats = commands.add_parser("stats", help=_("a player's statistics in a league"))
    _period_flags(stats)
    stats.add_argument("--player", required=True, metavar=_("NAME"))
    _output_flags(stats, _("the statistics as a spreadsheet (CSV, UTF-8, amounts in cents)"))
    stats.set_defaults(run=command_stats)
    debts = commands.add_parser("debts", help=_("who owes whom in a league, across nights"))
    debts.add_argument("--league", required=True, metavar=_("NAME"))
    debts.add_argument(
        "--mode",
        choices=DEBT_MODES,
        default="simplify",
        # Translators: simplify, direct and collector are the modes as typed: not translated.
        help=_(
            "simplify: fewest payments; direct: only between the players who owe each "
            "other; collector: all through one treasurer"
        ),
    )
    debts.add_argument(
        "--collector", metavar=_("NAME"), help=_("the treasurer, for collector mode")
    )
    _output_flags(
        debts,
        _(
            "every debt, payment and what is owed now as a spreadsheet (CSV, UTF-8, amounts "
            "in cents)"
        ),
    )
    debts.set_defaults(run=command_debts)
    pay = commands.add_parser("pay", help=_("record a payment, whole or part of a debt"))
    pay.add_argument("--league", required=True, metavar=_("NAME"))
    pay.add_argument("--from", required=True, dest="payer", metavar=_("NAME"))
    pay.add_argument("--to", required=True, dest="payee", metavar=_("NAME"))
    pay.add_argument("--cents", required=True, type=whole_number, metavar=_("N"))
    pay.add_argument("--date", metavar=_("DATE"), help=_("default: today"))
    pay.add_argument("--note", metavar=_("TEXT"))
    pay.set_defaults(run=command_pay)
