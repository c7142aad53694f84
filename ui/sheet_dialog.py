"""File ▸ Import spreadsheet: a league's sheet of sittings (`scorekeeper.league_sheet`)
previewed before anything is written.

The dialog shows what each column becomes (the date, the hands, the table, an existing
player or a new one), the first sittings as they will be filed, where they go (league,
season, rules, stake) and every problem in the sheet, each named by row and column.
Import (Alt+I) is enabled only when there is none; it files the whole sheet in one
transaction through the application layer (`app_layer.import_sheet`), or nothing.
Enter never imports by itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.explain import signed
from scorekeeper.formatting import locale_currency, short_date
from scorekeeper.games import all_presets
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.json_input import read_limited
from scorekeeper.league_sheet import Sheet, Sitting, read_sheet
from scorekeeper.names import printable
from scorekeeper.problems import InvalidNight, Problem
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.league import league_currency, list_leagues
from scorekeeper.store.sheet_import import SheetPlan, plan_sheet, summary_lines

from .app_layer import import_sheet
from .currency import MoneyEdit
from .labels import PROBLEM_COLOUR, plain_label
from .league.widgets import table_of
from .no_enter import NoEnterDialog
from .rows_model import Column, RowsModel

SHOWN_ROWS = 20  # the first sittings the preview lists
# Marked here, translated where shown.
LEAGUE_RULES = N_("The league's rules (or the season's)")
SEPARATORS = {",": N_("commas"), ";": N_("semicolons"), "\t": N_("tabs")}
WHAT = {
    "date": N_("the date of each sitting"),
    "hands": N_("the hands each sitting stands for"),
    "table": N_("the table of each sitting"),
    "unused": N_("nothing (empty)"),
}

ColumnLine = tuple[str, str, str]  # the column, its header, what it becomes


class MappingModel(RowsModel[ColumnLine]):
    """Each column of the sheet and what it becomes."""

    columns = (
        Column[ColumnLine](N_("Column"), lambda r: r[0], right=False),
        Column[ColumnLine](N_("Header"), lambda r: r[1], right=False),
        Column[ColumnLine](N_("Becomes"), lambda r: r[2], right=False),
    )


class SittingsModel(RowsModel[Sitting]):
    """The first sittings, as they will be filed: a column a player."""

    def show(self, sheet: Sheet | None) -> None:
        players = sheet.players if sheet is not None else ()
        self.columns = [
            Column[Sitting](N_("Row"), lambda s: str(s.row)),
            Column[Sitting](
                N_("Date"), lambda s: short_date(s.date), lambda s: s.date, right=False
            ),
            Column[Sitting](N_("Table"), lambda s: s.table or "", right=False),
            Column[Sitting](N_("Hands"), lambda s: str(s.hands)),
            *(_points_column(c.header, c.player) for c in players),
        ]
        self.set_rows(sheet.sittings[:SHOWN_ROWS] if sheet is not None else [])


def _points_column(header: str, player: str) -> Column[Sitting]:
    def text(sitting: Sitting) -> str:
        return signed(sitting.points[player]) if player in sitting.points else ""

    return Column[Sitting](header, text, data=True)


class SheetImportDialog(NoEnterDialog):
    """The preview of a sheet and its Import button; `filed` holds the ids filed."""

    def __init__(
        self, db: Database, path: str, league: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.db, self.path = db, path
        self.filed: list[int] = []
        self.plan: SheetPlan | None = None
        self.setWindowTitle(_("Import spreadsheet"))
        self.sheet, self.read_problems = _read(path)
        self._build(league)
        self.zero_absent.toggled.connect(self.read_again)
        # Planned again as each field changes (50 ms for ten years of sittings), so the
        # Import button always says whether what the fields hold can be imported.
        for signal in (
            self.league.currentTextChanged,
            self.season.textChanged,
            self.rules.currentIndexChanged,
            self.stake.textChanged,
        ):
            signal.connect(lambda *_: self.replan())
        self.replan()
        self.resize(900, 640)

    def _build(self, league: str | None) -> None:
        layout = QVBoxLayout(self)
        self.file_line = plain_label(name=_("The file"))
        layout.addWidget(self.file_line)
        form = QFormLayout()
        self.league = QComboBox()
        self.league.setEditable(True)
        self.league.setAccessibleName(_("League"))
        known = _leagues(self.db)
        self.league.addItems(known)
        self.league.setCurrentText(league or (known[0] if known else ""))
        self.season = QLineEdit()
        self.season.setAccessibleName(_("Season"))
        # Translators: the placeholder of an empty Season field: filed under no season.
        self.season.setPlaceholderText(_("none"))
        self.rules = QComboBox()
        self.rules.setAccessibleName(_("Rules"))
        self.rules.addItems([_(LEAGUE_RULES), *all_presets()])  # the first: no preset
        # In the league's currency (`replan`: the one chosen may change).
        self.stake = MoneyEdit(_("stake"), self._currency())  # named so in its problem
        self.stake.setAccessibleName(_("Stake"))
        self.stake.setPlaceholderText(_("the rules' stake"))
        for label, field in (
            (_("&League:"), self.league),
            (_("&Season:"), self.season),
            (_("&Rules:"), self.rules),
            (_("S&take (a point):"), self.stake),
        ):
            form.addRow(label, field)
        # Some leagues' sheets write 0 for everyone not there (blank is absent otherwise).
        self.zero_absent = QCheckBox(_("A &0 means the player was not there"))
        form.addRow("", self.zero_absent)
        layout.addLayout(form)
        self.mapping = MappingModel()
        self.sittings = SittingsModel()
        columns = QHBoxLayout()
        mapping_view = table_of(self.mapping, _("What each column becomes"))
        sittings_view = table_of(self.sittings, _("The first sittings"))
        first = ngettext("The first {count} sitting", "The first {count} sittings", SHOWN_ROWS)
        for title, view, stretch in (
            (_("Each column becomes"), mapping_view, 2),
            (first.format(count=SHOWN_ROWS), sittings_view, 3),
        ):
            side = QVBoxLayout()
            side.addWidget(plain_label(title))
            side.addWidget(view)
            columns.addLayout(side, stretch)
        layout.addLayout(columns, 1)
        self.summary = plain_label(name=_("What will be filed"))
        layout.addWidget(self.summary)
        self.problems = QPlainTextEdit()
        self.problems.setReadOnly(True)
        self.problems.setAccessibleName(_("Problems"))
        self.problems.setStyleSheet(f"color: {PROBLEM_COLOUR}")
        self.problems.setMaximumHeight(8 * self.problems.fontMetrics().lineSpacing())
        layout.addWidget(self.problems)
        buttons = QDialogButtonBox()
        self.import_button = QPushButton(_("&Import"))
        self.import_button.setAutoDefault(False)
        buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAutoDefault(False)
        self.import_button.clicked.connect(self.file)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    # -- the plan ------------------------------------------------------------------------

    def read_again(self) -> None:
        """The sheet read again as the "0 means absent" box now says, and planned."""
        self.sheet, self.read_problems = _read(self.path, self.zero_absent.isChecked())
        self.replan()

    def replan(self) -> None:
        """Plan the import again with what the fields say; show it and its problems."""
        self.plan = None
        problems = list(self.read_problems)
        self.stake.set_currency(self._currency())
        stake, stake_problem = _stake(self.stake)
        if stake_problem is not None:
            problems.append(stake_problem)
        if self.sheet is not None:
            try:
                self.plan = plan_sheet(
                    self.db,
                    self.sheet,
                    league=self.league.currentText(),
                    season=self.season.text().strip() or None,
                    preset=self.rules.currentText() if self.rules.currentIndex() else None,
                    stake_cents=stake,
                    problems=(),
                )
            except StorageError as error:
                problems.append(Problem(_("database"), str(error)))
            else:
                problems += self.plan.problems
        self._show(problems)

    def _show(self, problems: Sequence[Problem]) -> None:
        sheet, plan = self.sheet, self.plan
        what = _("could not be read")
        if sheet is not None:
            separator = SEPARATORS.get(sheet.separator)
            # Translators: what a spreadsheet holds: "3 sittings, 4 players, separated by
            # semicolons".
            what = _("{sittings}, {players}, separated by {separator}").format(
                sittings=ngettext("{count} sitting", "{count} sittings", sheet.rows).format(
                    count=_number(sheet.rows)
                ),
                players=ngettext("{count} player", "{count} players", len(sheet.players)).format(
                    count=_number(len(sheet.players))
                ),
                separator=_(separator) if separator else sheet.separator,
            )
        # Translators: the file's name and what it holds.
        self.file_line.setText(
            printable(_("{file}: {what}.").format(file=Path(self.path).name, what=what))
        )
        self.mapping.set_rows(_mapping(plan) if plan is not None else [])
        self.sittings.show(sheet)
        lines = summary_lines(plan) if plan is not None else []
        if plan is not None:
            lines.append(
                _("The import is one step: all of it or nothing; Ctrl+Z does not undo it.")
            )
        self.summary.setText("\n".join(printable(line) for line in lines))
        said = [str(p) for p in problems]
        if problems:
            said.insert(
                0,
                ngettext(
                    "{count} problem: nothing is imported until the sheet is corrected.",
                    "{count} problems: nothing is imported until the sheet is corrected.",
                    len(problems),
                ).format(count=_number(len(problems))),
            )
        self.problems.setPlainText("\n".join(printable(line) for line in said))
        self.problems.setVisible(bool(problems))
        ready = not problems and plan is not None and plan.ready
        self.import_button.setEnabled(ready)

    def _currency(self) -> str:
        """The currency the stake is typed in: the league's chosen, stored already, or
        the one a new league keeps its money in (the locale's, as `plan_sheet` says)."""
        try:
            kept = league_currency(self.db, league=self.league.currentText().strip())
        except StorageError:
            kept = None
        return kept or locale_currency()

    # -- the import ----------------------------------------------------------------------

    def file(self) -> None:
        """Import: plan again with the fields as they are, then file the whole sheet."""
        self.replan()
        if self.plan is None or not self.import_button.isEnabled():
            return
        try:
            self.filed = import_sheet(self.db, self.plan)
        except (StorageError, InvalidNight) as error:
            problems = error.problems if isinstance(error, InvalidNight) else [error]
            self.problems.setPlainText("\n".join(printable(str(p)) for p in problems))
            self.problems.setVisible(True)
            return
        self.accept()


def _read(path: str, zero_is_absent: bool = False) -> tuple[Sheet | None, list[Problem]]:
    """The sheet at PATH (a 0 absent with ZERO_IS_ABSENT), or the problem of a file that
    cannot be read."""
    try:
        with open(path, "rb") as handle:
            data = read_limited(handle)
    except OSError as error:
        reason = error.strerror or str(error)
        return None, [Problem(_("file"), _("cannot be read ({reason})").format(reason=reason))]
    if data is None:
        return None, [Problem(_("file"), _("is larger than 16 MiB, more than any league's sheet"))]
    return read_sheet(data, zero_is_absent=zero_is_absent)


def _leagues(db: Database) -> list[str]:
    try:
        return list_leagues(db)
    except StorageError:
        return []


def _stake(typed: MoneyEdit) -> tuple[int | None, Problem | None]:
    """The stake TYPED the locale's way ('0,25' in German; blank: the rules'), in
    cents, or what is wrong with it."""
    if not typed.text().strip():
        return None, None
    refused = typed.refusal()
    if refused is not None:
        return None, Problem(refused.field, refused.reason)
    return typed.cents(), None


def _mapping(plan: SheetPlan) -> list[ColumnLine]:
    """Each column of the plan's sheet, its header and what it becomes."""
    players = {p.column.number: p for p in plan.players}
    lines = []
    for column in plan.sheet.columns:
        where = f"{column.number} ({column.letter})"
        player = players.get(column.number)
        becomes = _(WHAT[column.kind]) if player is None else player.becomes
        lines.append((where, column.header, becomes))
    return lines


def _number(count: int) -> str:
    """COUNT with its thousands grouped as the locale groups them ("1,250", "1.250")."""
    return QLocale().toString(count)
