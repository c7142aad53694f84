"""The league window: standings filtered and sorted, a player's page, and the money view
where a payment is recorded (saved first), changes the balances, and can be undone."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QDate, QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMenuBar

from scorekeeper.formatting import amount_text, money
from scorekeeper.store.database import Database
from scorekeeper.store.league import Period, standings
from scorekeeper.store.money import league_money
from scorekeeper.store.seed import seed_sample_league
from ui.currency import MoneyEdit
from ui.league.placement import first_place
from ui.league.window import LeagueWindow
from ui.rows_model import SORT_ROLE

LEAGUE = "Tuesday Night League"


@pytest.fixture
def window(database: Database, qtbot: Any) -> LeagueWindow:
    seed_sample_league(database)
    shown = LeagueWindow(database, LEAGUE)
    qtbot.addWidget(shown)
    shown.show()
    return shown


def shown_column(view: Any, column: int) -> list[str]:
    model = view.model()
    return [model.index(row, column).data() for row in range(model.rowCount())]


def balance_of(window: LeagueWindow, player: str) -> str:
    names = shown_column(window.money_tab.balances_view, 0)
    return shown_column(window.money_tab.balances_view, 1)[names.index(player)]


def test_recording_a_payment_changes_the_balances(window: LeagueWindow, database, qtbot) -> None:
    window.tabs.setCurrentIndex(2)
    owed = window.money_tab.owed_model.rows[0]
    before = league_money(database, league=LEAGUE).balances
    shown_before = balance_of(window, owed.payer)
    assert (window.money_tab.payer.currentText(), window.money_tab.payee.currentText()) == (
        owed.payer,
        owed.payee,
    )
    assert window.money_tab.amount.text() == amount_text(owed.cents)  # offered: the suggestion
    window.money_tab.amount.clear()
    qtbot.keyClicks(window.money_tab.amount, "0.05")  # a partial payment
    qtbot.keyClick(window.money_tab.amount, Qt.Key.Key_Return)

    after = league_money(database, league=LEAGUE).balances  # saved before it is shown
    assert after[owed.payer] == before[owed.payer] + 5
    assert after[owed.payee] == before[owed.payee] - 5
    assert balance_of(window, owed.payer) != shown_before
    assert balance_of(window, owed.payer) == _dollars(after[owed.payer])
    assert shown_column(window.money_tab.payments_view, 1) == [f"{owed.payer} paid {owed.payee}"]
    assert window.money_tab.amount.text() == ""

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(
        window.money_tab.payments_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
    )
    assert league_money(database, league=LEAGUE).balances == before
    assert balance_of(window, owed.payer) == shown_before
    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.money_tab.payments_view, Qt.Key.Key_Z, redo)
    assert league_money(database, league=LEAGUE).balances == after
    assert balance_of(window, owed.payer) == _dollars(after[owed.payer])


# The short dates people type, as the locales write them (language.date_format): the
# American month first, the German day first; each part with or without its zero.
DATE_FORMATS = {"M/d/yyyy": "{m}/{d}/{y}", "dd.MM.yyyy": "{d}.{m}.{y}"}


def typed_date(day: dt.date, written: str, padded: bool) -> str:
    width = 2 if padded else 1
    return written.format(m=f"{day.month:0{width}}", d=f"{day.day:0{width}}", y=day.year)


def test_a_date_typed_into_any_date_reads_as_typed_and_delete_clears_it(
    window: LeagueWindow, database, qtbot
) -> None:
    """From said "any date", and what was typed into it read "any date11126" and was
    thrown away (a trial): a date typed there is that date, the standings follow it,
    and Delete sets it back to any date."""
    since = window.filters.since
    since.setDisplayFormat("M/d/yyyy")  # as in American English
    since.setFocus()
    qtbot.keyClicks(since, "11/1/2026")
    qtbot.keyClick(since, Qt.Key.Key_Tab)
    since_november = Period(LEAGUE, since=dt.date(2026, 11, 1))
    assert window.filters.period() == since_november
    expected = [r.player for r in standings(database, since_november).everyone]
    assert shown_column(window.standings_tab.standings_view, 1) == expected
    assert expected != [r.player for r in standings(database, Period(LEAGUE)).everyone]
    since.setFocus()
    since.lineEdit().setCursorPosition(1)
    qtbot.keyClick(since, Qt.Key.Key_Delete)  # a character, not the date
    qtbot.keyClick(since, Qt.Key.Key_Tab)
    assert window.filters.period().since is not None
    since.setFocus()
    since.selectAll()
    qtbot.keyClick(since, Qt.Key.Key_Delete)  # the whole of it
    assert since.text() == "any date" and window.filters.period().since is None


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    day=st.dates(dt.date(2000, 1, 2), dt.date(2099, 12, 31)),
    shown=st.sampled_from(sorted(DATE_FORMATS)),
    padded=st.booleans(),
)
@example(day=dt.date(2028, 2, 29), shown="M/d/yyyy", padded=False)  # a leap day, month first
@example(day=dt.date(2028, 2, 29), shown="dd.MM.yyyy", padded=False)  # and day first
@example(day=dt.date(2026, 1, 31), shown="dd.MM.yyyy", padded=True)  # a 31st, day first
def test_any_date_typed_as_people_write_it_is_that_date(
    window: LeagueWindow, qtbot, day: dt.date, shown: str, padded: bool
) -> None:
    """A date typed into "any date" as the locale writes it ("3/5/2026" or
    "03/05/2026"; "5.3.2026"), whichever parts Qt moves on from by itself: that date."""
    since = window.filters.since
    since.setDisplayFormat(shown)
    since.setFocus()
    since.selectAll()
    qtbot.keyClick(since, Qt.Key.Key_Delete)
    qtbot.keyClicks(since, typed_date(day, DATE_FORMATS[shown], padded))
    qtbot.keyClick(since, Qt.Key.Key_Tab)
    assert window.filters.period().since == day


def test_a_date_typed_in_part_is_this_year_s_and_a_short_year_this_century_s(
    window: LeagueWindow, qtbot
) -> None:
    """Typed into "any date", the parts not typed are this year's and month's (a
    review: "3/15" read the 15th of March 2024, the year it began from), and "26" is
    2026; only when the typing ends (Enter, or Tab from its last part) does the
    period change (half a date typed filtered already, a trial)."""
    today = dt.date.today()
    since = window.filters.since
    changed: list[object] = []
    window.filters.period_changed.connect(lambda: changed.append(1))
    for shown, typed, meant in (
        ("M/d/yyyy", "3/15", dt.date(today.year, 3, 15)),
        ("M/d/yyyy", "3/15/26", dt.date(2026, 3, 15)),
        ("dd.MM.yyyy", "15", dt.date(today.year, today.month, 15)),
        ("dd.MM.yyyy", "15.3.26", dt.date(2026, 3, 15)),
    ):
        since.setDisplayFormat(shown)
        since.setFocus()
        since.selectAll()
        qtbot.keyClick(since, Qt.Key.Key_Delete)
        changed.clear()
        qtbot.keyClicks(since, typed)
        assert changed == [], typed
        qtbot.keyClick(since, Qt.Key.Key_Return)  # Tab goes to the part not typed yet
        assert window.filters.period().since == meant, typed


def test_a_date_typed_over_the_whole_of_another_replaces_it(window: LeagueWindow, qtbot) -> None:
    """A date selected whole (Ctrl+A) and typed over: the new one, its parts not typed
    completed as in "any date" (a trial: the first digit was dropped and the old date
    stayed)."""
    since = window.filters.since
    since.setDisplayFormat("M/d/yyyy")
    since.setDate(QDate(2026, 11, 15))
    since.setFocus()
    qtbot.keyClick(since, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(since, "3/15")
    qtbot.keyClick(since, Qt.Key.Key_Return)
    assert window.filters.period().since == dt.date(dt.date.today().year, 3, 15)


def test_a_date_pasted_into_any_date_is_read_whole(window: LeagueWindow, qtbot) -> None:
    """Pasted into "any date", "11/1/2026" read "any date11/1/2026" and was thrown away
    (a review): it is the 1st of November 2026, as the locale writes it, its parts one
    digit or two."""
    from PySide6.QtGui import QGuiApplication

    since = window.filters.since
    for shown, pasted in (("M/d/yyyy", "11/1/2026"), ("dd.MM.yyyy", "1.11.2026")):
        since.setDisplayFormat(shown)
        since.setDate(QDate(2000, 1, 1))  # any date
        QGuiApplication.clipboard().setText(pasted)
        since.setFocus()
        qtbot.keyClick(since, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
        assert window.filters.period().since == dt.date(2026, 11, 1), pasted


def test_any_date_s_calendar_opens_on_this_month(window: LeagueWindow, qtbot) -> None:
    """It opened on January 2000, the date "any date" stands for (a trial)."""
    until = window.filters.until
    arrow = QPoint(until.width() - 6, until.height() // 2)  # the popup's button
    qtbot.mouseClick(until, Qt.MouseButton.LeftButton, pos=arrow)
    calendar = until.calendarWidget()
    assert calendar.isVisible()
    today = dt.date.today()
    assert (calendar.yearShown(), calendar.monthShown()) == (today.year, today.month)
    qtbot.keyClick(calendar, Qt.Key.Key_Escape)
    assert window.filters.period().until is None  # looking is not choosing


def test_the_league_window_opened_again_shows_all_of_the_league(
    window: LeagueWindow, qtbot
) -> None:
    """A season and dates chosen, the window closed and opened again on its league:
    all seasons, any date (the dates were kept while the season went back)."""
    window.filters.season.setCurrentIndex(1)
    window.filters.since.setDate(QDate(2026, 11, 1))
    window.load_leagues(LEAGUE)
    assert window.filters.period() == Period(LEAGUE)


def test_recording_every_suggested_payment_squares_the_league(window: LeagueWindow) -> None:
    window.tabs.setCurrentIndex(2)
    while window.money_tab.owed_model.rows:
        window.money_tab.owed_view.selectRow(0)
        window.money_tab.settle_selected.click()
    assert window.money_tab.money_summary.text() == "Everyone is square."
    assert set(shown_column(window.money_tab.balances_view, 1)) == {"$0.00"}


def test_a_bad_amount_is_named_and_nothing_is_written(window: LeagueWindow, database) -> None:
    window.tabs.setCurrentIndex(2)
    for typed in ("abc", "1.234", "0", "1.250", "1,2,3"):  # '1,250' is a thousand in English
        window.money_tab.amount.setText(typed)
        window.money_tab.record.click()
        assert window.money_tab.form_problem.text().startswith("Amount: ")
    window.money_tab.payer.setCurrentText("Ann")
    window.money_tab.payee.setCurrentText("Ann")
    window.money_tab.amount.setText("1")
    window.money_tab.record.click()
    assert window.money_tab.form_problem.text() == "paid to: a player cannot pay themselves"
    assert league_money(database, league=LEAGUE).payments == ()


def test_a_decimal_comma_is_one_dollar_twenty_five_never_125(
    window: LeagueWindow, database, qtbot
) -> None:
    """'1,25' typed is $1.25 (it was stored as $125.00: the comma read as thousands)."""
    window.tabs.setCurrentIndex(2)
    owed = window.money_tab.owed_model.rows[0]
    before = league_money(database, league=LEAGUE).balances
    window.money_tab.amount.clear()
    qtbot.keyClicks(window.money_tab.amount, "1,25")
    qtbot.keyClick(window.money_tab.amount, Qt.Key.Key_Return)
    after = league_money(database, league=LEAGUE).balances
    assert after[owed.payer] == before[owed.payer] + 125


def test_standings_follow_the_season_and_sort_by_number(window: LeagueWindow, database) -> None:
    expected = standings(database, Period(LEAGUE, season="Fall 2026"))
    window.filters.season.setCurrentText("Fall 2026")
    assert shown_column(window.standings_tab.standings_view, 1) == [
        r.player for r in expected.everyone
    ]
    window.standings_tab.standings_view.sortByColumn(
        4, Qt.SortOrder.AscendingOrder
    )  # points, low first
    points = [int(p) for p in shown_column(window.standings_tab.standings_view, 4)]
    assert points == sorted(points) and points != sorted(points, key=str)


def test_choosing_a_ranking_and_keeping_it_for_the_league(window: LeagueWindow, database) -> None:
    window.standings_tab.rank_by.setCurrentIndex(window.standings_tab.rank_by.findData("placement"))
    window.standings_tab.min_nights.setValue(4)
    ranks = shown_column(window.standings_tab.standings_view, 0)
    nights = [int(n) for n in shown_column(window.standings_tab.standings_view, 2)]
    assert all(n >= 4 for r, n in zip(ranks, nights, strict=True) if r != "—")
    assert "—" in ranks  # those below the minimum are listed apart, at the end
    window.standings_tab.save_choice.click()
    kept = standings(database, Period(LEAGUE)).options
    assert (kept.rank_by, kept.min_nights) == ("placement", 4)


def test_the_player_page_shows_the_players_record(window: LeagueWindow, database) -> None:
    window.tabs.setCurrentIndex(1)
    window.player_tab.player.setCurrentText("Bob")
    rows = dict(window.player_tab.stats_model.rows)
    bob = next(r for r in standings(database, Period(LEAGUE)).everyone if r.player == "Bob")
    assert rows["Hands"] == str(bob.hands) and rows["Points"] == str(bob.points)
    balance = window.player_tab.balance_chart.lines()  # the balance over time is drawn
    assert list(balance) == ["Bob"] and balance["Bob"]


def test_sort_values_are_plain_numbers_qt_can_compare(window: LeagueWindow) -> None:
    model = window.standings_tab.standings_model
    for column in range(model.columnCount()):
        value = model.index(0, column).data(SORT_ROLE)
        assert isinstance(value, int | float | str), (column, value)


def _dollars(cents: int) -> str:
    from scorekeeper.formatting import money

    return money(cents, "USD")


def test_the_night_screen_opens_the_league_window(database, open_window) -> None:
    seed_sample_league(database)
    from scorekeeper.store.tonight import night_to_reopen

    main = open_window(database, night_to_reopen(database))
    main.menu_actions["league"].trigger()
    assert main.league_window is not None and main.league_window.isVisible()
    assert main.league_window.league() == LEAGUE


def test_starting_a_night_in_a_league_brings_its_default_rules(database, qtbot) -> None:
    from scorekeeper.games import parse_rules
    from scorekeeper.store.league import default_rules, save_league, save_season
    from ui.start_dialog import StartNightDialog

    thursday, _ = parse_rules({"preset": "cutthroat-4", "stake_cents": 50})
    winter, _ = parse_rules({"preset": "classic-5", "stake_cents": 5})
    save_league(database, name="Thursday", rules=thursday)
    save_season(database, league="Thursday", name="Winter", rules=winter)
    dialog = StartNightDialog(
        [],
        ["Thursday"],
        None,
        lambda league, season: default_rules(database, league=league, season=season),
    )
    qtbot.addWidget(dialog)
    dialog.league.setCurrentText("Thursday")
    assert dialog.rules() == thursday
    dialog.season.setText("Winter")
    dialog.season.editingFinished.emit()
    assert dialog.rules() == winter


def test_a_hand_recorded_tonight_updates_the_open_league_window(database, open_window) -> None:
    from scorekeeper.store.tonight import night_to_reopen

    seed_sample_league(database)
    main = open_window(database, night_to_reopen(database))
    main.menu_actions["league"].trigger()
    league = main.league_window
    assert league is not None
    league.filters.season.setCurrentText("Fall 2026")
    league.standings_tab.min_nights.setValue(2)  # chosen here, not saved as the league's
    before = sum(int(h) for h in shown_column(league.standings_tab.standings_view, 3))
    view = main.session.view
    dealer = view.next_dealer()
    picker, partner = [p for p in view.seated_next if p != dealer][:2]
    main.session.record_hand(
        {
            "type": "pick",
            "dealer": dealer,
            "picker": picker,
            "partners": [partner],
            "call": "ace-hearts",
            "points": 70,
            "tricks": 4,
        },
        None,
    )
    dealt = view.rules.dealt_in
    assert (
        sum(int(h) for h in shown_column(league.standings_tab.standings_view, 3)) == before + dealt
    )
    assert (
        league.filters.season.currentText() == "Fall 2026"
        and league.standings_tab.min_nights.value() == 2
    )


def open_league(main: Any, keyboard: Any, qtbot: Any) -> LeagueWindow:
    """Ctrl+L on the night screen: the league window, shown."""
    keyboard.ctrl(Qt.Key.Key_L)
    qtbot.waitUntil(lambda: main.league_window is not None and main.league_window.isVisible())
    qtbot.addWidget(main.league_window)
    return main.league_window


def test_the_league_window_opens_below_the_night_screens_title(
    database, open_window, keyboard, qtbot
) -> None:
    main = open_window(database, None)
    main.move(40, 30)
    league = open_league(main, keyboard, qtbot)
    screen = main.screen().availableGeometry()
    night, opened = main.frameGeometry(), league.frameGeometry()
    assert screen.contains(opened.topLeft())
    assert opened.top() > night.top() or opened.left() > night.right()  # its title in sight


@pytest.mark.parametrize(
    ("screen", "night", "opened"),
    [
        # 1280x800, the night screen as it first opens (1200x760, a 30-pixel title bar):
        # the league window a little down and right, all of it on the screen
        (QRect(0, 0, 1280, 800), QRect(0, 0, 1200, 790), QRect(48, 48, 1100, 700)),
        # the night screen in the middle: as far down and right as the screen allows
        (QRect(0, 0, 1280, 800), QRect(100, 60, 1000, 700), QRect(148, 70, 1100, 700)),
        # a wide screen: beside the night screen, tops level
        (QRect(0, 0, 2560, 1440), QRect(0, 0, 1200, 790), QRect(1200, 0, 1100, 700)),
        # a small screen: as big as it has room for
        (QRect(0, 0, 1024, 600), QRect(0, 0, 1024, 600), QRect(0, 0, 1024, 570)),
    ],
)
def test_the_league_window_first_opens_on_the_screen(
    screen: QRect, night: QRect, opened: QRect
) -> None:
    assert first_place(screen, night, QSize(0, 30)) == opened


def test_the_league_window_opens_where_it_was_closed(
    database, open_window, keyboard, qtbot
) -> None:
    main = open_window(database, None)
    league = open_league(main, keyboard, qtbot)
    moved = league.geometry().adjusted(0, 10, 0, -100)  # lower and shorter
    league.setGeometry(moved)
    league.close()
    main.close()
    again = open_window(database, None)
    assert open_league(again, keyboard, qtbot).geometry() == moved


def test_quitting_the_night_screen_closes_the_league_window_too(
    database, open_window, keyboard, qtbot
) -> None:
    main = open_window(database, None)
    league = open_league(main, keyboard, qtbot)
    main.close()  # File ▸ Quit
    assert not main.isVisible() and not league.isVisible()
    assert QSettings().value("league/geometry") is not None  # its place kept


def _league_night(
    league: str, rules: str, players: list[str], hands: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "format": "sheepshead-night/1",
        "league": league,
        "date": "2026-05-05",
        "rules": rules,
        "players": players,
        "hands": hands,
    }


def test_going_alone_is_the_scorers_word_at_either_game(database: Database, qtbot) -> None:
    """A pick with a named partner and no `call` was counted as going alone, and a
    Schafkopf solo or Null as played with a partner: the scorer's `alone` decides."""
    from scorekeeper.store.night_import import import_night

    five, four = ["Ann", "Bob", "Cal", "Dee", "Eve"], ["Ann", "Bob", "Cal", "Dee"]
    import_night(
        database,
        _league_night(
            "Sheep",
            "classic-5",
            five,
            [
                {"type": "pick", "picker": "Ann", "partners": ["Bob"], "points": 70, "tricks": 4},
                {
                    "type": "pick",
                    "picker": "Cal",
                    "partners": [],
                    "call": "alone",
                    "points": 70,
                    "tricks": 4,
                },
            ],
        ),
    )
    import_night(
        database,
        _league_night(
            "Stammtisch",
            "schafkopf",
            four,
            [
                {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 75, "tricks": 5},
                {"type": "solo", "declarer": "Ann", "game": "wenz", "points": 80, "tricks": 6},
                {"type": "null", "declarer": "Ann", "tricks": 0},
            ],
        ),
    )
    window = LeagueWindow(database, "Sheep")
    qtbot.addWidget(window)
    window.tabs.setCurrentWidget(window.table_tab)  # each tab is read when chosen
    outcomes = dict(window.table_tab.outcomes_model.rows)
    assert outcomes["picked"] == "2  (100%)"
    assert outcomes["went alone"] == "1  (50% of those picked)"
    window.tabs.setCurrentWidget(window.player_tab)
    window.player_tab.player.setCurrentText("Ann")
    mine = dict(window.player_tab.stats_model.rows)
    assert mine["  going alone"] == "0 of 0 (-)" and mine["  with a partner"] == "1 of 1 (100%)"

    window.filters.league.setCurrentText("Stammtisch")
    window.tabs.setCurrentWidget(window.table_tab)
    outcomes = dict(window.table_tab.outcomes_model.rows)
    assert outcomes["declared"] == "3  (100%)"
    assert outcomes["played alone (solo, Null)"] == "2  (67% of those declared)"
    assert "picked" not in outcomes and "went alone" not in outcomes
    window.tabs.setCurrentWidget(window.player_tab)
    window.player_tab.player.setCurrentText("Ann")
    mine = dict(window.player_tab.stats_model.rows)
    assert mine["Won as declarer"] == "3 of 3 (100%)"
    assert mine["  playing alone (solo, Null)"] == "2 of 2 (100%)"
    assert mine["  with a partner (Sauspiel)"] == "1 of 1 (100%)"
    assert "Won as picker" not in mine
    window.tabs.setCurrentWidget(window.standings_tab)
    model = window.standings_tab.standings_model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert {"Games", "Games won", "Schneider"} <= set(headers)
    assert not {"Picks", "Picks won", "Schneiders"} & set(headers)


