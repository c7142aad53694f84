"""Shared test set-up, done before anything is imported: Qt is forced offscreen, and
every per-user folder (settings, data, cache, state) is a fresh temporary one, so no
test ever writes into the real ~/.config or ~/.local of whoever runs the suite (and
the subprocesses the tests start inherit the same folders)."""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests speak English (the words in the code) whatever the machine's language; a
# test of German asks for it (scorekeeper.i18n.set_language, or LANGUAGE=de for a
# subprocess).
os.environ["LANGUAGE"] = "en"

USER_FOLDERS = Path(tempfile.mkdtemp(prefix="scorekeeper-tests-home-"))
for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[variable] = str(USER_FOLDERS / variable.removeprefix("XDG_").lower())
