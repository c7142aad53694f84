"""The fuzzer: mutants through the command line's doors, each outcome held to its promise.

    python -m benchmarks.fuzz [--target all|nights|restore|sheets] [--mutants N] [--seed N]
                              [--import-every 5] [--write-docs]

Three targets, each a module's mutator and check (`--mutants` defaults to each one's own
count: nights 20,000, restore 2,000, sheets 1,000):

- nights (here): a worked example (`docs/rules/examples.md`, as night documents in
  tests/data/spec-examples.json) changed a few times at random: a value replaced by one
  of another kind, a key deleted or added, a name misspelt, an amount pushed to its
  limits, the text truncated, nested 2,000 deep, given a byte-order mark, a duplicate
  key, a lone surrogate or a number of 5,000 digits, through `score` and, every fifth,
  `import`.  Every outcome must be status 0, with totals, hands and settlement that sum
  to exactly zero, and (for `import`) one more night in the database that exports and
  scores the same; or status 2, nothing on standard output, one message a line naming
  the field, no control character echoed, and (for `import`) nothing written.
- restore (`benchmarks/fuzz_restore.py`): mutated dumps and SQLite backups through
  `restore --force` into a database holding a league.
- sheets (`benchmarks/fuzz_sheets.py`): a league's spreadsheet mutated cell by cell
  through `import-sheet`.

Status 1 (an internal error), anything else, or a broken promise is a failure: the
script prints the mutant that broke it (keeping its file) and exits 1.
`tests/cli/test_fuzz.py` runs the same mutators under hypothesis for a bounded number of
examples; this script is the longer run whose figures `docs/reliability.md` records
(`--write-docs` writes each target's table there).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.fuzz_restore import RestoreChecker, dump_mutant
from benchmarks.fuzz_sheets import SheetChecker, base_grid, sheet_mutant
from benchmarks.fuzzing import (
    CONTROL,
    Chooser,
    Outcome,
    RandomChooser,
    change_json,
    change_text,
    night_count,
    run,
    unbalanced,
)
from scorekeeper.document import COMMON_FIELDS, TOP_FIELDS
from scorekeeper.games import hand_types
from scorekeeper.json_input import NOT_TEXT

EXAMPLES = Path(__file__).resolve().parents[1] / "tests" / "data" / "spec-examples.json"

# Where a refusal says the problem is, as the night document and the JSON door name it
# (`json_input.show_path`), after the `scorekeeper: ` every line of the command line's
# starts with: "hand N: " when it is in a hand, then a field of a night or a hand, `file`
# (the text as a whole), `hand` (the hand as a whole) or `score` (a hand's score), and
# within it keys and list positions (`rules.stake_cents`, `points.Ann`, `players[2]`,
# `points.''`); or a key the document holds that is no field of it, or holds what the
# door refuses (a string that is not text, a number too long or not a number).  A key
# that is not one plain ASCII word is quoted (`json_input.key_name`).
OWN_FIELDS = {f for kind in hand_types().values() for f in kind.FIELDS}
PLACES = sorted({"file", "hand", "score", *TOP_FIELDS, *COMMON_FIELDS, *OWN_FIELDS})
_KEY = r"(?:[A-Za-z_][\w-]*|'[^\n]*?')"
_WITHIN = rf"(?:\.{_KEY}|\[[1-9]\d*\])*"
_REFUSED = (
    rf"{re.escape(NOT_TEXT)}|is a number of \d+ digits; at most \d+"
    r"|is -?(?:NaN|Infinity), which JSON does not allow|is [-+.\deE]+, too large to be a number"
)
_NOT_A_FIELD = rf"is not a field of (?:a night|a [\w-]+ hand)|{_REFUSED}"
FIELD_LINE = re.compile(
    rf"scorekeeper: (?:hand [1-9]\d*: )?"
    rf"(?:(?:{'|'.join(PLACES)}){_WITHIN}: \S.*|{_KEY}{_WITHIN}: (?:{_NOT_A_FIELD}))",
    re.ASCII,
)


def base_nights() -> list[dict[str, Any]]:
    """The worked examples' night documents, the seeds every mutant grows from."""
    return [example["night"] for example in json.loads(EXAMPLES.read_text(encoding="utf-8"))]


def mutant(base: dict[str, Any], choose: Chooser) -> bytes:
    """One mutant of BASE, as the bytes of a file."""
    document = copy.deepcopy(base)
    for _ in range(choose.choice([1, 1, 1, 2, 3])):
        document = change_json(document, choose)
    text = json.dumps(document, ensure_ascii=choose.choice([True, False, True]))
    text = change_text(text, choose)
    return text.encode("utf-8", "surrogatepass")


