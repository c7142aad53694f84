"""What a German user found in a trial: the night screen of a Schafkopf night fits a
1280-pixel screen (the German labels are longer), the league's averages carry a
decimal comma and its dates are written as a German writes them, with the whole year."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from PySide6.QtCore import QDate, QEvent, QRect, Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.sample import sample_schafkopf_document
from scorekeeper.store.database import Database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.seed import seed_sample_league
from ui.league.window import LeagueWindow

SCREEN = 1280


def test_a_german_schafkopf_night_fits_a_1280_pixel_screen(german, database, open_window) -> None:
    night = import_night(database, sample_schafkopf_document() | {"currency": "EUR"})
    window = open_window(database, night)
    for kind in ("call", "solo", "ramsch", "result"):
        window.entry.set_kind(kind)
        assert window.minimumSizeHint().width() < SCREEN - 40, kind


def test_the_german_league_window_writes_decimals_and_dates_the_german_way(
    german, database: Database, qtbot
) -> None:
    seed_sample_league(database)
    window = LeagueWindow(database, "Tuesday Night League")
    qtbot.addWidget(window)
    model = window.standings_tab.standings_view.model()
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    column = headers.index("Pkt./Spiel")
    shown = [model.index(row, column).data() for row in range(model.rowCount())]
    assert all("," in value and "." not in value for value in shown), shown
    paid_on = window.money_tab.paid_on
    paid_on.setDate(QDate(2026, 11, 3))
    assert paid_on.text() == "03.11.2026"
    assert dt.date(2026, 11, 3).isoformat() == paid_on.date().toString("yyyy-MM-dd")


def test_the_league_window_closes_with_ctrl_w_and_esc(database: Database, qtbot) -> None:
    seed_sample_league(database)
    for key, modifier in (
        (Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier),
        (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
    ):
        window = LeagueWindow(database, "Tuesday Night League")
        qtbot.addWidget(window)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        qtbot.keyClick(QApplication.focusWidget() or window, key, modifier)
        qtbot.waitUntil(lambda w=window: not w.isVisible())


def test_a_german_tables_first_night_starts_as_schafkopf(german, qtbot) -> None:
    """Before any night was started here, German offers Schafkopf; English Sheepshead."""
    from ui.start_dialog import StartNightDialog

    dialog = StartNightDialog(["Ann", "Bob", "Cal", "Dee"], [])
    qtbot.addWidget(dialog)
    assert dialog.choices()["rules"].preset == "schafkopf"


def test_settle_up_takes_the_keyboard(database, open_window, qtbot) -> None:
    """Ctrl+E shows the payments with the keyboard in them (the trial's focus stayed in
    the entry form, and the payments could only be clicked)."""
    seed_sample_league(database)
    from scorekeeper.store.tonight import night_to_reopen

    window = open_window(database, night_to_reopen(database))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.settlement.table)
    assert window.tabs.currentWidget() is window.settlement
    assert window.settlement.table.selectionModel().hasSelection()
    # Tab goes on to Mark as paid (a new user's Tab went round the list's cells).
    qtbot.keyClick(window.settlement.table, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.settlement.mark)


def hints_cut(window) -> list[str]:
    """The entry form's hints shown cut (the field narrower than its hint)."""
    from PySide6.QtGui import QFontMetricsF
    from PySide6.QtWidgets import QLineEdit

    from ui.entry_fields import hint_room

    cut = []
    for field in window.entry.findChildren(QLineEdit):
        text = field.placeholderText()
        shown = field.isVisible() and text and not field.text()
        if shown and QFontMetricsF(field.font()).horizontalAdvance(text) > hint_room(field):
            cut.append(text)
    return cut


def test_every_hint_of_the_entry_form_is_whole_at_the_default_size(
    database, open_window, qtbot
) -> None:
    """A trial found the leaster's hints ("optional: each player's points, seat order")
    and the misplays' cut to "…" in a window of the size the app first opens at."""
    every_hint_whole(database, open_window, qtbot)


def test_every_german_hint_of_the_entry_form_is_whole_at_the_default_size(
    german, database, open_window, qtbot
) -> None:
    every_hint_whole(database, open_window, qtbot)


