"""Everything a night's scoring says, as plain JSON: to hold a change that must not
change behaviour (a refactoring of the games) to the numbers and words of the code
before it.

`tests/data/scoring-snapshot.json.gz` holds, for every spec example and 300 hypothesis
nights of each game (the documents themselves are in the file, in the order read),
what `night_snapshot` says of each: every hand's score and facts (points, cents, roles,
outcome, level, multiplier, sentence, summary, marks), the printed sheet's cells and
marks, the counts of the table's outcomes, the call's words, the night's report and
spreadsheet, its document as written back, each player's statistics, the dealer
proposed after each hand, what waits for the next hand; and the problems of variants
of the night (a hand of every other type, a field left out, a number one more, a
misplay named, house rules under which a kind of hand is not played).  The words are
in English and again in German.  `tests/core/test_scoring_snapshot.py` holds the code
of now to it.

Written with the code before the hands' kinds became plug-ins of their games (main at
b56b7f8), and again when each game declared its league figures: a Schafkopf player's
statistics say "Won as declarer's partner" ("Gewonnen als Mitspieler"), not
Sheepshead's "Won as partner"; nothing else changed.  By:

    .venv/bin/python -m tests.scoring_snapshot write
"""

from __future__ import annotations

import copy
import dataclasses
import gzip
import hashlib
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

from scorekeeper import i18n
from scorekeeper.dealing import dealer_after
from scorekeeper.document import load_night, night_to_document
from scorekeeper.games import game_of, hand_types, marks_legend
from scorekeeper.night import score_night
from scorekeeper.records import Night
from scorekeeper.reports.data import night_report
from scorekeeper.reports.sheets import night_sheet, scored_in_english
from scorekeeper.results import NightResult
from scorekeeper.stats import (
    HandFact,
    HandOutcome,
    outcome_lines,
    player_statistics,
    statistics_lines,
)

DATA = Path(__file__).resolve().parent / "data"
SNAPSHOT = DATA / "scoring-snapshot.json.gz"
EXAMPLE_FILES = ("spec-examples.json", "examples-more.json")
NIGHTS_OF_EACH_GAME = 300


