"""The night machinery under each house rule: doublers, caps, ties, misplays, partners."""

from __future__ import annotations

from scorekeeper.document import load_night, night_to_document
from tests.sheet import FIVE, assert_sheet, leaster, misplay, night_doc, no_pick, pick

DOUBLER = {"preset": "classic-5", "no_pick": "doubler"}


def test_queued_doublers_stack_one_a_hand() -> None:
    result = assert_sheet(
        DOUBLER,
        [
            no_pick(),
            no_pick(),
            pick("Bob", "Dee", points=74, tricks=4),
            pick("Bob", "Dee", points=74, tricks=4),
            pick("Bob", "Dee", points=74, tricks=4),
        ],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
          0   0   0   0   0
         -2  +4  -2  +2  -2
         -2  +4  -2  +2  -2
         -1  +2  -1  +1  -1
    """,
    )
    assert [h.doublers_pending for h in result.hands] == [1, 2, 1, 0, 0]


def test_queued_doublers_multiply_all_on_the_next_hand() -> None:
    assert_sheet(
        {**DOUBLER, "doubler_stack": "multiply"},
        [
            no_pick(),
            no_pick(),
            pick("Bob", "Dee", points=74, tricks=4),
            pick("Bob", "Dee", points=74, tricks=4),
        ],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
          0   0   0   0   0
         -4  +8  -4  +4  -4
         -1  +2  -1  +1  -1
    """,
    )


def test_a_leaster_takes_a_queued_doubler_but_a_misplay_hand_does_not() -> None:
    assert_sheet(
        DOUBLER,
        [no_pick(), misplay("Eve"), leaster("Cal")],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
         +1  +1  +1  +1  -4
         -2  -2  +8  -2  -2
    """,
    )


def test_no_pick_under_leaster_rule_is_a_redeal_that_queues_nothing() -> None:
    result = assert_sheet(
        "classic-5",
        [no_pick(), pick("Bob", "Dee", points=74, tricks=4)],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
         -1  +2  -1  +1  -1
    """,
    )
    assert result.doublers_pending == 0


def test_doublers_on_a_no_pick_hand_change_nothing() -> None:
    result = assert_sheet(
        DOUBLER,
        [no_pick(doublers=2, last_hand=True)],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
    """,
    )
    assert result.hands[0].multiplier == 1


SIXTY = {"preset": "classic-5", "sixty_doubles_next": True}


def test_sixty_sixty_queues_nothing_unless_the_house_says_so() -> None:
    result = assert_sheet(
        "classic-5",
        [pick("Bob", "Dee", points=60, tricks=3), pick("Bob", "Dee", points=74, tricks=4)],
        """
        Ann Bob Cal Dee Eve
         +1  -2  +1  -1  +1
         -1  +2  -1  +1  -1
    """,
    )
    assert [h.doublers_pending for h in result.hands] == [0, 0]
    assert "doubler" not in result.hands[0].explanation


def test_only_exactly_sixty_queues_a_doubler() -> None:
    result = assert_sheet(
        SIXTY,
        [
            pick("Bob", "Dee", points=59, tricks=3),
            pick("Bob", "Dee", points=61, tricks=3),
            pick("Bob", "Dee", points=74, tricks=4),
        ],
        """
        Ann Bob Cal Dee Eve
         +1  -2  +1  -1  +1
         -1  +2  -1  +1  -1
         -1  +2  -1  +1  -1
    """,
    )
    assert [h.doublers_pending for h in result.hands] == [0, 0, 0]


def test_a_sixty_sixty_doubler_joins_the_queue_of_the_no_picks() -> None:
    """A 60-60 hand first takes a doubler waiting for it (it is a picked hand), then
    queues its own; under `multiply` the next hand takes the whole queue."""
    hands = [
        no_pick(),
        pick("Bob", "Dee", points=60, tricks=3),
        no_pick(),
        pick("Bob", "Dee", points=74, tricks=4),
        pick("Bob", "Dee", points=74, tricks=4),
    ]
    stacked = assert_sheet(
        {**SIXTY, "no_pick": "doubler"},
        hands,
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
         +2  -4  +2  -2  +2
          0   0   0   0   0
         -2  +4  -2  +2  -2
         -2  +4  -2  +2  -2
    """,
    )
    assert [h.doublers_pending for h in stacked.hands] == [1, 1, 2, 1, 0]
    assert stacked.hands[1].explanation == (
        "Bob and Dee took 60: a loss, doubled by a queued doubler. Bob -4, Dee -2, "
        "each defender +2. 60 to 60: a doubler is queued for the next hand."
    )
    multiplied = assert_sheet(
        {**SIXTY, "no_pick": "doubler", "doubler_stack": "multiply"},
        hands,
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
         +2  -4  +2  -2  +2
          0   0   0   0   0
         -4  +8  -4  +4  -4
         -1  +2  -1  +1  -1
    """,
    )
    assert [h.doublers_pending for h in multiplied.hands] == [1, 1, 2, 0, 0]


def test_the_sixty_sixty_sentence_counts_the_doublers_waiting() -> None:
    result = assert_sheet(
        {**SIXTY, "no_pick": "doubler"},
        [no_pick(), no_pick(), pick("Bob", "Dee", points=60, tricks=3)],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
          0   0   0   0   0
         +2  -4  +2  -2  +2
    """,
    )
    assert result.hands[2].explanation.endswith("60 to 60: a doubler is queued (2 waiting).")
    assert result.doublers_pending == 2


