"""The leaster, which both card games play when nobody takes the hand on: played for
the fewest points, its winner (or the winners of a tie) collecting from every other
player, or under `leaster_pay` loser-pays its loser (who took the most) paying each;
under Sheepshead's `leaster_second` a second winner paid half the winner's share.
`LeasterKind` is the kind both games play, given each game's rule for when a leaster
may be played; the functions score, explain and check it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from scorekeeper.explain import amounts_phrase, join_names, sentence, with_doubling
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored, Words
from scorekeeper.games.cards.checks import check_player_map
from scorekeeper.games.cards.hands import LeasterHand
from scorekeeper.games.cards.rules import CARD_POINTS, CardRules
from scorekeeper.games.cards.table import EVERYONE_ELSE, table_marks
from scorekeeper.games.hand_kind import Cells, Doubling, HandKind
from scorekeeper.i18n import _, ngettext, pgettext
from scorekeeper.problems import Problem, check_players
from scorekeeper.records import Hand
from scorekeeper.results import HandResult

Amounts = dict[str, int]
C = TypeVar("C", bound=CardRules)


class LeasterKind(HandKind[LeasterHand, C]):
    """The leaster at a card game whose rules are C: PLAYED_WHEN says why the night's
    rules let no leaster be played (Sheepshead's when someone must pick, Schafkopf's
    unless all_pass is 'leaster'), or nothing."""

    hand = LeasterHand
    all_passed = True

    def __init__(self, words: Words, played_when: Callable[[Hand, C], list[Problem]]) -> None:
        super().__init__(words)
        self.played_when = played_when

    def check_kind(self, hand: LeasterHand, rules: C) -> list[Problem]:
        return self.played_when(hand, rules)

    def check(self, hand: LeasterHand, rules: C, active: tuple[str, ...]) -> list[Problem]:
        return check_leaster(hand, rules, active)

    def score(
        self, hand: LeasterHand, rules: C, active: tuple[str, ...], carry: Carry, doubling: Doubling
    ) -> Draft:
        return leaster_draft(hand, rules, active, doubling.multiplier, doubling.events)

    def roles(self, hand: LeasterHand, active: Sequence[str]) -> dict[str, str]:
        """The winners, the second (under `leaster_second`) and the others in it (a
        loser-pays leaster has no winner: nobody won it, one player lost it)."""
        return {
            p: "leaster-winner"
            if p in hand.winners
            else "leaster-second"
            if p == hand.second
            else "leaster"
            for p in active
        }

    def facts(self, hand: LeasterHand, scored: Scored, rules: C) -> HandFacts:
        marks = table_marks(self.words, hand, winners=hand.winners, second=hand.second)
        if hand.loser is not None:
            summary = _("Leaster: {player} pays").format(player=hand.loser)
            return HandFacts(summary, marks, "leaster")
        if hand.second is not None:
            summary = _("Leaster: {winner}, {second} second").format(
                winner=hand.winners[0], second=hand.second
            )
            return HandFacts(summary, marks, "leaster")
        summary = _("Leaster: {players}").format(players=join_names(hand.winners))
        return HandFacts(summary, marks, "leaster")

    def cells(self, hand: LeasterHand, result: HandResult) -> Cells:
        leaster = pgettext("sheet cell", "leaster")
        if hand.loser is not None:
            return leaster, "", "", "", _("{player} lost").format(player=hand.loser)
        if hand.second is not None:
            both = _("{winner} won, {second} second")
            return leaster, "", "", "", both.format(winner=hand.winners[0], second=hand.second)
        won = ngettext("{players} won", "{players} won", len(hand.winners))
        return leaster, "", "", "", won.format(players=", ".join(hand.winners))


def score_leaster(
    hand: LeasterHand, rules: CardRules, active: Iterable[str], multiplier: int
) -> Amounts:
    """Each active player's points for a leaster: every winner collects from every loser,
    or (`leaster_pay` loser-pays) the loser pays every other player."""
    players = tuple(active)
    amounts = dict.fromkeys(players, 0)
    unit = rules.leaster_units * multiplier
    if rules.leaster_pay == "loser-pays":
        assert hand.loser is not None, "validation requires a loser-pays leaster's loser"
        for other in players:
            if other != hand.loser:
                amounts[other] += unit
                amounts[hand.loser] -= unit
        return amounts
    if rules.leaster_tie == "void" and len(hand.winners) > 1:
        return amounts
    if hand.second is not None:  # the winner two prices, the second one, the rest pay one
        for other in players:
            if other not in (hand.winners[0], hand.second):
                amounts[other] -= unit
        amounts[hand.winners[0]] += 2 * unit
        amounts[hand.second] += unit
        assert sum(amounts.values()) == 0, "leaster_second is refused unless five play"
        return amounts
    for winner in hand.winners:
        for loser in players:
            if loser not in hand.winners:
                amounts[winner] += unit
                amounts[loser] -= unit
    return amounts


def explain_leaster(
    hand: LeasterHand,
    amounts: Mapping[str, int],
    events: Sequence[tuple[str, int]],
    multiplier: int,
) -> str:
    """The sentence for a leaster, doubled by EVENTS to MULTIPLIER."""
    if hand.loser is not None:
        head = _("{loser} took the most points and pays everyone in the leaster").format(
            loser=hand.loser
        )
        clause = with_doubling(head, events, multiplier)
        return sentence(clause, amounts_phrase(amounts, [hand.loser], EVERYONE_ELSE))
    winners = list(hand.winners)
    if hand.second is not None:
        head = _("{winner} won the leaster and {second} came second").format(
            winner=winners[0], second=hand.second
        )
        clause = with_doubling(head, events, multiplier)
        return sentence(clause, amounts_phrase(amounts, [*winners, hand.second], EVERYONE_ELSE))
    if len(winners) == 1:
        head = _("{winner} won the leaster").format(winner=winners[0])
    elif all(amounts[w] == 0 for w in winners):
        return _("{winners} tied for the leaster: nobody pays.").format(winners=join_names(winners))
    else:
        head = _("{winners} tied, and each wins the leaster").format(winners=join_names(winners))
    clause = with_doubling(head, events, multiplier)
    return sentence(clause, amounts_phrase(amounts, winners, EVERYONE_ELSE))


def leaster_draft(
    hand: LeasterHand,
    rules: CardRules,
    active: tuple[str, ...],
    multiplier: int,
    events: Sequence[tuple[str, int]],
) -> Draft:
    """A leaster scored, doubled by EVENTS to MULTIPLIER."""
    amounts = score_leaster(hand, rules, active, multiplier)
    sentence = explain_leaster(hand, amounts, events, multiplier)
    return Draft(amounts, sentence, hand.type, multiplier=multiplier)


def check_leaster(hand: LeasterHand, rules: CardRules, active: tuple[str, ...]) -> list[Problem]:
    """A leaster's winners (or its loser), and its points and tricks when given."""
    if rules.leaster_pay == "loser-pays":
        return _check_loser_pays(hand, rules, active)
    if hand.loser is not None:
        message = _(
            "a leaster names its loser only under leaster_pay 'loser-pays' (this "
            "night's is 'winner-collects'): name the winner"
        )
        return [Problem("loser", message)]
    if not hand.winners:
        return [Problem("winner", _("missing"), missing=True)]
    field = "winner" if len(hand.winners) == 1 else "winners"
    problems = check_players(hand.winners, field, active)
    problems += _check_second(hand, rules, active)
    if rules.leaster_tie == "draw" and len(hand.winners) != 1:
        message = _("under leaster_tie 'draw' the table draws for one winner: name one")
        problems.append(Problem("winners", message))
    if len(set(hand.winners)) >= len(active):
        problems.append(Problem("winners", _("not every player can win a leaster")))
    if problems:
        return problems
    problems += check_player_map(hand.points, "points", CARD_POINTS, active)
    problems += check_player_map(hand.tricks, "tricks", rules.tricks, active)
    if problems:
        return problems
    return _check_leaster_winners(hand, rules)


