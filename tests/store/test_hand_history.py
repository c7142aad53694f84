"""A night's history of hands (store/hand_history.py): every version of every hand,
when, on which computer, and what each change did to each player's money; played
forward, it ends with the night's hands as stored, and the money each change did adds
up to the night's totals."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games import parse_rules
from scorekeeper.store import hand_history, hand_writes
from scorekeeper.store.database import Database
from scorekeeper.store.hand_history import night_history
from scorekeeper.store.night_history import change_rules
from scorekeeper.store.night_import import export_night, import_night, night_as_stored
from scorekeeper.store.night_reads import night_result
from scorekeeper.store.tables import this_computer
from tests.sheet import night_doc, pick

WIN = pick("Ann", "Cal", points=74, tricks=4)
LOSS = pick("Bob", "Dee", points=40, tricks=2)


def test_each_version_says_when_where_and_what_it_did_to_the_money(db: Database) -> None:
    night_id = import_night(db, night_doc("classic-5", [WIN]))
    hand_id = night_as_stored(db, night_id=night_id).hand_ids[0]
    hand_writes.edit_hand(db, hand_id=hand_id, hand={**WIN, "points": 95, "tricks": 5})
    versions = night_history(db, night_id=night_id)
    assert [(v.number, v.revision, v.action) for v in versions] == [
        (1, 1, "insert"),
        (1, 2, "edit"),
    ]
    assert all(v.computer == this_computer() for v in versions)
    # At 5 cents a point: the win (Ann +2, Cal +1, each defender -1), then schneider.
    assert versions[0].cents == {"Ann": 10, "Bob": -5, "Cal": 5, "Dee": -5, "Eve": -5}
    assert versions[1].cents == {"Ann": 10, "Bob": -5, "Cal": 5, "Dee": -5, "Eve": -5}
    assert versions[1].explanation.startswith("Ann and Cal took 95: schneider")
    assert versions[1].record["points"] == 95 and versions[0].record["points"] == 74
    assert [v.number for v in night_history(db, night_id=night_id, number=1)] == [1, 1]


def test_inserts_deletes_and_restores_move_the_hands_as_the_store_does(db: Database) -> None:
    night_id = import_night(db, night_doc("classic-5", [WIN, LOSS]))
    first, second = night_as_stored(db, night_id=night_id).hand_ids
    inserted = hand_writes.insert_hand(db, night_id=night_id, hand=LOSS, position=1)
    deleted = hand_writes.delete_hand(db, hand_id=first)
    hand_writes.restore_revision(db, revision_id=deleted.revision_id)
    versions = night_history(db, night_id=night_id)
    assert [(v.hand_id, v.action, v.number) for v in versions] == [
        (first, "insert", 1),
        (second, "insert", 2),
        (inserted.hand_id, "insert", 1),
        (first, "delete", 2),
        (first, "restore", 2),
    ]
    assert versions[3].explanation == "" and versions[3].cents == {
        p: -c for p, c in versions[0].cents.items()
    }
    totals = night_result(db, night_id=night_id).total_cents
    assert sum_of(versions) == totals


def test_a_change_of_rules_counts_from_when_it_was_made(db: Database) -> None:
    night_id = import_night(db, night_doc("classic-5", [WIN]))
    change_rules(
        db, night_id=night_id, rules=parse_rules({"preset": "classic-5", "stake_cents": 50})[0]
    )
    hand_writes.record_hand(db, night_id=night_id, hand=LOSS)
    first, rules, then = night_history(db, night_id=night_id)
    assert first.cents["Ann"] == 10  # at 5 cents, as it was then
    assert (rules.action, rules.number, rules.explanation) == (
        "rules",
        0,
        "House rules: Stake a point",
    )
    assert rules.cents["Ann"] == 2 * 50 - 2 * 5  # hand 1 rescored at 50 cents
    assert then.cents["Bob"] == -2 * 50 and then.cents["Ann"] == 50  # at 50 cents
    assert sum_of([first, rules, then]) == night_result(db, night_id=night_id).total_cents
    hand = night_as_stored(db, night_id=night_id).hand_ids[0]
    assert [v.action for v in night_history(db, night_id=night_id, hand_id=hand)] == ["insert"]


def sum_of(versions: list[Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for version in versions:
        for player, cents in (version.cents or {}).items():
            out[player] = out.get(player, 0) + cents
    return out


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["add", "insert", "edit", "delete", "restore"]), st.integers(0, 9)
        ),
        max_size=10,
    )
)
def test_played_forward_the_history_is_the_night(
    db: Database, steps: list[tuple[str, int]]
) -> None:
    """Any sequence of recordings, inserts, edits, deletes and restores: the history
    ends with the night's hands, and what each change did adds up to its totals."""
    night_id = import_night(db, night_doc("classic-5", [WIN]))
    deleted: list[int] = []
    hands = [WIN, LOSS, pick("Eve", points=61, tricks=3), pick("Cal", "Ann", points=120, tricks=6)]
    hands.append({"type": "leaster", "winner": "Bob"})
    for kind, n in steps:
        ids = list(night_as_stored(db, night_id=night_id).hand_ids)
        hand = hands[n % len(hands)]
        if kind == "add" or not ids:
            hand_writes.record_hand(db, night_id=night_id, hand=hand)
        elif kind == "insert":
            hand_writes.insert_hand(db, night_id=night_id, hand=hand, position=1 + n % len(ids))
        elif kind == "edit":
            hand_writes.edit_hand(db, hand_id=ids[n % len(ids)], hand=hand)
        elif kind == "delete":
            deleted.append(hand_writes.delete_hand(db, hand_id=ids[n % len(ids)]).revision_id)
        elif deleted:
            hand_writes.restore_revision(db, revision_id=deleted.pop())
    versions = night_history(db, night_id=night_id)
    stored = night_as_stored(db, night_id=night_id)
    live: dict[int, int] = {}
    for version in versions:
        if version.action == "delete":
            live.pop(version.hand_id)
        else:
            live[version.hand_id] = version.revision
    assert sorted(live) == sorted(stored.hand_ids)
    assert sum_of(versions) == night_result(db, night_id=night_id).total_cents
    assert export_night(db, night_id=night_id)["hands"] == [
        dict(v.record) for v in latest(versions, stored.hand_ids)
    ]
    # A hand appended is scored from the night before it (what makes a night of 600
    # hands' history quick): the same as the whole night scored at every step.
    with pytest.MonkeyPatch.context() as whole:
        whole.setattr(hand_history._Replay, "_one_more", lambda *_args: None)
        assert night_history(db, night_id=night_id) == versions


