"""`scorekeeper score` on Schafkopf nights: the JSON with the pot, and bad records named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_score_cli import assert_refused, problem_lines, run
from tests.core.test_schafkopf import FOUR, call, null, ramsch, solo
from tests.sheet import night_doc


def doc(
    rules: Any = "schafkopf",
    hands: list[dict[str, Any]] | None = None,
    players: list[str] | None = None,
) -> dict[str, Any]:
    return night_doc(rules, hands or [], players or FOUR)


RAMSCH = {"preset": "schafkopf", "all_pass": "ramsch"}
FORCED = {"preset": "schafkopf", "all_pass": "forced"}


def test_score_prints_a_schafkopf_night_with_its_pot(tmp_path: Path, capsys) -> None:
    rules = {"preset": "schafkopf", "all_pass": "pot", "stake_cents": 5}
    document = doc(rules, [{"type": "pass"}, call(50, 3), solo("wenz", 80, 5, laufende=2)])
    status, out, err = run(tmp_path, document, capsys)
    assert (status, err) == (0, "")
    printed = json.loads(out)
    assert [h["pot"] for h in printed["hands"]] == [80, 160, 160]
    assert printed["hands"][1]["points"] == {"Ann": -100, "Bob": 20, "Cal": -20, "Dee": 20}
    assert printed["hands"][2]["points"] == {"Ann": 210, "Bob": -70, "Cal": -70, "Dee": -70}
    assert printed["hands"][2]["outcome"] == "win"
    assert printed["totals"]["pot"] == 160 and printed["totals"]["pot_cents"] == 800
    assert printed["totals"]["points"] == {"Ann": 90, "Bob": -70, "Cal": -110, "Dee": -70}
    owed_to_pot = sum(p["cents"] for p in printed["settlement"] if p["to"] == "(pot)")
    assert owed_to_pot == 800


BAD: list[tuple[str, Any, str]] = [
    (
        "a call game without a partner",
        doc(hands=[call(75, 5, partners=[])]),
        "hand 1: partners: 0 named; a call game has exactly one partner",
    ),
    (
        "a call game with two partners",
        doc(hands=[call(75, 5, partners=["Bob", "Cal"])]),
        "hand 1: partners: 2 named; a call game has exactly one partner",
    ),
    (
        "Kontra in a forced game",
        doc(FORCED, [call(75, 5, forced=True, kontra=1)]),
        "hand 1: kontra: a forced game allows no doubling",
    ),
    (
        "a forced game when all_pass is not forced",
        doc(hands=[call(75, 5, forced=True)]),
        "hand 1: forced: a forced game is played only under all_pass 'forced'",
    ),
    (
        "Ramsch points that do not add up to 120",
        doc(RAMSCH, [ramsch([40, 30, 30, 10], [2, 2, 2, 2])]),
        "hand 1: points: add up to 110",
    ),
    (
        "Ramsch tricks that do not add up to 8",
        doc(RAMSCH, [ramsch([40, 30, 30, 20], [2, 2, 2, 1])]),
        "hand 1: tricks: add up to 7",
    ),
    (
        "a Ramsch tie with no loser named",
        doc(RAMSCH, [ramsch([40, 40, 20, 20], [2, 2, 2, 2])]),
        "hand 1: loser: missing: Ann and Bob tied with 40 points and 2 tricks",
    ),
    (
        "a Ramsch loser the points contradict",
        doc(RAMSCH, [ramsch([50, 30, 20, 20], [3, 2, 2, 1], loser="Bob")]),
        "hand 1: loser: Ann has the most points (50) and so loses, not Bob",
    ),
    (
        "a loser named on a Durchmarsch",
        doc(RAMSCH, [ramsch([0, 0, 120, 0], [0, 0, 8, 0], loser="Ann")]),
        "hand 1: loser: Cal took every trick (a Durchmarsch)",
    ),
    (
        "Ramsch points without a trick",
        doc(RAMSCH, [ramsch([60, 30, 20, 10], [3, 3, 2, 0])]),
        "hand 1: points.Dee: 10, but Dee took no trick",
    ),
    (
        "a Ramsch when all_pass is not ramsch",
        doc(hands=[ramsch([40, 30, 30, 20], [2, 2, 2, 2])]),
        "hand 1: type: a ramsch is played when all pass only under all_pass 'ramsch'",
    ),
    (
        "a pass when a Ramsch is played",
        doc(RAMSCH, [{"type": "pass"}]),
        "hand 1: type: when all pass under all_pass 'ramsch', the Ramsch is played",
    ),
    (
        "a bid that is not a bid",
        doc(hands=[solo("solo", 80, 5, bid=75)]),
        "hand 1: bid: 75 is not a bid (70, 80, 90, 100, 110 or 120)",
    ),
    (
        "a solo that does not exist",
        doc(hands=[solo("wurst", 80, 5)]),
        "hand 1: game: 'wurst' is not a solo",
    ),
    (
        "more Laufende than the game has trumps",
        doc(hands=[solo("wenz", 80, 5, laufende=5)]),
        "hand 1: laufende: 5, but a Wenz has only 4 trumps",
    ),
    (
        "Tout and Sie at once",
        doc(hands=[solo("solo", 120, 8, tout=True, sie=True)]),
        "hand 1: sie: a solo is declared Tout or Sie, not both",
    ),
    (
        "every trick but not every point",
        doc(hands=[call(100, 8)]),
        "hand 1: points: every trick holds all 120 points, not 100",
    ),
    (
        "points above 120",
        doc(hands=[solo("geier", 130, 6)]),
        "hand 1: points: 130 is not between 0 and 120",
    ),
    (
        "a negative knock count",
        doc(hands=[call(75, 5, knocks=-1)]),
        "hand 1: knocks: -1 is not a count of 0 or more",
    ),
    (
        "more knocks than players",
        doc(hands=[null(0, knocks=5)]),
        "hand 1: knocks: 5 knocks, but each of the 4 players knocks once",
    ),
    (
        "more Kontra steps than there are",
        doc(hands=[call(75, 5, kontra=7)]),
        "hand 1: kontra: 7 steps; at most 6",
    ),
    (
        "a Sheepshead pick at Schafkopf",
        doc(hands=[{"type": "pick", "picker": "Ann", "points": 70, "tricks": 5}]),
        "hand 1: type: a pick hand is not played at Schafkopf",
    ),
    (
        "a Sheepshead option in Schafkopf rules",
        doc({"preset": "schafkopf", "partner": "none"}),
        "rules.partner: is a Sheepshead option",
    ),
    (
        "the declarer sits out",
        doc(hands=[{**call(75, 5), "dealer": "Ann"}], players=[*FOUR, "Eve"]),
        "hand 1: declarer: Ann sits out this hand",
    ),
    (
        "a declarer who is not seated",
        doc(hands=[call(75, 5, declarer="Zed")]),
        "hand 1: declarer: 'Zed' is not seated",
    ),
    (
        "a Null without tricks",
        doc(hands=[{"type": "null", "declarer": "Ann"}]),
        "hand 1: tricks: missing",
    ),
]


def test_there_are_at_least_ten_kinds_of_bad_record() -> None:
    assert len(BAD) >= 10


@pytest.mark.parametrize(("why", "document", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_schafkopf_records_exit_2_naming_the_field(
    tmp_path: Path, capsys, why: str, document: Any, message: str
) -> None:
    assert_refused(run(tmp_path, document, capsys), message, why)


def test_every_bad_hand_of_a_night_is_named_at_once(tmp_path: Path, capsys) -> None:
    document = doc(
        RAMSCH, [call(75, 5, partners=[]), call(75, 5), ramsch([40, 40, 20, 20], [2, 2, 2, 2])]
    )
    status, out, err = run(tmp_path, document, capsys)
    assert status == 2 and out == ""
    assert [line.split(":")[0] for line in problem_lines(err)] == ["hand 1", "hand 3"]