def broken_promise(outcome: Outcome) -> str | None:
    """What is wrong with a command's outcome, or None when it kept the door's promise."""
    if outcome.status == 2:
        if outcome.out:
            return "status 2 but something on standard output"
        lines = outcome.err.splitlines()
        if not lines:
            return "status 2 with no message"
        unnamed = [line for line in lines if not FIELD_LINE.fullmatch(line)]
        if unnamed:
            return f"a message that names no field: {unnamed[0]!r}"
        if CONTROL.search(outcome.err):
            return "a control character echoed to the terminal"
        return None
    if outcome.status != 0:
        return f"status {outcome.status}: {outcome.err.strip()[:300]}"
    return unbalanced(json.loads(outcome.out)) if outcome.out.startswith("{") else None


def _folded(result: dict[str, Any]) -> dict[str, Any]:
    """A result's totals with names case-folded: a player already in the database keeps
    the spelling stored first ("ann" imported after "Ann" is Ann)."""
    return {
        kind: {name.casefold(): amount for name, amount in amounts.items()}
        if isinstance(amounts, dict)
        else amounts
        for kind, amounts in result["totals"].items()
    }


class Checker:
    """Runs mutants through `score` and, every so often, `import`, in one SQLite file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = f"sqlite:///{folder / 'fuzz.sqlite3'}"
        self.file = folder / "mutant.json"
        self.statuses: Counter[str] = Counter()

    def check(self, data: bytes, *, also_import: bool) -> str | None:
        """The broken promise of one mutant, or None."""
        self.file.write_bytes(data)
        scored = run(["score", str(self.file)])
        self.statuses[f"score {scored.status}"] += 1
        problem = broken_promise(scored)
        if problem or not also_import:
            return problem and f"score: {problem}"
        return self._check_import(scored)

    def _check_import(self, scored: Outcome) -> str | None:
        before = self.night_count()
        imported = run(["--database", self.url, "import", str(self.file)])
        self.statuses[f"import {imported.status}"] += 1
        problem = broken_promise(imported)
        if problem:
            return f"import: {problem}"
        after = self.night_count()
        if imported.status == 2:
            return None if after == before else "import: refused, but a night was written"
        if after != before + 1 or scored.status != 0:
            return "import: took a night that score refused, or wrote other than one night"
        return self._check_round_trip(int(imported.out), json.loads(scored.out))

    def _check_round_trip(self, night: int, scored: dict[str, Any]) -> str | None:
        exported = run(["--database", self.url, "export", "--night", str(night)])
        self.file.write_text(exported.out, encoding="utf-8")
        again = run(["score", str(self.file)])
        if again.status != 0 or _folded(json.loads(again.out)) != _folded(scored):
            return "import: the stored night does not score as the document did"
        return None

    def night_count(self) -> int:
        """How many nights the database holds."""
        return night_count(self.folder / "fuzz.sqlite3")


class Broken(Exception):
    """A mutant broke its promise: which one, what broke, and the mutant as shown."""


def fuzz_nights(folder: Path, mutants: int, choose: Chooser, import_every: int) -> Counter[str]:
    """MUTANTS night documents through `score`, every IMPORT_EVERY-th through `import`
    too; how often each command gave each status."""
    bases = base_nights()
    checker = Checker(folder)
    for number in range(1, mutants + 1):
        data = mutant(choose.choice(bases), choose)
        problem = checker.check(data, also_import=number % import_every == 0)
        if problem:
            raise Broken(f"mutant {number}: {problem}\n{data[:2000]!r}", checker.file)
    return checker.statuses


def fuzz_restore(folder: Path, mutants: int, choose: Chooser, import_every: int) -> Counter[str]:
    """MUTANTS backups, dumps and SQLite copies in turn as chosen, through `restore`."""
    checker = RestoreChecker(folder)
    for number in range(1, mutants + 1):
        if choose.integer(0, 1):
            data = dump_mutant(checker.base_dump, choose)
            problem, shown, file = checker.check_dump(data), f"{data[:2000]!r}", "mutant.json"
        else:
            steps, problem = checker.check_sqlite(choose)
            shown, file = "\n".join(steps), "mutant.sqlite3"
        if problem:
            raise Broken(f"mutant {number}: {problem}\n{shown}", folder / file)
    return checker.statuses


def fuzz_sheets(folder: Path, mutants: int, choose: Chooser, import_every: int) -> Counter[str]:
    """MUTANTS league spreadsheets through `import-sheet`."""
    grid = base_grid()
    checker = SheetChecker(folder)
    for number in range(1, mutants + 1):
        data, zero_is_absent = sheet_mutant(grid, choose)
        problem = checker.check(data, zero_is_absent=zero_is_absent)
        if problem:
            flag = " (--zero-is-absent)" if zero_is_absent else ""
            shown = f"{data[:2000]!r}{flag}"
            raise Broken(f"mutant {number}: {problem}\n{shown}", folder / "mutant.csv")
    return checker.statuses


@dataclass(frozen=True)
class Target:
    """A door the fuzzer tries: how many mutants a long run makes by default, what
    each command's statuses are counted as (in its table's order, after the columns
    every table has) and the table's headers for them."""

    name: str
    mutants: int
    counts: tuple[str, ...]
    headers: tuple[str, ...]
    fuzz: Callable[[Path, int, Chooser, int], Counter[str]]


