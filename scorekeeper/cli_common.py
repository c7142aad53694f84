"""What every `scorekeeper` command module shares: the exit statuses, UserError, and
the database a command works on.  It imports no command module, so cli.py (which
assembles the parser) imports the command modules and none of them imports it back.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from scorekeeper.csv_out import Sheet, csv_bytes, write_csv
from scorekeeper.formatting import document_filing, night_title
from scorekeeper.i18n import _
from scorekeeper.names import printable, quoted
from scorekeeper.problems import Problem

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class UserError(Exception):
    """Bad input from the user: the problems are printed and the exit status is 2."""

    def __init__(self, problems: Sequence[Problem | str]) -> None:
        self.lines = [str(p) for p in problems]
        super().__init__("\n".join(self.lines))


PREFIX = "scorekeeper: "


def currency_code(text: str) -> str:
    """A `--currency` given: an ISO 4217 code Babel knows ('EUR', 'usd'), upper-cased;
    anything else is refused (argparse: exit status 2, the flag named)."""
    from scorekeeper.formatting import is_currency_code, not_a_currency_code

    code = text.strip().upper()
    if not is_currency_code(code):
        raise argparse.ArgumentTypeError(not_a_currency_code(repr(text)))
    return code


LARGEST = 2**63 - 1  # the largest whole number a database column keeps


def whole_number(text: str) -> int:
    """A whole number flag (`--night`, `--cents`): refused (argparse: exit status 2,
    the flag named) unless it is one a database can keep, read only once its length
    says so (a number of 5,000 digits is never converted, nor echoed whole)."""
    typed = text.strip()
    shown = quoted(typed if len(typed) <= 24 else f"{typed[:10]}…{typed[-10:]}")
    if not re.fullmatch(r"[+-]?[0-9]+", typed, re.ASCII):
        raise argparse.ArgumentTypeError(_("{value} is not a whole number").format(value=shown))
    digits = typed.lstrip("+-").lstrip("0") or "0"
    if len(digits) > len(str(LARGEST)) or int(digits) > LARGEST:
        raise argparse.ArgumentTypeError(
            _("{value} is larger than any number Scorekeeper keeps").format(value=shown)
        )
    return -int(digits) if typed.startswith("-") else int(digits)


def add_currency_flag(parser: Any, meaning: str) -> None:
    """`--currency CODE` on a command that makes a league or a night (MEANING: its help)."""
    parser.add_argument("--currency", type=currency_code, metavar=_("CODE"), help=meaning)


def complain(*messages: str) -> None:
    """Messages on standard error, each line starting `scorekeeper: ` and `printable`:
    a name quoted in a message (an old one may hold an ESC) cannot act on the terminal.
    Every line the command line writes on standard error is written here."""
    for message in messages:
        for line in message.splitlines() or [""]:
            print(PREFIX + printable(line), file=sys.stderr)


def named_night(document: Mapping[str, Any], night_id: int) -> str:
    """A night as a command's message names it: as people know it (its league, date
    and table: `night_title`), then the id `--night` takes, in brackets:
    '“Tuesday League · 11/3/26 · table 1” (night 9)'."""
    title = night_title(*document_filing(document))
    # Translators: a night named in a command's message; the id is what --night takes.
    return _("“{night}” (night {number})").format(night=title, number=night_id)


def open_store(args: argparse.Namespace, *, announce: bool = True) -> Any:
    """The database the command works on (--database, else the environment, else the
    default SQLite file), brought up to date; a new one says where it was made (one
    line on standard error), so a mistyped path is noticed (unless ANNOUNCE is false:
    a restore says what it put there)."""
    from scorekeeper.store.database import open_database
    from scorekeeper.store.engine import describe

    database = open_database(args.database)
    if database.created and announce:
        complain(
            _("a new, empty database was made at {place}").format(place=describe(database.url))
        )
    return database


def emit_sheet(sheet: Sheet, output: str | None, out: TextIO) -> None:
    """A command's `--csv`: the spreadsheet written to OUTPUT (whole or not at all), or
    to OUT (standard output) when there is none, as the bytes of a CSV file."""
    if output:
        try:
            write_csv(sheet, output)
        except OSError as error:
            raise UserError([cannot_write(output, error)]) from None
        return
    data = csv_bytes(sheet)
    buffer = getattr(out, "buffer", None)
    if buffer is None:  # a text stream only: the same characters
        out.write(data.decode("utf-8"))
        return
    out.flush()
    buffer.write(data)
    buffer.flush()


def cannot_write(path: str, error: OSError) -> str:
    """'PATH: cannot write it (No space left on device)', why in the system's words."""
    return _("{path}: cannot write it ({why})").format(path=path, why=error.strerror)


def require_csv_for_output(args: argparse.Namespace) -> None:
    """`-o FILE` names the spreadsheet's file: it needs `--csv`."""
    if getattr(args, "output", None) and not args.csv:
        raise UserError([_("-o: names the spreadsheet's file; give --csv too")])
