"""The test corpus of night documents: the worked examples, the sample night, and
nights written for the storage tests (six and seven seats, ties, misplays, metadata)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorekeeper.sample import sample_night_document
from tests.sheet import FIVE, leaster, misplay, night_doc, no_pick, pick

DATA = Path(__file__).resolve().parents[1] / "data"


def spec_examples() -> list[dict[str, Any]]:
    """Every worked example of the contract (both files) as a night document."""
    examples = [
        *json.loads((DATA / "spec-examples.json").read_text("utf-8")),
        *json.loads((DATA / "examples-more.json").read_text("utf-8")),
    ]
    return [e["night"] for e in examples if e["name"].startswith(("scoring.md", "schafkopf.md"))]


def written() -> list[dict[str, Any]]:
    seven = [*FIVE, "Fay", "Gus"]
    nights = [
        night_doc(
            {
                "preset": "classic-5",
                "no_pick": "doubler",
                "doubler_stack": "multiply",
                "stake_cents": 10,
            },
            [
                no_pick(dealer="Ann"),
                no_pick(dealer="Bob", note="misdeal"),
                pick("Cal", "Ann", points=61, tricks=3, call="ace-clubs", dealer="Cal"),
                leaster("Dee", dealer="Dee", doublers=["crack"], misplays=["Eve"]),
                misplay("Bob", "Cal", dealer="Eve", last_hand=True),
            ],
        ),
        night_doc(
            {"preset": "classic-5", "leaster_tie": "all-win"},
            [
                leaster(
                    "Ann",
                    "Cal",
                    dealer="Fay",
                    points={"Ann": 10, "Bob": 40, "Cal": 10, "Dee": 60, "Eve": 0},
                    tricks={"Ann": 1, "Bob": 2, "Cal": 1, "Dee": 2, "Eve": 0},
                ),
            ],
            players=[*FIVE, "Fay"],
        ),
        night_doc(
            "jack-of-diamonds-5",
            [
                pick(
                    "Bob",
                    "Dee",
                    points=74,
                    tricks=4,
                    call="jack-of-diamonds",
                    dealer="Ann",
                    sitting_out=["Ann", "Gus"],
                ),
                pick(
                    "Eve",
                    points=120,
                    tricks=6,
                    call="alone",
                    dealer="Bob",
                    sitting_out=["Bob", "Fay"],
                    doublers=2,
                ),
            ],
            players=seven,
        ),
        {
            **night_doc(
                "cutthroat-4",
                [pick("Ann", points=0, tricks=0)],
                players=["Łukasz", "Zoë <b>&", "O'Neil", "Dee"],
            ),
            "date": "2026-11-03",
            "league": "Thursday Club",
            "season": "2026",
            "table": "2",
            "title": "Names as people write them",
        },
    ]
    nights[3]["hands"][0]["picker"] = "Łukasz"
    return nights + schafkopf_nights()


def schafkopf_nights() -> list[dict[str, Any]]:
    """Schafkopf nights: a pot left unwon, Bock rounds, five seated, every hand type."""
    five = [*FIVE]
    game = {"declarer": "Ann", "points": 75, "tricks": 5}
    pot_rules = {
        "preset": "schafkopf",
        "all_pass": "pot",
        "bock_after": ["schwarz", "kontra"],
        "stake_cents": 5,
    }
    return [
        {
            **night_doc(
                pot_rules,
                [
                    {"type": "pass", "dealer": "Eve"},
                    {
                        "type": "call",
                        "dealer": "Ann",
                        **game,
                        "declarer": "Bob",
                        "partners": ["Cal"],
                        "points": 50,
                        "tricks": 3,
                        "kontra": 1,
                    },
                    {
                        "type": "solo",
                        "dealer": "Bob",
                        **game,
                        "game": "wenz",
                        "laufende": 2,
                        "knocks": 1,
                    },
                    {"type": "null", "dealer": "Cal", "declarer": "Dee", "tricks": 1},
                    {
                        "type": "solo",
                        "dealer": "Dee",
                        **game,
                        "points": 120,
                        "tricks": 8,
                        "tout": True,
                        "laufende": 3,
                    },
                    {"type": "misplay", "dealer": "Eve", "misplays": ["Ann"]},
                    {"type": "pass", "dealer": "Ann", "last_hand": True},
                ],
                players=five,
            ),
            "title": "Schafkopf with a pot left in it",
            "league": "Stammtisch",
        },
        night_doc(
            "schafkopf-10-50",
            [
                {
                    "type": "ramsch",
                    "points": {"Ann": 30, "Bob": 50, "Cal": 40, "Dee": 0},
                    "tricks": {"Ann": 3, "Bob": 3, "Cal": 2, "Dee": 0},
                    "knocks": 1,
                },
                {
                    "type": "ramsch",
                    "points": {"Ann": 40, "Bob": 40, "Cal": 20, "Dee": 20},
                    "tricks": {"Ann": 2, "Bob": 2, "Cal": 2, "Dee": 2},
                    "loser": "Bob",
                },
                {"type": "call", **game, "partners": ["Dee"], "laufende": 3, "bid": 70},
                {"type": "solo", **game, "game": "geier", "sie": True, "points": 120, "tricks": 8},
            ],
            players=["Ann", "Bob", "Cal", "Dee"],
        ),
    ]


def house_rules_nights() -> list[dict[str, Any]]:
    """Nights under the second round of house rules: 60-60, loser-pays leasters, the same
    dealer after a no-pick, result hands, the extras and solos priced apart, the pot
    shared by the side, the short deck, and a night's payments."""
    sheepshead_rules = {
        "preset": "classic-5",
        "no_pick": "doubler",
        "sixty_doubles_next": True,
        "leaster_pay": "loser-pays",
        "no_pick_dealer": "same",
        "max_redeals": 2,
    }
    short_rules = {
        "preset": "schafkopf-short",
        "all_pass": "pot",
        "pot_to": "side",
        "tariff_schneider": 15,
        "tariff_games": {"wenz": 20},
    }
    game = {"declarer": "Ann", "partners": ["Cal"]}
    return [
        {
            **night_doc(
                sheepshead_rules,
                [
                    {
                        "type": "result",
                        "dealer": "Ann",
                        "points": {"Ann": 9, "Eve": -9},
                        "hands": 12,
                    },
                    no_pick(dealer="Ann"),
                    no_pick(dealer="Ann"),
                    pick("Bob", "Dee", points=60, tricks=3, call="ace-hearts", dealer="Bob"),
                    {
                        "type": "leaster",
                        "dealer": "Cal",
                        "loser": "Dee",
                        "points": {"Ann": 20, "Bob": 20, "Cal": 20, "Dee": 40, "Eve": 20},
                    },
                    pick("Eve", points=95, tricks=5, call="alone", dealer="Dee", last_hand=True),
                ],
            ),
            "title": "House rules, round two",
            "league": "Thursday Club",
            "date": "2026-11-26",
            "payments": [{"from": "Bob", "to": "Eve", "cents": 20, "date": "2026-11-26"}],
        },
        night_doc(
            short_rules,
            [
                {"type": "pass", "dealer": "Ann"},
                {
                    "type": "call",
                    "dealer": "Bob",
                    **game,
                    "points": 95,
                    "tricks": 5,
                    "laufende": 12,
                },
                {"type": "pass", "dealer": "Cal"},
                {"type": "call", "dealer": "Dee", **game, "points": 40, "tricks": 2},
                {
                    "type": "solo",
                    "dealer": "Ann",
                    "declarer": "Bob",
                    "game": "wenz",
                    "points": 61,
                    "tricks": 3,
                },
                {"type": "result", "dealer": "Bob", "points": {"Ann": -30, "Cal": 30}, "hands": 4},
            ],
            players=["Ann", "Bob", "Cal", "Dee"],
        ),
    ]


def corpus() -> list[dict[str, Any]]:
    """Every night document the storage tests round-trip."""
    return [*spec_examples(), sample_night_document(), *written(), *house_rules_nights()]
