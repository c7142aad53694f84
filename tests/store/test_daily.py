"""The daily backup: one copy on the first start of each day, the newest few kept (14
unless chosen), only daily copies ever deleted; a server database dumped to JSON."""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.store import daily, night_import
from scorekeeper.store.database import Database, copies_place, open_database
from scorekeeper.store.night_reads import list_nights
from tests.sheet import night_doc, pick

MORNING = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def vienna(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every case on one clock (UTC+1 in November), whatever the machine's zone."""
    monkeypatch.setenv("TZ", "Europe/Vienna")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def day(n: int, hour: int = 0) -> dt.datetime:
    return MORNING + dt.timedelta(days=n, hours=hour)


def test_one_copy_a_day_holding_the_whole_database(db: Database) -> None:
    night_import.import_night(db, night_doc("classic-5", [pick("Bob", "Dee", points=74, tricks=4)]))
    first = daily.daily_backup(db, now=day(0))
    assert first is not None and first.exists()
    assert daily.daily_backup(db, now=day(0, hour=3)) is None  # the same day: none
    second = daily.daily_backup(db, now=day(1))
    assert second is not None and second != first
    assert daily.daily_copies(db) == [first, second]
    if db.sqlite_path is not None:
        copy = open_database(f"sqlite:///{first}")
        try:
            assert [n.hands for n in list_nights(copy)] == [1]
        finally:
            copy.dispose()
    else:
        rows = json.loads(first.read_text(encoding="utf-8"))
        assert len(rows["tables"]["hand"]) == 1


def test_only_the_newest_daily_copies_are_kept_and_nothing_else_is_deleted(
    db: Database,
) -> None:
    folder, start = copies_place(db)
    folder.mkdir(parents=True, exist_ok=True)
    other = folder / f"{start}20261101-000000.before-restore.bak"  # kept before a restore
    other.write_bytes(b"kept")
    made = [daily.daily_backup(db, keep=3, now=day(n)) for n in range(5)]
    assert daily.daily_copies(db) == made[2:]
    assert all(not path.exists() for path in made[:2] if path is not None)
    assert other.read_bytes() == b"kept"


def test_keeping_none_makes_none(db: Database) -> None:
    assert daily.daily_backup(db, keep=0, now=day(0)) is None
    assert daily.daily_copies(db) == []


def test_a_day_is_the_local_calendars(db: Database) -> None:
    """23:30 and 00:30 in Vienna are two days (22:30 and 23:30 UTC: one UTC day)."""
    late = dt.datetime(2026, 11, 23, 22, 30, tzinfo=dt.UTC)
    assert daily.daily_backup(db, now=late) is not None
    assert daily.daily_backup(db, now=late + dt.timedelta(minutes=20)) is None  # 23:50 local
    assert daily.daily_backup(db, now=late + dt.timedelta(hours=1)) is not None  # 00:30 local


def test_a_database_whose_name_starts_like_another_keeps_its_own_copies(tmp_path: Path) -> None:
    first = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    second = open_database(f"sqlite:///{tmp_path / 'league.sqlite3.2025'}")
    try:
        theirs = daily.daily_backup(second, now=day(0))
        assert theirs is not None
        assert daily.daily_copies(first) == []  # the other's copy is not this one's
        mine = [daily.daily_backup(first, keep=1, now=day(n)) for n in range(2)]
        assert daily.daily_copies(first) == mine[1:]
        assert daily.daily_copies(second) == [theirs] and theirs.exists()
    finally:
        first.dispose()
        second.dispose()