def _check_second(hand: LeasterHand, rules: CardRules, active: tuple[str, ...]) -> list[Problem]:
    """A second winner: only under `leaster_second`, beside one winner, not the winner."""
    if hand.second is None:
        return []
    if not rules.pays_a_second:
        message = _("a leaster names a second winner only under leaster_second")
        return [Problem("second", message)]
    if len(hand.winners) != 1:
        message = _("a second winner goes with one winner, not with a tie (winners)")
        return [Problem("second", message)]
    if hand.second == hand.winners[0]:
        return [Problem("second", _("the second winner is not the winner"))]
    return check_players((hand.second,), "second", active)


def _check_loser_pays(
    hand: LeasterHand, rules: CardRules, active: tuple[str, ...]
) -> list[Problem]:
    """A loser-pays leaster names its loser, who has the most points when they are
    given (a tie for the most is the table's to settle: the record names one)."""
    if hand.second is not None:
        message = _("under leaster_pay 'loser-pays' a leaster names its loser, not a second")
        return [Problem("second", message)]
    if hand.winners:
        field = "winner" if len(hand.winners) == 1 else "winners"
        message = _("under leaster_pay 'loser-pays' a leaster names its loser, not a winner")
        return [Problem(field, message)]
    if hand.loser is None:
        message = _("missing: under leaster_pay 'loser-pays' name who took the most")
        return [Problem("loser", message, missing=True)]
    problems = check_players((hand.loser,), "loser", active)
    if problems:
        return problems
    problems += check_player_map(hand.points, "points", CARD_POINTS, active)
    problems += check_player_map(hand.tricks, "tricks", rules.tricks, active)
    if problems or hand.points is None:
        return problems
    most = max(hand.points.values())
    if hand.points[hand.loser] != most:
        top = [p for p in active if hand.points[p] == most]
        message = _("{loser} did not have the most points ({players} had {points})").format(
            loser=hand.loser, players=", ".join(top), points=most
        )
        return [Problem("loser", message)]
    return []


