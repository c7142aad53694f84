"""Money as people write it: the core's formatter, where the UI imports it from."""

from scorekeeper.formatting import dollars

__all__ = ["dollars"]
