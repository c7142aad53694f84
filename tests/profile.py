"""A new user's folders for a program a test starts: HOME and the XDG folders under one
fresh folder, nothing of the suite's own."""

from __future__ import annotations

from pathlib import Path

XDG_FOLDERS = {
    "XDG_DATA_HOME": ".local/share",
    "XDG_CONFIG_HOME": ".config",
    "XDG_STATE_HOME": ".local/state",
    "XDG_CACHE_HOME": ".cache",
}


def new_user_folders(home: Path) -> dict[str, str]:
    """HOME and each XDG folder, under HOME, as a new account has them."""
    return {"HOME": str(home)} | {name: str(home / place) for name, place in XDG_FOLDERS.items()}
