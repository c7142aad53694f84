"""Misplays at either card game: a hand thrown in for one (`MisplayKind`: only the
penalties score), and the penalties a misplayer pays on top of a hand played to its
end (`with_misplays`): `misplay_units` to each other player, times the hand's
multiplier when the house says so."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from scorekeeper.explain import amounts_phrase, join_names, sentence
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored
from scorekeeper.games.cards.hands import MisplayHand
from scorekeeper.games.cards.rules import CardRules
from scorekeeper.games.cards.table import EVERYONE_ELSE, table_marks
from scorekeeper.games.hand_kind import Cells, Doubling, HandKind
from scorekeeper.i18n import _, ngettext, pgettext
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.results import HandResult

Amounts = dict[str, int]


class MisplayKind(HandKind[MisplayHand, CardRules]):
    """A hand thrown in for a misplay, at either card game."""

    hand = MisplayHand
    played = False

    def check(self, hand: MisplayHand, rules: CardRules, active: tuple[str, ...]) -> list[Problem]:
        """A hand thrown in for a misplay names a misplayer."""
        if not hand.misplays:
            message = _("a misplay hand names at least one misplayer")
            return [Problem("misplays", message, missing=True)]
        return []

    def score(
        self,
        hand: MisplayHand,
        rules: CardRules,
        active: tuple[str, ...],
        carry: Carry,
        doubling: Doubling,
    ) -> Draft:
        """Only the penalties score."""
        multiplier = doubling.multiplier
        amounts = misplay_penalties(hand.misplays, rules, active, multiplier)
        unit = misplay_unit(rules, multiplier)
        sentence = explain_misplay(hand.misplays, amounts, thrown_in=True, unit=unit)
        return Draft(amounts, sentence, hand.type, multiplier=multiplier)

    def facts(self, hand: MisplayHand, scored: Scored, rules: CardRules) -> HandFacts:
        summary = _("Misplay: {players}").format(players=join_names(hand.misplays))
        return HandFacts(summary, table_marks(self.words, hand), "misplay")

    def cells(self, hand: MisplayHand, result: HandResult) -> Cells:
        return pgettext("sheet cell", "misplay"), "", "", "", ", ".join(hand.misplays)


def misplay_unit(rules: CardRules, multiplier: int) -> int:
    """What a misplayer pays each other player on a hand of this MULTIPLIER."""
    return rules.misplay_units * (multiplier if rules.misplay_multiplied else 1)


def misplay_penalties(
    misplayers: Iterable[str], rules: CardRules, active: Iterable[str], multiplier: int
) -> Amounts:
    """Each misplayer pays `misplay_units` (times the multiplier when the house says so)
    to every other active player."""
    players = tuple(active)
    amounts = dict.fromkeys(players, 0)
    unit = misplay_unit(rules, multiplier)
    for misplayer in misplayers:
        for other in players:
            if other != misplayer:
                amounts[other] += unit
                amounts[misplayer] -= unit
    return amounts


def add_amounts(*parts: Amounts) -> Amounts:
    """Player by player sum of several sets of amounts."""
    total: Amounts = {}
    for part in parts:
        for player, amount in part.items():
            total[player] = total.get(player, 0) + amount
    return total


def explain_misplay(
    misplayers: Sequence[str], amounts: Mapping[str, int], *, thrown_in: bool, unit: int
) -> str:
    """The sentence for a misplay: the whole of a thrown-in hand, or one added."""
    who = join_names(misplayers)
    if thrown_in:
        clause = ngettext(
            "{players} misplayed and the hand was thrown in",
            "{players} misplayed and the hand was thrown in",
            len(misplayers),
        ).format(players=who)
        return sentence(clause, amounts_phrase(amounts, misplayers, EVERYONE_ELSE))
    return ngettext(
        "{players} misplayed: {unit} to each other player from each misplayer.",
        "{players} misplayed: {unit} to each other player from each misplayer.",
        len(misplayers),
    ).format(players=who, unit=unit)


def with_misplays(draft: Draft, hand: Hand, rules: CardRules, active: tuple[str, ...]) -> Draft:
    """DRAFT with the penalties of a hand played to the end despite its misplays."""
    if not hand.misplays:
        return draft
    penalties = misplay_penalties(hand.misplays, rules, active, draft.multiplier)
    draft.amounts = add_amounts(draft.amounts, penalties)
    unit = misplay_unit(rules, draft.multiplier)
    draft.sentence += " " + explain_misplay(hand.misplays, penalties, thrown_in=False, unit=unit)
    return draft
