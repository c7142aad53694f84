"""The fewest payments that bring every balance to zero.

A set of k non-zero balances that sum to zero can always be settled in k - 1 payments;
it needs fewer exactly when it splits into groups that each sum to zero, one payment
fewer per extra group.  So the minimum is k minus the largest number of zero-sum groups
the balances can be split into, found by a search over subsets (2^k states, quick for
the up to 16 players of a table).  Within each group, the largest debtor pays the
largest creditor until the group is square, which takes exactly (group size - 1)
payments because no part of a group sums to zero.

Larger sets (a league's debts across dozens of players) first take out every pair that
cancels exactly, then settle the rest greedily; see `EXACT_LIMIT`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.problems import require_zero_sum

EXACT_LIMIT = 16


@dataclass(frozen=True, order=True)
class Payment:
    """One payment at the end of a night: `payer` pays `payee` a positive number of cents."""

    payer: str
    payee: str
    cents: int


def settle(balances: Mapping[str, int]) -> tuple[Payment, ...]:
    """The fewest payments that zero every balance (cents; positive means owed money).

    Deterministic: the same balances, in the same order, give the same payments.
    """
    require_zero_sum(balances, "the balances to settle")
    nonzero = [(name, amount) for name, amount in balances.items() if amount]
    groups = _zero_sum_groups(nonzero) if len(nonzero) <= EXACT_LIMIT else _pairs_then_rest(nonzero)
    payments = [p for group in groups for p in _settle_group(group)]
    check_settles(balances, payments)
    return tuple(payments)


def _zero_sum_groups(items: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Split the balances into the largest number of groups that each sum to zero."""
    k = len(items)
    if k == 0:
        return []
    full = (1 << k) - 1
    total = [0] * (1 << k)
    best = [0] * (1 << k)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + items[low.bit_length() - 1][1]
        most = 0
        rest = mask
        while rest:
            bit = rest & -rest
            most = max(most, best[mask ^ bit])
            rest ^= bit
        best[mask] = most + (total[mask] == 0)
    return _recover_groups(items, total, best)


def _recover_groups(
    items: list[tuple[str, int]], total: list[int], best: list[int]
) -> list[list[tuple[str, int]]]:
    """Walk the search back from the full set: each time the running set sums to zero,
    the players removed since the last such time form one group."""
    mask = (1 << len(items)) - 1
    groups: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    while mask:
        closes = total[mask] == 0
        need = best[mask] - closes
        if closes and current:
            groups.append(current)
            current = []
        index = next(
            i for i in range(len(items)) if mask >> i & 1 and best[mask ^ (1 << i)] == need
        )
        current.append(items[index])
        mask ^= 1 << index
    groups.append(current)
    return groups


def _pairs_then_rest(items: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """For many balances: pairs that cancel exactly, then everything else as one group."""
    groups: list[list[tuple[str, int]]] = []
    waiting: dict[int, list[tuple[str, int]]] = {}
    rest: list[tuple[str, int]] = []
    for item in items:
        partners = waiting.get(-item[1])
        if partners:
            groups.append([partners.pop(0), item])
        else:
            waiting.setdefault(item[1], []).append(item)
    for pending in waiting.values():
        rest += pending
    if rest:
        groups.append(sorted(rest, key=lambda i: items.index(i)))
    return groups


def _settle_group(group: list[tuple[str, int]]) -> list[Payment]:
    """Largest debtor pays largest creditor until the group is square (ties by order)."""
    order = {name: i for i, (name, _) in enumerate(group)}
    left = dict(group)
    payments = []
    while any(left.values()):
        payer = min((n for n in left if left[n] < 0), key=lambda n: (left[n], order[n]))
        payee = max((n for n in left if left[n] > 0), key=lambda n: (left[n], -order[n]))
        cents = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, cents))
        left[payer] += cents
        left[payee] -= cents
    return payments


def check_settles(
    balances: Mapping[str, int], payments: Iterable[Payment], what: str = "settlement"
) -> None:
    """Raise unless every payment is positive and together they zero every balance (a
    payee with no balance, such as a treasurer, must end square too)."""
    after = dict(balances)
    for payment in payments:
        if payment.cents <= 0:
            raise AssertionError(f"{what}: a payment of {payment.cents} cents")
        after[payment.payer] = after.get(payment.payer, 0) + payment.cents
        after[payment.payee] = after.get(payment.payee, 0) - payment.cents
    if any(after.values()):
        raise AssertionError(f"{what}: it leaves balances {after}")
    require_zero_sum(after, f"the balances after {what}")
