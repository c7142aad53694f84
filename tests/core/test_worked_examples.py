"""Every Sheepshead worked example (`docs/rules/examples.md`), written as a score sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.document import load_night
from scorekeeper.settlement import settle
from tests.sheet import (
    FIVE,
    assert_sheet,
    leaster,
    misplay,
    night_doc,
    no_pick,
    pick,
    score_doc,
)

# The worked examples as night documents, with the points each hand must give; for the
# people who use the app, `docs/rules/examples.md` explains each one and is the reference.
# The file is a copy of the examples of the rules contract this app was written from.
# test_the_copy_of_the_examples_is_current compares it with the contract's own file
# (SHARED, in a `shared/` folder beside the checkout) and skips where that folder is
# absent, as in a plain clone.
EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "spec-examples.json"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "spec" / "examples.json"


def test_1_plain_win_picker_two_partner_one() -> None:
    result = assert_sheet(
        "classic-5",
        [pick("Bob", "Dee", points=74, tricks=4)],
        """
        Ann Bob Cal Dee Eve
         -1  +2  -1  +1  -1
    """,
    )
    assert result.hands[0].explanation == (
        "Bob and Dee took 74: a win. Bob +2, Dee +1, each defender -1."
    )


def test_2_schneider_at_91_but_not_at_90() -> None:
    assert_sheet(
        "classic-5",
        [
            pick("Bob", "Dee", points=91, tricks=4),
            pick("Bob", "Dee", points=90, tricks=4),
        ],
        """
        Ann Bob Cal Dee Eve
         -2  +4  -2  +2  -2
         -1  +2  -1  +1  -1
    """,
    )


def test_3_loss_at_31_schneidered_at_30() -> None:
    result = assert_sheet(
        "classic-5",
        [
            pick("Bob", "Dee", points=31, tricks=1),
            pick("Bob", "Dee", points=30, tricks=1),
        ],
        """
        Ann Bob Cal Dee Eve
         +1  -2  +1  -1  +1
         +2  -4  +2  -2  +2
    """,
    )
    assert result.hands[1].level == "schneider"
    assert result.hands[1].outcome == "loss"


def test_4_alone_with_every_trick() -> None:
    result = assert_sheet(
        "classic-5",
        [pick("Bob", points=120, tricks=6)],
        """
        Ann Bob Cal Dee Eve
         -3 +12  -3  -3  -3
    """,
    )
    assert result.hands[0].level == "no-trick"
    assert result.hands[0].explanation == (
        "Bob alone took every trick: no-trick. Bob +12, each defender -3."
    )


def test_5_no_trick_picker_pays_then_team_pays() -> None:
    hands = [pick("Bob", "Dee", points=11, tricks=0)]
    assert_sheet(
        "classic-5",
        hands,
        """
        Ann Bob Cal Dee Eve
         +3  -9  +3   0  +3
    """,
    )
    assert_sheet(
        {"preset": "classic-5", "no_trick_loss": "team"},
        hands,
        """
        Ann Bob Cal Dee Eve
         +3  -6  +3  -3  +3
    """,
    )


def test_6_a_crack_doubles_and_the_bump_doubles_a_loss() -> None:
    assert_sheet(
        "classic-5",
        [pick("Bob", "Dee", points=74, tricks=4, doublers=["crack"])],
        """
        Ann Bob Cal Dee Eve
         -2  +4  -2  +2  -2
    """,
    )
    result = assert_sheet(
        {"preset": "classic-5", "double_on_the_bump": True},
        [pick("Bob", "Dee", points=55, tricks=2)],
        """
        Ann Bob Cal Dee Eve
         +2  -4  +2  -2  +2
    """,
    )
    assert "doubled on the bump" in result.hands[0].explanation


def test_7_leaster_winner_takes_one_from_each() -> None:
    assert_sheet(
        "classic-5",
        [leaster("Cal")],
        """
        Ann Bob Cal Dee Eve
         -1  -1  +4  -1  -1
    """,
    )


def test_8_misplay_thrown_in() -> None:
    assert_sheet(
        "classic-5",
        [misplay("Eve")],
        """
        Ann Bob Cal Dee Eve
         +1  +1  +1  +1  -4
    """,
    )


def test_9_nobody_picked_queues_a_doubler_for_the_next_hand() -> None:
    result = assert_sheet(
        {"preset": "classic-5", "no_pick": "doubler"},
        [
            no_pick(),
            pick("Bob", "Dee", points=74, tricks=4),
        ],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
         -2  +4  -2  +2  -2
    """,
    )
    assert result.hands[0].doublers_pending == 1
    assert result.doublers_pending == 0


def test_10_six_seated_the_dealer_sits_out() -> None:
    assert_sheet(
        "classic-5",
        [pick("Bob", "Dee", points=74, tricks=4, dealer="Ann")],
        """
        Ann Bob Cal Dee Eve Fay
          0  +2  -1  +1  -1  -1
    """,
        players=[*FIVE, "Fay"],
    )


def test_11_settlement_in_three_payments() -> None:
    balances = {"Ann": -15, "Bob": 25, "Cal": -5, "Dee": 5, "Eve": -10}
    payments = settle(balances)
    assert len(payments) == 3
    assert {(p.payer, p.payee, p.cents) for p in payments} == {
        ("Ann", "Bob", 15),
        ("Eve", "Bob", 10),
        ("Cal", "Dee", 5),
    }


