"""The Sheepshead Scorekeeper desktop app (PySide6), built on the `scorekeeper` core."""
