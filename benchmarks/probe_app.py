"""Launch the real app (or, with --floor, a bare PySide6 window with a table) offscreen,
quit as soon as its window has been shown and painted, and print one JSON line: the
process's peak memory in bytes.  `run.py` times this whole process from the outside.

    python benchmarks/probe_app.py --database URL [--league]
    python benchmarks/probe_app.py --floor
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _peak_bytes() -> int:
    """This process's peak resident memory.  Not getrusage's ru_maxrss: on Linux that
    keeps the high-water mark of the process that forked this one."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024  # kB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database")
    parser.add_argument("--floor", action="store_true")
    parser.add_argument("--league", action="store_true", help="open the league window too")
    args = parser.parse_args()

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])

    def shown() -> None:
        app.processEvents()  # the show and the first paint
        if args.league:
            from ui.main_window import MainWindow

            window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))
            window.show_league()
            app.processEvents()
        app.quit()

    QTimer.singleShot(0, shown)
    if args.floor:
        from PySide6.QtWidgets import QMainWindow, QTableWidget

        window = QMainWindow()
        window.setCentralWidget(QTableWidget(30, 8))
        window.show()
        app.exec()
    else:
        from ui.app import main as app_main

        status = app_main(["--database", args.database])
        if status:
            return status
    print(json.dumps({"peak_bytes": _peak_bytes()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
