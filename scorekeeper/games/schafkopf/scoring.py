"""Scoring one Schafkopf hand (`docs/rules/schafkopf.md`): its doublings (doublers,
knocks, Kontra steps, Bock, the last hand), the tariff, the pot, and the Bock round it
may start.  The night (`scorekeeper.night`) decides who is dealt in and checks that the
amounts and the pot's change sum to zero."""

from __future__ import annotations

from scorekeeper.games.base import Carry, Draft
from scorekeeper.games.cards import (
    LeasterHand,
    capped,
    last_hand,
    leaster_draft,
    thrown_in_draft,
    with_misplays,
)
from scorekeeper.games.schafkopf import explain
from scorekeeper.games.schafkopf.hands import (
    CallHand,
    GameHand,
    NullHand,
    PassHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.games.schafkopf.rules import SchafkopfRules
from scorekeeper.games.schafkopf.tariff import (
    bock_triggered,
    doubling_events,
    game_value,
    kind_of,
    null_won,
    pot_paid_in,
    score_game,
    score_null,
    score_ramsch,
)
from scorekeeper.records import Hand

BOCK_TYPES = (CallHand, SoloHand, NullHand, RamschHand, LeasterHand)  # played in a Bock round


def score_hand(hand: Hand, rules: SchafkopfRules, active: tuple[str, ...], carry: Carry) -> Draft:
    """A Schafkopf hand: Bock taken and queued, the pot paid or fed."""
    bock = isinstance(hand, BOCK_TYPES) and carry.bock > 0
    carry.bock -= int(bock)
    last = bool(last_hand(hand, rules))
    multiplier = capped(hand.doublers + doubling_events(hand) + int(bock) + int(last), rules)
    events = explain.schafkopf_doubling(hand, bock, last)
    won: bool | None = None
    if isinstance(hand, GameHand):
        draft = _game(hand, rules, active, carry, multiplier, events)
        won = draft.outcome == "win"
    elif isinstance(hand, NullHand):
        amounts = score_null(hand, rules, active, multiplier)
        won = null_won(hand)
        sentence = explain.explain_null(hand, amounts, events, multiplier)
        outcome = "win" if won else "loss"
        draft = Draft(amounts, sentence, outcome, "normal", multiplier, (hand.declarer,))
    elif isinstance(hand, RamschHand):
        ramsch = score_ramsch(hand, rules, active, multiplier)
        sentence = explain.explain_ramsch(
            hand, ramsch, ramsch.amounts, events, multiplier, rules.jungfrau
        )
        draft = Draft(ramsch.amounts, sentence, hand.type, multiplier=multiplier)
    elif isinstance(hand, LeasterHand):
        draft = leaster_draft(hand, rules, active, multiplier, events)
    elif isinstance(hand, PassHand):
        amounts = pot_paid_in(rules, active) if rules.has_pot else dict.fromkeys(active, 0)
        pot_change = -sum(amounts.values())
        pot_after = carry.pot + pot_change if rules.has_pot else None
        sentence = explain.explain_pass(rules.tariff_call, pot_after)
        draft = Draft(amounts, sentence, hand.type, pot_change=pot_change)
    else:
        draft = thrown_in_draft(hand, rules, active, multiplier)
    carry.pot += draft.pot_change
    if bock_triggered(hand, won, draft.level, rules):
        carry.bock += rules.bock_hands
        draft.sentence += explain.bock_phrase(rules.bock_hands)
    return with_misplays(draft, hand, rules, active)


def _game(
    hand: GameHand,
    rules: SchafkopfRules,
    active: tuple[str, ...],
    carry: Carry,
    multiplier: int,
    events: explain.Events,
) -> Draft:
    """A call game or a solo; a call game won takes the pot, and one lost doubles it."""
    value = game_value(hand, rules, multiplier)
    amounts = score_game(hand, active, value)
    pot_change, pot_words = 0, None
    if isinstance(hand, CallHand) and carry.pot:
        shares = pot_shares(hand, rules, carry.pot)
        pot_words = explain.pot_words(shares, value.won, carry.pot)
        sign = 1 if value.won else -1
        for player, share in shares.items():
            amounts[player] += sign * share
        pot_change = -sign * carry.pot
    minimum = rules.laufende_minimum(kind_of(hand).laufende_class)
    sentence = explain.explain_game(
        hand,
        value,
        amounts,
        events,
        multiplier,
        minimum=minimum,
        pot=pot_words,
        all_tricks=rules.tricks,
    )
    declarers = (hand.declarer, *(hand.partners if isinstance(hand, CallHand) else ()))
    outcome = "win" if value.won else "loss"
    return Draft(
        amounts, sentence, outcome, value.level, multiplier * value.factor, declarers, pot_change
    )


def pot_shares(hand: CallHand, rules: SchafkopfRules, pot: int) -> dict[str, int]:
    """What each of a call game's side takes from the POT when it wins, or pays into it
    when it loses: the declarer the whole pot, or under `pot_to` 'side' the declarer
    and the partner half each (the declarer the odd point of an odd pot)."""
    if rules.pot_to != "side" or not hand.partners:
        return {hand.declarer: pot}
    half = pot // 2
    return {hand.declarer: pot - half, hand.partners[0]: half}
