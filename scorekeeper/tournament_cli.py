"""`scorekeeper tournament ...`: a tournament day from the command line, everything the
window's Tournament menu does.

    new NAME --date D --sessions N --hands N [--preset P] [--rules JSON] [--entry-cents N]
        [--currency C] [--share %] [--places LIST] [--session-top %]
        [--remainder places|house] [--tie-breaks LIST] [--uneven larger|smaller]
    list | show NAME
    register NAME PLAYER... [--paid] [--from-session N] | paid NAME PLAYER [--open]
    withdraw NAME PLAYER --after N | apart NAME PLAYER PLAYER
    draw NAME --session N [--seed N] | start NAME --session N [--undo]
    seating NAME --session N [--csv] [--check]
    status NAME --session N
    totals NAME --session N --table T PLAYER=POINTS... | hands NAME --session N --table T FILE
    night NAME --session N --table T | check NAME --session N --table T [--undo]
    penalty NAME --session N --player P --points N [--reason TEXT] | penalty NAME --remove ID
    standings NAME [--after N | --session N] [--csv [-o FILE] | --json] | prizes NAME [--csv]

Bad input exits with status 2, naming the flag or argument; nothing is written then.
"""

from __future__ import annotations

import argparse
import datetime as dt
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
from scorekeeper.formatting import money, print_table, short_date
from scorekeeper.games import DEFAULT_PRESET, all_presets, game_of, parse_rules
from scorekeeper.i18n import _
from scorekeeper.json_input import parse_json
from scorekeeper.names import printable
from scorekeeper.reports.sheets import seating_sheet
from scorekeeper.store.errors import Field
from scorekeeper.tournament.prizes import REMAINDERS, default_payout, parse_payout
from scorekeeper.tournament.standings import (
    describe_tie_breaks,
    parse_tie_breaks,
    tie_break_names,
)
from scorekeeper.tournament.tables import UNEVEN, hands_words
from scorekeeper.tournament_results_cli import add_result_actions, open_tournament, player_names

# The flags of a tournament's fields a StorageError names, at every command (`report`'s
# too: `cli.FIELD_FLAGS`); a tournament's commands name the tournament and points so.
TOURNAMENT_FIELD_FLAGS: dict[Field, str] = {
    "tournament": "NAME",
    "session": "--session",
    "after": "--after",
    "sessions": "--sessions",
    "hands": "--hands",
    "seed": "--seed",
    "entry fee": "--entry-cents",
    "payout": "--places",
    "tie-breaks": "--tie-breaks",
    "uneven": "--uneven",
    "rules": "--rules",
    "points": "--points",
    "reason": "--reason",
    "penalty": "--remove",
}
# The argument each field a StorageError names is given by, where it is not the flag
# every command uses (`cli.FIELD_FLAGS`).
FLAGS = {"points": "POINTS", "players": "PLAYER", "player": "PLAYER", "table": "--table"}


# -- setting up ---------------------------------------------------------------------------


def _rules(args: argparse.Namespace) -> Any:
    value: dict[str, Any] = {"preset": args.preset}
    if args.rules:
        extra, problems = parse_json(args.rules.encode("utf-8"))
        if problems:
            raise UserError([f"--rules: {p.message}" for p in problems])
        if not isinstance(extra, dict):
            raise UserError([_("--rules: give an object of options, as a night's rules")])
        value |= extra
    rules, problems = parse_rules(value)
    if rules is None:
        raise UserError([f"--rules: {p}" for p in problems])
    return rules


def _whole_list(text: str | None, flag: str) -> list[int] | None:
    if text is None:
        return None
    parts = [t.strip() for t in text.split(",") if t.strip()]
    if not all(p.isdigit() for p in parts):
        raise UserError([_("{flag}: give whole numbers separated by commas").format(flag=flag)])
    return [int(p) for p in parts]


