"""Checks both card games make of a hand's counts: a map of each player's points or
tricks adding up to the hand's, a count within its bounds, and no misplayer named in a
hand nobody played."""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.i18n import _
from scorekeeper.problems import Problem
from scorekeeper.records import Hand


def check_player_map(
    amounts: Mapping[str, int] | None, field: str, total: int, active: tuple[str, ...]
) -> list[Problem]:
    """A map of each active player's points or tricks, adding up to TOTAL."""
    if amounts is None:
        return []
    missing = [p for p in active if p not in amounts]
    extra = [p for p in amounts if p not in active]
    problems = [Problem(field, _("{player} sits out this hand").format(player=p)) for p in extra]
    problems += [Problem(field, _("{player} is missing").format(player=p)) for p in missing]
    if not problems and sum(amounts.values()) != total:
        message = _("add up to {sum}, not {total}").format(sum=sum(amounts.values()), total=total)
        problems.append(Problem(field, message))
    return problems


def check_between(field: str, value: int, most: int) -> list[Problem]:
    """FIELD's VALUE is 0 to MOST, or the problem saying it is not."""
    if 0 <= value <= most:
        return []
    message = _("{value} is not between {minimum} and {maximum}").format(
        value=value, minimum=0, maximum=most
    )
    return [Problem(field, message)]


def check_nobody_played(hand: Hand) -> list[Problem]:
    """A hand nobody played has no misplayer."""
    if hand.misplays:
        return [Problem("misplays", _("nobody played this hand, so nobody misplayed"))]
    return []