def plain(value: Any) -> Any:
    """VALUE as JSON keeps it: dataclasses as objects, tuples as lists, fractions as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


@contextmanager
def speaking(language: str) -> Iterator[None]:
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language("en")


def problems_of(document: Any) -> list[list[Any]]:
    """The problems `load_night` finds in DOCUMENT, each field, message, hand, missing."""
    _night, problems = load_night(document)
    return [[p.field, p.message, p.hand, p.missing] for p in problems]


def _statistics(night: Night, result: NightResult) -> dict[str, Any]:
    """Each player's statistics and the table's outcomes of the night, as the store
    would read them from its score cache (`HandFact`, `HandOutcome`)."""
    game = game_of(night.rules)
    facts: dict[str, list[HandFact]] = {p: [] for p in night.players}
    outcomes = []
    for hand, scored in zip(night.hands, result.hands, strict=True):
        for player in scored.active:
            fact = HandFact(
                night_id=1,
                date=night.info.date,
                number=scored.number,
                player=player,
                role=scored.roles[player],
                outcome=scored.outcome,
                level=scored.level,
                call=scored.call,
                points=scored.points[player],
                cents=scored.cents[player],
                misplays=hand.misplays.count(player),
                alone=scored.alone,
                game=game.name,
                hands=scored.hands,
            )
            facts[player].append(fact)
        outcomes.append(
            HandOutcome(
                scored.outcome, scored.level, scored.call, scored.alone, game.name, scored.hands
            )
        )
    players = {}
    for player, mine in facts.items():
        stats = player_statistics(player, mine)
        players[player] = {
            "lines": plain(statistics_lines(stats, night.info.currency)),
            "calls": {c: stats.call_label(c) for c in stats.picker_by_call},
            "calls_english": {c: stats.call_label(c, english=True) for c in stats.picker_by_call},
        }
    return {"players": players, "outcomes": plain(outcome_lines(outcomes))}


def _hands(night: Night, result: NightResult) -> list[dict[str, Any]]:
    game = game_of(night.rules)
    hands = []
    for number, (hand, scored) in enumerate(zip(night.hands, result.hands, strict=True)):
        hands.append(
            {
                "result": plain(scored),
                "cells": list(game.report_cells(hand, scored)),
                "sheet": {p: scored.sheet_cell(p) for p in night.players},
                "counts": game.outcome_counts(scored.outcome, scored.level, scored.alone),
                "call": None if scored.call is None else game.call_label(scored.call),
                "dealer_after": dealer_after(night.players, night.rules, night.hands[: number + 1]),
            }
        )
    return hands


def scored_snapshot(night: Night) -> dict[str, Any]:
    """What scoring NIGHT says, in the language spoken now."""
    result = score_night(night)
    game = game_of(night.rules)
    english = scored_in_english(night)
    dealers = [hand.dealer for hand in night.hands]
    return {
        "totals": plain(dataclasses.replace(result, hands=())),
        "hands": _hands(night, result),
        "waiting": game.waiting(result, night.info.currency),
        "rules_lines": list(game.rules_lines(night.rules, night.info.currency)),
        "legend": marks_legend(game.words),
        "report": {k: v for k, v in plain(night_report(night, result)).items() if k != "running"},
        "sheet": plain(night_sheet(english, dealers)),
        "statistics": _statistics(night, result),
        "dealer_first": dealer_after(night.players, night.rules, ()),
    }


def variants(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Wrong (or differently right) versions of DOCUMENT, each with what was changed:
    its middle hand of every other type, without each of its fields, with each of its
    whole numbers one more, with a misplay named; the night under every rule that says
    which kinds of hand are played when nobody declares."""
    hands = document["hands"]
    if hands:
        middle = len(hands) // 2
        hand = hands[middle]
        for kind in hand_types():
            if kind != hand["type"]:
                yield f"type {kind}", _with_hand(document, middle, {**hand, "type": kind})
        for key in hand:
            if key != "type":
                less = {k: v for k, v in hand.items() if k != key}
                yield f"without {key}", _with_hand(document, middle, less)
        for key, value in hand.items():
            if isinstance(value, int) and not isinstance(value, bool):
                yield f"{key} + 1", _with_hand(document, middle, {**hand, key: value + 1})
        misplayed = {**hand, "misplays": [document["players"][0]]}
        yield "a misplay", _with_hand(document, middle, misplayed)
    rules = document["rules"]
    rules = {"preset": rules} if isinstance(rules, str) else rules
    for key, values in (
        ("no_pick", ("leaster", "doubler", "forced")),
        ("all_pass", ("redeal", "ramsch", "leaster", "pot", "forced")),
        ("leaster_pay", ("winner-collects", "loser-pays")),
    ):
        for value in values:
            if rules.get(key) != value:
                yield f"{key} {value}", {**document, "rules": {**rules, key: value}}