def command_new(args: argparse.Namespace, out: TextIO) -> int:
    """Make a tournament; print what it is."""
    from scorekeeper.store.tournaments import create_tournament

    problem = date_problem(args.date)
    if problem:
        raise UserError([f"--date: {problem}"])
    rules = _rules(args)
    payout_value: dict[str, Any] = default_payout(args.sessions).to_json()
    payout_value["remainder"] = args.remainder
    for key, given in (("share", args.share), ("session_top", args.session_top)):
        if given is not None:
            payout_value[key] = given
    places = _whole_list(args.places, "--places")
    if places is not None:
        payout_value["places"] = places
    payout, problems = parse_payout(payout_value, args.sessions)
    if payout is None:
        raise UserError([f"--{p.field.replace('_', '-')}: {p.message}" for p in problems])
    chain, problems = parse_tie_breaks(
        [t.strip() for t in args.tie_breaks.split(",") if t.strip()] if args.tie_breaks else None,
        rules.game,
    )
    if chain is None:
        raise UserError([f"--tie-breaks: {p.message}" for p in problems])
    tournament = create_tournament(
        open_store(args),
        name=args.tournament,
        date=dt.date.fromisoformat(args.date),
        rules=rules,
        sessions=args.sessions,
        hands=args.hands,
        entry_cents=args.entry_cents,
        currency=args.currency or "USD",
        payout=payout,
        tie_breaks=chain,
        uneven=args.uneven,
    )
    _describe(tournament, out)
    return 0


def _describe(tournament: Any, out: TextIO) -> None:
    lines = [
        _("Tournament: {name}, {date}").format(
            name=tournament.name, date=short_date(tournament.date)
        ),
        _("{sessions} sessions of {hands} hands; entry {fee}").format(
            sessions=tournament.sessions,
            hands=tournament.hands,
            fee=money(tournament.entry_cents, tournament.currency),
        ),
        *game_of(tournament.rules).rules_lines(tournament.rules, tournament.currency),
        *hands_words(list(tournament.seating.kinds.values()), tournament.hands),
        *tournament.payout.describe(tournament.sessions, tournament.currency),
        describe_tie_breaks(tournament.tie_breaks, tournament.rules.game),
    ]
    for line in lines:
        print(printable(line), file=out)