def test_what_became_of_the_picks_is_a_share_of_the_hands_picked(
    database: Database, open_window, keyboard, qtbot
) -> None:
    """The Table tab: one hand in four was picked, and the picker won it: "picker won"
    is all of the picks (it said 25%, a share of every hand)."""
    from scorekeeper.store.night_import import import_night
    from tests.sheet import FIVE, leaster, pick

    hands = [
        pick("Ann", "Bob", points=70, tricks=4),
        leaster("Cal"),
        leaster("Dee"),
        leaster("Eve"),
    ]
    night_id = import_night(database, _league_night("Sheep", "classic-5", FIVE, hands))
    main = open_window(database, night_id)
    league = open_league(main, keyboard, qtbot)
    qtbot.waitUntil(league.isActiveWindow)
    keyboard.alt(Qt.Key.Key_T)  # the Table tab
    assert league.tabs.tabText(league.tabs.currentIndex()).replace("&", "") == "Table"
    view = league.tabs.currentWidget().findChild(type(league.standings_tab.standings_view))
    shown = dict(zip(shown_column(view, 0), shown_column(view, 1), strict=True))
    assert shown["hands"] == "4"
    assert shown["picked"] == "1  (25%)" and shown["leaster"] == "3  (75%)"
    assert shown["picker won"] == "1  (100% of those picked)"
    assert "picker lost" not in shown  # nothing that never happened
    assert shown["went alone"] == "0  (0% of those picked)"


