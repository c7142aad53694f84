"""Who deals next: the dealer the app proposes for a night's next hand.

The deal passes clockwise among the players at the table, after the last hand's dealer,
unless the night's game keeps the same dealer (`Game.deals_again`: Sheepshead's
`no_pick_dealer` 'same' after a hand nobody picked, up to `max_redeals` in a row).  It
changes no score: the night document records each hand's dealer.  It decides who is
proposed, and so who sits out when one more player is seated than the game deals in
(`scorekeeper.validation.who_sits_out`).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.games import game_of
from scorekeeper.records import Hand, Night
from scorekeeper.rules import RuleSet


def proposed_dealer(night: Night, seated: Sequence[str] | None = None) -> str | None:
    """Who deals the hand after NIGHT's hands, among SEATED (those at the table for it,
    in seat order; every seat by default): the last hand's dealer again when the game
    says so, else the next player clockwise after the last dealer; the first of SEATED
    when no hand has a dealer yet; None when nobody is seated."""
    return dealer_after(night.players, night.rules, night.hands, seated)


def dealer_after(
    players: Sequence[str],
    rules: RuleSet,
    hands: Sequence[Hand],
    seated: Sequence[str] | None = None,
) -> str | None:
    """`proposed_dealer` of a night's PLAYERS, RULES and HANDS so far.  HANDS is read
    from its end, as far back as the last dealer and the game's own rule need (a
    screen may hand a sequence that reads each hand only when asked)."""
    at_table = list(players if seated is None else seated)
    if not at_table:
        return None
    last = next((hand.dealer for hand in reversed(hands) if hand.dealer), None)
    if last is None:
        return at_table[0]
    if last in at_table and game_of(rules).deals_again(hands, rules):
        return last
    order = list(players)
    start = order.index(last) if last in order else -1
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate in at_table:
            return candidate
    return at_table[0]
