"""Measure the app's speed against the floor, on a generated league of 100,000 hands.

    python benchmarks/run.py [--quick | --huge] [--repeat N] [--only NAME,...] [--keep DIR]

Prints one JSON object a line: {"name", "seconds", "floor_seconds", "ratio",
"league_hands", ...}.
Each figure is the median of several runs.  The floor is the least any implementation
on this stack could take for the same work, measured in the same run on the same data
(see docs/performance.md for what each floor is).  Peak memory is reported in bytes
as {"name": "peak_memory", "bytes", "floor_bytes", "ratio"}.

Nothing here is a test: a slow machine prints slow figures and nothing fails.
"""

from __future__ import annotations

import argparse
import atexit
import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The app's settings, data, cache and log (and the probes', which inherit them) go into
# a profile of the run's own, removed at the end: never the home of whoever runs it.
PROFILE = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-home-"))
for _variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_variable] = str(PROFILE / _variable.removeprefix("XDG_").lower())
atexit.register(shutil.rmtree, PROFILE, True)
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.league import (  # noqa: E402
    FULL,
    HUGE,
    HUGE_PLAYERS,
    PLAYERS,
    QUICK,
    league_documents,
    night_document,
)
from scorekeeper.games import preset_rules  # noqa: E402

NAMES = (
    "import",
    "standings",
    "record_hand",
    "edit_early_hand",
    "night_pdf",
    "league_pdf",
    "startup",
    "peak_memory",
    "open_new_night",
    "open_night",
    "open_league_window",
    "open_league_tab",
    "open_settle_up",
    "open_print_dialog",
    "night_history",
)
OPEN_NAMES = tuple(name for name in NAMES if name.startswith("open_"))
LEAGUE_HANDS = {"hands": 0}  # the size of this run's league, printed on every line
BIG_NIGHT = 1000  # hands in the night record_hand and edit_early_hand work on
PDF_NIGHT = 60


