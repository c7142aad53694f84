"""Bavarian Schafkopf scored exactly as `docs/rules/schafkopf.md` says.

Ann declares in every game below, and Cal is her partner in a call game.  Each row of
the payout table asserts every player's amount, so a wrong sign, a wrong partner share
or a missed extra fails it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import result_to_json
from scorekeeper.document import load_night, night_to_document
from scorekeeper.games import game_named, parse_rules, preset_rules
from scorekeeper.results import POT
from tests.sheet import assert_sheet, night_doc, score_doc

FOUR = ["Ann", "Bob", "Cal", "Dee"]
EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "spec-examples.json"


def call(points: int, tricks: int, **extra: Any) -> dict[str, Any]:
    """Ann's call game with Cal."""
    return {
        "type": "call",
        "declarer": "Ann",
        "partners": ["Cal"],
        "points": points,
        "tricks": tricks,
        **extra,
    }


def solo(game: str, points: int, tricks: int, **extra: Any) -> dict[str, Any]:
    """Ann's solo of the given kind."""
    return {
        "type": "solo",
        "game": game,
        "declarer": "Ann",
        "points": points,
        "tricks": tricks,
        **extra,
    }


def ramsch(points: list[int], tricks: list[int], **extra: Any) -> dict[str, Any]:
    """A Ramsch with Ann's, Bob's, Cal's and Dee's points and tricks in seat order."""
    return {
        "type": "ramsch",
        "points": dict(zip(FOUR, points, strict=True)),
        "tricks": dict(zip(FOUR, tricks, strict=True)),
        **extra,
    }


def null(tricks: int, **extra: Any) -> dict[str, Any]:
    return {"type": "null", "declarer": "Ann", "tricks": tricks, **extra}


def sheet(rules: Any, hands: list[dict[str, Any]], text: str) -> Any:
    return assert_sheet(rules, hands, text, players=FOUR)


RAMSCH = {"preset": "schafkopf", "all_pass": "ramsch"}

