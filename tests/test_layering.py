"""How the modules depend on each other: the core never imports Qt (every module under
scorekeeper/ loads without PySide6), and no module of scorekeeper/ or ui/ imports itself
back through others, at the top of a file, inside a function or only to name another's
types."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import scorekeeper
import ui

PROGRAM = """
import importlib, pkgutil, sys
import scorekeeper
names = [m.name for m in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper.")]
for name in names:
    if name != "scorekeeper.__main__":
        importlib.import_module(name)
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "ui"))
print(len(names), qt)
"""


def test_importing_every_core_module_loads_no_pyside6() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True
    )
    count, qt = done.stdout.strip().split(" ", 1)
    assert int(count) >= 10
    assert qt == "[]"


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The imports under `if TYPE_CHECKING:`, which never run."""
    skipped: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                skipped.update(ast.walk(statement))
    return skipped


def import_graph(package: Path, *, types_too: bool = False) -> dict[str, set[str]]:
    """Each module of PACKAGE (a folder) and the modules of that package it imports:
    every import that can run counts, at the top of the file or inside a function,
    since a function's import closes a cycle as soon as it is called; with TYPES_TOO,
    the imports under `if TYPE_CHECKING:` as well."""
    root = package.parent
    paths = {_module_name(p, root): p for p in sorted(package.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = set() if types_too else _type_checking_only(tree)
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(tree):
            if node in skipped:
                continue
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's own package upwards
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    up = here[: len(here) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:  # `from p import m` imports the module p.m
                    submodule = f"{base}.{alias.name}"
                    targets.add(submodule if submodule in paths else base)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of GRAPH (its modules in import order, the first repeated at the end),
    or None when there is none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        path.append(module)
        for target in sorted(graph[module]):
            cycle = visit(target)
            if cycle is not None:
                return cycle
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module)
        if cycle is not None:
            return cycle
    return None


def test_no_scorekeeper_module_imports_itself_back() -> None:
    graph = import_graph(Path(scorekeeper.__file__).parent)
    assert "scorekeeper.league_cli" in graph.get("scorekeeper.cli", set())
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_scorekeeper_module_imports_itself_back_even_for_types() -> None:
    """The games once named the night's results for their types while the night
    imported the games: the results are a module of their own, below both."""
    graph = import_graph(Path(scorekeeper.__file__).parent, types_too=True)
    assert "scorekeeper.hand_reader" in graph["scorekeeper.records"]  # a type's import
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])
    assert "scorekeeper.results" in graph["scorekeeper.games.base"]


def test_no_ui_module_imports_itself_back_even_for_types() -> None:
    """The commands once named the night screen's layer for their types while the layer
    imported the commands: a command now says what it needs (`ShowsNight`)."""
    graph = import_graph(Path(ui.__file__).parent, types_too=True)
    assert "ui.commands" in graph.get("ui.session", set())
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_a_cycle_closed_inside_a_function_is_found(tmp_path: Path) -> None:
    """The shape the command line had: cli imported league_cli at the top, and
    league_cli imported cli inside a function."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "cli.py").write_text("from pkg.league_cli import add\n")
    (package / "league_cli.py").write_text("def add():\n    from pkg import cli\n")
    (package / "report.py").write_text("from . import cli\n")
    (package / "types.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import report\n"
    )
    graph = import_graph(package)
    assert graph["pkg.report"] == {"pkg.cli"} and graph["pkg.types"] == set()
    assert import_graph(package, types_too=True)["pkg.types"] == {"pkg.report"}
    assert find_cycle(graph) == ["pkg.cli", "pkg.league_cli", "pkg.cli"]
    (package / "league_cli.py").write_text("def add():\n    pass\n")
    assert find_cycle(import_graph(package)) is None
