"""What differs between the games is asked of the game (`scorekeeper.games`), never
decided elsewhere by testing a hand's class or comparing a game's name: this scans the
source of scorekeeper/ and ui/ for either."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("scorekeeper", "ui")
GAMES = ("scorekeeper/games/", "ui/games/")  # where the games say what is theirs
HAND_CLASSES = frozenset(
    {
        "Hand",
        "PickHand",
        "LeasterHand",
        "NoPickHand",
        "MisplayHand",
        "GameHand",
        "CallHand",
        "SoloHand",
        "NullHand",
        "RamschHand",
        "PassHand",
    }
)
GAME_NAMES = frozenset({"sheepshead", "schafkopf", "SHEEP", "SCHAF"})


def _names(node: ast.AST) -> set[str]:
    """Every plain name and attribute name in NODE (`PickHand`, `rules.SCHAF` -> SCHAF)."""
    found = set()
    for part in ast.walk(node):
        if isinstance(part, ast.Name):
            found.add(part.id)
        elif isinstance(part, ast.Attribute):
            found.add(part.attr)
    return found


def _is_game_name(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in GAME_NAMES
    if isinstance(node, ast.Name):
        return node.id in GAME_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in GAME_NAMES or node.attr == "game"
    return False


def dispatches(source: str) -> list[tuple[int, str]]:
    """The lines of SOURCE that test a hand's class (isinstance, match) or compare a
    game's name (== or != "schafkopf", SCHAF, or anything's `.game`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "isinstance" and len(node.args) == 2:
                classes = _names(node.args[1]) & HAND_CLASSES
                if classes:
                    found.append((node.lineno, f"isinstance on {', '.join(sorted(classes))}"))
        elif isinstance(node, ast.MatchClass) and _names(node.cls) & HAND_CLASSES:
            found.append((node.lineno, "a match on a hand's class"))
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            equality = any(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops)
            if equality and any(_is_game_name(side) for side in sides):
                found.append((node.lineno, "a comparison with a game's name"))
    return found


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
"""
    assert [line for line, _ in dispatches(source)] == [2, 3, 4, 5, 6, 8]


def test_no_hand_class_or_game_name_is_tested_outside_the_games() -> None:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(GAMES):
                continue
            for line, what in dispatches(path.read_text("utf-8")):
                found.append(f"{name}:{line}: {what}")
    assert found == [], "ask the game (scorekeeper.games) instead:\n" + "\n".join(found)
