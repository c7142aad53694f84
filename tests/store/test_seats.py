"""Players join and leave mid-night; hands before and after score as the core says."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.problems import InvalidNight
from scorekeeper.store import hand_writes, night_import, night_reads
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.seats import join_night, leave_night, seated_players
from scorekeeper.store.stored_night import Seat, seated_at, seated_by_hand
from tests.sheet import leaster, pick, score_doc

FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]


def start(db: Database) -> int:
    document = {
        "format": "sheepshead-night/1",
        "rules": "classic-5",
        "players": FIVE,
        "hands": [pick("Bob", "Dee", points=74, tricks=4), leaster("Cal")],
    }
    return night_import.import_night(db, document)


def test_a_sixth_player_joins_and_the_dealer_sits_out(db: Database) -> None:
    night_id = start(db)
    join_night(db, night_id=night_id, player="Fay", after="Bob")
    assert seated_players(db, night_id=night_id, hand=2) == FIVE
    assert seated_players(db, night_id=night_id, hand=3) == [
        "Ann",
        "Bob",
        "Fay",
        "Cal",
        "Dee",
        "Eve",
    ]
    with pytest.raises(InvalidNight) as refused:
        hand_writes.record_hand(db, night_id=night_id, hand=pick("Fay", points=80, tricks=4))
    assert "hand 3: dealer: missing" in str(refused.value)
    hand_writes.record_hand(
        db, night_id=night_id, hand=pick("Fay", points=80, tricks=4, dealer="Ann")
    )
    exported = night_import.export_night(db, night_id=night_id)
    assert exported["players"] == ["Ann", "Bob", "Fay", "Cal", "Dee", "Eve"]
    assert [h.get("sitting_out") for h in exported["hands"]] == [["Fay"], ["Fay"], None]
    expected = [h.points for h in score_doc(exported).hands]
    assert night_reads.cached_points(db, night_id=night_id) == expected
    assert expected[2] == {"Ann": 0, "Bob": -1, "Fay": 4, "Cal": -1, "Dee": -1, "Eve": -1}
    assert expected[0]["Fay"] == 0


def test_a_player_leaves_and_later_hands_go_on_without_them(db: Database) -> None:
    night_id = start(db)
    join_night(db, night_id=night_id, player="Fay")
    hand_writes.record_hand(
        db, night_id=night_id, hand=pick("Fay", points=80, tricks=4, dealer="Ann")
    )
    leave_night(db, night_id=night_id, player="ann")
    hand_writes.record_hand(db, night_id=night_id, hand=pick("Bob", "Fay", points=61, tricks=3))
    assert seated_players(db, night_id=night_id, hand=4) == ["Bob", "Cal", "Dee", "Eve", "Fay"]
    points = night_reads.cached_points(db, night_id=night_id)
    assert points[3] == {"Ann": 0, "Bob": 2, "Cal": -1, "Dee": -1, "Eve": -1, "Fay": 1}
    with pytest.raises(StorageError, match="already left"):
        leave_night(db, night_id=night_id, player="Ann")


def test_joining_earlier_rescores_the_hands_after(db: Database) -> None:
    night_id = start(db)
    with pytest.raises(InvalidNight, match="hand 2: dealer: missing"):
        join_night(db, night_id=night_id, player="Fay", from_hand=2)
    assert night_import.export_night(db, night_id=night_id)["players"] == FIVE  # nothing written


@given(
    st.lists(
        st.tuples(st.integers(1, 12), st.one_of(st.none(), st.integers(0, 12))),
        max_size=7,
    ),
    st.integers(0, 14),
)
def test_who_sits_for_each_hand_is_who_sits_for_that_hand(
    ranges: list[tuple[int, int | None]], count: int
) -> None:
    """A night's document asks once per seat change who sits (`seated_by_hand`), and
    each hand gets what asking for it alone (`seated_at`) gives."""
    seats = [
        Seat(player_id=i, name=f"P{i}", position=i, first_hand=first, last_hand=last)
        for i, (first, last) in enumerate(ranges)
    ]
    names = {s.player_id: s.name for s in seats}
    assert seated_by_hand(seats, names, count) == [
        seated_at(seats, names, number) for number in range(1, count + 1)
    ]
