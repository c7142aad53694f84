"""Scoring one Schafkopf hand (`docs/rules/schafkopf.md`): its doublings (doublers,
knocks, Kontra steps, Bock, the last hand), the tariff, the pot, and the Bock round it
may start.  `score_hand` is the table's part, whatever the kind of hand; the drafts
here are each kind's (`hand_kinds`).  The night (`scorekeeper.night`) decides who is
dealt in and checks that the amounts and the pot's change sum to zero."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.base import Carry, Draft
from scorekeeper.games.cards.doubling import capped, last_hand
from scorekeeper.games.cards.misplay import with_misplays
from scorekeeper.games.hand_kind import Doubling, HandKind
from scorekeeper.games.schafkopf import explain
from scorekeeper.games.schafkopf.hands import GameHand, NullHand, PassHand, RamschHand
from scorekeeper.games.schafkopf.rules import SchafkopfRules
from scorekeeper.games.schafkopf.tariff import (
    GameValue,
    bock_triggered,
    null_won,
    pot_paid_in,
    said_doublings,
    score_game,
    score_null,
    score_ramsch,
)
from scorekeeper.records import Hand


def score_hand(
    kind: HandKind[Any, SchafkopfRules],
    hand: Hand,
    rules: SchafkopfRules,
    active: tuple[str, ...],
    carry: Carry,
) -> Draft:
    """A Schafkopf hand of KIND: Bock taken (by a hand played to its end), its kind's
    amounts, the pot paid or fed, and a misplayer's penalties on top."""
    bock = kind.played and carry.bock > 0
    carry.bock -= int(bock)
    last = bool(last_hand(hand, rules))
    multiplier = capped(hand.doublers + said_doublings(hand) + int(bock) + int(last), rules)
    events = tuple(explain.schafkopf_doubling(hand, bock, last))
    draft = kind.score(hand, rules, active, carry, Doubling(multiplier, events))
    carry.pot += draft.pot_change
    return with_misplays(draft, hand, rules, active) if kind.played else draft


def game_draft(
    hand: GameHand,
    label: str,
    value: GameValue,
    rules: SchafkopfRules,
    active: tuple[str, ...],
    doubling: Doubling,
    pot: int,
) -> Draft:
    """A call game or a solo (LABEL: the game in the sentence's words) worth VALUE,
    doubled as DOUBLING says; a call game won takes the POT, and one lost doubles it (a
    solo is given none)."""
    multiplier = doubling.multiplier
    amounts = score_game(hand, active, value)
    pot_change, pot_words = 0, None
    if pot:
        shares = pot_shares(hand.side, rules, pot)
        pot_words = explain.pot_words(shares, value.won, pot)
        sign = 1 if value.won else -1
        for player, share in shares.items():
            amounts[player] += sign * share
        pot_change = -sign * pot
    minimum = rules.laufende_minimum(hand.game_kind.laufende_class)
    sentence = explain.explain_game(
        hand,
        label,
        value,
        amounts,
        doubling.events,
        multiplier,
        minimum=minimum,
        pot=pot_words,
        all_tricks=rules.tricks,
    )
    outcome = "win" if value.won else "loss"
    return Draft(
        amounts, sentence, outcome, value.level, multiplier * value.factor, hand.side, pot_change
    )


def pot_shares(side: tuple[str, ...], rules: SchafkopfRules, pot: int) -> dict[str, int]:
    """What each of a call game's SIDE (the declarer, then the partner) takes from the
    POT when it wins, or pays into it when it loses: the declarer the whole pot, or
    under `pot_to` 'side' the declarer and the partner half each (the declarer the odd
    point of an odd pot)."""
    declarer, *partners = side
    if rules.pot_to != "side" or not partners:
        return {declarer: pot}
    half = pot // 2
    return {declarer: pot - half, partners[0]: half}


def null_draft(
    hand: NullHand, rules: SchafkopfRules, active: tuple[str, ...], doubling: Doubling
) -> Draft:
    """A Null, doubled as DOUBLING says."""
    multiplier = doubling.multiplier
    amounts = score_null(hand, rules, active, multiplier)
    sentence = explain.explain_null(hand, amounts, doubling.events, multiplier)
    outcome = "win" if null_won(hand) else "loss"
    return Draft(amounts, sentence, outcome, "normal", multiplier, (hand.declarer,))


def with_bock(
    draft: Draft, *, kontra: int, solo: bool, rules: SchafkopfRules, carry: Carry
) -> Draft:
    """DRAFT, a game won or lost with KONTRA steps (SOLO: played alone), and the Bock
    round it starts when it meets one of the `bock_after` conditions (CARRY queues it)."""
    if bock_triggered(draft.outcome == "win", draft.level, kontra, solo, rules):
        carry.bock += rules.bock_hands
        draft.sentence += explain.bock_phrase(rules.bock_hands)
    return draft


def ramsch_draft(
    hand: RamschHand, rules: SchafkopfRules, active: tuple[str, ...], doubling: Doubling
) -> Draft:
    """A Ramsch, doubled as DOUBLING says."""
    multiplier = doubling.multiplier
    ramsch = score_ramsch(hand, rules, active, multiplier)
    sentence = explain.explain_ramsch(
        hand, ramsch, ramsch.amounts, doubling.events, multiplier, rules.jungfrau
    )
    return Draft(ramsch.amounts, sentence, hand.type, multiplier=multiplier)


def pass_draft(
    hand: PassHand, rules: SchafkopfRules, active: tuple[str, ...], carry: Carry
) -> Draft:
    """A hand all passed: nothing scores, or under `all_pass` pot each pays into it."""
    amounts = pot_paid_in(rules, active) if rules.has_pot else dict.fromkeys(active, 0)
    pot_change = -sum(amounts.values())
    pot_after = carry.pot + pot_change if rules.has_pot else None
    sentence = explain.explain_pass(rules.tariff_call, pot_after)
    return Draft(amounts, sentence, hand.type, pot_change=pot_change)
