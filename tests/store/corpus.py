"""The test corpus of night documents: the spec's examples, the sample night, and
nights written for the storage tests (six and seven seats, ties, misplays, metadata)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorekeeper.sample import sample_night_document
from tests.sheet import FIVE, leaster, misplay, night_doc, no_pick, pick

DATA = Path(__file__).resolve().parents[1] / "data"


def spec_examples() -> list[dict[str, Any]]:
    examples = json.loads((DATA / "spec-examples.json").read_text("utf-8"))
    return [e["night"] for e in examples if e["name"].startswith("scoring.md")]


def written() -> list[dict[str, Any]]:
    seven = [*FIVE, "Fay", "Gus"]
    nights = [
        night_doc({"preset": "classic-5", "no_pick": "doubler", "doubler_stack": "multiply",
                   "stake_cents": 10}, [
            no_pick(dealer="Ann"), no_pick(dealer="Bob", note="misdeal"),
            pick("Cal", "Ann", points=61, tricks=3, call="ace-clubs", dealer="Cal"),
            leaster("Dee", dealer="Dee", doublers=["crack"], misplays=["Eve"]),
            misplay("Bob", "Cal", dealer="Eve", last_hand=True),
        ]),
        night_doc({"preset": "classic-5", "leaster_tie": "all-win"}, [
            leaster("Ann", "Cal", dealer="Fay",
                    points={"Ann": 10, "Bob": 40, "Cal": 10, "Dee": 60, "Eve": 0},
                    tricks={"Ann": 1, "Bob": 2, "Cal": 1, "Dee": 2, "Eve": 0}),
        ], players=[*FIVE, "Fay"]),
        night_doc("jack-of-diamonds-5", [
            pick("Bob", "Dee", points=74, tricks=4, call="jack-of-diamonds",
                 dealer="Ann", sitting_out=["Ann", "Gus"]),
            pick("Eve", points=120, tricks=6, call="alone", dealer="Bob",
                 sitting_out=["Bob", "Fay"], doublers=2),
        ], players=seven),
        {**night_doc("cutthroat-4", [pick("Ann", points=0, tricks=0)],
                     players=["Łukasz", "Zoë <b>&", "O'Neil", "Dee"]),
         "date": "2026-11-03", "league": "Thursday Club", "season": "2026", "table": "2",
         "title": "Names as people write them"},
    ]  # fmt: skip
    nights[3]["hands"][0]["picker"] = "Łukasz"
    return nights


def corpus() -> list[dict[str, Any]]:
    """Every night document the storage tests round-trip."""
    return [*spec_examples(), sample_night_document(), *written()]
