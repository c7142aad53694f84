"""A stored night read whole, in plain SQL that the standard library's `sqlite3` and
SQLAlchemy both run: the night document (`scorekeeper export`'s), its hands' ids, its
seats, its payments, and the night the app reopens on.

The app's first screen is read through it before the database layer (SQLAlchemy,
sqlmodel, pydantic: most of a start) is imported (ui/first_screen.py, issue 20); the
store reads the same night through it once that is loaded (`export_night`, the night
screen's `build_view`), so a night reads one way, whoever asks.  Nothing here imports
SQLAlchemy, and nothing here writes.

A query is run by a `Fetch`: SQL with `:name` parameters (both drivers take them) and
the parameters in, the rows out as tuples.  What a driver hands back differently is
made one thing here: JSON as text (SQLite) or already parsed (PostgreSQL), dates as
text or `date`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from scorekeeper.document import FORMAT, load_night, money_to_document
from scorekeeper.formatting import DEFAULT_CURRENCY, document_filing, night_title
from scorekeeper.games import parse_rules
from scorekeeper.i18n import _, ngettext
from scorekeeper.records import Night, NightInfo, NightPayment
from scorekeeper.rules import RuleSet
from scorekeeper.store import records as stored
from scorekeeper.store.errors import StorageError
from scorekeeper.store.stored_json import stored_json
from scorekeeper.validation import with_absent_players

Fetch = Callable[[str, Mapping[str, Any]], Sequence[Sequence[Any]]]

_REOPEN = (
    "SELECT id FROM night WHERE discarded_at IS NULL{open} "
    "ORDER BY updated_at DESC, id DESC LIMIT 1"
)
_NIGHT = (
    "SELECT night.played_on, night.table_label, night.title, night.rules, night.closed_at,"
    " night.currency, league.name, league.currency, season.name"
    " FROM night LEFT JOIN league ON league.id = night.league_id"
    " LEFT JOIN season ON season.id = night.season_id WHERE night.id = :night"
)
_SEATS = (
    "SELECT seat.player_id, player.name, seat.position, seat.first_hand, seat.last_hand"
    " FROM seat JOIN player ON player.id = seat.player_id WHERE seat.night_id = :night"
)
_HANDS = "SELECT id, position, record, revision FROM hand WHERE night_id = :night ORDER BY position"
# Each hand's record as first recorded (the history's first version of it).
_FIRSTS = "SELECT hand_id, record FROM hand_revision WHERE night_id = :night AND revision = 1"
_LEAGUE = "SELECT 1 FROM league WHERE name = :name LIMIT 1"
# The history entry of a night settled at the table: closed, its money changed hands
# there and then, so its league carries no debts from it (a sitting of a league's sheet).
SETTLED = "settled"
_SETTLED = "SELECT 1 FROM night_change WHERE night_id = :night AND action = 'settled' LIMIT 1"
_COUNTED = "SELECT hand_rows FROM night_total WHERE night_id = :night"
_PAYMENTS = (
    "SELECT payment.id, payer.name, payee.name, payment.cents, payment.paid_on"
    " FROM payment JOIN player AS payer ON payer.id = payment.payer_id"
    " JOIN player AS payee ON payee.id = payment.payee_id"
    " WHERE payment.night_id = :night ORDER BY payment.id"
)


class SeatLike(Protocol):
    """A seat as the store's table row has it, or as read here."""

    @property
    def player_id(self) -> int: ...
    @property
    def position(self) -> int: ...
    @property
    def first_hand(self) -> int: ...
    @property
    def last_hand(self) -> int | None: ...


@dataclass(frozen=True)
class Seat:
    """One seat of a night: who, where clockwise, and from which hand to which."""

    player_id: int
    name: str
    position: int
    first_hand: int
    last_hand: int | None  # None: still at the table


@dataclass(frozen=True)
class StoredHand:
    """One hand as stored: its id, its place in the night (from 1), its record, and its
    revision (1 until it is changed: edited, or deleted and brought back)."""

    id: int
    position: int
    record: dict[str, Any]
    revision: int = 1


@dataclass(frozen=True)
class PaymentMade:
    """A payment recorded for a night."""

    id: int
    payer: str
    payee: str
    cents: int
    paid_on: dt.date


@dataclass(frozen=True)
class StoredNight:
    """A night as stored: its document (what `scorekeeper export` writes) and what the
    night screen needs beside it."""

    night_id: int
    document: dict[str, Any]
    hand_ids: tuple[int, ...]
    seats: tuple[Seat, ...]  # clockwise: by position, then first hand
    payments: tuple[PaymentMade, ...]
    closed: bool
    currency: str  # its league's, else its own
    revisions: tuple[int, ...] = ()  # each hand's revision: above 1, written again since
    # The places of the hands whose record is not the one first recorded (an edit, not
    # one undone: a hand put back as it was recorded is not changed).
    changed: frozenset[int] = frozenset()

    @property
    def seat_ranges(self) -> tuple[tuple[str, int, int | None], ...]:
        """Each seat clockwise: (player, first hand, last hand or None)."""
        return tuple((s.name, s.first_hand, s.last_hand) for s in self.seats)


