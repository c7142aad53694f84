"""Scoring one Sheepshead hand (`docs/rules/sheepshead.md`): the doublers it takes from
the queue, its multiplier, its amounts and its sentence.

`score_hand` is the game's scorer; the night (`scorekeeper.night`) decides who is dealt
in and checks that the amounts sum to zero.  Every function returns amounts for the
active players that sum to zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.explain import amounts_phrase, join_names, sentence, with_doubling
from scorekeeper.games.base import Carry, Draft
from scorekeeper.games.cards.doubling import capped, doubler_events, last_hand
from scorekeeper.games.cards.misplay import with_misplays
from scorekeeper.games.cards.rules import CARD_POINTS
from scorekeeper.games.hand_kind import Doubling, HandKind
from scorekeeper.games.sheepshead.hands import NoPickHand, PickHand
from scorekeeper.games.sheepshead.rules import SheepsheadRules
from scorekeeper.i18n import N_, _, ngettext
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


def score_hand(
    kind: HandKind[Any, SheepsheadRules],
    hand: Hand,
    rules: SheepsheadRules,
    active: tuple[str, ...],
    carry: Carry,
) -> Draft:
    """A Sheepshead hand of KIND: the queued doublers it plays off (a hand played to
    its end takes them), its kind's amounts, and a misplayer's penalties on top."""
    taken = take_queued(kind.played, rules, carry.doublers)
    carry.doublers -= taken
    last = last_hand(hand, rules)
    multiplier = capped(hand.doublers + taken + last, rules)
    events = tuple(doubling_events(hand, bool(last), taken))
    draft = kind.score(hand, rules, active, carry, Doubling(multiplier, events))
    return with_misplays(draft, hand, rules, active) if kind.played else draft


def pick_draft(
    hand: PickHand,
    rules: SheepsheadRules,
    active: tuple[str, ...],
    carry: Carry,
    doubling: Doubling,
) -> Draft:
    """A picked hand, doubled as DOUBLING says; a 60-60 hand queues a doubler (CARRY)."""
    multiplier = doubling.multiplier
    picked = pick_outcome(hand, rules, multiplier)
    amounts = score_pick(hand, rules, active, picked)
    said = explain_pick(hand, rules, picked, amounts, doubling.events, multiplier)
    if sixty_sixty(hand, rules):
        carry.doublers += 1
        said += " " + explain_sixty(waiting=carry.doublers)
    outcome = "win" if picked.won else "loss"
    declarers = (hand.picker, *hand.partners)
    return Draft(amounts, said, outcome, picked.level, multiplier, declarers)


def no_pick_draft(
    hand: NoPickHand, rules: SheepsheadRules, active: tuple[str, ...], carry: Carry
) -> Draft:
    """A hand nobody picked: nothing scores; under `no_pick` doubler a doubler is queued."""
    queues = rules.no_pick == "doubler"
    carry.doublers += 1 if queues else 0
    said = explain_no_pick(queued_doubler=queues, waiting=carry.doublers)
    return Draft(dict.fromkeys(active, 0), said, hand.type)


def sixty_sixty(hand: PickHand, rules: SheepsheadRules) -> bool:
    """True when HAND, picked, ended 60 to 60 and the house queues a doubler for that
    (`sixty_doubles_next`)."""
    return rules.sixty_doubles_next and hand.points == SIXTY


def take_queued(played: bool, rules: SheepsheadRules, queue: int) -> int:
    """How many queued doublers a hand plays off: one PLAYED to its end (a pick, a
    leaster) takes them."""
    if not played or not queue:
        return 0
    return queue if rules.doubler_stack == "multiply" else 1


def doubling_events(hand: Hand, last: bool, queued: int) -> list[tuple[str, int]]:
    """The hand's doubling events: its doublers ('a crack'), the last hand, the QUEUED
    doublers it plays off, each with the doublings it stands for."""
    events = doubler_events(hand)
    if last:
        events.append((_("the last hand"), 1))
    if queued:
        words = ngettext("a queued doubler", "{count} queued doublers", queued)
        events.append((words.format(count=queued), queued))
    return events


EACH_DEFENDER = N_("each defender")  # the picking side's opponents, each the same amount


def explain_pick(
    hand: PickHand,
    rules: SheepsheadRules,
    outcome: PickOutcome,
    amounts: Mapping[str, int],
    events: Sequence[tuple[str, int]],
    multiplier: int,
) -> str:
    """The sentence for a picked hand, doubled by EVENTS to MULTIPLIER."""
    declarers = [hand.picker, *hand.partners]
    if not hand.partners and rules.max_partners > 0:
        # Translators: the picker played without the partner the rules would give.
        who = _("{picker} alone").format(picker=hand.picker)
    else:
        who = join_names(declarers)
    side = len(declarers)
    if outcome.won and outcome.level == "no-trick":
        result = ngettext(
            "{side} took every trick: no-trick", "{side} took every trick: no-trick", side
        ).format(side=who)
    elif outcome.level == "no-trick":
        result = ngettext(
            "{side} took no trick: a no-trick loss", "{side} took no trick: a no-trick loss", side
        ).format(side=who)
        if picker_pays(hand, rules, outcome) and hand.partners:
            result = _("{clause}, {picker} pays for the side").format(
                clause=result, picker=hand.picker
            )
    else:
        result = _took(outcome.won, outcome.level, side).format(side=who, points=hand.points)
    if not outcome.won and rules.double_on_the_bump:
        result = _("{clause}, doubled on the bump").format(clause=result)
    clause = with_doubling(result, events, multiplier)
    return sentence(clause, amounts_phrase(amounts, declarers, EACH_DEFENDER))


def _took(won: bool, level: str, side: int) -> str:
    """'{side} took {points}: a win' and the like, for a SIDE of so many players."""
    if won and level == "schneider":
        return ngettext("{side} took {points}: schneider", "{side} took {points}: schneider", side)
    if won:
        return ngettext("{side} took {points}: a win", "{side} took {points}: a win", side)
    if level == "schneider":
        return ngettext(
            "{side} took {points}: schneidered", "{side} took {points}: schneidered", side
        )
    return ngettext("{side} took {points}: a loss", "{side} took {points}: a loss", side)


def explain_sixty(*, waiting: int) -> str:
    """The sentence's end for a pick hand that ended 60 to 60 and queued a doubler."""
    if waiting == 1:
        return _("60 to 60: a doubler is queued for the next hand.")
    return _("60 to 60: a doubler is queued ({waiting} waiting).").format(waiting=waiting)


def explain_no_pick(*, queued_doubler: bool, waiting: int) -> str:
    """The sentence for a hand nobody picked and nobody played."""
    if not queued_doubler:
        return _("Nobody picked: the hand was thrown in and nothing scores.")
    if waiting == 1:
        return _("Nobody picked: a doubler is queued for the next hand.")
    return _("Nobody picked: a doubler is queued ({waiting} waiting).").format(waiting=waiting)
