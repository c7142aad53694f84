"""`scorekeeper tournament` results: a table's totals or hands, its night, checking
it, penalties, the standings and the prizes (`tournament_cli.py` sets a tournament up
and draws it, and assembles the commands).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO

from scorekeeper.cli_common import (
    UserError,
    complain,
    emit_sheet,
    open_store,
    require_csv_for_output,
    whole_number,
)
from scorekeeper.formatting import money, print_table
from scorekeeper.i18n import _
from scorekeeper.json_input import parse_json, read_limited, too_large
from scorekeeper.names import NAME_LENGTH, clean_name, name_key, printable
from scorekeeper.problems import InvalidNight
from scorekeeper.reports.sheets import prizes_sheet, tournament_standings_sheet
from scorekeeper.tournament.columns import standing_columns
from scorekeeper.tournament.standings import describe_tie_breaks


def player_names(typed: list[str], where: str) -> list[str]:
    """Players' names in their stored form, or UserError naming each refused."""
    cleaned = [clean_name(name, limit=NAME_LENGTH) for name in typed]
    problems = [f"{where}: {problem}" for _name, problem in cleaned if problem is not None]
    if problems:
        raise UserError(problems)
    return [name for name, _problem in cleaned]


def open_tournament(args: argparse.Namespace) -> tuple[Any, Any]:
    from scorekeeper.store.tournaments import tournament_named

    db = open_store(args)
    return db, tournament_named(db, args.tournament)


# -- results ------------------------------------------------------------------------------


def _points(typed: list[str]) -> dict[str, int]:
    """PLAYER=POINTS arguments read, every one wrong named."""
    points: dict[str, int] = {}
    problems = []
    for item in typed:
        name, sign, value = item.rpartition("=")
        try:
            number = whole_number(value)
        except argparse.ArgumentTypeError as error:
            problems.append(f"POINTS: {error}")
            continue
        if not sign or not name.strip():
            problems.append(_("POINTS: {item} is not PLAYER=POINTS").format(item=repr(item)))
            continue
        (player,) = player_names([name], "POINTS")
        if any(name_key(p) == name_key(player) for p in points):
            problems.append(_("POINTS: {player} given twice").format(player=printable(player)))
        points[player] = number
    if problems:
        raise UserError(problems)
    return points