def test_a_german_payment_of_1_25_is_125_cents_shown_in_euros(
    german: None, database: Database, qtbot: Any
) -> None:
    """Under a German locale the sample league is in euros, '1,25' typed is one euro
    twenty-five (125 cents), and every amount is shown the German way with €."""
    seed_sample_league(database)
    window = LeagueWindow(database, LEAGUE)
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentIndex(2)
    tab = window.money_tab
    assert "€" in tab.amount_label.text()
    owed = tab.owed_model.rows[0]
    before = league_money(database, league=LEAGUE).balances
    tab.amount.clear()
    qtbot.keyClicks(tab.amount, "1,25")
    qtbot.keyClick(tab.amount, Qt.Key.Key_Return)
    after = league_money(database, league=LEAGUE).balances
    assert after[owed.payer] == before[owed.payer] + 125
    assert shown_column(tab.payments_view, 2) == ["1,25\u00a0€"]
    shown = balance_of(window, owed.payer)
    assert shown == money(after[owed.payer], "EUR") and shown.endswith("\u00a0€")
    tab.amount.setText("1,250")  # three places: a thousand the English way, or 1,25 mistyped
    tab.record.click()
    assert tab.form_problem.text().startswith("Betrag: '1,250'")
    assert league_money(database, league=LEAGUE).payments[-1].cents == 125