class PartialNight(Exception):
    """A night whose hands read through the index are not all it holds (a damaged
    index): READ hands, against WHOLE counted by every write."""

    def __init__(self, night_id: int, read: int, whole: int) -> None:
        super().__init__(night_id, read, whole)
        self.night_id, self.read, self.whole = night_id, read, whole

    def as_error(self, database: str, hint: str) -> StorageError:
        """What the user is told: DATABASE (described) is damaged; HINT names the newest
        backup, if any."""
        if self.read == self.whole:  # every hand read, but not at places 1, 2, 3 ...
            message = ngettext(
                "the database {database} is damaged (night {number}'s {count} hand is "
                "not at place 1); nothing was changed",
                "the database {database} is damaged (night {number}'s {count} hands are "
                "not at places 1 to {count}); nothing was changed",
                self.read,
            )
            return StorageError(
                message.format(database=database, number=self.night_id, count=self.read) + hint
            )
        message = ngettext(
            "the database {database} is damaged (night {number} reads {count} hand "
            "through its index, the table holds {whole}); nothing was changed",
            "the database {database} is damaged (night {number} reads {count} hands "
            "through its index, the table holds {whole}); nothing was changed",
            self.read,
        )
        return StorageError(
            message.format(
                database=database, number=self.night_id, count=self.read, whole=self.whole
            )
            + hint
        )


def night_to_reopen(fetch: Fetch) -> int | None:
    """The night the app opens on: the last one changed that is still open, else the
    last one changed; None when there is no night."""
    for only_open in (True, False):
        rows = fetch(_REOPEN.format(open=" AND closed_at IS NULL" if only_open else ""), {})
        if rows:
            return int(rows[0][0])
    return None


def has_league(fetch: Fetch, name: str) -> bool:
    """True when a league of this stored NAME is there: what the welcome asks (is the
    sample league there?), of the first screen's read or of the open database."""
    return bool(fetch(_LEAGUE, {"name": name}))


def read_stored(fetch: Fetch, night_id: int, *, counted: bool) -> StoredNight:
    """Night NIGHT_ID as stored.  COUNTED (SQLite): its hands are checked against the
    count every write keeps (`night_total`, read by its own key), so a damaged index
    never passes a partial night as whole (`PartialNight`); a server database has no
    such count to compare."""
    night = fetch(_NIGHT, {"night": night_id})
    if not night:
        raise StorageError(_("there is no night {number}").format(number=night_id), field="night")
    played_on, table, title, rules_value, closed_at, own, league, league_currency, season = night[0]
    rules = rules_of(night_id, rules_value)
    seats = clockwise(
        Seat(int(p), name, int(at), int(first), _int(last))
        for p, name, at, first, last in fetch(_SEATS, {"night": night_id})
    )
    hands = stored_hands(fetch, night_id)
    positions = [hand.position for hand in hands]
    whole = len(positions)
    if counted:
        total = fetch(_COUNTED, {"night": night_id})
        whole = int(total[0][0]) if total else 0
    if positions != list(range(1, len(positions) + 1)) or whole != len(positions):
        raise PartialNight(night_id, len(positions), whole)
    payments = tuple(
        PaymentMade(int(i), payer, payee, int(cents), _date(on))
        for i, payer, payee, cents, on in fetch(_PAYMENTS, {"night": night_id})
    )
    currency = currency_of(league is not None, league_currency, own)
    info = NightInfo(
        date=_date(played_on).isoformat() if played_on is not None else None,
        league=league,
        season=season,
        table=table,
        title=title,
        closed=closed_at is not None,
        settled=bool(fetch(_SETTLED, {"night": night_id})),
        payments=tuple(
            NightPayment(p.payer, p.payee, p.cents, p.paid_on.isoformat()) for p in payments
        ),
        currency=currency,
    )
    records = [hand.record for hand in hands]
    changed = _changed(fetch, night_id, hands)
    return StoredNight(
        night_id=night_id,
        document=night_document(info, rules, seats, {s.player_id: s.name for s in seats}, records),
        hand_ids=tuple(hand.id for hand in hands),
        revisions=tuple(hand.revision for hand in hands),
        changed=changed,
        seats=tuple(seats),
        payments=payments,
        closed=info.closed,
        currency=currency,
    )


def stored_hands(fetch: Fetch, night_id: int) -> list[StoredHand]:
    """Night NIGHT_ID's hands as stored, in order (the store's writes read them so too)."""
    return [
        StoredHand(int(i), int(position), _json(record), int(revision))
        for i, position, record, revision in fetch(_HANDS, {"night": night_id})
    ]