def median_seconds(
    work: Callable[[], Any], repeat: int, setup: Callable[[], Any] | None = None
) -> float:
    """The median wall time of WORK over REPEAT runs (SETUP, untimed, before each)."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def emit(name: str, seconds: float, floor: float, **extra: Any) -> None:
    line = {
        "name": name,
        "seconds": round(seconds, 6),
        "floor_seconds": round(floor, 6),
        "ratio": round(seconds / floor, 3) if floor else None,
        "league_hands": LEAGUE_HANDS["hands"],
        **extra,
    }
    print(json.dumps(line), flush=True)


@contextmanager
def scratch(keep: Path | None) -> Iterator[Path]:
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        yield keep
        return
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def fresh_database(path: Path) -> Any:
    from scorekeeper.store.database import open_database

    for stale in path.parent.glob(path.name + "*"):
        stale.unlink()
    return open_database(sqlite_url(path))


# -- 1. import ---------------------------------------------------------------------------


def bench_import(folder: Path, documents: list[dict[str, Any]], repeat: int, report: bool) -> Path:
    """Bulk import of the whole league; floor: the night, seat and hand rows inserted
    with one executemany each into the same fresh, migrated database."""
    from sqlalchemy import insert

    from scorekeeper.store import night_import
    from scorekeeper.store.tables import HandRow, NightRow, PlayerRow, SeatRow, core_table, now

    league = folder / "league.sqlite"
    holder: dict[str, Any] = {}

    def setup() -> None:
        holder["db"] = fresh_database(league)

    seconds = median_seconds(
        lambda: night_import.import_nights(holder["db"], documents), repeat, setup
    )
    holder["db"].dispose()
    if not report:
        return league

    names = sorted({p for d in documents for p in d["players"]})
    player_ids = {name: i for i, name in enumerate(names, start=1)}
    moment = now()
    night_rows, seat_rows, hand_rows = [], [], []
    for night_id, document in enumerate(documents, start=1):
        night_rows.append(
            dict(
                id=night_id,
                rules=document["rules"],
                created_at=moment,
                updated_at=moment,
                table_label=document["table"],
            )
        )
        seat_rows += [
            dict(night_id=night_id, player_id=player_ids[p], position=i, first_hand=1)
            for i, p in enumerate(document["players"], start=1)
        ]
        hand_rows += [
            dict(night_id=night_id, position=i, record=h, revision=1, updated_at=moment)
            for i, h in enumerate(document["hands"], start=1)
        ]
    floor_path = folder / "floor.sqlite"

    def floor() -> None:
        db = holder["floor"]
        with db.engine.begin() as connection:
            connection.execute(
                insert(core_table(PlayerRow)),
                [
                    dict(id=i, name=n, name_key=n.casefold(), created_at=moment)
                    for n, i in player_ids.items()
                ],
            )
            connection.execute(insert(core_table(NightRow)), night_rows)
            connection.execute(insert(core_table(SeatRow)), seat_rows)
            connection.execute(insert(core_table(HandRow)), hand_rows)

    def floor_setup() -> None:
        holder["floor"] = fresh_database(floor_path)

    floor_seconds = median_seconds(floor, repeat, floor_setup)
    holder["floor"].dispose()
    checking, scoring = core_seconds(documents, repeat)
    hands = sum(len(d["hands"]) for d in documents)
    emit("import", seconds, floor_seconds, hands=hands, checking=checking, scoring=scoring)
    return league


def core_seconds(documents: list[dict[str, Any]], repeat: int) -> tuple[float, float]:
    """What the import asks of the core, which the floor does not do, each timed alone
    (median): reading and checking the documents (`load_night`), and scoring the nights
    read (`score_night`: each hand scored and checked to sum to zero, the totals too)."""
    from scorekeeper.document import load_night
    from scorekeeper.night import score_night

    nights: list[Any] = []

    def check() -> None:
        nights[:] = [load_night(document)[0] for document in documents]

    checking = median_seconds(check, repeat)
    scoring = median_seconds(lambda: [score_night(night) for night in nights], repeat)
    return round(checking, 6), round(scoring, 6)


# -- 2. standings ------------------------------------------------------------------------


def bench_standings(db: Any, league: str, repeat: int) -> None:
    """All-time standings as the league window shows them; floor: one GROUP BY summing
    the per-hand points already stored."""
    from sqlalchemy import func, select

    from scorekeeper.store.league import Period, standings
    from scorekeeper.store.tables import HandPointsRow, core_table

    seconds = median_seconds(lambda: standings(db, Period(league)), repeat)
    points = core_table(HandPointsRow).c
    query = select(points.player_id, func.sum(points.points), func.sum(points.cents)).group_by(
        points.player_id
    )

    def floor() -> None:
        with db.engine.connect() as connection:
            connection.execute(query).all()

    emit("standings", seconds, median_seconds(floor, repeat))


# -- 3 and 4. record a hand, edit an early one, in the app's own session --------------------


def classic_night(db: Any, players: list[str], *, hands: int, seed: int, table: int) -> int:
    """A classic-5 night of HANDS generated hands at these seats, filed in the league's
    last season; its id.  No hand is marked the last, so hands can be recorded after."""
    import random

    from scorekeeper.store import night_import

    mix = ("classic-5", {"preset": "classic-5", "stake_cents": 25}, preset_rules("classic-5"))
    document = night_document(
        random.Random(seed),
        date=dt.date(2026, 11, 20),
        season="Season 2026",
        table=table,
        players=players,
        mix=mix,
        hands=hands,
    )
    document["hands"][-1].pop("last_hand", None)
    return night_import.import_night(db, document)


def big_night(db: Any, players: list[str]) -> int:
    return classic_night(db, players, hands=BIG_NIGHT, seed=7, table=9)


def night_window(db: Any, players: list[str]) -> Any:
    """The real main window on a 1,000-hand night of its own, shown and painted."""
    from PySide6.QtWidgets import QApplication

    from ui.main_window import MainWindow
    from ui.session import NightSession

    app = QApplication.instance() or QApplication([])
    session = NightSession(db)
    session.open(big_night(db, players))
    window = MainWindow(session)
    window.show()
    app.processEvents()
    return window


def repainted_sheet(view: Any) -> None:
    """Pending events handled, then the table's rows painted now (not when Qt next
    gets round to it): what the person sees after Enter."""
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    view.viewport().repaint()


def bare_sheet(rows: list[list[str]], like: Any) -> tuple[Any, Any]:
    """The floor's screen: a QStandardItemModel of ROWS in a bare QTableView the size
    of the app's sheet LIKE, shown offscreen and scrolled to its last row."""
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QTableView

    model = QStandardItemModel(0, len(rows[0]))
    for cells in rows:
        model.appendRow([QStandardItem(cell) for cell in cells])
    view = QTableView()
    view.setModel(model)
    view.resize(like.size())
    view.show()
    view.scrollToBottom()
    repainted_sheet(view)
    return model, view


