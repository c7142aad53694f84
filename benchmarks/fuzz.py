"""Mutated night documents through `scorekeeper score` and `import`: the door's promise.

    python -m benchmarks.fuzz [--mutants 20000] [--seed N] [--import-every 5]

Each mutant is a worked example (`docs/rules/examples.md`, as night documents in
tests/data/spec-examples.json) changed a few times at random: a value replaced by one of
another kind, a key deleted or added, a name misspelt, an amount pushed to its limits,
the text truncated, nested 2,000 deep, given a byte-order mark, a duplicate key, a lone
surrogate or a number of 5,000 digits.
Every outcome must be one of two:

- status 0, with totals, hands and settlement that sum to exactly zero, and (for
  `import`) one more night in the database that exports and scores the same;
- status 2, nothing on standard output, one message a line naming the field, no
  control character echoed, and (for `import`) nothing written.

Status 1 (an internal error), anything else, or a broken promise is a failure: the
script prints the mutant that broke it and exits 1.  `tests/cli/test_fuzz.py` runs
the same mutator under hypothesis for a bounded number of examples; this script is
the longer run whose figures `docs/reliability.md` records.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import re
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from scorekeeper.document import COMMON_FIELDS, TOP_FIELDS
from scorekeeper.games import hand_types
from scorekeeper.json_input import NOT_TEXT

EXAMPLES = Path(__file__).resolve().parents[1] / "tests" / "data" / "spec-examples.json"
T = TypeVar("T")

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
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

STRINGS = [
    "",
    "Ann",
    "ann",
    " Ann ",
    "Ann\u200b",
    "\ud800",
    "\x1b[2J",
    "A\x00n",
    "x" * 5000,
    "pick",
    "leaster",
    "solo",
    "wenz",
    "call",
    "null",
    "ramsch",
    "classic-5",
    "schafkopf",
    "alone",
    "ace-hearts",
    "2026-W47-1",
    "2026-11-23",
    "Ｂｏｂ",
    "Zoë",
]
NUMBERS = [
    0,
    -1,
    1,
    2,
    3,
    7,
    61,
    90,
    120,
    121,
    2**31,
    -(2**31),
    2**53,
    2**63 - 1,
    -(2**63),
    10**18,
    1.5,
    74.0,
    -0.0,
    1e308,
]


class Chooser(Protocol):
    """Where the mutator's choices come from: `random.Random` here, hypothesis's
    `draw` in the test (so that a failure shrinks to a small mutant)."""

    def integer(self, low: int, high: int) -> int: ...
    def choice(self, options: Sequence[T]) -> T: ...


class RandomChooser:
    """Choices from a seeded `random.Random`."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]


def base_nights() -> list[dict[str, Any]]:
    """The worked examples' night documents, the seeds every mutant grows from."""
    return [example["night"] for example in json.loads(EXAMPLES.read_text(encoding="utf-8"))]


def mutant(base: dict[str, Any], choose: Chooser) -> bytes:
    """One mutant of BASE, as the bytes of a file."""
    document = copy.deepcopy(base)
    for _ in range(choose.choice([1, 1, 1, 2, 3])):
        document = _change(document, choose)
    text = json.dumps(document, ensure_ascii=choose.choice([True, False, True]))
    text = _change_text(text, choose)
    return text.encode("utf-8", "surrogatepass")


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path in a document, the top included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*path, index))
    return found


