"""Money across nights: debts plus partial payments give the right balances, and each way
of squaring up (fewest payments, debts kept between the original players, a collector)
does what it promises; league money always sums to zero."""

from __future__ import annotations

import datetime as dt
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.ledger import (
    Debt,
    PaymentRecord,
    Settled,
    balance_history,
    balances,
    outstanding,
    settled,
)
from scorekeeper.settlement import Payment

DAY = dt.date(2026, 11, 3)


def debts(text: str) -> list[Debt]:
    """ "night debtor creditor cents" rows."""
    rows = [line.split() for line in text.strip().splitlines()]
    return [
        Debt(int(n), DAY + dt.timedelta(days=7 * int(n)), d, c, int(cents))
        for n, d, c, cents in rows
    ]


def paid(text: str) -> list[PaymentRecord]:
    """ "payer payee cents" rows, paid on the day after the last night."""
    rows = [line.split() for line in text.strip().splitlines()]
    return [
        PaymentRecord(i, p, q, int(c), DAY + dt.timedelta(days=30))
        for i, (p, q, c) in enumerate(rows, start=1)
    ]


THREE_NIGHTS = debts("""
1 Bob Ann 125
1 Cal Ann 50
2 Ann Dee 200
2 Bob Dee 25
3 Cal Bob 75
""")


def test_debts_and_partial_payments_give_the_right_balances() -> None:
    payments = paid("Cal Ann 30\nAnn Dee 100\nBob Ann 125")
    assert balances(THREE_NIGHTS, payments) == {
        # Ann: +125 +50 -200, paid 100, received 30 and 125
        "Ann": 125 + 50 - 200 + 100 - 30 - 125,
        "Bob": -125 - 25 + 75 + 125,
        "Cal": -50 - 75 + 30,
        "Dee": 200 + 25 - 100,
    }


def test_simplified_debts_zero_every_balance_in_the_fewest_payments() -> None:
    # Ann -5, Bob +5, Cal -7, Dee +7: two pairs cancel, so two payments (not three).
    owed = outstanding(debts("1 Ann Bob 5\n2 Cal Dee 3\n3 Cal Dee 4"), [])
    assert sorted(owed) == [Payment("Ann", "Bob", 5), Payment("Cal", "Dee", 7)]


def test_a_full_payment_clears_the_debt() -> None:
    owed = outstanding(debts("1 Ann Bob 250"), paid("Ann Bob 250"))
    assert owed == ()


def test_direct_mode_keeps_debts_between_the_original_players() -> None:
    # Simplified, Ann would pay Cal directly (Bob is square); direct keeps both debts.
    chain = debts("1 Ann Bob 100\n2 Bob Cal 100")
    assert outstanding(chain, []) == (Payment("Ann", "Cal", 100),)
    assert set(outstanding(chain, [], mode="direct")) == {
        Payment("Ann", "Bob", 100),
        Payment("Bob", "Cal", 100),
    }


def test_direct_mode_nets_a_pair_and_its_payments() -> None:
    owed = outstanding(debts("1 Ann Bob 100\n2 Bob Ann 30"), paid("Ann Bob 50"), mode="direct")
    assert owed == (Payment("Ann", "Bob", 20),)


def test_collector_mode_routes_everything_through_the_treasurer() -> None:
    owed = outstanding(THREE_NIGHTS, [], mode="collector", collector="Ann")
    assert all("Ann" in (p.payer, p.payee) for p in owed)
    assert set(owed) == {
        Payment("Cal", "Ann", 125),
        Payment("Bob", "Ann", 75),
        Payment("Ann", "Dee", 225),
    }


def test_a_collector_who_never_played_only_passes_money_on() -> None:
    owed = outstanding(debts("1 Ann Bob 40"), [], mode="collector", collector="Treasurer")
    assert owed == (Payment("Ann", "Treasurer", 40), Payment("Treasurer", "Bob", 40))


def test_balance_history_follows_nights_then_payments() -> None:
    history = balance_history("Ann", THREE_NIGHTS, paid("Ann Dee 100"))
    assert [(p.balance, p.what) for p in history] == [
        (175, "the night of 11/10/26"),  # never the night's id
        (-25, "the night of 11/17/26"),
        (75, "paid Dee"),
    ]


NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus"]
pairs = st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES)).filter(lambda p: p[0] != p[1])
debt_lists = st.lists(st.tuples(pairs, st.integers(1, 5000)), max_size=25).map(
    lambda rows: [Debt(i // 4, None, d, c, cents) for i, ((d, c), cents) in enumerate(rows)]
)
payment_lists = st.lists(st.tuples(pairs, st.integers(1, 3000)), max_size=10).map(
    lambda rows: [PaymentRecord(i, p, q, cents, DAY) for i, ((p, q), cents) in enumerate(rows)]
)


def _after(balance: dict[str, int], owed: tuple[Payment, ...]) -> dict[str, int]:
    left = dict(balance)
    for payment in owed:
        assert payment.cents > 0
        left[payment.payer] += payment.cents
        left[payment.payee] = left.get(payment.payee, 0) - payment.cents
    return left


@settings(max_examples=200, deadline=None)
@given(debt_lists, payment_lists)
def test_league_money_always_sums_to_zero_and_every_mode_squares_it(debts_, payments) -> None:
    balance = balances(debts_, payments)
    assert sum(balance.values()) == 0
    for mode in ("simplify", "direct"):
        owed = outstanding(debts_, payments, mode=mode)
        assert not any(_after(balance, owed).values())
    owed = outstanding(debts_, payments, mode="collector", collector="Ann")
    assert all("Ann" in (p.payer, p.payee) for p in owed)
    assert not any(_after(balance, owed).values())


@settings(max_examples=200, deadline=None)
@given(debt_lists, payment_lists)
def test_direct_mode_pays_only_between_players_who_had_dealings(debts_, payments) -> None:
    dealt = {frozenset((d.debtor, d.creditor)) for d in debts_}
    dealt |= {frozenset((p.payer, p.payee)) for p in payments}
    for payment in outstanding(debts_, payments, mode="direct"):
        assert frozenset((payment.payer, payment.payee)) in dealt


@settings(max_examples=100, deadline=None)
@given(debt_lists)
def test_simplified_is_no_more_payments_than_any_split_into_square_groups(debts_) -> None:
    balance = {p: c for p, c in balances(debts_, []).items() if c}
    owed = outstanding(debts_, [])
    # Brute force: the fewest payments is (players with a balance) - (most groups that
    # each sum to zero); check no partition into zero-sum groups beats it.
    names = list(balance)
    best = _most_zero_groups(names, balance)
    assert len(owed) == len(names) - best


def _most_zero_groups(names: list[str], balance: dict[str, int]) -> int:
    if not names:
        return 0
    first, rest = names[0], names[1:]
    best = 0
    for size in range(len(rest) + 1):
        for group in itertools.combinations(rest, size):
            if balance[first] + sum(balance[n] for n in group) == 0:
                left = [n for n in rest if n not in group]
                best = max(best, 1 + _most_zero_groups(left, balance))
    return best


# -- what has been paid of each night's debts ------------------------------------------


def test_a_league_payment_pays_the_oldest_debt_between_the_two_first() -> None:
    """Bob owes Ann 125 from night 1; a payment of 100 recorded in the league pays 100
    of it, then one of 50 the 25 left (the rest pays no night: Bob owes Ann nothing
    more); nobody else's debt is touched."""
    day = DAY + dt.timedelta(days=30)
    answer = settled(THREE_NIGHTS, paid("Bob Ann 100\nBob Ann 50"))
    assert answer[0] == Settled("Bob", "Ann", 125, paid=125, paid_on=(day,))
    assert all(row.paid == 0 for row in answer[1:])
    assert [row.owed for row in answer] == [0, 50, 200, 25, 75]


def test_a_payment_made_for_a_night_pays_that_nights_debt_first() -> None:
    """Ann owes Dee 200 on night 2 and 30 on night 4: a payment marked at night 4's
    Settle up pays night 4's debt, and only what is left of it the older one."""
    debts = [*THREE_NIGHTS, Debt(4, DAY + dt.timedelta(days=28), "Ann", "Dee", 30)]
    made = PaymentRecord(1, "Ann", "Dee", 50, DAY + dt.timedelta(days=28), night_id=4)
    answer = settled(debts, [made])
    assert (answer[2].paid, answer[5].paid) == (20, 30)


def test_a_payment_routed_through_a_third_player_pays_no_nights_debt() -> None:
    """Cal pays Dee what the fewest payments across nights may ask of him, though on
    the nights he owed Ann and Bob: no night's debt is paid by it (his stand)."""
    answer = settled(THREE_NIGHTS, paid("Cal Dee 75"))
    assert sum(row.paid for row in answer) == 0


@given(
    st.lists(st.integers(min_value=1, max_value=400), max_size=8),
    st.lists(st.sampled_from(["Bob Ann", "Cal Ann", "Ann Dee", "Cal Bob", "Dee Cal"]), max_size=8),
)
def test_what_is_paid_of_the_debts_is_never_more_than_was_paid_or_owed(
    amounts: list[int], pairs: list[str]
) -> None:
    made = [
        PaymentRecord(i, *pair.split(), cents, DAY, night_id=(i % 3) or None)
        for i, (cents, pair) in enumerate(zip(amounts, pairs, strict=False))
    ]
    answer = settled(THREE_NIGHTS, made)
    assert all(0 <= row.paid <= row.cents and row.owed == row.cents - row.paid for row in answer)
    for debt, row in zip(THREE_NIGHTS, answer, strict=True):
        between = sum(p.cents for p in made if (p.payer, p.payee) == (debt.debtor, debt.creditor))
        owed = sum(
            d.cents for d in THREE_NIGHTS if (d.debtor, d.creditor) == (row.payer, row.payee)
        )
        assert sum(r.paid for r in answer if (r.payer, r.payee) == (row.payer, row.payee)) == min(
            between, owed
        )
