"""A scored hand speaks German at a German table: each sentence whole in the table's own
words (Sauspiel, Laufende, Schneider, Jungfrau, Leaster, Picker), verbs agreeing with
one player or two, the sheet's letters and a problem's message in German while the
field it names stays the night document's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper import i18n
from scorekeeper.document import load_night
from scorekeeper.games import changed_lines, game_of, parse_rules
from scorekeeper.night import score_night
from scorekeeper.results import HandResult

FOUR = ["Ann", "Bob", "Cal", "Dee"]
FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]


@pytest.fixture(autouse=True)
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def scored(rules: Any, players: list[str], hands: list[dict[str, Any]]) -> list[HandResult]:
    doc = {"format": "sheepshead-night/1", "rules": rules, "players": players, "hands": hands}
    night, problems = load_night(doc)
    assert night is not None, problems
    return list(score_night(night).hands)


def test_a_sauspiel_with_laufende_and_schneider() -> None:
    hand = {
        "type": "call",
        "declarer": "Ann",
        "partner": "Cal",
        "points": 95,
        "tricks": 6,
        "laufende": 3,
        "knocks": 1,
        "kontra": 1,
    }
    (result,) = scored("schafkopf", FOUR, [hand])
    assert result.explanation == (
        "Sauspiel (mit gerufener Sau) – Ann und Cal machten 95 Augen: mit Schneider "
        "gewonnen, mit 3 Laufenden, x4 durch Klopfen und Kontra. Ann +240, Cal +240, "
        "jeder Gegenspieler -240."
    )
    assert result.summary == "Sauspiel Ann+Cal: 95 mit Schneider gewonnen"


def test_a_ramsch_with_a_jungfrau_and_one_with_two() -> None:
    one = {
        "type": "ramsch",
        "points": {"Ann": 62, "Bob": 30, "Cal": 28, "Dee": 0},
        "tricks": {"Ann": 4, "Bob": 2, "Cal": 2, "Dee": 0},
    }
    two = {
        "type": "ramsch",
        "points": {"Ann": 62, "Bob": 58, "Cal": 0, "Dee": 0},
        "tricks": {"Ann": 4, "Bob": 4, "Cal": 0, "Dee": 0},
    }
    first, second = scored({"preset": "schafkopf", "all_pass": "ramsch"}, FOUR, [one, two])
    assert first.explanation == (
        "Ramsch – Ann verlor mit 62 Augen; Dee blieb Jungfrau (kein Stich), das verdoppelt. "
        "Ann -120, alle anderen +40."
    )
    assert second.explanation.startswith(
        "Ramsch – Ann verlor mit 62 Augen; Cal und Dee blieben Jungfrauen (kein Stich), "
        "jede verdoppelt."
    )
    assert first.summary == "Ramsch: Ann verlor mit 62, Jungfrau Dee"
    assert second.summary == "Ramsch: Ann verlor mit 62, Jungfrauen Cal und Dee"


def test_a_leaster_and_a_picker_alone() -> None:
    hands = [
        {
            "type": "leaster",
            "winner": "Dee",
            "points": {"Ann": 30, "Bob": 25, "Cal": 40, "Dee": 10, "Eve": 15},
        },
        {"type": "pick", "picker": "Ann", "call": "alone", "points": 95, "tricks": 5},
        {
            "type": "pick",
            "picker": "Bob",
            "partners": ["Dee"],
            "points": 91,
            "tricks": 4,
            "doublers": ["crack"],
            "dealer": "Cal",
            "misplays": ["Eve"],
        },
    ]
    leaster, alone, doubled = scored("classic-5", FIVE, hands)
    assert leaster.explanation == "Dee gewann den Leaster. Dee +4, alle anderen -1."
    assert alone.explanation == (
        "Ann allein machte 95 Augen: mit Schneider gewonnen. Ann +8, jeder Gegenspieler -2."
    )
    assert doubled.explanation == (
        "Bob und Dee machten 91 Augen: mit Schneider gewonnen, verdoppelt durch Kontra. "
        "Bob +8, Dee +4, jeder Gegenspieler -4. Eve hat falsch gespielt: 1 an jeden "
        "anderen Spieler."
    )
    # The sheet's letters: the dealer (Geber) and a misplayer (Fehlspiel) in German.
    assert doubled.marks == {"Bob": "P", "Dee": "p", "Cal": "G", "Eve": "F"}


def test_a_problem_is_in_german_and_names_the_document_s_field() -> None:
    hand = {"type": "call", "declarer": "Ann", "partners": [], "points": 70, "tricks": 5}
    doc = {"format": "sheepshead-night/1", "rules": "schafkopf", "players": FOUR}
    night, problems = load_night(doc | {"hands": [hand]})
    assert night is None
    assert [(p.hand, p.field, p.message) for p in problems] == [
        (
            1,
            "partners",
            "0 genannt; ein Sauspiel hat genau einen Partner, den mit der gerufenen Sau",
        )
    ]
    _, rule_problems = parse_rules({"preset": "schafkopf", "win_at": 60})
    assert [(p.field, p.message) for p in rule_problems] == [
        (
            "rules.win_at",
            "ist eine Hausregel von Sheepshead, und schafkopf ist eine "
            "Voreinstellung von Schafkopf",
        ),
    ]


def test_a_changed_rule_is_said_in_german_words() -> None:
    rules, problems = parse_rules(
        {"preset": "schafkopf", "jungfrau": "none", "stake_cents": 25, "tariff_schwarz": 20}
    )
    assert rules is not None, problems
    assert changed_lines(rules, game_of(rules).options, "EUR") == (
        "Geändert gegenüber schafkopf:",
        "Einsatz je Punkt: 0,25\xa0€",
        "Zuschlag für Schwarz: 20",
        "Jungfrau: ändert nichts",
    )
