"""Where the app's resources are (the icon, the report fonts, the translations).

In a checkout they are the repository's `resources/` folder, beside this package.
(The packaging work moves this to `importlib.resources`; callers only ask here.)
"""

from __future__ import annotations

from pathlib import Path

RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    """The resource file or folder at PARTS under the resources, e.g.
    `resource_path("fonts", "DejaVuSansCondensed.ttf")`."""
    return RESOURCES.joinpath(*parts)