def command_totals(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_results import record_totals

    points = _points(args.points)
    db, tournament = open_tournament(args)
    try:
        night = record_totals(db, tournament, args.session, args.table, points)
    except InvalidNight as error:
        raise UserError([f"POINTS: {p.message}" for p in error.problems]) from None
    said = _("Table {table} of session {session}: totals in (night {night}).")
    print(said.format(table=args.table, session=args.session, night=night), file=out)
    return 0


def command_hands(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_results import record_hands

    hands = _read_hands(args.file)
    db, tournament = open_tournament(args)
    night = record_hands(db, tournament, args.session, args.table, hands)
    said = _("Table {table} of session {session}: {count} hands in (night {night}).")
    print(
        said.format(table=args.table, session=args.session, count=len(hands), night=night), file=out
    )
    return 0


def _read_hands(path: str) -> list[Any]:
    """A file of hands: a JSON list of hands, or a night document's `hands`."""
    try:
        with open(path, "rb") as handle:
            data = read_limited(handle)
    except OSError as error:
        raise UserError(
            [_("{path}: cannot read it ({why})").format(path=path, why=error.strerror)]
        ) from None
    if data is None:
        raise UserError([f"FILE: {too_large().message}"])
    value, problems = parse_json(data)
    if problems:
        raise UserError([f"FILE: {p.message}" for p in problems])
    hands = value.get("hands") if isinstance(value, dict) else value
    if not isinstance(hands, list):
        raise UserError([_("FILE: give a list of hands, or a night document")])
    return hands


def command_night(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_results import table_night

    db, tournament = open_tournament(args)
    print(table_night(db, tournament, args.session, args.table), file=out)
    return 0


def command_check(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_results import set_checked

    db, tournament = open_tournament(args)
    set_checked(db, tournament, args.session, args.table, checked=not args.undo)
    said = (
        _("Table {table} of session {session} is open again.")
        if args.undo
        else _("Table {table} of session {session} is checked and locked.")
    )
    print(said.format(table=args.table, session=args.session), file=out)
    return 0


def command_penalty(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_results import add_penalty, remove_penalty

    db, tournament = open_tournament(args)
    if args.remove is not None:
        remove_penalty(db, tournament, args.remove)
        print(_("Penalty {number} taken back.").format(number=args.remove), file=out)
        return 0
    missing = [
        f
        for f, v in (
            ("--session", args.session),
            ("--player", args.player),
            ("--points", args.penalty),
        )
        if v is None
    ]
    if missing:
        raise UserError([_("{flag}: missing").format(flag=f) for f in missing])
    (player,) = player_names([args.player], "--player")
    number = add_penalty(db, tournament, args.session, player, args.penalty, args.reason or "")
    said = _("Penalty {number}: {points} points taken from {player} in session {session}.")
    print(
        printable(
            said.format(number=number, points=args.penalty, player=player, session=args.session)
        ),
        file=out,
    )
    return 0


# -- standings and prizes -------------------------------------------------------------------


def command_standings(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_results import standings

    require_csv_for_output(args)
    db, tournament = open_tournament(args)
    ranked = standings(db, tournament, through=args.after, only=args.only)
    columns = standing_columns(ranked)
    if args.csv:
        emit_sheet(tournament_standings_sheet(ranked), args.output, out)
        return 0
    if args.json:
        rows = [{c.key: c.value(row) for c in columns} for row in ranked.rows]
        json.dump(
            {"standings": rows, "tops": [list(t) for t in ranked.tops]},
            out,
            ensure_ascii=False,
            indent=2,
        )
        out.write("\n")
        return 0
    table = [[c.heading() for c in columns]]
    table += [[c.text(r) for c in columns] for r in ranked.rows]
    print_table(out, table, right={i for i, c in enumerate(columns) if c.figure})
    for number, tops in enumerate(ranked.tops, start=1):
        if tops and (ranked.only in (None, number)) and number <= ranked.through:
            said = _("Top scorer of session {session}: {players}")
            print(printable(said.format(session=number, players=", ".join(tops))), file=out)
    print(describe_tie_breaks(ranked.tie_breaks, ranked.game), file=out)
    return 0


def command_prizes(args: argparse.Namespace, out: TextIO) -> int:
    from scorekeeper.store.tournament_results import prize_list

    require_csv_for_output(args)
    db, tournament = open_tournament(args)
    prizes = prize_list(db, tournament)
    provisional = prizes.provisional()
    if args.csv:
        if provisional:  # the CSV is data alone: the warning goes beside it
            complain(provisional)
        emit_sheet(prizes_sheet(prizes), args.output, out)
        return 0
    currency = tournament.currency
    if provisional:
        print(provisional, file=out)
    rows = [[_("Player"), _("Prize"), _("Amount")]]
    rows += [[a.player, a.what(), money(a.cents, currency)] for a in prizes.awards]
    print_table(out, rows, right={2})
    for line in prizes.lines(currency):
        print(line, file=out)
    for line in tournament.payout.describe(tournament.sessions, tournament.currency):
        print(line, file=out)
    return 0


def _where(parser: argparse.ArgumentParser, *, table: bool = False) -> None:
    parser.add_argument("--session", type=whole_number, required=True, metavar=_("N"))
    if table:
        parser.add_argument("--table", type=whole_number, required=True, metavar=_("N"))


def add_result_actions(command: Callable[[str, str, Any], argparse.ArgumentParser]) -> None:
    """Add the results' actions through COMMAND (name, help, run: its parser)."""
    totals = command("totals", _("a table sheet's totals, each player's points"), command_totals)
    _where(totals, table=True)
    totals.add_argument("points", nargs="+", metavar=_("PLAYER=POINTS"))
    hands = command("hands", _("a table's hands, from a file"), command_hands)
    _where(hands, table=True)
    hands.add_argument(
        "file", metavar=_("FILE"), help=_("a JSON list of hands, or a night document")
    )
    night = command(
        "night", _("the night of a table's session (made if missing): its id"), command_night
    )
    _where(night, table=True)
    check = command("check", _("mark a table's session checked: signed, and locked"), command_check)
    _where(check, table=True)
    check.add_argument("--undo", action="store_true", help=_("open it again"))
    penalty = command("penalty", _("points taken from a player"), command_penalty)
    penalty.set_defaults(field_flags={"table": "--table", "player": "--player"})
    penalty.add_argument("--session", type=whole_number, metavar=_("N"))
    penalty.add_argument("--player", metavar=_("NAME"))
    penalty.add_argument("--points", dest="penalty", type=whole_number, metavar=_("N"))
    penalty.add_argument("--reason", metavar=_("TEXT"))
    penalty.add_argument(
        "--remove", type=whole_number, metavar=_("ID"), help=_("take a penalty back")
    )

    standings = command(
        "standings", _("the standings, after a session or overall"), command_standings
    )
    which = standings.add_mutually_exclusive_group()
    which.add_argument("--after", type=whole_number, metavar=_("N"), help=_("after session N"))
    which.add_argument(
        "--session", dest="only", type=whole_number, metavar=_("N"), help=_("session N alone")
    )
    shape = standings.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true")
    shape.add_argument("--csv", action="store_true")
    standings.add_argument("-o", "--output", metavar=_("FILE"))
    prizes = command("prizes", _("the prize list"), command_prizes)
    prizes.add_argument("--csv", action="store_true")
    prizes.add_argument("-o", "--output", metavar=_("FILE"))
