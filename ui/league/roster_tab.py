"""The roster tab: the league's players (or, ticked, every league's), and whether new
nights offer them; a player renamed everywhere at once, merged into another (one
person entered under two names), or retired (their nights and money kept) and put
back.  Each change
goes through the window's application layer (`LeagueSession`), is undone by Ctrl+Z, and
a refusal is said under the list in one sentence that names the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QInputDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.csv_out import Sheet
from scorekeeper.i18n import _
from scorekeeper.reports.sheets import roster_sheet
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.people import Player, list_players

from ..labels import plain_label, problem_label
from ..league_session import LeagueSession
from ..spreadsheets import allow_copy
from .merge_dialog import MergeDialog
from .models import RosterModel
from .widgets import ProblemLine, table_of

P = ParamSpec("P")


class RosterTab(QWidget):
    """The league's players (those seated at one of its nights, or named in one of its
    payments), or every player in the database when "Every league's players" is
    ticked: Rename… and Retire (Reinstate for one retired) act on the one selected."""

    def __init__(self, db: Database, layer: LeagueSession, problem: ProblemLine) -> None:
        super().__init__()
        self.db, self.layer, self.problem = db, layer, problem
        self.league: str | None = None  # whose players are listed (None: nobody's yet)
        self.everyone = QCheckBox(_("E&very league's players"))
        self.everyone.toggled.connect(lambda _on: self.show_roster(self.league))
        self.roster_model = RosterModel()
        self.roster_view = table_of(
            self.roster_model, _("Roster"), sort=(0, Qt.SortOrder.AscendingOrder), stretch=0
        )
        self.roster_view.selectionModel().currentRowChanged.connect(lambda *_: self._offer())
        self.setFocusProxy(self.roster_view)
        allow_copy(self.roster_view, self.sheet)
        self.rename = QPushButton(_("Re&name…"))
        self.rename.clicked.connect(self.rename_selected)
        self.retire = QPushButton(_("&Retire"))
        self.retire.clicked.connect(self.retire_selected)
        # No Alt letter: every letter of its words is taken in the league window.
        self.merge = QPushButton(_("Merge into…"))
        self.merge.clicked.connect(self.merge_selected)
        self.roster_problem = problem_label(_("Roster problem"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.rename)
        buttons.addWidget(self.retire)
        buttons.addWidget(self.merge)
        buttons.addWidget(self.roster_problem, 1)
        buttons.addWidget(self.everyone)
        layout = QVBoxLayout(self)
        layout.addWidget(
            plain_label(
                _(
                    "The league's players: those who sat at one of its nights or paid in "
                    "it. A player renamed is renamed in every league's nights, standings "
                    "and debts at once. A retired player is no longer offered when a night "
                    "starts or someone joins; their nights and money are kept."
                )
            )
        )
        layout.addWidget(self.roster_view, 1)
        layout.addLayout(buttons)

    def sheet(self) -> Sheet:
        """The roster as shown, for a spreadsheet."""
        players = self.roster_model.rows
        return roster_sheet((p.name, p.retired) for p in players)

    def show_roster(self, league: str | None) -> None:
        """LEAGUE's players (every player, when ticked), read again; the one selected
        stays selected (by id, so a player renamed is still the one selected)."""
        self.league = league
        chosen = self.selected()
        of = None if self.everyone.isChecked() else league or ""
        players = self.problem.attempt(list_players, self.db, include_retired=True, league=of)
        if players is None:
            return
        self.roster_model.set_rows(players)
        ids = [p.id for p in self.roster_model.rows]
        row = ids.index(chosen.id) if chosen is not None and chosen.id in ids else 0
        index = self.roster_model.index(row, 0)
        if index.isValid():
            self.roster_view.setCurrentIndex(index)
        self._offer()

    def selected(self) -> Player | None:
        """The player selected in the list, if any."""
        row = self.roster_view.currentIndex().row()
        return self.roster_model.rows[row] if 0 <= row < len(self.roster_model.rows) else None

    def _offer(self) -> None:
        """The buttons act on the player selected: Retire, or Reinstate one retired."""
        player = self.selected()
        self.rename.setEnabled(player is not None)
        self.merge.setEnabled(player is not None)
        self.retire.setEnabled(player is not None)
        retired = player is not None and player.retired
        self.retire.setText(_("&Reinstate") if retired else _("&Retire"))

    def rename_selected(self) -> None:
        """Ask for the selected player's new name, and rename them everywhere."""
        player = self.selected()
        if player is None:
            return
        typed, ok = QInputDialog.getText(
            self,
            _("Rename a player"),
            _("New name for {player}:").format(player=player.name),
            text=player.name,
        )
        if ok:
            self._change(self.layer.rename_player, player.name, typed)
        self.window().activateWindow()  # the keyboard back to the list, after the dialog
        self.roster_view.setFocus()

    def merge_selected(self) -> None:
        """Ask which player the selected one is merged into (what moves said), and merge
        them: one undoable change."""
        player = self.selected()
        if player is None:
            return
        everyone = self.problem.attempt(list_players, self.db, include_retired=True)
        others = [p for p in everyone or [] if p.id != player.id]
        dialog = MergeDialog(self.db, player, others, self)
        if others and dialog.exec() == MergeDialog.DialogCode.Accepted:
            self._change(self.layer.merge_player, player.name, into=dialog.into())
        self.window().activateWindow()
        self.roster_view.setFocus()

    def retire_selected(self) -> None:
        """Retire the selected player, or put one retired back on the roster."""
        player = self.selected()
        if player is not None:
            self._change(self.layer.retire_player, player.name, retired=not player.retired)
        self.roster_view.setFocus()

    def _change(self, change: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> None:
        """Make a change through the layer; a refusal is said under the list, naming
        the field ("new name: there is already a player 'Bob'")."""
        try:
            change(*args, **kwargs)
        except StorageError as error:
            self.roster_problem.setText(str(error))
            return
        self.roster_problem.clear()
