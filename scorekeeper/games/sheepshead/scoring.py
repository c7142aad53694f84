"""Scoring one Sheepshead hand (`docs/rules/sheepshead.md`): the doublers it takes from
the queue, its multiplier, its amounts and its sentence.

`score_hand` is the game's scorer; the night (`scorekeeper.night`) decides who is dealt
in and checks that the amounts sum to zero.  Every function returns amounts for the
active players that sum to zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.explain import amounts_phrase, events_phrase, join_names
from scorekeeper.games.base import Carry, Draft
from scorekeeper.games.cards import (
    CARD_POINTS,
    LeasterHand,
    capped,
    doubler_events,
    last_hand,
    leaster_draft,
    thrown_in_draft,
    with_misplays,
)
from scorekeeper.games.sheepshead.hands import NoPickHand, PickHand
from scorekeeper.games.sheepshead.rules import SheepsheadRules
from scorekeeper.records import Hand

Amounts = dict[str, int]
SIXTY = CARD_POINTS // 2  # card points on each side of a 60-60 hand


@dataclass(frozen=True)
class PickOutcome:
    """How a picked hand ended for the declarers, and what one unit is worth."""

    won: bool
    level: str  # "normal", "schneider" or "no-trick"
    factor: int
    unit: int  # factor x multiplier, doubled on the bump for a loss


def pick_outcome(hand: PickHand, rules: SheepsheadRules, multiplier: int) -> PickOutcome:
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


def picker_pays(hand: PickHand, rules: SheepsheadRules, outcome: PickOutcome) -> bool:
    """True when the picker alone pays for a no-trick loss (`no_trick_loss` = picker-pays)."""
    return not outcome.won and outcome.level == "no-trick" and rules.no_trick_loss == "picker-pays"


def score_pick(
    hand: PickHand, rules: SheepsheadRules, active: Iterable[str], outcome: PickOutcome
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


def score_hand(hand: Hand, rules: SheepsheadRules, active: tuple[str, ...], carry: Carry) -> Draft:
    """A Sheepshead hand: the queued doublers it plays off, then its amounts."""
    taken = take_queued(hand, rules, carry.doublers)
    carry.doublers -= taken
    multiplier = capped(hand.doublers + taken + last_hand(hand, rules), rules)
    doubling = doubling_phrase(hand, bool(last_hand(hand, rules)), taken, multiplier)
    if isinstance(hand, PickHand):
        picked = pick_outcome(hand, rules, multiplier)
        amounts = score_pick(hand, rules, active, picked)
        sentence = explain_pick(hand, rules, picked, amounts, doubling)
        if sixty_sixty(hand, rules):
            carry.doublers += 1
            sentence += " " + explain_sixty(waiting=carry.doublers)
        outcome = "win" if picked.won else "loss"
        declarers = (hand.picker, *hand.partners)
        draft = Draft(amounts, sentence, outcome, picked.level, multiplier, declarers)
    elif isinstance(hand, LeasterHand):
        draft = leaster_draft(hand, rules, active, multiplier, doubling)
    elif isinstance(hand, NoPickHand):
        queues = rules.no_pick == "doubler"
        carry.doublers += 1 if queues else 0
        sentence = explain_no_pick(queued_doubler=queues, waiting=carry.doublers)
        draft = Draft(dict.fromkeys(active, 0), sentence, hand.type)
    else:
        draft = thrown_in_draft(hand, rules, active, multiplier)
    return with_misplays(draft, hand, rules, active)


def sixty_sixty(hand: PickHand, rules: SheepsheadRules) -> bool:
    """True when HAND, picked, ended 60 to 60 and the house queues a doubler for that
    (`sixty_doubles_next`)."""
    return rules.sixty_doubles_next and hand.points == SIXTY


def take_queued(hand: Hand, rules: SheepsheadRules, queue: int) -> int:
    """How many queued doublers this hand plays off: pick and leaster hands take them."""
    if not isinstance(hand, PickHand | LeasterHand) or not queue:
        return 0
    return queue if rules.doubler_stack == "multiply" else 1


def doubling_phrase(hand: Hand, last: bool, queued: int, multiplier: int) -> str:
    """', doubled by a crack', ', x4 by a crack and the last hand', or '' for none."""
    events = doubler_events(hand)
    if last:
        events.append(("the last hand", 1))
    if queued:
        events.append(("a queued doubler" if queued == 1 else f"{queued} queued doublers", queued))
    return events_phrase(events, multiplier)


def explain_pick(
    hand: PickHand,
    rules: SheepsheadRules,
    outcome: PickOutcome,
    amounts: Mapping[str, int],
    doubling: str,
) -> str:
    """The sentence for a picked hand."""
    declarers = [hand.picker, *hand.partners]
    who = join_names(declarers)
    if not hand.partners and rules.max_partners > 0:
        who += " alone"
    if outcome.won and outcome.level == "no-trick":
        result = f"{who} took every trick: no-trick"
    elif outcome.level == "no-trick":
        result = f"{who} took no trick: a no-trick loss"
        if picker_pays(hand, rules, outcome) and hand.partners:
            result += f", {hand.picker} pays for the side"
    else:
        word = {
            (True, "normal"): "a win",
            (True, "schneider"): "schneider",
            (False, "normal"): "a loss",
            (False, "schneider"): "schneidered",
        }[(outcome.won, outcome.level)]
        result = f"{who} took {hand.points}: {word}"
    if not outcome.won and rules.double_on_the_bump:
        result += ", doubled on the bump"
    label = "each defender"
    return f"{result}{doubling}. {amounts_phrase(amounts, declarers, label)}."


def explain_sixty(*, waiting: int) -> str:
    """The sentence's end for a pick hand that ended 60 to 60 and queued a doubler."""
    if waiting == 1:
        return "60 to 60: a doubler is queued for the next hand."
    return f"60 to 60: a doubler is queued ({waiting} waiting)."


def explain_no_pick(*, queued_doubler: bool, waiting: int) -> str:
    """The sentence for a hand nobody picked and nobody played."""
    if not queued_doubler:
        return "Nobody picked: the hand was thrown in and nothing scores."
    if waiting == 1:
        return "Nobody picked: a doubler is queued for the next hand."
    return f"Nobody picked: a doubler is queued ({waiting} waiting)."