def test_12_sixty_sixty_doubles_the_next_hand() -> None:
    result = assert_sheet(
        {"preset": "classic-5", "sixty_doubles_next": True},
        [
            pick("Bob", "Dee", points=60, tricks=3),
            pick("Bob", "Dee", points=74, tricks=4),
        ],
        """
        Ann Bob Cal Dee Eve
         +1  -2  +1  -1  +1
         -2  +4  -2  +2  -2
    """,
    )
    first, second = result.hands
    assert (first.outcome, first.level, first.multiplier) == ("loss", "normal", 1)
    assert first.explanation == (
        "Bob and Dee took 60: a loss. Bob -2, Dee -1, each defender +1. "
        "60 to 60: a doubler is queued for the next hand."
    )
    assert first.summary == "Bob and Dee: 60 (3 tricks) loss (doubler)"
    assert [first.doublers_pending, second.doublers_pending] == [1, 0]
    assert second.explanation == (
        "Bob and Dee took 74: a win, doubled by a queued doubler. Bob +4, Dee +2, each defender -2."
    )
    assert result.total_cents == {"Ann": -5, "Bob": 10, "Cal": -5, "Dee": 5, "Eve": -5}


def test_13_the_loser_of_a_leaster_pays_everyone() -> None:
    result = assert_sheet(
        {"preset": "classic-5", "leaster_pay": "loser-pays"},
        [{"type": "leaster", "loser": "Bob"}],
        """
        Ann Bob Cal Dee Eve
         +1  -4  +1  +1  +1
    """,
    )
    assert result.hands[0].explanation == (
        "Bob took the most points and pays everyone in the leaster. Bob -4, everyone else +1."
    )
    assert result.total_cents == {"Ann": 5, "Bob": -20, "Cal": 5, "Dee": 5, "Eve": 5}


def test_16_a_leaster_with_a_second_winner() -> None:
    """Cal wins, Bob comes second: Cal two prices, Bob one, the other three pay one;
    after a queued doubler, twice that."""
    rules = {"preset": "classic-5", "leaster_second": True, "no_pick": "doubler"}
    result = assert_sheet(
        rules,
        [leaster("Cal", second="Bob"), no_pick(), leaster("Cal", second="Bob")],
        """
        Ann Bob Cal Dee Eve
         -1  +1  +2  -1  -1
          0   0   0   0   0
         -2  +2  +4  -2  -2
    """,
    )
    assert result.hands[0].explanation == (
        "Cal won the leaster and Bob came second. Cal +2, Bob +1, everyone else -1."
    )
    assert result.total_cents == {"Ann": -15, "Bob": 15, "Cal": 30, "Dee": -15, "Eve": -15}


@pytest.mark.parametrize(
    ("rules", "hand", "field", "words"),
    [
        ({"preset": "classic-5"}, leaster("Cal", second="Bob"), "second", "only under"),
        (
            {"preset": "classic-5", "leaster_second": True, "leaster_tie": "all-win"},
            leaster("Cal", "Dee", second="Bob"),
            "second",
            "not with a tie",
        ),
        (
            {"preset": "classic-5", "leaster_second": True},
            leaster("Cal", second="Cal"),
            "second",
            "is not the winner",
        ),
        (
            {"preset": "classic-5", "leaster_second": True},
            leaster(
                "Cal", second="Ann", points={"Ann": 40, "Bob": 20, "Cal": 10, "Dee": 30, "Eve": 20}
            ),
            "second",
            "next fewest points (Bob, Eve had 20)",
        ),
        (
            {"preset": "cutthroat-4", "leaster_second": True},
            leaster("Cal", second="Bob"),
            "rules.leaster_second",
            "where 5 play each hand; this night deals in 4",
        ),
    ],
)
def test_a_second_winner_the_rules_do_not_allow_is_refused_by_its_field(
    rules: dict, hand: dict, field: str, words: str
) -> None:
    players = ["Ann", "Bob", "Cal", "Dee"] if rules["preset"] == "cutthroat-4" else None
    _, problems = load_night(night_doc(rules, [hand], players))
    assert any(p.field.endswith(field) and words in p.message for p in problems), [
        str(p) for p in problems
    ]


def _sheepshead_examples() -> list[dict]:
    examples = json.loads(EXAMPLES.read_text(encoding="utf-8"))
    return [e for e in examples if e["name"].startswith("scoring.md")]


@pytest.mark.parametrize("example", _sheepshead_examples(), ids=lambda e: e["name"])
def test_examples_json(example: dict) -> None:
    """The examples file: every hand's points and the night's cents."""
    result = score_doc(example["night"])
    expect = example["expect"]
    assert [h.points for h in result.hands] == expect["points"]
    assert result.total_cents == expect["totals_cents"]
    if "doublers_pending" in expect:
        assert result.doublers_pending == expect["doublers_pending"]


@pytest.mark.skipif(not SHARED.exists(), reason="no shared/ folder beside this checkout")
def test_the_copy_of_the_examples_is_current() -> None:
    """The repository's copy still equals the contract's file (docs/rules/examples.md
    explains every example of it)."""
    assert json.loads(EXAMPLES.read_text("utf-8")) == json.loads(SHARED.read_text("utf-8"))


def test_a_second_winner_who_took_no_trick_is_refused_when_only_tricks_are_given() -> None:
    rules = {"preset": "classic-5", "leaster_second": True}
    tricks = {"Ann": 1, "Bob": 0, "Cal": 2, "Dee": 2, "Eve": 1}
    _, problems = load_night(night_doc(rules, [leaster("Cal", second="Bob", tricks=tricks)]))
    assert [(p.field, p.message) for p in problems] == [
        ("second", "Bob took no trick, and a leaster winner must take one")
    ], problems
