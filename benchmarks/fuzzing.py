"""What the fuzzer's targets share (`benchmarks/fuzz.py` runs them): where a mutator's
choices come from, the command line run in this process, values of every JSON kind to
put where another was, JSON documents walked by path, and text changed as a whole.
"""

from __future__ import annotations

import contextlib
import copy
import io
import random
import re
import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

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
# A character the terminal would act on, echoed by a message: never allowed.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class Chooser(Protocol):
    """Where the mutators' choices come from: `random.Random` here, hypothesis's
    `draw` in the tests (so that a failure shrinks to a small mutant)."""

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


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path in a JSON document, the top included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


def get(document: Any, path: tuple[Any, ...]) -> Any:
    """The value at PATH in DOCUMENT."""
    for part in path:
        document = document[part]
    return document


def change_json(document: Any, choose: Chooser) -> Any:
    """DOCUMENT changed once somewhere (in place when it can be; the changed document
    returned): a value replaced by one of another kind or by a copy of another part, a
    key or item deleted or added, a number or a name nudged."""
    path = choose.choice(places(document))
    value = get(document, path)
    action = choose.choice(["replace", "delete", "add", "copy", "nudge", "nudge", "nudge"])
    if action == "delete" and path:
        del get(document, path[:-1])[path[-1]]
        return document
    if action == "add" and isinstance(value, dict):
        keys = [*STRINGS[:8], "type", "points", "stake", "players", "x"]
        value[choose.choice(keys)] = other_value(choose)
        return document
    if action == "add" and isinstance(value, list):
        value.insert(choose.integer(0, len(value)), other_value(choose))
        return document
    if action == "copy":
        new = copy.deepcopy(get(document, choose.choice(places(document))))
    elif action == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        new = value + choose.choice([-1, 1, -2, 2, -value - 1, 60, 10**9])
    elif action == "nudge" and isinstance(value, str):
        new = choose.choice([value.upper(), value.lower(), f" {value}", value[:-1], value * 2])
    else:
        new = other_value(choose)
    if not path:
        return new
    get(document, path[:-1])[path[-1]] = new
    return document


def other_value(choose: Chooser) -> Any:
    """A JSON value of any kind: null, a flag, a number (large, negative, fractional),
    text (blank, invisible, a lone surrogate, an escape), a list or an object."""
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
        if not choose.integer(0, 1):
            return []
        return [other_value(choose) for _ in range(choose.integer(0, 3))]
    return {choose.choice(STRINGS[:6]): choose.choice(NUMBERS)} if choose.integer(0, 1) else {}


def change_text(text: str, choose: Chooser, *, first_key: str = "format") -> str:
    """JSON TEXT changed as a whole, most often not at all: a byte-order mark, cut
    short, nested deep, a key given twice (FIRST_KEY, the document's first), a number
    of thousands of digits, `NaN`."""
    action = choose.choice(["none"] * 12 + ["bom", "cut", "nest", "duplicate", "digits", "nan"])
    if action == "bom":
        return "\ufeff" + text
    if action == "cut":
        return text[: choose.integer(0, len(text))]
    if action == "nest":
        depth = choose.choice([20, 990, 2000, 100_000])
        return text[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    if action == "duplicate":
        return text.replace(f'{{"{first_key}"', f'{{"{first_key}": 1, "{first_key}"', 1)
    if action == "digits":
        return re.sub(r"\b\d+\b", "9" * choose.choice([19, 4301, 5000]), text, count=1)
    if action == "nan":
        return re.sub(r"\b\d+\b", choose.choice(["NaN", "Infinity", "-Infinity"]), text, count=1)
    return text


def unbalanced(result: dict[str, Any]) -> str | None:
    """What does not sum to zero in `scorekeeper score`'s RESULT (a hand, the night's
    points or money, the settlement against the money), or None."""
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


def sqlite_text(path: Path) -> str:
    """Everything a SQLite file holds, its schema (tables, indexes, triggers, views)
    and every row, as SQL text: two files that give the same text hold the same."""
    with contextlib.closing(sqlite3.connect(path)) as con:
        return "\n".join(con.iterdump())


def night_count(path: Path) -> int:
    """How many nights the SQLite file PATH holds (read directly: a listing through the
    command line would make a long run quadratic)."""
    if not path.exists():
        return 0
    with contextlib.closing(sqlite3.connect(path)) as con:
        return int(con.execute("SELECT count(*) FROM night").fetchone()[0])
