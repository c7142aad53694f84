"""Sheepshead (`docs/rules/sheepshead.md`): its rules (`rules`), its hands (`hands`: pick
and no-pick; the leaster and the misplay are `scorekeeper.games.cards`'), its scorer
(`scoring`), its words, and what its hands say of themselves once scored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.explain import join_names
from scorekeeper.formatting import money
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored, Words, rules_as
from scorekeeper.games.cards import (
    TABLE_SEATS,
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
from scorekeeper.i18n import N_, _, ngettext, pgettext
from scorekeeper.problems import Problem
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


class Sheepshead:
    """Sheepshead, from three to eight at the table (`docs/rules/sheepshead.md`)."""

    name = SheepsheadRules.game
    title = N_("Sheepshead")
    rules = SheepsheadRules
    presets: tuple[str, ...] = tuple(SheepsheadRules.presets)
    options: tuple[Option, ...] = SheepsheadRules.declared()
    words = SHEEPSHEAD_WORDS
    seats = TABLE_SEATS
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
            # Translators: TYPE is the hand's type as the night document spells it.
            message = _(
                "a {type} hand cannot happen when someone must pick (no_pick is forced)"
            ).format(type=hand.type)
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
            if hand.partners:
                side = join_names([hand.picker, *hand.partners])
            else:
                side = _("{picker} alone").format(picker=hand.picker)
            tricks = ngettext("{count} trick", "{count} tricks", hand.tricks)
            marks = table_marks(words, hand, declarer=hand.picker, partners=hand.partners)
            # Translators: the sheet's summary of a picked hand: "Bob and Dee: 91 (4 tricks)
            # schneider"; OUTCOME is one of win, loss, schneider, no-trick and the like.
            summary = _("{side}: {points} ({tricks}) {outcome}").format(
                side=side,
                points=hand.points,
                tricks=tricks.format(count=hand.tricks),
                outcome=_pick_outcome(result.outcome, result.level),
            )
            if sixty_sixty(hand, mine):
                summary = _("{summary} (doubler)").format(summary=summary)
            return HandFacts(summary, marks, "pick", alone=not hand.partners)
        if isinstance(hand, NoPickHand):
            if mine.no_pick == "doubler":
                summary = _("Nobody picked (doubler)")
            else:
                summary = _("Nobody picked")
            return HandFacts(summary, table_marks(words, hand), "no-pick")
        return leaster_or_misplay_facts(words, hand)

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
        if isinstance(hand, ResultHand):
            return result_cells(hand)
        if isinstance(hand, PickHand):
            return (
                hand.picker,
                ", ".join(hand.partners) or pgettext("partner cell", "alone"),
                str(hand.points),
                str(hand.tricks),
                _cell_outcome(result.outcome, result.level),
            )
        if isinstance(hand, NoPickHand):
            return pgettext("sheet cell", "nobody picked"), "", "", "", ""
        assert isinstance(hand, LeasterHand | MisplayHand)
        return leaster_or_misplay_cells(hand)

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


# What became of a declared hand beyond a win or a loss (`outcome_counts`'s keys).
LEVELS = {"schneider": N_("schneider"), "no-trick": N_("no-trick")}


def _pick_outcome(outcome: str, level: str) -> str:
    """'win', 'loss', 'schneider', 'loss, schneider', 'no-trick', 'loss, no-trick': how
    a picked hand ended, in a printed sheet's cell and the sheet's summary."""
    if level == "normal":
        return pgettext("pick", "win") if outcome == "win" else pgettext("pick", "loss")
    if outcome == "win":
        if level == "schneider":
            return pgettext("pick", "schneider")
        return pgettext("pick", "no-trick")
    if level == "schneider":
        return pgettext("pick", "loss, schneider")
    return pgettext("pick", "loss, no-trick")


def _cell_outcome(outcome: str, level: str) -> str:
    """'win', 'loss, schneider', 'win, no-trick': how a picked hand ended, in a printed
    sheet's cell."""
    if level == "normal":
        return pgettext("pick", "win") if outcome == "win" else pgettext("pick", "loss")
    if outcome == "win":
        if level == "schneider":
            return pgettext("pick", "win, schneider")
        return pgettext("pick", "win, no-trick")
    return _pick_outcome(outcome, level)


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
