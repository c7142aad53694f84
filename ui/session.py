"""The open night: what the screen shows (`NightView`) and the changes made to it.

`NightSession` is the night screen's application layer (ui/app_layer.py), the only
way it writes.  Every change is done in the store first (committed, validated and
rescored there) and only then pushed onto the undo stack as the command for its kind
(ui/commands.py); the view is then rebuilt from the database (or made from what the
store returned), so the screen never shows a hand that is not saved.
"""

from __future__ import annotations

import datetime as dt
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, overload

from PySide6.QtCore import QObject, Signal

from scorekeeper.dealing import dealer_after
from scorekeeper.document import read_hand
from scorekeeper.formatting import document_filing, night_file_stem, night_title
from scorekeeper.night import Carry, score_next, score_night, totals_with_one_more
from scorekeeper.problems import InvalidNight
from scorekeeper.records import Hand, Night
from scorekeeper.results import HandResult, NightResult
from scorekeeper.rules import RuleSet
from scorekeeper.store.errors import StorageError
from scorekeeper.store.stored_night import PaymentMade, StoredNight, night_of_document
from scorekeeper.validation import with_absent_players

from .app_layer import Layer, Revisions

# The store's writes and the undo commands (and with them SQLAlchemy and sqlmodel) are
# imported where they are used: the first screen is shown before them
# (ui/first_screen.py, docs/performance.md).
if TYPE_CHECKING:
    from scorekeeper.ledger import Settled
    from scorekeeper.store import hand_writes
    from scorekeeper.store.database import Database


@dataclass(frozen=True)
class HandLine:
    """One row of the score sheet: what was recorded and what it scored."""

    number: int
    hand_id: int
    record: dict[str, Any]
    result: HandResult
    changed: bool = False  # not as first recorded (its history says how)

    @property
    def dealer(self) -> str | None:
        return self.record.get("dealer")

    @property
    def sat_out(self) -> tuple[str, ...]:
        return tuple(p for p in self.result.points if p not in self.result.active)


class _RecordedHands(Sequence[Hand]):
    """The hands of sheet LINES as the core reads them, each read only when asked
    (who deals next looks at the last few)."""

    def __init__(self, lines: Sequence[HandLine], players: tuple[str, ...], rules: RuleSet):
        self.lines, self.players, self.rules = lines, players, rules

    def __len__(self) -> int:
        return len(self.lines)

    @overload
    def __getitem__(self, index: int) -> Hand: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Hand]: ...
    def __getitem__(self, index: int | slice) -> Hand | Sequence[Hand]:
        if isinstance(index, slice):
            return _RecordedHands(self.lines[index], self.players, self.rules)
        line = self.lines[index]
        hand, problems = read_hand(line.record, self.players, self.rules, line.number)
        if hand is None:  # a stored hand always reads: the store checked it
            raise ValueError(f"hand {line.number} does not read: {problems}")
        return hand


