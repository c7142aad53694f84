"""What differs between the games is asked of the game (`scorekeeper.games`), never
decided elsewhere: this scans the source of scorekeeper/ and ui/, outside the games'
own packages, for a test of a hand's or a rule set's class, a comparison with a game's
name, or an import of one game's package.  Inside a game, what differs between its
kinds of hand is asked of the hand's kind (`scorekeeper.games.hand_kind`): the games'
own modules test no hand's class either."""

from __future__ import annotations

import ast
from pathlib import Path

from scorekeeper.games import all_games
from scorekeeper.records import Hand
from scorekeeper.rules import RuleSet

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("scorekeeper", "ui")
GAMES = ("scorekeeper/games/", "ui/games/")  # where the games say what is theirs
# What every game may share (the result hand is any card game's), not one game's own.
SHARED_GAME_MODULES = (
    "scorekeeper.games.base",
    "scorekeeper.games.cards",
    "scorekeeper.games.result",
)


def _subclasses(cls: type) -> set[str]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub.__name__, *_subclasses(sub)}
    return found


GAME_NAMES = frozenset(g.name for g in all_games())  # every game loaded (one is for later)
HAND_CLASSES = frozenset(_subclasses(Hand) | {"Hand"})
CLASSES = HAND_CLASSES | frozenset(_subclasses(RuleSet))
GAME_OBJECTS = frozenset(type(g).__name__.upper() for g in all_games()) | frozenset(
    name.upper() for name in ("SHEEPSHEAD", "SCHAFKOPF", "SHEEP", "SCHAF")
)
EQUALITY = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)


def _names(node: ast.AST) -> set[str]:
    """Every plain name and attribute name in NODE (`PickHand`, `rules.SCHAF` -> SCHAF)."""
    found = set()
    for part in ast.walk(node):
        if isinstance(part, ast.Name):
            found.add(part.id)
        elif isinstance(part, ast.Attribute):
            found.add(part.attr)
    return found


def _is_game(node: ast.AST) -> bool:
    """A game's name written out, a game object, or anything's `.game`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in GAME_NAMES
    if isinstance(node, ast.Name):
        return node.id in GAME_OBJECTS
    if isinstance(node, ast.Attribute):
        return node.attr in GAME_OBJECTS or node.attr == "game" or _is_game(node.value)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_game(e) for e in node.elts)
    return False


def dispatches(source: str) -> list[tuple[int, str]]:
    """The lines of SOURCE that test a class of a game's (isinstance, issubclass,
    type(...) is, match), compare with a game (==, !=, is, in: its name, a game object,
    anything's `.game`), key a table by game, or import one game's package.  (A game's
    name alone is not looked for: a preset may be called by it, as "schafkopf" is.)"""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                classes = _names(node.args[1]) & CLASSES
                if classes:
                    found.append((node.lineno, f"{node.func.id} on {', '.join(sorted(classes))}"))
        elif isinstance(node, ast.MatchClass) and _names(node.cls) & CLASSES:
            found.append((node.lineno, "a match on a class of a game's"))
        elif isinstance(node, ast.MatchValue) and _is_game(node.value):
            found.append((node.lineno, "a match on a game"))
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(op, EQUALITY) for op in node.ops):
                if any(_is_game(side) for side in sides):
                    found.append((node.lineno, "a comparison with a game"))
                elif any(_names(side) & CLASSES for side in sides):
                    found.append((node.lineno, "a comparison with a class of a game's"))
        elif isinstance(node, ast.Dict) and any(k is not None and _is_game(k) for k in node.keys):
            found.append((node.lineno, "a table keyed by game"))
        elif isinstance(node, ast.ImportFrom) and node.module:
            module = node.module
            if module.startswith("scorekeeper.games.") and module not in SHARED_GAME_MODULES:
                found.append((node.lineno, f"an import of {module}"))
    return sorted(set(found))


def test_the_scanner_finds_each_kind_of_dispatch() -> None:
    source = """
if isinstance(hand, PickHand | LeasterHand): pass
if isinstance(hand, (records.CallHand, SoloHand)): pass
if rules.game == "schafkopf": pass
if "sheepshead" != game: pass
if view.rules.game == SCHAF: pass
match hand:
    case RamschHand(): pass
if isinstance(value, int) or kind == "pick": pass
if type(hand) is PickHand: pass
if issubclass(kind, NullHand): pass
if isinstance(rules, SchafkopfRules): pass
if rules.game in ("a", "b"): pass
match rules.game:
    case "schafkopf": pass
if game_of(rules) is SCHAFKOPF: pass
forms = {SHEEPSHEAD.name: 1}
from scorekeeper.games.schafkopf.tariff import SOLO_GAMES
from scorekeeper.games.cards import CARD_POINTS
from scorekeeper.games import game_of
"""
    lines = sorted({line for line, _ in dispatches(source)})
    assert lines == [2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 15, 16, 17, 18], dispatches(source)


def test_no_class_or_name_of_a_game_is_tested_outside_the_games() -> None:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(GAMES):
                continue
            for line, what in dispatches(path.read_text("utf-8")):
                found.append(f"{name}:{line}: {what}")
    assert found == [], "ask the game (scorekeeper.games) instead:\n" + "\n".join(found)


def hand_class_tests(source: str) -> list[tuple[int, str]]:
    """The lines of SOURCE that test a hand's class: isinstance or issubclass on one,
    a comparison with one (`type(hand) is PickHand`), a match on one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                classes = _names(node.args[1]) & HAND_CLASSES
                if classes:
                    found.append((node.lineno, f"{node.func.id} on {', '.join(sorted(classes))}"))
        elif isinstance(node, ast.MatchClass) and _names(node.cls) & HAND_CLASSES:
            found.append((node.lineno, "a match on a hand's class"))
        elif isinstance(node, ast.Compare) and any(
            _names(side) & HAND_CLASSES for side in [node.left, *node.comparators]
        ):
            found.append((node.lineno, "a comparison with a hand's class"))
    return sorted(set(found))


def test_the_hand_scanner_finds_each_test_of_a_hand_s_class() -> None:
    source = """
if isinstance(hand, PickHand | LeasterHand): pass
if isinstance(rules, SchafkopfRules): pass
assert isinstance(hand, (CallHand, SoloHand))
if type(hand) is ResultHand: pass
match hand:
    case RamschHand(): pass
kind = kinds[type(hand)]
if isinstance(call, str): pass
"""
    lines = sorted({line for line, _ in hand_class_tests(source)})
    assert lines == [2, 4, 5, 7], hand_class_tests(source)


def test_no_game_tests_a_hand_s_class_in_its_game_or_its_kinds() -> None:
    """A game's `Game` methods look a hand's kind up (`Kinds.of`) and ask it; its kinds,
    scorers, checks and sentences are each one kind's, or ask the hand's own fields."""
    found = []
    for path in sorted((ROOT / "scorekeeper" / "games").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for line, what in hand_class_tests(path.read_text("utf-8")):
            found.append(f"{name}:{line}: {what}")
    assert found == [], "ask the hand's kind instead:\n" + "\n".join(found)