def _get(document: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        document = document[part]
    return document


def _change(document: Any, choose: Chooser) -> Any:
    path = choose.choice(_places(document))
    value = _get(document, path)
    action = choose.choice(["replace", "delete", "add", "copy", "nudge", "nudge", "nudge"])
    if action == "delete" and path:
        del _get(document, path[:-1])[path[-1]]
        return document
    if action == "add" and isinstance(value, dict):
        value[choose.choice([*STRINGS[:8], "type", "points", "stake", "players", "x"])] = _value(
            choose
        )
        return document
    if action == "add" and isinstance(value, list):
        value.insert(choose.integer(0, len(value)), _value(choose))
        return document
    if action == "copy":
        new = copy.deepcopy(_get(document, choose.choice(_places(document))))
    elif action == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        new = value + choose.choice([-1, 1, -2, 2, -value - 1, 60, 10**9])
    elif action == "nudge" and isinstance(value, str):
        new = choose.choice([value.upper(), value.lower(), f" {value}", value[:-1], value * 2])
    else:
        new = _value(choose)
    if not path:
        return new
    _get(document, path[:-1])[path[-1]] = new
    return document


def _value(choose: Chooser) -> Any:
    kind = choose.choice(["none", "bool", "number", "string", "string", "list", "object"])
    if kind == "none":
        return None
    if kind == "bool":
        return choose.choice([True, False])
    if kind == "number":
        return choose.choice(NUMBERS)
    if kind == "string":
        return choose.choice(STRINGS)
    if kind == "list":
        return [_value(choose) for _ in range(choose.integer(0, 3))] if choose.integer(0, 1) else []
    return {choose.choice(STRINGS[:6]): choose.choice(NUMBERS)} if choose.integer(0, 1) else {}


def _change_text(text: str, choose: Chooser) -> str:
    action = choose.choice(["none"] * 12 + ["bom", "cut", "nest", "duplicate", "digits", "nan"])
    if action == "bom":
        return "\ufeff" + text
    if action == "cut":
        return text[: choose.integer(0, len(text))]
    if action == "nest":
        depth = choose.choice([20, 990, 2000, 100_000])
        return text[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    if action == "duplicate":
        return text.replace('{"format"', '{"format": 1, "format"', 1)
    if action == "digits":
        return re.sub(r"\b\d+\b", "9" * choose.choice([19, 4301, 5000]), text, count=1)
    if action == "nan":
        return re.sub(r"\b\d+\b", choose.choice(["NaN", "Infinity", "-Infinity"]), text, count=1)
    return text


@dataclass
class Outcome:
    """What one command did with a mutant."""

    status: int
    out: str
    err: str


def run(argv: list[str]) -> Outcome:
    """`scorekeeper ARGV` in this process (the same `main` the console script calls)."""
    from scorekeeper.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return Outcome(status, out.getvalue(), err.getvalue())


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
    return _unbalanced(json.loads(outcome.out)) if outcome.out.startswith("{") else None


def _unbalanced(result: dict[str, Any]) -> str | None:
    for number, hand in enumerate(result["hands"], start=1):
        if sum(hand["points"].values()) + hand.get("pot", 0) != 0:
            return f"hand {number} does not sum to zero"
    totals = result["totals"]
    if sum(totals["points"].values()) + totals.get("pot", 0) != 0:
        return "the night's points do not sum to zero"
    if sum(totals["cents"].values()) + totals.get("pot_cents", 0) != 0:
        return "the night's money does not sum to zero"
    paid = Counter[str]()
    for payment in result["settlement"]:
        paid[payment["from"]] -= payment["cents"]
        paid[payment["to"]] += payment["cents"]
    if {k: v for k, v in paid.items() if v} != {k: v for k, v in totals["cents"].items() if v}:
        return "the settlement does not square the night's money"
    return None


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
        """How many nights the database holds (read directly: a listing through the
        command line would make a long run quadratic)."""
        path = self.folder / "fuzz.sqlite3"
        if not path.exists():
            return 0
        with contextlib.closing(sqlite3.connect(path)) as con:
            return int(con.execute("SELECT count(*) FROM night").fetchone()[0])


RELIABILITY = Path(__file__).resolve().parents[1] / "docs" / "reliability.md"
# Where docs/reliability.md holds the long run's figures, written by --write-docs only.
FIGURES_START = "<!-- the fuzzer's figures: written by python -m benchmarks.fuzz --write-docs -->"
FIGURES_END = "<!-- end of the fuzzer's figures -->"
HEADER = (
    "| date | mutants | seed | seconds | `score` status 0 | `score` status 2 "
    "| `import` status 0 | `import` status 2 | status 1 or a broken promise |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def figures_table(figures: dict[str, Any], day: str) -> str:
    """The long run's FIGURES (what it prints) as docs/reliability.md's table."""
    counts = [figures.get(key, 0) for key in ("score 0", "score 2", "import 0", "import 2")]
    cells = [day, figures["mutants"], figures["seed"], figures["seconds"], *counts, 0]
    row = "| " + " | ".join(f"{c:,}" if isinstance(c, int) else str(c) for c in cells) + " |"
    return f"{HEADER}\n{row}"


def write_figures(figures: dict[str, Any], path: Path = RELIABILITY) -> None:
    """Put FIGURES' table between the markers of PATH (the doc holds what was run)."""
    text = path.read_text("utf-8")
    start, end = text.index(FIGURES_START), text.index(FIGURES_END)
    table = figures_table(figures, time.strftime("%Y-%m-%d"))
    path.write_text(
        f"{text[: start + len(FIGURES_START)]}\n{table}\n{text[end:]}", encoding="utf-8"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """The long run: mutants until the count is reached or a promise breaks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--import-every", type=int, default=5, metavar="N")
    parser.add_argument(
        "--write-docs", action="store_true", help="write the figures into docs/reliability.md"
    )
    args = parser.parse_args(argv)
    bases = base_nights()
    choose = RandomChooser(args.seed)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        checker = Checker(Path(folder))
        for number in range(1, args.mutants + 1):
            data = mutant(choose.choice(bases), choose)
            problem = checker.check(data, also_import=number % args.import_every == 0)
            if problem:
                print(f"mutant {number}: {problem}\n{data[:2000]!r}")
                return 1
        seconds = time.perf_counter() - started
    figures = {
        "mutants": args.mutants,
        "seed": args.seed,
        "seconds": round(seconds, 1),
        **dict(sorted(checker.statuses.items())),
    }
    print(json.dumps(figures))
    if args.write_docs:
        write_figures(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
