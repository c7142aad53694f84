"""Labels the windows share: text that is shown as it reads, never as markup."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from scorekeeper.games import all_games
from scorekeeper.rules import Option

PROBLEM_COLOUR = "#b00020"


def plain_label(text: str = "", name: str = "") -> QLabel:
    """A label that never reads markup (names may hold < or &)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if name:
        label.setAccessibleName(name)
    return label


def problem_label(name: str) -> QLabel:
    """A plain label for a problem, in the problem colour, empty until one is said."""
    label = plain_label(name=name)
    label.setStyleSheet(f"color: {PROBLEM_COLOUR}")
    return label


def in_words(message: str) -> str:
    """A core message as the window says it: each house-rule option the message spells
    as the night document does (`leaster_pay 'loser-pays'`) named in words, in the
    language spoken (“Who pays a leaster: the loser pays”).  The command line keeps the
    document's spelling, which is what its user types."""
    for option in sorted(every_option(), key=lambda o: -len(o.name)):
        if option.name not in message:
            continue
        for choice in option.choices:
            words = f"“{option.shown_name()}: {option.shown_choice(choice)}”"
            message = message.replace(f"{option.name} '{choice}'", words)
        if "_" in option.name:  # a one-word name ("partner") is a word in a sentence too
            message = re.sub(rf"\b{option.name}\b", f"“{option.shown_name()}”", message)
    return message


def every_option() -> list[Option]:
    """Every game's options, each name once (an option both games have shows one row,
    shown for either game), in the order the games declare them."""
    found: dict[str, Option] = {}
    for game in all_games():
        for option in game.options:
            found.setdefault(option.name, option)
    return list(found.values())