@dataclass(frozen=True)
class NightView:
    """Everything the night screen shows, computed once per change."""

    night_id: int
    title: str
    rules: RuleSet
    players: tuple[str, ...]
    seated_next: tuple[str, ...]  # who is at the table for the next hand, clockwise
    lines: tuple[HandLine, ...]
    result: NightResult
    closed: bool
    currency: str  # the ISO 4217 code its money is in (its league's, else its own)
    payments: tuple[PaymentMade, ...] = ()
    document: dict[str, Any] = field(default_factory=dict)
    seat_ranges: tuple[tuple[str, int, int | None], ...] = ()

    @property
    def file_stem(self) -> str:
        """The name its files are offered under: 'Tuesday-League-2026-11-03-table-1'."""
        return night_file_stem(*document_filing(self.document))

    @property
    def next_number(self) -> int:
        return len(self.lines) + 1

    def settled(self) -> tuple[Settled, ...]:
        """The night's settlement with what the payments made at its Settle up have
        paid of it (`ledger.settled`), from this view alone: the store's answer, which
        counts the league window's payments too, is `NightSession.settled`."""
        from scorekeeper.ledger import settled_at_table

        made = ((p.payer, p.payee, p.cents, p.paid_on) for p in self.payments)
        return settled_at_table(self.result.settlement, made)

    def next_dealer(self) -> str | None:
        """The dealer advances clockwise among those seated for the next hand."""
        return self.dealer_for(self.next_number)

    def dealer_for(self, number: int) -> str | None:
        """Whose deal hand NUMBER is (a new hand, or one inserted there), as the core
        proposes it (`scorekeeper.dealing`): among those seated for it, the next
        clockwise after the last dealer before it, or that dealer again when the
        night's rules say so (Sheepshead's `no_pick_dealer` 'same')."""
        seated = list(self.seated_for(number)) if self.seat_ranges else list(self.seated_next)
        before = _RecordedHands(self.lines[: number - 1], self.players, self.rules)
        return dealer_after(self.players, self.rules, before, seated)

    def seated_at(self, number: int) -> tuple[str, ...]:
        """Who was at the table for hand NUMBER, clockwise."""
        present = set(self.seated_for(number))
        return tuple(p for p in self.players if p in present)

    def seated_for(self, number: int) -> tuple[str, ...]:
        """Who is at the table for hand NUMBER, in seat order (as `seated_next` is)."""
        return tuple(
            name
            for name, first, last in self.seat_ranges
            if first <= number and (last is None or number <= last)
        )

    def adds_one_hand_to(self, old: NightView | None) -> bool:
        """True when this view is OLD with one hand recorded at the end (what
        `appended` makes): the sheet and chart then add that hand instead of redrawing."""
        return (
            old is not None
            and self.night_id == old.night_id
            and self.players == old.players
            and len(self.lines) == len(old.lines) + 1
            and all(map(operator.is_, self.lines, old.lines))
        )

    def appended(self, hand: hand_writes.Appended) -> NightView:
        """This view with a hand recorded at the end: its line added and the totals,
        money and settlement made again from the hands' results (checked to sum to
        zero, as `score_night` checks them), without reading or rescoring the night."""
        line = HandLine(
            number=self.next_number, hand_id=hand.hand_id, record=hand.hand, result=hand.result
        )
        document = self.document | {"hands": [*self.document.get("hands", []), hand.hand]}
        return replace(
            self,
            lines=(*self.lines, line),
            result=totals_with_one_more(self.rules, self.players, self.result, hand.result),
            seated_next=self.seated_for(line.number + 1),
            document=document,
        )

    def edited(self, hand_id: int, edited: hand_writes.Edited) -> NightView:
        """This view with a hand's record replaced and every hand's score as the store
        rescored them in the same change."""
        records = [edited.hand if ln.hand_id == hand_id else ln.record for ln in self.lines]
        lines = tuple(
            HandLine(
                number=ln.number,
                hand_id=ln.hand_id,
                record=record,
                result=result,
                changed=True if ln.hand_id == hand_id else ln.changed,
            )
            for ln, record, result in zip(self.lines, records, edited.result.hands, strict=True)
        )
        return replace(
            self, lines=lines, result=edited.result, document=self.document | {"hands": records}
        )

    def preview(self, hand: Hand, number: int) -> HandResult:
        """What HAND would score as hand NUMBER (a new hand, an edit or an insert): scored
        from the carry of the hand before it, as the store will score it."""
        before = self.lines[number - 2].result if number >= 2 else None
        night = Night(self.rules, self.players)
        return score_next(night, hand, Carry.after(before), number=number)

    def as_document_hand(self, hand: Mapping[str, Any], number: int) -> dict[str, Any]:
        """A hand from the entry form, with absent players sitting out, ready to check."""
        return with_absent_players(hand, self.players, self.seated_at(number), self.rules)


def build_view(db: Database, night_id: int) -> NightView:
    """Read a night from the store and score it with the core."""
    from scorekeeper.store.night_import import night_as_stored

    return view_of(night_as_stored(db, night_id=night_id))


def view_of(stored: StoredNight) -> NightView:
    """What the night screen shows of a night as stored: scored by the core."""
    document, night_id = stored.document, stored.night_id
    night: Night = night_of_document(document, night_id=night_id)
    result = score_night(night)
    lines = tuple(
        HandLine(number=n, hand_id=i, record=h, result=r, changed=n in stored.changed)
        for n, (i, h, r) in enumerate(
            zip(stored.hand_ids, document["hands"], result.hands, strict=True), 1
        )
    )
    view = NightView(
        night_id=night_id,
        title=night_title(*document_filing(document)),
        rules=night.rules,
        players=night.players,
        seated_next=(),
        lines=lines,
        result=result,
        closed=stored.closed,
        payments=stored.payments,
        document=document,
        seat_ranges=stored.seat_ranges,
        currency=night.info.currency,
    )
    return replace(view, seated_next=view.seated_for(len(lines) + 1))


