"""Show on phones (Night ▸ Show on phones, and the board's button): the score served,
read-only, to the phones in the room (`scorekeeper.web`).  Off until the person turns
it on; then the window says so plainly, with the address, in its status bar, and the
dialog and the board show a QR code of the address, which holds an access token.
Turning it off and on again makes a new token: a phone given the old one is no longer
served.  It stops when the window closes or the app quits.

One server for the app (`phones()`): the night window and the board show the same.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.i18n import _
from scorekeeper.store.database import Database
from scorekeeper.web.pages import Address

from .labels import plain_label

if TYPE_CHECKING:
    from scorekeeper.web.server import Serving

logger = logging.getLogger(__name__)

EVERYTHING = Address()  # the first page: every night and league
PORT = 8737  # as `scorekeeper serve`'s; another free one when it is taken
_PHONES: Phones | None = None


class Phones(QObject):
    """The app's one server for phones: `serving` while on; `changed` when turned on or
    off."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.serving: Serving | None = None

    @property
    def on(self) -> bool:
        return self.serving is not None

    def start(self, db: Database) -> str | None:
        """Serve DB (on PORT, else any free port); None when serving, else why not in
        one sentence."""
        from scorekeeper.web.server import PortTaken, serve

        if self.serving is not None:
            return None
        try:
            try:
                self.serving = serve(db, port=PORT)
            except PortTaken:
                self.serving = serve(db, port=0)
        except PortTaken as error:
            return _("The phones' server could not start: {reason}").format(reason=error.strerror)
        logger.info("showing on phones at port %s", self.port)
        self.changed.emit()
        return None

    def stop(self) -> None:
        """Stop serving (every phone's page ends; the token is forgotten)."""
        serving, self.serving = self.serving, None
        if serving is not None:
            serving.stop()
            logger.info("stopped showing on phones")
            self.changed.emit()

    @property
    def port(self) -> int:
        return 0 if self.serving is None else self.serving.port

    def url(self, where: Address = EVERYTHING) -> str:
        """The address of WHERE for phones, with the token ('' while off)."""
        serving = self.serving
        return "" if serving is None else serving.url_of(where)

    def hosts(self) -> tuple[str, ...]:
        """The addresses of this computer a phone may reach it by ('' while off)."""
        return () if self.serving is None else self.serving.hosts

    def use_host(self, host: str) -> None:
        """Give phones HOST (one of `hosts`: another network of this computer)."""
        if self.serving is not None and host in self.serving.hosts:
            self.serving.host = host
            self.changed.emit()

    def address(self) -> str:
        """Where phones reach this computer: 'http://192.168.1.20:8737' ('' while off)."""
        serving = self.serving
        if serving is None:
            return ""
        return f"http://{serving.host}:{serving.port}"


def phones() -> Phones:
    """The app's server for phones, stopped when the app quits."""
    global _PHONES
    if _PHONES is None:
        app = QApplication.instance()
        _PHONES = Phones(app)
        if app is not None:
            app.aboutToQuit.connect(_PHONES.stop)
    return _PHONES


def qr_pixmap(text: str, pixels: int) -> QPixmap:
    """A QR code of TEXT about PIXELS wide, black on white with its quiet zone."""
    import segno

    code = segno.make(text, error="m")
    modules = code.symbol_size(scale=1)[0]
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=max(2, pixels // modules), border=4)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class PhoneCode(QWidget):
    """A QR code of a page's address, with the address under it, while serving (hidden
    while not): the dialog's and the board's."""

    def __init__(self, where: Address, pixels: int = 240, parent: QWidget | None = None):
        super().__init__(parent)
        self.where, self.pixels = where, pixels
        self.code = QLabel()
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setAccessibleName(_("QR code of the address for phones"))
        self.caption = plain_label(name=_("Address for phones"))
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.code)
        layout.addWidget(self.caption)
        phones().changed.connect(self.show_state)
        self.show_state()

    def aim(self, where: Address) -> None:
        """Show the code of WHERE from now on."""
        self.where = where
        self.show_state()

    def show_state(self) -> None:
        server = phones()
        self.setVisible(server.on)
        if server.on:
            self.code.setPixmap(qr_pixmap(server.url(self.where), self.pixels))
            self.caption.setText(
                _("Scan with a phone's camera, or open {address}").format(
                    address=server.url(self.where)
                )
            )


