"""Problems found in a night, reported as values, and the zero-sum residual.

Every check in the core returns `Problem` values instead of raising, so that a user
sees every mistake in a night at once (the style of beancount's validators).  The one
thing that raises is a broken invariant: a computed amount that does not sum to zero
is a bug in this program, never a user's mistake, and nothing may be shown after it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a night document or record.

    `hand` is the hand's number counted from 1, or None for the night itself;
    `field` names the field as the night document spells it.
    """

    field: str
    message: str
    hand: int | None = None

    def __str__(self) -> str:
        where = f"hand {self.hand}: " if self.hand is not None else ""
        return f"{where}{self.field}: {self.message}"


def check_players(names: Iterable[str], field: str, active: tuple[str, ...]) -> list[Problem]:
    """Each of NAMES (the FIELD of a hand: its misplayers, its declarer) is one of the
    ACTIVE players of the hand, and none is named twice."""
    names = tuple(names)
    problems = [Problem(field, f"{n} sits out this hand") for n in names if n not in active]
    if len(set(names)) != len(names):
        problems.append(Problem(field, "names a player twice"))
    return problems


class InvalidNight(ValueError):
    """Raised by the convenience APIs that cannot return problems as values."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ZeroSumViolation(AssertionError):
    """A computed set of amounts does not sum to zero: an internal error."""


def residual(amounts: Mapping[str, int] | Iterable[int]) -> int:
    """The sum of a set of amounts; zero for every correct hand, total or settlement."""
    values = amounts.values() if isinstance(amounts, Mapping) else amounts
    return sum(values)


def require_zero_sum(amounts: Mapping[str, int] | Iterable[int], what: str) -> None:
    """Raise `ZeroSumViolation` unless `amounts` sum to exactly zero.

    Called on every path that produces numbers for people (scoring, totals,
    settlement), not only in tests: an unbalanced sheet must never be shown.
    """
    left = residual(amounts)
    if left != 0:
        raise ZeroSumViolation(f"{what} does not sum to zero (residual {left})")
