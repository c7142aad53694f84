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

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz import FIELD_LINE, Checker, Outcome, base_nights, broken_promise, mutant

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


# Lines a refusal might print that say what went wrong but not where: each must fail the
# fuzzer's check.  The last five are messages the core printed before it named the
# place (a key with spaces or the empty key unquoted, a rule option without `rules.`, a
# position in a list that is the whole document or a hand); the last but one is a
# number the door refused by the file alone, the last a line without `scorekeeper: `.
FIELDLESS = [
    "scorekeeper: something went wrong: badly",
    "scorekeeper: the database night.sqlite3 is damaged (database disk image is malformed)",
    "scorekeeper: internal error: TypeError: 'NoneType' object is not subscriptable",
    "scorekeeper: hand 2: could not score it: sorry",
    "scorekeeper: hand 2: Ann: would score too much",
    "scorekeeper: Ann: would score too much",
    "scorekeeper: rules. Ann : is not a house-rule option",
    "scorekeeper: hand 1: points.: 'x' is not a whole number of 0 or more",
    "scorekeeper: hand 1: stake_cents: at 1,000,000 cents a point, Bob would win or lose over $10",
    "scorekeeper: [3]: holds a lone surrogate (such as \\ud800), which is not text",
    "scorekeeper: hand 1: [2][1].'\\ud800': holds a lone surrogate (such as \\ud800), which is "
    "not text",
    "scorekeeper: holds a number of 21 digits; at most 18",
    "hand 1: points: 130 is not between 0 and 120",
]

# Lines the core does print (tests/cli/test_door.py and test_score_cli.py make them).
NAMED = [
    "scorekeeper: file: is not JSON (Expecting value at line 1 column 1)",
    "scorekeeper: file: is not JSON (Unterminated string starting at line 1 column 147)",
    "scorekeeper: file: is empty",
    "scorekeeper: file[3]: holds a lone surrogate (such as \\ud800), which is not text",
    "scorekeeper: format: must be 'sheepshead-night/1', not 2",
    "scorekeeper: date: '2026-02-30' is not a real date (February 2026 has 28 days)",
    "scorekeeper: players[5]: holds a lone surrogate (such as \\ud800), which is not text",
    "scorekeeper: rules.preset: ['classic-5'] is not a preset (one of classic-5, cutthroat-4)",
    "scorekeeper: rules.' Ann ': is not a house-rule option",
    "scorekeeper: rules.stake_cents: is a number of 31 digits; at most 18",
    "scorekeeper: '': is not a field of a night",
    "scorekeeper: deep: is not a field of a night",
    "scorekeeper: '\\x1b[2J': is not a field of a night",
    "scorekeeper: x: is a number of 19 digits; at most 18",
    "scorekeeper: 'Ann\\u200b'[2]: is NaN, which JSON does not allow",
    "scorekeeper: hand 1: note: holds a lone surrogate (such as \\ud800), which is not text",
    "scorekeeper: hand 1: hand[2][1].'\\ud800': holds a lone surrogate (such as \\ud800), which "
    "is not text",
    "scorekeeper: hand 1: x: is not a field of a no-pick hand",
    "scorekeeper: hand 1: x: is -Infinity, which JSON does not allow",
    "scorekeeper: hand 1: points: is a number of 21 digits; at most 18",
    "scorekeeper: hand 1: points: is 1e999, too large to be a number",
    "scorekeeper: hand 1: tricks: true is not a whole number",
    "scorekeeper: hand 1: points.'': 'x' is not a whole number of 0 or more",
    "scorekeeper: hand 2: points.'Zoë Ann': 20, but Zoë Ann took no trick",
    "scorekeeper: hand 1: rules.stake_cents: at 1,000,000 cents a point, Bob would win or lose "
    "over $10",
    "scorekeeper: hand 41: score: Ann would score more than 1,000,000,000,000 points either way "
    "on it",
    "scorekeeper: season: a season belongs to a league: give league too",
]


@pytest.mark.parametrize("line", FIELDLESS)
def test_a_refusal_that_names_no_field_breaks_the_promise(line: str) -> None:
    assert broken_promise(Outcome(2, "", line + "\n")) == f"a message that names no field: {line!r}"


@pytest.mark.parametrize("line", NAMED)
def test_a_refusal_that_names_its_field_keeps_the_promise(line: str) -> None:
    assert FIELD_LINE.fullmatch(line)
    assert broken_promise(Outcome(2, "", line + "\n")) is None


def test_the_checker_sees_a_broken_promise(tmp_path: Path) -> None:
    """The fuzzer's own check fails on what it must catch: a refusal without a field."""
    assert broken_promise(Outcome(2, "", "scorekeeper: something went wrong\n")) is not None
    assert broken_promise(Outcome(1, "", "scorekeeper: internal error: TypeError\n")) is not None
    named = "scorekeeper: hand 1: points: 'x' is not a whole number\n"
    assert broken_promise(Outcome(2, "", named)) is None
    unbalanced = '{"hands": [{"points": {"Ann": 1, "Bob": 0}}], "totals": {}, "settlement": []}'
    assert broken_promise(Outcome(0, unbalanced, "")) == "hand 1 does not sum to zero"


def test_the_docs_hold_the_figures_the_fuzzer_wrote() -> None:
    """Issue 34, point 9: docs/reliability.md's table had drifted from what the fuzzer
    prints; the fuzzer now writes it itself (--write-docs), and the table is one it
    writes: read back, it is written again the same, with no broken promise."""
    from benchmarks.fuzz import FIGURES_END, FIGURES_START, RELIABILITY, figures_table

    text = RELIABILITY.read_text("utf-8")
    table = text[text.index(FIGURES_START) + len(FIGURES_START) : text.index(FIGURES_END)]
    row = table.strip().splitlines()[-1]
    day, mutants, seed, seconds, *counts, broken = (c.strip() for c in row.strip("|").split("|"))
    keys = ("score 0", "score 2", "import 0", "import 2")
    figures = {
        "mutants": int(mutants.replace(",", "")),
        "seed": int(seed.replace(",", "")),
        "seconds": float(seconds),
        **{key: int(count.replace(",", "")) for key, count in zip(keys, counts, strict=True)},
    }
    assert table.strip() == figures_table(figures, day)
    assert broken == "0" and figures["mutants"] >= 20_000
    assert figures["mutants"] == sum(figures[k] for k in ("score 0", "score 2"))