# (what the row shows, rules, hand, "Ann Bob Cal Dee" amounts)
PAYOUTS: list[tuple[str, Any, dict[str, Any], str]] = [
    # Call games at the boundaries: 60/61, 90/91, 30/31, every trick, no trick
    ("call won at 61", "schafkopf", call(61, 4), "+20 -20 +20 -20"),
    ("call lost at 60 (60:60 goes to the defenders)", "schafkopf", call(60, 4), "-20 +20 -20 +20"),
    ("call won at 90, no Schneider", "schafkopf", call(90, 6), "+20 -20 +20 -20"),
    ("call won Schneider at 91", "schafkopf", call(91, 6), "+30 -30 +30 -30"),
    ("call lost at 31, no Schneider", "schafkopf", call(31, 2), "-20 +20 -20 +20"),
    ("call lost Schneider at 30", "schafkopf", call(30, 2), "-30 +30 -30 +30"),
    ("call won Schwarz", "schafkopf", call(120, 8), "+40 -40 +40 -40"),
    ("call lost Schwarz", "schafkopf", call(0, 0), "-40 +40 -40 +40"),
    (
        "call, 2 Laufende: one below the minimum",
        "schafkopf",
        call(75, 5, laufende=2),
        "+20 -20 +20 -20",
    ),
    ("call, 3 Laufende: at the minimum", "schafkopf", call(75, 5, laufende=3), "+50 -50 +50 -50"),
    ("call, one knock", "schafkopf", call(75, 5, knocks=1), "+40 -40 +40 -40"),
    ("call, two knocks", "schafkopf", call(75, 5, knocks=2), "+80 -80 +80 -80"),
    ("call, Kontra", "schafkopf", call(75, 5, kontra=1), "+40 -40 +40 -40"),
    ("call, Kontra and Re", "schafkopf", call(75, 5, kontra=2), "+80 -80 +80 -80"),
    (
        "call Schneider, 4 Laufende, Kontra and Re",
        "schafkopf",
        call(91, 6, laufende=4, kontra=2),
        "+280 -280 +280 -280",
    ),
    (
        "call lost Schneider, defenders' 3 Laufende",
        "schafkopf",
        call(30, 2, laufende=3),
        "-60 +60 -60 +60",
    ),
    (
        "call lost, a knock and Kontra",
        "schafkopf",
        call(60, 4, knocks=1, kontra=1),
        "-80 +80 -80 +80",
    ),
    ("call at the club tariff", "schafkopf-10-50", call(75, 5), "+10 -10 +10 -10"),
    (
        "call at the club tariff, Schneider, 3 Laufende",
        "schafkopf-10-50",
        call(95, 6, laufende=3),
        "+50 -50 +50 -50",
    ),
    # Farbsolo
    ("solo won at 61", "schafkopf", solo("solo", 61, 4), "+150 -50 -50 -50"),
    ("solo lost at 60", "schafkopf", solo("solo", 60, 4), "-150 +50 +50 +50"),
    ("solo won at 90", "schafkopf", solo("solo", 90, 5), "+150 -50 -50 -50"),
    ("solo won Schneider at 91", "schafkopf", solo("solo", 91, 5), "+180 -60 -60 -60"),
    ("solo lost at 31", "schafkopf", solo("solo", 31, 2), "-150 +50 +50 +50"),
    ("solo lost Schneider at 30", "schafkopf", solo("solo", 30, 2), "-180 +60 +60 +60"),
    ("solo won Schwarz", "schafkopf", solo("solo", 120, 8), "+210 -70 -70 -70"),
    (
        "solo, 2 Laufende: below the minimum",
        "schafkopf",
        solo("solo", 61, 4, laufende=2),
        "+150 -50 -50 -50",
    ),
    ("solo, 3 Laufende", "schafkopf", solo("solo", 61, 4, laufende=3), "+240 -80 -80 -80"),
    ("solo, one knock", "schafkopf", solo("solo", 61, 4, knocks=1), "+300 -100 -100 -100"),
    (
        "solo, two knocks and Kontra",
        "schafkopf",
        solo("solo", 61, 4, knocks=2, kontra=1),
        "+1200 -400 -400 -400",
    ),
    # Wenz and Geier: Laufende count from 2
    (
        "Wenz, 1 Laufender: below the minimum",
        "schafkopf",
        solo("wenz", 61, 4, laufende=1),
        "+150 -50 -50 -50",
    ),
    ("Wenz, 2 Laufende", "schafkopf", solo("wenz", 61, 4, laufende=2), "+210 -70 -70 -70"),
    (
        "Wenz Schneider, 4 Laufende",
        "schafkopf",
        solo("wenz", 91, 6, laufende=4),
        "+300 -100 -100 -100",
    ),
    ("Wenz lost at 60", "schafkopf", solo("wenz", 60, 4), "-150 +50 +50 +50"),
    (
        "Wenz lost Schneider with 2 Laufende",
        "schafkopf",
        solo("wenz", 30, 2, laufende=2),
        "-240 +80 +80 +80",
    ),
    (
        "Wenz Schwarz, 3 Laufende, Kontra",
        "schafkopf",
        solo("wenz", 120, 8, laufende=3, kontra=1),
        "+600 -200 -200 -200",
    ),
    ("Geier, 1 Laufender", "schafkopf", solo("geier", 61, 5, laufende=1), "+150 -50 -50 -50"),
    ("Geier, 2 Laufende", "schafkopf", solo("geier", 61, 5, laufende=2), "+210 -70 -70 -70"),
    (
        "Geier lost at 31 with 2 Laufende",
        "schafkopf",
        solo("geier", 31, 2, laufende=2),
        "-210 +70 +70 +70",
    ),
    (
        "Geier Schneider, one knock",
        "schafkopf",
        solo("geier", 91, 6, knocks=1),
        "+360 -120 -120 -120",
    ),
    (
        "Farbwenz, 2 Laufende: below its minimum of 3",
        "schafkopf",
        solo("farbwenz", 61, 4, laufende=2),
        "+150 -50 -50 -50",
    ),
    ("Farbwenz, 3 Laufende", "schafkopf", solo("farbwenz", 61, 4, laufende=3), "+240 -80 -80 -80"),
    # Tout and Sie: the factor, no Schneider or Schwarz extra
    ("Tout won", "schafkopf", solo("solo", 120, 8, tout=True), "+300 -100 -100 -100"),
    (
        "Tout lost with 7 tricks",
        "schafkopf",
        solo("solo", 110, 7, tout=True),
        "-300 +100 +100 +100",
    ),
    (
        "Tout, 2 Laufende: below the minimum",
        "schafkopf",
        solo("solo", 120, 8, tout=True, laufende=2),
        "+300 -100 -100 -100",
    ),
    (
        "Tout, 3 Laufende",
        "schafkopf",
        solo("solo", 120, 8, tout=True, laufende=3),
        "+480 -160 -160 -160",
    ),
    (
        "Wenz Tout, 2 Laufende",
        "schafkopf",
        solo("wenz", 120, 8, tout=True, laufende=2),
        "+420 -140 -140 -140",
    ),
    (
        "Tout with Kontra",
        "schafkopf",
        solo("solo", 120, 8, tout=True, kontra=1),
        "+600 -200 -200 -200",
    ),
    (
        "Sie, 8 Laufende",
        "schafkopf",
        solo("solo", 120, 8, sie=True, laufende=8),
        "+1560 -520 -520 -520",
    ),
    # Auction bids: one more than the bid; Schneider unchanged
    ("bid 80, took 80: lost", "schafkopf", solo("solo", 80, 5, bid=80), "-150 +50 +50 +50"),
    (
        "bid 90, took 91: won Schneider",
        "schafkopf",
        solo("solo", 91, 6, bid=90),
        "+180 -60 -60 -60",
    ),
    ("bid 120, took 119: lost", "schafkopf", solo("solo", 119, 7, bid=120), "-150 +50 +50 +50"),
    ("bid 120, took 120", "schafkopf", solo("solo", 120, 8, bid=120), "+210 -70 -70 -70"),
    ("call bid 70, took 71", "schafkopf", call(71, 5, bid=70), "+20 -20 +20 -20"),
    ("call bid 70, took 70: lost", "schafkopf", call(70, 5, bid=70), "-20 +20 -20 +20"),
    # Null
    ("Null won", "schafkopf", null(0), "+90 -30 -30 -30"),
    ("Null lost with one trick", "schafkopf", null(1), "-90 +30 +30 +30"),
    ("Null, a knock and Kontra", "schafkopf", null(0, knocks=1, kontra=1), "+360 -120 -120 -120"),
    # Ramsch
    ("Ramsch: Ann has the most", RAMSCH, ramsch([40, 30, 30, 20], [2, 2, 2, 2]), "-60 +20 +20 +20"),
    (
        "Ramsch, one knock",
        RAMSCH,
        ramsch([40, 30, 30, 20], [2, 2, 2, 2], knocks=1),
        "-120 +40 +40 +40",
    ),
    (
        "Ramsch, two Jungfrauen double it twice",
        RAMSCH,
        ramsch([70, 50, 0, 0], [4, 4, 0, 0]),
        "-240 +80 +80 +80",
    ),
    (
        "Ramsch, two Jungfrauen paid double",
        {**RAMSCH, "jungfrau": "double-to-jungfrau"},
        ramsch([70, 50, 0, 0], [4, 4, 0, 0]),
        "-100 +20 +40 +40",
    ),
    (
        "Ramsch, Jungfrau counts for nothing",
        {**RAMSCH, "jungfrau": "none"},
        ramsch([70, 50, 0, 0], [4, 4, 0, 0]),
        "-60 +20 +20 +20",
    ),
    (
        "Ramsch tied on points: more tricks loses",
        RAMSCH,
        ramsch([40, 40, 20, 20], [3, 2, 2, 1]),
        "-60 +20 +20 +20",
    ),
    (
        "Ramsch tied on points and tricks: the named loser",
        RAMSCH,
        ramsch([40, 40, 20, 20], [2, 2, 2, 2], loser="Bob"),
        "+20 -60 +20 +20",
    ),
    ("Durchmarsch", RAMSCH, ramsch([0, 0, 120, 0], [0, 0, 8, 0]), "-50 -50 +150 -50"),
    (
        "Durchmarsch paid as a solo won Schwarz",
        {**RAMSCH, "durchmarsch_value": "solo-schwarz"},
        ramsch([0, 0, 120, 0], [0, 0, 8, 0]),
        "-70 -70 +210 -70",
    ),
    (
        "Durchmarsch with a knock",
        RAMSCH,
        ramsch([0, 0, 120, 0], [0, 0, 8, 0], knocks=1),
        "-100 -100 +300 -100",
    ),
]


