"""The result hand, at both games: a hand or a sitting known only by its scores
(`docs/rules/night-format.md`, "The result hand")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.cli import result_to_json
from scorekeeper.document import load_night, night_to_document
from scorekeeper.games import game_of
from scorekeeper.night import score_night
from scorekeeper.stats import HandFact, HandOutcome, outcome_counts, player_statistics
from tests.sheet import FIVE, assert_sheet, night_doc, no_pick, pick

FOUR = FIVE[:4]


def result(points: dict[str, int], **extra: Any) -> dict[str, Any]:
    return {"type": "result", "points": points, **extra}


def test_14_a_result_scores_exactly_its_points() -> None:
    night = assert_sheet(
        {"preset": "classic-5", "stake_cents": 25},
        [result({"Ann": 5, "Bob": -3, "Cal": -2}, hands=3)],
        """
        Ann Bob Cal Dee Eve
         +5  -3  -2   0   0
    """,
    )
    hand = night.hands[0]
    assert night.total_cents == {"Ann": 125, "Bob": -75, "Cal": -50, "Dee": 0, "Eve": 0}
    assert (hand.outcome, hand.level, hand.multiplier, hand.hands) == ("result", "normal", 1, 3)
    assert hand.explanation == (
        "A result (3 hands), scored as recorded: Ann +5, Bob -3, Cal -2, everyone else 0."
    )
    assert hand.summary == "Result: Ann +5, Bob -3, Cal -2 (3 hands)"
    assert (hand.game, hand.alone, hand.declarers) == ("result", None, ())
    assert hand.roles == dict.fromkeys(FIVE, "played")
    assert json.loads(json.dumps(result_to_json(night)))["hands"][0]["outcome"] == "result"


def test_a_result_touches_no_doubler_waiting() -> None:
    night = assert_sheet(
        {"preset": "classic-5", "no_pick": "doubler", "sixty_doubles_next": True},
        [
            no_pick(),
            result({"Ann": 40, "Eve": -40}, hands=20, note="the 2013 sheet"),
            pick("Bob", "Dee", points=60, tricks=3),
            result({"Ann": -1, "Bob": 1}),
            pick("Bob", "Dee", points=74, tricks=4),
            pick("Bob", "Dee", points=74, tricks=4),
        ],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
        +40   0   0   0 -40
         +2  -4  +2  -2  +2
         -1  +1   0   0   0
         -2  +4  -2  +2  -2
         -1  +2  -1  +1  -1
    """,
    )
    assert [h.doublers_pending for h in night.hands] == [1, 1, 1, 1, 0, 0]
    assert [h.hands for h in night.hands] == [1, 20, 1, 1, 1, 1]


def test_a_schafkopf_result_takes_no_bock_hand_and_leaves_the_pot_alone() -> None:
    rules = {"preset": "schafkopf", "all_pass": "pot", "bock_after": ["schwarz"], "bock_hands": 1}
    call = {"type": "call", "declarer": "Ann", "partners": ["Cal"]}
    night = assert_sheet(
        rules,
        [
            {"type": "pass"},
            {**call, "points": 120, "tricks": 8},  # won schwarz: the pot, and a Bock hand
            {"type": "pass"},
            result({"Bob": 100, "Dee": -100}),
            {**call, "points": 75, "tricks": 5},  # the Bock hand: doubled, and the pot
        ],
        """
        Ann  Bob  Cal  Dee
        -20  -20  -20  -20
        +120 -40  +40  -40
        -20  -20  -20  -20
          0 +100    0 -100
        +120 -40  +40  -40
    """,
        players=FOUR,
    )
    assert [h.pot for h in night.hands] == [80, 0, 80, 80, 0]
    assert [h.bock_pending for h in night.hands] == [0, 1, 1, 1, 0]
    assert night.hands[3].pot_change == 0


def test_a_result_survives_the_document_round_trip() -> None:
    hand = {
        "type": "result",
        "dealer": "Ann",
        "points": {"Ann": 12, "Bob": -7, "Cal": -5},
        "hands": 14,
        "note": "from the 2013 sheet",
    }
    for rules, players in (("classic-5", FIVE), ("schafkopf", FOUR)):
        night, problems = load_night(night_doc(rules, [hand], players))
        assert night is not None, problems
        assert night_to_document(night)["hands"] == [hand]
        cells = game_of(night.rules).report_cells(night.hands[0], _scored(night))
        assert cells == ("result", "", "", "", "14 hands")


