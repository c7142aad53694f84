"""The largest amount Scorekeeper keeps, the same whatever the database and the door.

Any one stored amount (a player's points or cents for one hand, a hand's multiplier, a
pot's change, a payment) stays within ±`MAX_AMOUNT`: 10**12 cents, ten billion in any
currency (a message says it in the league's or the night's).  So a whole league's
sums stay far inside a 64-bit integer (over nine million such amounts before one could
overflow) and every amount is exact as a JSON number (below 2**53).
See docs/decisions.md, "Amount limits".
"""

from __future__ import annotations

MAX_AMOUNT = 10**12


def within_limit(amount: int) -> bool:
    """True when AMOUNT (points, cents or a multiplier) may be stored."""
    return -MAX_AMOUNT <= amount <= MAX_AMOUNT
