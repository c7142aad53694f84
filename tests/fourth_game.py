"""A fourth game, defined here and nowhere else, to prove that a league's figures are
each game's own (`Game.figures`): "Highest roll".  Each hand every player dealt in
rolls a die; the one highest roll alone wins `roll_units` from every other player (a
tie on top: nobody scores).  It counts what neither card game counts: the rolls each
player won, and the sixes each rolled (a tie-break, a line of their statistics).

Nothing in `scorekeeper/` or `ui/` knows this game: `tests/test_fourth_game.py`
registers it and shows its figures in the standings, a player's statistics, the
league report and the league window.
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
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.results import HandResult, NightResult
from scorekeeper.rules import Option, RuleSet, option

SIX = 6


@dataclass(frozen=True)
class RollRules(RuleSet):
    """Highest roll, two to eight players."""

    game: ClassVar[str] = "highest-roll"
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"highest-roll": {}}

    preset: str = "highest-roll"
    dealt_in: int = option(
        3, "players in each roll", label="Players in a roll", minimum=2, maximum=8
    )
    roll_units: int = option(
        1,
        "what the highest roll wins from each other player",
        label="Price of the highest roll",
        minimum=1,
        maximum=99,
    )


@dataclass(frozen=True, kw_only=True)
class RollHand(Hand):
    """One round of rolls: each player's die."""

    type: ClassVar[str] = "roll"
    FIELDS: ClassVar[tuple[str, ...]] = ("rolls",)
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {**Hand.PLAYER_FIELDS, "rolls": "map"}

    rolls: Mapping[str, int]

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        rolls = reader.name_map("rolls")
        if rolls is None:
            reader.problem("rolls", "missing: give every player's roll", missing=True)
        if not reader.ok or rolls is None:
            return None
        return cls(**common, rolls=rolls)

    def own_fields(self) -> dict[str, Any]:
        return {"rolls": dict(self.rolls)}


WORDS = Words(
    declarer="roller",
    declared="rolled",
    declarer_mark="R",
    partner_mark="",
    hand_header=("#", "Dealer", "Winner", "", "", "", "Roll", "×"),
    figures_header=("Player", "Hands", "", "", "", "", "", "Points", "Money"),
    picks="",
    picks_won="",
    schneiders="",
    no_tricks="",
    alone="",
    with_partner="",
    leasters="",
)


def _roll(hand: Hand) -> RollHand:
    assert isinstance(hand, RollHand)
    return hand


def winner(rolls: Mapping[str, int]) -> str | None:
    """The one player with the highest roll; None when two or more share it."""
    top = max(rolls.values())
    best = [p for p, r in rolls.items() if r == top]
    return best[0] if len(best) == 1 else None


class HighestRoll:
    name = RollRules.game
    title = "Highest roll"
    rules = RollRules
    presets: tuple[str, ...] = tuple(RollRules.presets)
    options: tuple[Option, ...] = RollRules.declared()
    words = WORDS
    seats = (2, 8)
    # What neither card game counts: rolls won (a share of the hands played shown
    # nowhere: a count), and sixes rolled, which a player's statistics say too.
    figures = (
        Figure("rolls_won", "Rolls won", "more rolls won"),
        Figure("sixes", "Sixes rolled", "more sixes rolled", statistics=True),
    )
    hand_types: Mapping[str, type[Hand]] = {"roll": RollHand}

    def deals_again(self, hands: Sequence[Hand], rules: RuleSet) -> bool:
        return False

    def check_kind(self, hand: Hand, rules: RuleSet) -> list[Problem]:
        return []

    def check_hand(self, hand: Hand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
        rolls = _roll(hand).rolls
        problems = [Problem("rolls", f"{p} did not roll") for p in active if p not in rolls]
        problems += [
            Problem(f"rolls.{p}", f"{p} is not dealt in") for p in rolls if p not in active
        ]
        return problems + [
            Problem(f"rolls.{p}", f"{r} is not a die's face")
            for p, r in rolls.items()
            if not 1 <= r <= SIX
        ]

    def score(self, hand: Hand, rules: RuleSet, active: tuple[str, ...], carry: Carry) -> Draft:
        rolls = _roll(hand).rolls
        best = winner(rolls)
        if best is None:
            return Draft(dict.fromkeys(active, 0), "A tie on top: nobody scores.", "tie")
        unit = rules_as(rules, RollRules).roll_units
        amounts = {p: -unit for p in active if p != best}
        amounts[best] = -sum(amounts.values())
        sentence = f"{best} rolled highest. " + amounts_phrase(amounts, [best], "everyone else")
        return Draft(amounts, sentence + ".", "won")

    def roles(self, hand: Hand, active: Sequence[str]) -> dict[str, str]:
        return dict.fromkeys(active, "played")

    def call_key(self, hand: Hand) -> str | None:
        return None

    def hand_facts(self, hand: Hand, scored: Scored, rules: RuleSet) -> HandFacts:
        best = winner(_roll(hand).rolls)
        said = f"{best} rolled highest" if best else "a tie on top"
        return HandFacts(said, {best: WORDS.declarer_mark} if best else {}, "roll")

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
        return winner(_roll(hand).rolls) or "", "", "", "", result.outcome

    def rules_lines(self, rules: RuleSet, currency: str) -> tuple[str, ...]:
        mine = rules_as(rules, RollRules)
        return (
            f"{mine.preset}: the highest roll wins {mine.roll_units} from each player.",
            f"Stake {money(mine.stake_cents, currency)} a point.",
        )

    def waiting(self, result: NightResult, currency: str) -> str:
        return ""

    def outcome_counts(self, outcome: str, level: str, alone: bool | None) -> dict[str, int]:
        return {"won outright" if outcome == "won" else "tied on top": 1}

    def call_label(self, call: str, *, english: bool = False) -> str:
        return call

    def figure_counts(self, hand: Hand, result: HandResult) -> FigureCounts:
        rolls = _roll(hand).rolls
        best = winner(rolls)
        counts: FigureCounts = {p: {"sixes": 1} for p, r in rolls.items() if r == SIX}
        if best is not None:
            counts.setdefault(best, {})["rolls_won"] = 1
        return counts


HIGHEST_ROLL: Game = HighestRoll()  # mypy holds it to the protocol here
