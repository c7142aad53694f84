"""A sample night, so that a newcomer opening the app for the first time sees something."""

from __future__ import annotations

from typing import Any


def sample_night_document() -> dict[str, Any]:
    """A short classic-5 night at six seats, with every kind of hand."""
    players = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]

    def dealer(n: int) -> str:
        return players[n % len(players)]

    hands: list[dict[str, Any]] = [
        {"type": "pick", "picker": "Bob", "partners": ["Dee"], "call": "ace-hearts",
         "points": 74, "tricks": 4},
        {"type": "pick", "picker": "Cal", "partners": ["Eve"], "call": "ace-clubs",
         "points": 93, "tricks": 5, "doublers": ["crack"]},
        {"type": "leaster", "winner": "Fay"},
        {"type": "pick", "picker": "Eve", "partners": [], "call": "alone",
         "points": 48, "tricks": 2},
        {"type": "misplay", "misplays": ["Ann"]},
        {"type": "pick", "picker": "Ann", "partners": ["Cal"], "call": "ace-spades",
         "points": 120, "tricks": 6},
        {"type": "pick", "picker": "Dee", "partners": ["Bob"], "call": "ten-hearts",
         "points": 30, "tricks": 1, "last_hand": True},
    ]  # fmt: skip
    for number, hand in enumerate(hands):
        hand["dealer"] = dealer(number)
    return {
        "format": "sheepshead-night/1",
        "date": "2026-11-17",
        "league": "Tuesday Night League",
        "season": "Fall 2026",
        "table": "1",
        "title": "Sample night",
        "rules": {"preset": "classic-5", "stake_cents": 25},
        "players": players,
        "hands": hands,
    }