def _with_hand(document: dict[str, Any], index: int, hand: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    changed["hands"][index] = hand
    return changed


def night_snapshot(document: dict[str, Any]) -> dict[str, Any]:
    """What Scorekeeper says of DOCUMENT: its problems, or its scores and words, and
    each of its `variants`' problems (or a digest of their points and sentences), in
    English; and in German, every text of it."""
    night, _problems = load_night(document)
    out: dict[str, Any] = {}
    if night is None:
        out["problems"] = problems_of(document)
        with speaking("de"):
            out["de"] = {"problems": problems_of(document)}
    else:
        out |= scored_snapshot(night)
        written = night_to_document(night)
        out["document"] = True if written == document else written  # True: as read
        with speaking("de"):
            out["de"] = texts(scored_snapshot(night))
    out["variants"] = {name: _variant(changed) for name, changed in variants(document)}
    with speaking("de"):
        wrong = {name: problems_of(changed) for name, changed in variants(document)}
        out["de"]["variants"] = {name: problems for name, problems in wrong.items() if problems}
    return out


def texts(said: dict[str, Any]) -> dict[str, Any]:
    """The words of a `scored_snapshot` (those a language changes), not its numbers."""
    hands = [
        {
            "explanation": h["result"]["explanation"],
            "summary": h["result"]["summary"],
            "marks": h["result"]["marks"],
            "cells": h["cells"],
            "sheet": h["sheet"],
            "call": h["call"],
        }
        for h in said["hands"]
    ]
    report = {k: v for k, v in said["report"].items() if k not in ("running", "players")}
    keep = ("waiting", "rules_lines", "legend", "statistics")
    return {"hands": hands, "report": report, **{k: said[k] for k in keep}}


def _variant(document: dict[str, Any]) -> Any:
    """A variant's problems; or when it is right, a digest of its hands' points,
    sentences and summaries (the variants are here for their problems)."""
    night, problems = load_night(document)
    if night is None:
        return [[p.field, p.message, p.hand, p.missing] for p in problems]
    result = score_night(night)
    scored = [[h.points, h.explanation, h.summary] for h in result.hands]
    text = json.dumps(scored, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def example_documents() -> list[tuple[str, dict[str, Any]]]:
    """Every worked example of the spec's files, by name."""
    found = []
    for name in EXAMPLE_FILES:
        for example in json.loads((DATA / name).read_text("utf-8")):
            found.append((f"{name}: {example['name']}", example["night"]))
    return found


def hypothesis_documents() -> list[tuple[str, dict[str, Any]]]:
    """NIGHTS_OF_EACH_GAME nights of each game as hypothesis draws them (derandomized:
    the same every time with one version of hypothesis and of tests/strategies.py)."""
    from tests.strategies import night_documents, schafkopf_night_documents

    found: list[tuple[str, dict[str, Any]]] = []
    for game, strategy in (
        ("sheepshead", night_documents()),
        ("schafkopf", schafkopf_night_documents()),
    ):
        unique = {json.dumps(d, sort_keys=True): d for d in _draw(strategy)}
        drawn = list(unique.values())[:NIGHTS_OF_EACH_GAME]
        assert len(drawn) == NIGHTS_OF_EACH_GAME, f"{len(drawn)} {game} nights drawn"
        found += [(f"{game} {n}", d) for n, d in enumerate(drawn)]
    return found


def _draw(strategy: Any) -> list[dict[str, Any]]:
    """The documents STRATEGY draws, derandomized: enough that NIGHTS_OF_EACH_GAME of
    them differ."""
    from hypothesis import HealthCheck, given, settings

    drawn: list[dict[str, Any]] = []

    @settings(
        max_examples=2 * NIGHTS_OF_EACH_GAME,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def draw(document: dict[str, Any]) -> None:
        drawn.append(copy.deepcopy(document))

    draw()
    return drawn


def snapshot(documents: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each of DOCUMENTS (a name and a night document) once, and what is said of it."""
    seen: set[str] = set()
    entries = []
    for name, document in documents:
        key = json.dumps(document, sort_keys=True)
        if key not in seen:
            seen.add(key)
            entries.append({"name": name, "night": document, "said": night_snapshot(document)})
    return entries


def read_snapshot() -> list[dict[str, Any]]:
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as file:
        entries: list[dict[str, Any]] = json.load(file)
    return entries


def write_snapshot() -> None:
    entries = snapshot(example_documents() + hypothesis_documents())
    text = json.dumps(entries, ensure_ascii=False, separators=(",", ":"))  # in its order
    # mtime=0: the same snapshot makes the same bytes
    with open(SNAPSHOT, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as file:
        file.write(text.encode("utf-8"))
    print(f"{len(entries)} nights, {SNAPSHOT.stat().st_size:,} bytes: {SNAPSHOT}")


if __name__ == "__main__":
    if sys.argv[1:] != ["write"]:
        sys.exit("usage: python -m tests.scoring_snapshot write")
    if os.environ.get("PYTHONHASHSEED") != "0":  # the strategies draw by a set's order
        command = [sys.executable, "-m", "tests.scoring_snapshot", "write"]
        os.execve(sys.executable, command, {**os.environ, "PYTHONHASHSEED": "0"})
    write_snapshot()