class PhonesDialog(QDialog):
    """Show on phones: on or off, which page the code opens, the code and the address."""

    def __init__(self, db: Database, pages: list[tuple[str, Address]], parent: QWidget) -> None:
        super().__init__(parent)
        self.db = db
        self.setWindowTitle(_("Show on phones"))
        self.state = plain_label(name=_("Showing on phones"))
        font = self.state.font()
        font.setBold(True)
        self.state.setFont(font)
        about = plain_label(
            _(
                "The phones in this room read the score, as it changes, from this "
                "computer: nothing goes through the internet, and nothing can be changed "
                "from a phone. They join by the code, which holds a key of its own; "
                "turning this off and on makes a new key."
            )
        )
        self.choice = QComboBox()
        self.choice.setAccessibleName(_("Scan this to open"))
        for label, where in pages:
            self.choice.addItem(label, where)
        self.code = PhoneCode(pages[0][1], 260, self)
        self.choice.currentIndexChanged.connect(lambda _i: self.code.aim(self.choice.currentData()))
        self.network = QComboBox()  # shown when this computer is on several networks
        self.network.setAccessibleName(_("The network the phones are on"))
        self.network.activated.connect(lambda _i: phones().use_host(self.network.currentText()))
        self.address = QLineEdit()
        self.address.setReadOnly(True)
        self.address.setAccessibleName(_("Address for phones, with its key"))
        self.copy = QPushButton(_("&Copy address"))
        self.copy.clicked.connect(self._copy)
        self.toggle = QPushButton()
        self.toggle.clicked.connect(self._toggle)
        close = QPushButton(_("Close"))
        close.clicked.connect(self.close)
        opens = QHBoxLayout()
        opens.addWidget(QLabel(_("Scan this to open:")))
        opens.addWidget(self.choice, 1)
        networks = QHBoxLayout()
        self.network_label = QLabel(_("Address on the network:"))
        networks.addWidget(self.network_label)
        networks.addWidget(self.network, 1)
        copy_row = QHBoxLayout()
        copy_row.addWidget(self.address, 1)
        copy_row.addWidget(self.copy)
        buttons = QHBoxLayout()
        buttons.addWidget(self.toggle)
        buttons.addStretch()
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.state)
        layout.addWidget(about)
        layout.addLayout(opens)
        layout.addLayout(networks)
        layout.addWidget(self.code)
        layout.addLayout(copy_row)
        layout.addLayout(buttons)
        phones().changed.connect(self.show_state)
        self.choice.currentIndexChanged.connect(lambda _i: self.show_state())
        self.show_state()

    def show_state(self) -> None:
        server = phones()
        if server.on:
            self.state.setText(
                _("On: the phones in this room can read the score at {address}.").format(
                    address=server.url(self.choice.currentData())
                )
            )
            self.toggle.setText(_("&Stop showing on phones"))
        else:
            self.state.setText(_("Off: no phone can read the score."))
            self.toggle.setText(_("&Start showing on phones"))
        self.address.setText(server.url(self.choice.currentData()))
        hosts = server.hosts()
        if [self.network.itemText(i) for i in range(self.network.count())] != list(hosts):
            self.network.clear()
            self.network.addItems(list(hosts))
        if server.serving is not None:
            self.network.setCurrentText(server.serving.host)
        self.network.setVisible(len(hosts) > 1)
        self.network_label.setVisible(len(hosts) > 1)
        for widget in (self.address, self.copy, self.choice):
            widget.setEnabled(server.on)
        self.adjustSize()

    def _toggle(self) -> None:
        server = phones()
        if server.on:
            server.stop()
            return
        problem = server.start(self.db)
        if problem is not None:
            self.state.setText(problem)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.address.text())


class PhonesStatus(QLabel):
    """The status bar's plain word while the score is on phones: 'On phones: ADDRESS'."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAccessibleName(_("Showing on phones"))
        phones().changed.connect(self.show_state)
        self.show_state()

    def show_state(self) -> None:
        server = phones()
        self.setText(_("On phones: {address}").format(address=server.url()) if server.on else "")


class _StopOnClose(QObject):
    """Stops serving when the window it watches closes (the app's window: the server
    stops with it)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            phones().stop()
        return False


def pages_of(league: str | None, night_id: int | None) -> list[tuple[str, Address]]:
    """The pages a code can open, the most particular first: this night, its league
    tonight and its standings, then every night."""
    pages = []
    if night_id is not None:
        pages.append((_("This night"), Address("night", str(night_id))))
    if league:
        pages.append((_("The league tonight (every table)"), Address("tonight", league)))
        pages.append((_("The league's standings"), Address("standings", league)))
    pages.append((_("Every night and league"), Address()))
    return pages


def show_phones(
    window: QMainWindow, db: Database, league: str | None, night_id: int | None
) -> None:
    """Night ▸ Show on phones: the dialog (non-modal), and, the first time, the status
    bar's plain word of it while on, and the server stopped when WINDOW closes."""
    if not window.property("phones-watched"):
        window.setProperty("phones-watched", True)
        stopper = _StopOnClose(window)
        window.installEventFilter(stopper)
        window.statusBar().addPermanentWidget(PhonesStatus(window))
    dialog = PhonesDialog(db, pages_of(league, night_id), window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    dialog.raise_()
