"""Show on phones, in the window: off until turned on; then the window says so with
the address in its status bar, the dialog shows the code and the address with its
token, and a phone is served the night; turned off, nothing is served, and turned on
again the old token is refused.  Closing the window stops the server; the board shows
the code to join by while the score is on phones."""

from __future__ import annotations

import http.client
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from PySide6.QtWidgets import QApplication, QLabel

from scorekeeper.store import night_import
from scorekeeper.store.database import Database
from tests.web.test_live_night import BOB_WINS, night
from ui.league.board import BoardWindow
from ui.main_window import MainWindow
from ui.phones import PhonesDialog, phones


@pytest.fixture(autouse=True)
def phones_off() -> Iterator[None]:
    yield
    phones().stop()


def fetch(url: str) -> int:
    """The status of a GET of URL (as a phone on this computer would ask it)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection("127.0.0.1", parts.port, timeout=10)
    connection.request("GET", parts.path, headers={"Host": f"127.0.0.1:{parts.port}"})
    status = connection.getresponse().status
    connection.close()
    return status


def dialog_of(window: MainWindow) -> PhonesDialog:
    window.menu_actions["phones"].trigger()  # Night ▸ Show on phones
    dialogs = [d for d in QApplication.topLevelWidgets() if isinstance(d, PhonesDialog)]
    assert dialogs
    return dialogs[-1]


def status_text(window: MainWindow) -> str:
    return " ".join(label.text() for label in window.statusBar().findChildren(QLabel))


def test_showing_a_night_on_phones_from_the_window(
    open_window: Callable[[Database, int | None], MainWindow], database: Database, qtbot: Any
) -> None:
    night_id = night_import.import_night(database, night([BOB_WINS]))
    window = open_window(database, night_id)
    dialog = dialog_of(window)
    assert not phones().on  # off by default
    assert dialog.state.text() == "Off: no phone can read the score."
    assert "On phones" not in status_text(window)

    dialog.toggle.click()
    assert phones().on
    address = phones().address()
    assert dialog.state.text().startswith("On: the phones in this room can read the score at ")
    # Every address the window shows a person is one a phone can open (a new user typed
    # the bare address the status bar showed, and got a 404).
    shown = status_text(window).split("On phones: ")[1].split()[0]
    assert shown == phones().url() and shown.startswith(address + "/")
    assert fetch(shown) == 200
    said = dialog.state.text().removeprefix("On: the phones in this room can read the score at ")
    assert fetch(said.rstrip(".")) == 200
    first = dialog.address.text()
    assert first.startswith(address + "/") and first.endswith(f"/night/{night_id}")
    assert dialog.code.isVisible() and not dialog.code.code.pixmap().isNull()
    assert fetch(first) == 200

    dialog.toggle.click()  # off: nothing is served
    assert not phones().on and dialog.address.text() == ""
    assert "On phones" not in status_text(window)
    with pytest.raises(OSError):
        fetch(first)

    dialog.toggle.click()  # on again: a new token; the old address is refused
    again = dialog.address.text()
    assert again != first
    assert fetch(again) == 200
    old = urlsplit(first).path
    assert fetch(f"http://127.0.0.1:{phones().port}{old}") == 404
    dialog.close()


def test_closing_the_window_stops_showing_on_phones(
    open_window: Callable[[Database, int | None], MainWindow], database: Database
) -> None:
    night_id = night_import.import_night(database, night([BOB_WINS]))
    window = open_window(database, night_id)
    dialog = dialog_of(window)
    dialog.toggle.click()
    url = dialog.address.text()
    assert fetch(url) == 200
    window.close()
    assert not phones().on
    with pytest.raises(OSError):
        fetch(url)


def test_the_board_shows_the_code_while_on_phones(database: Database, qtbot: Any) -> None:
    import datetime as dt

    document = night([BOB_WINS]) | {"date": dt.date.today().isoformat()}
    night_import.import_night(database, document)
    board = BoardWindow(database, "Thursday League")
    qtbot.addWidget(board)
    board.show()
    assert not board.phone_code.isVisible()
    assert phones().start(database) is None
    assert board.phone_code.isVisible()
    assert board.phone_code.caption.text() == (
        f"Scan with a phone's camera, or open {phones().url(board.phone_code.where)}"
    )
    assert fetch(phones().url(board.phone_code.where)) == 200  # the league tonight
    phones().stop()
    assert not board.phone_code.isVisible()


def test_a_computer_on_several_networks_lets_the_person_choose_the_address(
    open_window: Callable[[Database, int | None], MainWindow], database: Database
) -> None:
    night_id = night_import.import_night(database, night([BOB_WINS]))
    window = open_window(database, night_id)
    dialog = dialog_of(window)
    dialog.toggle.click()
    serving = phones().serving
    assert serving is not None
    serving.hosts = ("10.0.0.5", "127.0.0.1")  # as on a laptop with two networks
    dialog.show_state()
    assert not dialog.network.isHidden()
    dialog.network.setCurrentText("127.0.0.1")
    dialog.network.activated.emit(dialog.network.currentIndex())
    assert dialog.address.text().startswith(f"http://127.0.0.1:{phones().port}/")
    assert fetch(dialog.address.text()) == 200
    assert f"On phones: http://127.0.0.1:{phones().port}" in status_text(window)
    dialog.close()
