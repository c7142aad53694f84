"""A kind of hand as a plug-in of its game: all that differs from one kind of hand to
another, in one object.

A game that plays several kinds of hand (both card games do) declares each as a
`HandKind`: the hand class it reads (`hand`), whether the night's rules let it be
played at all (`check_kind`), its checks (`check`), its scorer (`score`), each player's
part in it for statistics (`roles`), what the score cache keeps of its call
(`call_key`), what it says of itself once scored (`facts`) and a printed sheet's cells
(`cells`).  The game holds them in a `Kinds` (its registry: `hand_types` for the night
document, `of(hand)` to find a hand's kind) and its `Game` methods look a hand's kind up
once and ask it (`KindsGame`), never testing the hand's class.  The kinds every card
game plays (the leaster, the misplay, the result) are declared once
(`scorekeeper.games.cards`, `scorekeeper.games.result`) and given each game's words and
the few rules where the games differ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from scorekeeper.games.base import Carry, Draft, HandFacts, Scored, Words, rules_as
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.results import HandResult
from scorekeeper.rules import RuleSet

H = TypeVar("H", bound=Hand)
R = TypeVar("R", bound=RuleSet, contravariant=True)
G = TypeVar("G", bound=RuleSet)

# A printed sheet's cells of a hand: declarer, partner, points, tricks, outcome.
Cells = tuple[str, str, str, str, str]
Events = tuple[tuple[str, int], ...]  # doubling events: each a phrase, and the doublings it is


@dataclass(frozen=True)
class Doubling:
    """How the game's table doubles a hand, found before its kind scores it: the
    MULTIPLIER (capped as the rules say) and the EVENTS that make it, each a phrase
    for the hand's sentence ("a crack", "Bock") and the doublings it stands for."""

    multiplier: int = 1
    events: Events = ()


class HandKind(Generic[H, R]):
    """One kind of hand (`hand`, a `Hand` class) of a game: its checks, scorer, roles,
    facts and cells.  R is the rule set it reads (a kind every card game plays reads
    `CardRules`, which each game's rules extend).  WORDS are its game's, for the sheet's
    marks."""

    hand: ClassVar[type[Hand]]
    # Played to its end (not passed, thrown in, or a result): it takes what waits for
    # the next hand played (queued doublers, a Bock round), and a misplay in it costs
    # the penalty on top of its score.
    played: ClassVar[bool] = True
    all_passed: ClassVar[bool] = False  # played, or not, because nobody took the hand on

    def __init__(self, words: Words) -> None:
        self.words = words

    def check_kind(self, hand: H, rules: R) -> list[Problem]:
        """Why the night's RULES do not let HAND's kind be played, or nothing."""
        return []

    def check(self, hand: H, rules: R, active: tuple[str, ...]) -> list[Problem]:
        """Every problem with HAND (its sitting out and misplayers checked already)
        played by ACTIVE under RULES."""
        raise NotImplementedError

    def score(
        self, hand: H, rules: R, active: tuple[str, ...], carry: Carry, doubling: Doubling
    ) -> Draft:
        """HAND scored for ACTIVE, doubled as DOUBLING says (what the table found:
        doublers, the last hand, those queued, Bock); CARRY is what the hands before it
        left, updated for the next hand."""
        raise NotImplementedError

    def roles(self, hand: H, active: Sequence[str]) -> dict[str, str]:
        """Each active player's part for statistics: by default, each of them played."""
        return dict.fromkeys(active, "played")

    def call_key(self, hand: H) -> str | None:
        """What the score cache keeps of HAND's call: by default nothing (nobody called)."""
        return None

    def facts(self, hand: H, scored: Scored, rules: R) -> HandFacts:
        """What HAND, as SCORED, says of itself (the summary in the language spoken now)."""
        raise NotImplementedError

    def cells(self, hand: H, result: HandResult) -> Cells:
        """A printed sheet's cells for HAND (in the language spoken now)."""
        raise NotImplementedError


class Kinds(Generic[G]):
    """A game's kinds of hand (each a `HandKind` reading rules G), in the order a
    message lists them: looked up by a hand's own class, never by testing it."""

    def __init__(self, *kinds: HandKind[Any, G]) -> None:
        self._kinds: dict[type[Hand], HandKind[Any, G]] = {kind.hand: kind for kind in kinds}
        self.hand_types: Mapping[str, type[Hand]] = {kind.hand.type: kind.hand for kind in kinds}

    def of(self, hand: Hand) -> HandKind[Any, G]:
        """HAND's kind (HAND one of the game's: the night's checks saw to that)."""
        return self._kinds[type(hand)]

    def get(self, hand: Hand) -> HandKind[Any, G] | None:
        """HAND's kind, or None for a hand of another game's (in a night not checked)."""
        return self._kinds.get(type(hand))


class KindsGame(Generic[G]):
    """What a `Game` that plays kinds of hand (`kinds`) asks of each hand's kind:
    the checks, the roles, the call, the facts and the cells.  A game adds its own
    `score` (how its table doubles a hand around the kind's scorer) and the rest."""

    rules: type[G]
    kinds: Kinds[G]

    def check_kind(self, hand: Hand, rules: RuleSet) -> list[Problem]:
        return self.kinds.of(hand).check_kind(hand, rules_as(rules, self.rules))

    def check_hand(self, hand: Hand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
        return self.kinds.of(hand).check(hand, rules_as(rules, self.rules), active)

    def roles(self, hand: Hand, active: Sequence[str]) -> dict[str, str]:
        return self.kinds.of(hand).roles(hand, active)

    def call_key(self, hand: Hand) -> str | None:
        return self.kinds.of(hand).call_key(hand)

    def hand_facts(self, hand: Hand, scored: Scored, rules: RuleSet) -> HandFacts:
        return self.kinds.of(hand).facts(hand, scored, rules_as(rules, self.rules))

    def report_cells(self, hand: Hand, result: HandResult) -> Cells:
        return self.kinds.of(hand).cells(hand, result)