def test_the_leagues_currency_is_chosen_in_the_money_tab(window: LeagueWindow, database) -> None:
    from scorekeeper.store.league import league_info

    window.tabs.setCurrentIndex(2)
    tab = window.money_tab
    assert tab.currency_choice.code() == "USD"
    tab.currency_choice.setCurrentText("CHF")
    tab.keep_currency()
    assert league_info(database, league=LEAGUE).currency == "CHF"
    assert all("CHF" in text for text in shown_column(tab.balances_view, 1))
    assert "CHF" in shown_column(window.standings_tab.standings_view, 5)[0]
    tab.currency_choice.setCurrentText("Taler")
    tab.keep_currency()
    assert tab.form_problem.text().startswith("Currency: 'Taler' is not an ISO 4217")
    assert league_info(database, league=LEAGUE).currency == "CHF"


def test_an_amount_in_another_currency_than_the_leagues_is_refused(
    window: LeagueWindow, database: Database
) -> None:
    """A euro league's payment typed as '$5', '5 USD' or 'CHF 5' is refused, naming
    the field and the league's currency (it was stored as 5 €); '5 €' and '5 eur' are
    the league's own."""
    from scorekeeper.store.league import save_league

    save_league(database, name=LEAGUE, currency="EUR")
    window.tabs.setCurrentIndex(2)
    tab = window.money_tab
    tab.show_money(LEAGUE)
    assert isinstance(tab.amount, MoneyEdit) and tab.amount.currency == "EUR"
    for typed in ("$5", "5 USD", "CHF 5"):
        tab.amount.setText(typed)
        tab.record.click()
        assert tab.form_problem.text() == (
            f"Amount: {typed!r} is in another currency: amounts here are in EUR"
        )
    assert league_money(database, league=LEAGUE).payments == ()
    for typed in ("5 €", "5 eur"):
        tab.amount.setText(typed)
        tab.record.click()
    assert [p.cents for p in league_money(database, league=LEAGUE).payments] == [500, 500]


