"""A required field left blank is a problem marked `missing` (the entry form says it
only once a save was tried, and lists it as still to type); a field given wrongly is
not.  The mark, never the words of the message, tells them apart: the words are in the
user's language."""

from __future__ import annotations

from typing import Any

from scorekeeper.document import load_night
from scorekeeper.problems import Problem
from tests.sheet import night_doc

SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]


def problems(rules: Any, hands: list[dict[str, Any]], **night: Any) -> list[Problem]:
    doc = {**night_doc(rules, hands, players=night.pop("players", None)), **night}
    loaded, found = load_night(doc)
    assert loaded is None
    return found


def marks(found: list[Problem]) -> list[tuple[int | None, str, bool]]:
    return [(p.hand, p.field, p.missing) for p in found]


def test_a_blank_field_is_missing_and_a_wrong_one_is_not() -> None:
    hands = [
        {"type": "pick", "partners": [], "points": 61, "tricks": 3},  # no picker
        {"type": "pick", "picker": "Zed", "partners": [], "points": 61, "tricks": 3},
        {"type": "pick", "picker": "Ann", "partners": [], "tricks": 3},  # no points
        {"type": "pick", "picker": "Ann", "partners": [], "points": "lots", "tricks": 3},
        {"type": "leaster"},  # no winner
        {"type": "result"},  # no points
    ]
    assert marks(problems("classic-5", hands)) == [
        (1, "picker", True),
        (2, "picker", False),
        (3, "points", True),
        (4, "points", False),
        (5, "winner", True),
        (6, "points", True),
    ]


def test_the_mark_is_kept_by_the_checks_after_reading() -> None:
    """Six seated at a five-handed table: the dealer sits out and must be named."""
    hand = {"type": "leaster", "winner": "Ann"}
    assert marks(problems("classic-5", [hand], players=SIX)) == [(1, "dealer", True)]
    loser_pays = {"preset": "classic-5", "leaster_pay": "loser-pays"}
    assert marks(problems(loser_pays, [{"type": "leaster"}])) == [(1, "loser", True)]


def test_a_night_missing_its_preset_or_a_payments_amount() -> None:
    assert marks(problems({}, [])) == [(None, "rules.preset", True)]
    payment = {"from": "Ann", "to": "Bob"}
    found = problems("classic-5", [], payments=[payment])
    assert [(p.field.endswith(".cents"), p.missing) for p in found] == [(True, True)]
