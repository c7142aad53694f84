"""What tells the phones' server that the database changed: the same two ways the
board hears it (`store.board`).  On PostgreSQL every write to a night, a hand or a
seat notifies (migration 0011), and `board.listen` hears it at once; on SQLite, and
whenever listening fails, the store's `change_token` is read every POLL_S seconds.
Either way the token is compared before the version moves, so one change is one
version however it was heard.  The token is the tournament board's (the league
board's, and a draw, a round started, a penalty or an entry): a tournament's page
follows what only polling sees.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from scorekeeper.store import board as boards
from scorekeeper.store import tournament_board
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError

logger = logging.getLogger(__name__)

POLL_S = 0.25  # a SQLite file read four times a second: a page is new well within 2 s
# With notifications, polling catches what they do not tell: a tournament's draw, a
# round started, a penalty (its own tables notify nothing), within the 2 s promised.
POLL_LISTENING_S = 1.0


class ChangeFeed:
    """Counts changes to DB: `version` goes up by one whenever anything a page shows
    may have changed, and ON_CHANGE(version) is called from the feed's own thread."""

    def __init__(
        self, db: Database, on_change: Callable[[int], None], *, poll_s: float = POLL_S
    ) -> None:
        self.db = db
        self.on_change = on_change
        self.poll_s = poll_s
        # Counted from the clock's milliseconds, so that a page a phone kept from an
        # earlier run of the server is never taken for this run's version of it.
        self.version = time.time_ns() // 1_000_000
        self.listening = threading.Event()  # set while PostgreSQL's notices are heard
        self._token: tuple[Any, ...] | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        """Watch from now on (the token read first: nothing committed after a page was
        read is missed)."""
        self._token = self._read()
        self._threads = [threading.Thread(target=self._poll, name="web-feed", daemon=True)]
        if boards.can_listen(self.db):
            listener = threading.Thread(target=self._listen, name="web-listen", daemon=True)
            self._threads.append(listener)
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        for thread in self._threads:
            thread.join(timeout=2)  # a listener still connecting ends by its own timeout
        self._threads = []

    def _listen(self) -> None:
        try:
            boards.listen(self.db, self._stop, self._wake.set, self.listening.set)
        except StorageError as error:
            logger.warning("phones: %s; polling instead", error)
        finally:
            self.listening.clear()

    def _poll(self) -> None:
        while not self._stop.is_set():
            wait = POLL_LISTENING_S if self.listening.is_set() else self.poll_s
            self._wake.wait(timeout=max(wait, self.poll_s))
            self._wake.clear()
            if self._stop.is_set():
                return
            token = self._read()
            if token is not None and token != self._token:
                self._token = token
                self.version += 1
                try:
                    self.on_change(self.version)
                except Exception:  # a page that failed is logged; the feed goes on
                    logger.exception("phones: telling the pages of a change failed")

    def _read(self) -> tuple[Any, ...] | None:
        try:
            return tournament_board.change_token(self.db)
        except StorageError as error:
            logger.warning("phones: the database could not be read: %s", error)
            return None
