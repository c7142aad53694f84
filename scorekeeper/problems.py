"""Problems found in a night, reported as values, and the zero-sum residual.

Every check in the core returns `Problem` values instead of raising, so that a user
sees every mistake in a night at once (the style of beancount's validators).  The one
thing that raises is a broken invariant: a computed amount that does not sum to zero
is a bug in this program, never a user's mistake, and nothing may be shown after it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from scorekeeper.i18n import _, locale_name


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a night document or record.

    `hand` is the hand's number counted from 1, or None for the night itself;
    `field` names the field as the night document spells it.  `missing` marks a
    required field left blank (the entry form says it only once a save was tried, and
    lists the field as still to type): tell such a problem by it, never by the words of
    its message, which are in the user's language.
    """

    field: str
    message: str
    hand: int | None = None
    missing: bool = False

    def in_hand(self, number: int) -> Problem:
        """This problem, said of the NUMBERth hand (its kind kept)."""
        return replace(self, hand=number)

    def __str__(self) -> str:
        if self.hand is None:
            return f"{self.field}: {self.message}"
        return _("hand {number}: {field}: {message}").format(
            number=self.hand, field=self.field, message=self.message
        )


def grouped(number: int, *, signed: bool = False) -> str:
    """A whole number as a message in the user's language writes it, its thousands
    grouped ('1,000' in English, '1.000' in German); with SIGNED, '+5' and '-1,250'."""
    import decimal

    from babel.numbers import format_decimal

    pattern = "+#,##0;-#,##0" if signed else "#,##0"
    with decimal.localcontext() as context:  # every digit kept, however many (not 28)
        context.prec = max(context.prec, len(str(abs(number))) + 1)
        return format_decimal(number, format=pattern, locale=locale_name())


def check_players(names: Iterable[str], field: str, active: tuple[str, ...]) -> list[Problem]:
    """Each of NAMES (the FIELD of a hand: its misplayers, its declarer) is one of the
    ACTIVE players of the hand, and none is named twice."""
    names = tuple(names)
    if not names:  # most hands name no misplayer
        return []
    problems = [
        Problem(field, _("{player} sits out this hand").format(player=n))
        for n in names
        if n not in active
    ]
    if len(set(names)) != len(names):
        problems.append(Problem(field, _("names a player twice")))
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
