"""The `scorekeeper` command line.

Every command reads the same night documents and calls the same core as the desktop
app.  Bad input exits with status 2 and one message a line on standard error, naming
the hand and field; nothing is printed on standard output then, and no traceback ever
reaches the user.  Every line on standard error is written by `cli_common.complain`,
and starts `scorekeeper: ` as a Unix tool's do.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from scorekeeper import __version__, i18n, logs
from scorekeeper.cli_common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_OK,
    PREFIX,
    UserError,
    cannot_write,
    complain,
    emit_sheet,
    named_night,
    open_store,
    whole_number,
)
from scorekeeper.document import load_night, loads_night, parse_night_json
from scorekeeper.formatting import print_table
from scorekeeper.history_cli import add_history_command
from scorekeeper.i18n import N_, _
from scorekeeper.json_input import read_limited, too_large
from scorekeeper.league_cli import add_league_commands
from scorekeeper.names import LABEL_LENGTH, NAME_LENGTH, clean_name, printable
from scorekeeper.night import score_night
from scorekeeper.players_cli import add_players_command
from scorekeeper.problems import InvalidNight
from scorekeeper.records import Night
from scorekeeper.report_cli import add_report_command
from scorekeeper.reports.sheets import night_sheet, scored_in_english
from scorekeeper.results import NightResult
from scorekeeper.serve_cli import add_serve_command
from scorekeeper.sheet_cli import add_sheet_command
from scorekeeper.store.errors import DamagedDatabase, Field, StorageError
from scorekeeper.tournament_cli import TOURNAMENT_FIELD_FLAGS, add_tournament_command

logger = logging.getLogger(__name__)

# The arguments that take a name, by argparse's dest, and the longest name each may
# give.  Every one is read through clean_name before a command runs.
NAME_ARGUMENTS = {
    "league": LABEL_LENGTH,
    "season": LABEL_LENGTH,
    "player": NAME_LENGTH,
    "payer": NAME_LENGTH,
    "payee": NAME_LENGTH,
    "collector": NAME_LENGTH,
    "old": NAME_LENGTH,  # players rename OLD NEW
    "new": NAME_LENGTH,
    "name": NAME_LENGTH,  # players retire NAME, players reinstate NAME
    "tournament": LABEL_LENGTH,
}
# The arguments that name a stored player for `players` to act on: checked, but given
# to the store as typed, so that the exact name picks one of two players an old
# database holds under one key ("Ｃａｌ" beside "Cal": people.require_player).
EXACT_NAMES = {"old", "name"}


# The flag that gives each field a StorageError can be about (`store.errors.Field`): the
# store names a field in the user's words ("paid to"), the command line by its flag
# ("--to").  A command that takes one otherwise (a positional NAME, say) sets
# `field_flags` in its parser's defaults.
FIELD_FLAGS: dict[Field, str] = {
    "league": "--league",
    "season": "--season",
    "player": "--player",
    "players": "--players",
    "paid by": "--from",
    "paid to": "--to",
    "amount": "--cents",
    "note": "--note",
    "currency": "--currency",
    "night": "--night",
    "database": "--database",
    **TOURNAMENT_FIELD_FLAGS,
}


def storage_message(error: StorageError, args: argparse.Namespace) -> str:
    """A StorageError as the command line says it: the field named by its flag."""
    if error.field is None:
        return error.message
    flags: dict[str, str] = FIELD_FLAGS | getattr(args, "field_flags", {})
    return f"{flags.get(error.field, error.field)}: {error.message}"


def clean_name_flags(args: argparse.Namespace) -> None:
    """Put every name given on the command line in its stored form (`scorekeeper.names`),
    or raise UserError naming each argument whose name cannot be one, as the command's
    usage names it (`--from`, or `LEAGUE` for `scorekeeper league LEAGUE`)."""
    lines = []
    shown: dict[str, str] = getattr(args, "argument_names", {})
    for dest, limit in NAME_ARGUMENTS.items():
        value = getattr(args, dest, None)
        if isinstance(value, str):
            name, problem = clean_name(value, limit=limit)
            if problem is not None:
                lines.append(f"{shown.get(dest, '--' + dest)}: {problem}")
            if dest not in EXACT_NAMES:
                setattr(args, dest, name)
    if isinstance(getattr(args, "players", None), str):  # report pad --players A,B,C
        cleaned = [clean_name(part) for part in args.players.split(",")]
        lines += [f"--players: {p}" for _name, p in cleaned if p is not None]
        args.players = [name for name, _problem in cleaned]
    if lines:
        raise UserError(lines)


def result_to_json(result: NightResult) -> dict[str, Any]:
    """The JSON object `scorekeeper score` prints (`docs/rules/night-format.md`)."""
    hands = []
    for hand in result.hands:
        row: dict[str, Any] = {
            "points": hand.points,
            "cents": hand.cents,
            "outcome": hand.outcome,
            "level": hand.level,
            "multiplier": hand.multiplier,
            "explanation": hand.explanation,
        }
        if hand.pot is not None:
            row["pot"] = hand.pot
        hands.append(row)
    totals: dict[str, Any] = {"points": result.total_points, "cents": result.total_cents}
    if result.pot is not None:
        totals |= {"pot": result.pot, "pot_cents": result.pot_cents}
    out: dict[str, Any] = {
        "players": list(result.players),
        "hands": hands,
        "totals": totals,
        "settlement": [
            {"from": p.payer, "to": p.payee, "cents": p.cents} for p in result.settlement
        ],
        "doublers_pending": result.doublers_pending,
    }
    if result.bock_pending:
        out["bock_pending"] = result.bock_pending
    return out


def read_input(path: str) -> bytes:
    """The bytes of FILE, or of standard input for '-', refused when larger than any
    night document (read no further than that, so /dev/zero costs nothing)."""
    data = read_limited(sys.stdin.buffer) if path == "-" else _read_file(path)
    if data is None:
        raise UserError([too_large()])
    return data


def _read_file(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return read_limited(handle)
    except FileNotFoundError:
        raise UserError([_("{path}: no such file").format(path=path)]) from None
    except IsADirectoryError:
        folder = _("{path}: is a folder, not a night document").format(path=path)
        raise UserError([folder]) from None
    except PermissionError:
        raise UserError([_("{path}: not allowed to read it").format(path=path)]) from None
    except OSError as error:
        cannot = _("{path}: cannot read it ({why})").format(path=path, why=error.strerror)
        raise UserError([cannot]) from None


def command_score(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper score FILE|-`: score a night document and print the result as JSON."""
    night, problems = loads_night(read_input(args.file))
    if night is None:
        raise UserError(problems)
    result = score_night(night)
    json.dump(result_to_json(result), out, ensure_ascii=False, indent=2)
    out.write("\n")
    return EXIT_OK


