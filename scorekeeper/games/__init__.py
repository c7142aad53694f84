"""The games Scorekeeper keeps score of, each a module that declares itself once.

`register(game)` adds a game; `game_of(rules)` is the game a night is played at (by
its preset), `game_named(name)` the game of that name, `all_games()` every one.
Whatever differs between games (the words of the table, what a scored hand says of
itself, a printed sheet's cells, the statistics' counts) is asked of the game here,
never decided elsewhere by testing a hand's class or a game's name.  A test
(tests/test_games_dispatch.py) holds the rest of the code to that.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.games.base import Game, HandFacts, Words, changed_lines, option_value
from scorekeeper.games.schafkopf import SCHAFKOPF
from scorekeeper.games.sheepshead import SHEEPSHEAD
from scorekeeper.rules import RuleSet

__all__ = [
    "Game",
    "HandFacts",
    "Words",
    "all_games",
    "changed_lines",
    "game_named",
    "game_of",
    "game_of_preset",
    "one_game",
    "option_value",
    "register",
]

_GAMES: dict[str, Game] = {}
_BY_PRESET: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add GAME to those Scorekeeper knows; a name or preset taken twice is an error."""
    if game.name in _GAMES:
        raise ValueError(f"a game named {game.name!r} is registered already")
    taken = [p for p in game.presets if p in _BY_PRESET]
    if taken:
        raise ValueError(f"preset {taken[0]!r} belongs to {_BY_PRESET[taken[0]].name} already")
    _GAMES[game.name] = game
    _BY_PRESET.update(dict.fromkeys(game.presets, game))
    return game


def all_games() -> tuple[Game, ...]:
    """Every registered game, in the order registered."""
    return tuple(_GAMES.values())


def game_named(name: str) -> Game:
    """The game of this name (`RuleSet.game`, a cached night's game)."""
    return _GAMES[name]


def game_of_preset(preset: str) -> Game:
    """The game a preset is played at."""
    return _BY_PRESET[preset]


def game_of(rules: RuleSet) -> Game:
    """The game a night is played at, by its rules' preset."""
    return _BY_PRESET[rules.preset]


def one_game(names: Iterable[str]) -> Game:
    """The game of NAMES when they are all one (a league's nights, a player's hands);
    Sheepshead, the app's own game, when they are mixed or there are none."""
    found = set(names)
    return _GAMES[found.pop()] if len(found) == 1 else SHEEPSHEAD


register(SHEEPSHEAD)
register(SCHAFKOPF)