class NightSession(Layer):
    """The night being scored: its view, and every change to it, undoable.  The night
    screen's part of the application layer (ui/app_layer.py): each change is made in
    the store, pushed as its command (ui/commands.py) with what the store returned for
    its undo, and shown."""

    changed_elsewhere = Signal()  # the first screen's night, read again, was changed

    def __init__(
        self, db: Database | Callable[[], Database], parent: QObject | None = None
    ) -> None:
        super().__init__(db, parent)
        self.night_id: int | None = None
        self.view: NightView | None = None
        self._ready: NightView | None = None  # the next view, already made by the change
        self.revisions = Revisions()  # each hand as this program last left it

    # -- reading -------------------------------------------------------------------

    def open(self, night_id: int | None) -> None:
        """Show a night (None: no night)."""
        self.night_id = night_id
        self.refresh()

    def show_first(self, view: NightView) -> None:
        """Show VIEW, read before the database was opened (ui/first_screen.py); the
        database is opened, and the night read again, by `open_database`."""
        self.night_id, self._ready = view.night_id, view
        self.refresh()

    def open_database(self) -> None:
        """Open the database now, if the first screen was shown without it (what the
        app does once the window is painted; a change made sooner opens it first).
        A refusal to open raises `StorageError`."""
        _ = self.db

    def opened_late(self, database: Database) -> None:
        """The first screen's night read again through the store, before anything is
        written: if another program changed it in between, the store's is the view
        (`changed_elsewhere` tells the screen); if it cannot be read now (deleted or
        restored meanwhile), that is said and no night is shown."""
        if self.view is None:
            return
        try:
            again = build_view(database, self.view.night_id)
        except (StorageError, InvalidNight) as error:
            self.night_id, self.view, self._ready = None, None, None
            self.failed.emit(str(error))
            self.changed.emit()
            return
        if again != self.view:
            self.view, self._ready = again, None
            self.changed_elsewhere.emit()

    def refresh(self) -> None:
        """Rebuild the view from the database and tell the screen."""
        ready, self._ready = self._ready, None
        if ready is not None and ready.night_id == self.night_id:
            self.view = ready
        else:
            self.view = None if self.night_id is None else build_view(self.db, self.night_id)
        self.changed.emit()

    def _night(self) -> int:
        assert self.night_id is not None, "no night is open"
        return self.night_id

    def _on_screen(self, night_id: int) -> NightView | None:
        """The view, when it is of NIGHT_ID (a change can then make the next one)."""
        return self.view if self.view is not None and self.view.night_id == night_id else None

    # -- changes (each done in the store, then made undoable) ----------------------

    def recall_history(self) -> int:
        """After a restart, nothing on the undo stack: the open night's changes to its
        hands since its last change as a whole, read from its history, go onto the
        stack as the commands they were (already done); how many."""
        if self.undo_stack.count() or self.night_id is None:
            return 0
        from .commands import recalled

        commands = recalled(self.db, self.revisions, self.night_id)
        for command in commands:
            self.undo_stack.push(command)
        return len(commands)

    def start_night(
        self,
        *,
        players: Sequence[str],
        rules: RuleSet,
        date: dt.date | None = None,
        league: str | None = None,
        season: str | None = None,
        table: str | None = None,
        currency: str | None = None,
    ) -> int:
        """Start a night and open it (its money in CURRENCY; None: its league's, else
        the locale's); undo discards it (it has no hands yet)."""
        from scorekeeper.store.night_import import create_night

        from .commands import StartNight

        previous = self.night_id
        night_id = create_night(
            self.db,
            players=players,
            rules=rules,
            date=date,
            league=league,
            season=season,
            table=table,
            currency=currency,
        )
        self.night_id = night_id
        self.push(StartNight(self, night_id, previous))
        return night_id

    def record_hand(self, hand: Mapping[str, Any], position: int | None = None) -> int:
        """Record (or insert at POSITION) a hand; committed before this returns."""
        from scorekeeper.store import hand_writes

        from .commands import InsertHand, RecordHand

        night_id = self._night()
        revisions = self.revisions
        if position is not None:
            inserted = hand_writes.insert_hand(
                self.db, night_id=night_id, hand=hand, position=position
            )
            revisions.left(inserted)
            place = inserted.position
            self.push(InsertHand(self.db, revisions, hand_id=inserted.hand_id, position=place))
            return inserted.hand_id
        appended = hand_writes.append_hand(self.db, night_id=night_id, hand=hand)
        revisions[appended.hand_id] = appended.revision
        view = self._on_screen(night_id)
        if view is not None and appended.position == view.next_number:
            self._ready = view.appended(appended)  # else the night is read again
        place = appended.position
        self.push(RecordHand(self.db, revisions, hand_id=appended.hand_id, position=place))
        return appended.hand_id

    def edit_hand(self, hand_id: int, hand: Mapping[str, Any]) -> None:
        """Replace a hand's record; undo puts the earlier version back."""
        from scorekeeper.store.hand_writes import edit_hand

        from .commands import EditHand

        edited = edit_hand(self.db, hand_id=hand_id, hand=hand)
        self.revisions.left(edited.version)
        view = self._on_screen(self._night())
        if view is not None:
            self._ready = view.edited(hand_id, edited)
        self.push(EditHand.of(self.db, self.revisions, edited))

    def delete_hand(self, hand_id: int) -> None:
        """Delete a hand; undo restores it at its place."""
        from scorekeeper.store.hand_writes import delete_hand

        from .commands import DeleteHand

        deleted = self.revisions.left(delete_hand(self.db, hand_id=hand_id))
        self.push(DeleteHand(self.db, self.revisions, deleted))

    def join(self, player: str, after: str | None = None) -> None:
        """A player sits down from the next hand on; undo takes the seat away."""
        from scorekeeper.store.seats import join_night

        from .commands import JoinNight

        night_id = self._night()
        seat = join_night(self.db, night_id=night_id, player=player, after=after)
        self.push(JoinNight(self.db, night_id, seat, after))

    def leave(self, player: str) -> None:
        """A player goes home after the last hand; undo seats them again as before."""
        from scorekeeper.store.seats import leave_night

        from .commands import LeaveNight

        night_id = self._night()
        seat = leave_night(self.db, night_id=night_id, player=player)
        self.push(LeaveNight(self.db, night_id, seat))

    def set_closed(self, closed: bool) -> None:
        """Close the night when it is settled, or reopen it to fix a mistake."""
        from scorekeeper.store.tonight import set_closed

        from .commands import CloseNight

        night_id = self._night()
        set_closed(self.db, night_id=night_id, closed=closed)
        self.push(CloseNight(self.db, night_id, closed=closed))

    def change_rules(self, rules: RuleSet) -> None:
        """Score the night under other house rules (every hand rescored); undo puts the
        rules before back.  Both are kept in the night's history."""
        from scorekeeper.store.night_history import change_rules

        from .commands import ChangeRules

        night_id = self._night()
        before = change_rules(self.db, night_id=night_id, rules=rules)
        if before != rules:
            self.push(ChangeRules(self.db, night_id, before=before, after=rules))

    def delete_night(self) -> None:
        """Delete the open night (a night started by mistake): it leaves every list, but
        its hands and history are kept; undo, or "bring back", restores it."""
        from scorekeeper.store.night_history import set_deleted
        from scorekeeper.store.tonight import night_to_reopen

        from .commands import DeleteNight

        night_id = self._night()
        shown = self._on_screen(night_id)
        title = shown.title if shown is not None else build_view(self.db, night_id).title
        set_deleted(self.db, night_id=night_id, deleted=True)
        self.night_id = night_to_reopen(self.db)
        self.push(DeleteNight(self, night_id, title, self.night_id))

    def bring_back_night(self, night_id: int) -> None:
        """Bring a deleted night back and open it; undo deletes it again."""
        from scorekeeper.store.night_history import set_deleted

        from .commands import BringBackNight

        previous = self.night_id
        ready = build_view(self.db, night_id)  # read first: nothing changed if it fails
        set_deleted(self.db, night_id=night_id, deleted=False)
        self.night_id = night_id
        self._ready = ready  # shown by the push, its title said in the undo
        self.push(BringBackNight(self, night_id, ready.title, previous))

    def roster(self, view: NightView) -> list[str] | None:
        """VIEW's league's players, whose places give each player's colour on a chart
        (`store.league.league_roster`; none for a night of no league); None while the
        database is not open yet (the first screen's panels are made before it is:
        reading would open it there and then, in the middle of the start)."""
        if not self.opened:
            return None
        from scorekeeper.store.league import league_roster

        return league_roster(self.db, night_id=view.night_id)

    def settled(self, view: NightView) -> tuple[Settled, ...]:
        """VIEW's settlement with what has been paid of each payment, read from the
        store whichever window recorded the payments (`store.money.night_settled`)."""
        from scorekeeper.store.money import night_settled

        return night_settled(self.db, night_id=view.night_id, settlement=view.result.settlement)

    def record_payment(self, payer: str, payee: str, cents: int) -> None:
        """Mark a settlement payment as made; undo takes the mark back."""
        from scorekeeper.store.tonight import record_payment

        from .commands import NightPayment

        night_id = self._night()
        today = dt.date.today()
        payment_id = record_payment(
            self.db, night_id=night_id, payer=payer, payee=payee, cents=cents, paid_on=today
        )
        paid = PaymentMade(payment_id, payer, payee, cents, today)
        self.push(NightPayment(self.db, night_id, paid))
