"""Take the README's screenshots of the real app under Xvfb:

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python scripts/screenshots.py OUTDIR

States: the empty start (starting a night), a night in progress, a hand being typed
with its preview, the welcome of the first start, Help ▸ Keyboard, settling up, the
chart, the league window (standings, a player's page, the money across nights), and a
Schafkopf night with a Wenz being entered.

In the system's language: with LANG=de_DE.UTF-8 the German screens go to OUTDIR/de/
(the sample league then keeps euros, as a German table's would).
"""

import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's ui/

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.formatting import locale_currency
from scorekeeper.sample import sample_schafkopf_document
from scorekeeper.store.night_import import import_night
from scorekeeper.store.seed import seed_sample_league
from scorekeeper.store.tonight import night_to_reopen
from ui.app import identify, open_store, open_window
from ui.help import KeysDialog
from ui.language import apply_language
from ui.start_dialog import StartNightDialog


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    identify()
    work = Path(tempfile.mkdtemp())
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(work))
    language = apply_language(app, "system")
    if language != "en":
        out = out / language
        out.mkdir(parents=True, exist_ok=True)

    empty = open_window(open_store(f"sqlite:///{work / 'empty.sqlite3'}"))
    empty.statusBar().clearMessage()  # where the scratch database was made: not for the README
    empty.resize(1260, 780)
    empty.show()
    dialog = StartNightDialog(
        ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"], ["Tuesday Night League"], empty
    )
    for name in ("Ann", "Bob", "Cal", "Dee", "Eve"):
        dialog.add_name.setCurrentText(name)
        dialog.add_player()
    dialog.show()

    db = open_store(f"sqlite:///{work / 'league.sqlite3'}")
    seed_sample_league(db)
    night = open_window(db)
    night.statusBar().clearMessage()
    night.session.open(night_to_reopen(db))
    night.resize(1260, 780)
    night.move(0, 0)

    def wenz_being_entered(entry: Any) -> None:
        entry.set_kind("solo")
        entry.declarer.set_value("Bob")
        entry.game.setCurrentIndex(1)
        entry.points.setText("80")
        entry.tricks.setText("5")
        entry.laufende.setValue(2)
        entry.kontra.setCurrentIndex(1)
        entry.check()
        entry.save.setFocus()

    def grab(name: str) -> None:
        app.primaryScreen().grabWindow(0).save(str(out / name))

    def typed(keys: str) -> None:
        for key in keys:
            QTest.keyClick(QApplication.focusWidget(), key)

    def hand_being_typed() -> None:
        night.focus_entry()
        typed("2" + "4" + "74")  # Bob picks, Dee partners, they take 74
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)  # tricks proposed

    def welcome() -> None:
        night.entry.clear_typing()
        night.menu_actions["welcome"].trigger()

    def keys() -> None:
        assert night.welcome is not None
        night.welcome.reject()
        help_dialog = KeysDialog(night)
        help_dialog.resize(760, 760)
        help_dialog.move(250, 20)
        help_dialog.show()
        shown["keys"] = help_dialog

    shown: dict[str, Any] = {}

    steps = [
        lambda: grab("empty-start.png"),
        lambda: (dialog.close(), empty.close(), night.show(), night.activateWindow()),
        lambda: night.entry.picker.setFocus(),
        lambda: grab("mid-night.png"),
        hand_being_typed,
        lambda: grab("entry-preview.png"),
        welcome,
        lambda: grab("welcome.png"),
        keys,
        lambda: grab("keyboard-help.png"),
        lambda: (shown["keys"].close(), night.activateWindow()),
        lambda: night.tabs.setCurrentWidget(night.settlement),
        lambda: grab("settlement.png"),
        lambda: night.tabs.setCurrentWidget(night.chart),
        lambda: grab("chart.png"),
        lambda: (
            night.menu_actions["league"].trigger(),
            night.league_window.move(0, 0),
            night.league_window.resize(1260, 780),
        ),
        lambda: grab("league-standings.png"),
        lambda: (
            night.league_window.tabs.setCurrentIndex(1),
            night.league_window.player_tab.player.setCurrentText("Ann"),
        ),
        lambda: grab("league-player.png"),
        lambda: night.league_window.tabs.setCurrentIndex(2),
        lambda: grab("league-money.png"),
        lambda: (
            night.league_window.close(),
            night.activateWindow(),
            night.session.open(
                import_night(db, sample_schafkopf_document() | {"currency": locale_currency()})
            ),
        ),
        lambda: wenz_being_entered(night.entry),
        lambda: grab("schafkopf-night.png"),
        app.quit,
    ]

    def run(number: int) -> None:
        """One step, then the next 600 ms after it ends (a slow step cannot make the
        next screenshot catch a screen that has not been repainted yet)."""
        steps[number]()
        if number + 1 < len(steps):
            QTimer.singleShot(600, lambda: run(number + 1))

    QTimer.singleShot(600, lambda: run(0))
    app.exec()


if __name__ == "__main__":
    main()
