"""Sheepshead (`docs/rules/sheepshead.md`): its rules (`rules`), its hands (`hands`: pick
and no-pick; the leaster, the misplay and the result are every card game's), their
kinds (`hand_kinds`: each one's checks, scorer, roles, facts and cells), its scorer
(`scoring`: the doublers a hand takes, the pick's amounts and sentences) and its words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.formatting import money
from scorekeeper.games.base import Carry, Draft, Figure, FigureCounts, Words, rules_as
from scorekeeper.games.cards.figures import declared_counts
from scorekeeper.games.cards.leaster import LeasterKind
from scorekeeper.games.cards.misplay import MisplayKind
from scorekeeper.games.cards.rules import TABLE_SEATS
from scorekeeper.games.hand_kind import Kinds, KindsGame
from scorekeeper.games.result import ResultKind
from scorekeeper.games.sheepshead.hand_kinds import NoPickKind, PickKind, someone_must_pick
from scorekeeper.games.sheepshead.rules import SheepsheadRules
from scorekeeper.games.sheepshead.scoring import score_hand
from scorekeeper.i18n import N_, _, pgettext
from scorekeeper.records import Hand
from scorekeeper.results import HandResult, NightResult
from scorekeeper.rules import Option, RuleSet

SHEEPSHEAD_WORDS = Words(
    declarer=N_("picker"),
    declared=N_("picked"),
    declarer_mark="P",
    partner_mark="p",
    hand_header=(
        "#",
        N_("Dealer"),
        N_("Picker"),
        N_("Partner"),
        # Translators: a printed sheet's narrow column: the picking side's card points.
        N_("Pts"),
        # Translators: a printed sheet's narrow column: the picking side's tricks.
        N_("Tr."),
        N_("Outcome"),
        "×",
    ),
    figures_header=(
        N_("Player"),
        N_("Hands"),
        N_("Picked"),
        N_("Won as picker"),
        N_("Partner"),
        N_("Leasters won"),
        N_("Misplays"),
        N_("Points"),
        N_("Money"),
    ),
    picks=N_("Picks"),
    picks_won=N_("Picks won"),
    schneiders=N_("Schneiders"),
    no_tricks=N_("No-tricks"),
    alone=N_("going alone"),
    with_partner=N_("with a partner"),
)

# What a Sheepshead league counts of each player (`declared_counts`), in the order shown.
SHEEPSHEAD_FIGURES = (
    Figure("picks", N_("Picks"), N_("more hands picked")),
    Figure(
        "picker_wins",
        N_("Picks won"),
        N_("more hands won as picker"),
        share_of="picks",
        share_key="picker_win_rate",
    ),
    Figure("schneiders_won", N_("Schneiders"), N_("more schneiders won")),
    Figure(
        "schneiders_lost",
        N_("Schneiders lost"),
        N_("fewer schneiders lost"),
        brief=False,
        fewer_better=True,
    ),
    Figure("leasters_won", N_("Leasters"), N_("more leasters won")),
)


# Its kinds of hand, in the order a message lists them.
SHEEPSHEAD_KINDS = Kinds[SheepsheadRules](
    PickKind(SHEEPSHEAD_WORDS),
    LeasterKind(SHEEPSHEAD_WORDS, someone_must_pick),
    NoPickKind(SHEEPSHEAD_WORDS),
    MisplayKind(SHEEPSHEAD_WORDS),
    ResultKind(SHEEPSHEAD_WORDS),
)


class Sheepshead(KindsGame[SheepsheadRules]):
    """Sheepshead, from three to eight at the table (`docs/rules/sheepshead.md`).  A
    hand's checks, roles, call, facts and cells are its kind's (`KindsGame`)."""

    name = SheepsheadRules.game
    title = N_("Sheepshead")
    rules = SheepsheadRules
    presets: tuple[str, ...] = tuple(SheepsheadRules.presets)
    options: tuple[Option, ...] = SheepsheadRules.declared()
    words = SHEEPSHEAD_WORDS
    seats = TABLE_SEATS
    kinds = SHEEPSHEAD_KINDS
    hand_types: Mapping[str, type[Hand]] = SHEEPSHEAD_KINDS.hand_types
    figures = SHEEPSHEAD_FIGURES

    def deals_again(self, hands: Sequence[Hand], rules: RuleSet) -> bool:
        mine = rules_as(rules, SheepsheadRules)
        if mine.no_pick_dealer != "same" or not hands:
            return False
        dealer = hands[-1].dealer
        run = 0
        for hand in reversed(hands):
            kind = self.kinds.get(hand)  # None: another game's, in a night not checked
            nobody_picked = kind is not None and kind.all_passed
            if not nobody_picked or dealer is None or hand.dealer != dealer:
                break
            run += 1
        return 0 < run < mine.max_redeals

    def score(self, hand: Hand, rules: RuleSet, active: tuple[str, ...], carry: Carry) -> Draft:
        return score_hand(
            self.kinds.of(hand), hand, rules_as(rules, SheepsheadRules), active, carry
        )

    def rules_lines(self, rules: RuleSet, currency: str) -> tuple[str, ...]:
        mine = rules_as(rules, SheepsheadRules)
        partner = {
            "called-ace": _("partner by called ace"),
            "jack-of-diamonds": _("jack of diamonds partners"),
            "black-queens": _("the black queens are partners"),
            "none": _("no partners"),
        }[mine.partner]
        nobody = {
            "leaster": _("a leaster when all pass"),
            "doubler": _("a doubler when all pass"),
            "forced": _("the dealer must pick when all pass"),
        }[mine.no_pick]
        play = [
            _("Win at {win_at}").format(win_at=mine.win_at),
            _("schneider at {at} or held to {held} (×{factor})").format(
                at=mine.schneider_at, held=mine.schneidered_at, factor=mine.schneider_factor
            ),
            _("no trick ×{factor}").format(factor=mine.no_trick_factor),
        ]
        if mine.double_on_the_bump:
            play.append(_("double on the bump"))
        if mine.last_hand_doubler:
            play.append(_("the last hand doubles"))
        stake = [_("Stake {stake} a point").format(stake=money(mine.stake_cents, currency))]
        if mine.max_multiplier:
            stake.append(_("multiplier at most ×{most}").format(most=mine.max_multiplier))
        return (
            # Translators: PRESET is the preset's name; DEALT_IN a number of players.
            _("{preset}: {dealt_in} dealt in, {partner}, {nobody}.").format(
                preset=mine.preset, dealt_in=mine.dealt_in, partner=partner, nobody=nobody
            ),
            "; ".join(play) + ".",
            "; ".join(stake) + ".",
        )

    def waiting(self, result: NightResult, currency: str) -> str:
        return _("Doublers waiting: {count}.").format(count=result.doublers_pending)

    def outcome_counts(self, outcome: str, level: str, alone: bool | None) -> dict[str, int]:
        if outcome in ("win", "loss"):
            won = N_("picker won") if outcome == "win" else N_("picker lost")
            counts = {SHEEPSHEAD_WORDS.declared: 1, won: 1}
            counts[N_("went alone")] = 1 if alone else 0
            if level in LEVELS:
                counts[LEVELS[level]] = 1
            return counts
        label = {
            "leaster": N_("leaster"),
            "no-pick": N_("nobody picked (doubler or redeal)"),
            "misplay": N_("thrown in for a misplay"),
        }.get(outcome, outcome)
        return {label: 1}

    def call_label(self, call: str, *, english: bool = False) -> str:
        if english:  # the call as the night document spells it
            return f"calling {call}"
        return _("calling {call}").format(call=call_name(call))

    def figure_counts(self, hand: Hand, result: HandResult) -> FigureCounts:
        return declared_counts(result)


# What became of a declared hand beyond a win or a loss (`outcome_counts`'s keys).
LEVELS = {"schneider": N_("schneider"), "no-trick": N_("no-trick")}


def call_name(call: str) -> str:
    """A picker's call (as the night document spells it) as the table says it."""
    names = {
        "ace-clubs": pgettext("call", "ace of clubs"),
        "ace-spades": pgettext("call", "ace of spades"),
        "ace-hearts": pgettext("call", "ace of hearts"),
        "ten-clubs": pgettext("call", "ten of clubs"),
        "ten-spades": pgettext("call", "ten of spades"),
        "ten-hearts": pgettext("call", "ten of hearts"),
        "under-clubs": pgettext("call", "ace of clubs, under"),
        "under-spades": pgettext("call", "ace of spades, under"),
        "under-hearts": pgettext("call", "ace of hearts, under"),
        # The partner rule, not a call: whoever holds the jack of diamonds.
        "jack-of-diamonds": pgettext("call", "jack of diamonds"),
        "jack-clubs": pgettext("call", "jack of clubs"),
        "jack-spades": pgettext("call", "jack of spades"),
        "jack-hearts": pgettext("call", "jack of hearts"),
        "jack-diamonds": pgettext("call", "jack of diamonds (called)"),
        "black-queens": pgettext("call", "black queens"),
        "alone": pgettext("call", "alone"),
    }
    return names.get(call, call)


SHEEPSHEAD = Sheepshead()
