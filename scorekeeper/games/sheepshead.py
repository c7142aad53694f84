"""Sheepshead: its words, and what its hands (pick, leaster, no-pick, misplay) say of
themselves once scored.  The scoring itself is still `scorekeeper.scoring`, called from
`scorekeeper.night`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from scorekeeper.explain import join_names
from scorekeeper.formatting import counted, dollars
from scorekeeper.games.base import HandFacts, Scored, Words
from scorekeeper.records import Hand, LeasterHand, MisplayHand, NoPickHand, PickHand
from scorekeeper.rules import OPTIONS, SHEEP, SHEEPSHEAD_PRESETS, Option, RuleSet

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


def table_marks(
    words: Words,
    hand: Hand,
    *,
    declarer: str | None = None,
    partners: Iterable[str] = (),
    winners: Iterable[str] = (),
) -> dict[str, str]:
    """The sheet's letters for each player who has one: the declarer, a partner, a
    leaster's winner, a misplayer, the dealer (in that order)."""
    marks: dict[str, str] = {}

    def add(player: str, letter: str) -> None:
        marks[player] = marks.get(player, "") + letter

    if declarer is not None:
        add(declarer, words.declarer_mark)
    for player in partners:
        add(player, words.partner_mark)
    for player in winners:
        add(player, words.leaster_mark)
    for player in dict.fromkeys(hand.misplays):
        add(player, words.misplay_mark)
    if hand.dealer is not None:
        add(hand.dealer, words.dealer_mark)
    return marks


def leaster_roles(hand: LeasterHand, active: Sequence[str]) -> dict[str, str]:
    """A leaster's winners and the others in it, for statistics."""
    return {p: "leaster-winner" if p in hand.winners else "leaster" for p in active}


def declarer_roles(declarer: str, partners: Iterable[str], active: Sequence[str]) -> dict[str, str]:
    """The declarer ("picker"), partners and defenders of a hand, for statistics."""
    side = set(partners)
    return {
        p: "picker" if p == declarer else "partner" if p in side else "defender" for p in active
    }


def leaster_or_misplay_cells(hand: Hand) -> tuple[str, str, str, str, str]:
    """A printed sheet's cells for a leaster or a hand thrown in for a misplay."""
    if isinstance(hand, LeasterHand):
        return "leaster", "", "", "", f"{', '.join(hand.winners)} won"
    return "misplay", "", "", "", ", ".join(hand.misplays)


def leaster_or_misplay_facts(words: Words, hand: Hand) -> HandFacts:
    """The facts of a leaster or a hand thrown in for a misplay, at either game."""
    if isinstance(hand, LeasterHand):
        marks = table_marks(words, hand, winners=hand.winners)
        return HandFacts(f"Leaster: {join_names(hand.winners)}", marks, "leaster")
    return HandFacts(f"Misplay: {join_names(hand.misplays)}", table_marks(words, hand), "misplay")


class Sheepshead:
    """Sheepshead, from three to eight at the table (`docs/rules/sheepshead.md`)."""

    name = SHEEP
    title = "Sheepshead"
    presets: tuple[str, ...] = SHEEPSHEAD_PRESETS
    options: tuple[Option, ...] = tuple(o for o in OPTIONS if o.applies_to(SHEEP))
    words = SHEEPSHEAD_WORDS

    def roles(self, hand: Hand, active: Sequence[str]) -> dict[str, str]:
        if isinstance(hand, PickHand):
            return declarer_roles(hand.picker, hand.partners, active)
        if isinstance(hand, LeasterHand):
            return leaster_roles(hand, active)
        return dict.fromkeys(active, "played")

    def call_key(self, hand: Hand) -> str | None:
        return hand.call if isinstance(hand, PickHand) else None

    def hand_facts(self, hand: Hand, result: Scored, rules: RuleSet) -> HandFacts:
        words = self.words
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
            return HandFacts(summary, marks, "pick", alone=not hand.partners)
        if isinstance(hand, NoPickHand):
            doubler = " (doubler)" if rules.no_pick == "doubler" else ""
            return HandFacts(f"Nobody picked{doubler}", table_marks(words, hand), "no-pick")
        return leaster_or_misplay_facts(words, hand)

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
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

    def rules_lines(self, rules: RuleSet) -> tuple[str, ...]:
        partner = {
            "called-ace": "partner by called ace",
            "jack-of-diamonds": "jack of diamonds partners",
            "black-queens": "the black queens are partners",
            "none": "no partners",
        }[rules.partner]
        nobody = {
            "leaster": "a leaster when all pass",
            "doubler": "a doubler when all pass",
            "forced": "the dealer must pick when all pass",
        }[rules.no_pick]
        return (
            f"{rules.preset}: {rules.dealt_in} dealt in, {partner}, {nobody}.",
            f"Win at {rules.win_at}; schneider at {rules.schneider_at} or held to "
            f"{rules.schneidered_at} (×{rules.schneider_factor}); no trick "
            f"×{rules.no_trick_factor}"
            + ("; double on the bump" if rules.double_on_the_bump else "")
            + ("; the last hand doubles" if rules.last_hand_doubler else "")
            + ".",
            f"Stake {dollars(rules.stake_cents)} a point"
            + (f"; multiplier at most ×{rules.max_multiplier}" if rules.max_multiplier else "")
            + ".",
        )

    def waiting(self, result: NightResult) -> str:
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