def test_a_euro_leagues_stats_are_never_shown_in_dollars_when_its_money_fails(
    window: LeagueWindow, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The league's money not read (a database fault): the player page shows no money
    rather than a euro league's amounts in dollars; the money tab records nothing."""
    from scorekeeper.store.errors import StorageError
    from scorekeeper.store.league import save_league
    from ui.league import money_tab

    save_league(database, name=LEAGUE, currency="EUR")

    def fails(*_args: object, **_kwargs: object) -> None:
        raise StorageError("the database is gone")

    monkeypatch.setattr(money_tab, "league_money", fails)
    window.refresh()
    assert window.money_tab.money is None and window.money_tab.balances_model.rows == []
    window.tabs.setCurrentIndex(1)
    window.player_tab.player.setCurrentText("Bob")
    rows = dict(window.player_tab.stats_model.rows)
    assert "Hands" in rows and "Money" not in rows
    assert not any("$" in value for value in rows.values())
    assert window.money_tab.amount_label.text() == "&Amount"
    assert not window.money_tab.pay("Ann", "Bob", 500, dt.date(2026, 1, 1))


def test_a_tab_hidden_when_the_league_changes_shows_the_change_when_chosen(
    window: LeagueWindow,
) -> None:
    """Only the tab on screen is read when the data changes; the others are read when
    chosen, and then show the change (never what they showed before it)."""
    window.tabs.setCurrentWidget(window.roster_tab)
    assert "Cal" in shown_column(window.roster_tab.roster_view, 0)
    window.tabs.setCurrentWidget(window.standings_tab)
    window.layer.rename_player("Cal", "Calvin")
    window.tabs.setCurrentWidget(window.roster_tab)
    names = shown_column(window.roster_tab.roster_view, 0)
    assert "Calvin" in names and "Cal" not in names
    window.tabs.setCurrentWidget(window.money_tab)
    assert "Calvin" in shown_column(window.money_tab.balances_view, 0)


def test_ctrl_tab_and_ctrl_page_keys_switch_tabs_from_anywhere_in_the_window(
    window: LeagueWindow, keyboard: Any, qtbot: Any
) -> None:
    """A trial found Ctrl+Tab dead until the tab bar had the focus, and Ctrl+Shift+Tab
    moving the roster's selection instead of leaving the tab."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.filters.league.setFocus()  # where the keyboard is when the window opens
    keyboard.ctrl(Qt.Key.Key_Tab)
    assert window.tabs.currentWidget() is window.player_tab
    keyboard.ctrl(Qt.Key.Key_PageDown)
    assert window.tabs.currentWidget() is window.money_tab
    keyboard.ctrl(Qt.Key.Key_PageUp)
    assert window.tabs.currentWidget() is window.player_tab
    keyboard.ctrl(Qt.Key.Key_Backtab, shift=True)  # Ctrl+Shift+Tab, as Qt delivers it
    assert window.tabs.currentWidget() is window.standings_tab
    keyboard.ctrl(Qt.Key.Key_Backtab, shift=True)  # round to the last
    assert window.tabs.currentWidget() is window.roster_tab
    roster = window.roster_tab.roster_view
    qtbot.waitUntil(roster.hasFocus)
    row = roster.currentIndex().row()
    keyboard.ctrl(Qt.Key.Key_Backtab, shift=True)
    assert window.tabs.currentWidget() is window.table_tab
    assert roster.currentIndex().row() == row
    keyboard.ctrl(Qt.Key.Key_Tab)
    keyboard.ctrl(Qt.Key.Key_Tab)
    assert window.tabs.currentWidget() is window.standings_tab


def test_ctrl_shift_tab_as_x11_delivers_it_goes_to_the_tab_before(
    window: LeagueWindow, qtbot: Any
) -> None:
    """On X11 one Ctrl+Shift+Tab matches several of the window's keys at once (Backtab
    with and without the Shift), and Qt delivers it as ambiguous: a trial found it
    dead in every tab.  Here it is delivered as Qt delivers it there."""
    from PySide6.QtGui import QShortcut, QShortcutEvent

    pressed = QKeySequence("Ctrl+Shift+Backtab")
    (shortcut,) = [s for s in window.findChildren(QShortcut) if s.key() == pressed]
    for page, before in [
        (window.table_tab, window.money_tab),
        (window.roster_tab, window.table_tab),
    ]:
        window.tabs.setCurrentWidget(page)
        QApplication.sendEvent(shortcut, QShortcutEvent(pressed, shortcut, True))
        assert window.tabs.currentWidget() is before


def test_each_alt_letter_of_the_league_window_means_one_thing_in_each_tab(
    window: LeagueWindow, keyboard: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window's own letters (menu, period, printing, the tabs) with each tab's;
    Print league report… answers its own (Alt+G), not the Season box's (Alt+E)."""
    from tests.ui.test_dialogs_german import letters, own_texts

    pages = tuple(window.tabs.widget(i) for i in range(window.tabs.count()))
    shared = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    shared += [a.text() for a in window.findChildren(QMenuBar)[0].actions()]
    shared += own_texts(window, skip=pages)
    for page in pages:
        found = letters(shared + own_texts(page))
        assert len(found) == len(set(found)), (type(page).__name__, sorted(found))
    printed: list[str] = []
    monkeypatch.setattr("ui.league.window.make_report", lambda _w, name, _m: printed.append(name))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    keyboard.alt(Qt.Key.Key_E)
    assert window.focusWidget() is window.filters.season
    keyboard.alt(Qt.Key.Key_G)
    qtbot.waitUntil(lambda: printed == [f"{LEAGUE} all seasons.pdf"])


