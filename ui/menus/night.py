"""The night: File ▸ New night started, and Night ▸ …: a player joins or leaves, Settle
up (a payment marked paid, the night closed or reopened), a hand's history, the chart,
the house rules changed, the night deleted or brought back.  Each change is the
session's (one undoable command), said in the status bar with how to take it back."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from scorekeeper.explain import said
from scorekeeper.formatting import money, short_date
from scorekeeper.i18n import _, ngettext

from .. import errors
from .screen import NightScreen


def new_night(window: NightScreen) -> None:
    """File ▸ New night: the players, the filing and the rules chosen, and the night
    started."""
    from scorekeeper.store.league import (
        current_season,
        default_rules,
        league_currency,
        list_leagues,
    )
    from scorekeeper.store.night_import import night_taken
    from scorekeeper.store.people import list_players

    from ..start_dialog import StartNightDialog

    db = window.session.db
    roster = [p.name for p in list_players(db)]
    leagues = list_leagues(db)  # the names alone (every night read took 0.1 s a 100,000 hands)
    dialog = StartNightDialog(
        roster,
        leagues,
        window.widget,
        lambda league, season: default_rules(db, league=league, season=season),
        lambda league: league_currency(db, league=league),
        lambda league, date, table: night_taken(db, league=league, date=date, table=table),
        lambda league: current_season(db, league=league),
    )
    if dialog.exec() == QDialog.DialogCode.Accepted:
        window.attempt(lambda: window.session.start_night(**dialog.choices()))
    window.back_to_entry()


def join(window: NightScreen) -> None:
    """Night ▸ A player joins (Ctrl+J): who sits down, and after whom."""
    from scorekeeper.names import clean_name
    from scorekeeper.store.people import list_players

    from ..choose import choose_item

    session = window.session
    view = session.view
    if view is None:
        return
    roster = [p.name for p in list_players(session.db) if p.name not in view.seated_next]
    typed, ok = choose_item(
        window.widget, _("A player joins"), _("Who sits down?"), roster, 0, True
    )
    name, problem = clean_name(typed)
    if not ok or not name:
        return
    if problem is not None:
        errors.show_error(_("Who sits down: {problem}").format(problem=problem))
        window.back_to_entry()
        return
    seats = list(view.seated_next)
    after, ok = choose_item(
        window.widget,
        _("A player joins"),
        _("{player} sits after:").format(player=name),
        seats,
        len(seats) - 1,
        False,
    )
    if ok and window.attempt(session.join, name, after):
        message = _("{player} sits down from hand {number}. Ctrl+Z undoes it.")
        window.say(message.format(player=name, number=view.next_number))
    window.back_to_entry()


def leave(window: NightScreen) -> None:
    """Night ▸ A player leaves (Ctrl+Shift+L): who goes home."""
    from ..choose import choose_item

    view = window.session.view
    if view is None:
        return
    name, ok = choose_item(
        window.widget, _("A player leaves"), _("Who goes home?"), list(view.seated_next), 0, False
    )
    if ok and window.attempt(window.session.leave, name):
        if view.lines:
            message = _("{player} goes home after hand {number}. Ctrl+Z undoes it.")
        else:
            message = _("{player} goes home before the first hand. Ctrl+Z undoes it.")
        window.say(message.format(player=name, number=len(view.lines)))
    window.back_to_entry()


def show_settlement(window: NightScreen) -> None:
    """Night ▸ Settle up (Ctrl+E): the payments, taking the keyboard (arrows choose
    a payment, Tab reaches Mark as paid and Close the night)."""
    window.tabs.setCurrentWidget(window.settlement)
    table = window.settlement.table
    if table.model().rowCount() and not table.selectionModel().hasSelection():
        table.selectRow(0)
    table.setFocus()


def mark_paid(window: NightScreen) -> None:
    """Night ▸ Mark the selected payment as paid (Ctrl+M): on the Settle up tab,
    the payment selected there; elsewhere the tab is shown first, to choose one."""
    if window.tabs.currentWidget() is not window.settlement:
        show_settlement(window)
        return
    window.settlement.mark_selected()


def pay(window: NightScreen, payer: str, payee: str, cents: int) -> None:
    """A payment of the settlement made (Settle up's Mark as paid), and said."""
    session = window.session
    if window.attempt(session.record_payment, payer, payee, cents) and session.view:
        amount = money(cents, session.view.currency)
        window.say(
            said(
                _("Payment recorded: {payer} paid {payee} {amount}. Ctrl+Z undoes it."),
                payer=payer,
                payee=payee,
                amount=amount,
            )
        )


def set_closed(window: NightScreen, closed: bool) -> None:
    """Settle up's Close the night (CLOSED), or Reopen it."""
    window.attempt(window.session.set_closed, closed)


def show_history(window: NightScreen) -> None:
    """Night ▸ History of the selected hand (Ctrl+H): its every version, or the
    night's when no hand is selected (ui/history_dialog.py)."""
    from ..dialog_keys import run
    from ..history_dialog import HistoryDialog

    view = window.session.view
    if view is None:
        return
    line = window.sheet.chosen_line()
    hand = (line.number, line.hand_id) if line is not None else None
    dialog = HistoryDialog(window.session.db, view.night_id, hand, view.currency, window.widget)
    run(dialog, window.widget)
    dialog.deleteLater()
    window.back_to_entry()


def show_chart(window: NightScreen) -> None:
    """Night ▸ Chart (Ctrl+G): the running totals' tab."""
    window.tabs.setCurrentWidget(window.chart)


def change_rules(window: NightScreen) -> None:
    """Night ▸ House rules: change the open night's rules; every hand is rescored."""
    from scorekeeper.store.night_history import rules_refusal

    from ..rules_editor import RulesDialog

    session = window.session
    view = session.view
    if view is None or view.closed:
        return
    dialog = RulesDialog(
        view.rules,
        len(view.lines),
        window.widget,
        currency=view.currency,
        refusal=lambda rules: rules_refusal(session.db, night_id=view.night_id, rules=rules),
    )
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    if accepted and dialog.rules() != view.rules:  # noqa: SIM102 - a dialog, then a save
        if window.attempt(session.change_rules, dialog.rules()):
            window.say(_("House rules changed; every hand scored again. Ctrl+Z puts them back."))
    window.back_to_entry()


def delete_night(window: NightScreen) -> None:
    """Night ▸ Delete this night: a night started by mistake goes; it is kept, and
    Ctrl+Z or Night ▸ Bring back a deleted night restores it."""
    from PySide6.QtWidgets import QMessageBox

    view = window.session.view
    if view is None:
        return
    if view.lines:
        hands = len(view.lines)
        answer = QMessageBox.question(
            window.widget,
            _("Delete this night"),
            ngettext(
                "Delete “{night}” with its {count} hand?\n\n"
                "It is kept: Ctrl+Z, or Night ▸ Bring back a deleted night, restores it.",
                "Delete “{night}” with its {count} hands?\n\n"
                "It is kept: Ctrl+Z, or Night ▸ Bring back a deleted night, restores it.",
                hands,
            ).format(night=view.title, count=hands),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,  # Enter typed on does not delete it
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
    if window.attempt(window.session.delete_night):
        window.say(_("Deleted “{night}”. Ctrl+Z brings it back.").format(night=view.title))
    window.back_to_entry()


def bring_back_night(window: NightScreen) -> None:
    """Night ▸ Bring back a deleted night: choose one, and it opens again."""
    from scorekeeper.store.night_history import deleted_nights

    from ..choose import choose_item

    session = window.session
    deleted = deleted_nights(session.db)
    if not deleted:
        window.say(_("No night has been deleted."))
        return
    labels = [
        ngettext(
            "{night} ({count} hand, deleted {when})",
            "{night} ({count} hands, deleted {when})",
            n.hands,
        ).format(
            night=n.name,
            count=n.hands,
            when=f"{short_date(n.deleted_at.astimezone())} {n.deleted_at.astimezone():%H:%M}",
        )
        for n in deleted
    ]
    choice, ok = choose_item(
        window.widget, _("Bring back a deleted night"), _("Night:"), labels, 0, False
    )
    if ok:
        night_id = deleted[labels.index(choice)].id
        if window.attempt(session.bring_back_night, night_id) and session.view:
            window.say(
                _("“{night}” is back. Ctrl+Z deletes it again.").format(night=session.view.title)
            )
    window.back_to_entry()