def test_the_payout_table_has_at_least_forty_rows() -> None:
    assert len(PAYOUTS) >= 40


@pytest.mark.parametrize(("what", "rules", "hand", "amounts"), PAYOUTS, ids=[r[0] for r in PAYOUTS])
def test_payout(what: str, rules: Any, hand: dict[str, Any], amounts: str) -> None:
    result = sheet(rules, [hand], "Ann Bob Cal Dee\n" + amounts)
    assert sum(result.hands[0].points.values()) == 0


# -- the worked examples (`docs/rules/examples.md`) -----------------------------------


def test_example_1_call_game_won() -> None:
    result = sheet("schafkopf", [call(75, 5)], "Ann Bob Cal Dee\n+20 -20 +20 -20")
    assert result.hands[0].explanation == (
        "Sauspiel (call game): Ann and Cal took 75: won. Ann +20, Cal +20, each defender -20."
    )


def test_example_2_schneider_laufende_kontra() -> None:
    result = sheet(
        "schafkopf", [call(95, 6, laufende=3, kontra=1)], "Ann Bob Cal Dee\n+120 -120 +120 -120"
    )
    hand = result.hands[0]
    assert (hand.outcome, hand.level, hand.multiplier) == ("win", "schneider", 2)
    assert "Schneider" in hand.explanation and "3 Laufende" in hand.explanation
    assert "Kontra" in hand.explanation


