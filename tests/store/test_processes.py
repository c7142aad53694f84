"""Real processes: a writer killed mid-night loses nothing it reported, and writers side
by side never lose a hand nor give two hands one position."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.store import night_import, night_reads
from scorekeeper.store.database import Database, open_database
from tests.store.conftest import drop_postgres, fresh_postgres_url

ROOT = Path(__file__).resolve().parents[2]
FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]
EMPTY_NIGHT = {"format": "sheepshead-night/1", "rules": "classic-5", "players": FIVE, "hands": []}


def writer(url: str, night_id: int, count: int, picker: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.writer", url, str(night_id), str(count), picker],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def writer_under_way(
    url: str, night_id: int, count: int, picker: str, *, reported: int
) -> tuple[subprocess.Popen[str], list[int]]:
    """A writer process started, and the ids of the first REPORTED hands it said were
    recorded (read from its output: the hands it has promised are safe)."""
    process = writer(url, night_id, count, picker)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    return process, [int(process.stdout.readline().split()[1]) for _ in range(reported)]


def rest_of(process: subprocess.Popen[str]) -> tuple[str, str]:
    """The rest of a writer's output after `writer_under_way` read its first lines, and
    its errors, once it has ended.  Read through the same text streams (communicate()
    reads the raw pipes and would lose the lines readline() already buffered)."""
    assert process.stdout is not None and process.stderr is not None
    rest = process.stdout.read()  # the writer's errors are a line or two: no deadlock
    err = process.stderr.read()
    process.wait(timeout=300)
    return rest, err


def assert_night_whole(db: Database, night_id: int) -> None:
    """Positions 1..N with no gap or twin; the cache agrees with a fresh scoring."""
    with db.session() as session:
        from sqlmodel import select

        from scorekeeper.store.tables import HandRow, HandScoreRow

        positions = sorted(
            session.exec(select(HandRow.position).where(HandRow.night_id == night_id))
        )
        scored = session.exec(
            select(HandScoreRow.hand_id).where(HandScoreRow.night_id == night_id)
        ).all()
    assert positions == list(range(1, len(positions) + 1))
    assert len(scored) == len(positions)
    result = night_reads.night_result(db, night_id=night_id)
    assert [h.points for h in result.hands] == night_reads.cached_points(db, night_id=night_id)


@pytest.mark.parametrize("kill_after", [3, 17])
def test_a_killed_writer_loses_no_hand_it_reported(tmp_path: Path, kill_after: int) -> None:
    url = f"sqlite:///{tmp_path / 'night.sqlite3'}"
    db = open_database(url)
    night_id = night_import.import_night(db, EMPTY_NIGHT)
    process, reported = writer_under_way(url, night_id, 1000, "Bob", reported=kill_after)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL

    db.dispose()
    reopened = open_database(url)
    present = night_reads.hand_ids(reopened, night_id=night_id)
    assert set(reported) <= set(present)
    assert present[: len(reported)] == reported
    assert_night_whole(reopened, night_id)
    with sqlite3.connect(tmp_path / "night.sqlite3") as check:
        assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def run_writers(url: str, pickers: list[str], count: int) -> None:
    db = open_database(url)
    night_id = night_import.import_night(db, EMPTY_NIGHT)
    processes = [writer(url, night_id, count, p) for p in pickers]
    for process in processes:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        assert out.count("recorded") == count
    hands = night_import.export_night(db, night_id=night_id)["hands"]
    assert len(hands) == count * len(pickers)
    for picker in pickers:  # each writer's hands are all there, in its own order
        notes = [h["note"] for h in hands if h["picker"] == picker]
        assert notes == [f"{picker} {n}" for n in range(count)]
    assert_night_whole(db, night_id)
    db.dispose()


def test_two_processes_share_one_sqlite_file(tmp_path: Path) -> None:
    run_writers(f"sqlite:///{tmp_path / 'shared.sqlite3'}", ["Ann", "Bob"], 40)


def test_four_processes_share_one_postgres_database(postgres_template: str) -> None:
    url = fresh_postgres_url(postgres_template)
    try:
        run_writers(url, ["Ann", "Bob", "Cal", "Dee"], 25)
    finally:
        drop_postgres(url)
