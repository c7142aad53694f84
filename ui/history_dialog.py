"""Night ▸ History of the selected hand (Ctrl+H): every version the hand has had (or,
with "Every hand", the whole night's), when, on which computer, the hand as it scored
then, and what each change did to each player's money.  It reads the store's history
(`scorekeeper.store.hand_history`, what `scorekeeper history` prints) and changes
nothing."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.history_cli import ACTIONS, hand_then, money_change, when_text
from scorekeeper.i18n import N_, _
from scorekeeper.store.database import Database
from scorekeeper.store.hand_history import HandVersion, night_history

from .rows_model import Column, RowsModel


class HistoryModel(RowsModel[HandVersion]):
    """The versions of hands, oldest first, a row each."""

    def __init__(self, currency: str) -> None:
        super().__init__()
        self.columns = (
            Column(N_("Hand"), lambda v: str(v.number or "—"), lambda v: v.number),
            Column(N_("Version"), lambda v: str(v.revision or "—"), lambda v: v.revision),
            Column(N_("What"), lambda v: _(ACTIONS.get(v.action, v.action)), right=False),
            Column(N_("When"), lambda v: when_text(v.when), lambda v: v.when, right=False),
            Column(N_("Computer"), lambda v: v.computer or _("an unnamed computer"), right=False),
            Column(N_("The hand then"), lambda v: hand_then(v) or "—", right=False),
            Column(
                N_("What it did to the money"),
                lambda v: money_change(v.cents, currency),
                right=False,
            ),
        )


class HistoryDialog(QDialog):
    """The history of the hand HAND_ID, hand NUMBER on the sheet, of night NIGHT_ID
    (None: the whole night's): found by its id, wherever another program moved it."""

    def __init__(
        self,
        db: Database,
        night_id: int,
        hand: tuple[int, int] | None,
        currency: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db, self.night_id = db, night_id
        self.number: int | None = hand[0] if hand is not None else None
        self.hand_id: int | None = hand[1] if hand is not None else None
        number = self.number
        self.model = HistoryModel(currency)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName(_("Versions"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.heading = QLabel()
        self.every = QCheckBox(_("Every &hand of the night"))
        self.every.setChecked(number is None)
        self.every.setEnabled(number is not None)
        self.every.toggled.connect(lambda _: self.load())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.every)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(1100, 420)
        self.load()
        self.table.setFocus()

    def load(self) -> None:
        """The versions, read anew (another computer may have changed the night)."""
        number = None if self.every.isChecked() else self.number
        hand_id = None if number is None else self.hand_id
        versions = night_history(self.db, night_id=self.night_id, hand_id=hand_id)
        self.model.set_rows(versions)
        self.table.resizeRowsToContents()
        if number is None:
            title = _("History of this night: its hands and its house rules")
        else:
            title = _("History of hand {number}").format(number=number)
        self.setWindowTitle(title)
        self.heading.setText(title)
