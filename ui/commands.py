"""One undo command for each kind of change, as Qt applications have them: a hand
recorded, inserted, edited or deleted; a player joining or leaving; a payment at the
table or in the league; the house rules changed; a night started, closed or reopened,
deleted or brought back; a player renamed, retired or put back on the roster, or
merged into another.

Each is pushed after its change is stored (`StoreCommand`), holding what the store
returned for its undo: the hand's id, its revision and the history row to bring back,
the seat as the change left it, the payment's id, the rules replaced.  Its undo and redo
pass the revision (or the night's number of hands) back to the store, which refuses
(`Conflict`) rather than overwrite what another program changed since.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from scorekeeper.formatting import money
from scorekeeper.i18n import _
from scorekeeper.rules import RuleSet
from scorekeeper.store import hand_writes, night_history, seats, tonight
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict, StorageError
from scorekeeper.store.merge import Merged, merge_players, unmerge_player
from scorekeeper.store.money import record_league_payment
from scorekeeper.store.people import Player, list_players, rename_player, retire_player
from scorekeeper.store.stored_night import PaymentMade

from .app_layer import Revisions, StoreCommand

# -- hands ---------------------------------------------------------------------------


class HandCommand(StoreCommand):
    """A change to one hand, undone and redone by deleting it and bringing back a version
    of it, each only while the hand is as this program last left it."""

    def __init__(self, text: str, db: Database, revisions: Revisions, hand_id: int) -> None:
        super().__init__(text)
        self.db, self.revisions, self.hand_id = db, revisions, hand_id

    def delete(self) -> hand_writes.HandVersion:
        """Delete the hand; returns the version that brings it back."""
        expected = self.revisions[self.hand_id]
        return self.revisions.left(
            hand_writes.delete_hand(self.db, hand_id=self.hand_id, revision=expected)
        )

    def restore(self, revision_id: int) -> None:
        """Bring back the version in history row REVISION_ID."""
        expected = self.revisions[self.hand_id]
        self.revisions.left(
            hand_writes.restore_revision(self.db, revision_id=revision_id, revision=expected)
        )


class RecordHand(HandCommand):
    """A hand recorded at the end of the night: undo deletes it, redo brings that very
    hand back (its id and history) at its place."""

    def __init__(self, db: Database, revisions: Revisions, *, hand_id: int, position: int) -> None:
        super().__init__(self.called(position), db, revisions, hand_id)
        self.deleted: int | None = None  # the history row of the hand as undo deleted it

    @staticmethod
    def called(position: int) -> str:
        """What the change is called in the undo list and the status bar."""
        # Translators: an undo list's entry ("Undo: hand 3 recorded").
        return _("hand {number} recorded").format(number=position)

    def undo_in_store(self) -> None:
        self.deleted = self.delete().revision_id

    def redo_in_store(self) -> None:
        assert self.deleted is not None, "redone before it was undone"
        self.restore(self.deleted)


class InsertHand(RecordHand):
    """A hand inserted before another: undone and redone as a hand recorded is."""

    @staticmethod
    def called(position: int) -> str:
        return _("hand {number} inserted").format(number=position)


class EditHand(HandCommand):
    """A hand's record replaced: undo brings back the version it replaced (history row
    BEFORE), redo this one (AFTER)."""

    def __init__(
        self,
        db: Database,
        revisions: Revisions,
        *,
        hand_id: int,
        position: int,
        before: int,
        after: int,
    ) -> None:
        text = _("hand {number} changed").format(number=position)
        super().__init__(text, db, revisions, hand_id)
        self.before, self.after = before, after

    @classmethod
    def of(cls, db: Database, revisions: Revisions, edited: hand_writes.Edited) -> EditHand:
        """The command of an edit the store just made."""
        version = edited.version
        return cls(
            db,
            revisions,
            hand_id=version.hand_id,
            position=version.position,
            before=edited.replaced,
            after=version.revision_id,
        )

    def undo_in_store(self) -> None:
        self.restore(self.before)

    def redo_in_store(self) -> None:
        self.restore(self.after)


class DeleteHand(HandCommand):
    """A hand deleted: undo brings it back at its place, redo deletes it again."""

    def __init__(
        self, db: Database, revisions: Revisions, deleted: hand_writes.HandVersion
    ) -> None:
        text = _("hand {number} deleted").format(number=deleted.position)
        super().__init__(text, db, revisions, deleted.hand_id)
        self.deleted = deleted.revision_id  # the history row that brings it back

    def undo_in_store(self) -> None:
        self.restore(self.deleted)

    def redo_in_store(self) -> None:
        self.deleted = self.delete().revision_id


class BroughtBack(RecordHand):
    """A deleted hand brought back: undone as a hand recorded is (deleted again)."""

    @staticmethod
    def called(position: int) -> str:
        return _("hand {number} brought back").format(number=position)


def recalled(db: Database, revisions: Revisions, night_id: int) -> list[StoreCommand]:
    """The night's changes to its hands since its last change as a whole, as the undo
    commands they were, oldest first: read from its history, so that undo goes on
    working after a restart."""
    from scorekeeper.store.hand_history import undoable_versions

    versions, first, now = undoable_versions(db, night_id=night_id)
    revisions.update(now)
    last: dict[int, hand_writes.HandVersion] = {}  # each hand's version before this one
    records = {v.id: v.record for v in versions}  # each history row's record
    deleted: set[int] = set()
    out: list[StoreCommand] = []
    for index, v in enumerate(versions):
        before = last.get(v.hand_id)
        this = hand_writes.HandVersion(v.hand_id, v.position, v.revision, v.id)
        command: StoreCommand | None = None
        if v.action == "insert":
            command = RecordHand(db, revisions, hand_id=v.hand_id, position=v.position)
        elif v.action == "delete":
            command = DeleteHand(db, revisions, this)
        elif v.action == "restore" and v.hand_id in deleted:
            command = BroughtBack(db, revisions, hand_id=v.hand_id, position=v.position)
        elif before is not None:  # an edit, or an earlier version put back
            command = EditHand(
                db,
                revisions,
                hand_id=v.hand_id,
                position=v.position,
                before=before.revision_id,
                after=v.id,
            )
        if v.action == "delete":
            deleted.add(v.hand_id)
        else:
            deleted.discard(v.hand_id)
        last[v.hand_id] = this
        if index < first or command is None:
            continue
        # A version that takes back the change on top was written by an undo (a hand
        # recorded, then deleted; deleted, then brought back; changed, then its earlier
        # version put back): the two cancel, and undo goes on from the change before
        # them, as it would have before the restart.
        top = out[-1] if out else None
        if top is not None and _undoes(command, top, v.action, records):
            out.pop()
        else:
            out.append(command)
    return out


def _undoes(command: StoreCommand, top: StoreCommand, action: str, records: dict[int, Any]) -> bool:
    """Whether COMMAND, read from the history (a version written by ACTION) right after
    TOP, is TOP's undo: a hand recorded then deleted, deleted then brought back, or
    changed then its record before put back (a redo puts back the one after)."""
    if not isinstance(command, HandCommand) or not isinstance(top, HandCommand):
        return False
    if command.hand_id != top.hand_id:
        return False
    if isinstance(command, DeleteHand):  # a hand recorded, inserted or brought back
        return isinstance(top, RecordHand)
    if isinstance(command, BroughtBack):
        return isinstance(top, DeleteHand)
    return (
        action == "restore"
        and isinstance(command, EditHand)
        and isinstance(top, EditHand)
        and records.get(command.after) == records.get(top.before)
    )


# -- seats ---------------------------------------------------------------------------


class JoinNight(StoreCommand):
    """A player sat down from the next hand on: undo takes the seat away (no hand has
    been played in it), redo seats them again in the same place."""

    def __init__(self, db: Database, night_id: int, seat: seats.Seat, after: str | None) -> None:
        super().__init__(_("{player} joined").format(player=seat.player))
        self.db, self.night_id, self.seat, self.after = db, night_id, seat, after
        self.hands = seat.first_hand - 1  # the night's hands when they sat down

    def undo_in_store(self) -> None:
        seats.leave_night(
            self.db,
            night_id=self.night_id,
            player=self.seat.player,
            after_hand=self.hands,
            hands=self.hands,
        )

    def redo_in_store(self) -> None:
        self.seat = seats.join_night(
            self.db,
            night_id=self.night_id,
            player=self.seat.player,
            from_hand=self.seat.first_hand,
            after=self.after,
            hands=self.hands,
        )


class LeaveNight(StoreCommand):
    """A player went home after the last hand: undo seats them again as before, redo
    sees them go after the same hand."""

    def __init__(self, db: Database, night_id: int, seat: seats.Seat) -> None:
        super().__init__(_("{player} left").format(player=seat.player))
        self.db, self.night_id, self.seat = db, night_id, seat
        assert seat.last_hand is not None
        self.hands = seat.last_hand  # the night's hands when they left

    def undo_in_store(self) -> None:
        seats.reopen_seat(self.db, night_id=self.night_id, seat=self.seat, hands=self.hands)

    def redo_in_store(self) -> None:
        self.seat = seats.leave_night(
            self.db,
            night_id=self.night_id,
            player=self.seat.player,
            after_hand=self.hands,
            hands=self.hands,
        )


# -- money ---------------------------------------------------------------------------


class NightPayment(StoreCommand):
    """A settlement payment marked as made at the table: undo takes the mark back, redo
    marks it again."""

    def __init__(self, db: Database, night_id: int, payment: PaymentMade) -> None:
        super().__init__(_("{payer} paid {payee}").format(payer=payment.payer, payee=payment.payee))
        self.db, self.night_id, self.payment = db, night_id, payment

    def undo_in_store(self) -> None:
        tonight.delete_payment(self.db, payment_id=self.payment.id)

    def redo_in_store(self) -> None:
        paid = self.payment
        payment_id = tonight.record_payment(
            self.db,
            night_id=self.night_id,
            payer=paid.payer,
            payee=paid.payee,
            cents=paid.cents,
            paid_on=paid.paid_on,
        )
        self.payment = replace(paid, id=payment_id)


class LeaguePayment(StoreCommand):
    """A payment recorded in the league window: undo deletes it, redo records it again."""

    def __init__(self, db: Database, league: str, payment: PaymentMade, currency: str) -> None:
        super().__init__(
            _("payment: {payer} paid {payee} {amount}").format(
                payer=payment.payer, payee=payment.payee, amount=money(payment.cents, currency)
            )
        )
        self.db, self.league, self.payment = db, league, payment

    def undo_in_store(self) -> None:
        tonight.delete_payment(self.db, payment_id=self.payment.id)

    def redo_in_store(self) -> None:
        paid = self.payment
        payment_id = record_league_payment(
            self.db,
            league=self.league,
            payer=paid.payer,
            payee=paid.payee,
            cents=paid.cents,
            paid_on=paid.paid_on,
        )
        self.payment = replace(paid, id=payment_id)


# -- the roster ----------------------------------------------------------------------


class PlayerCommand(StoreCommand):
    """A change to one player (by id), undone and redone by name only while the player
    still goes by the name this program left them with."""

    def __init__(self, text: str, db: Database, player: Player) -> None:
        super().__init__(text)
        self.db, self.player_id = db, player.id

    def expect(self, name: str) -> None:
        """Refuse (`Conflict`) unless the player is still called NAME."""
        now = next(
            (p.name for p in list_players(self.db, include_retired=True) if p.id == self.player_id),
            None,
        )
        if now != name:
            raise Conflict(_("another program has renamed {name!r} since").format(name=name))

    def refused(self, error: StorageError) -> StorageError:
        """ERROR as the undo list sees it: a refusal about the player or the name can
        never be done again (`Conflict`); one without a field (busy) may be."""
        return error if error.field is None else Conflict(error.message)


class RenamePlayer(PlayerCommand):
    """A player renamed everywhere at once: undo gives back the name before, redo this
    one."""

    def __init__(self, db: Database, renamed: Player, old: str) -> None:
        super().__init__(_("{old} renamed {new}").format(old=old, new=renamed.name), db, renamed)
        self.old, self.new = old, renamed.name

    def undo_in_store(self) -> None:
        self._rename(self.new, self.old)

    def redo_in_store(self) -> None:
        self._rename(self.old, self.new)

    def _rename(self, now: str, then: str) -> None:
        self.expect(now)
        try:
            rename_player(self.db, old=now, new=then)
        except StorageError as error:
            raise self.refused(error) from error


class RetirePlayer(PlayerCommand):
    """A player taken off the roster new nights offer (or put back on it): undo puts
    them back as they were, redo as this change left them."""

    def __init__(self, db: Database, player: Player) -> None:
        text = (
            _("{player} retired") if player.retired else _("{player} back on the roster")
        ).format(player=player.name)
        super().__init__(text, db, player)
        self.name, self.retired = player.name, player.retired

    def undo_in_store(self) -> None:
        self._set(not self.retired)

    def redo_in_store(self) -> None:
        self._set(self.retired)

    def _set(self, retired: bool) -> None:
        self.expect(self.name)
        try:
            retire_player(self.db, name=self.name, retired=retired)
        except StorageError as error:
            raise self.refused(error) from error


class MergePlayers(PlayerCommand):
    """A player merged into another (every night, hand and payment theirs): undo brings
    the player back exactly as before (the store's merge record), redo merges again."""

    def __init__(self, db: Database, merged: Merged) -> None:
        player, into = merged.moving.player, merged.moving.into
        text = _("{player} merged into {into}").format(player=player.name, into=into.name)
        super().__init__(text, db, player)
        self.merge_id, self.name, self.into = merged.merge_id, player.name, into.name

    def undo_in_store(self) -> None:
        try:
            unmerge_player(self.db, merge_id=self.merge_id)
        except StorageError as error:
            raise self.refused(error) from error

    def redo_in_store(self) -> None:
        self.expect(self.name)
        try:
            self.merge_id = merge_players(self.db, player=self.name, into=self.into).merge_id
        except StorageError as error:
            raise self.refused(error) from error


# -- the night as a whole --------------------------------------------------------------


class ChangeRules(StoreCommand):
    """The night scored under other house rules: undo puts back the rules replaced,
    redo these (every hand rescored each time; both kept in the night's history)."""

    def __init__(self, db: Database, night_id: int, *, before: RuleSet, after: RuleSet) -> None:
        super().__init__(_("house rules changed"))
        self.db, self.night_id, self.before, self.after = db, night_id, before, after

    def undo_in_store(self) -> None:
        night_history.change_rules(
            self.db, night_id=self.night_id, rules=self.before, replacing=self.after
        )

    def redo_in_store(self) -> None:
        night_history.change_rules(
            self.db, night_id=self.night_id, rules=self.after, replacing=self.before
        )


class CloseNight(StoreCommand):
    """The night closed when settled (or reopened to fix a mistake), and back."""

    def __init__(self, db: Database, night_id: int, *, closed: bool) -> None:
        super().__init__(_("the night closed") if closed else _("the night reopened"))
        self.db, self.night_id, self.closed = db, night_id, closed

    def undo_in_store(self) -> None:
        tonight.set_closed(self.db, night_id=self.night_id, closed=not self.closed)

    def redo_in_store(self) -> None:
        tonight.set_closed(self.db, night_id=self.night_id, closed=self.closed)


class ShowsNight(Protocol):
    """Where a night is shown (the night screen's layer, `ui.session.NightSession`):
    its database, and the night it shows, which a whole-night command changes."""

    @property
    def db(self) -> Database: ...

    night_id: int | None


class WholeNight(StoreCommand):
    """A night deleted or brought back (each kept in its history), with the night the
    screen shows after each: what `StartNight`, `DeleteNight` and `BringBackNight`
    share."""

    def __init__(
        self,
        session: ShowsNight,
        text: str,
        night_id: int,
        *,
        deleted: bool,
        shown: int | None,
        shown_before: int | None,
    ) -> None:
        super().__init__(text)
        self.session, self.night_id, self.deleted = session, night_id, deleted
        self.shown, self.shown_before = shown, shown_before

    def undo_in_store(self) -> None:
        self._set(not self.deleted, self.shown_before)

    def redo_in_store(self) -> None:
        self._set(self.deleted, self.shown)

    def _set(self, deleted: bool, shown: int | None) -> None:
        night_history.set_deleted(self.session.db, night_id=self.night_id, deleted=deleted)
        self.session.night_id = shown


class StartNight(WholeNight):
    """A night started (it has no hands yet): undo discards it and shows the night shown
    before; redo brings it back, the same night with its history."""

    def __init__(self, session: ShowsNight, night_id: int, shown_before: int | None) -> None:
        super().__init__(
            session,
            _("the night started"),
            night_id,
            deleted=False,
            shown=night_id,
            shown_before=shown_before,
        )


class DeleteNight(WholeNight):
    """A night deleted (started by mistake): undo brings it back and shows it; said by
    its TITLE, as the question before it did (not by its number, a trial)."""

    def __init__(self, session: ShowsNight, night_id: int, title: str, shown: int | None) -> None:
        super().__init__(
            session,
            _("“{night}” deleted").format(night=title),
            night_id,
            deleted=True,
            shown=shown,
            shown_before=night_id,
        )


class BringBackNight(WholeNight):
    """A deleted night brought back and shown: undo deletes it again (said by TITLE)."""

    def __init__(
        self, session: ShowsNight, night_id: int, title: str, shown_before: int | None
    ) -> None:
        super().__init__(
            session,
            _("“{night}” brought back").format(night=title),
            night_id,
            deleted=False,
            shown=night_id,
            shown_before=shown_before,
        )
