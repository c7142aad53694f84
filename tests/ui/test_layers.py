"""The UI writes only through its application layer: no module of ui/ but the layer's
imports a store function that writes, by name or through its module.

A store function writes when it opens a transaction (`db.transaction()`, `db.write()`,
an engine's or connection's `begin()`, a `commit()`), or calls one that does: read from
the store's own source, so a new write function is covered the day it is added."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STORE = ROOT / "scorekeeper" / "store"
LAYER = {"app_layer.py", "session.py", "league_session.py", "tournament_session.py", "commands.py"}
OPENS = {"transaction", "write", "begin", "commit"}


def _called(node: ast.AST) -> set[str]:
    """The names a function calls (a plain name, or an attribute's last part)."""
    names = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            if isinstance(call.func, ast.Name):
                names.add(call.func.id)
            elif isinstance(call.func, ast.Attribute):
                names.add(call.func.attr)
    return names


def store_writes() -> set[str]:
    """Every function of scorekeeper/store that writes, directly or through another."""
    calls: dict[str, set[str]] = {}
    for path in STORE.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef):
                calls.setdefault(node.name, set()).update(_called(node))
    writes = {name for name, called in calls.items() if called & OPENS}
    while True:
        more = {name for name, called in calls.items() if called & writes} - writes
        if not more:
            return writes
        writes |= more


def writes_imported(source: str, writes: set[str]) -> list[str]:
    """The store write functions SOURCE imports by name or uses through a store module."""
    found = []
    modules: set[str] = set()  # names bound to a scorekeeper.store module
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scorekeeper.store"):
            for alias in node.names:
                if node.module == "scorekeeper.store":
                    modules.add(alias.asname or alias.name)
                elif alias.name in writes:
                    found.append(f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("scorekeeper.store.") and alias.asname:
                    modules.add(alias.asname)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr in writes
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_the_store_writes_are_told_from_its_reads() -> None:
    writes = store_writes()
    hands = {"append_hand", "insert_hand", "edit_hand", "delete_hand", "restore_revision"}
    seats = {"join_night", "leave_night", "reopen_seat"}
    nights = {"create_night", "set_closed", "set_deleted", "change_rules"}
    money = {"record_payment", "delete_payment", "record_league_payment"}
    others = {"save_league", "seed_sample_league", "open_database"}
    assert hands | seats | nights | money | others <= writes
    reads = {"export_night", "list_nights", "hand_ids", "hand_history", "seat_ranges"}
    reads |= {"night_to_reopen", "night_payments", "league_money", "standings"}
    reads |= {"league_info", "list_players", "deleted_nights", "default_rules"}
    assert not reads & writes


def test_a_widget_importing_a_store_write_is_caught() -> None:
    writes = store_writes()
    by_name = "from scorekeeper.store.hand_writes import delete_hand\n"
    by_name += "from scorekeeper.store.night_import import export_night\n"
    by_module = "from scorekeeper.store import hand_writes as n\nn.delete_hand(db, hand_id=1)\n"
    assert writes_imported(by_name, writes) == ["scorekeeper.store.hand_writes.delete_hand"]
    assert writes_imported(by_module, writes) == ["n.delete_hand"]


def test_widgets_write_only_through_the_application_layer() -> None:
    writes = store_writes()
    modules = {
        path.relative_to(ROOT / "ui").as_posix(): path for path in (ROOT / "ui").rglob("*.py")
    }
    assert set(modules) >= LAYER | {"league/money_tab.py", "games/sheepshead.py"}
    offending = {
        name: found
        for name, path in sorted(modules.items())
        if name not in LAYER
        and (found := writes_imported(path.read_text(encoding="utf-8"), writes))
    }
    assert offending == {}
