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
from typing import Any, TextIO

from scorekeeper.cli_common import EXIT_OK, UserError, add_currency_flag, open_store
from scorekeeper.formatting import counted
from scorekeeper.games import all_presets
from scorekeeper.i18n import _
from scorekeeper.json_input import MAX_DOCUMENT_BYTES, MiB, read_limited
from scorekeeper.league_sheet import read_sheet, sitting_line
from scorekeeper.names import printable
from scorekeeper.problems import Problem

SHOWN_ROWS = 10  # the sittings --dry-run lists before "and N more"
FLAGS = {"league": "--league", "season": "--season", "preset": "--preset"}
FLAGS["stake_cents"] = "--stake-cents"


def command_import_sheet(args: argparse.Namespace, out: TextIO) -> int:
    """Read the sheet, say what it files, and file it (unless --dry-run)."""
    from scorekeeper.store.sheet_import import describe_plan, file_sheet, plan_sheet

    sheet, problems = read_sheet(_read(args.file))
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
            lines.append(f"... and {more:,} more {'row' if more == 1 else 'rows'}.")
        lines.append("Nothing was written (--dry-run).")
    else:
        ids = file_sheet(db, plan, skip_existing=args.skip_existing)
        left_out = len(plan.documents) - len(ids)
        if ids:
            which = f"id {ids[0]}" if len(ids) == 1 else f"ids {ids[0]} to {ids[-1]}"
            lines.append(f"Filed {counted(len(ids), 'night')} ({which}).")
        if left_out:  # --skip-existing: the sittings stored already
            lines.append(f"Left out {left_out:,} stored already (--skip-existing).")
    for line in lines:
        print(printable(line), file=out)
    return EXIT_OK


def _flagged(problem: Problem) -> Problem:
    """A problem about a flag's value, named by the flag."""
    flag = FLAGS.get(problem.field)
    return problem if flag is None else Problem(flag, problem.message)


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
        raise UserError([f"{path}: no such file"]) from None
    except IsADirectoryError:
        raise UserError([f"{path}: is a folder, not a spreadsheet"]) from None
    except PermissionError:
        raise UserError([f"{path}: not allowed to read it"]) from None
    except OSError as error:
        raise UserError([f"{path}: cannot read it ({error.strerror})"]) from None
    if data is None:
        limit = MAX_DOCUMENT_BYTES // MiB
        raise UserError([f"{path}: is larger than {limit} MiB, more than any league's sheet"])
    return data


def add_sheet_command(commands: Any) -> None:
    """Add `import-sheet` to `scorekeeper`'s subcommands."""
    sheet = commands.add_parser(
        "import-sheet",
        help="file a league's spreadsheet (a row a sitting: a date, a column a player)",
        description="File a CSV sheet of sittings: a column headed 'date' (2013-09-04, "
        "2013/9/4, 9/4/2013 month first, 4.9.2013 day first), then a column a player with "
        "that player's net points, blank when absent; optional columns 'hands' and "
        "'table'.  Each row becomes a night of one result hand.",
    )
    sheet.add_argument(
        "file", metavar="FILE.csv", help="UTF-8, comma or semicolon separated; - for stdin"
    )
    sheet.add_argument("--league", required=True, metavar="NAME")
    sheet.add_argument("--season", metavar="NAME")
    sheet.add_argument(
        "--preset",
        choices=sorted(all_presets()),
        help="the nights' rules (default: the season's or league's, else classic-5)",
    )
    sheet.add_argument("--stake-cents", type=int, metavar="N", help="cents a point is worth")
    add_currency_flag(sheet, _("a new league's money: EUR, USD or another ISO 4217 code"))
    sheet.add_argument(
        "--dry-run", action="store_true", help="print what would be filed; write nothing"
    )
    sheet.add_argument(
        "--skip-existing",
        action="store_true",
        help="leave out the sittings stored already (a sheet that grows, imported again)",
    )
    sheet.set_defaults(run=command_import_sheet)
