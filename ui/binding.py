"""PySide6 as the app imports it: first, with its scan of every later module's source
answered from the module's name.

PySide6 decides for each module imported after it whether `from __feature__ import`
(snake_case, true_property) may switch that module's view of Qt: its import hook reads
the module's whole source (`inspect.getsource`) and looks for the word "PySide6".  That
was some 20 ms of CPU before the first paint (the core, Babel and the standard library's
modules, each once), 40-60 ms for the database layer after it, and the text kept in
`linecache` (20 MB at the peak).  No module of the app selects a feature
(tests/ui/test_binding.py holds it), so what the scan decides changes nothing here: the
hook is told instead, from the name, that the app's own package and PySide6's use Qt
and no other module does, and reads no file.  ui.app imports this module before
anything else imports PySide6; a PySide6 without that hook is left as it is.
"""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6  # noqa: F401  (the binding and its import hook, loaded here)

USE_QT = frozenset({__name__.partition(".")[0], "PySide6", "shiboken6"})


def uses_qt(module: ModuleType) -> bool:
    """Whether MODULE is one of those that use Qt, told by its top package's name."""
    return str(getattr(module, "__name__", "")).partition(".")[0] in USE_QT


_hook = sys.modules.get("PySide6.support.feature")
if _hook is not None and callable(getattr(_hook, "_mod_uses_pyside", None)):
    _hook._mod_uses_pyside = uses_qt  # type: ignore[attr-defined]
