"""`scorekeeper import-sheet FILE.csv --league NAME`: a league's spreadsheet of sittings
(`scorekeeper.league_sheet`: a date, then a column a player with that player's net
points, blank when absent) filed as nights of one result hand each.

What each column becomes (an existing player, a new one) is printed with what is filed;
`--dry-run` prints it and writes nothing.  Every problem in the file is named by row and
column, all at once, with exit status 2, and then nothing is written: the whole sheet is
filed in one transaction, or none of it.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import Any, TextIO

from scorekeeper.cli_common import (
    EXIT_OK,
    UserError,
    add_currency_flag,
    open_store,
    whole_number,
)
from scorekeeper.games import DEFAULT_PRESET, all_presets
from scorekeeper.i18n import _, ngettext
from scorekeeper.json_input import MAX_DOCUMENT_BYTES, MiB, read_limited
from scorekeeper.league_sheet import read_sheet, sitting_line
from scorekeeper.names import printable
from scorekeeper.problems import Problem, grouped

SHOWN_ROWS = 10  # the sittings --dry-run lists before "and N more"
FLAGS = {"league": "--league", "season": "--season", "preset": "--preset"}
FLAGS["stake_cents"] = "--stake-cents"


def command_import_sheet(args: argparse.Namespace, out: TextIO) -> int:
    """Read the sheet, say what it files, and file it (unless --dry-run)."""
    from scorekeeper.store.sheet_import import describe_plan, file_sheet, plan_sheet

    sheet, problems = read_sheet(_read(args.file), zero_is_absent=args.zero_is_absent)
    if sheet is None:
        raise UserError(problems)
    db = open_store(args)
    plan = plan_sheet(
        db,
        sheet,
        league=args.league,
        season=args.season,
        preset=args.preset,
        stake_cents=args.stake_cents,
        problems=problems,
        currency=args.currency,
    )
    if plan.problems:
        raise UserError([_flagged(p) for p in plan.problems])
    lines = describe_plan(plan)
    if args.dry_run:
        lines += [sitting_line(s) for s in sheet.sittings[:SHOWN_ROWS]]
        more = len(sheet.sittings) - SHOWN_ROWS
        if more > 0:
            and_more = ngettext("... and {count} more row.", "... and {count} more rows.", more)
            lines.append(and_more.format(count=grouped(more)))
        lines.append(_("Nothing was written (--dry-run)."))
    else:
        ids = file_sheet(db, plan, skip_existing=args.skip_existing)
        left_out = len(plan.documents) - len(ids)
        if ids:
            filed = ngettext(
                "Filed {count} night (id {first}).",
                "Filed {count} nights (ids {first} to {last}).",
                len(ids),
            )
            lines.append(filed.format(count=grouped(len(ids)), first=ids[0], last=ids[-1]))
        if left_out:  # --skip-existing: the sittings stored already
            skipped = ngettext(
                "Left out {count} stored already (--skip-existing).",
                "Left out {count} stored already (--skip-existing).",
                left_out,
            )
            lines.append(skipped.format(count=grouped(left_out)))
    for line in lines:
        print(printable(line), file=out)
    return EXIT_OK


def _flagged(problem: Problem) -> Problem:
    """A problem about a flag's value, named by the flag."""
    flag = FLAGS.get(problem.field)
    return problem if flag is None else replace(problem, field=flag)


def _read(path: str) -> bytes:
    """The bytes of FILE (or of standard input for '-'), refused past 16 MiB (a league's
    ten years are under 1 MiB)."""
    try:
        if path == "-":
            data = read_limited(sys.stdin.buffer)
        else:
            with open(path, "rb") as handle:
                data = read_limited(handle)
    except FileNotFoundError:
        raise UserError([_("{path}: no such file").format(path=path)]) from None
    except IsADirectoryError:
        raise UserError([_("{path}: is a folder, not a spreadsheet").format(path=path)]) from None
    except PermissionError:
        raise UserError([_("{path}: not allowed to read it").format(path=path)]) from None
    except OSError as error:
        cannot = _("{path}: cannot read it ({why})").format(path=path, why=error.strerror)
        raise UserError([cannot]) from None
    if data is None:
        larger = _("{path}: is larger than {size} MiB, more than any league's sheet")
        raise UserError([larger.format(path=path, size=MAX_DOCUMENT_BYTES // MiB)])
    return data


def add_sheet_command(commands: Any) -> None:
    """Add `import-sheet` to `scorekeeper`'s subcommands."""
    sheet = commands.add_parser(
        "import-sheet",
        help=_("file a league's spreadsheet (a row a sitting: a date, a column a player)"),
        # Translators: 'date', 'hands' and 'table' are the file's headers: not translated.
        description=_(
            "File a CSV sheet of sittings: a column headed 'date' (2013-09-04, 2013/9/4, "
            "9/4/2013 month first, 4.9.2013 day first), then a column a player with that "
            "player's net points, blank when absent; optional columns 'hands' and 'table'.  "
            "Each row becomes a night of one result hand."
        ),
    )
    sheet.add_argument(
        "file",
        metavar=_("FILE.csv"),
        help=_("UTF-8, comma or semicolon separated; - for stdin"),
    )
    sheet.add_argument("--league", required=True, metavar=_("NAME"))
    sheet.add_argument("--season", metavar=_("NAME"))
    sheet.add_argument(
        "--preset",
        choices=sorted(all_presets()),
        help=_("the nights' rules (default: the season's or league's, else {preset})").format(
            preset=DEFAULT_PRESET
        ),
    )
    sheet.add_argument(
        "--stake-cents", type=whole_number, metavar=_("N"), help=_("cents a point is worth")
    )
    add_currency_flag(sheet, _("a new league's money: EUR, USD or another ISO 4217 code"))
    sheet.add_argument(
        "--dry-run", action="store_true", help=_("print what would be filed; write nothing")
    )
    sheet.add_argument(
        "--zero-is-absent",
        action="store_true",
        help=_("a player whose cell is 0 was not there (sheets that write 0 for absent)"),
    )
    sheet.add_argument(
        "--skip-existing",
        action="store_true",
        help=_("leave out the sittings stored already (a sheet that grows, imported again)"),
    )
    sheet.set_defaults(run=command_import_sheet)