def _both_games_league(database: Database) -> None:
    """Ann's calls at Sheepshead and her games at Schafkopf, in one league."""
    from scorekeeper.store.night_import import import_night

    five, four = ["Ann", "Bob", "Cal", "Dee", "Eve"], ["Ann", "Bob", "Cal", "Dee"]
    pick = {"type": "pick", "picker": "Ann", "partners": ["Bob"], "points": 70, "tricks": 4}
    import_night(
        database,
        _league_night("Both", "classic-5", five, [{**pick, "call": "ace-clubs"}]),
    )
    jack = {**pick, "call": "jack-of-diamonds"}
    import_night(database, _league_night("Both", "jack-of-diamonds-5", five, [jack]))
    import_night(
        database,
        _league_night(
            "Both",
            "schafkopf",
            four,
            [
                {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 75, "tricks": 5},
                {"type": "solo", "declarer": "Ann", "game": "farbwenz", "points": 80, "tricks": 6},
                {"type": "null", "declarer": "Ann", "tricks": 0},
            ],
        ),
    )


def _anns_call_lines(database: Database, qtbot: Any) -> list[str]:
    window = LeagueWindow(database, "Both")
    qtbot.addWidget(window)
    window.tabs.setCurrentWidget(window.player_tab)
    window.player_tab.player.setCurrentText("Ann")
    window.show()
    rows = [label for label, _value in window.player_tab.stats_model.rows]
    return [label.strip() for label in rows if label.startswith("  ")]


