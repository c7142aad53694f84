"""Roster ▸ Merge into…: the player selected made one with another (issue 34, point 8),
an old database's "Ｃａｌ" beside "Cal".  The dialog asks which player keeps
everything, says what moves (nights, hands, payments: `merge.what_moves`) or why the two
cannot be one (they sat at one night, paid each other), and Merge is offered only
when they can.  The merge itself goes through the layer, undone by Ctrl+Z."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.i18n import _, ngettext
from scorekeeper.names import quoted
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.merge import Moving, what_moves
from scorekeeper.store.people import Player

from ..labels import plain_label, problem_label


class MergeDialog(QDialog):
    """Choose the player PLAYER is merged into, among OTHERS; `into()` once accepted."""

    def __init__(
        self, db: Database, player: Player, others: list[Player], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.db, self.player = db, player
        self.setWindowTitle(_("Merge {player} into…").format(player=quoted(player.name)))
        self.choice = QComboBox()
        self.choice.addItems([p.name for p in others])
        self.choice.currentTextChanged.connect(lambda _text: self.show_moving())
        self.moving = plain_label("")
        self.problem = problem_label(_("Merge problem"))
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.merge = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.merge.setText(_("Merge"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        explained = plain_label(
            _(
                "Every night, hand and payment of {player} becomes the other player's, "
                "and {player} leaves the roster: for one person entered under two names. "
                "Ctrl+Z in the league window undoes it."
            ).format(player=quoted(player.name))
        )
        form = QFormLayout()
        form.addRow(_("Merge into"), self.choice)
        layout = QVBoxLayout(self)
        layout.addWidget(explained)
        layout.addLayout(form)
        layout.addWidget(self.moving)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(56 * self.fontMetrics().averageCharWidth())  # lines of words
        self.show_moving()

    def into(self) -> str:
        """The name of the player chosen to keep everything."""
        return self.choice.currentText()

    def show_moving(self) -> None:
        """What the merge would move, or why it cannot be; Merge only when it can."""
        try:
            moving = what_moves(self.db, player=self.player.name, into=self.into())
        except StorageError as error:
            self.moving.clear()
            self.problem.setText(str(error))
            self.merge.setEnabled(False)
        else:
            self.problem.clear()
            self.moving.setText(said(moving))
            self.merge.setEnabled(True)
        self.adjustSize()  # as tall as what it says now


def said(moving: Moving) -> str:
    """ "Moves 1 night, 6 hands and 1 payment from 'Ｃａｌ' to 'Cal'." """
    return _("Moves {nights}, {hands} and {payments} from {player} to {into}.").format(
        nights=ngettext("{count} night", "{count} nights", moving.nights).format(
            count=moving.nights
        ),
        hands=ngettext("{count} hand", "{count} hands", moving.hands).format(count=moving.hands),
        payments=ngettext("{count} payment", "{count} payments", moving.payments).format(
            count=moving.payments
        ),
        player=quoted(moving.player.name),
        into=quoted(moving.into.name),
    )