def test_a_sixty_sixty_doubler_waits_through_misplays_for_a_leaster() -> None:
    result = assert_sheet(
        SIXTY,
        [
            pick("Bob", "Dee", points=60, tricks=3),
            pick("Bob", "Dee", points=60, tricks=2),
            misplay("Eve"),
            leaster("Cal"),
        ],
        """
        Ann Bob Cal Dee Eve
         +1  -2  +1  -1  +1
         +2  -4  +2  -2  +2
         +1  +1  +1  +1  -4
         -2  -2  +8  -2  -2
    """,
    )
    assert [h.doublers_pending for h in result.hands] == [1, 1, 1, 0]


def test_events_multiply_and_the_cap_holds() -> None:
    hand = pick("Bob", "Dee", points=91, tricks=4, doublers=["crack", "re-crack"], last_hand=True)
    result = assert_sheet(
        "classic-5",
        [hand],
        """
        Ann Bob Cal Dee Eve
        -16 +32 -16 +16 -16
    """,
    )
    assert result.hands[0].multiplier == 8
    capped = assert_sheet(
        {"preset": "classic-5", "max_multiplier": 4},
        [hand],
        """
        Ann Bob Cal Dee Eve
         -8 +16  -8  +8  -8
    """,
    )
    assert "capped" in capped.hands[0].explanation


def test_the_last_hand_is_not_doubled_when_the_house_says_no() -> None:
    assert_sheet(
        {"preset": "classic-5", "last_hand_doubler": False},
        [pick("Bob", "Dee", points=74, tricks=4, last_hand=True)],
        """
        Ann Bob Cal Dee Eve
         -1  +2  -1  +1  -1
    """,
    )


def test_explanation_of_a_doubled_schneider_reads_like_the_table() -> None:
    result = assert_sheet(
        "classic-5",
        [pick("Bob", "Dee", points=91, tricks=5, doublers=["crack"])],
        """
        Ann Bob Cal Dee Eve
         -4  +8  -4  +4  -4
    """,
    )
    assert result.hands[0].explanation == (
        "Bob and Dee took 91: schneider, doubled by a crack. Bob +8, Dee +4, each defender -4."
    )


def test_a_misplay_on_a_played_hand_is_added_and_not_multiplied() -> None:
    assert_sheet(
        "classic-5",
        [pick("Bob", "Dee", points=74, tricks=4, doublers=1, misplays=["Eve"])],
        """
        Ann Bob Cal Dee Eve
         -1  +5  -1  +3  -6
    """,
    )


def test_a_misplay_is_multiplied_when_the_house_says_so() -> None:
    assert_sheet(
        {"preset": "classic-5", "misplay_multiplied": True, "misplay_units": 2},
        [misplay("Eve", doublers=1)],
        """
        Ann Bob Cal Dee Eve
         +4  +4  +4  +4 -16
    """,
    )


def test_two_misplayers_each_pay_everyone_else() -> None:
    assert_sheet(
        "classic-5",
        [misplay("Eve", "Ann")],
        """
        Ann Bob Cal Dee Eve
         -3  +2  +2  +2  -3
    """,
    )


