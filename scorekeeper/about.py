"""What the program is: its version and licence, for Help ▸ About, `--version` and the
log.

The version has one home: `scorekeeper.__version__` while it is written there, else the
installed distribution's metadata (where pyproject.toml's version goes); read it through
`version()`, so that either works.
"""

from __future__ import annotations

import scorekeeper

DISTRIBUTION = "sheepshead-scorekeeper"
LICENCE = "GPL-3.0-or-later"  # pyproject.toml's `license` (tests/test_about.py)


def version() -> str:
    """This program's version ('0.1.0'); 'unknown' when neither the package nor an
    installed distribution says."""
    written = getattr(scorekeeper, "__version__", None)
    if isinstance(written, str) and written:
        return written
    from importlib import metadata  # only then: it costs the start a few imports

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