def test_example_3_call_game_lost_schneider() -> None:
    result = sheet("schafkopf", [call(30, 2)], "Ann Bob Cal Dee\n-30 +30 -30 +30")
    assert (result.hands[0].outcome, result.hands[0].level) == ("loss", "schneider")


def test_example_4_wenz_with_two_laufende() -> None:
    result = sheet(
        "schafkopf", [solo("wenz", 80, 5, laufende=2)], "Ann Bob Cal Dee\n+210 -70 -70 -70"
    )
    assert result.hands[0].explanation.startswith("Wenz (jacks solo): Ann took 80: won")


def test_example_5_tout_won_and_lost() -> None:
    result = sheet(
        "schafkopf",
        [
            solo("solo", 120, 8, laufende=3, tout=True),
            solo("solo", 100, 7, laufende=3, tout=True),
        ],
        """
        Ann Bob Cal Dee
        +480 -160 -160 -160
        -480 +160 +160 +160
    """,
    )
    assert [h.multiplier for h in result.hands] == [2, 2]


@pytest.mark.parametrize(
    ("jungfrau", "amounts"),
    [
        ("double", "+40 -120 +40 +40"),
        ("double-to-jungfrau", "+20 -80 +20 +40"),
    ],
)
def test_example_6_ramsch_with_a_jungfrau(jungfrau: str, amounts: str) -> None:
    result = sheet(
        {**RAMSCH, "jungfrau": jungfrau},
        [ramsch([30, 50, 40, 0], [3, 3, 2, 0])],
        "Ann Bob Cal Dee\n" + amounts,
    )
    assert "Dee is a Jungfrau" in result.hands[0].explanation


def test_example_7_durchmarsch() -> None:
    result = sheet(
        RAMSCH, [ramsch([0, 0, 120, 0], [0, 0, 8, 0])], "Ann Bob Cal Dee\n-50 -50 +150 -50"
    )
    assert "Durchmarsch" in result.hands[0].explanation


def test_example_8_a_bid_of_80_needs_81() -> None:
    sheet(
        "schafkopf",
        [solo("solo", 78, 5, bid=80), solo("solo", 81, 5, bid=80)],
        """
        Ann Bob Cal Dee
        -150 +50 +50 +50
        +150 -50 -50 -50
    """,
    )


def _schafkopf_examples() -> list[dict[str, Any]]:
    examples = json.loads(EXAMPLES.read_text(encoding="utf-8"))
    return [e for e in examples if e["name"].startswith("schafkopf.md")]


@pytest.mark.parametrize("example", _schafkopf_examples(), ids=lambda e: e["name"])
def test_examples_json(example: dict[str, Any]) -> None:
    result = score_doc(example["night"])
    assert [h.points for h in result.hands] == example["expect"]["points"]
    assert result.total_cents == example["expect"]["totals_cents"]


# -- the pot ---------------------------------------------------------------------------

POT_RULES = {"preset": "schafkopf", "all_pass": "pot"}
PASS = {"type": "pass"}


