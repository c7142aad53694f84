"""The desktop app's entry point (`sheepshead-scorekeeper`, `python -m ui`): the open's
check of the SQLite file begun in a thread, then the app imported and run.

Until the window's first paint the interpreter's cycle collector is paused: the start
allocates the objects of some 250 modules and the night, and the collections that
triggered found nothing to free but cost 13 ms of it.  ui.app resumes it once the
window is painted (`when_shown`).

The check (store/early_check.py) and the imports of Qt and the first screen take about
the same time and run at once (the database layer comes after the first paint:
ui/first_screen.py); nothing but the standard library and platformdirs is imported
before the check has begun.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence

from scorekeeper.store import early_check


def begin(arguments: Sequence[str]) -> None:
    """Begin the open's check of the database ARGUMENTS name (the app's own
    `--database`, else the environment's or the default file), before the app's
    modules are imported; and pause the cycle collector till the first paint."""
    gc.disable()
    early_check.start(early_check.database_argument(arguments))


def utf8_characters() -> None:
    """With no locale set at all (LANG unset, as in a bare session), characters are
    UTF-8's (C.UTF-8), as Python's own start makes them (PEP 538): Qt needs a UTF-8
    locale and says so on standard error otherwise, and the frozen app's interpreter
    does not make it.  A locale the user set is left as it is."""
    if not any(os.environ.get(name) for name in ("LC_ALL", "LC_CTYPE", "LANG")):
        os.environ["LC_CTYPE"] = "C.UTF-8"


def main(argv: Sequence[str] | None = None) -> int:
    """Open the app and run until its window is closed."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    utf8_characters()
    begin(arguments)
    from .app import main as run_app

    return run_app(arguments)


if __name__ == "__main__":
    raise SystemExit(main())
