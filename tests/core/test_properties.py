"""Invariants over random valid nights in every preset with random house-rule overrides."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import result_to_json
from scorekeeper.document import load_night, night_to_document
from scorekeeper.night import Carry, night_totals, score_next, score_night, totals_with_one_more
from scorekeeper.settlement import settle
from tests.strategies import night_documents, schafkopf_night_documents


def _score(document: dict):
    night, problems = load_night(document)
    assert not problems, [str(p) for p in problems]
    assert night is not None
    return night, score_night(night)


@given(night_documents())
def test_every_hand_and_every_total_sums_to_zero(document: dict) -> None:
    _, result = _score(document)
    for hand in result.hands:
        assert sum(hand.points.values()) == 0
        assert sum(hand.cents.values()) == 0
        assert set(hand.points) == set(result.players)
        sitting = set(result.players) - set(hand.active)
        assert all(hand.points[p] == 0 for p in sitting)
    assert sum(result.total_points.values()) == 0
    assert sum(result.total_cents.values()) == 0


@given(night_documents())
def test_cents_are_points_times_the_stake(document: dict) -> None:
    night, result = _score(document)
    stake = night.rules.stake_cents
    for hand in result.hands:
        assert hand.cents == {p: v * stake for p, v in hand.points.items()}
    assert result.total_cents == {p: v * stake for p, v in result.total_points.items()}
    assert result.total_points == {
        p: sum(h.points[p] for h in result.hands) for p in result.players
    }


@given(night_documents())
def test_the_settlement_zeroes_every_balance_in_few_payments(document: dict) -> None:
    _, result = _score(document)
    left = dict(result.total_cents)
    for payment in result.settlement:
        assert payment.cents > 0 and isinstance(payment.cents, int)
        left[payment.payer] += payment.cents
        left[payment.payee] -= payment.cents
    assert not any(left.values())
    owing = sum(1 for v in result.total_cents.values() if v)
    assert len(result.settlement) <= max(owing - 1, 0)


@given(night_documents())
def test_the_same_night_always_scores_the_same(document: dict) -> None:
    _, first = _score(document)
    again = json.loads(json.dumps(document))
    _, second = _score(again)
    assert json.dumps(result_to_json(first)) == json.dumps(result_to_json(second))


@given(night_documents())
def test_the_document_round_trips_and_scores_identically(document: dict) -> None:
    night, result = _score(document)
    written = night_to_document(night)
    back, problems = load_night(json.loads(json.dumps(written)))
    assert not problems and back == night
    assert night_to_document(back) == written
    assert result_to_json(score_night(back)) == result_to_json(result)


def _partitions(items: list[int]):
    """Every way to split a list into groups (Bell-number many)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]


def brute_force_minimum(balances: dict[str, int]) -> int:
    """The fewest payments, from every split of the balances into groups summing to zero:
    a group of n settles in n - 1 payments and never fewer."""
    items = [v for v in balances.values() if v]
    best = max(len(items) - 1, 0)
    for partition in _partitions(items):
        if all(sum(group) == 0 for group in partition):
            best = min(best, len(items) - len(partition))
    return best


@st.composite
def balances(draw: st.DrawFn, most: int) -> dict[str, int]:
    values = draw(st.lists(st.integers(-6, 6).map(lambda v: v * 5), min_size=1, max_size=most))
    values.append(-sum(values))
    return {f"P{i}": v for i, v in enumerate(values)}


@settings(max_examples=150, deadline=None)
@given(balances(most=7))
def test_settlement_is_never_more_than_the_brute_force_minimum(owed: dict[str, int]) -> None:
    payments = settle(owed)
    assert len(payments) == brute_force_minimum(owed)
    assert settle(dict(owed)) == payments


@settings(max_examples=10, deadline=None)
@given(balances(most=15))
def test_settlement_of_sixteen_zeroes_everyone(owed: dict[str, int]) -> None:
    left = dict(owed)
    for p in settle(owed):
        left[p.payer] += p.cents
        left[p.payee] -= p.cents
    assert not any(left.values())


def test_settlement_finds_groups_a_greedy_pairing_misses() -> None:
    # Largest-debtor-pays-largest-creditor takes 4 payments here; the minimum is 3:
    # Ann pays Bob, and Cal settles with Dee and Eve.
    owed = {"Ann": -7, "Bob": 7, "Cal": -8, "Dee": 3, "Eve": 5}
    assert brute_force_minimum(owed) == 3
    assert {(p.payer, p.payee, p.cents) for p in settle(owed)} == {
        ("Ann", "Bob", 7),
        ("Cal", "Eve", 5),
        ("Cal", "Dee", 3),
    }


@given(st.one_of(night_documents(), schafkopf_night_documents()))
def test_a_hand_appended_from_the_carry_scores_as_the_whole_night_does(document: dict) -> None:
    """Recording at the end of a night scores only the new hand, from what the hand
    before it left (doublers, Bock, pot): the same numbers as rescoring everything."""
    night, whole = _score(document)
    results = []
    for number, hand in enumerate(night.hands, start=1):
        carry = Carry.after(results[-1] if results else None)
        results.append(score_next(night, hand, carry, number=number))
    assert tuple(results) == whole.hands
    assert night_totals(night.rules, night.players, results) == whole
    # The window's totals after each hand recorded: the last totals plus the new hand.
    totals = night_totals(night.rules, night.players, [])
    for result in results:
        totals = totals_with_one_more(night.rules, night.players, totals, result)
    assert totals == whole
