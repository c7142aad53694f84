"""The tournament window's tabs: Players (registration), Draw and Results (Standings
is standings_tab.py).  Each reads the store through the window (`Host`: the tournament
chosen, the layer that writes, and `attempt`, which says a refusal on the problem line)
and is read again whenever anything changed."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, TypeVar

from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.i18n import N_, _
from scorekeeper.store.tournament_draw import drawn_session, draws, round_started
from scorekeeper.store.tournament_results import (
    penalties,
    session_lines,
    table_statuses,
)
from scorekeeper.store.tournaments import apart_pairs, drawn_already, entries
from scorekeeper.tournament.day import Entry, TableStatus, Tournament
from scorekeeper.tournament.tables import TableKind, hands_words, plan_tables

from ..league.widgets import table_of
from ..rows_model import Column, RowsModel
from ..tournament_session import TournamentSession
from .dialogs import PenaltyDialog, RegisterDialog, TotalsDialog

T = TypeVar("T")


class Host(Protocol):
    """What a tab needs of the window."""

    layer: TournamentSession

    def tournament(self) -> Tournament | None: ...

    def attempt(self, action: Callable[..., T], *args: Any, **kwargs: Any) -> T | None: ...

    def say(self, message: str) -> None: ...

    def open_night(self, night_id: int) -> None: ...

    def print_paper(self, kind: str, suggested: str, **options: Any) -> None: ...

    def export(self, sheet: Any, suggested: str) -> None: ...


def _button(text: str, slot: Callable[[], Any]) -> QPushButton:
    button = QPushButton(text)
    button.clicked.connect(lambda _=False: slot())
    return button


def _buttons(*buttons: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    for button in buttons:
        row.addWidget(button)
    row.addStretch()
    return row


def _session_spin(name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(1, 1)
    spin.setAccessibleName(name)
    return spin


def _selected(view: Any, model: RowsModel[T]) -> T | None:
    rows = view.selectionModel().selectedRows() if view.selectionModel() else []
    return model.rows[rows[0].row()] if rows else None


def _words(label: QLabel, lines: list[str]) -> None:
    label.setText("\n".join(lines))


class EntriesModel(RowsModel[Entry]):
    columns = (
        Column(N_("Player"), lambda e: e.player, lambda e: e.player.casefold(), right=False),
        Column(N_("Paid"), lambda e: _("yes") if e.paid else _("no"), right=False),
        Column(N_("From session"), lambda e: str(e.first), lambda e: e.first),
        Column(
            N_("Last session"),
            lambda e: "" if e.last is None else str(e.last),
            lambda e: e.last or 99,
        ),
    )


class PlayersTab(QWidget):
    """Who is registered, paid or not, late or withdrawn; pairs kept apart."""

    def __init__(self, host: Host) -> None:
        super().__init__()
        self.host = host
        self.model = EntriesModel()
        self.view = table_of(self.model, _("Registered players"), stretch=0)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(
            _buttons(
                _button(_("Re&gister players…"), self.register),
                _button(_("Mark pa&id or not paid"), self.toggle_paid),
                _button(_("&Withdraw…"), self.withdraw),
                _button(_("&Keep two apart…"), self.keep_apart),
            )
        )
        layout.addWidget(self.view, 1)
        layout.addWidget(self.summary)

    def refresh(self, tournament: Tournament) -> None:
        registered = self.host.attempt(entries, self.host.layer.db, tournament) or []
        self.model.set_rows(registered)
        paid = sum(1 for e in registered if e.paid)
        lines = [_("{count} registered, {paid} paid.").format(count=len(registered), paid=paid)]
        pairs = self.host.attempt(apart_pairs, self.host.layer.db, tournament) or []
        if pairs:
            kept = "; ".join(f"{a} – {b}" for a, b in pairs)
            lines.append(_("Kept apart: {pairs}").format(pairs=kept))
        _words(self.summary, lines)

    def register(self) -> None:
        tournament = self.host.tournament()
        if tournament is None:
            return
        seeds = self.host.attempt(draws, self.host.layer.db, tournament) or {}
        first = min(max(seeds, default=0) + 1, tournament.sessions)
        dialog = RegisterDialog(tournament.sessions, first, self)
        if dialog.exec() and dialog.chosen:
            added = self.host.attempt(
                self.host.layer.register,
                tournament,
                dialog.chosen,
                paid=dialog.paid.isChecked(),
                first=dialog.first.value(),
            )
            late = drawn_already(self.host.layer.db, tournament, dialog.first.value())
            if added and late:
                self.host.say(late)

    def toggle_paid(self) -> None:
        tournament, entry = self.host.tournament(), _selected(self.view, self.model)
        if tournament is not None and entry is not None:
            self.host.attempt(
                self.host.layer.set_paid, tournament, entry.player, paid=not entry.paid
            )

    def withdraw(self) -> None:
        tournament, entry = self.host.tournament(), _selected(self.view, self.model)
        if tournament is None or entry is None:
            return
        after, ok = QInputDialog.getInt(
            self,
            _("Withdraw"),
            _("{player} plays no session after session:").format(player=entry.player),
            entry.first - 1,
            0,
            tournament.sessions,
        )
        if ok:
            self.host.attempt(self.host.layer.withdraw, tournament, entry.player, after=after)

    def keep_apart(self) -> None:
        tournament = self.host.tournament()
        names = [e.player for e in self.model.rows]
        if tournament is None or len(names) < 2:
            return
        first, ok = QInputDialog.getItem(
            self, _("Keep two apart"), _("The first:"), names, 0, False
        )
        if not ok:
            return
        others = [n for n in names if n != first]
        second, ok = QInputDialog.getItem(
            self, _("Keep two apart"), _("The second:"), others, 0, False
        )
        if ok:
            self.host.attempt(self.host.layer.keep_apart, tournament, first, second)


class TablesModel(RowsModel[tuple[int, str]]):
    columns = (
        Column(N_("Table"), lambda r: str(r[0]), lambda r: r[0]),
        Column(N_("Players, seat 1 first"), lambda r: r[1], right=False),
    )


class DrawTab(QWidget):
    """A session drawn (again), its plan and why, the seed, the meetings again against
    the least possible, the tables; the round started; its paper printed."""

    def __init__(self, host: Host) -> None:
        super().__init__()
        self.host = host
        self.session = _session_spin(_("Session"))
        self.session.valueChanged.connect(lambda _v: self.show_session())
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(_("a new one"))
        self.seed.setAccessibleName(_("Seed"))
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.model = TablesModel()
        self.view = table_of(self.model, _("Tables"), stretch=1)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Session")))
        top.addWidget(self.session)
        top.addWidget(QLabel(_("Seed")))
        top.addWidget(self.seed)
        top.addWidget(_button(_("Dra&w"), self.draw))
        top.addWidget(_button(_("Start the ro&und"), partial(self.start, True)))
        top.addStretch()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.words)
        layout.addWidget(self.view, 1)
        layout.addLayout(
            _buttons(
                _button(_("Print the seating &list…"), partial(self._print, "seating_pdf")),
                _button(_("Print table &cards…"), partial(self._print, "cards_pdf")),
                _button(_("Print table s&heets…"), partial(self._print, "sheets_pdf")),
            )
        )

    def refresh(self, tournament: Tournament) -> None:
        self.session.setMaximum(tournament.sessions)
        self.show_session()

    def show_session(self) -> None:
        tournament = self.host.tournament()
        if tournament is None:
            return
        number = self.session.value()
        seeds = self.host.attempt(draws, self.host.layer.db, tournament) or {}
        if number not in seeds:
            self.model.set_rows([])
            lines = [_("Session {session} is not drawn yet.").format(session=number)]
            _words(self.words, lines + hands_words(self._planned(tournament), tournament.hands))
            return
        drawn = self.host.attempt(drawn_session, self.host.layer.db, tournament, number)
        if drawn is None:
            return
        self.model.set_rows([(n, ", ".join(t)) for n, t in enumerate(drawn.tables, start=1)])
        seated = [tournament.kind(size) for size in sorted({len(t) for t in drawn.tables})]
        started = self.host.attempt(round_started, self.host.layer.db, tournament, number)
        if started is None:
            round_words = _("The round has not started: Start the round sets the board's clock.")
        else:
            local = started.astimezone()
            round_words = _("The round started at {time}.").format(time=f"{local:%H:%M}")
        _words(self.words, [*drawn.lines(), *hands_words(seated, tournament.hands), round_words])

    def _planned(self, tournament: Tournament) -> list[TableKind]:
        """The kinds of table the session's draw would seat, as the field stands now
        (every kind when it cannot be seated: the draw says why)."""
        number = self.session.value()
        registered = self.host.attempt(entries, self.host.layer.db, tournament) or []
        playing = sum(1 for e in registered if e.plays(number))
        plan = plan_tables(playing, tournament.seating, tournament.uneven)
        if plan is None:
            return list(tournament.seating.kinds.values())
        return [tournament.kind(size) for size in sorted(set(plan.sizes))]

    def draw(self) -> None:
        tournament = self.host.tournament()
        if tournament is None:
            return
        typed = self.seed.text().strip()
        if typed and not typed.isdigit():
            self.host.say(_("Seed: a whole number, or nothing for a new one"))
            return
        seed = int(typed) if typed else None
        number = self.session.value()
        if not self._draw_again(tournament, number):
            return
        self.host.attempt(self.host.layer.draw, tournament, number, seed=seed)

    def _draw_again(self, tournament: Tournament, number: int) -> bool:
        """Whether to draw session NUMBER: yes when it is not drawn yet, else as the user
        answers (its seats replaced; its sheets may be printed, its round started)."""
        db = self.host.layer.db
        seeds = self.host.attempt(draws, db, tournament) or {}
        statuses = self.host.attempt(table_statuses, db, tournament, number) or []
        if number not in seeds or any(s.reported != "waiting" for s in statuses):
            return True  # not drawn, or the store refuses it (it has results): no question
        words = [
            _("Session {session} is drawn already (its sheets may be printed): draw it again?")
        ]
        started = self.host.attempt(round_started, db, tournament, number)
        if started is not None:
            words.append(
                _("Its round started at {time}: its tables are playing in the seats drawn.")
            )
        answer = QMessageBox.question(
            self,
            _("Draw again"),
            "\n\n".join(words).format(
                session=number, time=f"{started.astimezone():%H:%M}" if started else ""
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,  # Enter typed on draws nothing
        )
        return answer == QMessageBox.StandardButton.Yes

    def start(self, started: bool) -> None:
        tournament = self.host.tournament()
        if tournament is not None:
            self.host.attempt(
                self.host.layer.start_round, tournament, self.session.value(), started=started
            )

    def _print(self, kind: str) -> None:
        number = self.session.value()
        stems = {"seating_pdf": "seating", "cards_pdf": "table-cards", "sheets_pdf": "table-sheets"}
        self.host.print_paper(kind, f"session-{number}-{stems[kind]}.pdf", session=number)


class StatusModel(RowsModel[TableStatus]):
    columns = (
        Column(N_("Table"), lambda s: str(s.number), lambda s: s.number),
        Column(N_("Players, seat 1 first"), lambda s: ", ".join(s.players), right=False),
        Column(N_("Hands"), lambda s: str(s.hands), lambda s: s.hands),
        Column(N_("Reported"), lambda s: s.words(), lambda s: (s.checked, s.done), right=False),
    )


class PenaltiesModel(RowsModel[tuple[int, Any]]):
    columns = (
        Column(N_("Session"), lambda r: str(r[1].session), lambda r: r[1].session),
        Column(N_("Player"), lambda r: r[1].player, right=False),
        Column(N_("Points taken"), lambda r: str(r[1].points), lambda r: r[1].points),
        Column(N_("Why"), lambda r: r[1].reason, right=False),
    )


class ResultsTab(QWidget):
    """Each table of a session and what it has reported: its sheet's totals, or its
    hands in its night (the night screen); checked and locked; penalties apart."""

    def __init__(self, host: Host) -> None:
        super().__init__()
        self.host = host
        self.session = _session_spin(_("Session"))
        self.session.valueChanged.connect(lambda _v: self.show_session())
        self.model = StatusModel()
        self.view = table_of(self.model, _("Tables of the session"), stretch=1)
        self.waiting = QLabel()
        self.waiting.setWordWrap(True)
        self.penalties = PenaltiesModel()
        self.penalty_view = table_of(self.penalties, _("Penalties"), stretch=3)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Session")))
        top.addWidget(self.session)
        top.addStretch()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 3)
        layout.addWidget(self.waiting)
        # A table's buttons act on the table selected, shown so: none, none of them.
        self.table_buttons = (
            _button(_("The sheet's &totals…"), self.totals),
            _button(_("&Hands in its night"), self.hands),
            _button(_("&Checked and signed"), partial(self.check, True)),
            _button(_("Open it a&gain"), partial(self.check, False)),
        )
        layout.addLayout(_buttons(*self.table_buttons))
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._enable())
        self._enable()
        layout.addWidget(QLabel(_("Penalties, kept apart from the tables' points")))
        layout.addWidget(self.penalty_view, 1)
        layout.addLayout(
            _buttons(
                _button(_("P&enalty…"), self.penalty),
                _button(_("Take the penalty bac&k"), self.take_back),
            )
        )

    def refresh(self, tournament: Tournament) -> None:
        self.session.setMaximum(tournament.sessions)
        self.show_session()

    def show_session(self) -> None:
        tournament = self.host.tournament()
        if tournament is None:
            return
        db = self.host.layer.db
        statuses = self.host.attempt(table_statuses, db, tournament, self.session.value()) or []
        chosen = _selected(self.view, self.model)
        self.model.set_rows(statuses)
        numbers = [s.number for s in statuses]
        if chosen is not None and chosen.number in numbers:
            self.view.selectRow(numbers.index(chosen.number))  # the same table, shown
        self._enable()
        waiting = [str(s.number) for s in statuses if not s.done]
        if not statuses:
            self.waiting.setText(_("Not drawn yet."))
        elif waiting:
            self.waiting.setText(
                _("Still to report: tables {tables}").format(tables=", ".join(waiting))
            )
        else:
            self.waiting.setText(_("Every table has reported."))
        self.penalties.set_rows(self.host.attempt(penalties, db, tournament) or [])

    def _enable(self) -> None:
        chosen = _selected(self.view, self.model) is not None
        for button in self.table_buttons:
            button.setEnabled(chosen)

    def _table(self) -> tuple[Tournament, TableStatus] | None:
        tournament, status = self.host.tournament(), _selected(self.view, self.model)
        return (tournament, status) if tournament is not None and status is not None else None

    def totals(self) -> None:
        chosen = self._table()
        if chosen is None:
            return
        tournament, status = chosen
        title = _("Table {table} of session {session}: the sheet's totals").format(
            table=status.number, session=status.session
        )
        if status.reported == "hands":  # said before a whole sheet is typed, not after
            self.host.say(
                _(
                    "Table {table} of session {session} has its hands recorded one by one: "
                    "correct them in its night (Hands in its night)."
                ).format(table=status.number, session=status.session)
            )
            return
        entered = None
        if status.reported == "totals":
            lines = self.host.attempt(session_lines, self.host.layer.db, tournament)
            entered = {
                line.player: line.points
                for line in (lines[0] if lines else [])
                if (line.session, line.table) == (status.session, status.number)
            }
        dialog = TotalsDialog(title, status.players, self, entered)
        if dialog.exec() and entered is None:
            self.host.attempt(
                self.host.layer.totals, tournament, status.session, status.number, dialog.points()
            )

    def hands(self) -> None:
        chosen = self._table()
        if chosen is None:
            return
        tournament, status = chosen
        night = self.host.attempt(
            self.host.layer.table_night, tournament, status.session, status.number
        )
        if night is not None:
            self.host.open_night(night)

    def check(self, checked: bool) -> None:
        chosen = self._table()
        if chosen is not None:
            tournament, status = chosen
            self.host.attempt(
                self.host.layer.check, tournament, status.session, status.number, checked=checked
            )

    def penalty(self) -> None:
        tournament = self.host.tournament()
        players = sorted({p for s in self.model.rows for p in s.players}, key=str.casefold)
        if tournament is None or not players:
            return
        dialog = PenaltyDialog(players, self)
        if dialog.exec():
            self.host.attempt(
                self.host.layer.penalty,
                tournament,
                self.session.value(),
                dialog.player.currentText(),
                dialog.points.value(),
                dialog.reason.text(),
            )

    def take_back(self) -> None:
        tournament, chosen = self.host.tournament(), _selected(self.penalty_view, self.penalties)
        if tournament is not None and chosen is not None:
            self.host.attempt(self.host.layer.remove_penalty, tournament, chosen[0])
