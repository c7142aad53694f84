"""What was recorded at the table: a night's seats, rules and hands, as immutable values.

These are inputs only.  Scores are always derived from them by `scorekeeper.night`, so a
change to any past hand re-scores everything after it.  `Hand` holds what every hand
records; each game declares its own kinds of hand (`scorekeeper.games`), each a
subclass that says how it is read from and written to the night document.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from scorekeeper.rules import RuleSet

if TYPE_CHECKING:
    from scorekeeper.hand_reader import HandReader


@dataclass(frozen=True, kw_only=True)
class Hand:
    """What every hand records, whatever its type."""

    type: ClassVar[str] = ""  # the hand's `type` in the night document
    FIELDS: ClassVar[tuple[str, ...]] = ()  # its own fields in the night document
    # The document fields that name players, and how: "one" name, a "list" of names, or
    # a "map" from each name to a count (a kind adds its own to these): the store keeps
    # a player's id there, so a renamed player is renamed in every hand.
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {
        "dealer": "one",
        "sitting_out": "list",
        "misplays": "list",
    }

    dealer: str | None = None
    sitting_out: tuple[str, ...] | None = None
    doublers: int = 0
    doubler_names: tuple[str, ...] = ()
    last_hand: bool = False
    misplays: tuple[str, ...] = ()
    note: str = ""

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        """The hand of this kind from READER's fields (COMMON: those every hand has),
        or None when one is wrong (the reader holds the problem)."""
        return cls(**common)

    def own_fields(self) -> dict[str, Any]:
        """This kind's own fields as the night document writes them, in order, the
        defaults left out."""
        return {}


@dataclass(frozen=True)
class NightPayment:
    """Money handed over for a night: PAYER paid PAYEE so many cents (on DATE)."""

    payer: str
    payee: str
    cents: int
    date: str | None = None

    def paid_on(self, night_date: str | None) -> dt.date:
        """The day it was paid: its own date, else the night's (NIGHT_DATE, ISO), else
        today, as the store files it."""
        return dt.date.fromisoformat(self.date or night_date or dt.date.today().isoformat())


@dataclass(frozen=True)
class NightInfo:
    """Where a night is filed, the currency its money is in (an ISO 4217 code; a night
    in a league has its league's), and whether its money is settled: kept by import
    and export, ignored by scoring.  A closed night's settlement becomes debts across
    nights, unless it was SETTLED at the table (its money changed hands there and then:
    a league's history from its spreadsheet); its payments are money already handed
    over."""

    date: str | None = None
    league: str | None = None
    season: str | None = None
    table: str | None = None
    title: str | None = None
    closed: bool = False
    settled: bool = False  # closed, and settled at the table: no debts carried
    payments: tuple[NightPayment, ...] = ()
    currency: str = "USD"  # what a document that names none was typed in


@dataclass(frozen=True)
class Night:
    """One night at one table: the rules, the seats clockwise, and every hand in order."""

    rules: RuleSet
    players: tuple[str, ...]
    hands: tuple[Hand, ...] = ()
    info: NightInfo = field(default_factory=NightInfo)
