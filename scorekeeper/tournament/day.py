"""A tournament as the rest of the app sees one (read from the store, shown by the
command line, the window and the paper), and what each of its tables has reported."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from scorekeeper.i18n import _, ngettext
from scorekeeper.rules import RuleSet
from scorekeeper.tournament.prizes import Payout
from scorekeeper.tournament.tables import Seating, TableKind, Uneven, seating

MOST_SESSIONS = 20
MOST_HANDS = 500  # a session's hands at one table


@dataclass(frozen=True)
class Tournament:
    """A tournament day: its game's rules (no table stakes: it plays for points, its
    money is the prizes), SESSIONS of HANDS each player plays, the entry fee, how it
    pays, its tie-breaks, and which tables seat a field that does not divide."""

    id: int
    name: str
    date: dt.date
    rules: RuleSet
    sessions: int
    hands: int
    entry_cents: int
    currency: str
    payout: Payout
    tie_breaks: tuple[str, ...]
    uneven: Uneven

    @property
    def seating(self) -> Seating:
        return seating(self.rules)

    def kind(self, seats: int) -> TableKind:
        """The kind of table of SEATS (one the draw made)."""
        return self.seating.kinds[seats]

    def night_title(self, session: int) -> str:
        """What a table's night is titled: 'Kohler Falls 2026, session 2'."""
        return _("{tournament}, session {session}").format(tournament=self.name, session=session)


@dataclass(frozen=True)
class Entry:
    """A registered player: paid or not, from FIRST to LAST session (None: the end)."""

    player: str
    paid: bool
    first: int
    last: int | None

    def plays(self, session: int) -> bool:
        return self.first <= session and (self.last is None or session <= self.last)


Reported = Literal["waiting", "hands", "totals"]


@dataclass(frozen=True)
class TableStatus:
    """A table of a session: its players in seat order, the hands it plays, and what
    it has reported (nothing yet, hands one by one (PLAYED so far), or the sheet's
    totals), whether it is checked (signed, and locked), and its night (None: none
    yet)."""

    session: int
    number: int
    players: tuple[str, ...]
    hands: int
    reported: Reported
    played: int
    checked: bool
    night_id: int | None

    @property
    def done(self) -> bool:
        """All its hands are in (or its totals)."""
        return self.reported == "totals" or self.played >= self.hands

    def words(self) -> str:
        """What it has reported, in words: 'checked', '18 of 24 hands', 'totals'."""
        if self.checked:
            return _("checked")
        if self.reported == "totals":
            return _("totals in")
        if self.reported == "hands":
            return ngettext(
                "{played} of {hands} hand", "{played} of {hands} hands", self.hands
            ).format(played=self.played, hands=self.hands)
        return _("waiting")


@dataclass(frozen=True)
class DrawnSession:
    """A session's draw as stored: its tables (players in seat order), the seed, the
    plan in words, and what it achieved: pairs seated together again this session
    (against the most a draw no swap improves can), and over the day so far the
    meetings again and pairs met more than once, against the least possible."""

    session: int
    seed: int
    tables: tuple[tuple[str, ...], ...]
    plan: str
    repeats: int
    most: int
    day_repeats: int
    day_pairs_again: int
    least: int
    apart_together: tuple[tuple[str, str], ...]
    drawn_at: dt.datetime

    def lines(self) -> list[str]:
        """What a draw says: the plan and why, the seed, and the meetings again against
        the least possible (the window's draw dialog says the same)."""
        lines = [
            _("Session {session}: {plan}").format(session=self.session, plan=self.plan),
            _("Seed: {seed} (the same seed draws the same tables)").format(seed=self.seed),
            _(
                "Players who met before, seated together again this session: {repeats} "
                "pairs (this draw guarantees no more than {most})."
            ).format(repeats=self.repeats, most=self.most),
            _(
                "Over the day so far: {repeats} meetings again, {pairs} pairs met more than "
                "once; the least possible for this field: {least}."
            ).format(repeats=self.day_repeats, pairs=self.day_pairs_again, least=self.least),
        ]
        lines += [
            _("Kept apart, but could not be: {first} and {second}").format(first=a, second=b)
            for a, b in self.apart_together
        ]
        return lines
