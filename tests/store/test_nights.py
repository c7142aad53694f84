"""Nights and hands in a real database: round trips, re-scoring, history, all or nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper.cli import result_to_json
from scorekeeper.document import load_night, night_to_document
from scorekeeper.night import score_night
from scorekeeper.problems import InvalidNight
from scorekeeper.store import hand_writes, night_import, night_reads
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.people import rename_player
from tests.core.test_schafkopf import FOUR, PASS, call
from tests.sheet import no_pick, pick, score_doc
from tests.store.corpus import corpus
from tests.store.test_summaries import rescored_cache, stored_cache


def scored(document: dict[str, Any]) -> dict[str, Any]:
    return result_to_json(score_doc(document))


@pytest.mark.parametrize("document", corpus(), ids=lambda d: d.get("title") or str(d["rules"]))
def test_every_corpus_night_round_trips_and_scores_the_same(
    db: Database, document: dict[str, Any]
) -> None:
    night_id = night_import.import_night(db, document)
    exported = night_import.export_night(db, night_id=night_id)
    night, _ = load_night(document)
    assert night is not None
    # What comes back is the document in canonical form (defaults such as a solo's
    # "game": "solo" left out), and it scores exactly as the document did.
    assert json.loads(json.dumps(exported)) == night_to_document(night)
    assert result_to_json(night_reads.night_result(db, night_id=night_id)) == scored(document)
    expected = [h.points for h in score_doc(document).hands]
    assert night_reads.cached_points(db, night_id=night_id) == expected


def thirty_hands() -> dict[str, Any]:
    hands: list[dict[str, Any]] = []
    for n in range(30):
        if n in (1, 2, 9, 10, 11):
            hands.append(no_pick())
        else:
            points = [74, 91, 40, 20, 65, 120][n % 6]
            tricks = 6 if points == 120 else 3
            picker = ["Ann", "Bob", "Cal", "Dee", "Eve"][n % 5]
            doubled = {"doublers": 1} if n % 4 == 0 else {}
            hands.append(pick(picker, points=points, tricks=tricks, **doubled))
    return {
        "format": "sheepshead-night/1",
        "rules": {"preset": "classic-5", "no_pick": "doubler"},
        "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
        "hands": hands,
    }


def test_editing_hand_3_rescores_everything_after_it_and_can_be_undone(db: Database) -> None:
    document = thirty_hands()
    night_id = night_import.import_night(db, document)
    before = night_reads.cached_points(db, night_id=night_id)
    hand_3 = night_reads.hand_ids(db, night_id=night_id)[2]

    edited = copy.deepcopy(document)
    edited["hands"][2] = pick("Cal", "Dee", points=95, tricks=5)  # was a no-pick doubler
    hand_writes.edit_hand(db, hand_id=hand_3, hand=edited["hands"][2])

    expected = [h.points for h in score_doc(edited).hands]
    assert night_reads.cached_points(db, night_id=night_id) == expected
    assert result_to_json(night_reads.night_result(db, night_id=night_id)) == scored(edited)
    assert expected[3:] != before[3:]  # the doubler queue moved: later hands changed

    history = night_reads.hand_history(db, hand_id=hand_3)
    assert [(r.revision, r.action) for r in history] == [(1, "insert"), (2, "edit")]
    assert history[0].hand == {"type": "no-pick"}
    assert history[1].hand["picker"] == "Cal"

    hand_writes.restore_revision(db, revision_id=history[0].id)
    assert night_reads.cached_points(db, night_id=night_id) == before
    assert night_import.export_night(db, night_id=night_id) == document


def picked_second() -> dict[str, Any]:
    """`thirty_hands` with a pick for its second hand (a no-pick, queueing a doubler)."""
    document = thirty_hands()
    document["hands"][1] = pick("Bob", "Cal", points=74, tricks=4)
    return document


LOST_CALL, WON_CALL = call(50, 3), call(75, 5)
POT_NIGHT = {
    "format": "sheepshead-night/1",
    "rules": {"preset": "schafkopf", "all_pass": "pot"},
    "players": FOUR,
    # The pass feeds the pot, the lost call doubles it, the won call at 4 takes it.
    "hands": [PASS, LOST_CALL, call(70, 5), WON_CALL],
}


@pytest.mark.parametrize(
    ("document", "hand_2", "later_change"),
    [
        # What hand 2 leaves the next is the same (a pick either way).
        (picked_second(), pick("Ann", points=91, tricks=4), False),
        # A queued doubler is no longer there: the queue moves.
        (thirty_hands(), pick("Bob", "Cal", points=74, tricks=4), True),
        # Only the pot differs (no doubler, no Bock hand either way): hand 4 takes less.
        (POT_NIGHT, WON_CALL, True),
    ],
    ids=["same-carry", "doubler-queue", "pot-only"],
)
def test_an_edit_of_hand_2_leaves_every_hands_cache_as_a_fresh_scoring(
    db: Database, document: dict[str, Any], hand_2: dict[str, Any], later_change: bool
) -> None:
    night_id = night_import.import_night(db, document)
    before = night_reads.cached_points(db, night_id=night_id)
    edited = copy.deepcopy(document)
    edited["hands"][1] = hand_2

    hand_writes.edit_hand(db, hand_id=night_reads.hand_ids(db, night_id=night_id)[1], hand=hand_2)

    expected = [h.points for h in score_doc(edited).hands]
    assert night_reads.cached_points(db, night_id=night_id) == expected
    assert stored_cache(db) == rescored_cache(db)  # every column, every hand
    assert (expected[2:] != before[2:]) is later_change


def test_insert_and_delete_move_the_doubler_queue(db: Database) -> None:
    rules = {"preset": "classic-5", "no_pick": "doubler"}
    document = {
        "format": "sheepshead-night/1",
        "rules": rules,
        "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
        "hands": [pick("Bob", "Dee", points=74, tricks=4)] * 2,
    }
    night_id = night_import.import_night(db, document)
    hand_writes.record_hand(db, night_id=night_id, hand=no_pick(), position=1)
    assert [h["Bob"] for h in night_reads.cached_points(db, night_id=night_id)] == [0, 4, 2]
    first = night_reads.hand_ids(db, night_id=night_id)[0]
    hand_writes.delete_hand(db, hand_id=first)
    assert [h["Bob"] for h in night_reads.cached_points(db, night_id=night_id)] == [2, 2]
    deleted = night_reads.hand_history(db, hand_id=first)
    assert [r.action for r in deleted] == ["insert", "delete"]
    hand_writes.restore_revision(db, revision_id=deleted[-1].id)
    assert [h["Bob"] for h in night_reads.cached_points(db, night_id=night_id)] == [0, 4, 2]


def test_a_bad_hand_is_refused_and_writes_nothing(db: Database) -> None:
    night_id = night_import.import_night(db, thirty_hands())
    before = night_import.export_night(db, night_id=night_id)
    with pytest.raises(InvalidNight) as refused:
        hand_writes.record_hand(
            db, night_id=night_id, hand=pick("Bob", "Dee", points=130, tricks=4)
        )
    assert [str(p) for p in refused.value.problems] == [
        "hand 31: points: 130 is not between 0 and 120"
    ]
    with pytest.raises(InvalidNight):
        hand_writes.edit_hand(
            db,
            hand_id=night_reads.hand_ids(db, night_id=night_id)[0],
            hand=pick("Zed", points=70, tricks=3),
        )
    assert night_import.export_night(db, night_id=night_id) == before
    assert (
        len(night_reads.hand_history(db, hand_id=night_reads.hand_ids(db, night_id=night_id)[0]))
        == 1
    )


def test_a_bad_document_imports_nothing(db: Database) -> None:
    document = thirty_hands()
    document["hands"][29]["points"] = 130
    with pytest.raises(InvalidNight):
        night_import.import_night(db, document)
    assert night_reads.list_nights(db) == []


def test_renaming_a_player_keeps_history_and_scores(db: Database) -> None:
    night_id = night_import.import_night(db, thirty_hands())
    before = night_reads.night_result(db, night_id=night_id)
    rename_player(db, old="bob", new="Robert")
    after = night_reads.night_result(db, night_id=night_id)
    assert after.total_points["Robert"] == before.total_points["Bob"]
    assert night_import.export_night(db, night_id=night_id)["hands"][0]["picker"] == "Ann"
    assert "Robert" in night_import.export_night(db, night_id=night_id)["players"]
    with pytest.raises(StorageError, match="already a player"):
        rename_player(db, old="Robert", new=" ANN ")


def test_players_are_one_person_across_nights_whatever_the_case(db: Database) -> None:
    first = night_import.import_night(db, thirty_hands())
    document = thirty_hands()
    document["players"] = ["ann", "BOB", " Cal ", "Dee", "Eve"]
    second = night_import.import_night(db, document)
    assert night_import.export_night(db, night_id=second)["players"] == [
        "Ann",
        "Bob",
        "Cal",
        "Dee",
        "Eve",
    ]
    assert first != second


def test_nights_are_listed_with_their_filing(db: Database) -> None:
    doc = {
        **thirty_hands(),
        "date": "2026-11-17",
        "league": "Tuesday",
        "season": "Fall",
        "table": "2",
    }
    night_id = night_import.import_night(db, doc)
    (summary,) = night_reads.list_nights(db, league="tuesday")
    assert (
        summary.id,
        summary.date,
        summary.league,
        summary.season,
        summary.table,
        summary.hands,
    ) == (night_id, "2026-11-17", "Tuesday", "Fall", "2", 30)
    with pytest.raises(StorageError, match="no league"):
        night_reads.list_nights(db, league="Wednesday")


def test_stored_rules_are_the_full_rule_set(db: Database) -> None:
    night_id = night_import.import_night(db, thirty_hands())
    night = night_reads.load_stored_night(db, night_id=night_id)
    again, _ = load_night(thirty_hands())
    assert again is not None and night.rules == again.rules
    assert score_night(night).total_points == score_night(again).total_points


def another_table_first(db: Database, monkeypatch: pytest.MonkeyPatch, meanwhile: Any) -> None:
    """MEANWHILE (another program's write, committed) runs just before the next write
    here locks its night: after that write has read the hand it changes.  Only a server
    lets it: SQLite's writers take turns from their first read."""
    if db.is_sqlite:
        pytest.skip("SQLite's writers take turns from their first read")
    locking = hand_writes.load_state
    pending = [meanwhile]

    def lock_after_the_other(*args: Any, **kwargs: Any) -> Any:
        while pending:
            pending.pop()()
        return locking(*args, **kwargs)

    monkeypatch.setattr(hand_writes, "load_state", lock_after_the_other)


def test_an_edit_finds_its_hand_where_another_table_moved_it(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another table inserts a hand before the one being edited, after the edit read it:
    the edit rescores the hand where it now is, and the cache is a fresh scoring."""
    document = thirty_hands()
    night_id = night_import.import_night(db, document)
    last = night_reads.hand_ids(db, night_id=night_id)[-1]
    inserted = pick("Ann", "Bob", points=61, tricks=3)
    another_table_first(
        db,
        monkeypatch,
        lambda: hand_writes.record_hand(db, night_id=night_id, hand=inserted, position=1),
    )
    edited = pick("Cal", "Dee", points=95, tricks=5)
    version = hand_writes.edit_hand(db, hand_id=last, hand=edited).version

    assert version.position == len(document["hands"]) + 1
    expected = copy.deepcopy(document)
    expected["hands"] = [inserted, *document["hands"][:-1], edited]
    assert night_import.export_night(db, night_id=night_id)["hands"] == expected["hands"]
    assert stored_cache(db) == rescored_cache(db)
    assert night_reads.hand_history(db, hand_id=last)[-1].position == version.position


def test_an_edit_of_a_hand_another_table_deleted_meanwhile_is_refused(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    night_id = night_import.import_night(db, thirty_hands())
    last = night_reads.hand_ids(db, night_id=night_id)[-1]
    another_table_first(db, monkeypatch, lambda: hand_writes.delete_hand(db, hand_id=last))
    with pytest.raises(StorageError, match=f"no hand {last}"):
        hand_writes.edit_hand(db, hand_id=last, hand=pick("Cal", "Dee", points=95, tricks=5))
    assert stored_cache(db) == rescored_cache(db)


def test_an_undo_finds_its_hand_where_another_table_moved_it(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit undone (its earlier version restored) after another table inserted a hand
    before it: the version comes back at the hand's place now, the cache a fresh
    scoring."""
    document = thirty_hands()
    night_id = night_import.import_night(db, document)
    last = night_reads.hand_ids(db, night_id=night_id)[-1]
    edited = hand_writes.edit_hand(db, hand_id=last, hand=pick("Cal", "Dee", points=95, tricks=5))
    inserted = pick("Ann", "Bob", points=61, tricks=3)
    another_table_first(
        db,
        monkeypatch,
        lambda: hand_writes.record_hand(db, night_id=night_id, hand=inserted, position=1),
    )
    undone = hand_writes.restore_revision(db, revision_id=edited.replaced)

    assert undone.position == len(document["hands"]) + 1
    hands = night_import.export_night(db, night_id=night_id)["hands"]
    assert hands == [inserted, *document["hands"]]
    assert stored_cache(db) == rescored_cache(db)
