"""The second file of worked examples (`tests/data/examples-more.json`: the house rules
of "More house rules, and the result hand" and "More tariffs, the shared pot, the short
deck"), each scored whole: every hand's points, the night's cents, the doublers waiting
and the pot.  Each is also written as a score sheet beside the rule it shows:
examples 12 and 13 in test_worked_examples.py, 14 in test_result_hand.py, 15 (a dealer
proposed, no score) in test_dealing.py, and Schafkopf's 9 to 13 in
test_schafkopf_tariffs.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.sheet import score_doc

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples-more.json"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "spec" / "examples-more.json"


def _examples() -> list[dict[str, Any]]:
    examples: list[dict[str, Any]] = json.loads(EXAMPLES.read_text(encoding="utf-8"))
    return examples


@pytest.mark.parametrize("example", _examples(), ids=lambda e: e["name"])
def test_examples_more_json(example: dict[str, Any]) -> None:
    result = score_doc(example["night"])
    expect = example["expect"]
    assert [h.points for h in result.hands] == expect["points"]
    assert result.total_cents == expect["totals_cents"]
    if "doublers_pending" in expect:
        assert result.doublers_pending == expect["doublers_pending"]
    if "pot" in expect:
        assert result.pot == expect["pot"]


def test_every_example_of_the_spec_s_sections_is_here() -> None:
    names = [e["name"] for e in _examples()]
    assert [n.split(":")[0] for n in names] == [
        "scoring.md 12",
        "scoring.md 13",
        "scoring.md 14",
        "schafkopf.md 9",
        "schafkopf.md 10",
        "schafkopf.md 11",
        "schafkopf.md 12",
        "schafkopf.md 12",
        "schafkopf.md 13",
        "scoring.md 16",
    ]


@pytest.mark.skipif(not SHARED.exists(), reason="no shared/ folder beside this checkout")
def test_the_copy_of_the_examples_is_current() -> None:
    """The repository's copy still equals the contract's file (docs/rules/examples.md
    explains every example of it)."""
    assert json.loads(EXAMPLES.read_text("utf-8")) == json.loads(SHARED.read_text("utf-8"))