def every_hint_whole(database, open_window, qtbot) -> None:
    """Each game's form, each hand type it offers, at the first start's size: no hint
    shown cut."""
    from scorekeeper.store.night_import import import_night as file_night
    from tests.sheet import night_doc

    five = ["Ann", "Bob", "Cal", "Dee", "Eve"]
    for document in (night_doc("classic-5", [], five), sample_schafkopf_document()):
        window = open_window(database, file_night(database, document))
        window.resize(1200, 760)  # the first start's size (MainWindow.restore_geometry)
        offered = [b for b in window.entry.types.buttons() if not b.isHidden()]
        for kind in [str(b.property("kind")) for b in offered]:
            window.entry.set_kind(kind)
            qtbot.waitUntil(lambda w=window: w.entry.layout().geometry().width() > 0)
            assert hints_cut(window) == [], kind


def test_a_field_asks_room_for_its_whole_hint_in_its_font_and_margins(qtbot) -> None:
    """A field's size hint is worked out again when what it depends on changes (it is
    kept between hands): a bigger font, wider text margins, a longer hint."""
    import math

    from PySide6.QtGui import QFontMetricsF

    from ui.entry_fields import EntryLine, hint_room

    field = EntryLine()
    qtbot.addWidget(field)
    field.resize(120, field.height())  # held at one width: the hint asked for is kept

    def asks_for_whole_hint() -> bool:
        """The width asked for holds the hint whole in the field's font and margins."""
        advance = QFontMetricsF(field.font()).horizontalAdvance(field.placeholderText())
        chrome = field.width() - hint_room(field)  # frame and margins
        return field.sizeHint().width() >= math.ceil(advance) + chrome

    field.setPlaceholderText("optional: each player's points, seat order")
    assert asks_for_whole_hint()
    font = field.font()
    font.setPointSizeF(font.pointSizeF() * 1.5)
    field.setFont(font)
    assert asks_for_whole_hint()
    field.setTextMargins(0, 0, 40, 0)
    assert asks_for_whole_hint()
    field.setPlaceholderText(field.placeholderText() + " and more")
    assert asks_for_whole_hint()


def test_what_the_form_says_never_takes_the_sheets_height(
    german, database, open_window, keyboard
) -> None:
    """A trial at 1280x800: a Schafkopf hand's warnings, wrapped beside their fields and
    under the form, squeezed the sheet to some six rows.  What the form says (a problem
    beside a field, the problems line, the preview) keeps to the lines it has, cut with
    "…" and whole in its tooltip, and the sheet keeps its height."""
    night = import_night(database, sample_schafkopf_document() | {"currency": "EUR"})
    window = open_window(database, night)
    window.resize(SCREEN, 800)
    entry = window.entry

    def sheet_height() -> int:
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # laid out as shown
        return window.sheet.height()

    quiet = sheet_height()
    keyboard.type("1")  # Ann declares
    keyboard.type("1")  # and partners herself
    keyboard.type("250")
    keyboard.press(Qt.Key.Key_Tab)
    keyboard.type("19")
    keyboard.enter()  # refused: every problem said
    said = [entry.errors[key] for key in ("partners", "points", "tricks")]
    assert all(label.text() for label in said)
    assert sheet_height() == quiet
    long = "Ein Satz, der nicht in zwei Zeilen passt, weil er immer weiter geht. " * 6
    entry.general.setText(long)
    entry.preview.setText(long)
    entry.errors["points"].setText(long)
    assert sheet_height() == quiet
    for label in (entry.general, entry.preview, entry.errors["points"]):
        assert label.toolTip() == long  # cut on screen, whole in its tooltip


def test_the_german_standings_open_whole_on_a_1280_pixel_screen(
    german, database: Database, open_window, keyboard, qtbot, monkeypatch
) -> None:
    """A trial: the German standings scrolled sideways at 1280x800, the league window
    (Ctrl+L) first opening 1100 pixels wide; it now opens as wide as they need where
    the screen has room."""
    from ui.league import placement

    screen = QRect(0, 0, SCREEN, 800)
    opened_on = placement.first_place

    def on_1280x800(_screen, _night, frame):
        night = QRect(0, 0, 1200, 790)  # the night screen as it first opens there
        return opened_on(screen, night, frame)

    monkeypatch.setattr(placement, "first_place", on_1280x800)
    free = SimpleNamespace(availableGeometry=lambda: screen)
    monkeypatch.setattr(LeagueWindow, "screen", lambda _window: free)
    night_id = seed_sample_league(database)[-1]
    main = open_window(database, night_id)
    keyboard.ctrl(Qt.Key.Key_L)
    qtbot.waitUntil(lambda: main.league_window is not None and main.league_window.isVisible())
    window = main.league_window
    qtbot.addWidget(window)
    assert screen.contains(window.frameGeometry())
    view = window.standings_tab.standings_view
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # laid out as shown
    assert view.horizontalHeader().length() <= view.viewport().width()
    assert view.horizontalScrollBar().maximum() == 0
