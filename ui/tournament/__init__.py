"""The tournament window (Tournament ▸ Tournaments), its dialogs, and the board."""
