"""How a card game's hand is doubled: two to the power of its doubling events, capped
by `max_multiplier`; the last hand of the night; the doublers said, as the sentence
names them."""

from __future__ import annotations

from scorekeeper.explain import with_article
from scorekeeper.games.cards.rules import CardRules
from scorekeeper.i18n import ngettext
from scorekeeper.records import Hand


def capped(events: int, rules: CardRules) -> int:
    """2 to the power of the hand's doubling EVENTS, capped by `max_multiplier`."""
    multiplier: int = 2**events
    if rules.max_multiplier:
        multiplier = min(multiplier, rules.max_multiplier)
    return multiplier


def last_hand(hand: Hand, rules: CardRules) -> int:
    """1 when HAND is the night's last and the house doubles it."""
    return 1 if hand.last_hand and rules.last_hand_doubler else 0


def doubler_events(hand: Hand) -> list[tuple[str, int]]:
    """The doublers said on HAND, named ("a crack") or counted, as doubling events."""
    events = [(with_article(n), 1) for n in hand.doubler_names]
    unnamed = hand.doublers - len(hand.doubler_names)
    if unnamed:
        words = ngettext("a doubler", "{count} doublers", unnamed).format(count=unnamed)
        events.append((words, unnamed))
    return events
