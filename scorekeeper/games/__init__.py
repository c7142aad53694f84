"""The games Scorekeeper keeps score of, each a module that declares itself once.

`register(game)` adds a game, or (given a `Later`) a game whose module is
imported the first time the game is asked for (its name and presets said here, checked
against the game's when it loads: Schafkopf's rules are not imported to show a
Sheepshead night, about 14 ms of the app's start). `game_of(rules)` is the game a night
is played at, `game_named(name)` the game of that name, `all_games()` every one. The
presets are the games' (`preset_rules`, `all_presets`), and so is reading a night
document's `rules` (`parse_rules`) and its hands' types (`hand_type`). Whatever differs
between games (the rules, the hands, their checks and scoring, the words of the table,
what a scored hand says of itself, a printed sheet's cells, the statistics' counts) is
asked of the game here, never decided elsewhere by testing a hand's class or a game's
name. A test (tests/test_games_dispatch.py) holds the rest of the code to that.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scorekeeper.games.base import (
    Carry,
    Draft,
    Figure,
    FigureCounts,
    Game,
    HandFacts,
    Scored,
    Words,
    changed_lines,
    marks_legend,
    option_value,
)
from scorekeeper.games.result import RESULT
from scorekeeper.games.sheepshead import SHEEPSHEAD
from scorekeeper.i18n import _
from scorekeeper.json_input import key_name, show_value
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.rules import Option, RuleSet

__all__ = [
    "DEFAULT_GAME",
    "DEFAULT_PRESET",
    "RESULT",
    "SCHAFKOPF_LATER",
    "Carry",
    "Draft",
    "Figure",
    "FigureCounts",
    "Game",
    "HandFacts",
    "Later",
    "Scored",
    "Words",
    "all_games",
    "all_presets",
    "changed_lines",
    "game_named",
    "game_names",
    "game_of",
    "game_of_preset",
    "hand_type",
    "hand_types",
    "marks_legend",
    "one_game",
    "option_value",
    "parse_rules",
    "preset_rules",
    "register",
    "seats_of_preset",
    "unregister",
]

DEFAULT_GAME = SHEEPSHEAD.name  # the app's own game: a new league's, a mixed league's
DEFAULT_PRESET = SHEEPSHEAD.presets[0]  # a new league's rules, a blank pad's


@dataclass(frozen=True)
class Later:
    """A game registered before its module is imported: its NAME and PRESETS, and the
    MODULE whose ATTRIBUTE is the `Game` (imported the first time it is asked for)."""

    name: str
    presets: tuple[str, ...]
    module: str
    attribute: str


SCHAFKOPF_LATER = Later(
    "schafkopf",
    ("schafkopf", "schafkopf-10-50", "schafkopf-short"),
    "scorekeeper.games.schafkopf",
    "SCHAFKOPF",
)

_GAMES: dict[str, Game | Later] = {}  # by name, in the order registered
_BY_PRESET: dict[str, str] = {}  # the name of each preset's game
# Every game's kinds of hand by type, the first game's first (`hand_types()`): made
# again (a new dict, swapped in) by `register`, `unregister` and a game loaded, not on
# every hand read or stored.
_EVERY_KIND: dict[str, type[Hand]] = {}
_LOADING = threading.RLock()  # one thread imports a game registered for later


def register(game: Game | Later) -> Game | Later:
    """Add GAME to those Scorekeeper knows (a `Later`: its module imported when the game
    is first asked for); a name or preset taken twice is an error."""
    if game.name in _GAMES:
        raise ValueError(f"a game named {game.name!r} is registered already")
    taken = [p for p in game.presets if p in _BY_PRESET]
    if taken:
        raise ValueError(f"preset {taken[0]!r} belongs to {_BY_PRESET[taken[0]]} already")
    _GAMES[game.name] = game
    _BY_PRESET.update(dict.fromkeys(game.presets, game.name))
    _index_kinds()
    return game


def unregister(game: Game | Later) -> None:
    """Forget GAME (and its presets): what `register` added."""
    del _GAMES[game.name]
    for preset in game.presets:
        del _BY_PRESET[preset]
    _index_kinds()


def _game(name: str) -> Game:
    """The game named NAME, its module imported now if it was registered for later."""
    game = _GAMES[name]
    if not isinstance(game, Later):
        return game
    with _LOADING:
        game = _GAMES[name]  # another thread may have loaded it meanwhile
        if not isinstance(game, Later):
            return game
        loaded: Game = getattr(importlib.import_module(game.module), game.attribute)
        if (loaded.name, tuple(loaded.presets)) != (game.name, game.presets):
            raise ValueError(f"{game.module}.{game.attribute} is not the game {game.name!r}")
        _GAMES[name] = loaded  # in its place: the order registered is kept
        _index_kinds()
        return loaded


def _index_kinds() -> None:
    global _EVERY_KIND
    kinds: dict[str, type[Hand]] = {}
    for game in _GAMES.values():
        if not isinstance(game, Later):  # one registered for later: indexed when loaded
            for name, kind in game.hand_types.items():
                kinds.setdefault(name, kind)
    _EVERY_KIND = kinds  # whole: a reader on another thread never sees it half made


def all_games() -> tuple[Game, ...]:
    """Every registered game, in the order registered (those for later loaded now)."""
    return tuple(_game(name) for name in list(_GAMES))


def all_options() -> tuple[Option, ...]:
    """Every game's house-rule options, each name once (an option both games have is
    the first game's), in the order the games declare them."""
    found: dict[str, Option] = {}
    for game in all_games():
        for option in game.options:
            found.setdefault(option.name, option)
    return tuple(found.values())


