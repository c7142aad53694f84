"""Invariants over random Schafkopf nights: every preset and option, pots and Bock rounds."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given

from scorekeeper.cli import result_to_json
from scorekeeper.document import load_night, night_to_document
from scorekeeper.night import score_night
from scorekeeper.results import POT, NightResult
from tests.strategies import schafkopf_night_documents


def _score(document: dict[str, Any]) -> NightResult:
    night, problems = load_night(document)
    assert not problems, [str(p) for p in problems]
    assert night is not None
    return score_night(night)


@given(schafkopf_night_documents())
def test_every_hand_sums_to_zero_with_the_pot(document: dict[str, Any]) -> None:
    night, _ = load_night(document)
    assert night is not None
    result = score_night(night)
    stake = night.rules.stake_cents
    pot = 0
    for hand in result.hands:
        assert sum(hand.points.values()) + hand.pot_change == 0
        assert hand.cents == {p: v * stake for p, v in hand.points.items()}
        assert sum(hand.cents.values()) + hand.pot_change * stake == 0
        pot += hand.pot_change
        assert pot >= 0
        assert hand.pot == (pot if night.rules.has_pot else None)
        assert all(hand.points[p] == 0 for p in set(result.players) - set(hand.active))
    assert result.pot == (pot if night.rules.has_pot else None)
    assert sum(result.total_points.values()) + (result.pot or 0) == 0
    assert sum(result.total_cents.values()) + (result.pot_cents or 0) == 0


@given(schafkopf_night_documents())
def test_the_settlement_zeroes_every_balance_including_the_pots(document: dict[str, Any]) -> None:
    result = _score(document)
    left = dict(result.total_cents)
    if result.pot_cents:
        left[POT] = result.pot_cents
    for payment in result.settlement:
        assert payment.cents > 0
        left[payment.payer] += payment.cents
        left[payment.payee] -= payment.cents
    assert not any(left.values())


@given(schafkopf_night_documents())
def test_a_declarer_who_wins_gains_and_one_who_loses_pays(document: dict[str, Any]) -> None:
    result = _score(document)
    for record, hand in zip(document["hands"], result.hands, strict=True):
        if hand.outcome in ("win", "loss") and not record.get("misplays") and not hand.pot_change:
            declarer = hand.declarers[0]
            assert (hand.points[declarer] > 0) == (hand.outcome == "win")


@given(schafkopf_night_documents())
def test_the_document_round_trip_scores_the_same(document: dict[str, Any]) -> None:
    night, _ = load_night(document)
    assert night is not None
    written = json.loads(json.dumps(night_to_document(night)))
    again, problems = load_night(written)
    assert problems == [] and again == night
    assert result_to_json(score_night(again)) == result_to_json(score_night(night))