def bench_hands(db: Any, window: Any, players: list[str], wanted: set[str], repeat: int) -> None:
    """Record one hand at the end of a 1,000-hand night as Enter does (the window's
    save_hand, ui.menus.edit's: stored, scored, the sheet and panels refreshed and the
    sheet repainted), and edit hand 2 of it."""
    from PySide6.QtGui import QStandardItem
    from sqlalchemy import delete, insert, select

    from scorekeeper.store import night_import
    from scorekeeper.store.tables import HandRow, core_table, now
    from ui.menus.edit import save_hand

    session = window.session
    night_id = session.night_id
    hand = {
        "type": "pick",
        "picker": players[1],
        "partners": [players[2]],
        "call": "ace-hearts",
        "points": 64,
        "tricks": 3,
    }

    def record() -> None:
        save_hand(window, hand | {"dealer": session.view.next_dealer()})
        repainted_sheet(window.sheet)

    if "record_hand" in wanted:
        seconds = median_seconds(record, repeat)
        record_floor_night = big_night(db, players)
        position = {"next": BIG_NIGHT + 1}
        table = core_table(HandRow)
        with db.engine.connect() as connection:
            stored = connection.execute(
                select(table.c.record)
                .where(table.c.night_id == night_id)
                .order_by(table.c.position.desc())
                .limit(1)
            ).scalar_one()
        # The same cells the app's sheet shows, one row a hand, in a bare table.
        sheet = window.model
        shown = [
            [str(sheet.index(r, c).data() or "") for c in range(sheet.columnCount())]
            for r in range(sheet.rowCount())
        ]
        model, view = bare_sheet(shown[:BIG_NIGHT], window.sheet)

        def floor() -> None:
            with db.engine.begin() as connection:
                connection.execute(
                    insert(table),
                    dict(
                        night_id=record_floor_night,
                        position=position["next"],
                        record=stored,
                        revision=1,
                        updated_at=now(),
                    ),
                )
            position["next"] += 1
            model.appendRow([QStandardItem(cell) for cell in shown[-1]])
            view.scrollToBottom()
            repainted_sheet(view)

        try:
            floor_seconds = median_seconds(floor, repeat)
        finally:
            view.close()
            # The floor's bare rows have no score cache: gone again, so that the night
            # is whole for what runs after (the app would reopen it as a damaged night).
            with db.engine.begin() as connection:
                connection.execute(
                    delete(table)
                    .where(table.c.night_id == record_floor_night)
                    .where(table.c.position > BIG_NIGHT)
                )
        emit("record_hand", seconds, floor_seconds, night_hands=BIG_NIGHT)

    if "edit_early_hand" not in wanted:
        return
    second = session.view.lines[1]
    # Hand 2 flips between what was dealt and a lone pick, so each edit rescores the rest.
    lone = {
        "type": "pick",
        "picker": players[0],
        "partners": [],
        "call": "alone",
        "points": 91,
        "tricks": 4,
        "dealer": second.record["dealer"],
    }
    versions = [dict(second.record), lone]
    turn = {"n": 0}

    def edit() -> None:
        turn["n"] += 1
        session.edit_hand(second.hand_id, versions[turn["n"] % 2])
        repainted_sheet(window.sheet)

    seconds = median_seconds(edit, repeat)
    document = night_import.export_night(db, night_id=night_id)
    emit(
        "edit_early_hand",
        seconds,
        scored_once_seconds(document, repeat),
        night_hands=len(document["hands"]),
    )