def test_leaster_tie_all_win_and_void() -> None:
    assert_sheet(
        {"preset": "classic-5", "leaster_tie": "all-win"},
        [leaster("Ann", "Cal")],
        """
        Ann Bob Cal Dee Eve
         +3  -2  +3  -2  -2
    """,
    )
    result = assert_sheet(
        {"preset": "classic-5", "leaster_tie": "void"},
        [leaster("Ann", "Cal")],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
    """,
    )
    assert result.hands[0].explanation == "Ann and Cal tied for the leaster: nobody pays."


LOSER_PAYS = {"preset": "classic-5", "leaster_pay": "loser-pays"}


def test_a_loser_pays_leaster_is_doubled_and_checked_against_the_points() -> None:
    result = assert_sheet(
        {**LOSER_PAYS, "leaster_units": 2, "no_pick": "doubler"},
        [
            no_pick(),
            {
                "type": "leaster",
                "loser": "Dee",
                "points": {"Ann": 30, "Bob": 21, "Cal": 12, "Dee": 57, "Eve": 0},
                "tricks": {"Ann": 2, "Bob": 1, "Cal": 1, "Dee": 2, "Eve": 0},
                "doublers": ["crack"],
            },
        ],
        """
        Ann Bob Cal Dee Eve
          0   0   0   0   0
         +8  +8  +8 -32  +8
    """,
    )
    hand = result.hands[1]
    assert hand.explanation == (
        "Dee took the most points and pays everyone in the leaster, x4 by a crack and a "
        "queued doubler. Dee -32, everyone else +8."
    )
    assert (hand.outcome, hand.summary, hand.game) == ("leaster", "Leaster: Dee pays", "leaster")
    assert hand.roles == dict.fromkeys(FIVE, "leaster")  # nobody won it: Dee lost it


def test_a_tie_for_the_most_is_the_table_s_and_the_loser_need_not_take_a_trick() -> None:
    assert_sheet(
        LOSER_PAYS,
        [
            {
                "type": "leaster",
                "loser": "Eve",
                "points": {"Ann": 40, "Bob": 20, "Cal": 20, "Dee": 0, "Eve": 40},
            },
            {
                "type": "leaster",
                "loser": "Ann",
                "points": {"Ann": 40, "Bob": 20, "Cal": 20, "Dee": 0, "Eve": 40},
                "tricks": {"Ann": 0, "Bob": 2, "Cal": 2, "Dee": 1, "Eve": 1},
            },
        ],
        """
        Ann Bob Cal Dee Eve
         +1  +1  +1  +1  -4
         -4  +1  +1  +1  +1
    """,
    )


def test_a_loser_pays_leaster_survives_the_document_round_trip() -> None:
    hand = {"type": "leaster", "loser": "Bob", "points": {p: 24 for p in FIVE}}
    night, problems = load_night(night_doc(LOSER_PAYS, [hand]))
    assert night is not None, problems
    assert night_to_document(night)["hands"] == [hand]


def test_a_leaster_with_points_and_tricks_is_accepted_when_they_agree() -> None:
    assert_sheet(
        "classic-5",
        [
            leaster(
                "Cal",
                points={"Ann": 30, "Bob": 41, "Cal": 12, "Dee": 37, "Eve": 0},
                tricks={"Ann": 2, "Bob": 2, "Cal": 1, "Dee": 1, "Eve": 0},
            )
        ],
        """
        Ann Bob Cal Dee Eve
         -1  -1  +4  -1  -1
    """,
    )


def test_partner_units_and_double_on_the_bump_together() -> None:
    assert_sheet(
        "penny",
        [pick("Bob", "Dee", points=40, tricks=2)],
        """
        Ann Bob Cal Dee Eve
         +2  -4  +2  -2  +2
    """,
    )
    assert_sheet(
        {"preset": "classic-5", "partner_units": 2},
        [pick("Bob", "Dee", points=74, tricks=4)],
        """
        Ann Bob Cal Dee Eve
         -1  +1  -1  +2  -1
    """,
    )


def test_cutthroat_picker_against_three() -> None:
    assert_sheet(
        "cutthroat-4",
        [pick("Ann", points=61, tricks=3)],
        """
        Ann Bob Cal Dee
         +3  -1  -1  -1
    """,
        players=["Ann", "Bob", "Cal", "Dee"],
    )


def test_seven_seated_five_dealt_two_named_sit_out() -> None:
    players = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus"]
    assert_sheet(
        "classic-5",
        [pick("Bob", "Dee", points=74, tricks=4, dealer="Ann", sitting_out=["Ann", "Gus"])],
        """
        Ann Bob Cal Dee Eve Fay Gus
          0  +2  -1  +1  -1  -1   0
    """,
        players=players,
    )


def test_money_is_points_times_the_stake_and_settles() -> None:
    result = assert_sheet(
        {"preset": "classic-5", "stake_cents": 25},
        [
            pick("Bob", "Dee", points=74, tricks=4),
            leaster("Cal"),
        ],
        """
        Ann Bob Cal Dee Eve
         -1  +2  -1  +1  -1
         -1  -1  +4  -1  -1
    """,
    )
    assert result.total_cents == {"Ann": -50, "Bob": 25, "Cal": 75, "Dee": 0, "Eve": -50}
    assert result.running_points()[-1] == result.total_points
    assert len(result.settlement) == 3
