"""A night's hands in order: who sits out, the doubler queue, multipliers, totals, money.

`score_night` is the one function that turns a recorded night into numbers.  It checks
the zero-sum residual of every hand, every total and the settlement as it goes, so an
unbalanced sheet can never reach a person.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper import explain
from scorekeeper.problems import InvalidNight, require_zero_sum
from scorekeeper.records import Hand, LeasterHand, MisplayHand, Night, NoPickHand, PickHand
from scorekeeper.rules import RuleSet
from scorekeeper.scoring import (
    add_amounts,
    misplay_penalties,
    pick_outcome,
    picker_pays,
    score_leaster,
    score_pick,
)
from scorekeeper.settlement import Payment, settle
from scorekeeper.validation import active_players, validate_night

ROLES = ("picker", "partner", "defender", "leaster-winner", "leaster", "played")


def hand_roles(hand: Hand, active: tuple[str, ...]) -> dict[str, str]:
    """Each active player's part in a hand, for statistics: the picker, a partner or a
    defender; a leaster's winner or another player in it; else someone who played."""
    if isinstance(hand, PickHand):
        partners = set(hand.partners)
        return {
            p: "picker" if p == hand.picker else "partner" if p in partners else "defender"
            for p in active
        }
    if isinstance(hand, LeasterHand):
        return {p: "leaster-winner" if p in hand.winners else "leaster" for p in active}
    return dict.fromkeys(active, "played")


@dataclass(frozen=True)
class HandResult:
    """The score of one hand: every seated player's points (0 when not involved)."""

    number: int
    type: str
    outcome: str  # "win"/"loss" for the declarers of a pick hand, else the hand's type
    level: str  # "normal", "schneider" or "no-trick"
    multiplier: int
    points: dict[str, int]
    cents: dict[str, int]
    explanation: str
    active: tuple[str, ...]
    declarers: tuple[str, ...] = ()
    doublers_pending: int = 0  # queued doublers waiting after this hand
    roles: dict[str, str] = field(default_factory=dict)  # active player -> role, see ROLES


@dataclass(frozen=True)
class NightResult:
    """A whole night scored: each hand, the totals, and the fewest-payment settlement."""

    players: tuple[str, ...]
    hands: tuple[HandResult, ...]
    total_points: dict[str, int]
    total_cents: dict[str, int]
    settlement: tuple[Payment, ...]
    doublers_pending: int

    def running_points(self) -> list[dict[str, int]]:
        """Each player's running total after each hand, as the score sheet shows it."""
        running = dict.fromkeys(self.players, 0)
        rows = []
        for hand in self.hands:
            for player, amount in hand.points.items():
                running[player] += amount
            rows.append(dict(running))
        return rows


def score_night(night: Night) -> NightResult:
    """Score a recorded night; raises `InvalidNight` with every problem if it cannot be."""
    problems = validate_night(night)
    if problems:
        raise InvalidNight(problems)
    rules, players = night.rules, night.players
    queue = 0
    results = []
    for number, hand in enumerate(night.hands, start=1):
        result, queue = _score_hand(number, hand, rules, players, queue)
        results.append(result)
    totals = dict.fromkeys(players, 0)
    for result in results:
        for player, amount in result.points.items():
            totals[player] += amount
    require_zero_sum(totals, "the night's points")
    cents = {p: amount * rules.stake_cents for p, amount in totals.items()}
    require_zero_sum(cents, "the night's money")
    return NightResult(
        players=players,
        hands=tuple(results),
        total_points=totals,
        total_cents=cents,
        settlement=settle(cents),
        doublers_pending=queue,
    )


def _take_queued(hand: Hand, rules: RuleSet, queue: int) -> int:
    """How many queued doublers this hand plays off: pick and leaster hands take them."""
    if not isinstance(hand, PickHand | LeasterHand) or not queue:
        return 0
    return queue if rules.doubler_stack == "multiply" else 1


def hand_multiplier(hand: Hand, rules: RuleSet, queued: int) -> int:
    """2 to the power of the hand's doubling events, capped by `max_multiplier`."""
    events = hand.doublers + queued + (1 if hand.last_hand and rules.last_hand_doubler else 0)
    multiplier: int = 2**events
    if rules.max_multiplier:
        multiplier = min(multiplier, rules.max_multiplier)
    return multiplier


def _score_hand(
    number: int, hand: Hand, rules: RuleSet, players: tuple[str, ...], queue: int
) -> tuple[HandResult, int]:
    active = active_players(hand, rules, players)
    taken = _take_queued(hand, rules, queue)
    queue -= taken
    multiplier = hand_multiplier(hand, rules, taken)
    doubling = explain.doubling_phrase(
        hand.doubler_names,
        hand.doublers - len(hand.doubler_names),
        hand.last_hand and rules.last_hand_doubler,
        taken,
        multiplier,
    )
    outcome: str = hand.type
    level = "normal"
    declarers: tuple[str, ...] = ()
    if isinstance(hand, PickHand):
        picked = pick_outcome(hand, rules, multiplier)
        amounts = score_pick(hand, rules, active, picked)
        outcome, level = ("win" if picked.won else "loss"), picked.level
        declarers = (hand.picker, *hand.partners)
        sentence = explain.explain_pick(
            hand, picked, amounts, doubling,
            alone_possible=rules.max_partners > 0,
            picker_pays=picker_pays(hand, rules, picked),
            bumped=not picked.won and rules.double_on_the_bump,
        )  # fmt: skip
    elif isinstance(hand, LeasterHand):
        amounts = score_leaster(hand, rules, active, multiplier)
        sentence = explain.explain_leaster(hand, amounts, doubling)
    elif isinstance(hand, NoPickHand):
        amounts = dict.fromkeys(active, 0)
        queues = rules.no_pick == "doubler"
        queue += 1 if queues else 0
        multiplier = 1
        sentence = explain.explain_no_pick(queued_doubler=queues, waiting=queue)
    else:
        assert isinstance(hand, MisplayHand)
        amounts = misplay_penalties(hand.misplays, rules, active, multiplier)
        sentence = explain.explain_misplay(
            hand.misplays, amounts, thrown_in=True, unit=_misplay_unit(rules, multiplier)
        )
    if hand.misplays and not isinstance(hand, MisplayHand):
        penalties = misplay_penalties(hand.misplays, rules, active, multiplier)
        amounts = add_amounts(amounts, penalties)
        unit = _misplay_unit(rules, multiplier)
        sentence += " " + explain.explain_misplay(
            hand.misplays, penalties, thrown_in=False, unit=unit
        )
    require_zero_sum(amounts, f"hand {number}")
    points = {p: amounts.get(p, 0) for p in players}
    result = HandResult(
        number=number,
        type=hand.type,
        outcome=outcome,
        level=level,
        multiplier=multiplier,
        points=points,
        cents=_cents(points, rules.stake_cents, number),
        explanation=sentence,
        active=active,
        declarers=declarers,
        doublers_pending=queue,
        roles=hand_roles(hand, active),
    )
    return result, queue


def _misplay_unit(rules: RuleSet, multiplier: int) -> int:
    return rules.misplay_units * (multiplier if rules.misplay_multiplied else 1)


def _cents(points: Mapping[str, int], stake: int, number: int) -> dict[str, int]:
    cents = {p: amount * stake for p, amount in points.items()}
    require_zero_sum(cents, f"hand {number}'s money")
    return cents
