"""A third game, defined here and nowhere else, to prove the seam of `scorekeeper.games`:
"Heads or tails".  Each hand one player calls the toss; a right call wins `call_units`
from every other player, a wrong one pays it to each.  One option, two outcomes.

Nothing in `scorekeeper/` or `ui/` knows this game: `tests/test_third_game.py`
registers it and runs it through every door (score, store, export and import, the sheet,
the night PDF, player statistics).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.explain import amounts_phrase
from scorekeeper.formatting import money
from scorekeeper.games import Carry, Draft, Figure, FigureCounts, Game, HandFacts, Scored, Words
from scorekeeper.games.base import rules_as
from scorekeeper.hand_reader import HandReader
from scorekeeper.problems import Problem, check_players
from scorekeeper.records import Hand
from scorekeeper.results import HandResult, NightResult
from scorekeeper.rules import Option, RuleSet, option


@dataclass(frozen=True)
class TossRules(RuleSet):
    """Heads or tails, two to eight players."""

    game: ClassVar[str] = "heads-or-tails"
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "heads-or-tails": {},
        "high-stakes-toss": {"call_units": 5},
    }

    preset: str = "heads-or-tails"
    dealt_in: int = option(
        3, "players in each toss", label="Players in a toss", minimum=2, maximum=8
    )
    call_units: int = option(
        1,
        "what a right call wins from each other player",
        label="Price of a right call",
        minimum=1,
        maximum=99,
    )


@dataclass(frozen=True, kw_only=True)
class TossHand(Hand):
    """One toss: who called it, and whether the call was right."""

    type: ClassVar[str] = "toss"
    FIELDS: ClassVar[tuple[str, ...]] = ("caller", "right")
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {**Hand.PLAYER_FIELDS, "caller": "one"}

    caller: str
    right: bool

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        caller = reader.name("caller", required=True)
        right = reader.flag("right")
        if not reader.ok or caller is None:
            return None
        return cls(**common, caller=caller, right=right)

    def own_fields(self) -> dict[str, Any]:
        return {"caller": self.caller, "right": self.right}


WORDS = Words(
    declarer="caller",
    declared="called",
    declarer_mark="C",
    partner_mark="",
    hand_header=("#", "Dealer", "Caller", "", "", "", "Call", "×"),
    figures_header=("Player", "Hands", "Called", "Called right", "", "", "", "Points", "Money"),
    picks="Calls",
    picks_won="Calls right",
    schneiders="",
    no_tricks="",
    alone="",
    with_partner="",
    leasters="",
)


def _toss(hand: Hand) -> TossHand:
    assert isinstance(hand, TossHand)
    return hand


class HeadsOrTails:
    name = TossRules.game
    title = "Heads or tails"
    rules = TossRules
    presets: tuple[str, ...] = tuple(TossRules.presets)
    options: tuple[Option, ...] = TossRules.declared()
    words = WORDS
    seats = (2, 8)  # a toss needs no deck: two may play, where a card game needs three
    figures = (
        Figure("picks", "Calls", "more calls"),
        Figure("picker_wins", "Calls right", "more calls right", share_of="picks"),
    )
    hand_types: Mapping[str, type[Hand]] = {"toss": TossHand}

    def deals_again(self, hands: Sequence[Hand], rules: RuleSet) -> bool:
        return False

    def check_kind(self, hand: Hand, rules: RuleSet) -> list[Problem]:
        return []

    def check_hand(self, hand: Hand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
        return check_players((_toss(hand).caller,), "caller", active)

    def score(self, hand: Hand, rules: RuleSet, active: tuple[str, ...], carry: Carry) -> Draft:
        toss = _toss(hand)
        unit = rules_as(rules, TossRules).call_units * (1 if toss.right else -1)
        amounts = {p: -unit for p in active if p != toss.caller}
        amounts[toss.caller] = -sum(amounts.values())
        word = "right" if toss.right else "wrong"
        sentence = f"{toss.caller} called it {word}. " + amounts_phrase(
            amounts, [toss.caller], "everyone else"
        )
        outcome = "win" if toss.right else "loss"
        return Draft(amounts, sentence + ".", outcome, declarers=(toss.caller,))

    def roles(self, hand: Hand, active: Sequence[str]) -> dict[str, str]:
        caller = _toss(hand).caller
        return {p: "picker" if p == caller else "defender" for p in active}

    def call_key(self, hand: Hand) -> str | None:
        return "heads"

    def hand_facts(self, hand: Hand, scored: Scored, rules: RuleSet) -> HandFacts:
        toss = _toss(hand)
        word = "right" if scored.outcome == "win" else "wrong"
        marks = {toss.caller: WORDS.declarer_mark}
        return HandFacts(f"{toss.caller} called it {word}", marks, "toss", alone=True)

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
        return _toss(hand).caller, "", "", "", "right" if result.outcome == "win" else "wrong"

    def rules_lines(self, rules: RuleSet, currency: str) -> tuple[str, ...]:
        mine = rules_as(rules, TossRules)
        return (
            f"{mine.preset}: heads or tails, {mine.call_units} from each player for a right call.",
            f"Stake {money(mine.stake_cents, currency)} a point.",
        )

    def waiting(self, result: NightResult, currency: str) -> str:
        return ""

    def outcome_counts(self, outcome: str, level: str, alone: bool | None) -> dict[str, int]:
        return {"called right" if outcome == "win" else "called wrong": 1}

    def call_label(self, call: str, *, english: bool = False) -> str:
        return f"calling {call}"  # English either way: nothing of this game is translated

    def figure_counts(self, hand: Hand, result: HandResult) -> FigureCounts:
        right = {"picker_wins": 1} if result.outcome == "win" else {}
        return {_toss(hand).caller: {"picks": 1, **right}}


HEADS_OR_TAILS: Game = HeadsOrTails()  # mypy holds it to the protocol here