def _check_leaster_winners(hand: LeasterHand, rules: CardRules) -> list[Problem]:
    field = "winner" if len(hand.winners) == 1 else "winners"
    if hand.tricks is not None and hand.second is not None and hand.tricks[hand.second] == 0:
        message = _("{player} took no trick, and a leaster winner must take one")
        return [Problem("second", message.format(player=hand.second))]
    if hand.tricks is not None:
        trickless = [w for w in hand.winners if hand.tricks[w] == 0]
        if trickless:
            message = ngettext(
                "{players} took no trick, and a leaster winner must take one",
                "{players} took no trick, and a leaster winner must take one",
                len(trickless),
            ).format(players=join_names(trickless))
            return [Problem(field, message)]
    if hand.points is None:
        return []
    points = hand.points
    took_trick = [
        p
        for p in points
        if (
            hand.tricks[p] > 0
            if hand.tricks is not None
            else points[p] > 0 or p in hand.winners or p == hand.second
        )
    ]
    fewest = min(points[p] for p in took_trick)
    tied = [p for p in took_trick if points[p] == fewest]
    beaten = [w for w in hand.winners if points[w] != fewest]
    if beaten:
        message = ngettext(
            "{players} did not have the fewest points ({fewest} had {points})",
            "{players} did not have the fewest points ({fewest} had {points})",
            len(beaten),
        ).format(players=join_names(beaten), fewest=", ".join(tied), points=fewest)
        return [Problem(field, message)]
    if rules.leaster_tie != "draw" and set(tied) != set(hand.winners):
        message = _(
            "{players} tied with {points}; under leaster_tie '{rule}' every tied player is a winner"
        ).format(players=", ".join(tied), points=fewest, rule=rules.leaster_tie)
        return [Problem("winners", message)]
    return _check_second_points(hand, took_trick)


def _check_second_points(hand: LeasterHand, took_trick: Sequence[str]) -> list[Problem]:
    """The second winner has the next fewest points among those who took a trick (a tie
    for it is the table's to settle: the record names one)."""
    if hand.points is None or hand.second is None:
        return []
    others = [p for p in took_trick if p != hand.winners[0]]
    fewest = min((hand.points[p] for p in others), default=None)
    if fewest is not None and hand.points[hand.second] != fewest:
        next_fewest = [p for p in others if hand.points[p] == fewest]
        message = _("{player} did not have the next fewest points ({fewest} had {points})")
        return [
            Problem(
                "second",
                message.format(player=hand.second, fewest=", ".join(next_fewest), points=fewest),
            )
        ]
    return []
