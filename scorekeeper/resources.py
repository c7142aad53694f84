"""Where the app's resources are (the icon, the report fonts, the translations).

The repository keeps them in `resources/` at its top.  A wheel installs that folder as
package data of the core, `scorekeeper/_resources/` (pyproject.toml maps it there), and
the frozen app carries the same folder at the same place in its bundle, so one lookup
through `importlib.resources` finds them installed and frozen; a checkout (or an
editable install of one) has no such folder and reads `resources/` beside the package.

Every answer is a real file path: gettext and reportlab open files by name, so the app
runs from an unpacked install (a wheel always is), never from a zip archive.  Nothing
else is searched (not the system's fonts): what the app needs, it ships.
"""

from __future__ import annotations

import importlib.resources
from functools import cache
from pathlib import Path

PACKAGE_DATA = "_resources"  # the folder's name inside an installed `scorekeeper`


@cache
def resources_folder() -> Path:
    """The folder holding the resources: the installed package data, else the
    checkout's `resources/`.  When neither is there (a broken install), the installed
    place, so that what is missing is reported where it should have been."""
    installed = importlib.resources.files("scorekeeper") / PACKAGE_DATA
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / "resources").is_dir():
        return checkout / "resources"
    return Path(__file__).resolve().parent / PACKAGE_DATA


def resource_path(*parts: str) -> Path:
    """The resource file or folder at PARTS under the resources, e.g.
    `resource_path("fonts", "DejaVuSansCondensed.ttf")`."""
    return resources_folder().joinpath(*parts)
