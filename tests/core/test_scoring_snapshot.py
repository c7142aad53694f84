"""Every spec example and 300 hypothesis nights of each game say today what they said
when the snapshot was written (`tests/scoring_snapshot.py`): the same points, cents,
roles, outcomes, levels, multipliers, sentences, sheet cells, reports, spreadsheets,
statistics and problems, in English and in German.  A change that means to change
none of it (a refactoring of the games) is held to that; one that means to change it
writes the snapshot again (`python -m tests.scoring_snapshot write`) and says why."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from tests.scoring_snapshot import night_snapshot, read_snapshot

CHUNKS = 16  # a test a chunk of the nights: spread over the suite's processes


@cache
def _entries() -> list[dict[str, Any]]:
    return read_snapshot()


def test_the_snapshot_holds_the_examples_and_300_nights_of_each_game() -> None:
    names = [entry["name"] for entry in _entries()]
    assert sum(name.startswith("sheepshead ") for name in names) == 300
    assert sum(name.startswith("schafkopf ") for name in names) == 300
    assert (
        sum(name.startswith(("spec-examples.json", "examples-more.json")) for name in names) == 33
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_night_says_what_it_said(chunk: int) -> None:
    for entry in _entries()[chunk::CHUNKS]:
        said = json.loads(json.dumps(night_snapshot(entry["night"])))  # as the file keeps it
        assert said == entry["said"], entry["name"]
