"""The dealer proposed for the next hand (`scorekeeper.dealing`), and under Sheepshead's
`no_pick_dealer` 'same' the same dealer after a hand nobody picked, up to `max_redeals`."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.dealing import proposed_dealer
from scorekeeper.document import load_night
from scorekeeper.night import score_night
from scorekeeper.records import Night
from scorekeeper.validation import who_sits_out
from tests.sheet import FIVE, leaster, night_doc, no_pick, pick

SAME = {"preset": "classic-5", "no_pick_dealer": "same", "max_redeals": 3}
BOB_WINS = {"points": 74, "tricks": 4}


def night(rules: Any, hands: list[dict[str, Any]], players: list[str] | None = None) -> Night:
    loaded, problems = load_night(night_doc(rules, hands, players))
    assert loaded is not None, problems
    return loaded


def proposals(rules: Any, hands: list[dict[str, Any]], players: list[str] | None = None) -> list:
    """The dealer proposed before each hand and after the last, as the night goes on."""
    whole = night(rules, hands, players)
    return [
        proposed_dealer(Night(whole.rules, whole.players, whole.hands[:n]))
        for n in range(len(hands) + 1)
    ]


def test_15_the_same_dealer_deals_again_up_to_three_times() -> None:
    """scoring.md example 15: Ann deals and nobody picks three times in a row; Ann is
    proposed for the second and third deal and Bob for the fourth."""
    hands = [no_pick(dealer="Ann"), no_pick(dealer="Ann"), no_pick(dealer="Ann")]
    assert proposals(SAME, hands) == ["Ann", "Ann", "Ann", "Bob"]
    assert proposals("classic-5", hands[:1]) == ["Ann", "Bob"]


def test_a_pick_or_a_misplay_passes_the_deal_on_and_a_leaster_keeps_it() -> None:
    """A leaster is a hand nobody picked (what classic-5 plays when all pass): under
    `same` its dealer deals again, as after a no-pick hand."""
    hands = [
        no_pick(dealer="Ann"),
        pick("Bob", "Dee", dealer="Ann", **BOB_WINS),
        leaster("Cal", dealer="Bob"),
        misplay_hand("Bob"),
    ]
    assert proposals(SAME, hands) == ["Ann", "Ann", "Bob", "Bob", "Cal"]
    assert proposals("classic-5", hands) == ["Ann", "Bob", "Bob", "Cal", "Cal"]


def test_leasters_and_no_pick_hands_count_together_toward_max_redeals() -> None:
    hands = [leaster("Cal", dealer="Ann"), no_pick(dealer="Ann"), leaster("Cal", dealer="Ann")]
    assert proposals(SAME, hands) == ["Ann", "Ann", "Ann", "Bob"]  # max_redeals 3


def misplay_hand(dealer: str) -> dict[str, Any]:
    return {"type": "misplay", "misplays": ["Eve"], "dealer": dealer}


@pytest.mark.parametrize(("redeals", "after"), [(1, "Bob"), (2, "Bob"), (3, "Ann"), (10, "Ann")])
def test_max_redeals_counts_the_hands_in_a_row_one_player_dealt(redeals: int, after: str) -> None:
    hands = [no_pick(dealer="Ann"), no_pick(dealer="Ann")]
    assert proposals({**SAME, "max_redeals": redeals}, hands)[-1] == after


def test_a_run_counts_only_the_dealer_s_own_redeals() -> None:
    """Ann redeals twice, Bob deals a played hand and then twice with nobody picking:
    Bob's run is his own, and it is Ann's turn again only after Bob's third."""
    hands = [
        no_pick(dealer="Ann"),
        no_pick(dealer="Ann"),
        pick("Bob", "Dee", dealer="Ann", **BOB_WINS),
        no_pick(dealer="Bob"),
        no_pick(dealer="Bob"),
        no_pick(dealer="Bob"),
    ]
    assert proposals(SAME, hands) == ["Ann", "Ann", "Ann", "Bob", "Bob", "Bob", "Cal"]


def test_six_at_the_table_the_same_dealer_sits_out_again() -> None:
    six = [*FIVE, "Fay"]
    hands = [no_pick(dealer="Ann"), no_pick(dealer="Ann"), no_pick(dealer="Ann")]
    played = night(SAME, hands, six)
    proposed = proposals(SAME, hands, six)
    assert proposed == ["Ann", "Ann", "Ann", "Bob"]
    assert [who_sits_out(None, d, played.rules, six) for d in proposed] == [("Ann",)] * 3 + [
        ("Bob",)
    ]
    # The proposal changes nobody's score: a redealt hand scores nothing either way.
    assert score_night(played).total_points == dict.fromkeys(six, 0)


def test_the_proposal_is_among_those_at_the_table() -> None:
    hands = [no_pick(dealer="Ann")]
    whole = night(SAME, hands)
    assert proposed_dealer(whole, seated=["Bob", "Cal", "Dee", "Eve"]) == "Bob"
    assert proposed_dealer(whole, seated=["Ann", "Cal", "Dee", "Eve"]) == "Ann"
    assert proposed_dealer(night(SAME, []), seated=["Cal", "Dee"]) == "Cal"
    assert proposed_dealer(night(SAME, []), seated=[]) is None
    assert proposed_dealer(night("classic-5", [pick("Bob", **BOB_WINS)])) == "Ann"


def test_schafkopf_passes_the_deal_on_after_all_pass() -> None:
    four = ["Ann", "Bob", "Cal", "Dee"]
    hands = [{"type": "pass", "dealer": "Ann"}, {"type": "pass", "dealer": "Bob"}]
    assert proposals("schafkopf", hands, four) == ["Ann", "Bob", "Cal"]


@pytest.mark.parametrize(
    ("rules", "field", "words"),
    [
        ({**SAME, "max_redeals": 0}, "rules.max_redeals", "0 is not between 1 and 10"),
        ({**SAME, "max_redeals": 11}, "rules.max_redeals", "11 is not between 1 and 10"),
        ({**SAME, "no_pick_dealer": "left"}, "rules.no_pick_dealer", "is not one of next, same"),
    ],
)
def test_bad_dealer_rules_name_the_option(rules: Any, field: str, words: str) -> None:
    loaded, problems = load_night(night_doc(rules, []))
    assert loaded is None
    assert [(p.field, words in p.message) for p in problems] == [(field, True)]