def command_import(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper import FILE... [--skip-existing]`: file night documents, all in one
    transaction; prints each new night's id.  Every file is read and checked before the
    database is opened, and one bad file, or one night stored already, files nothing."""
    from scorekeeper.store.fingerprints import AlreadyStored
    from scorekeeper.store.night_import import file_nights

    files: list[str] = args.files
    nights = read_nights(files)
    try:
        filed = file_nights(open_store(args), nights, skip_existing=args.skip_existing)
    except AlreadyStored as error:
        lines = [f"{_where(files, d.index)}: {d.describe(files)}" for d in error.duplicates]
        hint = _(SKIP_HINT)
        if len(files) == 1:  # one line, naming its place, as every refusal of one file
            nothing = _("{problem}; nothing was imported ({hint})")
            raise UserError([nothing.format(problem=lines[0], hint=hint)]) from None
        raise UserError([*lines, _("nothing was imported ({hint})").format(hint=hint)]) from None
    for name, night in zip(files, filed, strict=True):
        if isinstance(night, int):
            print(night, file=out)
        else:
            skipped = _("{file}: {why}; skipped (--skip-existing)")
            complain(skipped.format(file=name, why=night.describe(files)))
    return EXIT_OK


SKIP_HINT = N_("--skip-existing leaves out what is stored already")


def _where(files: Sequence[str], index: int) -> str:
    """How a message names the file at INDEX: `file` when it is the only one (as every
    problem of a single document names its place), else its name."""
    return _("file") if len(files) == 1 else files[index]


def read_nights(files: Sequence[str]) -> list[Night]:
    """The checked night of each file, or UserError naming every problem of every file:
    by its place alone for one file (as `score` names it), after the file's name for
    several."""
    from scorekeeper.store.night_import import season_needs_league

    if files.count("-") > 1:
        raise UserError([_("-: standard input can be read only once")])
    nights: list[Night] = []
    lines: list[str] = []
    for name in files:
        try:
            document, problems = parse_night_json(read_input(name))
        except UserError as error:  # a file that cannot be read: named already
            lines += error.lines
            continue
        night, problems = (None, problems) if problems else load_night(document)
        if night is not None and night.info.season is not None and night.info.league is None:
            night, problems = None, [season_needs_league()]
        if night is None:
            lines += [str(p) if len(files) == 1 else f"{name}: {p}" for p in problems]
        else:
            nights.append(night)
    if lines:
        raise UserError(lines)
    return nights


def command_export(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper export --night ID [--csv] [-o FILE]`: the night document back, or
    with --csv the night's hands as a spreadsheet."""
    from scorekeeper.store.night_import import export_night
    from scorekeeper.store.stored_night import night_of_document

    document = export_night(open_store(args), night_id=args.night)
    if args.csv:
        night = night_of_document(document, night_id=args.night)
        sheet = night_sheet(scored_in_english(night), [hand.dealer for hand in night.hands])
        emit_sheet(sheet, args.output, out)
        return EXIT_OK
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    if args.output:
        write_file(args.output, text)
    else:
        out.write(text)
    return EXIT_OK


def command_close(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper close --night ID` and `scorekeeper reopen --night ID`: the window's
    Close the night and Reopen the night.  A closed night's settlement is its league's
    debts (`scorekeeper debts`); reopened, it is not, until it is closed again."""
    from scorekeeper.store.night_import import export_night
    from scorekeeper.store.tonight import set_closed

    db = open_store(args)
    closing = args.command == "close"
    document = export_night(db, night_id=args.night)
    league, night = document.get("league"), named_night(document, args.night)
    was_closed = set_closed(db, night_id=args.night, closed=closing)
    if was_closed == closing:
        already = _("{night} was closed already.") if closing else _("{night} was open already.")
        print(printable(already.format(night=night)), file=out)
        return EXIT_OK
    said = _closed_words(closing, league).format(night=night, league=league)
    print(printable(said), file=out)
    return EXIT_OK


def _closed_words(closing: bool, league: str | None) -> str:
    """What closing (or reopening) a night did to its league's debts, a sentence with
    the {night} and its {league}."""
    if closing and league:
        return _("{night} is closed: its settlement counts in {league}'s debts.")
    if closing:
        return _(
            "{night} is closed: its settlement counts in no league's debts (it is in no league)."
        )
    if league:
        return _("{night} is open again: its settlement no longer counts in {league}'s debts.")
    return _(
        "{night} is open again: its settlement no longer counts in no league's debts (it is "
        "in no league)."
    )


# `scorekeeper nights`' columns (translated where printed).
NIGHTS_HEADER = (
    N_("id"),
    N_("date"),
    N_("league"),
    N_("season"),
    N_("table"),
    N_("hands"),
    N_("players"),
)


def command_nights(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper nights [--league NAME]`: a readable list of the stored nights."""
    from scorekeeper.store.night_reads import list_nights

    rows: list[Sequence[str]] = [[_(column) for column in NIGHTS_HEADER]]
    for night in list_nights(open_store(args), league=args.league):
        rows.append(
            (
                str(night.id),
                night.date or "-",
                night.league or "-",
                night.season or "-",
                night.table or "-",
                str(night.hands),
                ", ".join(night.players),
            )
        )
    if len(rows) == 1:
        print(_("No nights yet."), file=out)
        return EXIT_OK
    print_table(out, rows)
    return EXIT_OK


def command_backup(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper backup FILE`: a consistent copy, even while the app is open."""
    from scorekeeper.store.backup_commands import backup
    from scorekeeper.store.engine import sqlite_file_of

    path = sqlite_file_of(args.database)
    if path is not None and not path.exists():
        message = _("there is no database at {path}; nothing was backed up")
        raise StorageError(message.format(path=path))
    kind = backup(open_store(args), args.file, force=args.force)
    # The kind of copy is the store's words ("a SQLite copy"), said in the user's language.
    print(_("Backed up to {file} ({kind}).").format(file=args.file, kind=_(kind)), file=out)
    return EXIT_OK


def command_restore(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper restore FILE [--force]`: replace the database with a backup."""
    from scorekeeper.store.backup_commands import restore, restore_over_damaged
    from scorekeeper.store.engine import sqlite_file_of

    try:
        db = open_store(args, announce=False)
    except DamagedDatabase:
        path = sqlite_file_of(args.database)
        if path is None or not args.force:
            raise
        aside = restore_over_damaged(path, args.file)
        print(_("Restored from {file}.").format(file=args.file), file=out)
        print(_("The damaged database was kept as {file}.").format(file=aside), file=out)
        return EXIT_OK
    try:
        kept = restore(db, args.file, force=args.force)
    except BaseException:
        if db.created:  # made by this command for the backup: a refused one leaves none
            _remove_made(db)
        raise
    print(_("Restored from {file}.").format(file=args.file), file=out)
    if kept is not None:
        print(_("The database it replaced was kept as {file}.").format(file=kept), file=out)
    return EXIT_OK


def _remove_made(db: Any) -> None:
    """Remove the SQLite file DB (with its -wal, -shm and lock) that this command made
    empty; a server database's tables, made empty, are left (a schema, no data)."""
    from scorekeeper.store.open_lock import lock_path

    path = db.sqlite_path
    db.dispose()
    if path is None:
        return
    lock = lock_path(path)
    for made in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        made.unlink(missing_ok=True)
    lock.unlink(missing_ok=True)


def write_file(path: str, text: str) -> None:
    """Write FILE whole or not at all."""
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        partial.replace(target)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise UserError([cannot_write(path, error)]) from None


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusals start as every message of the command line's
    does: 'scorekeeper: export: argument --night: ...' (status 2, the usage first)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        command = self.prog.removeprefix("scorekeeper").strip()
        where = f"{command}: " if command else ""
        self.exit(2, f"{PREFIX}{where}{message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = Parser(prog="scorekeeper", description=_("Score Sheepshead and Schafkopf nights."))
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        # Python 3.11's argparse words this help without looking it up: said here.
        help=_("show program's version number and exit"),
    )
    parser.add_argument(
        "--database",
        metavar=_("URL"),
        help=_(
            "SQLAlchemy database URL (default: $SCOREKEEPER_DATABASE_URL, else a SQLite "
            "file in your data folder)"
        ),
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        # Translators: {path} is the log file's path.
        help=_("write more to the log, for finding a fault ({path})")
        .format(path=logs.log_path())
        .replace("%", "%%"),
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar=_("COMMAND"))
    score = commands.add_parser(
        "score",
        help=_("score a night document and print JSON"),
        # Translators: the JSON's keys ("explanation") and values are not translated.
        description=_(
            "Score a night document and print the result as JSON.  Its keys and the "
            "values that are data (outcomes, names, numbers) are English whatever the "
            'language; each hand\'s "explanation" is a sentence for a person, in the '
            "language spoken."
        ),
    )
    score.add_argument("file", metavar=_("FILE"), help=_("the night document, or - for stdin"))
    score.set_defaults(run=command_score)
    imp = commands.add_parser(
        "import", help=_("file night documents, all or none; prints each new night's id")
    )
    imp.add_argument(
        "files",
        nargs="+",
        metavar=_("FILE"),
        help=_("a night document, or - for stdin"),
    )
    imp.add_argument(
        "--skip-existing",
        action="store_true",
        help=_(
            "leave out a night stored already (the same date, players, rules and hands) "
            "and say so, instead of importing nothing"
        ),
    )
    # A night's currency (and the league it is filed in) come from the file's fields.
    imp.set_defaults(run=command_import, field_flags={"currency": "currency", "players": "players"})
    exp = commands.add_parser("export", help=_("write a stored night as a night document"))
    exp.add_argument("--night", type=whole_number, required=True, metavar=_("ID"))
    exp.add_argument(
        "--csv",
        action="store_true",
        help=_(
            "the night's hands as a spreadsheet (CSV): a row a hand, a column a player, "
            "the totals and the money in cents"
        ),
    )
    exp.add_argument("-o", "--output", metavar=_("FILE"), help=_("default: standard output"))
    exp.set_defaults(run=command_export)
    for name, what in (
        ("close", _("close a night: its settlement becomes its league's debts")),
        ("reopen", _("reopen a closed night: its settlement is no longer a debt")),
    ):
        closing = commands.add_parser(name, help=what)
        closing.add_argument("--night", type=whole_number, required=True, metavar=_("ID"))
        closing.set_defaults(run=command_close)
    lst = commands.add_parser("nights", help=_("list the stored nights"))
    lst.add_argument("--league", metavar=_("NAME"))
    lst.set_defaults(run=command_nights)
    bak = commands.add_parser("backup", help=_("copy the database to FILE, safely while in use"))
    bak.add_argument(
        "file",
        metavar=_("FILE"),
        help=_(
            "where to write it: a SQLite copy, or a JSON dump of every row when FILE ends "
            "in .json (the only kind for a server database)"
        ),
    )
    bak.add_argument("--force", action="store_true", help=_("replace FILE if it exists"))
    bak.set_defaults(run=command_backup)
    res = commands.add_parser("restore", help=_("replace the database with a backup FILE"))
    res.add_argument("file", metavar=_("FILE"), help=_("a SQLite backup or a JSON dump"))
    res.add_argument(
        "--force",
        action="store_true",
        help=_(
            "replace a database that holds data, or a damaged one (a copy of what is "
            "replaced is always kept)"
        ),
    )
    res.set_defaults(run=command_restore)
    add_players_command(commands)
    add_history_command(commands)
    add_league_commands(commands)
    add_report_command(commands)
    add_sheet_command(commands)
    add_tournament_command(commands)
    add_serve_command(commands)
    _name_arguments(parser)
    return parser


def _name_arguments(parser: argparse.ArgumentParser) -> None:
    """Give each command (`report league` too) the names its usage writes its arguments
    by, for messages: a flag's long form (`--from`), a positional's metavar (`LEAGUE`)."""
    commands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for action in commands:
        for command in action.choices.values():
            _name_arguments(command)
    if not commands:
        names = {
            a.dest: max(a.option_strings, key=len) if a.option_strings else str(a.metavar or a.dest)
            for a in parser._actions
        }
        parser.set_defaults(argument_names=names)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
    i18n.set_language()  # the system's: LANGUAGE, LC_ALL, LC_MESSAGES, LANG
    i18n.translate_argparse()
    parser = build_parser()
    args = parser.parse_args(argv)
    logs.start_logging(f"scorekeeper {args.command}", debug=args.debug)
    try:
        clean_name_flags(args)
        return int(args.run(args, sys.stdout))
    except UserError as error:
        complain(*error.lines)
        return EXIT_BAD_INPUT
    except InvalidNight as error:
        complain(*(str(p) for p in error.problems))
        return EXIT_BAD_INPUT
    except DamagedDatabase as error:
        complain(
            storage_message(error, args),
            _(
                "To put a backup in its place: scorekeeper restore --force BACKUP (the "
                "damaged file is kept aside)."
            ),
        )
        return EXIT_BAD_INPUT
    except StorageError as error:
        complain(storage_message(error, args))
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say
        sys.stderr.close()
        return EXIT_OK
    except Exception as error:  # an internal error: a short message, never a traceback
        logger.exception("internal error in scorekeeper %s", args.command)
        complain(
            _("internal error: {kind}: {error}").format(kind=type(error).__name__, error=error)
        )
        return EXIT_INTERNAL
