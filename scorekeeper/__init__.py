"""Sheepshead Scorekeeper's core: rules, scoring, storage, reports and the command line.

Nothing under this package imports Qt; the desktop app in `ui/` is built on top of it.
"""

__version__ = "0.1.0"
