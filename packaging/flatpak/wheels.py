"""The wheels the Flatpak installs (python3-dependencies.json): the app's pinned
dependencies (pyproject.toml) for the runtime's Python, fetched with pip into
packaging/flatpak/wheels/ and checked against the sha256 that the module records.

    python3 packaging/flatpak/wheels.py fetch    the module's wheels, checked (before
                                                 flatpak-builder; see docs/packaging.md)
    python3 packaging/flatpak/wheels.py update   the pins' wheels fetched anew and the
                                                 module written again (after a pin changed)
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WHEELS = HERE / "wheels"
MODULE = HERE / "python3-dependencies.json"
PYTHON = "3.12"  # org.freedesktop.Platform 24.08's
SITE = f"/app/lib/python{PYTHON}/site-packages"
PLATFORMS = [f"manylinux_2_{minor}_x86_64" for minor in range(39, 16, -1)]
PLATFORMS.append("manylinux2014_x86_64")
BUILD_TOOLS = ["setuptools>=77"]  # what `pip install .` of the app needs, removed after
# Qt parts the app never uses, left out of the Flatpak (the PySide6 wheels carry them),
# and the build tool the app's own install needed.
UNUSED = [
    f"{SITE}/PySide6/Qt/qml",
    f"{SITE}/PySide6/Qt/lib/libQt6Quick*",
    f"{SITE}/PySide6/Qt/lib/libQt6Designer*",
    f"{SITE}/PySide6/QtQuick*",
    f"{SITE}/PySide6/QtDesigner*",
    f"{SITE}/PySide6/designer",
    f"{SITE}/PySide6/assistant",
    f"{SITE}/PySide6/linguist",
    f"{SITE}/PySide6/Qt/plugins/designer",
    f"{SITE}/setuptools*",
    f"{SITE}/_distutils_hack",
    f"{SITE}/distutils-precedence.pth",
    "/bin/pyside6-*",
]


def pins() -> list[str]:
    """pyproject.toml's dependencies as pip reads them, those for Windows left out."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [pin for pin in project["dependencies"] if "win32" not in pin]


def download(requirements: list[str], *, deps: bool) -> None:
    """REQUIREMENTS' wheels for the runtime's Python and machine, into WHEELS."""
    WHEELS.mkdir(exist_ok=True)
    platforms = [option for name in PLATFORMS for option in ("--platform", name)]
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--dest", str(WHEELS)]
    command += ["--only-binary=:all:", "--python-version", PYTHON, "--implementation", "cp"]
    command += [*platforms, *([] if deps else ["--no-deps"]), *requirements]
    subprocess.run(command, check=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def requirement(wheel: str) -> str:
    """'SQLAlchemy==2.1.9' from 'sqlalchemy-2.1.9-cp312-cp312-manylinux...whl'."""
    name, version = wheel.split("-")[:2]
    return f"{name}=={version}"


def fetch() -> int:
    """The module's wheels, each checked against its sha256."""
    sources = json.loads(MODULE.read_text(encoding="utf-8"))["sources"]
    download([requirement(Path(source["path"]).name) for source in sources], deps=False)
    wrong = [s["path"] for s in sources if sha256(HERE / s["path"]) != s["sha256"]]
    for path in wrong:
        print(f"wheels.py: {path} is not the wheel the module names (sha256)", file=sys.stderr)
    return 1 if wrong else 0


def update() -> int:
    """Fetch the pins' wheels and their dependencies, and write the module anew."""
    for old in WHEELS.glob("*.whl"):
        old.unlink()
    download(pins() + BUILD_TOOLS, deps=True)
    wheels = sorted(WHEELS.glob("*.whl"), key=lambda p: p.name.lower())
    names = " ".join(re.sub(r"[-_.]+", "-", w.name.split("-")[0]).lower() for w in wheels)
    module = {
        "name": "python3-dependencies",
        "buildsystem": "simple",
        "build-commands": [
            'pip3 install --no-index --find-links="file://${PWD}" --prefix=${FLATPAK_DEST} '
            f"--no-build-isolation {names}"
        ],
        "sources": [
            {"type": "file", "path": f"wheels/{w.name}", "sha256": sha256(w)} for w in wheels
        ],
        "cleanup": UNUSED,
    }
    MODULE.write_text(json.dumps(module, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {MODULE.relative_to(ROOT)}: {len(wheels)} wheels")
    return 0


if __name__ == "__main__":
    actions = {"fetch": fetch, "update": update}
    if len(sys.argv) != 2 or sys.argv[1] not in actions:
        raise SystemExit(__doc__)
    raise SystemExit(actions[sys.argv[1]]())
