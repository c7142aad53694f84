"""A night is valid on every path that reaches scoring: `load_night` checks it once
(`validation.check_night`), and `score_night` checks any night not proved so."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.document import load_night
from scorekeeper.games.sheepshead.hands import PickHand
from scorekeeper.night import score_night
from scorekeeper.problems import InvalidNight
from scorekeeper.records import Night
from scorekeeper.validation import CheckedNight, check_night, is_checked

DOCUMENT = {
    "format": "sheepshead-night/1",
    "rules": "classic-5",
    "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
    "hands": [{"type": "pick", "picker": "Bob", "partners": ["Dee"], "points": 74, "tricks": 4}],
}
# Bob picked and took more tricks than a hand has: a hand no table could play.
TOO_MANY_TRICKS = PickHand(picker="Bob", partners=("Dee",), points=74, tricks=7)


def test_a_loaded_night_comes_checked_and_scores() -> None:
    night, problems = load_night(DOCUMENT)
    assert not problems and night is not None and is_checked(night)
    assert score_night(night).total_points == {"Ann": -1, "Bob": 2, "Cal": -1, "Dee": 1, "Eve": -1}


def test_a_checked_night_changed_by_replace_is_checked_where_it_is_scored() -> None:
    night, _ = load_night(DOCUMENT)
    assert night is not None
    changed = dataclasses.replace(night, hands=(TOO_MANY_TRICKS,))
    assert isinstance(changed, CheckedNight) and not is_checked(changed)
    with pytest.raises(InvalidNight) as raised:
        score_night(changed)
    assert [(p.hand, p.field) for p in raised.value.problems] == [(1, "tricks")]


def test_a_night_of_the_checked_class_made_directly_is_not_taken_as_checked() -> None:
    night, _ = load_night(DOCUMENT)
    assert night is not None
    made = CheckedNight(night.rules, ("Ann", "Bob", "Cal"))
    assert not is_checked(made)
    with pytest.raises(InvalidNight):  # classic-5 deals five in: three seated cannot play
        score_night(made)


def test_check_night_proves_only_a_valid_night() -> None:
    night, _ = load_night(DOCUMENT)
    assert night is not None
    plain = Night(night.rules, night.players, (TOO_MANY_TRICKS,))
    assert not is_checked(plain)
    checked, problems = check_night(plain)
    assert checked is None and [p.field for p in problems] == ["tricks"]
    again, problems = check_night(Night(night.rules, night.players, night.hands))
    assert not problems and again is not None and is_checked(again) and again == night
