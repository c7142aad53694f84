"""Shared test set-up, done before anything is imported: Qt is forced offscreen, and
every per-user folder (settings, data, cache, state) is a fresh temporary one, so no
test ever writes into the real ~/.config or ~/.local of whoever runs the suite (and
the subprocesses the tests start inherit the same folders), removed when the run ends."""

import locale
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import i18n

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests speak English (the words in the code) whatever the machine's language; a
# test of German asks for it (scorekeeper.i18n.set_language, or LANGUAGE=de for a
# subprocess).
os.environ["LANGUAGE"] = "en"

# Each test process's per-user folders, inside one folder the run's first process makes
# (its test processes inherit HOMES) and removes when the run ends: a test process that
# pytest-xdist stops at the end without letting it clean up (a loaded machine's slow
# exit) leaves nothing behind either.
HOMES = "SCOREKEEPER_TESTS_HOMES"
OWN_HOMES = HOMES not in os.environ
if OWN_HOMES:
    os.environ[HOMES] = tempfile.mkdtemp(prefix="scorekeeper-tests-home-")
USER_FOLDERS = Path(tempfile.mkdtemp(dir=os.environ[HOMES]))
for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[variable] = str(USER_FOLDERS / variable.removeprefix("XDG_").lower())


def pytest_unconfigure(config: pytest.Config) -> None:
    """The per-user folders go when the run ends: each test process's own, and all of
    them with the run's first process."""
    shutil.rmtree(USER_FOLDERS, ignore_errors=True)
    if OWN_HOMES:
        shutil.rmtree(os.environ[HOMES], ignore_errors=True)


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """After a test that spoke German (LANGUAGE=de for the command line's door), English
    again: our words, and the operating system's ("No such file or directory"), which
    the C library keeps translated until its message locale is set anew."""
    yield
    i18n.set_language("en")
    kept = locale.setlocale(locale.LC_MESSAGES)
    locale.setlocale(locale.LC_MESSAGES, "C")
    locale.setlocale(locale.LC_MESSAGES, kept)
