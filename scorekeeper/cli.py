"""The `scorekeeper` command line.

Every command reads the same night documents and calls the same core as the desktop
app.  Bad input exits with status 2 and one message a line on standard error, naming
the hand and field; nothing is printed on standard output then, and no traceback ever
reaches the user.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from scorekeeper import __version__
from scorekeeper.document import loads_night
from scorekeeper.night import NightResult, score_night
from scorekeeper.problems import Problem

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class UserError(Exception):
    """Bad input from the user: the problems are printed and the exit status is 2."""

    def __init__(self, problems: Sequence[Problem | str]) -> None:
        self.lines = [str(p) for p in problems]
        super().__init__("\n".join(self.lines))


def result_to_json(result: NightResult) -> dict[str, Any]:
    """The JSON object `scorekeeper score` prints (`night-format.md`)."""
    return {
        "players": list(result.players),
        "hands": [
            {
                "points": hand.points,
                "cents": hand.cents,
                "outcome": hand.outcome,
                "level": hand.level,
                "multiplier": hand.multiplier,
                "explanation": hand.explanation,
            }
            for hand in result.hands
        ],
        "totals": {"points": result.total_points, "cents": result.total_cents},
        "settlement": [
            {"from": p.payer, "to": p.payee, "cents": p.cents} for p in result.settlement
        ],
        "doublers_pending": result.doublers_pending,
    }


def read_input(path: str) -> bytes:
    """The bytes of FILE, or of standard input for '-'."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        raise UserError([f"{path}: no such file"]) from None
    except IsADirectoryError:
        raise UserError([f"{path}: is a folder, not a night document"]) from None
    except PermissionError:
        raise UserError([f"{path}: not allowed to read it"]) from None


def command_score(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper score FILE|-`: score a night document and print the result as JSON."""
    night, problems = loads_night(read_input(args.file))
    if night is None:
        raise UserError(problems)
    result = score_night(night)
    json.dump(result_to_json(result), out, ensure_ascii=False, indent=2)
    out.write("\n")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description="Score Sheepshead and Schafkopf nights."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    score = commands.add_parser("score", help="score a night document and print JSON")
    score.add_argument("file", metavar="FILE", help="the night document, or - for stdin")
    score.set_defaults(run=command_score)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args, sys.stdout))
    except UserError as error:
        for line in error.lines:
            print(line, file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as error:  # an internal error: a short message, never a traceback
        print(f"scorekeeper: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_INTERNAL
