"""The app's name to the desktop and its icon, read through the core's resources
(`scorekeeper.resources.resource_path`: a checkout, an install or the frozen app)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QIcon

from scorekeeper.resources import resource_path

# The reverse-DNS id: the desktop entry's and the AppStream metainfo's file names, the
# icon's name, the Flatpak's id (packaging/; docs/decisions.md, "Installed forms").
APP_ID = "io.github.sheepshead_scorekeeper.SheepsheadScorekeeper"


def icon_folder() -> Path:
    """The icon theme folder the app's icons sit in, as a desktop installs them:
    `hicolor/<size>x<size>/apps/<APP_ID>.png` and `hicolor/scalable/apps/<APP_ID>.svg`."""
    return resource_path("icons", "hicolor")


def icon_path() -> Path:
    """The app's icon, drawn (SVG): what the PNGs are rendered from."""
    return icon_folder() / "scalable" / "apps" / f"{APP_ID}.svg"


def app_icon() -> QIcon:
    """The app's icon at every size it is drawn at (PNGs, so no SVG plugin is needed to
    show it); a null icon only when none of the files is there."""
    icon = QIcon()
    for png in sorted(icon_folder().glob(f"*/apps/{APP_ID}.png")):
        icon.addFile(str(png))
    return icon
