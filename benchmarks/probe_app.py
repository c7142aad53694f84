"""Launch the real app (or, with --floor, a bare PySide6 window with a table) offscreen,
quit as soon as its window has been shown and painted, and print one JSON line: the
seconds from the process's launch until that window was ready, and the process's peak
memory in bytes.

Ready means ready for typing, not a skeleton: the app's window shows the night the app
reopens on (the night `night_to_reopen` names, every one of its hands a row of the
sheet) and the keyboard focus is in the entry form, so the first key typed lands there.
The probe checks both once the time is taken, and fails when either is not so.  What
the app loads after its window is shown (the menus' dialogs, the league window, the
writes) is not in the figure unless it ran before the first paint: `rest_loaded` says
whether it had.

    SCOREKEEPER_PROBE_START=<time.time() at launch> python benchmarks/probe_app.py \
        --database URL [--league]
    python benchmarks/probe_app.py --floor
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
LAUNCHED = float(os.environ.get("SCOREKEEPER_PROBE_START") or time.time())
# A module only the menus' dialogs import, loaded after the first paint; and the last
# one loaded (MainWindow.load_rest).
LATER = "ui.league.window"
REST_LAST = "ui.league.board"
# The chart's drawing, on a tab the first screen does not show (MainWindow.make_panels).
HIDDEN_TABS = "ui.line_chart"
# A game the first screen's Sheepshead night does not need (scorekeeper.games.Later).
SECOND_GAME = "scorekeeper.games.schafkopf"


def _peak_bytes() -> int:
    """This process's peak resident memory.  Not getrusage's ru_maxrss: on Linux that
    keeps the high-water mark of the process that forked this one."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024  # kB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _check_ready(window: Any, database: str) -> str | None:
    """What is wrong with the app's first screen, or None: the night to reopen shown,
    all its hands on the sheet, the focus in the entry form.  The file is read with
    the standard library, so the app's own opening of it goes on undisturbed."""
    import contextlib
    import sqlite3

    from PySide6.QtWidgets import QApplication

    from scorekeeper.store.stored_night import night_to_reopen

    path = database.removeprefix("sqlite:///")
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        wanted = night_to_reopen(lambda sql, values: db.execute(sql, values).fetchall())
        (hands,) = db.execute("SELECT count(*) FROM hand WHERE night_id = ?", (wanted,)).fetchone()
    view = window.session.view
    if view is None or view.night_id != wanted:
        return f"the night shown is not the night to reopen ({wanted})"
    if len(view.lines) != hands or window.sheet.model().rowCount() < hands:
        return f"the sheet does not show the night's {hands} hands"
    focus = QApplication.focusWidget()
    if focus is None or not window.entry.isAncestorOf(focus):
        return f"the focus is not in the entry form but on {focus!r}"
    return None


def _usual_start(the_app: Any) -> None:
    """Settings of the probe's own, in a scratch folder, in which the welcome has been
    seen: a usual start, not the first one (whose welcome takes the focus)."""
    import atexit
    import shutil
    import tempfile

    from PySide6.QtCore import QSettings

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    folder = tempfile.mkdtemp(prefix="scorekeeper-probe-")
    atexit.register(shutil.rmtree, folder, True)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, folder)
    the_app.identify()
    QSettings().setValue("welcome/shown", True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database")
    parser.add_argument("--floor", action="store_true")
    parser.add_argument("--league", action="store_true", help="open the league window too")
    args = parser.parse_args()

    if not args.floor:
        # As the installed app starts (ui/start.py): the open's check of the file begun,
        # then the app's module (which imports Qt itself).
        from ui import start

        start.begin(["--database", args.database])
        from ui import app as the_app
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication([sys.argv[0]])
    found: dict[str, Any] = {}

    def check() -> None:
        """After the time is taken: is it the real night, ready for typing?  Then, as
        the app goes on by itself, the time its database is open (what a first screen
        shown before it still has to do) and, with --league, the league window opened
        once the rest is loaded."""
        found["collector_after_paint"] = gc.isenabled()
        try:
            if not args.floor:
                from ui.main_window import MainWindow

                window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))
                found["problem"] = _check_ready(window, args.database)
                view = window.session.view
                found["night_hands"] = len(view.lines) if view is not None else 0
                if found["problem"] is None:
                    wait_until(lambda: window.session.opened, then=lambda: opened(window))
                    return
        except Exception as error:  # the app's own hook would show it in a dialog
            found["problem"] = repr(error)
        app.quit()

    def opened(window: Any) -> None:
        found["database_open"] = time.time() - LAUNCHED
        if args.league:
            wait_until(lambda: REST_LAST in sys.modules, then=lambda: league(window))
        else:
            app.quit()

    def league(window: Any) -> None:
        window.menu_actions["league"].trigger()
        app.processEvents()
        app.quit()

    def wait_until(done: Any, then: Any, tries: int = 6000) -> None:
        """THEN once DONE() is true, looked at every 5 ms while the app runs (30 s at
        most: then a problem)."""
        if done():
            then()
        elif tries <= 0:
            found["problem"] = "the app did not get there within 30 s"
            app.quit()
        else:
            QTimer.singleShot(5, lambda: wait_until(done, then, tries - 1))

    class FirstPaint(QObject):
        """Times the end of the first whole paint of the main window: its first Paint
        event begins it, and a zero timer set then fires once the painting is done."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (
                "painting" not in found
                and event.type() == QEvent.Type.Paint
                and isinstance(watched, QMainWindow)
            ):
                found["painting"] = True
                QTimer.singleShot(0, painted)
            return False

    def painted() -> None:
        found["ready"] = time.time() - LAUNCHED
        found["rest_loaded"] = LATER in sys.modules
        found["database_layer_loaded"] = "sqlalchemy" in sys.modules
        found["hidden_tabs_loaded"] = HIDDEN_TABS in sys.modules
        found["second_game_loaded"] = SECOND_GAME in sys.modules
        found["collector_at_paint"] = gc.isenabled()
        QTimer.singleShot(0, check)

    first_paint = FirstPaint()
    app.installEventFilter(first_paint)
    if not args.floor:
        _usual_start(the_app)
    if args.floor:
        from PySide6.QtWidgets import QMainWindow, QTableWidget

        window = QMainWindow()
        window.setCentralWidget(QTableWidget(30, 8))
        window.show()
        app.exec()
    else:
        status = the_app.main(["--database", args.database])
        if status:
            return status
    if found.get("problem"):
        print(f"not ready for typing: {found['problem']}", file=sys.stderr)
        return 1
    print(
        json.dumps(
            {
                "ready_seconds": round(found["ready"], 6),
                "rest_loaded": found["rest_loaded"],
                "database_layer_loaded": found["database_layer_loaded"],
                "hidden_tabs_loaded": found.get("hidden_tabs_loaded", False),
                "second_game_loaded": found.get("second_game_loaded", False),
                "night_hands": found.get("night_hands", 0),
                "collector_at_paint": found.get("collector_at_paint", True),
                "collector_after_paint": found.get("collector_after_paint", True),
                "database_open_seconds": round(found.get("database_open", found["ready"]), 6),
                "peak_bytes": _peak_bytes(),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
