"""The result hand, which every card game plays (`docs/rules/night-format.md`): a hand,
or a whole sitting, known only by what each player scored (a row of an old paper sheet,
a league's spreadsheet).  It scores exactly its points: no multiplier, no doubler or
Bock round taken or queued, no pot; it stands for `hands` played hands, so statistics
that count hands stay honest, and is never a pick, a win or any other outcome.
`ResultKind` is the kind every card game plays, given the game's words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.explain import amounts_phrase, signed
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored, shared_letter
from scorekeeper.games.hand_kind import Cells, Doubling, HandKind
from scorekeeper.hand_reader import HandReader
from scorekeeper.i18n import N_, _, ngettext, pgettext
from scorekeeper.json_input import key_name
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.results import HandResult
from scorekeeper.rules import RuleSet

RESULT = "result"  # the hand's type, and its outcome in a night's output
MAX_RESULT_HANDS = 100_000  # the most played hands one result may stand for


@dataclass(frozen=True, kw_only=True)
class ResultHand(Hand):
    """Each player's points for a hand or a sitting, and how many hands it stands for."""

    type: ClassVar[str] = RESULT
    FIELDS: ClassVar[tuple[str, ...]] = ("points", "hands")
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {**Hand.PLAYER_FIELDS, "points": "map"}

    points: Mapping[str, int]
    hands: int = 1

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        points = reader.name_map("points", signed=True)
        if points is None and reader.item.get("points") is None:
            message = _("missing: give the points of the players who scored")
            reader.problem("points", message, missing=True)
        hands = reader.optional_whole("hands")
        if not reader.ok or points is None:
            return None
        return cls(**common, points=points, hands=1 if hands is None else hands)

    def own_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"points": dict(self.points)}
        if self.hands != 1:
            out["hands"] = self.hands
        return out


class ResultKind(HandKind[ResultHand, RuleSet]):
    """A result hand at any game: it scores exactly its points, whatever the rules."""

    hand = ResultHand
    played = False  # everyone dealt in "played": nobody declared, won or lost a pick

    def check(self, hand: ResultHand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
        return check_result(hand, active)

    def score(
        self,
        hand: ResultHand,
        rules: RuleSet,
        active: tuple[str, ...],
        carry: Carry,
        doubling: Doubling,
    ) -> Draft:
        """Its points, as recorded (players not named score 0): no doubling, and the
        carry taken and left as it is."""
        amounts = {p: hand.points.get(p, 0) for p in active}
        named = [p for p in active if hand.points.get(p)]
        body = amounts_phrase(amounts, named, N_("everyone else")) if named else _("nobody scored")
        if hand.hands == 1:
            sentence = _("A result, scored as recorded: {amounts}.").format(amounts=body)
        else:
            sentence = _("A result ({hands}), scored as recorded: {amounts}.").format(
                hands=_hands(hand.hands), amounts=body
            )
        return Draft(amounts, sentence, RESULT)

    def facts(self, hand: ResultHand, scored: Scored, rules: RuleSet) -> HandFacts:
        """The sheet's summary: 'Result: Ann +5, Bob -3, Cal -2 (3 hands)'."""
        words = self.words
        marks = {hand.dealer: shared_letter(words, "dealer")} if hand.dealer is not None else {}
        active = scored.active
        named = ", ".join(f"{p} {signed(hand.points[p])}" for p in active if hand.points.get(p))
        points = named or _("nobody scored")
        if hand.hands == 1:
            summary = _("Result: {points}").format(points=points)
        else:
            summary = _("Result: {points} ({hands})").format(
                points=points, hands=_hands(hand.hands)
            )
        return HandFacts(summary, marks, RESULT, hands=hand.hands)

    def cells(self, hand: ResultHand, result: HandResult) -> Cells:
        """What it is, and the hands it stands for."""
        return pgettext("sheet cell", "result"), "", "", "", _hands(hand.hands)


def check_result(hand: ResultHand, active: Sequence[str]) -> list[Problem]:
    """Whole points for players dealt in, summing to zero, for 1 or more hands; nothing
    that would change them (a doubler, the last hand's, a misplay's penalty)."""
    problems = [
        Problem("points", _("{player} sits out this hand").format(player=p))
        for p in hand.points
        if p not in active
    ]
    problems += [
        Problem(
            f"points.{key_name(p)}",
            _("{points} is more than Scorekeeper keeps ({most} either way)").format(
                points=f"{points:,}", most=f"{MAX_AMOUNT:,}"
            ),
        )
        for p, points in hand.points.items()
        if abs(points) > MAX_AMOUNT
    ]
    total = sum(hand.points.values())
    if not problems and total:
        message = _("add up to {total}, not 0: a result is zero-sum").format(total=f"{total:+,}")
        problems.append(Problem("points", message))
    if not 1 <= hand.hands <= MAX_RESULT_HANDS:
        message = _("{value} is not between {minimum} and {maximum}").format(
            value=hand.hands, minimum=1, maximum=f"{MAX_RESULT_HANDS:,}"
        )
        problems.append(Problem("hands", message))
    if hand.doublers:
        message = _("a result hand scores exactly its points: nothing doubles it")
        problems.append(Problem("doublers", message))
    if hand.last_hand:
        message = _("a result hand scores exactly its points: the last hand does not double it")
        problems.append(Problem("last_hand", message))
    if hand.misplays:
        message = _("a result hand scores exactly its points: put a misplay's penalty in them")
        problems.append(Problem("misplays", message))
    return problems


def _hands(count: int) -> str:
    """'3 hands': the played hands a result stands for."""
    return ngettext("{count} hand", "{count} hands", count).format(count=count)