TARGETS = {
    "nights": Target(
        "nights",
        20_000,
        ("score 0", "score 2", "import 0", "import 2"),
        ("`score` status 0", "`score` status 2", "`import` status 0", "`import` status 2"),
        fuzz_nights,
    ),
    "restore": Target(
        "restore",
        2_000,
        ("dump 0", "dump 2", "SQLite 0", "SQLite 2"),
        ("dumps restored", "dumps refused", "SQLite backups restored", "SQLite backups refused"),
        fuzz_restore,
    ),
    "sheets": Target(
        "sheets",
        1_000,
        ("import-sheet 0", "import-sheet 2"),
        ("`import-sheet` status 0", "`import-sheet` status 2"),
        fuzz_sheets,
    ),
}

RELIABILITY = Path(__file__).resolve().parents[1] / "docs" / "reliability.md"


def markers(target: str) -> tuple[str, str]:
    """Where docs/reliability.md holds TARGET's figures, written by --write-docs only."""
    return (
        f"<!-- the fuzzer's figures, target {target}: "
        "written by python -m benchmarks.fuzz --write-docs -->",
        f"<!-- end of the fuzzer's figures, target {target} -->",
    )


def figures_table(figures: dict[str, Any], day: str) -> str:
    """A long run's FIGURES (what it prints for one target) as docs/reliability.md's
    table: the day, the mutants, the seed, the seconds, each status's count, and the
    mutants that broke a promise (none: a run that meets one stops)."""
    target = TARGETS[figures["target"]]
    headers = ["date", "mutants", "seed", "seconds", *target.headers]
    headers.append("status 1 or a broken promise")
    rule = "|---|" + "---:|" * (len(headers) - 1)
    counts = [figures.get(key, 0) for key in target.counts]
    cells = [day, figures["mutants"], figures["seed"], figures["seconds"], *counts, 0]
    row = "| " + " | ".join(f"{c:,}" if isinstance(c, int) else str(c) for c in cells) + " |"
    return f"| {' | '.join(headers)} |\n{rule}\n{row}"


def write_figures(figures: dict[str, Any], path: Path | None = None) -> None:
    """Put FIGURES' table between its target's markers in PATH (by default
    docs/reliability.md: the doc holds what was run)."""
    path = path or RELIABILITY
    start_marker, end_marker = markers(figures["target"])
    text = path.read_text("utf-8")
    start, end = text.index(start_marker), text.index(end_marker)
    table = figures_table(figures, time.strftime("%Y-%m-%d"))
    path.write_text(f"{text[: start + len(start_marker)]}\n{table}\n{text[end:]}", "utf-8")


def long_run(target: Target, args: argparse.Namespace) -> dict[str, Any]:
    """TARGET's mutants until the count is reached (its figures) or a promise breaks
    (`Broken`, its mutant's file kept)."""
    mutants = target.mutants if args.mutants is None else args.mutants
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        try:
            statuses = target.fuzz(
                Path(folder), mutants, RandomChooser(args.seed), args.import_every
            )
        except Broken as broken:
            message, file = broken.args
            if Path(file).exists():
                kept = Path(tempfile.mkdtemp(prefix="scorekeeper-fuzz-")) / Path(file).name
                shutil.copyfile(file, kept)
                message += f"\n(the mutant is kept as {kept})"
            raise Broken(message, file) from None
    seconds = time.perf_counter() - started
    return {
        "target": target.name,
        "mutants": mutants,
        "seed": args.seed,
        "seconds": round(seconds, 1),
        **dict(sorted(statuses.items())),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """The long run of each target asked for: one JSON line of figures each, written
    into docs/reliability.md with --write-docs; status 1 at the first broken promise."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", choices=[*TARGETS, "all"], default="all")
    parser.add_argument(
        "--mutants",
        type=int,
        help="default: each target's own (nights 20,000, restore 2,000, sheets 1,000)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--import-every", type=int, default=5, metavar="N")
    parser.add_argument(
        "--write-docs", action="store_true", help="write the figures into docs/reliability.md"
    )
    args = parser.parse_args(argv)
    names = list(TARGETS) if args.target == "all" else [args.target]
    for name in names:
        try:
            figures = long_run(TARGETS[name], args)
        except Broken as broken:
            print(f"{name}: {broken.args[0]}")
            return 1
        print(json.dumps(figures), flush=True)
        if args.write_docs:
            write_figures(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
