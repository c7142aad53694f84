"""What a restore would replace, said before it runs (issue 33, point 6): the backup's
holdings and last change, and the nights of the database changed since — a hand edited
in an old night, a payment, a new night — while a night untouched is not named."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scorekeeper.store import hand_writes
from scorekeeper.store.backup_commands import backup
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.night_import import export_night
from scorekeeper.store.night_reads import hand_ids, list_nights
from scorekeeper.store.restore_preview import holdings, preview_restore
from scorekeeper.store.seed import seed_sample_league


def test_the_preview_names_what_changed_since_the_backup(db: Database, tmp_path: Path) -> None:
    seed_sample_league(db)
    copy = tmp_path / "backup.json" if not db.is_sqlite else tmp_path / "backup.sqlite3"
    backup(db, str(copy))
    same = preview_restore(db, str(copy))
    assert same.backup == same.now and same.changed_since == ()

    nights = list_nights(db)
    old = next(n for n in nights if not n.closed)  # a hand of its first corrected
    hand_id = hand_ids(db, night_id=old.id)[0]
    record = export_night(db, night_id=old.id)["hands"][0]
    hand_writes.edit_hand(db, hand_id=hand_id, hand={**record, "note": "corrected"})
    after = preview_restore(db, str(copy))
    assert [(n.played_on, n.table, n.hands) for n in after.changed_since] == [
        (dt.date.fromisoformat(old.date or ""), old.table, old.hands)
    ]
    assert after.backup == same.backup
    assert after.now.last_change is not None and same.backup.last_change is not None
    assert after.now.last_change > same.backup.last_change
    assert holdings(db).hands == same.now.hands


def test_a_backup_the_restore_would_refuse_is_refused_by_the_preview(
    db: Database, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "no"}')
    with pytest.raises(StorageError, match="is not a Scorekeeper dump"):
        preview_restore(db, str(bad))
    with pytest.raises(StorageError, match="no such backup file"):
        preview_restore(db, str(tmp_path / "none.sqlite3"))


def test_league_payments_and_renamed_players_since_are_said(db: Database, tmp_path: Path) -> None:
    """Found in review: a league payment (of no night) or a player renamed since the
    backup was not counted, and the question said "Nothing ... changed"."""
    from scorekeeper.store.money import record_league_payment
    from scorekeeper.store.people import rename_player
    from ui.restore_question import restore_question

    seed_sample_league(db)
    copy = tmp_path / "backup.json" if not db.is_sqlite else tmp_path / "backup.sqlite3"
    backup(db, str(copy))
    league = "Tuesday Night League"
    record_league_payment(db, league=league, payer="Jon", payee="Ida", cents=25)
    rename_player(db, old="Hal", new="Harold")
    preview = preview_restore(db, str(copy))
    assert (preview.changed_since, preview.payments_since) == ((), 1)
    assert preview.players_since == ("Harold",)
    said = restore_question(preview, copy.name, server=None)
    assert "Nothing in the database changed" not in said
    assert "Lost from the database: 1 league payment recorded since then." in said
    assert "(new, or renamed since): Harold." in said
