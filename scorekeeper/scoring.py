"""Pure functions that score one Sheepshead hand: a hand and its rules in, points out.

The night machinery (`scorekeeper.night`) decides who is dealt in and the hand's
multiplier; these functions only apply `docs/rules/sheepshead.md` to one hand.  Every
function returns amounts for the active players that sum to zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.records import LeasterHand, PickHand
from scorekeeper.rules import RuleSet

Amounts = dict[str, int]


@dataclass(frozen=True)
class PickOutcome:
    """How a picked hand ended for the declarers, and what one unit is worth."""

    won: bool
    level: str  # "normal", "schneider" or "no-trick"
    factor: int
    unit: int  # factor x multiplier, doubled on the bump for a loss


def pick_outcome(hand: PickHand, rules: RuleSet, multiplier: int) -> PickOutcome:
    """Apply the table of `docs/rules/sheepshead.md`: the first row that fits decides."""
    if hand.tricks == rules.tricks:
        won, level = True, "no-trick"
    elif hand.tricks == 0:
        won, level = False, "no-trick"
    elif hand.points >= rules.schneider_at:
        won, level = True, "schneider"
    elif hand.points >= rules.win_at:
        won, level = True, "normal"
    elif hand.points <= rules.schneidered_at:
        won, level = False, "schneider"
    else:
        won, level = False, "normal"
    factor = {
        "normal": 1,
        "schneider": rules.schneider_factor,
        "no-trick": rules.no_trick_factor,
    }[level]
    unit = factor * multiplier
    if not won and rules.double_on_the_bump:
        unit *= 2
    return PickOutcome(won=won, level=level, factor=factor, unit=unit)


def picker_pays(hand: PickHand, rules: RuleSet, outcome: PickOutcome) -> bool:
    """True when the picker alone pays for a no-trick loss (`no_trick_loss` = picker-pays)."""
    return not outcome.won and outcome.level == "no-trick" and rules.no_trick_loss == "picker-pays"


def score_pick(
    hand: PickHand, rules: RuleSet, active: Iterable[str], outcome: PickOutcome
) -> Amounts:
    """Each active player's points for a picked hand; the picker balances the rest."""
    sign = 1 if outcome.won else -1
    declarers = {hand.picker, *hand.partners}
    amounts: Amounts = {}
    for player in active:
        if player not in declarers:
            amounts[player] = -sign * outcome.unit
    partner_share = 0 if picker_pays(hand, rules, outcome) else rules.partner_units
    for partner in hand.partners:
        amounts[partner] = sign * partner_share * outcome.unit
    amounts[hand.picker] = -sum(amounts.values())
    return amounts


def score_leaster(
    hand: LeasterHand, rules: RuleSet, active: Iterable[str], multiplier: int
) -> Amounts:
    """Each active player's points for a leaster: every winner collects from every loser."""
    players = tuple(active)
    amounts = dict.fromkeys(players, 0)
    if rules.leaster_tie == "void" and len(hand.winners) > 1:
        return amounts
    unit = rules.leaster_units * multiplier
    for winner in hand.winners:
        for loser in players:
            if loser not in hand.winners:
                amounts[winner] += unit
                amounts[loser] -= unit
    return amounts


def misplay_penalties(
    misplayers: Iterable[str], rules: RuleSet, active: Iterable[str], multiplier: int
) -> Amounts:
    """Each misplayer pays `misplay_units` (times the multiplier when the house says so)
    to every other active player."""
    players = tuple(active)
    amounts = dict.fromkeys(players, 0)
    unit = rules.misplay_units * (multiplier if rules.misplay_multiplied else 1)
    for misplayer in misplayers:
        for other in players:
            if other != misplayer:
                amounts[other] += unit
                amounts[misplayer] -= unit
    return amounts


def add_amounts(*parts: Amounts) -> Amounts:
    """Player by player sum of several sets of amounts."""
    total: Amounts = {}
    for part in parts:
        for player, amount in part.items():
            total[player] = total.get(player, 0) + amount
    return total
