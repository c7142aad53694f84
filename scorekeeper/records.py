"""What was recorded at the table: a night's seats, rules and hands, as immutable values.

These are inputs only.  Scores are always derived from them by `scorekeeper.night`, so a
change to any past hand re-scores everything after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from scorekeeper.rules import RuleSet

HandType = Literal[
    "pick", "leaster", "no-pick", "misplay", "call", "solo", "null", "ramsch", "pass"
]
SHEEPSHEAD_TYPES: tuple[HandType, ...] = ("pick", "leaster", "no-pick", "misplay")
SCHAFKOPF_TYPES: tuple[HandType, ...] = (
    "call",
    "solo",
    "null",
    "ramsch",
    "pass",
    "leaster",
    "misplay",
)

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


# -- Schafkopf (`docs/rules/schafkopf.md`) --------------------------------------------


@dataclass(frozen=True, kw_only=True)
class GameHand(Hand):
    """A Schafkopf call game or solo: the declarers' card points and tricks, their
    Laufende, the knocks and Kontra steps said, and the bid when there was an auction."""

    declarer: str
    points: int
    tricks: int
    laufende: int = 0
    knocks: int = 0
    kontra: int = 0
    bid: int | None = None


@dataclass(frozen=True, kw_only=True)
class CallHand(GameHand):
    """A call game (Sauspiel): the declarer and who held the called ace."""

    partners: tuple[str, ...] = ()
    forced: bool = False  # the club queen had to play (`all_pass` forced)
    renonce: bool = False  # called while holding all four aces (002 2.5.1)

    @property
    def type(self) -> HandType:
        return "call"


@dataclass(frozen=True, kw_only=True)
class SoloHand(GameHand):
    """A solo of any kind (`game`), perhaps declared Tout or Sie."""

    game: str = "solo"
    tout: bool = False
    sie: bool = False

    @property
    def type(self) -> HandType:
        return "solo"


@dataclass(frozen=True, kw_only=True)
class NullHand(Hand):
    """A Null (Bettel): won when the declarer takes no trick."""

    declarer: str
    tricks: int
    knocks: int = 0
    kontra: int = 0

    @property
    def type(self) -> HandType:
        return "null"


@dataclass(frozen=True, kw_only=True)
class RamschHand(Hand):
    """All passed and everyone played for themselves: each player's points and tricks,
    and the loser when points and tricks leave a tie."""

    points: Mapping[str, int]
    tricks: Mapping[str, int]
    loser: str | None = None
    knocks: int = 0

    @property
    def type(self) -> HandType:
        return "ramsch"


@dataclass(frozen=True, kw_only=True)
class PassHand(Hand):
    """All four passed and nothing was played (a redeal, or a payment into the pot)."""

    @property
    def type(self) -> HandType:
        return "pass"


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
