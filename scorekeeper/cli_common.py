"""What every `scorekeeper` command module shares: the exit statuses, UserError, and
the database a command works on.  It imports no command module, so cli.py (which
assembles the parser) imports the command modules and none of them imports it back.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from scorekeeper.problems import Problem

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class UserError(Exception):
    """Bad input from the user: the problems are printed and the exit status is 2."""

    def __init__(self, problems: Sequence[Problem | str]) -> None:
        self.lines = [str(p) for p in problems]
        super().__init__("\n".join(self.lines))


def open_store(args: argparse.Namespace) -> Any:
    """The database the command works on (--database, else the environment, else the
    default SQLite file), brought up to date."""
    from scorekeeper.store.database import open_database

    return open_database(args.database)