def game_names() -> tuple[str, ...]:
    """Every registered game's name, in the order registered, none of them loaded."""
    return tuple(_GAMES)


def game_named(name: str) -> Game:
    """The game of this name (`RuleSet.game`, a cached night's game)."""
    return _game(name)


def game_of_preset(preset: str) -> Game:
    """The game a preset is played at."""
    return _game(_BY_PRESET[preset])


def game_of(rules: RuleSet) -> Game:
    """The game a night is played at, by its rules."""
    return _game(rules.game)


def one_game(names: Iterable[str]) -> Game:
    """The game of NAMES when they are all one (a league's nights, a player's hands);
    Sheepshead, the app's own game, when they are mixed or there are none."""
    found = set(names)
    return _game(found.pop()) if len(found) == 1 else _game(DEFAULT_GAME)


def all_presets() -> tuple[str, ...]:
    """Every preset of every game, game by game."""
    return tuple(_BY_PRESET)


def seats_of_preset(preset: Any) -> tuple[int, int]:
    """The fewest and the most players a table of PRESET's game seats (`Game.seats`);
    for what is no preset's name (a document whose rules are wrong), the fewest and the
    most any game seats."""
    if isinstance(preset, str) and preset in _BY_PRESET:
        return game_of_preset(preset).seats
    every = [game.seats for game in all_games()]
    return min(fewest for fewest, _most in every), max(most for _fewest, most in every)


def preset_rules(name: str) -> RuleSet:
    """The rule set of a preset, every other option at its default."""
    return game_of_preset(name).rules.of_preset(name)


def hand_types(rules: RuleSet | None = None) -> Mapping[str, type[Hand]]:
    """The kinds of hand a night under RULES is recorded with, by type; with no rules
    (a document whose rules are wrong), every game's, the first game's first."""
    if rules is not None:
        return game_of(rules).hand_types
    all_games()  # every game's kinds: those registered for later loaded
    return MappingProxyType(_EVERY_KIND)


def hand_type(name: str, rules: RuleSet | None) -> type[Hand] | None:
    """The kind of hand NAME is in a night under RULES; a kind only another game plays
    is read as that game's (the night's checks then say where it is played)."""
    if rules is not None and (found := game_of(rules).hand_types.get(name)) is not None:
        return found
    for game_name in list(_GAMES):  # the first game's first, as `hand_types()` has them
        found = _game(game_name).hand_types.get(name)  # a game for later loaded if reached
        if found is not None:
            return found
    return None


def parse_rules(value: Any) -> tuple[RuleSet | None, list[Problem]]:
    """Read the `rules` of a night document: a preset name, or an object with overrides.

    Returns the rule set, or None with every problem found (unknown preset or option,
    a value out of range, options that contradict each other).
    """
    if isinstance(value, str):
        value = {"preset": value}
    if not isinstance(value, Mapping):
        return None, [Problem("rules", _("must be a preset name or an object with a preset"))]
    preset = value.get("preset")
    if preset is None:
        message = _("missing: name the preset the night starts from")
        return None, [Problem("rules.preset", message, missing=True)]
    if not isinstance(preset, str) or preset not in _BY_PRESET:
        # Translators: NAMES are the presets' names, kept as they are.
        message = _("{value} is not a preset (one of {names})").format(
            value=show_value(preset), names=", ".join(_BY_PRESET)
        )
        return None, [Problem("rules.preset", message)]
    game = game_of_preset(preset)
    mine = {o.name: o for o in game.options}
    problems = []
    overrides: dict[str, Any] = {}
    for key, given in value.items():
        if key == "preset":
            continue
        option = mine.get(key)
        if option is None:
            problems.append(Problem(f"rules.{key_name(key)}", _not_an_option(key, game, preset)))
            continue
        wrong = option.check(given)
        if wrong:
            problems.append(Problem(f"rules.{key_name(key)}", wrong))
        else:
            overrides[key] = given
    if problems:
        return None, problems
    rules = game.rules.of_preset(preset).with_options(overrides)
    problems = rules.problems()
    return (None, problems) if problems else (rules, [])


def _not_an_option(key: Any, game: Game, preset: str) -> str:
    owners = [g.title for g in all_games() if any(o.name == key for o in g.options)]
    if not owners:
        return _("is not a house-rule option")
    # Translators: OWNER and GAME are games' names, PRESET a preset's.
    return _("is a {owner} option, and {preset} is a {game} preset").format(
        owner=_(owners[0]), preset=preset, game=_(game.title)
    )


register(SHEEPSHEAD)
register(SCHAFKOPF_LATER)  # imported when first asked for
