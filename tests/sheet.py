"""Helpers that let a test read like a score sheet.

assert_sheet(
    "classic-5",
    [pick("Bob", "Dee", points=74, tricks=4)],
    '''
    Ann Bob Cal Dee Eve
     -1  +2  -1  +1  -1
    ''',
)
"""

from __future__ import annotations

from typing import Any

from scorekeeper.document import load_night
from scorekeeper.night import score_night
from scorekeeper.results import NightResult

FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]


def pick(picker: str, *partners: str, points: int, tricks: int, **extra: Any) -> dict[str, Any]:
    """A picked hand as the night document writes it."""
    return {
        "type": "pick",
        "picker": picker,
        "partners": list(partners),
        "points": points,
        "tricks": tricks,
        **extra,
    }


def leaster(*winners: str, **extra: Any) -> dict[str, Any]:
    """A leaster won by one player, or tied by several."""
    key: dict[str, Any] = {"winner": winners[0]} if len(winners) == 1 else {"winners": [*winners]}
    return {"type": "leaster", **key, **extra}


def no_pick(**extra: Any) -> dict[str, Any]:
    return {"type": "no-pick", **extra}


def misplay(*who: str, **extra: Any) -> dict[str, Any]:
    return {"type": "misplay", "misplays": list(who), **extra}


def night_doc(rules: Any, hands: list[dict[str, Any]], players: list[str] | None = None) -> dict:
    return {
        "format": "sheepshead-night/1",
        "rules": rules,
        "players": players or FIVE,
        "hands": hands,
    }


def score_doc(document: dict[str, Any]) -> NightResult:
    night, problems = load_night(document)
    assert not problems, [str(p) for p in problems]
    assert night is not None
    return score_night(night)


def parse_sheet(text: str) -> list[dict[str, int]]:
    """A header line of names, then one line of signed points per hand."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    names = lines[0]
    return [dict(zip(names, (int(v) for v in row), strict=True)) for row in lines[1:]]


def assert_sheet(
    rules: Any, hands: list[dict[str, Any]], sheet: str, players: list[str] | None = None
) -> NightResult:
    """Score the hands and compare every hand's points with the sheet, player by player."""
    result = score_doc(night_doc(rules, hands, players))
    got = [hand.points for hand in result.hands]
    assert got == parse_sheet(sheet), "\n".join(h.explanation for h in result.hands)
    return result
