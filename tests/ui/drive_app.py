"""A real app process that records hands through its own keyboard, for the kill test.

    python -m tests.ui.drive_app DATABASE_URL SETTINGS_DIR

Opens the night screen offscreen on the night to reopen and types one typical hand
after another ("2", "4", "74", Tab, Enter), printing "recorded N" once the sheet shows
hand N (the store has committed it by then).  It runs until it is killed.
"""

import os
import sys

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ui.app import identify, open_store, open_window


def main() -> None:
    url, settings_dir = sys.argv[1], sys.argv[2]
    app = QApplication([sys.argv[0]])
    identify()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, settings_dir)
    window = open_window(open_store(url))
    window.show()
    window.activateWindow()
    while not window.isActiveWindow():
        app.processEvents()
    print(f"opened {window.session.night_id}", flush=True)
    while True:
        window.focus_entry()
        for key in "2474":
            QTest.keyClick(QApplication.focusWidget(), key)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        shown = len(window.session.view.lines)
        print(f"recorded {shown}", flush=True)


if __name__ == "__main__":
    main()
