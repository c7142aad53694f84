"""The other windows and dialogs the night screen opens: League ▸ the league window
and tonight's board (each kept up to date with the night), Night ▸ Show on phones,
Edit ▸ Preferences, and Help ▸ Keyboard, Welcome and About."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from shiboken6 import isValid

from scorekeeper.i18n import _

from .screen import NightScreen


def show_league(window: NightScreen) -> None:
    """League ▸ Standings: the league window, on this night's league; kept up to date
    while it is open."""
    from ..league.window import LeagueWindow

    view = window.session.view
    league = view.document.get("league") if view is not None else None
    if window.league_window is None:
        window.league_window = LeagueWindow(window.session.db, league)
        window.league_window.place(beside=window.widget)
        window.league_window.layer.renamed.connect(window.names_changed)
        # A payment recorded there (or undone) is shown on Settle up too.
        window.league_window.layer.changed.connect(window.payments_changed)
    else:
        window.league_window.load_leagues(league or window.league_window.league())
    window.league_window.show()
    window.league_window.show_whole_standings()  # the first time it shows
    window.league_window.raise_()
    window.league_window.activateWindow()


def show_tournaments(window: NightScreen) -> None:
    """League ▸ Tournament: the tournament window (ui/tournament/), its tables' nights
    opened here, on the night screen, to type their hands."""
    from ..tournament.window import show_window

    window.tournament_window = show_window(
        window.session.db, window.tournament_window, partial(open_table_night, window)
    )


def show_tournament_board(window: NightScreen) -> None:
    """League ▸ Tournament board: the board of the tournament chosen in the tournament
    window (else the newest), for the hall."""
    show_tournaments(window)
    window.tournament_window.show_board()


def open_table_night(window: NightScreen, night_id: int) -> None:
    """Show the night NIGHT_ID (a tournament table's) on the night screen."""
    session = window.session
    session.undo_stack.clear()
    window.statusBar().clearMessage()
    session.open(night_id)
    window.widget.raise_()
    window.widget.activateWindow()
    window.back_to_entry()


def show_board(window: NightScreen) -> None:
    """League ▸ Tonight's board of this night's league (else the league window's, else
    the first league): a window for the room that updates itself."""
    from scorekeeper.store.league import list_leagues

    from ..league.board import BoardWindow

    view = window.session.view
    league = view.document.get("league") if view is not None else None
    if not league and window.league_window is not None:
        league = window.league_window.league() or None
    if not league:
        known = list_leagues(window.session.db)
        league = known[0] if known else None
    if not league:
        window.statusBar().showMessage(
            _(
                "No league yet: tonight's board shows a league's tables; file a night "
                "under a league first."
            )
        )
        return
    if window.board_window is not None:
        window.board_window.close()
    window.wait_for_daily_backup()  # today's copy finished, not left half made
    window.board_window = BoardWindow(window.session.db, league)
    window.board_window.show()
    window.board_window.raise_()
    window.board_window.activateWindow()


def show_on_phones(window: NightScreen) -> None:
    """Night ▸ Show on phones: the score served to the room's phones (ui/phones.py), its
    code opening this night, its league tonight or its standings."""
    from ..phones import show_phones

    view = window.session.view
    league = view.document.get("league") if view is not None else None
    night_id = view.night_id if view is not None else None
    show_phones(window.widget, window.session.db, league, night_id)


def show_preferences(window: NightScreen) -> None:
    """Edit ▸ Preferences (Ctrl+,): the language and the reports' paper."""
    from ..preferences import PreferencesDialog

    PreferencesDialog(window.widget).exec()
    window.back_to_entry()


def show_keys(window: NightScreen) -> None:
    """Help ▸ Keyboard (F1): every shortcut and the entry form's contract."""
    from ..dialog_keys import run
    from ..help import KeysDialog

    dialog = KeysDialog(window.widget)
    typing = QApplication.focusWidget()  # a hand's field, its cursor where it was
    # Back to the form as it closes, before the keys typed after its Esc are
    # handled (after `run` returns, the focus moved would take them over).
    dialog.finished.connect(lambda _=0: back_to(window, typing))
    run(dialog, window.widget)  # Esc typed at once closes it (ui/dialog_keys.py)
    dialog.deleteLater()


def back_to(window: NightScreen, field: QWidget | None) -> None:
    """After a dialog called up over a hand being typed: the field of the form that
    had the keyboard has it again, its cursor where it was and nothing selected (the
    first field took the next key instead: Points' "3" became the Picker's "Cal", a
    review); anything else, `back_to_entry`."""
    if (
        field is None
        or not isValid(field)
        or not window.entry.isAncestorOf(field)
        or not field.isVisible()
        or not field.isEnabled()
    ):
        window.back_to_entry()
        return
    window.widget.activateWindow()
    field.setFocus(Qt.FocusReason.ActiveWindowFocusReason)  # selects nothing


def show_welcome(window: NightScreen, sample: bool | None = None, *, whole: bool = False) -> None:
    """Help ▸ Welcome: what the app is, that the sample league is a sample, and a
    way to start a night.  SAMPLE: whether the sample league is there, when already
    read (the first start's, by the first screen's read); None: asked of the
    database.  WHOLE: shown before the event loop runs (the first start's), so the
    work after the first paint goes on behind it (ui/quiet.py)."""
    from ..help import WelcomeDialog
    from .night import new_night

    if sample is None:
        from scorekeeper.sample import SAMPLE_LEAGUE
        from scorekeeper.store.league import has_league

        sample = has_league(window.session.db, SAMPLE_LEAGUE)
    dialog = WelcomeDialog(window.widget, sample=sample)
    dialog.accepted.connect(partial(new_night, window))
    dialog.rejected.connect(window.back_to_entry)
    dialog.finished.connect(dialog.deleteLater)
    window.welcome = dialog
    if whole:
        from ..quiet import WHOLE

        dialog.setProperty(WHOLE, True)
    dialog.open()  # window-modal, without a nested event loop


def show_about(window: NightScreen) -> None:
    """Help ▸ About: the version, licence, Qt and Python, and where things are kept."""
    from ..about import AboutDialog

    AboutDialog(window.widget, window.session.db).exec()
    window.back_to_entry()