def scored_once_seconds(document: dict[str, Any], repeat: int) -> float:
    """The floor of a night's rescoring: its document read and scored once, in memory."""
    from scorekeeper.document import load_night
    from scorekeeper.night import score_night

    def score_in_memory() -> None:
        night, _ = load_night(document)
        assert night is not None
        score_night(night)

    return median_seconds(score_in_memory, repeat)


def bench_history(db: Any, players: list[str], repeat: int) -> None:
    """Night ▸ History's "Every hand of the night" on a 1,000-hand night: every version
    with what it did to the money, against the night scored once."""
    from scorekeeper.store import night_import
    from scorekeeper.store.hand_history import night_history

    night_id = classic_night(db, players, hands=BIG_NIGHT, seed=11, table=10)
    document = night_import.export_night(db, night_id=night_id)
    emit(
        "night_history",
        median_seconds(lambda: night_history(db, night_id=night_id), repeat),
        scored_once_seconds(document, repeat),
        night_hands=len(document["hands"]),
    )


# -- 8. every dialog and window the night screen opens, against an empty one -------------


def until_painted(open_it: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds from calling OPEN_IT until the modal dialog it opens (as the app does) is
    shown and painted, and what was seen (the dialog's size and class);
    the dialog is then cancelled, so that OPEN_IT returns as after Escape."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ui import dialog_keys

    seen: dict[str, Any] = {}

    def painted() -> None:
        # Modal by Qt, or kept modal by ui/dialog_keys.py (the chooser, the help).
        dialog = QApplication.activeModalWidget() or dialog_keys.current()
        if dialog is None:  # OPEN_IT ran the event loop before its dialog was made
            QTimer.singleShot(0, painted)
            return
        QApplication.processEvents()
        dialog.repaint()
        seen["seconds"] = time.perf_counter() - start
        seen["size"] = dialog.size()
        seen["kind"] = type(dialog).__name__
        dialog.reject()

    QTimer.singleShot(0, painted)
    start = time.perf_counter()
    open_it()
    return seen["seconds"], seen


def median_painted(open_it: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The median of `until_painted` over REPEAT runs, and what the last run saw (with
    the first run's seconds: Qt makes some things once, on the first dialog)."""
    runs = [until_painted(open_it) for _ in range(repeat)]
    return statistics.median(s for s, _ in runs), runs[-1][1] | {"first": runs[0][0]}


def empty_dialog(size: Any, parent: Any) -> None:
    """The floor of a dialog: an empty QDialog of the same size, run the same way."""
    from PySide6.QtWidgets import QDialog

    dialog = QDialog(parent)
    dialog.resize(size)
    dialog.exec()
    dialog.deleteLater()


def bench_dialog(name: str, open_it: Callable[[], Any], window: Any, repeat: int) -> None:
    seconds, seen = median_painted(open_it, repeat)
    size = seen["size"]
    floor, _ = median_painted(lambda: empty_dialog(size, window), repeat)
    emit(
        name,
        seconds,
        floor,
        first_seconds=round(seen["first"], 6),
        dialog=seen["kind"],
        width=size.width(),
        height=size.height(),
    )


def close_league_window(window: Any) -> None:
    """The league window WINDOW opened, if any, closed and gone, so that the next
    League ▸ Standings makes it anew (as the first time)."""
    from PySide6.QtWidgets import QApplication

    if window.league_window is not None:
        window.league_window.close()
        window.league_window.deleteLater()
        window.league_window = None
        QApplication.processEvents()


def bench_league_window(window: Any, repeat: int) -> None:
    """League ▸ Standings, players and money, opened the first time: the LeagueWindow
    made on the big league, shown and painted; floor: an empty QWidget window of the
    same size shown and painted."""
    from PySide6.QtWidgets import QApplication, QWidget

    def open_it() -> None:
        window.menu_actions["league"].trigger()
        QApplication.processEvents()
        window.league_window.repaint()

    seconds = median_seconds(open_it, repeat, lambda: close_league_window(window))
    size = window.league_window.size()
    close_league_window(window)
    holder: dict[str, Any] = {}

    def floor() -> None:
        bare = holder["bare"] = QWidget()
        bare.resize(size)
        bare.show()
        QApplication.processEvents()
        bare.repaint()

    def floor_setup() -> None:
        if "bare" in holder:
            holder.pop("bare").close()

    floor_seconds = median_seconds(floor, repeat, floor_setup)
    floor_setup()
    emit("open_league_window", seconds, floor_seconds, width=size.width(), height=size.height())


def bench_settle_up(window: Any, repeat: int) -> None:
    """Night ▸ Settle up (Ctrl+E) on the 1,000-hand night: its tab shown and painted;
    floor: a QTabWidget of two empty pages the size of the window's, the second shown
    and painted."""
    from PySide6.QtWidgets import QApplication

    def back() -> None:
        window.tabs.setCurrentWidget(window.hand_panel)
        QApplication.processEvents()

    def open_it() -> None:
        window.menu_actions["settle_up"].trigger()
        QApplication.processEvents()
        window.settlement.repaint()

    seconds = median_seconds(open_it, repeat, back)
    back()
    floor_seconds = tab_floor(window.tabs.size(), repeat)
    emit("open_settle_up", seconds, floor_seconds, night_hands=len(window.session.view.lines))


def tab_floor(size: Any, repeat: int) -> float:
    """The floor of a tab shown: a QTabWidget of two empty pages of SIZE, the second
    shown and painted."""
    from PySide6.QtWidgets import QApplication, QTabWidget, QWidget

    tabs = QTabWidget()
    pages = [QWidget(), QWidget()]
    for page in pages:
        tabs.addTab(page, "-")
    tabs.resize(size)
    tabs.show()

    def floor_back() -> None:
        tabs.setCurrentIndex(0)
        QApplication.processEvents()

    def floor() -> None:
        tabs.setCurrentIndex(1)
        QApplication.processEvents()
        pages[1].repaint()

    floor_seconds = median_seconds(floor, repeat, floor_back)
    tabs.close()
    return floor_seconds


def bench_league_tabs(window: Any, repeat: int) -> None:
    """Each of the league window's other tabs (Player, Money, Table, Roster) shown the
    first time in a league window just opened on the big league, all seasons, and
    painted: the slowest is the figure, each tab's seconds printed beside it; floor: a
    tab of an empty QTabWidget of the same size shown and painted."""
    from PySide6.QtWidgets import QApplication

    def fresh() -> None:
        close_league_window(window)
        window.menu_actions["league"].trigger()
        QApplication.processEvents()

    fresh()
    tabs = window.league_window.tabs
    each = {}
    for index in range(1, tabs.count()):
        name = tabs.widget(index).__class__.__name__

        def show(index: int = index) -> None:
            window.league_window.tabs.setCurrentIndex(index)
            QApplication.processEvents()
            window.league_window.tabs.currentWidget().repaint()

        each[name] = round(median_seconds(show, repeat, fresh), 6)
    size = tabs.size()
    close_league_window(window)
    emit("open_league_tab", max(each.values()), tab_floor(size, repeat), **each)


def bench_open(window: Any, wanted: set[str], repeat: int) -> None:
    """Each dialog and window the night screen opens, on the big league, against an
    empty one of the same kind: the modal ones through the window's own menu slot."""
    dialogs = {
        # File ▸ New night: StartNightDialog
        "open_new_night": window.menu_actions["new_night"].trigger,
        # File ▸ Open night: the chooser of every night
        "open_night": window.menu_actions["open_night"].trigger,
        # File ▸ Print: where to save the PDF
        "open_print_dialog": window.menu_actions["print_night"].trigger,
    }
    for name, open_it in dialogs.items():
        if name in wanted:
            bench_dialog(name, open_it, window, repeat)
    if "open_league_window" in wanted:
        bench_league_window(window, repeat)
    if "open_settle_up" in wanted:
        bench_settle_up(window, repeat)
    if "open_league_tab" in wanted:
        bench_league_tabs(window, repeat)


# -- 5. PDFs -----------------------------------------------------------------------------


def plain_table_pdf(rows: list[list[str]]) -> bytes:
    """The floor of a report: reportlab building one plain table of the same rows."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.platypus import SimpleDocTemplate, Table

    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=letter).build([Table(rows, repeatRows=1)])
    return out.getvalue()


def bench_pdfs(db: Any, league: str, players: list[str], repeat: int) -> None:
    from scorekeeper.night import score_night
    from scorekeeper.reports.build import league_pdf, night_pdf
    from scorekeeper.reports.data import night_report
    from scorekeeper.store import night_reads
    from scorekeeper.store.league import Period, league_info, night_lines
    from scorekeeper.store.league import standings as league_standings

    night_id = classic_night(db, players, hands=PDF_NIGHT, seed=60, table=8)
    seconds = median_seconds(lambda: night_pdf(db, night_id=night_id), repeat)
    night = night_reads.load_stored_night(db, night_id=night_id)
    report = night_report(night, score_night(night), night_id=night_id)
    rows = [[*report.header, *report.players]]
    rows += [[*cells, *(a for a, _ in per_player)] for cells, per_player in report.rows]
    emit(
        "night_pdf", seconds, median_seconds(lambda: plain_table_pdf(rows), repeat), hands=PDF_NIGHT
    )

    big = max(1, repeat // 2)
    seconds = median_seconds(lambda: league_pdf(db, league=league), big)
    info = league_info(db, league=league)
    table = league_standings(db, Period(info.name))
    listing = night_reads.list_nights(db, league=league)
    lines = night_lines(db, Period(info.name))
    league_rows = [
        [r.player, str(r.nights), str(r.hands), str(r.points), str(r.cents)] for r in table.everyone
    ]
    league_rows += [
        [n.date or "-", n.table or "-", ", ".join(n.players), str(n.hands), ""] for n in listing
    ]
    emit(
        "league_pdf",
        seconds,
        median_seconds(lambda: plain_table_pdf(league_rows), big),
        nights=len(listing),
        night_lines=len(lines),
    )


# -- 6 and 7. startup and memory, in a process of their own ------------------------------


def probe(*args: str) -> tuple[float, float, int, float, bool, bool, int]:
    """One start of the probe: the seconds from launch until its window was ready for
    typing (benchmarks/probe_app.py says what ready means), the seconds until the
    process had ended, its peak memory, the seconds until the database was open behind
    the first screen, whether the database layer, and the second game (Schafkopf:
    the night shown is Sheepshead), were imported before it showed, and the hands of
    the night it showed (the last one changed: which, depends on what ran before)."""
    command = [sys.executable, str(ROOT / "benchmarks" / "probe_app.py"), *args]
    environment = os.environ | {"QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    # An installed app starts from compiled bytecode: let the warm-up run write it.
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    environment["SCOREKEEPER_PROBE_START"] = repr(time.time())
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, env=environment, check=False, timeout=120
        )
    except subprocess.TimeoutExpired:  # a dialog nobody answers, offscreen
        raise SystemExit(f"probe {' '.join(args)} was not ready in 120 s") from None
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"probe {' '.join(args)} failed:\n{done.stderr}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return (
        float(found["ready_seconds"]),
        seconds,
        int(found["peak_bytes"]),
        float(found["database_open_seconds"]),
        bool(found["database_layer_loaded"]),
        bool(found.get("second_game_loaded", False)),
        int(found.get("night_hands", 0)),
    )


def bench_startup(path: Path, repeat: int) -> None:
    """Until the window is ready for typing: the real night's sheet painted and the
    focus in the entry form (a skeleton window would not count); floor: a bare PySide6
    window with a table.  Beside it: the whole process (its exit too), and when the
    database was open behind the first screen (the database layer imported after the
    first paint: a hand saved before then waits for it)."""
    url = sqlite_url(path)
    probe("--database", url)  # warm the file cache and Python's bytecode cache
    app = [probe("--database", url) for _ in range(repeat)]
    floor = [probe("--floor") for _ in range(repeat)]
    emit(
        "startup",
        statistics.median(r[0] for r in app),
        statistics.median(r[0] for r in floor),
        process_seconds=round(statistics.median(r[1] for r in app), 6),
        floor_process_seconds=round(statistics.median(r[1] for r in floor), 6),
        database_open_seconds=round(statistics.median(r[3] for r in app), 6),
        database_layer_before_first_paint=any(r[4] for r in app),
        second_game_before_first_paint=any(r[5] for r in app),
        night_hands=app[0][6],
    )
    with_league = [probe("--database", url, "--league")[2] for _ in range(max(1, repeat // 2))]
    used = max(with_league)
    floor_bytes = statistics.median(r[2] for r in floor)
    print(
        json.dumps(
            {
                "name": "peak_memory",
                "bytes": used,
                "floor_bytes": floor_bytes,
                "ratio": round(used / floor_bytes, 3),
                "league_hands": LEAGUE_HANDS["hands"],
            }
        ),
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help=f"{QUICK:,} hands, not {FULL:,}")
    size.add_argument(
        "--huge",
        action="store_true",
        help=f"{HUGE:,} hands among {HUGE_PLAYERS} players, not {FULL:,} among {len(PLAYERS)}",
    )
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--only", help="comma-separated benchmark names")
    parser.add_argument("--keep", type=Path, help="keep the databases in this folder")
    args = parser.parse_args(argv)
    wanted = set(args.only.split(",")) if args.only else set(NAMES)
    if unknown := wanted - set(NAMES):
        parser.error(
            f"--only: no benchmark {', '.join(sorted(unknown))} (one of {', '.join(NAMES)})"
        )
    repeat = max(1, args.repeat)
    hands = QUICK if args.quick else HUGE if args.huge else FULL
    LEAGUE_HANDS["hands"] = hands
    documents = league_documents(hands, players=HUGE_PLAYERS if args.huge else len(PLAYERS))
    league = documents[0]["league"]
    players = documents[-1]["players"][:5]
    while len(players) < 5:
        players.append(f"Extra {len(players)}")
    with scratch(args.keep) as folder:
        big = max(1, repeat // 2) if not args.quick else repeat
        path = bench_import(folder, documents, big, "import" in wanted)
        from scorekeeper.store.database import open_database

        db = open_database(sqlite_url(path))
        if "standings" in wanted:
            bench_standings(db, league, repeat)
        if wanted & {"record_hand", "edit_early_hand", *OPEN_NAMES}:
            window = night_window(db, players)
            bench_hands(db, window, players, wanted, repeat)
            bench_open(window, wanted, repeat)
            window.close()
        if "night_history" in wanted:
            bench_history(db, players, repeat)
        if wanted & {"night_pdf", "league_pdf"}:
            bench_pdfs(db, league, players, repeat)
        db.dispose()
        if wanted & {"startup", "peak_memory"}:
            bench_startup(path, repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