def test_the_pot_is_fed_doubled_by_a_lost_call_and_won_by_the_next_won_call() -> None:
    result = sheet(
        POT_RULES,
        [
            PASS,  # everyone pays 20 in: the pot holds 80
            call(50, 3),  # lost: Ann pays the pot's 80 in again
            solo("wenz", 70, 5),  # a solo leaves the pot alone
            call(75, 5),  # won: Ann takes the 160 on top
        ],
        """
        Ann  Bob  Cal  Dee
        -20  -20  -20  -20
        -100 +20  -20  +20
        +150 -50  -50  -50
        +180 -20  +20  -20
    """,
    )
    assert [h.pot for h in result.hands] == [80, 160, 160, 0]
    assert result.pot == 0
    assert sum(result.total_points.values()) == 0
    assert "Ann takes the pot of 160" in result.hands[3].explanation


def test_an_unwon_pot_is_a_party_to_the_settlement() -> None:
    result = sheet(
        POT_RULES,
        [PASS, call(75, 5)],
        """
        Ann Bob Cal Dee
        -20 -20 -20 -20
        +100 -20 +20 -20
    """,
    )
    assert result.pot == 0
    result = sheet(
        POT_RULES,
        [PASS, PASS, solo("solo", 70, 5)],
        """
        Ann Bob Cal Dee
        -20 -20 -20 -20
        -20 -20 -20 -20
        +150 -50 -50 -50
    """,
    )
    assert result.pot == 160 and result.pot_cents == 160
    assert sum(result.total_cents.values()) + result.pot_cents == 0
    paid_to_pot = sum(p.cents for p in result.settlement if p.payee == POT)
    assert paid_to_pot == 160
    printed = result_to_json(result)
    assert printed["totals"]["pot"] == 160
    assert [h["pot"] for h in printed["hands"]] == [80, 160, 160]


def test_without_a_pot_a_pass_is_a_redeal_and_the_output_has_no_pot() -> None:
    result = sheet("schafkopf", [PASS], "Ann Bob Cal Dee\n0 0 0 0")
    assert result.pot is None
    assert "pot" not in result_to_json(result)["totals"]
    assert result.hands[0].explanation == (
        "All passed: the cards are dealt again and nothing scores."
    )


# -- Bock rounds ------------------------------------------------------------------------


def test_a_schwarz_game_queues_a_bock_round_that_skips_passes() -> None:
    rules = {"preset": "schafkopf", "bock_after": ["schwarz"], "bock_hands": 2}
    result = sheet(
        rules,
        [
            call(120, 8),  # Schwarz: 40, not doubled by its own trigger
            PASS,  # a pass is not a Bock hand
            call(75, 5),  # Bock: 40
            solo("solo", 61, 4),  # Bock: 100 each
            call(75, 5),  # the round is over: 20
        ],
        """
        Ann  Bob  Cal  Dee
        +40  -40  +40  -40
          0    0    0    0
        +40  -40  +40  -40
        +300 -100 -100 -100
        +20  -20  +20  -20
    """,
    )
    assert [h.bock_pending for h in result.hands] == [2, 2, 1, 0, 0]
    assert "Bock" in result.hands[2].explanation


def test_bock_rounds_queue_behind_each_other_and_every_trigger_counts() -> None:
    rules = {"preset": "schafkopf", "bock_after": ["lost-solo", "kontra"], "bock_hands": 1}
    result = sheet(
        rules,
        [
            solo("solo", 50, 3),  # a lost solo: one Bock hand queued
            call(75, 5, kontra=1),  # Bock x Kontra = x4, and queues another
            call(75, 5),  # Bock: x2
            call(75, 5),  # plain
        ],
        """
        Ann  Bob  Cal  Dee
        -150 +50  +50  +50
        +80  -80  +80  -80
        +40  -40  +40  -40
        +20  -20  +20  -20
    """,
    )
    assert [h.multiplier for h in result.hands] == [1, 4, 2, 1]


def test_lost_kontra_triggers_only_when_the_declarers_lose() -> None:
    rules = {"preset": "schafkopf", "bock_after": ["lost-kontra"], "bock_hands": 1}
    result = sheet(
        rules,
        [call(75, 5, kontra=1), call(75, 5), call(50, 3, kontra=1), call(75, 5)],
        """
        Ann Bob Cal Dee
        +40 -40 +40 -40
        +20 -20 +20 -20
        -40 +40 -40 +40
        +40 -40 +40 -40
    """,
    )
    assert result.bock_pending == 0


