"""Where the app's resources are: beside the package in a checkout or an install."""

from pathlib import Path

RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def icon_path() -> Path:
    """The app's icon (SVG)."""
    return RESOURCES / "icons" / "sheepshead-scorekeeper.svg"
