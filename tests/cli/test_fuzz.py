"""The doors' promise under fuzzing (issue 34), each target of `benchmarks/fuzz.py`:

- a mutated night document through `score` and `import` gives status 0 with a result
  that sums to zero (and exactly one night filed, which scores the same when exported),
  or status 2 with every line naming a field and nothing written;
- a mutated backup (a JSON dump or a SQLite copy) through `restore --force` gives status
  0 and a database that answers every command, or status 2 naming the backup and the
  database exactly as it was;
- a mutated league spreadsheet through `import-sheet` gives status 0 and the nights the
  sheet says, or status 2 naming rows and columns and nothing written.

Never status 1.  The mutators are the script's, driven here by hypothesis (so a failure
shrinks to a small mutant) for a bounded number of examples; the script runs them longer.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import fuzz
from benchmarks.fuzz import FIELD_LINE, Checker, Outcome, base_nights, broken_promise, mutant
from benchmarks.fuzz_restore import RestoreChecker, dump_mutant
from benchmarks.fuzz_sheets import SHEET_LINE, SheetChecker, base_grid, said_by, sheet_mutant

T = TypeVar("T")
BASES = base_nights()
EXAMPLES = int(os.environ.get("SCOREKEEPER_FUZZ_EXAMPLES", "150"))
# A restore or an import of a sheet takes longer than a night scored: fewer of them.
FEWER = max(1, EXAMPLES // 5)


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


# The least each target's long run in docs/reliability.md must have tried.
LONG_RUNS = {"nights": 20_000, "restore": 2_000, "sheets": 1_000}


def table_of(text: str, target: str) -> str:
    start, end = fuzz.markers(target)
    return text[text.index(start) + len(start) : text.index(end)].strip()


@pytest.mark.parametrize("target", sorted(fuzz.TARGETS))
def test_the_docs_hold_the_figures_the_fuzzer_wrote(target: str) -> None:
    """Issue 34, point 9: docs/reliability.md's table had drifted from what the fuzzer
    prints; the fuzzer now writes each target's table itself (--write-docs), and each
    is one it writes: read back, it is written again the same, with no broken promise,
    its statuses adding up to its mutants, after a long run."""
    table = table_of(fuzz.RELIABILITY.read_text("utf-8"), target)
    row = table.splitlines()[-1]
    day, mutants, seed, seconds, *counts, broken = (c.strip() for c in row.strip("|").split("|"))
    keys = fuzz.TARGETS[target].counts
    figures = {
        "target": target,
        "mutants": int(mutants.replace(",", "")),
        "seed": int(seed.replace(",", "")),
        "seconds": float(seconds),
        **{key: int(count.replace(",", "")) for key, count in zip(keys, counts, strict=True)},
    }
    assert table == fuzz.figures_table(figures, day)
    assert broken == "0" and figures["mutants"] >= LONG_RUNS[target]
    first_command = keys[:2] if target == "nights" else keys
    assert figures["mutants"] == sum(figures[k] for k in first_command)


def test_write_docs_writes_every_targets_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--target all --write-docs` runs each target and writes each one's table between
    its markers, and nothing else of the page."""
    page = tmp_path / "reliability.md"
    page.write_text(fuzz.RELIABILITY.read_text("utf-8"), encoding="utf-8")
    monkeypatch.setattr(fuzz, "RELIABILITY", page)
    assert fuzz.main(["--target", "all", "--mutants", "3", "--seed", "7", "--write-docs"]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [figures["target"] for figures in printed] == ["nights", "restore", "sheets"]
    text = page.read_text("utf-8")
    for figures in printed:
        row = table_of(text, figures["target"]).splitlines()[-1]
        assert row.startswith(f"| {time.strftime('%Y-%m-%d')} | 3 | 7 | ")
        assert row.endswith(" | 0 |")
        assert table_of(text, figures["target"]) == fuzz.figures_table(
            figures, time.strftime("%Y-%m-%d")
        )
    outside = fuzz.RELIABILITY.read_text("utf-8")
    for target in fuzz.TARGETS:
        outside = outside.replace(table_of(outside, target), "")
        text = text.replace(table_of(text, target), "")
    assert text == outside


# -- restore --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def restores(tmp_path_factory: pytest.TempPathFactory) -> RestoreChecker:
    """The league, its backups, and a database to restore into: made once (each
    restore starts again from a copy of the league)."""
    return RestoreChecker(tmp_path_factory.mktemp("restore"))


@settings(
    max_examples=FEWER,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_mutated_backup_is_restored_whole_or_refused_naming_it(
    restores: RestoreChecker, data: st.DataObject
) -> None:
    choose = DrawChooser(data)
    if choose.choice(["dump", "SQLite"]) == "dump":
        assert restores.check_dump(dump_mutant(restores.base_dump, choose)) is None
    else:
        steps, problem = restores.check_sqlite(choose)
        assert problem is None, steps


def test_the_restore_check_sees_a_broken_promise(restores: RestoreChecker) -> None:
    """The fuzzer's own check fails on what it must catch: a refusal that changed the
    database or names another file, status 1, and a restore that left a trigger."""
    mutant = restores.folder / "mutant.json"
    named = Outcome(2, "", f"scorekeeper: {mutant}: is not a Scorekeeper dump\n")
    restores.fresh()
    assert restores._refused(named, mutant) is None
    other = Outcome(2, "", "scorekeeper: the database is damaged\n")
    assert restores._refused(other, mutant) == (
        "a refusal that does not name the backup: 'scorekeeper: the database is damaged'"
    )
    with contextlib.closing(sqlite3.connect(restores.live)) as con, con:
        con.execute("DELETE FROM payment")
    assert restores._refused(named, mutant) == "refused, but the database was changed"
    restores.fresh()
    assert restores._restored(None) is None
    with contextlib.closing(sqlite3.connect(restores.live)) as con, con:
        con.execute("CREATE TRIGGER left AFTER INSERT ON hand BEGIN DELETE FROM player; END")
    assert "holds what the app never made" in (restores._restored(None) or "")
    assert restores.check_dump(b"{") is None  # refused: not a dump
    assert restores.statuses["dump 2"] >= 1


# -- import-sheet ---------------------------------------------------------------------

GRID = base_grid()


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> SheetChecker:
    return SheetChecker(tmp_path_factory.mktemp("sheets"))


@settings(
    max_examples=FEWER,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_mutated_sheet_is_filed_as_it_says_or_refused_by_row_and_column(
    sheets: SheetChecker, data: st.DataObject
) -> None:
    mutated, zero_is_absent = sheet_mutant(GRID, DrawChooser(data))
    assert sheets.check(mutated, zero_is_absent=zero_is_absent) is None


@pytest.mark.parametrize(
    "line",
    [
        "scorekeeper: row 5, column 3 (C) 'Zoë': '1.5' is not a whole number of points",
        "scorekeeper: row 1, column 5 (E): no name in the header, but row 3 has a value under it",
        "scorekeeper: row 3: the points add up to +1, not 0: a sitting is zero-sum",
        "scorekeeper: rows 2-4, 7 and 9 (3 players each): schafkopf cannot deal 3 players in (…)",
        "scorekeeper: line 1: is not UTF-8 text (the byte 0xE9): save the sheet as 'CSV UTF-8'",
        "scorekeeper: file: is empty: a sheet is a header row",
    ],
)
def test_a_sheet_refusal_that_names_its_place_keeps_the_promise(line: str) -> None:
    assert SHEET_LINE.fullmatch(line)


@pytest.mark.parametrize(
    "line",
    [
        "scorekeeper: internal error: ValueError: invalid literal for int()",
        "scorekeeper: the database league.sqlite3 is busy in another program; try again",
        "scorekeeper: column 3 (C) 'Zoë': '1.5' is not a whole number of points",
        "row 5: the points add up to +1, not 0",
    ],
)
def test_a_sheet_refusal_that_names_no_row_breaks_the_promise(line: str) -> None:
    assert not SHEET_LINE.fullmatch(line)


def test_the_sheet_check_reads_what_the_sheet_says(sheets: SheetChecker) -> None:
    """The fuzzer reads a sheet on its own, and fails a filing that differs from it."""
    text = "\ufeffDate;hands;Ann;Bob;Cal;table\r\n9/11/2013;14;12;-7;-5;1\r\n"
    assert said_by(text.encode("utf-8"), False) == [
        ("2013-09-11", "1", {"Ann": 12, "Bob": -7, "Cal": -5}, 14)
    ]
    assert sheets.check(text.encode("utf-8")) is None
    assert sheets.statuses["import-sheet 0"] >= 1
    said_otherwise = text.replace("12;-7", "-7;12").encode("utf-8")
    assert (sheets._filed(said_otherwise, False) or "").startswith("filed [")