def test_the_player_page_names_each_call_and_game_in_its_games_words(
    database: Database, qtbot: Any
) -> None:
    """A trial saw "calling ace-clubs", "calling jack-of-diamonds", "calling farbwenz"
    and "calling null": the night document's codes, and Schafkopf's games as calls."""
    _both_games_league(database)
    lines = _anns_call_lines(database, qtbot)
    assert {
        "calling ace of clubs",
        "calling jack of diamonds",
        "playing Sauspiel",
        "playing Farbwenz",
        "playing Null",
    } <= set(lines), lines
    assert not [line for line in lines if "-" in line]  # no document code
    calls = [line for line in lines if line.startswith("calling")]
    assert calls == ["calling ace of clubs", "calling jack of diamonds"]  # no Schafkopf game


def test_the_german_player_page_names_each_call_and_game_in_german(
    german: None, database: Database, qtbot: Any
) -> None:
    _both_games_league(database)
    lines = _anns_call_lines(database, qtbot)
    german = {"Ruf: Kreuz-Ass", "Ruf: Karo-Bube", "Sauspiel", "Farbwenz", "Bettel"}
    assert german <= set(lines), lines


def test_ctrl_tab_from_a_field_of_a_tab_never_leaves_a_cursor_in_the_next_tab_s_field(
    window: LeagueWindow, keyboard: Any, qtbot: Any
) -> None:
    """Ctrl+Tab from the standings' Rank by to the Money tab: the keyboard goes to the
    tab bar, not into the league's currency box, where a stray key would change the
    league's currency (a trial)."""
    from PySide6.QtWidgets import QApplication

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.standings_tab.rank_by.setFocus()
    qtbot.waitUntil(window.standings_tab.rank_by.hasFocus)
    keyboard.ctrl(Qt.Key.Key_Tab)
    keyboard.ctrl(Qt.Key.Key_Tab)
    assert window.tabs.currentWidget() is window.money_tab
    focus = QApplication.focusWidget()
    assert focus is window.tabs.tabBar()
    assert not window.money_tab.isAncestorOf(focus)


def test_a_table_tab_that_could_not_be_read_shows_no_count(
    window: LeagueWindow, monkeypatch
) -> None:
    """The Table tab's read refused: the problem line says why, and the tab shows no
    "hands 0" beneath it (a review: a period without a hand now says "0")."""
    from scorekeeper.store import league_hands
    from scorekeeper.store.errors import StorageError

    def refused(*_args: object) -> None:
        raise StorageError("the database is busy")

    monkeypatch.setattr(league_hands, "hand_outcomes", refused)
    tab = window.table_tab
    tab.show_period(window.filters.period())
    assert tab.outcomes_model.rowCount() == 0 and "busy" in window.problem.text()
