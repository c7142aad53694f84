"""Schafkopf's extras and solos priced apart, the pot shared by the side, and the short
deck (`docs/rules/schafkopf.md`, "More tariffs, the shared pot, the short deck"), each
written as a score sheet."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.document import load_night
from scorekeeper.games import changed_lines, game_named, parse_rules, preset_rules
from scorekeeper.games.schafkopf.rules import SchafkopfRules
from tests.core.test_schafkopf import FOUR, call, null, ramsch, sheet, solo
from tests.sheet import night_doc

EXTRAS = {"preset": "schafkopf", "tariff_schneider": 10, "tariff_schwarz": 20}
SIDE_POT = {"preset": "schafkopf", "all_pass": "pot", "pot_to": "side"}
PASS = {"type": "pass"}


# -- the worked examples (`docs/rules/examples.md`) -----------------------------------


def test_example_9_schwarz_priced_apart() -> None:
    result = sheet(EXTRAS, [call(120, 8, laufende=0)], "Ann Bob Cal Dee\n+50 -50 +50 -50")
    assert result.hands[0].level == "schwarz"


def test_example_10_laufende_priced_apart() -> None:
    sheet(
        {"preset": "schafkopf", "tariff_laufende": 5},
        [call(75, 5, laufende=4)],
        "Ann Bob Cal Dee\n+40 -40 +40 -40",
    )


def test_example_11_a_cheaper_wenz_and_a_farbsolo_at_the_solo_tariff() -> None:
    sheet(
        {"preset": "schafkopf", "tariff_games": {"wenz": 20}},
        [solo("wenz", 80, 5, laufende=2), solo("solo", 80, 5)],
        """
        Ann  Bob  Cal  Dee
        +120 -40  -40  -40
        +150 -50  -50  -50
    """,
    )


def test_example_12_the_pot_shared_by_the_side_won() -> None:
    result = sheet(
        SIDE_POT,
        [PASS, call(75, 5)],
        """
        Ann Bob Cal Dee
        -20 -20 -20 -20
        +60 -20 +60 -20
    """,
    )
    assert [h.pot for h in result.hands] == [80, 0]
    assert result.total_cents == {"Ann": 40, "Bob": -40, "Cal": 40, "Dee": -40}
    assert result.hands[1].explanation == (
        "Sauspiel (call game): Ann and Cal took 75: won; Ann and Cal share the pot of 80, "
        "40 each. Ann +60, Cal +60, each defender -20."
    )


def test_example_12_the_pot_shared_by_the_side_lost() -> None:
    result = sheet(
        SIDE_POT,
        [PASS, call(45, 3)],
        """
        Ann Bob Cal Dee
        -20 -20 -20 -20
        -60 +20 -60 +20
    """,
    )
    assert result.pot == 160
    assert result.total_cents == {"Ann": -80, "Bob": 0, "Cal": -80, "Dee": 0}
    assert "Ann and Cal pay into the pot, 40 each, doubling it to 160" in (
        result.hands[1].explanation
    )


def test_example_13_the_short_deck() -> None:
    result = sheet("schafkopf-short", [call(120, 6)], "Ann Bob Cal Dee\n+40 -40 +40 -40")
    assert result.hands[0].level == "schwarz"


# -- the extras priced apart -------------------------------------------------------------


def test_each_extra_defaults_to_tariff_extra_as_stored_nights_were_scored() -> None:
    """A night whose rules give tariff_extra alone (as every night stored before these
    options existed does) prices schneider, schwarz and each Laufender at it."""
    hands = [call(120, 8, laufende=3), call(95, 6), solo("wenz", 120, 8, tout=True, laufende=2)]
    sheet(
        {"preset": "schafkopf", "tariff_extra": 5},
        hands,
        """
        Ann  Bob  Cal  Dee
        +45  -45  +45  -45
        +25  -25  +25  -25
        +360 -120 -120 -120
    """,
    )
    rules, _ = parse_rules({"preset": "schafkopf", "tariff_extra": 5})
    assert isinstance(rules, SchafkopfRules)
    assert (rules.tariff_schneider, rules.tariff_schwarz, rules.tariff_laufende) == (None,) * 3
    assert (rules.schneider_extra, rules.schwarz_extra, rules.laufender_extra) == (5, 5, 5)


def test_a_lost_schwarz_and_a_tout_at_their_own_prices() -> None:
    sheet(
        {**EXTRAS, "tariff_laufende": 1, "tariff_extra": 99},
        [
            call(0, 0, laufende=3),  # lost schwarz: 20 + 10 + 20 + 3 x 1
            solo("solo", 120, 8, tout=True, laufende=4),  # Tout: (50 + 4 x 1) x 2
        ],
        """
        Ann  Bob  Cal  Dee
        -53  +53  -53  +53
        +324 -108 -108 -108
    """,
    )


def test_a_durchmarsch_paid_as_a_solo_won_schwarz_takes_both_extras() -> None:
    rules = {**EXTRAS, "all_pass": "ramsch", "durchmarsch_value": "solo-schwarz"}
    sheet(rules, [ramsch([0, 120, 0, 0], [0, 8, 0, 0])], "Ann Bob Cal Dee\n-80 +240 -80 -80")


def test_tariff_games_prices_each_solo_named_and_leaves_the_rest() -> None:
    sheet(
        {"preset": "schafkopf", "tariff_games": {"geier": 30, "farbwenz": 70}},
        [
            solo("geier", 70, 5),
            solo("farbwenz", 70, 5),
            solo("wenz", 70, 5),
            solo("geier", 120, 8, sie=True),  # Sie: (30) x 4
            call(70, 5),
            null(0),
        ],
        """
        Ann  Bob  Cal  Dee
        +90  -30  -30  -30
        +210 -70  -70  -70
        +150 -50  -50  -50
        +360 -120 -120 -120
        +20  -20  +20  -20
        +90  -30  -30  -30
    """,
    )


def test_the_new_tariffs_survive_json_and_print_in_the_rules_section() -> None:
    rules, problems = parse_rules(
        {"preset": "schafkopf", "tariff_schwarz": 20, "tariff_games": {"wenz": 20}}
    )
    assert problems == [] and rules is not None
    stored = json.loads(json.dumps(rules.to_json()))
    assert stored["tariff_schneider"] is None and stored["tariff_games"] == {"wenz": 20}
    assert parse_rules(stored) == (rules, [])
    assert rules.to_document() == {
        "preset": "schafkopf",
        "tariff_schwarz": 20,
        "tariff_games": {"wenz": 20},
    }
    assert preset_rules("schafkopf").to_document() == "schafkopf"
    lines = changed_lines(rules, game_named("schafkopf").options, "USD")
    assert lines[1:] == ("Price of particular solos: Wenz 20", "Extra for Schwarz: 20")


def test_the_rules_lines_give_each_price() -> None:
    schafkopf = game_named("schafkopf")
    assert schafkopf.rules_lines(preset_rules("schafkopf"), "USD")[0] == (
        "schafkopf: Schafkopf, four dealt in. Sauspiel 20, solo 50, Null 30, each extra 10, "
        "Ramsch 20."
    )
    rules, _ = parse_rules(
        {**EXTRAS, "preset": "schafkopf-short", "tariff_games": {"wenz": 20, "geier": 30}}
    )
    assert rules is not None
    assert schafkopf.rules_lines(rules, "USD")[0] == (
        "schafkopf-short: Schafkopf, four dealt in, the short deck (six cards each). "
        "Sauspiel 20, solo 50 (Wenz 20, Geier 30), Null 30, Schneider 10, Schwarz 20, "
        "each Laufender 10, Ramsch 20."
    )
    side, _ = parse_rules(SIDE_POT)
    assert side is not None
    assert schafkopf.rules_lines(side, "USD")[1].endswith(
        "when all pass, everyone pays into the pot, shared by the next call game's "
        "declarer and partner."
    )


def test_a_tariff_set_back_to_null_follows_tariff_extra_again() -> None:
    rules, _ = parse_rules({"preset": "schafkopf", "tariff_schneider": 30})
    assert rules is not None
    back = rules.with_options({"tariff_schneider": None, "tariff_extra": 7})
    assert isinstance(back, SchafkopfRules) and back.schneider_extra == 7
    given_whole = rules.with_options({"tariff_games": {"geier": 20}})
    again = given_whole.with_options({"tariff_games": {"wenz": 20}})
    assert isinstance(again, SchafkopfRules)
    assert (again.solo_base("wenz"), again.solo_base("geier")) == (20, 50)


# -- the pot shared by the side ----------------------------------------------------------


def test_the_side_shares_the_pot_only_in_a_call_game() -> None:
    result = sheet(
        SIDE_POT,
        [PASS, solo("wenz", 80, 5), PASS, call(50, 3), call(75, 5)],
        """
        Ann  Bob  Cal  Dee
        -20  -20  -20  -20
        +150 -50  -50  -50
        -20  -20  -20  -20
        -100 +20  -100 +20
        +180 -20  +180 -20
    """,
    )
    assert [h.pot for h in result.hands] == [80, 80, 160, 320, 0]


# -- the short deck ----------------------------------------------------------------------


def test_the_short_deck_bounds_follow_its_six_tricks() -> None:
    result = sheet(
        {"preset": "schafkopf-short", "all_pass": "ramsch"},
        [
            call(95, 5, laufende=12),  # a call game's 12 trumps in 24 cards, every one
            solo("farbwenz", 61, 4, laufende=9),
            solo("solo", 120, 6, tout=True),
            ramsch([30, 50, 40, 0], [2, 3, 1, 0]),
            ramsch([0, 0, 120, 0], [0, 0, 6, 0]),
            null(1),
        ],
        """
        Ann  Bob  Cal  Dee
        +150 -150 +150 -150
        +420 -140 -140 -140
        +300 -100 -100 -100
        +40  -120 +40  +40
        -50  -50  +150 -50
        -90  +30  +30  +30
    """,
    )
    assert result.hands[2].explanation.startswith(
        "Farbsolo (suit solo) Tout (must take every trick): Ann took every trick: won, Tout x2"
    )
    assert result.hands[4].durchmarsch == "Cal"


def test_any_schafkopf_night_may_play_the_short_deck() -> None:
    rules, problems = parse_rules({"preset": "schafkopf-10-50", "tricks": 6})
    assert problems == [] and rules is not None
    sheet(
        {"preset": "schafkopf-10-50", "tricks": 6},
        [call(120, 6)],
        "Ann Bob Cal Dee\n+30 -30 +30 -30",
    )


@pytest.mark.parametrize(
    ("rules", "hand", "field", "words"),
    [
        ("schafkopf-short", call(120, 8), "tricks", "8 is not between 0 and 6"),
        ("schafkopf-short", call(75, 5, laufende=13), "laufende", "only 12 trumps in the short"),
        ("schafkopf-short", solo("farbwenz", 75, 5, laufende=10), "laufende", "only 9 trumps"),
        ("schafkopf-short", solo("suit", 75, 5, laufende=7), "laufende", "only 6 trumps"),
        ("schafkopf-short", null(7), "tricks", "7 is not between 0 and 6"),
        (
            {"preset": "schafkopf-short", "all_pass": "ramsch"},
            ramsch([30, 50, 40, 0], [3, 3, 2, 0]),
            "tricks",
            "add up to 8, not 6",
        ),
    ],
)
def test_a_short_deck_hand_that_cannot_be_is_refused(
    rules: Any, hand: dict[str, Any], field: str, words: str
) -> None:
    night, problems = load_night(night_doc(rules, [hand], FOUR))
    assert night is None
    assert [(p.hand, p.field) for p in problems] == [(1, field)], problems
    assert words in problems[0].message


@pytest.mark.parametrize(
    ("rules", "field", "words"),
    [
        ({"preset": "schafkopf", "tariff_schneider": -10}, "tariff_schneider", "not between 0"),
        ({"preset": "schafkopf", "tariff_laufende": 2.5}, "tariff_laufende", "whole number"),
        ({"preset": "schafkopf", "tariff_games": {"wenz": -20}}, "tariff_games", "between 1"),
        ({"preset": "schafkopf", "tariff_games": {"bauer": 20}}, "tariff_games", "'bauer'"),
        ({"preset": "schafkopf", "tariff_games": [20]}, "tariff_games", "must be an object"),
        ({"preset": "schafkopf", "pot_to": "partner"}, "pot_to", "not one of declarer, side"),
        ({"preset": "schafkopf", "tricks": 7}, "tricks", "six with the short deck"),
        ({"preset": "classic-5", "pot_to": "side"}, "pot_to", "Schafkopf option"),
    ],
)
def test_bad_tariff_rules_name_the_option(rules: Any, field: str, words: str) -> None:
    parsed, problems = parse_rules(rules)
    assert parsed is None
    assert [p.field for p in problems] == [f"rules.{field}"]
    assert words in problems[0].message
