"""A module of the core or the window does one job, and reads in one sitting: none is
over 600 lines (games/cards.py once did six jobs in 684; store/backup_commands.py
checked and restored in 860; reports/render.py laid out every report and the pads in
710).  None is over it now; the list only shrinks."""

from __future__ import annotations

from pathlib import Path

import scorekeeper

MOST_LINES = 600
STILL_OVER: frozenset[str] = frozenset()
ROOT = Path(scorekeeper.__file__).resolve().parent.parent


def test_no_module_of_the_core_or_the_window_is_over_600_lines() -> None:
    over = {
        path.relative_to(ROOT).as_posix(): lines
        for folder in ("scorekeeper", "ui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (lines := len(path.read_text("utf-8").splitlines())) > MOST_LINES
    }
    assert over.keys() <= STILL_OVER, f"over {MOST_LINES} lines: {over}"
