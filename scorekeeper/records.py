"""What was recorded at the table: a night's seats, rules and hands, as immutable values.

These are inputs only.  Scores are always derived from them by `scorekeeper.night`, so a
change to any past hand re-scores everything after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from scorekeeper.rules import RuleSet

HandType = Literal["pick", "leaster", "no-pick", "misplay"]

SUITS = ("clubs", "spades", "hearts")
CALLS: tuple[str, ...] = (
    *(f"ace-{s}" for s in SUITS),
    *(f"ten-{s}" for s in SUITS),
    *(f"under-{s}" for s in SUITS),
    "jack-of-diamonds",
    *(f"jack-{s}" for s in (*SUITS, "diamonds")),
    "black-queens",
    "alone",
)


@dataclass(frozen=True, kw_only=True)
class Hand:
    """What every hand records, whatever its type."""

    dealer: str | None = None
    sitting_out: tuple[str, ...] | None = None
    doublers: int = 0
    doubler_names: tuple[str, ...] = ()
    last_hand: bool = False
    misplays: tuple[str, ...] = ()
    note: str = ""

    @property
    def type(self) -> HandType:
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True)
class PickHand(Hand):
    """Someone picked: the declarers' card points (with the bury) and tricks."""

    picker: str
    partners: tuple[str, ...] = ()
    call: str | None = None
    points: int
    tricks: int

    @property
    def type(self) -> HandType:
        return "pick"


@dataclass(frozen=True, kw_only=True)
class LeasterHand(Hand):
    """Nobody picked and the hand was played for the fewest points."""

    winners: tuple[str, ...]
    points: Mapping[str, int] | None = None
    tricks: Mapping[str, int] | None = None

    @property
    def type(self) -> HandType:
        return "leaster"


@dataclass(frozen=True, kw_only=True)
class NoPickHand(Hand):
    """Nobody picked and the hand was not played (a doubler, or a redeal)."""

    @property
    def type(self) -> HandType:
        return "no-pick"


@dataclass(frozen=True, kw_only=True)
class MisplayHand(Hand):
    """A misplay ended the hand; only the penalties score."""

    @property
    def type(self) -> HandType:
        return "misplay"


@dataclass(frozen=True)
class NightInfo:
    """Where a night is filed; kept by import and export, ignored by scoring."""

    date: str | None = None
    league: str | None = None
    season: str | None = None
    table: str | None = None
    title: str | None = None


@dataclass(frozen=True)
class Night:
    """One night at one table: the rules, the seats clockwise, and every hand in order."""

    rules: RuleSet
    players: tuple[str, ...]
    hands: tuple[Hand, ...] = ()
    info: NightInfo = field(default_factory=NightInfo)
