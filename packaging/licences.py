"""The licences of what the frozen app is made of, into FOLDER (packaging/build):
FOLDER/<distribution>/ holds each installed distribution's licence files as its wheel
ships them, and FOLDER/README.txt names each one with its version and licence.  Run with
the virtual environment's Python the app was frozen from."""

from __future__ import annotations

import shutil
import sys
import sysconfig
from importlib.metadata import Distribution, distributions
from pathlib import Path

# Tools that build the folder but are not part of it (PyInstaller is: its bootloader).
NOT_FROZEN = {"pip", "setuptools", "wheel", "build", "packaging", "pyproject-hooks", "altgraph"}
NOT_FROZEN |= {"pyinstaller-hooks-contrib"}
# Qt for Python ships its licence in its metadata only; LGPL-3.0 is the one it is used under.
LGPL = Path(__file__).with_name("LGPL-3.0.txt")
QT = {"pyside6-essentials", "pyside6-addons", "shiboken6"}


def licence_files(dist: Distribution) -> list[Path]:
    """DIST's licence files (its dist-info's licenses/, LICENSE*, COPYING*, NOTICE*)."""
    found = []
    for file in dist.files or []:
        parts = file.parts
        if not parts[0].endswith(".dist-info"):
            continue
        name = parts[-1].upper()
        if "licenses" in parts or name.startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE")):
            found.append(Path(str(dist.locate_file(file))))
    return found


def main(folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["What this folder is made of, and the licence of each part.", ""]
    python = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    lines.append(f"Python {sys.version.split()[0]}: PSF-2.0")
    if python.is_file():
        (folder / "Python").mkdir(exist_ok=True)
        shutil.copyfile(python, folder / "Python" / "LICENSE.txt")
    for dist in sorted(distributions(), key=lambda d: d.metadata["Name"].lower()):
        name = dist.metadata["Name"]
        key = name.lower().replace("_", "-")
        if key in NOT_FROZEN:
            continue
        licence = dist.metadata.get("License-Expression") or dist.metadata.get("License") or "?"
        lines.append(f"{name} {dist.version}: {licence.splitlines()[0]}")
        target = folder / name
        files = licence_files(dist) or ([LGPL] if key in QT else [])
        for file in files:
            target.mkdir(exist_ok=True)
            shutil.copyfile(file, target / file.name)
    (folder / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
