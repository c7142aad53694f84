"""The installable forms' declarations agree with the code and with each other: the
wheel names every package of the checkout; the app's id, command, version and icons are
the same in pyproject.toml, the desktop entry, the AppStream metainfo and the Flatpak
manifest; the Flatpak installs the versions pinned; the resources are found installed
before the checkout, and a report never borrows the system's fonts.  (scripts/test-packaging
builds, installs and runs the forms themselves.)"""

from __future__ import annotations

import configparser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper import resources
from ui.paths import APP_ID, icon_folder

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
HICOLOR_SIZES = [16, 22, 24, 32, 48, 64, 128, 256, 512]


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys keep their case
    parser.read(PACKAGING / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def metainfo() -> ET.Element:
    return ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()


def flatpak(name: str) -> dict[str, object]:
    return json.loads((PACKAGING / "flatpak" / name).read_text(encoding="utf-8"))


def installed_name(package: str) -> str:
    """The name a checkout package has in the wheel (package-dir maps ui/ and resources/)."""
    for installed, folder in PYPROJECT["tool"]["setuptools"]["package-dir"].items():
        prefix = folder.replace("/", ".")
        if package == prefix or package.startswith(prefix + "."):
            return installed + package[len(prefix) :]
    return package


def test_the_wheel_names_every_package_of_the_checkout_under_its_installed_name() -> None:
    folders = {p.parent for top in ("scorekeeper", "ui") for p in (ROOT / top).rglob("*.py")}
    checkout = {".".join(f.relative_to(ROOT).parts) for f in folders}
    # resources/ and each of its folders whose name Python could import that holds data
    # (its own files, or those of folders below it that Python could not import, such as
    # 16x16/): setuptools warns on every install about one left undeclared
    data = {"resources"}
    for file in (ROOT / "resources").rglob("*.*"):
        parts = file.parent.relative_to(ROOT).parts
        while not all(part.isidentifier() for part in parts):
            parts = parts[:-1]
        data.add(".".join(parts))
    expected = {installed_name(package) for package in checkout | data}
    declared = set(PYPROJECT["tool"]["setuptools"]["packages"])
    assert declared == expected
    assert "ui" not in {name.split(".")[0] for name in declared}  # no bare top-level ui
    gui = PYPROJECT["project"]["gui-scripts"]["sheepshead-scorekeeper"]
    assert gui == "sheepshead_scorekeeper.start:main"


def test_the_version_is_written_once_and_the_metainfo_s_newest_release_is_it() -> None:
    assert "version" not in PYPROJECT["project"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "scorekeeper.__version__"
    }
    releases = metainfo().findall("releases/release")
    assert releases[0].get("version") == scorekeeper.__version__


def test_the_desktop_entry_metainfo_and_flatpak_name_the_same_app() -> None:
    entry = desktop_entry()
    gui_command = next(iter(PYPROJECT["project"]["gui-scripts"]))
    assert entry["Icon"] == APP_ID
    assert entry["Exec"] == gui_command
    info = metainfo()
    assert info.findtext("id") == APP_ID
    assert info.findtext("launchable") == f"{APP_ID}.desktop"
    assert info.findtext("project_license") == PYPROJECT["project"]["license"]
    binaries = {b.text for b in info.findall("provides/binary")}
    assert binaries == {gui_command, *PYPROJECT["project"]["scripts"]}
    manifest = flatpak(f"{APP_ID}.json")
    assert manifest["id"] == APP_ID
    assert manifest["command"] == gui_command


def test_the_icon_comes_drawn_at_every_hicolor_size() -> None:
    assert (icon_folder() / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in HICOLOR_SIZES:
        png = (icon_folder() / f"{size}x{size}" / "apps" / f"{APP_ID}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)


def _pins() -> dict[str, str]:
    pins = {}
    for line in PYPROJECT["project"]["dependencies"]:
        if "win32" in line:
            continue
        name, version = re.match(r"([A-Za-z0-9_.-]+)(?:\[.*\])?==([^;\s]+)", line).groups()
        pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def test_the_flatpak_installs_the_versions_pyproject_pins() -> None:
    module = flatpak("python3-dependencies.json")
    wheels = {}
    for source in module["sources"]:
        name, version = Path(source["path"]).name.split("-")[:2]
        wheels[re.sub(r"[-_.]+", "-", name).lower()] = version
        assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"])
    for name, version in _pins().items():
        assert wheels.get(name) == version, f"{name}: pinned {version}, Flatpak {wheels.get(name)}"
    # No part of Qt for Python the app no longer installs (Addons: hundreds of MB)
    assert {name for name in wheels if name.startswith("pyside6")} <= set(_pins())
    installed = module["build-commands"][0].split()
    assert set(_pins()) <= set(installed)


def test_resources_are_the_installed_package_data_before_the_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    resources.resources_folder.cache_clear()
    try:
        assert resources.resource_path("fonts") == ROOT / "resources" / "fonts"  # a checkout
        (tmp_path / "_resources").mkdir()
        monkeypatch.setattr(resources.importlib.resources, "files", lambda _package: tmp_path)
        resources.resources_folder.cache_clear()
        assert resources.resource_path("fonts") == tmp_path / "_resources" / "fonts"
    finally:
        monkeypatch.undo()
        resources.resources_folder.cache_clear()


def test_a_report_without_the_bundled_fonts_is_refused_not_made_with_the_system_s(
    tmp_path: Path,
) -> None:
    """The system's DejaVu (Debian's fonts-dejavu-extra) is never a fallback: a
    report needs the app's own copies, and says which is missing."""
    program = (
        "import pathlib, sys\n"
        "from scorekeeper.reports import render\n"
        "render.resource_path = lambda *parts: pathlib.Path(sys.argv[1]).joinpath(*parts)\n"
        "try:\n"
        "    render.register_fonts()\n"
        "except render.ReportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == (
        f"The report font DejaVuSansCondensed.ttf is missing from {tmp_path / 'fonts'}."
    )


def exec_argv(value: str) -> list[str]:
    """Exec's value read as the Desktop Entry spec reads it: first the string's escapes
    (\\s \\n \\t \\r \\\\), then its quoting (a space splits outside "...", inside it a
    backslash keeps the next of \\ " ` $), then %% as %."""
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    text = re.sub(r"\\(.)", lambda m: escapes.get(m[1], m[0]), value)
    argv: list[str] = []
    word: list[str] | None = None  # None between arguments; "" is an argument
    quoted = False
    chars = iter(text)
    for char in chars:
        if char == " " and not quoted:
            if word is not None:
                argv.append("".join(word))
            word = None
            continue
        word = word if word is not None else []
        if char == '"':
            quoted = not quoted
        elif quoted and char == "\\":
            following = next(chars)
            assert following in '\\"`$', f"{following!r} escaped in a quoted argument"
            word.append(following)
        else:
            assert quoted or char not in "\"'\\><~|&;$*?#()`", f"{char!r} outside quotes"
            word.append(char)
    assert not quoted, "a quote left open"
    if word is not None:
        argv.append("".join(word))
    return [arg.replace("%%", "%") for arg in argv]


def install_desktop_entry(command: Path, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PACKAGING / "install-desktop-entry", str(command)],
        env={"PATH": "/usr/bin:/bin", "HOME": str(data), "XDG_DATA_HOME": str(data)},
        capture_output=True,
        text=True,
    )


def test_the_desktop_entry_installed_from_a_folder_named_with_shell_characters_starts_it(
    tmp_path: Path,
) -> None:
    """A folder named `a&b "c' d\\e$f`g` (sed once wrote Exec="…aExec=…b…" for `&`)."""
    folder = tmp_path / "a&b \"c' d\\e$f`g"
    folder.mkdir()
    app = folder / "sheepshead-scorekeeper"
    started = tmp_path / "started"
    os.mkfifo(started)
    # It lets go of gio's output at once (gio's caller reads that to its end), then says
    # what it was started as into the pipe the test reads.
    app.write_text(
        f'#!/bin/sh\nexec >/dev/null 2>&1\nprintf "%s" "$0" >"{started}"\n', encoding="utf-8"
    )
    app.chmod(0o755)
    data = tmp_path / "share"
    done = install_desktop_entry(app, data)
    assert done.returncode == 0, done.stderr
    entry = data / "applications" / f"{APP_ID}.desktop"
    lines = entry.read_text(encoding="utf-8").splitlines()
    values = dict(line.split("=", 1) for line in lines if "=" in line)
    assert exec_argv(values["Exec"]) == [str(app)]
    assert values["TryExec"].replace("\\\\", "\\") == str(app)
    assert lines.index(f"Exec={values['Exec']}") < lines.index(f"Icon={APP_ID}")  # in its group
    if shutil.which("desktop-file-validate"):
        validated = subprocess.run(["desktop-file-validate", entry], capture_output=True, text=True)
        assert validated.returncode == 0, validated.stdout + validated.stderr
    if shutil.which("gio"):  # GLib's own reading: the desktop starts this very file
        launched = subprocess.run(
            ["gio", "launch", entry], capture_output=True, text=True, timeout=60
        )
        assert launched.returncode == 0, launched.stderr
        said = subprocess.run(["cat", started], capture_output=True, text=True, timeout=60)
        assert said.stdout == str(app)


def test_a_folder_the_desktop_cannot_start_is_refused_by_name(tmp_path: Path) -> None:
    folder = tmp_path / "100% sure"
    folder.mkdir()
    app = folder / "sheepshead-scorekeeper"
    app.write_text("#!/bin/sh\n", encoding="utf-8")
    app.chmod(0o755)
    done = install_desktop_entry(app, tmp_path / "share")
    assert done.returncode == 2
    assert done.stderr.startswith(f"install-desktop-entry: the path {app} holds a %")
    assert not (tmp_path / "share" / "applications").exists()
