"""The Qt binding itself: a release whose calls drain None's reference count aborts the
app ("deallocating None") after a few thousand calls, e.g. while charting a long night.
And PySide6's scan of every module imported after it (ui/binding.py): answered without
reading the module's source, which is right only while no module selects a feature."""

from __future__ import annotations

import ast
import linecache
import sys
from pathlib import Path
from typing import Any

from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QLabel


def test_calls_that_return_nothing_leave_none_alone(qtbot: object) -> None:
    label, path = QLabel(), QPainterPath()
    before = sys.getrefcount(None)
    for number in range(500):
        label.setText("hand")
        path.lineTo(number, number)
    # Other references to None come and go; a leak would show as a drop of 1,000.
    assert sys.getrefcount(None) > before - 100


ROOT = Path(__file__).resolve().parents[2]


def test_a_module_imported_after_the_binding_is_not_read_for_its_source(
    tmp_path: Path,
) -> None:
    """PySide6 read the whole source of every module imported after it and linecache
    kept the text (ui/binding.py): some 20 ms of the start, 20 MB at the peak."""
    import ui.app  # noqa: F401  (the app's binding, as it starts)

    source = tmp_path / "imported_after_qt.py"
    source.write_text("from PySide6.QtCore import QObject\nVALUE = 1\n", encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        found: dict[str, Any] = {}
        exec("import imported_after_qt", found)  # an import statement, as modules import
        module = found["imported_after_qt"]
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("imported_after_qt", None)
    assert module.VALUE == 1
    assert str(source) not in linecache.cache


def test_no_module_of_the_app_selects_a_pyside_feature() -> None:
    """`from __feature__ import snake_case` (or true_property) would need the scan that
    ui/binding.py answers by name: no module of the app or the core uses one."""
    selecting = [
        str(path.relative_to(ROOT))
        for folder in ("ui", "scorekeeper", "benchmarks")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module == "__feature__"
    ]
    assert selecting == []
