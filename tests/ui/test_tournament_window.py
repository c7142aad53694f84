"""The tournament window and the board, on a real SQLite day: the tabs show what the
store holds, a refusal is said on the problem line naming the field, the sheet's
totals cannot be given until they sum to zero, a table's night opens on the night
screen, and the board shows the round, its clock and the tables still to report."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from benchmarks.tournament import simulated_day
from scorekeeper.store.database import Database
from scorekeeper.store.tables import DrawRow
from scorekeeper.store.tournament_draw import start_round
from scorekeeper.store.tournament_results import record_totals, table_statuses
from scorekeeper.tournament.day import Tournament
from ui.tournament.board import TournamentBoardWindow, clock
from ui.tournament.dialogs import TotalsDialog
from ui.tournament.window import TournamentWindow


@pytest.fixture
def day(database: Database) -> Tournament:
    """A day of 40 players, the second of three sessions in play (three tables still
    to report), its round started 47 minutes ago."""
    tournament = simulated_day(database, players=40, sessions=3, played=2)
    start_round(database, tournament, 2)
    with database.transaction() as session:
        row = session.get(DrawRow, (tournament.id, 2))
        assert row is not None
        row.started_at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=47)
    return tournament


def test_the_window_shows_the_day(qtbot: Any, database: Database, day: Tournament) -> None:
    opened: list[int] = []
    window = TournamentWindow(database, opened.append)
    qtbot.addWidget(window)
    assert window.tournament() == day
    assert len(window.players.model.rows) == 42  # 40, and 2 late entries
    window.results.session.setValue(2)
    statuses = table_statuses(database, day, 2)
    assert [s.number for s in window.results.model.rows] == [s.number for s in statuses]
    waiting = [str(s.number) for s in statuses if not s.done]
    assert window.results.waiting.text() == f"Still to report: tables {', '.join(waiting)}"
    window.standings.after.setValue(2)
    first = window.standings.model.rows[0]
    assert first.rank == 1 and window.standings.model.text(0, 1) == first.player
    window.results.view.selectRow(0)
    window.results.hands()
    assert opened == [statuses[0].night_id]


def test_the_prizes_say_they_are_provisional_while_tables_are_to_report(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    window.standings.after.setValue(2)
    waiting = [str(s.number) for s in table_statuses(database, day, 2) if not s.done]
    said = window.standings.provisional
    assert not said.isHidden()
    assert said.text().startswith("Provisional: session 2 tables ")
    assert said.text().endswith(" still to report; session 3 not drawn yet.")
    assert waiting[0] in said.text() and waiting[-1] in said.text()
    prizes = [window.standings.prizes.text(r, 0) for r in range(len(window.standings.prizes.rows))]
    assert "Top scorer of session 1" in prizes  # session 1 is in: its top scorer is paid
    assert not any("session 2" in p or "session 3" in p for p in prizes)


def test_a_refusal_is_said_naming_the_field(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    window.draw.session.setValue(2)
    window.draw.draw()  # session 2 has results: not drawn again
    assert "session: session 2 has results already" in window.problem.text()
    window.draw.session.setValue(3)
    window.draw.seed.setText("abc")
    window.draw.draw()
    assert window.problem.text() == "Seed: a whole number, or nothing for a new one"


def test_drawing_the_next_session_shows_its_plan_and_seed(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    window.draw.session.setValue(3)
    window.draw.seed.setText("4242")
    window.draw.draw()
    assert window.problem.text() == ""
    assert "Seed: 4242 (the same seed draws the same tables)" in window.draw.words.text()
    assert len(window.draw.model.rows) == 8  # 42 players: 6 tables of 5 and 2 of 6


def test_the_totals_can_be_given_only_once_they_sum_to_zero(qtbot: Any) -> None:
    dialog = TotalsDialog("Table 1", ("Ann", "Bob", "Cal"))
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.spins["Ann"].setValue(5)
    dialog.spins["Bob"].setValue(-2)
    assert not ok.isEnabled() and "add up to +3, not 0" in dialog.sum.text()
    dialog.spins["Cal"].setValue(-3)
    assert ok.isEnabled()
    assert dialog.points() == {"Ann": 5, "Bob": -2, "Cal": -3}


def test_the_board_shows_the_round_its_clock_and_the_tables_to_report(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    board = TournamentBoardWindow(database, day)
    qtbot.addWidget(board)
    text = board.text()
    waiting = [s.number for s in table_statuses(database, day, 2) if not s.done]
    assert "Session 2 of 3" in text
    assert f"Still to report ({len(waiting)}): tables {', '.join(map(str, waiting))}" in text
    assert board.clock.text().startswith("0:47:")
    assert "Top of session 1:" in text
    assert "Top of session 2 so far:" in text  # three tables still to report


def test_the_clock_counts_hours_minutes_and_seconds() -> None:
    start = dt.datetime(2026, 10, 4, 9, 0, tzinfo=dt.UTC)
    assert clock(start, start + dt.timedelta(hours=1, minutes=2, seconds=3)) == "1:02:03"
    assert clock(None, start) == "not started yet"


def test_the_main_window_has_a_tournament_menu(open_window: Any, database: Database) -> None:
    window = open_window(database, None)
    (league,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&League"]
    items = [a.text() for a in league.actions() if a.text()]
    assert items[-2:] == [
        "&Tournament: players, draw, results, standings…",
        "Tournament board (for the &hall)…",
    ]
    window.menu_actions["tournament"].trigger()
    assert isinstance(window.tournament_window, TournamentWindow)
    assert window.tournament_window.isVisible()
    window.tournament_window.close()


def test_drawing_a_drawn_session_again_asks_first(
    qtbot: Any, keyboard: Any, database: Database, day: Tournament
) -> None:
    """Draw pressed again replaced a drawn session's seats without a word, even once
    its round had started."""
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.draw.session.setValue(3)
    window.draw.seed.setText("4242")
    window.draw.draw()  # not drawn yet: nothing asked
    drawn = list(window.draw.model.rows)
    asked: list[str] = []

    def answer(key: Qt.Key) -> Any:
        def in_question() -> None:
            asked.append(QApplication.activeModalWidget().text())
            keyboard.press(key)

        return in_question

    window.draw.seed.setText("99")
    keyboard.in_next_dialog(answer(Qt.Key.Key_Return))  # No, the default
    window.draw.draw()
    assert asked == ["Session 3 is drawn already (its sheets may be printed): draw it again?"]
    assert window.draw.model.rows == drawn
    start_round(database, day, 3)
    keyboard.in_next_dialog(answer(Qt.Key.Key_Y))
    window.draw.draw()
    assert "Its round started at" in asked[-1]
    assert "its tables are playing in the seats drawn" in asked[-1]
    assert window.draw.model.rows != drawn
    assert "Seed: 99 " in window.draw.words.text()


def test_a_tables_totals_opened_again_show_what_was_entered(
    qtbot: Any, keyboard: Any, database: Database, day: Tournament
) -> None:
    """They showed zeros, and a whole sheet typed over them was then refused with "has
    its totals already", not saying how to correct them."""
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.draw.session.setValue(3)
    window.draw.draw()
    players = table_statuses(database, day, 3)[0].players
    given = {p: 3 * i for i, p in enumerate(players, start=-(len(players) // 2))}
    given[players[-1]] -= sum(given.values())
    window.layer.totals(day, 3, 1, given)
    window.results.session.setValue(3)
    window.results.view.selectRow(0)
    seen: list[Any] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        seen.append({p: (s.value(), s.isReadOnly()) for p, s in dialog.spins.items()})
        seen.append(dialog.sum.text())
        dialog.reject()

    keyboard.in_next_dialog(look)
    window.results.totals()
    assert seen[0] == {p: (points, True) for p, points in given.items()}
    assert "To correct them, open the table's night (Hands in its night)" in seen[1]


def test_a_tables_buttons_act_only_on_a_table_shown_selected(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    """After the list was read again nothing was shown selected, and "Checked and
    signed" acted silently (or not at all)."""
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    results = window.results
    results.session.setValue(1)
    assert not any(b.isEnabled() for b in results.table_buttons)
    results.view.selectRow(2)
    assert all(b.isEnabled() for b in results.table_buttons)
    table = results.model.rows[2].number
    results.check(True)  # read again after: the same table still shown selected
    assert [i.row() for i in results.view.selectionModel().selectedRows()] == [2]
    assert results.model.rows[2].number == table and results.model.rows[2].checked
    assert all(b.isEnabled() for b in results.table_buttons)


def test_the_problem_line_keeps_its_room_and_goes_after_a_success(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    """The tabs moved 20 px as the problem line came and went, and it stayed after the
    next action succeeded."""
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    top = window.tabs.y()
    window.draw.session.setValue(3)
    window.draw.seed.setText("abc")
    window.draw.draw()
    assert window.problem.text() == "Seed: a whole number, or nothing for a new one"
    qtbot.wait_until(lambda: window.tabs.y() == top)  # laid out again, as it was
    window.players.view.selectRow(0)
    window.players.toggle_paid()  # a change made
    assert window.problem.text() == ""
    assert window.tabs.y() == top


def test_results_entered_at_another_station_are_shown(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    """The standings stayed as they were until the session number was changed."""
    window = TournamentWindow(database, poll_ms=50)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(window.standings)
    assert window.standings.after.value() == 2
    waiting = next(s for s in table_statuses(database, day, 2) if not s.done)
    before = {r.player: r.table_points for r in window.standings.model.rows}
    given = dict.fromkeys(waiting.players, 0)
    given[waiting.players[0]], given[waiting.players[1]] = 30, -30
    record_totals(database, day, 2, waiting.number, given)  # as the command line does
    ann = waiting.players[0]
    qtbot.waitUntil(
        lambda: (
            {r.player: r.table_points for r in window.standings.model.rows}[ann] == before[ann] + 30
        )
    )
    window.close()


def test_the_words_name_the_button_that_opens_a_checked_table(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    """A checked table's refusal said "uncheck it" where the button says "Open it
    again"; the draw's words said "a draw no swap improves"."""
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    checked = next(s for s in table_statuses(database, day, 2) if s.checked)
    window.attempt(window.layer.totals, day, 2, checked.number, {})
    button = window.results.table_buttons[3].text().replace("&", "")
    assert f"is checked: {button.lower()} to change its results" in window.problem.text()
    window.draw.session.setValue(2)
    assert "no swap" not in window.draw.words.text()
    assert "Players who met before, seated together again this session:" in (
        window.draw.words.text()
    )


def test_a_session_not_drawn_says_the_hands_of_the_tables_it_will_have(
    qtbot: Any, database: Database, day: Tournament
) -> None:
    """ "A table of 6 plays 5 hands…" was said where no table of 6 would be drawn."""
    window = TournamentWindow(database)
    qtbot.addWidget(window)
    window.draw.session.setValue(3)
    assert "A table of 6 plays" in window.draw.words.text()  # 42 players: 6 tables of 5, 2 of 6
    for entry in window.players.model.rows[:2]:
        window.layer.withdraw(day, entry.player, after=2)
    window.draw.session.setValue(3)  # 40 players: 8 tables of 5
    assert "A table of 5 plays" in window.draw.words.text()
    assert "A table of 6" not in window.draw.words.text()