def latest(versions: list[Any], hand_ids: Any) -> list[Any]:
    last = {v.hand_id: v for v in versions}
    return [last[h] for h in hand_ids]


@pytest.mark.parametrize("number", [0, 3])
def test_a_hand_not_in_the_night_is_named(db: Database, number: int) -> None:
    night_id = import_night(db, night_doc("classic-5", [WIN, LOSS]))
    with pytest.raises(LookupError):
        night_history(db, night_id=night_id, number=number)


def test_the_seats_move_with_the_history(db: Database) -> None:
    """Fay sits down at hand 3 and plays it; a hand is then inserted at 1, which moves
    her seat to hand 4: each earlier state is scored with her seat where it was then
    (a review found hand 3 and the insert with no money: today's seats made hand 3 a
    hand she had not yet come to)."""
    from scorekeeper.store.seats import join_night

    night_id = import_night(db, night_doc("classic-5", [WIN, LOSS]))
    join_night(db, night_id=night_id, player="Fay")
    fay_picks = pick("Fay", "Ann", points=80, tricks=4, dealer="Bob")
    hand_writes.record_hand(db, night_id=night_id, hand=fay_picks)
    hand_writes.insert_hand(db, night_id=night_id, hand=LOSS, position=1)
    versions = night_history(db, night_id=night_id)
    assert [v.action for v in versions] == ["insert"] * 4
    assert all(v.cents is not None and v.explanation for v in versions), versions
    assert versions[2].cents["Fay"] > 0 and versions[2].cents["Bob"] == 0  # Bob dealt, sat out
    assert sum_of(versions) == night_result(db, night_id=night_id).total_cents


def test_a_hands_history_is_found_by_its_id_wherever_it_moved(db: Database) -> None:
    night_id = import_night(db, night_doc("classic-5", [WIN, LOSS]))
    second = night_as_stored(db, night_id=night_id).hand_ids[1]
    hand_writes.insert_hand(db, night_id=night_id, hand=WIN, position=1)
    versions = night_history(db, night_id=night_id, hand_id=second)
    assert [(v.hand_id, v.number) for v in versions] == [(second, 2)]
    assert night_history(db, night_id=night_id, number=3)[0].hand_id == second
