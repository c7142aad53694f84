"""`scorekeeper score`: the JSON it prints, and exit status 2 with named fields for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from tests.sheet import FIVE, leaster, night_doc, pick

GOOD = night_doc(
    {"preset": "classic-5", "stake_cents": 25},
    [
        pick("Bob", "Dee", points=74, tricks=4, call="ace-hearts", dealer="Ann"),
        {"type": "no-pick", "dealer": "Bob"},
        leaster(
            "Cal",
            dealer="Bob",
            points={"Ann": 30, "Bob": 41, "Cal": 12, "Dee": 37, "Eve": 0},
            tricks={"Ann": 2, "Bob": 2, "Cal": 1, "Dee": 1, "Eve": 0},
        ),
        {"type": "misplay", "dealer": "Cal", "misplays": ["Eve"]},
        pick("Eve", points=55, tricks=2, call="alone", dealer="Dee", doublers=1, last_hand=True),
    ],
)


def run(tmp_path: Path, document: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / "night.json"
    if isinstance(document, bytes):
        path.write_bytes(document)
    else:
        path.write_text(document if isinstance(document, str) else json.dumps(document))
    status = main(["score", str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def problem_lines(err: str) -> list[str]:
    """The lines of standard error, each of which starts `scorekeeper: `, without it."""
    lines = err.splitlines()
    assert all(line.startswith("scorekeeper: ") for line in lines), err
    return [line.removeprefix("scorekeeper: ") for line in lines]


def assert_refused(ran: tuple[int, str, str], message: str, why: str) -> None:
    """Exit status 2, nothing on stdout, and a line of stderr that starts with MESSAGE
    after the `scorekeeper: ` every line starts with."""
    status, out, err = ran
    assert status == 2, why
    assert out == ""
    assert any(line.startswith(message) for line in problem_lines(err)), err


def test_score_prints_the_night_format_json(tmp_path: Path, capsys) -> None:
    status, out, err = run(tmp_path, GOOD, capsys)
    assert (status, err) == (0, "")
    printed = json.loads(out)
    assert printed["players"] == FIVE
    assert printed["hands"][0] == {
        "points": {"Ann": -1, "Bob": 2, "Cal": -1, "Dee": 1, "Eve": -1},
        "cents": {"Ann": -25, "Bob": 50, "Cal": -25, "Dee": 25, "Eve": -25},
        "outcome": "win",
        "level": "normal",
        "multiplier": 1,
        "explanation": "Bob and Dee took 74: a win. Bob +2, Dee +1, each defender -1.",
    }
    assert [h["outcome"] for h in printed["hands"]] == [
        "win",
        "no-pick",
        "leaster",
        "misplay",
        "loss",
    ]
    # Eve alone loses 55 doubled twice (a doubler and the last hand): unit 4.
    assert printed["hands"][4]["points"] == {"Ann": 4, "Bob": 4, "Cal": 4, "Dee": 4, "Eve": -16}
    assert printed["hands"][4]["multiplier"] == 4
    totals = printed["totals"]
    assert totals["points"] == {"Ann": 3, "Bob": 6, "Cal": 8, "Dee": 5, "Eve": -22}
    assert totals["cents"] == {k: v * 25 for k, v in totals["points"].items()}
    paid = {name: 0 for name in FIVE}
    for payment in printed["settlement"]:
        paid[payment["from"]] += payment["cents"]
        paid[payment["to"]] -= payment["cents"]
    assert {k: -v for k, v in paid.items()} == totals["cents"]
    assert len(printed["settlement"]) == 4
    assert printed["doublers_pending"] == 0


def hand(**fields: Any) -> dict[str, Any]:
    return {**pick("Bob", "Dee", points=74, tricks=4), **fields}


def doc(**fields: Any) -> dict[str, Any]:
    return {**night_doc("classic-5", [hand()]), **fields}


LOSER_PAYS = {"preset": "classic-5", "leaster_pay": "loser-pays"}

# The cases of the second round of house rules, the result hand and a night's money
# (test_store_cli.py imports each of them too: refused the same way, nothing filed).
NEW_CASES = (
    "an unknown leaster_pay",
    "a loser-pays leaster without its loser",
    "a loser-pays leaster naming a winner",
    "a loser-pays leaster whose loser has not the most points",
    "a loser-pays leaster whose loser sits out",
    "a leaster naming a loser when the winner collects",
    "max_redeals 0",
    "an unknown no_pick_dealer",
    "a negative tariff",
    "a negative price for a solo",
    "an unknown pot_to",
    "a short-deck hand with eight tricks",
    "a result that does not sum to zero",
    "a result naming a player who sits out",
    "a result in fractions",
    "a result of no hands",
    "closed not a flag",
    "a payment of no cents",
    "a payment to oneself",
)

BAD: list[tuple[str, Any, str]] = [
    ("not JSON at all", "{ this is not json", "file: is not JSON"),
    ("not UTF-8", b"\xff\xfe\x00{", "file: is not UTF-8"),
    ("a list, not a night", "[1, 2]", "file: must hold one JSON object"),
    ("wrong format", doc(format="sheepshead-night/9"), "format: must be"),
    ("unknown preset", doc(rules="classic-9"), "rules.preset: 'classic-9' is not a preset"),
    (
        "unknown option",
        doc(rules={"preset": "classic-5", "stakes": 5}),
        "rules.stakes: is not a house-rule option",
    ),
    (
        "option of the wrong type",
        doc(rules={"preset": "classic-5", "stake_cents": "5"}),
        "rules.stake_cents: '5' is not a whole number",
    ),
    ("two players", doc(players=["Ann", "Bob"]), "players: 2 seated; a table seats 3 to 8"),
    (
        "names differing only in case",
        doc(players=["Ann", "Bob", "Cal", "Dee", "ann"]),
        "players: 'Ann' and 'ann' are the same name",
    ),
    ("players not a list", doc(players="Ann Bob Cal"), "players: must be a list of names"),
    (
        "too few for the preset",
        doc(players=["Ann", "Bob", "Dee", "Eve"]),
        "players: classic-5 deals 5 players in, but only 4 are seated",
    ),
    ("unknown hand type", doc(hands=[{"type": "shuffle"}]), "hand 1: type: 'shuffle' is not a"),
    (
        "a Schafkopf hand at Sheepshead",
        doc(hands=[{"type": "pass"}]),
        "hand 1: type: a pass hand is not played at Sheepshead",
    ),
    ("unknown name", doc(hands=[hand(picker="Zed")]), "hand 1: picker: 'Zed' is not seated"),
    (
        "points out of range",
        doc(hands=[hand(points=130)]),
        "hand 1: points: 130 is not between 0 and 120",
    ),
    ("points as text", doc(hands=[hand(points="74")]), "hand 1: points: '74' is not a whole"),
    ("points as a fraction", doc(hands=[hand(points=74.5)]), "hand 1: points: 74.5 is not"),
    (
        "tricks out of range",
        doc(hands=[hand(tricks=7)]),
        "hand 1: tricks: 7 is not between 0 and 6",
    ),
    (
        "every trick but not every point",
        doc(hands=[hand(points=100, tricks=6)]),
        "hand 1: points: the picking side took every trick",
    ),
    (
        "no trick but more than the blind holds",
        doc(hands=[hand(points=40, tricks=0)]),
        "hand 1: points: 40 with no trick",
    ),
    (
        "partner is the picker",
        doc(hands=[hand(partners=["Bob"])]),
        "hand 1: partners: Bob is the picker",
    ),
    (
        "two partners for a called ace",
        doc(hands=[hand(partners=["Dee", "Eve"])]),
        "hand 1: partners: 2 named",
    ),
    (
        "a partner in cutthroat",
        doc(rules="cutthroat-4", players=["Ann", "Bob", "Cal", "Dee"]),
        "hand 1: partners: 1 named",
    ),
    (
        "unknown call",
        doc(hands=[hand(call="queen-hearts")]),
        "hand 1: call: 'queen-hearts' is not a call",
    ),
    ("alone with a partner", doc(hands=[hand(call="alone")]), "hand 1: call: the picker went"),
    (
        "missing points",
        doc(hands=[{"type": "pick", "picker": "Bob", "tricks": 3}]),
        "hand 1: points: missing",
    ),
    (
        "unknown hand field",
        doc(hands=[hand(partnr="Dee")]),
        "hand 1: partnr: is not a field of a pick hand",
    ),
    (
        "leaster winner without a trick",
        doc(
            hands=[
                leaster(
                    "Eve",
                    points={"Ann": 30, "Bob": 41, "Cal": 12, "Dee": 37, "Eve": 0},
                    tricks={"Ann": 2, "Bob": 2, "Cal": 2, "Dee": 0, "Eve": 0},
                )
            ]
        ),
        "hand 1: winner: Eve took no trick",
    ),
    (
        "leaster winner without the fewest points",
        doc(
            hands=[
                leaster(
                    "Ann",
                    points={"Ann": 30, "Bob": 41, "Cal": 12, "Dee": 37, "Eve": 0},
                    tricks={"Ann": 2, "Bob": 2, "Cal": 1, "Dee": 1, "Eve": 0},
                )
            ]
        ),
        "hand 1: winner: Ann did not have the fewest points (Cal had 12)",
    ),
    (
        "leaster points not adding to 120",
        doc(hands=[leaster("Cal", points={"Ann": 30, "Bob": 41, "Cal": 12, "Dee": 30, "Eve": 0})]),
        "hand 1: points: add up to 113, not 120",
    ),
    (
        "two leaster winners under draw",
        doc(hands=[leaster("Ann", "Cal")]),
        "hand 1: winners: under leaster_tie 'draw'",
    ),
    (
        "a picker who sits out",
        doc(players=[*FIVE, "Fay"], hands=[hand(dealer="Bob")]),
        "hand 1: picker: Bob sits out",
    ),
    (
        "no dealer when one must sit out",
        doc(players=[*FIVE, "Fay"]),
        "hand 1: dealer: missing: with 6 seated and 5 dealt in",
    ),
    (
        "a leaster when someone must pick",
        doc(rules="partners-4", players=["Ann", "Bob", "Cal", "Dee"], hands=[leaster("Ann")]),
        "hand 1: type: a leaster hand cannot happen",
    ),
    (
        "a misplay hand naming nobody",
        doc(hands=[{"type": "misplay"}]),
        "hand 1: misplays: a misplay hand names at least one",
    ),
    (
        "doublers of the wrong type",
        doc(hands=[hand(doublers="crack")]),
        "hand 1: doublers: 'crack' is not a count",
    ),
    (
        "last_hand not a flag",
        doc(hands=[hand(last_hand="yes")]),
        "hand 1: last_hand: 'yes' is not true or false",
    ),
    (
        "an unknown leaster_pay",
        doc(rules={"preset": "classic-5", "leaster_pay": "loser"}),
        "rules.leaster_pay: 'loser' is not one of winner-collects, loser-pays",
    ),
    (
        "a loser-pays leaster without its loser",
        doc(rules=LOSER_PAYS, hands=[{"type": "leaster"}]),
        "hand 1: loser: missing",
    ),
    (
        "a loser-pays leaster naming a winner",
        doc(rules=LOSER_PAYS, hands=[leaster("Cal")]),
        "hand 1: winner: under leaster_pay 'loser-pays' a leaster names its loser",
    ),
    (
        "a loser-pays leaster whose loser has not the most points",
        doc(
            rules=LOSER_PAYS,
            hands=[
                {
                    "type": "leaster",
                    "loser": "Cal",
                    "points": {"Ann": 30, "Bob": 41, "Cal": 12, "Dee": 37, "Eve": 0},
                }
            ],
        ),
        "hand 1: loser: Cal did not have the most points (Bob had 41)",
    ),
    (
        "a loser-pays leaster whose loser sits out",
        doc(
            rules=LOSER_PAYS,
            players=[*FIVE, "Fay"],
            hands=[{"type": "leaster", "loser": "Fay", "dealer": "Fay"}],
        ),
        "hand 1: loser: Fay sits out",
    ),
    (
        "a leaster naming a loser when the winner collects",
        doc(hands=[{"type": "leaster", "loser": "Cal"}]),
        "hand 1: loser: a leaster names its loser only under leaster_pay 'loser-pays'",
    ),
    ("a leaster naming nobody", doc(hands=[{"type": "leaster"}]), "hand 1: winner: missing"),
    (
        "max_redeals 0",
        doc(rules={"preset": "classic-5", "no_pick_dealer": "same", "max_redeals": 0}),
        "rules.max_redeals: 0 is not between 1 and 10",
    ),
    (
        "an unknown no_pick_dealer",
        doc(rules={"preset": "classic-5", "no_pick_dealer": "left"}),
        "rules.no_pick_dealer: 'left' is not one of next, same",
    ),
    (
        "a negative tariff",
        doc(rules={"preset": "schafkopf", "tariff_schwarz": -20}, players=FIVE[:4], hands=[]),
        "rules.tariff_schwarz: -20 is not between 0 and 10000",
    ),
    (
        "a negative price for a solo",
        doc(
            rules={"preset": "schafkopf", "tariff_games": {"wenz": -5}}, players=FIVE[:4], hands=[]
        ),
        "rules.tariff_games: wenz: -5 is not between 1 and 10000",
    ),
    (
        "an unknown pot_to",
        doc(rules={"preset": "schafkopf", "pot_to": "partner"}, players=FIVE[:4], hands=[]),
        "rules.pot_to: 'partner' is not one of declarer, side",
    ),
    (
        "a short-deck hand with eight tricks",
        doc(
            rules="schafkopf-short",
            players=FIVE[:4],
            hands=[
                {
                    "type": "call",
                    "declarer": "Ann",
                    "partners": ["Cal"],
                    "points": 120,
                    "tricks": 8,
                }
            ],
        ),
        "hand 1: tricks: 8 is not between 0 and 6",
    ),
    (
        "a result that does not sum to zero",
        doc(hands=[{"type": "result", "points": {"Ann": 5, "Bob": -4}}]),
        "hand 1: points: add up to +1, not 0",
    ),
    (
        "a result naming a player who sits out",
        doc(
            players=[*FIVE, "Fay"],
            hands=[{"type": "result", "dealer": "Fay", "points": {"Ann": 5, "Fay": -5}}],
        ),
        "hand 1: points: Fay sits out this hand",
    ),
    (
        "a result in fractions",
        doc(hands=[{"type": "result", "points": {"Ann": 0.5, "Bob": -0.5}}]),
        "hand 1: points.Ann: 0.5 is not a whole number",
    ),
    (
        "a result of no hands",
        doc(hands=[{"type": "result", "points": {"Ann": 1, "Bob": -1}, "hands": 0}]),
        "hand 1: hands: 0 is not between 1 and 100,000",
    ),
    ("closed not a flag", doc(closed=1), "closed: 1 is not true or false"),
    (
        "a payment of no cents",
        doc(payments=[{"from": "Ann", "to": "Bob", "cents": 0}]),
        "payments[1].cents: 0 is not a whole number of cents",
    ),
    (
        "a payment to oneself",
        doc(payments=[{"from": "Ann", "to": "ANN", "cents": 5}]),
        "payments[1].to: Ann cannot pay themselves",
    ),
    (
        "a payment to oneself by a name not seated, in two spellings",
        doc(payments=[{"from": "zed", "to": "Zed", "cents": 5}]),
        "payments[1].to: Zed cannot pay themselves",
    ),
    ("a bad date", doc(date="22/11/2026"), "date: '22/11/2026' is not a date"),
    ("unknown top-level field", doc(venue="Bar"), "venue: is not a field of a night"),
]


@pytest.mark.parametrize(("why", "document", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_documents_exit_2_naming_the_field(
    tmp_path: Path, capsys, why: str, document: Any, message: str
) -> None:
    assert_refused(run(tmp_path, document, capsys), message, why)


def test_every_problem_is_reported_at_once(tmp_path: Path, capsys) -> None:
    document = doc(hands=[hand(points=130), hand(picker="Zed"), hand(tricks=-1)])
    status, out, err = run(tmp_path, document, capsys)
    assert status == 2 and out == ""
    assert [line.split(":")[0] for line in problem_lines(err)] == ["hand 1", "hand 2", "hand 3"]


def test_names_are_trimmed_and_matched_without_case(tmp_path: Path, capsys) -> None:
    document = doc(
        players=[" Ann", "Bob ", "Cal", "Dee", "Eve"], hands=[hand(picker="bob", partners=["DEE "])]
    )
    status, out, _ = run(tmp_path, document, capsys)
    assert status == 0
    assert json.loads(out)["hands"][0]["points"]["Bob"] == 2


def test_score_reads_standard_input_in_a_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "-"],
        input=json.dumps(GOOD).encode(),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"]["points"]["Cal"] == 8


def test_a_bad_file_in_a_real_process_prints_nothing_on_stdout(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc(hands=[hand(points=130)])))
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "scorekeeper: hand 1: points: 130 is not between 0 and 120\n"


def test_a_missing_file_is_named(tmp_path: Path, capsys) -> None:
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    assert "nope.json: no such file" in capsys.readouterr().err
