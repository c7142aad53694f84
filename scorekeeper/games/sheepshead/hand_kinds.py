"""Sheepshead's own kinds of hand as plug-ins of the game (`scorekeeper.games.hand_kind`):
someone picked (`PickKind`), or nobody did and nothing was played (`NoPickKind`); each
with its checks, scorer, roles, facts and a printed sheet's cells.  The leaster, the
misplay and the result are the kinds every card game plays; `someone_must_pick` is
Sheepshead's rule for when a hand nobody picked (a leaster too) may be played."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.explain import join_names
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored
from scorekeeper.games.cards.checks import check_nobody_played
from scorekeeper.games.cards.table import declarer_roles, table_marks
from scorekeeper.games.hand_kind import Cells, Doubling, HandKind
from scorekeeper.games.sheepshead.hands import NoPickHand, PickHand, check_pick
from scorekeeper.games.sheepshead.rules import SheepsheadRules
from scorekeeper.games.sheepshead.scoring import no_pick_draft, pick_draft, sixty_sixty
from scorekeeper.i18n import _, ngettext, pgettext
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.results import HandResult


def someone_must_pick(hand: Hand, rules: SheepsheadRules) -> list[Problem]:
    """A hand nobody picked (a leaster, a no-pick hand) cannot happen under `no_pick`
    forced, where the dealer must pick."""
    if rules.no_pick != "forced":
        return []
    # Translators: TYPE is the hand's type as the night document spells it.
    message = _("a {type} hand cannot happen when someone must pick (no_pick is forced)").format(
        type=hand.type
    )
    return [Problem("type", message)]


class PickKind(HandKind[PickHand, SheepsheadRules]):
    """Someone picked: the picker and partners against the defenders."""

    hand = PickHand

    def check(
        self, hand: PickHand, rules: SheepsheadRules, active: tuple[str, ...]
    ) -> list[Problem]:
        return check_pick(hand, rules, active)

    def score(
        self,
        hand: PickHand,
        rules: SheepsheadRules,
        active: tuple[str, ...],
        carry: Carry,
        doubling: Doubling,
    ) -> Draft:
        return pick_draft(hand, rules, active, carry, doubling)

    def roles(self, hand: PickHand, active: Sequence[str]) -> dict[str, str]:
        return declarer_roles(hand.picker, hand.partners, active)

    def call_key(self, hand: PickHand) -> str | None:
        return hand.call

    def facts(self, hand: PickHand, scored: Scored, rules: SheepsheadRules) -> HandFacts:
        """'Bob and Dee: 91 (4 tricks) schneider', '(doubler)' after a 60-60 hand."""
        if hand.partners:
            side = join_names([hand.picker, *hand.partners])
        else:
            side = _("{picker} alone").format(picker=hand.picker)
        tricks = ngettext("{count} trick", "{count} tricks", hand.tricks)
        marks = table_marks(self.words, hand, declarer=hand.picker, partners=hand.partners)
        # Translators: the sheet's summary of a picked hand: "Bob and Dee: 91 (4 tricks)
        # schneider"; OUTCOME is one of win, loss, schneider, no-trick and the like.
        summary = _("{side}: {points} ({tricks}) {outcome}").format(
            side=side,
            points=hand.points,
            tricks=tricks.format(count=hand.tricks),
            outcome=_pick_outcome(scored.outcome, scored.level),
        )
        if sixty_sixty(hand, rules):
            summary = _("{summary} (doubler)").format(summary=summary)
        return HandFacts(summary, marks, "pick", alone=not hand.partners)

    def cells(self, hand: PickHand, result: HandResult) -> Cells:
        return (
            hand.picker,
            ", ".join(hand.partners) or pgettext("partner cell", "alone"),
            str(hand.points),
            str(hand.tricks),
            _cell_outcome(result.outcome, result.level),
        )


class NoPickKind(HandKind[NoPickHand, SheepsheadRules]):
    """Nobody picked and the hand was not played: a doubler queued, or a redeal."""

    hand = NoPickHand
    played = False
    all_passed = True

    def check_kind(self, hand: NoPickHand, rules: SheepsheadRules) -> list[Problem]:
        return someone_must_pick(hand, rules)

    def check(
        self, hand: NoPickHand, rules: SheepsheadRules, active: tuple[str, ...]
    ) -> list[Problem]:
        return check_nobody_played(hand)

    def score(
        self,
        hand: NoPickHand,
        rules: SheepsheadRules,
        active: tuple[str, ...],
        carry: Carry,
        doubling: Doubling,
    ) -> Draft:
        return no_pick_draft(hand, rules, active, carry)

    def facts(self, hand: NoPickHand, scored: Scored, rules: SheepsheadRules) -> HandFacts:
        doubler = rules.no_pick == "doubler"
        summary = _("Nobody picked (doubler)") if doubler else _("Nobody picked")
        return HandFacts(summary, table_marks(self.words, hand), "no-pick")

    def cells(self, hand: NoPickHand, result: HandResult) -> Cells:
        return pgettext("sheet cell", "nobody picked"), "", "", "", ""


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
