"""The door's promise under fuzzing: a mutated night document through `score` and
`import` gives status 0 with a result that sums to zero (and exactly one night filed,
which scores the same when exported), or status 2 with every line naming a field and
nothing written.  Never status 1.

The mutator is `benchmarks/fuzz.py`'s, driven here by hypothesis (so a failure shrinks
to a small mutant) for a bounded number of examples; the script runs it longer.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz import Checker, base_nights, mutant

T = TypeVar("T")
BASES = base_nights()
EXAMPLES = int(os.environ.get("SCOREKEEPER_FUZZ_EXAMPLES", "150"))


class DrawChooser:
    """The mutator's choices drawn by hypothesis."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def choice(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(options))


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_mutant_is_scored_whole_or_refused_by_field(tmp_path: Path, data: st.DataObject) -> None:
    choose = DrawChooser(data)
    document = mutant(choose.choice(BASES), choose)
    checker = Checker(tmp_path)
    assert checker.check(document, also_import=True) is None


def test_the_checker_sees_a_broken_promise(tmp_path: Path) -> None:
    """The fuzzer's own check fails on what it must catch: a refusal without a field."""
    from benchmarks.fuzz import Outcome, broken_promise

    assert broken_promise(Outcome(2, "", "something went wrong\n")) is not None
    assert broken_promise(Outcome(1, "", "scorekeeper: internal error: TypeError\n")) is not None
    assert broken_promise(Outcome(2, "", "hand 1: points: 'x' is not a whole number\n")) is None
    unbalanced = '{"hands": [{"points": {"Ann": 1, "Bob": 0}}], "totals": {}, "settlement": []}'
    assert broken_promise(Outcome(0, unbalanced, "")) == "hand 1 does not sum to zero"
