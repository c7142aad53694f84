"""The prize pool and its split: whole dollars (or euros), every cent accounted for.

The pool is the entry fees of the paid entries times the payout share, rounded down to
whole units (a hundred cents; the cents left over are the house's).  Each place's
percentage, and each session's top scorer's, is a share of it: the percentages add
up to 100 (shares of the pool) or to the payout share itself (shares of the fees, as
Kohler Falls states them: 1st 30%, 2nd 15%, 3rd to 5th 10% each, 5% a session, out
of 90%); either way a prize is the pool times its percentage over their sum.  Players
tied at a place share the prizes of the places they cover; each prize is rounded down
to whole units, and what that leaves (the remainder) goes by the stated rule: a unit
at a time to the prize winners in order of their places, or kept by the house.  Tied
players are always paid alike: they take a unit each only when the remainder covers
them all; what no prize can share evenly is the house's.

A prize list made while tables are still to report is provisional and says so; a
session not reported in full has no top scorer yet, and its prize is held (neither
paid nor handed to the places as a remainder).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from scorekeeper.formatting import currency_name, money
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.json_input import show_value
from scorekeeper.problems import Problem
from scorekeeper.rules import is_whole

UNIT = 100  # cents in a whole dollar or euro: prizes are paid in whole units
Remainder = Literal["places", "house"]
REMAINDERS: tuple[Remainder, ...] = ("places", "house")
REMAINDER_MEANING: dict[str, str] = {
    "places": N_(
        "given one {unit} at a time to the prize winners in order of their places (players "
        "tied take one each only when there is one for each of them; what cannot be shared "
        "evenly is kept by the house)"
    ),
    "house": N_("kept by the house"),
}
MOST_PLACES = 100


@dataclass(frozen=True)
class Payout:
    """How a tournament pays: SHARE percent of the fees is the pool; PLACES are each
    place's percentage, SESSION_TOP each session's top scorer's; REMAINDER says where
    the whole units left by rounding go."""

    share: int = 90
    places: tuple[int, ...] = (30, 15, 10, 10, 10)
    session_top: int = 5
    remainder: Remainder = "places"

    def to_json(self) -> dict[str, object]:
        """The payout as stored with a tournament."""
        return {
            "share": self.share,
            "places": list(self.places),
            "session_top": self.session_top,
            "remainder": self.remainder,
        }

    def weight(self, sessions: int) -> int:
        """What the percentages add up to over SESSIONS."""
        return sum(self.places) + self.session_top * sessions

    def describe(self, sessions: int, currency: str) -> list[str]:
        """The payout in words, as the payout list prints it (whole ones of CURRENCY)."""
        of_pool = self.weight(sessions) == 100
        places = ", ".join(
            _("{place}: {percent}%").format(place=ordinal(n), percent=p)
            for n, p in enumerate(self.places, start=1)
        )
        lines = [
            _("The pool is {share}% of the entry fees, rounded down to whole {units}.").format(
                share=self.share, units=currency_name(currency)
            ),
            (
                _("Shares of the pool: {places}.")
                if of_pool
                else _("Shares of the fees: {places}.")
            ).format(places=places),
        ]
        if self.session_top:
            lines.append(
                _("The top scorer of each session: {percent}%.").format(percent=self.session_top)
            )
        rule = _(REMAINDER_MEANING[self.remainder]).format(unit=currency_name(currency, count=1))
        lines.append(
            _(
                "Players tied share the prizes of the places they cover; each prize is "
                "rounded down to whole {units}, and the rest is {rule}."
            ).format(units=currency_name(currency), rule=rule)
        )
        return lines


def default_payout(sessions: int) -> Payout:
    """A new tournament's payout: Kohler Falls' over three sessions (30, 15, 10, 10, 10
    and 5 a session, of 90% of the fees); else, with no session prizes, 40, 25, 15, 10
    and 10 percent of a pool of 90%."""
    if Payout().weight(sessions) in (100, Payout().share):
        return Payout()
    return Payout(places=(40, 25, 15, 10, 10), session_top=0)


def ordinal(place: int) -> str:
    """'1st', '2nd', '11th' (in German '1.', '2.', '11.')."""
    suffix = {1: _("{number}st"), 2: _("{number}nd"), 3: _("{number}rd")}
    if 10 <= place % 100 <= 20:
        return _("{number}th").format(number=place)
    return suffix.get(place % 10, _("{number}th")).format(number=place)


def parse_payout(value: object, sessions: int) -> tuple[Payout | None, list[Problem]]:
    """A payout from JSON (stored, or the command line's flags gathered), every
    problem naming its field; the percentages must add up to 100 or to the share."""
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        return None, [Problem("payout", _("must be an object"))]
    default = Payout()
    problems = [
        Problem(str(k), _("is not a payout setting")) for k in value if k not in default.to_json()
    ]
    share = value.get("share", default.share)
    if not is_whole(share) or not 0 <= share <= 100:
        problems.append(Problem("share", _percent_problem(share)))
    places = value.get("places", list(default.places))
    if (
        not isinstance(places, list | tuple)
        or not all(is_whole(p) and 0 <= p <= 100 for p in places)
        or len(places) > MOST_PLACES
    ):
        message = _("must be a list of at most {most} percentages, each 0 to 100")
        problems.append(Problem("places", message.format(most=MOST_PLACES)))
    top = value.get("session_top", default.session_top)
    if not is_whole(top) or not 0 <= top <= 100:
        problems.append(Problem("session_top", _percent_problem(top)))
    remainder = value.get("remainder", default.remainder)
    if remainder not in REMAINDERS:
        message = _("{value} is not one of {choices}").format(
            value=show_value(remainder), choices=", ".join(REMAINDERS)
        )
        problems.append(Problem("remainder", message))
    if problems:
        return None, problems
    payout = Payout(share, tuple(places), top, remainder)
    total = payout.weight(sessions)
    if total not in (100, share) or total == 0:
        message = _(
            "the places and the sessions' top scorers add up to {total}%: make it 100% "
            "(shares of the pool) or {share}% (shares of the fees)"
        ).format(total=total, share=share)
        return None, [Problem("places", message)]
    return payout, []


def _percent_problem(value: object) -> str:
    return _("{value} is not a whole percentage from 0 to 100").format(value=show_value(value))


@dataclass(frozen=True)
class Award:
    """A prize paid to one player: for a PLACE (shared by SHARING players tied over
    places PLACE to LAST), or as the top scorer of SESSION; CENTS in whole units, and
    the REMAINDER units of it that rounding left."""

    player: str
    cents: int
    place: int | None = None
    last: int | None = None
    session: int | None = None
    sharing: int = 1
    remainder: int = 0

    def what(self) -> str:
        """What the prize is for, in words: '2nd place', '3rd–5th place, shared by 3',
        'top scorer of session 2'."""
        if self.session is not None:
            words = _("Top scorer of session {session}").format(session=self.session)
        elif self.last is not None and self.last != self.place:
            words = _("{first}–{last} place").format(
                first=ordinal(self.place or 0), last=ordinal(self.last)
            )
        else:
            words = _("{place} place").format(place=ordinal(self.place or 0))
        if self.sharing > 1:
            words = _("{what}, shared by {count}").format(what=words, count=self.sharing)
        return words


@dataclass(frozen=True)
class ToReport:
    """A session not reported in full: the TABLES still to report (none: not drawn)."""

    session: int
    tables: tuple[int, ...] = ()


@dataclass(frozen=True)
class PrizeList:
    """What the prizes come from and who takes what: every cent of the FEES is a prize,
    the HOUSE's (the cents the pool was rounded down by, and a remainder kept), or
    HELD for the top scorers of the sessions still to report (PENDING: the list is
    provisional until there are none)."""

    entries: int  # paid entries
    entry_cents: int
    fees: int
    pool: int
    awards: tuple[Award, ...]
    house: int  # of the pool: the remainder the house keeps
    kept: int  # the fees not in the pool
    held: int = 0  # of the pool: the prizes of sessions still to report
    pending: tuple[ToReport, ...] = ()

    @property
    def paid_out(self) -> int:
        return sum(a.cents for a in self.awards)

    def lines(self, currency: str) -> list[str]:
        """The pool's arithmetic in words, as the payout list prints it."""
        return [
            _(
                "{entries} paid entries at {fee}: {fees}; the pool: {pool}; paid out: {paid}; "
                "the house keeps {house} of the pool."
            ).format(
                entries=self.entries,
                fee=money(self.entry_cents, currency),
                fees=money(self.fees, currency),
                pool=money(self.pool, currency),
                paid=money(self.paid_out, currency),
                house=money(self.house, currency),
            )
        ] + (
            [
                _("Held for the top scorers of sessions still to report: {held}.").format(
                    held=money(self.held, currency)
                )
            ]
            if self.held
            else []
        )

    def provisional(self) -> str | None:
        """'Provisional: session 1 tables 2, 5–9 still to report; sessions 2, 3 not
        drawn yet.' (None: every session is reported in full)."""
        if not self.pending:
            return None
        clauses = [
            ngettext(
                "session {session} table {tables} still to report",
                "session {session} tables {tables} still to report",
                len(p.tables),
            ).format(session=p.session, tables=_spans(p.tables))
            for p in self.pending
            if p.tables
        ]
        undrawn = [p.session for p in self.pending if not p.tables]
        if undrawn:
            said = ngettext(
                "session {sessions} not drawn yet",
                "sessions {sessions} not drawn yet",
                len(undrawn),
            )
            clauses.append(said.format(sessions=_spans(undrawn)))
        return _("Provisional: {what}.").format(what="; ".join(clauses))


def _spans(numbers: Sequence[int]) -> str:
    """'2, 5–9, 12': the numbers, a run of three or more as a span."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def prize_pool(entry_cents: int, entries: int, payout: Payout) -> tuple[int, int]:
    """The fees and the pool: SHARE percent of them, rounded down to whole units."""
    fees = entry_cents * entries
    return fees, fees * payout.share // 100 // UNIT * UNIT


def split_prizes(
    *,
    entry_cents: int,
    entries: int,
    payout: Payout,
    ranking: Sequence[tuple[str, int]],
    session_tops: Sequence[Sequence[str]],
    pending: Sequence[ToReport] = (),
) -> PrizeList:
    """The prizes: RANKING is the overall standings (each player and their shared
    place, best first), SESSION_TOPS each session's top scorers (several when tied;
    none for a session with no results), PENDING the sessions still to report, whose
    top scorer's prize is held.  The awards, the held prizes and the house's part add
    up to the pool exactly (checked)."""
    fees, pool = prize_pool(entry_cents, entries, payout)
    weight = payout.weight(len(session_tops))
    waiting = {p.session for p in pending}
    awards: list[Award] = []
    held = 0
    if weight:
        awards += _place_awards(pool, weight, payout.places, ranking)
        for number, tops in enumerate(session_tops, start=1):
            if not payout.session_top:  # a payout with no session prizes lists none
                continue
            if number in waiting:
                held += _shares(pool * payout.session_top, weight, 1)
                continue
            awards += _shared(pool * payout.session_top, weight, tops, session=number)
    left = pool - held - sum(a.cents for a in awards)
    house = left
    if payout.remainder == "places" and awards and left:
        awards, house = _hand_out(awards, left)
    if sum(a.cents for a in awards) + held + house != pool or house < 0:
        raise AssertionError("the prizes and the house's remainder do not make the pool")
    return PrizeList(
        entries, entry_cents, fees, pool, tuple(awards), house, fees - pool, held, tuple(pending)
    )


def _place_awards(
    pool: int, weight: int, places: Sequence[int], ranking: Sequence[tuple[str, int]]
) -> list[Award]:
    """Each group of players tied at a place sharing the prizes of the places it
    covers (ties past the last prize share what they cover of it)."""
    groups: dict[int, list[str]] = {}
    for player, rank in ranking:
        groups.setdefault(rank, []).append(player)
    awards: list[Award] = []
    for rank, players in sorted(groups.items()):
        last = rank + len(players) - 1
        covered = [p for n, p in enumerate(places, start=1) if rank <= n <= last]
        if not sum(covered):  # no place, or places of 0%: no prize, no remainder
            continue
        paid_to = min(last, len(places))
        awards += _shared(pool * sum(covered), weight, players, place=rank, last=paid_to)
    return awards


def _shared(
    amount: int,
    weight: int,
    players: Sequence[str],
    *,
    place: int | None = None,
    last: int | None = None,
    session: int | None = None,
) -> list[Award]:
    """AMOUNT / WEIGHT cents shared by PLAYERS, each share rounded down to whole units."""
    if not players:
        return []
    cents = _shares(amount, weight, len(players))
    return [
        Award(p, cents, place=place, last=last, session=session, sharing=len(players))
        for p in players
    ]


def _shares(amount: int, weight: int, players: int) -> int:
    """AMOUNT / WEIGHT cents shared by PLAYERS: each share, rounded down to whole units."""
    return int(Fraction(amount, weight * players) // UNIT) * UNIT


def _hand_out(awards: list[Award], left: int) -> tuple[list[Award], int]:
    """LEFT (whole units) handed out a unit at a time to the prizes in their order
    (places best first, then the sessions' top scorers), round again while any is left;
    players sharing a prize take a unit each only when what is left covers them all
    (else it goes on to the next prize), so tied players are always paid alike.
    Returns the awards and what is left, which no prize could share evenly."""
    groups = _groups(awards)
    units = left // UNIT
    rounds = units // len(awards)  # whole rounds: every group a unit each
    extra = [rounds] * len(groups)
    units -= rounds * len(awards)
    given = True
    while given:
        given = False
        for index, (_first, size) in enumerate(groups):
            if size <= units:
                extra[index] += 1
                units -= size
                given = True
    more = [UNIT * extra[i] for i, (_first, size) in enumerate(groups) for _ in range(size)]
    handed = [
        Award(a.player, a.cents + m, a.place, a.last, a.session, a.sharing, m)
        for a, m in zip(awards, more, strict=True)
    ]
    return handed, left - sum(more)


def _groups(awards: Sequence[Award]) -> list[tuple[int, int]]:
    """The awards shared alike (one place's tied players, a session's tied top
    scorers), as (first index, size), in order."""
    groups: list[tuple[int, int]] = []
    for index, award in enumerate(awards):
        if groups and _same_prize(awards[groups[-1][0]], award):
            first, size = groups[-1]
            groups[-1] = (first, size + 1)
        else:
            groups.append((index, 1))
    return groups


def _same_prize(one: Award, other: Award) -> bool:
    return (one.place, one.session) == (other.place, other.session)
