"""Sheepshead (`docs/rules/sheepshead.md`): its rules (`rules`), its hands (`hands`: pick
and no-pick; the leaster and the misplay are `scorekeeper.games.cards`'), its scorer
(`scoring`), its words, and what its hands say of themselves once scored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from scorekeeper.explain import join_names
from scorekeeper.formatting import counted, money
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored, Words, rules_as
from scorekeeper.games.cards import (
    LeasterHand,
    MisplayHand,
    check_card_hand,
    declarer_roles,
    leaster_or_misplay_cells,
    leaster_or_misplay_facts,
    leaster_roles,
    table_marks,
)
from scorekeeper.games.result import (
    ResultHand,
    check_result,
    result_cells,
    result_facts,
    result_roles,
    score_result,
)
from scorekeeper.games.sheepshead.hands import NoPickHand, PickHand, check_pick
from scorekeeper.games.sheepshead.rules import SheepsheadRules
from scorekeeper.games.sheepshead.scoring import score_hand, sixty_sixty
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.rules import Option, RuleSet

if TYPE_CHECKING:
    from scorekeeper.night import HandResult, NightResult

SHEEPSHEAD_WORDS = Words(
    declarer="picker",
    declared="picked",
    declarer_mark="P",
    partner_mark="p",
    hand_header=("#", "Dealer", "Picker", "Partner", "Pts", "Tr.", "Outcome", "×"),
    figures_header=(
        "Player",
        "Hands",
        "Picked",
        "Won as picker",
        "Partner",
        "Leasters won",
        "Misplays",
        "Points",
        "Money",
    ),
    picks="Picks",
    picks_won="Picks won",
    schneiders="Schneiders",
    no_tricks="No-tricks",
    alone="going alone",
    with_partner="with a partner",
)


class Sheepshead:
    """Sheepshead, from three to eight at the table (`docs/rules/sheepshead.md`)."""

    name = SheepsheadRules.game
    title = "Sheepshead"
    rules = SheepsheadRules
    presets: tuple[str, ...] = tuple(SheepsheadRules.presets)
    options: tuple[Option, ...] = SheepsheadRules.declared()
    words = SHEEPSHEAD_WORDS
    hand_types: Mapping[str, type[Hand]] = {
        kind.type: kind for kind in (PickHand, LeasterHand, NoPickHand, MisplayHand, ResultHand)
    }

    def deals_again(self, hands: Sequence[Hand], rules: RuleSet) -> bool:
        mine = rules_as(rules, SheepsheadRules)
        if mine.no_pick_dealer != "same" or not hands:
            return False
        dealer = hands[-1].dealer
        run = 0
        for hand in reversed(hands):
            nobody_picked = isinstance(hand, NoPickHand | LeasterHand)
            if not nobody_picked or dealer is None or hand.dealer != dealer:
                break
            run += 1
        return 0 < run < mine.max_redeals

    def check_kind(self, hand: Hand, rules: RuleSet) -> list[Problem]:
        if rules_as(rules, SheepsheadRules).no_pick == "forced" and isinstance(
            hand, LeasterHand | NoPickHand
        ):
            message = f"a {hand.type} hand cannot happen when someone must pick (no_pick is forced)"
            return [Problem("type", message)]
        return []

    def check_hand(self, hand: Hand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
        mine = rules_as(rules, SheepsheadRules)
        if isinstance(hand, ResultHand):
            return check_result(hand, active)
        if isinstance(hand, PickHand):
            return check_pick(hand, mine, active)
        return check_card_hand(hand, mine, active)

    def score(self, hand: Hand, rules: RuleSet, active: tuple[str, ...], carry: Carry) -> Draft:
        if isinstance(hand, ResultHand):
            return score_result(hand, active)  # takes and leaves the carry as it is
        return score_hand(hand, rules_as(rules, SheepsheadRules), active, carry)

    def roles(self, hand: Hand, active: Sequence[str]) -> dict[str, str]:
        if isinstance(hand, ResultHand):
            return result_roles(active)
        if isinstance(hand, PickHand):
            return declarer_roles(hand.picker, hand.partners, active)
        if isinstance(hand, LeasterHand):
            return leaster_roles(hand, active)
        return dict.fromkeys(active, "played")

    def call_key(self, hand: Hand) -> str | None:
        return hand.call if isinstance(hand, PickHand) else None

    def hand_facts(self, hand: Hand, result: Scored, rules: RuleSet) -> HandFacts:
        mine = rules_as(rules, SheepsheadRules)
        words = self.words
        if isinstance(hand, ResultHand):
            return result_facts(words, hand, result.active)
        if isinstance(hand, PickHand):
            side = join_names([hand.picker, *hand.partners])
            if not hand.partners:
                side += " alone"
            level = {"normal": result.outcome, "schneider": "schneider", "no-trick": "no-trick"}[
                result.level
            ]
            if result.outcome == "loss" and result.level != "normal":
                level = f"loss, {level}"
            marks = table_marks(words, hand, declarer=hand.picker, partners=hand.partners)
            summary = f"{side}: {hand.points} ({counted(hand.tricks, 'trick')}) {level}"
            if sixty_sixty(hand, mine):
                summary += " (doubler)"
            return HandFacts(summary, marks, "pick", alone=not hand.partners)
        if isinstance(hand, NoPickHand):
            doubler = " (doubler)" if mine.no_pick == "doubler" else ""
            return HandFacts(f"Nobody picked{doubler}", table_marks(words, hand), "no-pick")
        return leaster_or_misplay_facts(words, hand)

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
        if isinstance(hand, ResultHand):
            return result_cells(hand)
        if isinstance(hand, PickHand):
            level = "" if result.level == "normal" else f", {result.level}"
            return (
                hand.picker,
                ", ".join(hand.partners) or "alone",
                str(hand.points),
                str(hand.tricks),
                f"{result.outcome}{level}",
            )
        if isinstance(hand, NoPickHand):
            return "nobody picked", "", "", "", ""
        assert isinstance(hand, LeasterHand | MisplayHand)
        return leaster_or_misplay_cells(hand)

    def rules_lines(self, rules: RuleSet, currency: str) -> tuple[str, ...]:
        mine = rules_as(rules, SheepsheadRules)
        partner = {
            "called-ace": "partner by called ace",
            "jack-of-diamonds": "jack of diamonds partners",
            "black-queens": "the black queens are partners",
            "none": "no partners",
        }[mine.partner]
        nobody = {
            "leaster": "a leaster when all pass",
            "doubler": "a doubler when all pass",
            "forced": "the dealer must pick when all pass",
        }[mine.no_pick]
        return (
            f"{mine.preset}: {mine.dealt_in} dealt in, {partner}, {nobody}.",
            f"Win at {mine.win_at}; schneider at {mine.schneider_at} or held to "
            f"{mine.schneidered_at} (×{mine.schneider_factor}); no trick "
            f"×{mine.no_trick_factor}"
            + ("; double on the bump" if mine.double_on_the_bump else "")
            + ("; the last hand doubles" if mine.last_hand_doubler else "")
            + ".",
            f"Stake {money(mine.stake_cents, currency)} a point"
            + (f"; multiplier at most ×{mine.max_multiplier}" if mine.max_multiplier else "")
            + ".",
        )

    def waiting(self, result: NightResult, currency: str) -> str:
        return f"Doublers waiting: {result.doublers_pending}."

    def outcome_counts(self, outcome: str, level: str, alone: bool | None) -> dict[str, int]:
        if outcome in ("win", "loss"):
            counts = {"picked": 1, "picker won" if outcome == "win" else "picker lost": 1}
            counts["went alone"] = 1 if alone else 0
            if level in ("schneider", "no-trick"):
                counts[level] = 1
            return counts
        label = {
            "leaster": "leaster",
            "no-pick": "nobody picked (doubler or redeal)",
            "misplay": "thrown in for a misplay",
        }.get(outcome, outcome)
        return {label: 1}

    def call_label(self, call: str) -> str:
        return f"calling {call}"


SHEEPSHEAD = Sheepshead()
