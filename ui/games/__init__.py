"""Each game's entry form, as `scorekeeper.games` holds each game: registered once.

`register_form(game_name, factory)` says how the form of a game (`Game.name`) is made
(`register_form_later(game_name, module, attribute)`: imported when first asked for, as
`scorekeeper.games` loads the game: a Schafkopf form is not imported to show a
Sheepshead night); `form_for(game_name)` gives that factory, or None for a game with no
form of its own, whose nights the night screen shows with a plain message where the form
would be (`NoEntryForm`). The night screen asks for the form of the night's game
(`scorekeeper.games.game_of(rules).name`) and never tests which game it is. What the
forms share (the state, the check against the core, the preview, Enter to save, the
fields) stays in `ui.entry_form` and `ui.entry_fields`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QVBoxLayout

from scorekeeper.games import SCHAFKOPF_LATER
from scorekeeper.games.sheepshead import SHEEPSHEAD
from scorekeeper.i18n import _

from ..entry_form import EntryForm
from ..labels import plain_label
from ..session import HandLine, NightView
from .sheepshead import SheepsheadForm

__all__ = [
    "FormFactory",
    "NoEntryForm",
    "form_for",
    "register_form",
    "register_form_later",
    "typing_examples",
]

FormFactory = Callable[[], EntryForm]

# By game: the factory, or the module and attribute it is imported from when first asked.
_FORMS: dict[str, FormFactory | tuple[str, str]] = {}


def register_form(game_name: str, factory: FormFactory | tuple[str, str]) -> None:
    """Say how the entry form of the game named GAME_NAME is made; a game has one."""
    if game_name in _FORMS:
        raise ValueError(f"the game {game_name!r} has an entry form already")
    _FORMS[game_name] = factory


def register_form_later(game_name: str, module: str, attribute: str) -> None:
    """`register_form` of MODULE's ATTRIBUTE, imported when the form is first asked for."""
    register_form(game_name, (module, attribute))


def form_for(game_name: str) -> FormFactory | None:
    """How the entry form of the game named GAME_NAME is made; None when it has none."""
    found = _FORMS.get(game_name)
    if isinstance(found, tuple):
        module, attribute = found
        found = _FORMS[game_name] = getattr(importlib.import_module(module), attribute)
    return found


def typing_examples(game_name: str | None) -> tuple[tuple[str, str], ...]:
    """What a typical hand takes, key by key, at the game named GAME_NAME (every
    game's, when no night is open): each form's own `EXAMPLES`, in the language spoken."""
    names = [game_name] if game_name is not None else list(_FORMS)
    factories = [form_for(name) for name in names]
    return tuple(
        (_(hand), _(keys))
        for f in factories
        if f is not None
        for hand, keys in getattr(f, "EXAMPLES", ())
    )


class NoEntryForm(EntryForm):
    """Where the form would be, at a night of a game with no entry form: one plain
    sentence.  The sheet, the panels and the rest of the window work as at any night;
    nothing here can be typed, so there is never anything to save or clear."""

    def __init__(self, title: str) -> None:
        self.title = title
        super().__init__()

    def _build(self) -> None:
        self.message = plain_label(name=_("No entry form"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)

    def set_view(self, view: NightView | None) -> None:
        self.view = view
        self.message.setText(
            _(
                "Hands of a {game} night cannot be typed in here: this app has no {game} "
                "entry form yet. The sheet shows the night's hands as recorded."
            ).format(game=_(self.title))
        )

    def start_new(self, insert_at: int | None = None) -> None:
        """Nothing to clear."""

    def start_edit(self, line: HandLine) -> None:
        """Nothing to load a hand into."""

    def has_typing(self) -> bool:
        return False

    def clear_typing(self) -> None:
        """Nothing typed."""

    def check(self) -> list[str]:
        return []

    def submit(self) -> None:
        """Nothing to save."""

    def hand(self) -> dict[str, Any]:
        return {}

    def _reset(self) -> None:
        """No fields."""

    def _type_changed(self) -> None:
        """No hand types."""

    def _first_field_focus(self) -> None:
        """No field to go to: the keys stay with the window."""


register_form(SHEEPSHEAD.name, SheepsheadForm)
# By this package's own name: installed, the app is `sheepshead_scorekeeper`, not `ui`.
register_form_later(SCHAFKOPF_LATER.name, f"{__name__}.schafkopf", "SchafkopfForm")