def command_list(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournaments import list_tournaments

    found = list_tournaments(open_store(args))
    if not found:
        print(_("No tournaments yet."), file=out)
        return 0
    rows = [[_("date"), _("tournament"), _("sessions")]]
    rows += [[t.date.isoformat(), t.name, str(t.sessions)] for t in found]
    print_table(out, rows)
    return 0


def command_show(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_draw import draws
    from scorekeeper.store.tournaments import entries

    db, tournament = open_tournament(args)
    _describe(tournament, out)
    registered = entries(db, tournament)
    paid = sum(1 for e in registered if e.paid)
    print(_("Registered: {count} ({paid} paid)").format(count=len(registered), paid=paid), file=out)
    seeds = draws(db, tournament)
    for number in range(1, tournament.sessions + 1):
        if number in seeds:
            said = _("Session {session}: drawn, seed {seed}").format(
                session=number, seed=seeds[number]
            )
        else:
            said = _("Session {session}: not drawn yet").format(session=number)
        print(said, file=out)
    return 0


# -- registration -------------------------------------------------------------------------


def command_register(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournaments import drawn_already, register

    players = player_names(args.players, "PLAYER")
    db, tournament = open_tournament(args)
    added = register(db, tournament, players, paid=args.paid, first_session=args.from_session)
    for entry in added:
        words = _("{player} registered ({paid}), playing from session {session}")
        paid = _("paid") if entry.paid else _("not paid yet")
        print(
            printable(words.format(player=entry.player, paid=paid, session=entry.first)), file=out
        )
    late = drawn_already(db, tournament, added[0].first) if added else None
    if late:
        print(late, file=out)
    return 0


def command_paid(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournaments import set_paid

    (player,) = player_names([args.player], "PLAYER")
    db, tournament = open_tournament(args)
    set_paid(db, tournament, player, paid=not args.open)
    said = _("{player}: not paid") if args.open else _("{player}: paid")
    print(printable(said.format(player=player)), file=out)
    return 0


def command_withdraw(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournaments import withdraw

    (player,) = player_names([args.player], "PLAYER")
    db, tournament = open_tournament(args)
    withdraw(db, tournament, player, after=args.after)
    if args.after:
        said = _("{player} plays no session after session {session}")
    else:
        said = _("{player} is withdrawn: they play no session")
    print(printable(said.format(player=player, session=args.after)), file=out)
    return 0


def command_apart(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournaments import keep_apart

    first, second = player_names(args.pair, "PLAYER")
    db, tournament = open_tournament(args)
    keep_apart(db, tournament, first, second)
    said = _("{first} and {second} are kept apart in every draw")
    print(printable(said.format(first=first, second=second)), file=out)
    return 0


# -- the draw ----------------------------------------------------------------------------


def command_draw(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_draw import draw_session

    db, tournament = open_tournament(args)
    drawn = draw_session(db, tournament, args.session, seed=args.seed)
    _print_draw(drawn, out)
    return 0


def _print_draw(drawn: Any, out: TextIO) -> None:
    for line in drawn.lines():
        print(printable(line), file=out)
    for number, table in enumerate(drawn.tables, start=1):
        said = _("Table {table}: {players}").format(table=number, players=", ".join(table))
        print(printable(said), file=out)


def command_start(args: argparse.Namespace, out: TextIO) -> int:
    """Start a session's round now (the board's clock counts from it), or take it back."""
    from scorekeeper.store.tournament_draw import start_round

    db, tournament = open_tournament(args)
    start_round(db, tournament, args.session, started=not args.undo)
    said = (
        _("Session {session}: the round's start taken back.")
        if args.undo
        else _("Session {session}: the round has started; the board's clock counts from now.")
    )
    print(said.format(session=args.session), file=out)
    return 0


def command_seating(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_draw import drawn_session, reproduces

    db, tournament = open_tournament(args)
    require_csv_for_output(args)
    drawn = drawn_session(db, tournament, args.session)
    sheet = seating_sheet(drawn.tables)
    if args.csv:
        emit_sheet(sheet, args.output, out)
        return 0
    rows = [[_("Player"), _("Table"), _("Seat")]]
    rows += [[str(c) for c in row] for row in sheet.rows]
    print_table(out, rows, right={1, 2})
    if args.check:
        same = reproduces(db, tournament, args.session)
        said = (
            _("Seed {seed} draws these tables again.")
            if same
            else _("Seed {seed} does NOT draw these tables: the seating was changed.")
        )
        print(said.format(seed=drawn.seed), file=out)
        if not same:
            return 2
    return 0


def command_status(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_results import table_statuses

    db, tournament = open_tournament(args)
    statuses = table_statuses(db, tournament, args.session)
    if not statuses:
        print(_("Session {session} is not drawn yet.").format(session=args.session), file=out)
        return 0
    rows = [[_("Table"), _("Players"), _("Reported")]]
    rows += [[str(s.number), ", ".join(s.players), s.words()] for s in statuses]
    print_table(out, rows)
    waiting = [str(s.number) for s in statuses if not s.done]
    if waiting:
        print(_("Still to report: tables {tables}").format(tables=", ".join(waiting)), file=out)
    else:
        print(_("Every table has reported."), file=out)
    return 0


# -- the parser ---------------------------------------------------------------------------


def _where(parser: argparse.ArgumentParser, *, table: bool = False, session: bool = True) -> None:
    if session:
        parser.add_argument("--session", type=whole_number, required=True, metavar=_("N"))
    if table:
        parser.add_argument("--table", type=whole_number, required=True, metavar=_("N"))


def add_tournament_command(commands: Any) -> None:
    """Add `tournament` and its commands to `scorekeeper`'s subcommands."""
    top = commands.add_parser(
        "tournament", help=_("run a tournament day: draw, results, standings, prizes")
    )
    sub = top.add_subparsers(dest="action", required=True, metavar=_("ACTION"))

    def command(name: str, what: str, run: Any) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, help=what)
        if name != "list":
            parser.add_argument("tournament", metavar=_("NAME"), help=_("the tournament's name"))
        parser.set_defaults(run=run, field_flags=FLAGS)
        return parser

    new = command("new", _("make a tournament"), command_new)
    new.add_argument("--date", required=True, metavar=_("DATE"), help=_("its day (2026-10-04)"))
    new.add_argument("--preset", choices=sorted(all_presets()), default=DEFAULT_PRESET)
    new.add_argument(
        "--rules",
        metavar=_("JSON"),
        help=_("options the preset changes, e.g. '{\"tariff_solo\": 20}'"),
    )
    new.add_argument("--sessions", type=whole_number, required=True, metavar=_("N"))
    new.add_argument(
        "--hands",
        type=whole_number,
        required=True,
        metavar=_("N"),
        help=_("each player's hands a session"),
    )
    new.add_argument("--entry-cents", type=whole_number, default=0, metavar=_("CENTS"))
    add_currency_flag(new, _("the entry fee's and prizes' currency (default: USD)"))
    new.add_argument(
        "--share",
        type=whole_number,
        metavar=_("PERCENT"),
        help=_("of the fees paid out (default 90)"),
    )
    new.add_argument(
        "--places",
        metavar=_("LIST"),
        help=_(
            "each place's percent (default 30,15,10,10,10 over 3 sessions, else 40,25,15,10,10)"
        ),
    )
    new.add_argument(
        "--session-top",
        type=whole_number,
        metavar=_("PERCENT"),
        help=_("each session's top scorer's (default 5 over 3 sessions, else 0)"),
    )
    new.add_argument(
        "--remainder",
        choices=REMAINDERS,
        default="places",
        help=_("where the whole dollars rounding leaves go"),
    )
    # Translators: {keys} are the tie-breaks' names as typed: not translated.
    new.add_argument(
        "--tie-breaks",
        metavar=_("LIST"),
        help=_("in order, from: {keys}").format(keys=", ".join(tie_break_names())),
    )
    new.add_argument(
        "--uneven",
        choices=UNEVEN,
        default="larger",
        help=_(
            "tables one larger (the dealer sits out) or one smaller where the players do not divide"
        ),
    )
    command("list", _("list the tournaments"), command_list)
    command("show", _("a tournament's rules, payout, entries and draws"), command_show)

    register = command(
        "register", _("register players (found on the roster, or added)"), command_register
    )
    register.add_argument("players", nargs="+", metavar=_("PLAYER"))
    register.add_argument("--paid", action="store_true", help=_("their entry fee is paid"))
    register.set_defaults(field_flags=FLAGS | {"session": "--from-session"})
    register.add_argument(
        "--from-session",
        type=whole_number,
        metavar=_("N"),
        help=_("default: the next session to be drawn"),
    )
    paid = command("paid", _("mark a player's entry fee paid"), command_paid)
    paid.add_argument("player", metavar=_("PLAYER"))
    paid.add_argument("--open", action="store_true", help=_("not paid after all"))
    withdraw = command("withdraw", _("a player plays no more sessions"), command_withdraw)
    withdraw.set_defaults(field_flags=FLAGS | {"session": "--after"})
    withdraw.add_argument("player", metavar=_("PLAYER"))
    withdraw.add_argument(
        "--after",
        type=whole_number,
        required=True,
        metavar=_("N"),
        help=_("the last session played (0: none)"),
    )
    apart = command("apart", _("two players who must not sit together"), command_apart)
    apart.add_argument("pair", nargs=2, metavar=_("PLAYER"))

    draw = command("draw", _("draw a session's tables (again, for late entries)"), command_draw)
    _where(draw)
    draw.add_argument("--seed", type=whole_number, metavar=_("N"), help=_("default: a new one"))
    start = command("start", _("start a session's round: the board's clock"), command_start)
    _where(start)
    start.add_argument("--undo", action="store_true", help=_("take the start back"))
    seating = command("seating", _("a session's seating, by name"), command_seating)
    _where(seating)
    seating.add_argument("--csv", action="store_true")
    seating.add_argument("-o", "--output", metavar=_("FILE"))
    seating.add_argument(
        "--check", action="store_true", help=_("check the seed draws these tables")
    )
    status = command("status", _("which tables have reported"), command_status)
    _where(status)

    add_result_actions(command)