def _changed(fetch: Fetch, night_id: int, hands: Sequence[StoredHand]) -> frozenset[int]:
    """The places of HANDS whose record differs from the one first recorded; the
    history is read only when a hand was written again (its revision above 1)."""
    again = {hand.id: hand for hand in hands if hand.revision > 1}
    if not again:
        return frozenset()
    first = {int(i): _json(record) for i, record in fetch(_FIRSTS, {"night": night_id})}
    return frozenset(
        hand.position
        for hand_id, hand in again.items()
        if hand_id not in first or first[hand_id] != hand.record
    )


def currency_of(in_league: bool, league_currency: str | None, own: str | None) -> str:
    """The currency a stored night's money is in: its league's, else its own (a night
    stored before currencies were kept: US dollars)."""
    return (league_currency if in_league else own) or DEFAULT_CURRENCY


def night_document(
    info: NightInfo,
    rules: RuleSet,
    seats: Sequence[SeatLike],
    names: Mapping[int, str],
    records: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The night document of a night filed as INFO, played under RULES by SEATS (their
    players named by NAMES), whose stored hand records are RECORDS in order."""
    players = seat_order(seats, names)
    head: dict[str, Any] = {"format": FORMAT}
    for key in ("date", "league", "season", "table", "title"):
        if getattr(info, key) is not None:
            head[key] = getattr(info, key)
    return (
        head
        | money_to_document(info)
        | {
            "rules": rules.to_document(),
            "players": list(players),
            "hands": [
                document_hand(record, names, players, seated, rules)
                for record, seated in zip(
                    records, seated_by_hand(seats, names, len(records)), strict=True
                )
            ],
        }
    )


S = TypeVar("S", bound=SeatLike)


def clockwise(seats: Iterable[S]) -> list[S]:
    """SEATS in the order the table sits: by place, then by the hand each began."""
    return sorted(seats, key=lambda s: (s.position, s.first_hand))


def seat_order(seats: Iterable[SeatLike], names: Mapping[int, str]) -> tuple[str, ...]:
    """The night's players clockwise: each player at the place of their first seat."""
    order: dict[int, int] = {}
    for seat in clockwise(seats):
        order.setdefault(seat.player_id, len(order))
    return tuple(names[player_id] for player_id in order)


def seated_at(seats: Iterable[SeatLike], names: Mapping[int, str], number: int) -> set[str]:
    """Who sat at the table for hand NUMBER."""
    return {
        names[s.player_id]
        for s in seats
        if s.first_hand <= number and (s.last_hand is None or number <= s.last_hand)
    }


def seated_by_hand(
    seats: Sequence[SeatLike], names: Mapping[int, str], count: int
) -> list[set[str]]:
    """Who sat at the table for each of hands 1 to COUNT (`seated_at`), worked out only
    where a seat begins or ends: the hands between share one set."""
    changes = {s.first_hand for s in seats} | {
        s.last_hand + 1 for s in seats if s.last_hand is not None
    }
    seated: set[str] = set()
    out = []
    for number in range(1, count + 1):
        if number == 1 or number in changes:
            seated = seated_at(seats, names, number)
        out.append(seated)
    return out


def document_hand(
    record: Mapping[str, Any],
    names: Mapping[int, str],
    players: tuple[str, ...],
    seated: set[str],
    rules: RuleSet,
) -> dict[str, Any]:
    """A stored record as a document hand, with the players not SEATED sitting out."""
    return with_absent_players(stored.from_stored(record, names), players, seated, rules)


def night_of_document(document: Mapping[str, Any], *, night_id: int) -> Night:
    """The core's record of a stored night's document (read once, used twice)."""
    night, problems = load_night(document)
    if night is None:
        title = night_title(*document_filing(document))
        detail = "; ".join(str(p) for p in problems)
        message = _("“{night}” cannot be scored as stored ({problem})")
        raise StorageError(message.format(night=title, problem=detail))
    return night


def rules_of(night_id: int, value: Any) -> RuleSet:
    """A stored night's rules (its `rules` column); rules this version cannot read are
    a StorageError naming the night."""
    rules, problems = parse_rules(_json(value))
    if rules is None:
        message = _("night {number} has rules this version cannot read ({problem})")
        raise _unreadable(message, night_id, problems)
    return rules


def _unreadable(message: str, night_id: int, problems: Iterable[object]) -> StorageError:
    """MESSAGE about night NIGHT_ID with its PROBLEMS said in one clause."""
    detail = "; ".join(str(p) for p in problems)
    return StorageError(message.format(number=night_id, problem=detail))


def _json(value: Any) -> Any:
    """A JSON column's value: SQLite hands back its text, PostgreSQL's driver the value."""
    return stored_json(value) if isinstance(value, str | bytes) else value


def _date(value: Any) -> dt.date:
    """A date column's value: SQLite hands back 'YYYY-MM-DD', PostgreSQL a date."""
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value)[:10])


def _int(value: Any) -> int | None:
    return None if value is None else int(value)
