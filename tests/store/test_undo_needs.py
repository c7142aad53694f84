"""Each write returns what its undo needs (the hand's revision and the history row to
bring back, the seat as it left it, the rules it replaced), and an undo or redo that
passes it back is refused (`Conflict`, nothing written) once another program has
changed the same thing: it never overwrites what that program did."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from scorekeeper.games import preset_rules
from scorekeeper.store import backup_commands, hand_writes, night_import, night_reads
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict
from scorekeeper.store.night_history import change_rules
from scorekeeper.store.seats import join_night, leave_night, reopen_seat, seat_ranges
from scorekeeper.store.tonight import delete_payment, night_payments, record_payment
from tests.sheet import night_doc, no_pick, pick

HAND = pick("Bob", "Dee", points=74, tricks=4)
OTHER = pick("Cal", "Eve", points=95, tricks=5)


def points(db: Database, night_id: int) -> list[object]:
    return [h.get("points") for h in night_import.export_night(db, night_id=night_id)["hands"]]


def test_a_hand_recorded_deleted_and_brought_back_by_the_revisions_returned(db: Database) -> None:
    night_id = night_import.import_night(db, night_doc("classic-5", [HAND]))
    recorded = hand_writes.append_hand(db, night_id=night_id, hand=OTHER)
    assert recorded.revision == 1
    deleted = hand_writes.delete_hand(db, hand_id=recorded.hand_id, revision=recorded.revision)
    assert (deleted.hand_id, deleted.position, deleted.revision) == (recorded.hand_id, 2, 2)
    assert points(db, night_id) == [74]
    back = hand_writes.restore_revision(db, revision_id=deleted.revision_id, revision=2)
    assert (back.position, back.revision) == (2, 3)
    assert points(db, night_id) == [74, 95]
    history = night_reads.hand_history(db, hand_id=recorded.hand_id)
    assert [(r.id, r.action) for r in history][1:] == [
        (deleted.revision_id, "delete"),
        (back.revision_id, "restore"),
    ]


def test_an_edit_names_the_version_it_replaced(db: Database) -> None:
    night_id = night_import.import_night(db, night_doc("classic-5", [HAND, no_pick()]))
    inserted = hand_writes.insert_hand(db, night_id=night_id, hand=OTHER, position=1)
    assert (inserted.position, inserted.revision) == (1, 1)
    first = night_reads.hand_ids(db, night_id=night_id)[1]
    edited = hand_writes.edit_hand(db, hand_id=first, hand=OTHER, revision=1)
    (original,) = [r for r in night_reads.hand_history(db, hand_id=first) if r.revision == 1]
    assert edited.replaced == original.id and edited.version.revision == 2
    undone = hand_writes.restore_revision(db, revision_id=edited.replaced, revision=2)
    assert points(db, night_id) == [95, 74, None]
    hand_writes.restore_revision(
        db, revision_id=edited.version.revision_id, revision=undone.revision
    )
    assert points(db, night_id) == [95, 95, None]


def test_an_undo_of_a_hand_changed_elsewhere_since_is_refused(db: Database) -> None:
    night_id = night_import.import_night(db, night_doc("classic-5", [HAND]))
    hand_id = night_reads.hand_ids(db, night_id=night_id)[0]
    edited = hand_writes.edit_hand(db, hand_id=hand_id, hand=OTHER)
    hand_writes.edit_hand(db, hand_id=hand_id, hand=pick("Ann", points=61, tricks=3))  # elsewhere
    with pytest.raises(Conflict, match="hand 1 was changed in another program since"):
        hand_writes.restore_revision(
            db, revision_id=edited.replaced, revision=edited.version.revision
        )
    with pytest.raises(Conflict):
        hand_writes.delete_hand(db, hand_id=hand_id, revision=edited.version.revision)
    assert points(db, night_id) == [61]
    gone = hand_writes.delete_hand(db, hand_id=hand_id)  # elsewhere
    with pytest.raises(Conflict, match="hand 1 was deleted in another program since"):
        hand_writes.edit_hand(db, hand_id=hand_id, hand=HAND, revision=edited.version.revision)
    hand_writes.restore_revision(db, revision_id=gone.revision_id)  # elsewhere
    with pytest.raises(Conflict, match="brought back in another program"):
        hand_writes.restore_revision(db, revision_id=gone.revision_id, revision=gone.revision)
    assert points(db, night_id) == [61]


def test_seat_changes_return_the_seat_and_come_undone_only_on_the_same_night(
    db: Database,
) -> None:
    night_id = night_import.import_night(db, night_doc("classic-5", [HAND]))
    joined = join_night(db, night_id=night_id, player="Fay", after="Bob")
    assert (joined.player, joined.position, joined.first_hand, joined.last_hand) == (
        "Fay",
        3,
        2,
        None,
    )
    left = leave_night(db, night_id=night_id, player="Fay", after_hand=1, hands=1)
    assert left.last_hand == 1 < left.first_hand  # no hand played: the seat is gone
    seated = [name for name, *_ in seat_ranges(db, night_id=night_id)]
    assert seated == ["Ann", "Bob", "Cal", "Dee", "Eve"]
    reopen_seat(db, night_id=night_id, seat=left, hands=1)
    assert [name for name, *_ in seat_ranges(db, night_id=night_id)][2] == "Fay"

    ann = leave_night(db, night_id=night_id, player="Ann")
    assert (ann.first_hand, ann.last_hand) == (1, 1)
    hand_writes.record_hand(
        db, night_id=night_id, hand=pick("Bob", points=80, tricks=4)
    )  # elsewhere
    with pytest.raises(Conflict, match="has 2 hands, not 1"):
        reopen_seat(db, night_id=night_id, seat=ann, hands=1)
    assert ("Ann", 1, 1) in seat_ranges(db, night_id=night_id)


def test_the_rules_replaced_come_back_unless_changed_elsewhere(db: Database) -> None:
    night_id = night_import.import_night(db, night_doc("classic-5", [HAND]))
    classic = preset_rules("classic-5")
    dearer = replace(classic, stake_cents=classic.stake_cents + 20)
    assert change_rules(db, night_id=night_id, rules=dearer) == classic
    assert change_rules(db, night_id=night_id, rules=classic, replacing=dearer) == dearer
    refused = "the house rules of “Ann, Bob, Cal, Dee, Eve” were changed in another program"
    with pytest.raises(Conflict, match=refused):
        change_rules(db, night_id=night_id, rules=classic, replacing=dearer)


def test_a_payment_taken_back_twice_is_a_conflict(db: Database) -> None:
    night_id = night_import.import_night(db, night_doc("classic-5", [HAND]))
    day = dt.date(2026, 11, 17)
    paid = record_payment(db, night_id=night_id, payer="Ann", payee="Bob", cents=25, paid_on=day)
    delete_payment(db, payment_id=paid)
    with pytest.raises(Conflict, match="taken back in another program"):
        delete_payment(db, payment_id=paid)
    assert night_payments(db, night_id=night_id) == []


def test_a_deleted_hand_s_id_is_never_given_to_another_hand(db: Database) -> None:
    """The last hand deleted, a hand recorded at another table: the new hand has an id
    of its own, so undoing its edit brings back its own first version (not the deleted
    hand's), and the deleted hand comes back where it was (SQLite gave the deleted
    hand's id to the next hand, and the undo then failed)."""
    first = night_import.import_night(db, night_doc("classic-5", []))
    second = night_import.import_night(db, night_doc("classic-5", []))
    gone = hand_writes.append_hand(db, night_id=first, hand=HAND)
    deleted = hand_writes.delete_hand(db, hand_id=gone.hand_id, revision=gone.revision)
    new = hand_writes.append_hand(db, night_id=second, hand=OTHER)
    assert new.hand_id != gone.hand_id
    imported = night_import.import_nights(db, [night_doc("classic-5", [HAND, OTHER])])
    assert gone.hand_id not in night_reads.hand_ids(db, night_id=imported[0])
    edited = hand_writes.edit_hand(db, hand_id=new.hand_id, hand=HAND)
    hand_writes.restore_revision(db, revision_id=edited.replaced)
    assert points(db, second) == [95]
    hand_writes.restore_revision(db, revision_id=deleted.revision_id)
    assert points(db, first) == [74] and points(db, second) == [95]


def test_after_a_restore_a_deleted_hand_s_id_is_still_never_given_again(
    db: Database, tmp_path: Path
) -> None:
    """A backup restored (on PostgreSQL: the sequences set again from the rows) does
    not give the last deleted hand's id to the next hand: bringing the deleted hand
    back then adds it, and overwrites nothing."""
    night_id = night_import.import_night(db, night_doc("classic-5", []))
    hand_writes.append_hand(db, night_id=night_id, hand=OTHER)
    gone = hand_writes.append_hand(db, night_id=night_id, hand=HAND)
    deleted = hand_writes.delete_hand(db, hand_id=gone.hand_id, revision=gone.revision)
    copy = tmp_path / ("copy.sqlite3" if db.sqlite_path is not None else "copy.json")
    backup_commands.backup(db, str(copy), force=True)
    backup_commands.restore(db, str(copy), force=True)
    new = hand_writes.append_hand(db, night_id=night_id, hand=OTHER)
    assert new.hand_id != gone.hand_id
    hand_writes.restore_revision(db, revision_id=deleted.revision_id)
    assert sorted(points(db, night_id)) == [74, 95, 95]
