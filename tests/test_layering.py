"""The core never imports Qt: every module under scorekeeper/ loads without PySide6."""

import subprocess
import sys

PROGRAM = """
import importlib, pkgutil, sys
import scorekeeper
names = [m.name for m in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper.")]
for name in names:
    if name != "scorekeeper.__main__":
        importlib.import_module(name)
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "ui"))
print(len(names), qt)
"""


def test_importing_every_core_module_loads_no_pyside6() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True
    )
    count, qt = done.stdout.strip().split(" ", 1)
    assert int(count) >= 10
    assert qt == "[]"