def test_max_multiplier_caps_knocks_kontra_and_bock_but_not_tout() -> None:
    rules = {"preset": "schafkopf", "max_multiplier": 4}
    result = sheet(
        rules,
        [solo("solo", 120, 8, tout=True, knocks=2, kontra=2)],
        "Ann Bob Cal Dee\n+1200 -400 -400 -400",
    )
    assert result.hands[0].multiplier == 8


# -- forced games, Renonce, five at the table, misplays, German words ----------------------


def test_a_forced_game_scores_as_a_call_game() -> None:
    rules = {"preset": "schafkopf", "all_pass": "forced"}
    result = sheet(rules, [call(50, 3, forced=True)], "Ann Bob Cal Dee\n-20 +20 -20 +20")
    assert result.hands[0].explanation.startswith("Forced Sauspiel")


def test_renonce_scores_as_a_call_game() -> None:
    result = sheet("schafkopf", [call(91, 6, renonce=True)], "Ann Bob Cal Dee\n+30 -30 +30 -30")
    assert result.hands[0].explanation.startswith("Renonce")


def test_five_seated_the_dealer_sits_out() -> None:
    result = assert_sheet(
        "schafkopf",
        [{**call(75, 5), "dealer": "Eve"}, {**solo("wenz", 61, 4), "dealer": "Dee"}],
        """
        Ann  Bob Cal Dee Eve
        +20  -20 +20 -20   0
        +150 -50 -50   0 -50
    """,
        players=[*FOUR, "Eve"],
    )
    assert result.hands[1].active == ("Ann", "Bob", "Cal", "Eve")


def test_a_misplay_pays_the_call_tariff_to_each_other_player() -> None:
    sheet(
        "schafkopf",
        [{"type": "misplay", "misplays": ["Bob"]}, {**call(75, 5), "misplays": ["Dee"]}],
        """
        Ann Bob Cal Dee
        +20 -60 +20 +20
        +40  0  +40 -80
    """,
    )


def test_the_words_are_the_tables_own_with_the_english_alongside() -> None:
    result = sheet(
        {**RAMSCH, "bock_after": ["schwarz"]},
        [
            call(120, 8, laufende=4, knocks=1, kontra=2),
            solo("geier", 61, 4),
            ramsch([0, 0, 120, 0], [0, 0, 8, 0]),
            null(0),
        ],
        """
        Ann Bob Cal Dee
        +640 -640 +640 -640
        +300 -100 -100 -100
        -100 -100 +300 -100
        +180 -60 -60 -60
        """,
    )
    words = " ".join(h.explanation for h in result.hands)
    for german, english in [
        ("Sauspiel", "call game"),
        ("Schwarz", "no trick"),
        ("Laufende", "top trumps"),
        ("Kontra and Re", ""),
        ("Klopfen", "knock"),
        ("Bock", "counts double"),
        ("Geier", "queens"),
        ("Durchmarsch", "every trick"),
        ("Null", "Bettel"),
    ]:
        assert german in words and english in words, german


# -- the rules ---------------------------------------------------------------------------


def test_the_presets_are_those_of_the_spec() -> None:
    assert game_named("schafkopf").presets == ("schafkopf", "schafkopf-10-50", "schafkopf-short")
    short = preset_rules("schafkopf-short")
    assert short == replace(preset_rules("schafkopf"), preset="schafkopf-short", tricks=6)
    plain, club = preset_rules("schafkopf"), preset_rules("schafkopf-10-50")
    for rules in (plain, club):
        assert (rules.game, rules.dealt_in, rules.tricks, rules.blind) == ("schafkopf", 4, 8, 0)
        assert rules.stake_cents == 1 and rules.misplay_units == rules.tariff_call
    assert (
        plain.tariff_call,
        plain.tariff_solo,
        plain.tariff_null,
        plain.tariff_extra,
        plain.tariff_ramsch,
    ) == (20, 50, 30, 10, 20)
    assert dict(plain.laufende_min) == {"call": 3, "solo": 3, "wenz": 2, "geier": 2, "other": 3}
    assert (
        plain.tout_factor,
        plain.sie_factor,
        plain.all_pass,
        plain.jungfrau,
        plain.durchmarsch_value,
        plain.bock_after,
        plain.bock_hands,
    ) == (2, 4, "redeal", "double", "solo", (), 4)
    assert (
        club.tariff_call,
        club.tariff_solo,
        club.all_pass,
        club.jungfrau,
        club.durchmarsch_value,
    ) == (10, 50, "ramsch", "double-to-jungfrau", "solo-schwarz")