def _scored(night: Any) -> Any:
    return score_night(night).hands[0]


def test_a_result_of_one_hand_leaves_out_its_count() -> None:
    night, _ = load_night(night_doc("classic-5", [result({"Ann": 2, "Bob": -2}, hands=1)]))
    assert night is not None
    assert night_to_document(night)["hands"] == [
        {"type": "result", "points": {"Ann": 2, "Bob": -2}}
    ]


@pytest.mark.parametrize(
    ("why", "hand", "players", "field", "words"),
    [
        ("not zero-sum", result({"Ann": 5, "Bob": -3}), FIVE, "points", "add up to +2, not 0"),
        (
            "a player who sits out",
            result({"Ann": 5, "Fay": -5}, dealer="Fay"),
            [*FIVE, "Fay"],
            "points",
            "Fay sits out this hand",
        ),
        ("a fraction", result({"Ann": 2.5, "Bob": -2.5}), FIVE, "points.Ann", "not a whole number"),
        ("points as text", result({"Ann": "5", "Bob": -5}), FIVE, "points.Ann", "not a whole"),
        ("a name not seated", result({"Zed": 5, "Bob": -5}), FIVE, "points", "'Zed' is not seated"),
        ("a player twice", result({"Ann": 5, "ann": -5}), FIVE, "points.ann", "named twice"),
        ("no points", {"type": "result"}, FIVE, "points", "missing"),
        ("points not a map", result([5, -5]), FIVE, "points", "must map each player"),
        ("no hands", result({"Ann": 1, "Bob": -1}, hands=0), FIVE, "hands", "not between 1"),
        ("hands as text", result({"Ann": 1, "Bob": -1}, hands="3"), FIVE, "hands", "whole"),
        (
            "too many",
            result({"Ann": 10**13, "Bob": -(10**13)}),
            FIVE,
            "points.Ann",
            "more than Scorekeeper keeps",
        ),
        ("a doubler", result({"Ann": 1, "Bob": -1}, doublers=1), FIVE, "doublers", "nothing"),
        ("the last hand", result({"Ann": 1, "Bob": -1}, last_hand=True), FIVE, "last_hand", ""),
        ("a misplay", result({"Ann": 1, "Bob": -1}, misplays=["Cal"]), FIVE, "misplays", ""),
        ("a field of its own", result({"Ann": 1, "Bob": -1}, winner="Ann"), FIVE, "winner", ""),
    ],
)
def test_a_result_that_cannot_be_is_refused_naming_the_hand_and_field(
    why: str, hand: dict[str, Any], players: list[str], field: str, words: str
) -> None:
    for rules in ("classic-5", "schafkopf"):
        seats = players if rules == "classic-5" else [p for p in players if p != "Eve"]
        night, problems = load_night(night_doc(rules, [hand], seats))
        assert night is None, why
        assert (problems[0].hand, problems[0].field) == (1, field), (why, problems)
        assert words in problems[0].message, (why, problems)


def test_statistics_count_a_result_only_in_points_money_nights_and_hands() -> None:
    def fact(number: int, role: str, outcome: str, points: int, hands: int = 1) -> HandFact:
        return HandFact(
            1,
            "2026-10-01",
            number,
            "Ann",
            role,
            outcome,
            "normal",
            None,
            points,
            points * 5,
            hands=hands,
        )

    facts = [
        fact(1, "picker", "win", 2),
        fact(2, "played", "result", 40, hands=20),
        fact(3, "defender", "loss", 1),
        fact(4, "played", "result", -9, hands=5),
        fact(5, "defender", "win", -1),
    ]
    stats = player_statistics("Ann", facts)
    assert (stats.nights, stats.hands, stats.points, stats.cents) == (1, 28, 33, 165)
    assert (stats.picker.hands, stats.defender.hands, stats.leasters.hands) == (1, 2, 0)
    assert (stats.longest_winning_streak, stats.longest_losing_streak) == (2, 1)
    counts = outcome_counts(
        [
            HandOutcome("win", "normal", "alone", alone=True),
            HandOutcome("result", "normal", None, hands=20),
        ]
    )
    assert counts == {"hands": 21, "picked": 1, "picker won": 1, "went alone": 1}