def test_schafkopf_rules_survive_json_and_a_partial_laufende_minimum_keeps_the_rest() -> None:
    rules, problems = parse_rules(
        {"preset": "schafkopf", "laufende_min": {"wenz": 3}, "bock_after": ["kontra", "schwarz"]}
    )
    assert problems == [] and rules is not None
    assert dict(rules.laufende_min)["wenz"] == 3 and dict(rules.laufende_min)["call"] == 3
    assert parse_rules(json.loads(json.dumps(rules.to_json()))) == (rules, [])
    assert "partner" not in rules.to_json()


@pytest.mark.parametrize(
    ("rules", "field", "words"),
    [
        ({"preset": "schafkopf", "partner": "none"}, "rules.partner", "Sheepshead option"),
        ({"preset": "classic-5", "tariff_call": 10}, "rules.tariff_call", "Schafkopf option"),
        ({"preset": "schafkopf", "all_pass": "shuffle"}, "rules.all_pass", "is not one of"),
        ({"preset": "schafkopf", "laufende_min": {"bauer": 2}}, "rules.laufende_min", "bauer"),
        ({"preset": "schafkopf", "laufende_min": {"wenz": 0}}, "rules.laufende_min", "between"),
        ({"preset": "schafkopf", "bock_after": ["thunder"]}, "rules.bock_after", "thunder"),
        (
            {"preset": "schafkopf", "dealt_in": 3, "tricks": 10, "blind": 2},
            "rules.dealt_in",
            "four players",
        ),
    ],
)
def test_bad_schafkopf_rules_name_the_option(rules: Any, field: str, words: str) -> None:
    parsed, problems = parse_rules(rules)
    assert parsed is None
    assert [p.field for p in problems] == [field]
    assert words in problems[0].message


def test_a_schafkopf_leaster_may_be_paid_by_its_loser() -> None:
    rules = {"preset": "schafkopf", "all_pass": "leaster", "leaster_pay": "loser-pays"}
    result = assert_sheet(
        {**rules, "leaster_units": 10},
        [
            {
                "type": "leaster",
                "loser": "Cal",
                "points": {"Ann": 20, "Bob": 30, "Cal": 60, "Dee": 10},
            },
            {"type": "leaster", "loser": "Dee"},
        ],
        """
        Ann Bob Cal Dee
        +10 +10 -30 +10
        +10 +10 +10 -30
    """,
        players=FOUR,
    )
    night, _ = load_night(night_doc(rules, [{"type": "leaster", "loser": "Dee"}], FOUR))
    assert night is not None
    cells = game_named("schafkopf").report_cells(night.hands[0], result.hands[1])
    assert cells == ("leaster", "", "", "", "Dee lost")


def test_every_hand_type_survives_the_document_round_trip() -> None:
    hands = [
        call(75, 5, laufende=3, knocks=1, kontra=1, bid=70),
        solo("wenz", 120, 8, tout=True, laufende=2),
        null(0, knocks=1),
        ramsch([40, 40, 20, 20], [2, 2, 2, 2], loser="Bob", knocks=1),
        {"type": "leaster", "winner": "Dee"},
        {"type": "misplay", "misplays": ["Ann"]},
    ]
    for rules, hand in [({**RAMSCH}, h) for h in hands[:4]] + [
        ({"preset": "schafkopf", "all_pass": "leaster"}, hands[4]),
        ({"preset": "schafkopf", "all_pass": "pot"}, PASS),
        ("schafkopf", hands[5]),
        ({"preset": "schafkopf", "all_pass": "forced"}, call(61, 4, forced=True)),
    ]:
        night, problems = load_night(night_doc(rules, [hand], FOUR))
        assert problems == [] and night is not None, problems
        written = night_to_document(night)
        again, _ = load_night(written)
        assert again == night
        assert written["hands"][0] == hand
