"""Help ▸ Keyboard (F1): every shortcut of the night screen and the entry form's
contract on one screen; and the welcome shown on the first start, which says that the
sample league is a sample and offers to start a night.

The shortcuts are read from the window's own actions and the form's own labels, so the
list is always the one the app answers to.
"""

from __future__ import annotations

import html
import re
from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMainWindow,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.games import game_of
from scorekeeper.i18n import N_, _
from scorekeeper.sample import SAMPLE_LEAGUE

from .entry_form import EntryForm
from .games import typing_examples

# The entry form's contract, as the manual (docs/manual.md) states it (a test holds the
# two together); translated where shown.
CONTRACT = (
    N_("Every key lands in the field that has the focus."),
    N_(
        "A seat digit (1 to 8; 0 for alone in Partner) is complete: the form moves on by "
        "itself. A name, or the start of one, and every number could go on: Tab moves on."
    ),
    N_("No number is ever split or merged: what you type into a field stays in it."),
    N_(
        "Nothing that changes the score is filled in silently: a proposal (the tricks from "
        "the points, the next dealer) stands in its field, selected, so typing replaces it."
    ),
    N_("A blank field the hand needs is missing, never a default: type 0 for alone."),
    N_(
        "Enter saves the hand when it is complete, else goes to the first field that needs "
        "something. The preview under the form says what Enter will save."
    ),
    N_(
        "Ctrl+Z first clears a half-typed hand; with nothing typed it undoes the last saved "
        "change: the status bar says which (and what a hand that went was), and the sheet "
        "selects the row it changed. Ctrl+Shift+Z or Ctrl+Y redoes it."
    ),
)


def _mnemonic(text: str) -> str | None:
    found = re.search(r"&(\w)", text)
    return f"Alt+{found.group(1).upper()}" if found else None


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str]]:
    """(keys, what they do) for every menu action of WINDOW that has a shortcut and can
    be used now (joining a closed night cannot); keys that two actions share (Ctrl+C
    copies the sheet or the table that has the keyboard) listed once, saying both."""
    said: dict[str, list[str]] = {}
    for action in window.findChildren(QAction):
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        what = action.text().replace("&", "")
        if keys and what and action.isEnabled():
            whats = said.setdefault(either(keys), [])
            if what not in whats:
                whats.append(what)
    return [(keys, "; ".join(whats)) for keys, whats in said.items()]


def either(keys: list[str]) -> str:
    """'Ctrl+Shift+Z or Ctrl+Y': the keys that do one thing, in the language spoken."""
    said = keys[0]
    for key in keys[1:]:
        # Translators: two keys that do the same ("Ctrl+Shift+Z or Ctrl+Y").
        said = _("{keys} or {key}").format(keys=said, key=key)
    return said


def _alt_rows(form: QWidget) -> set[tuple[str, str]]:
    """(Alt+letter, what it does) for each button and field label of FORM shown now."""
    rows = set()
    for button in form.findChildren(QAbstractButton):
        key = _mnemonic(button.text())
        if key and button.isVisibleTo(form):
            rows.add((key, button.text().replace("&", "")))
    for label in form.findChildren(QLabel):
        key = _mnemonic(label.text())
        if key and label.buddy() is not None and label.isVisibleTo(form):
            rows.add((key, _("go to {field}").format(field=label.text().replace("&", ""))))
    return rows


def form_rows(form: QWidget) -> list[tuple[str, str]]:
    """(Alt+letter, what it does) for every field label and button of the entry form
    that the night on screen can use: those of its game, and of those only what its
    rules offer (a hand type, a partner) and its table needs (who sits out).  Read from
    a copy of the form on the same night, never shown, set to each hand type it offers
    in turn: the form's own rules decide, and the form being typed in is not touched."""
    if not isinstance(form, EntryForm):
        return []
    probe = type(form)()
    try:
        probe.set_view(form.view)
        kinds: dict[tuple[str, str], list[str]] = {}  # each row: the hand types showing it
        for button in probe.types.buttons():
            if not button.isHidden():  # a hand type the night's rules offer
                button.setChecked(True)
                for row in _alt_rows(probe):
                    kinds.setdefault(row, []).append(button.text().replace("&", ""))
    finally:
        probe.deleteLater()
    # An Alt letter that means one thing at some hand types and another at others (never
    # shown together) says at which.
    meanings = Counter(key for key, _ in kinds)
    rows = [
        # Translators: what an Alt letter does, at which hand types: "go to Call — Pick".
        (key, _("{what} — {kinds}").format(what=what, kinds=", ".join(types)))
        if meanings[key] > 1
        else (key, what)
        for (key, what), types in kinds.items()
    ]
    return sorted(rows)


def keys_html(window: QMainWindow, form: QWidget) -> str:
    """The whole help page, for the night on screen."""

    def table(rows: list[tuple[str, str]]) -> str:
        cells = "".join(
            f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(w)}</td></tr>" for k, w in rows
        )
        return f"<table cellspacing='0' cellpadding='3'>{cells}</table>"

    def heading(level: int, text: str) -> str:
        return f"<h{level}>{html.escape(text)}</h{level}>"

    def paragraph(text: str) -> str:
        return f"<p>{html.escape(text)}</p>"

    view = getattr(form, "view", None)
    game = game_of(view.rules).name if view is not None else None
    contract = "".join(f"<li>{html.escape(_(line))}</li>" for line in CONTRACT)
    examples = table(list(typing_examples(game)))
    if view is None:
        note = paragraph(_("No night is open: these work once you start one (Ctrl+N)."))
    elif view.closed:
        note = paragraph(_("The night is closed: these work once you reopen it (Settle up)."))
    else:
        note = ""
    # Key names as the keyboard says them (Qt's own German says Strg, Umschalt, Entf).
    form_keys = [
        (_("Tab / Shift+Tab"), _("next / previous field")),
        ("Esc", _("cancel an edit")),
    ]
    everywhere = shortcut_rows(window)  # Del among them: Edit ▸ Delete selected hand
    return (
        heading(2, _("Recording a hand"))
        + f"<ul>{contract}</ul>"
        + heading(3, _("Typical hands, key by key"))
        + examples
        + heading(3, _("In the entry form"))
        + f"{note}{table([*form_keys, *form_rows(form)])}"
        + heading(3, _("Everywhere in the window"))
        + table(everywhere)
    )


class KeysDialog(QDialog):
    """Help ▸ Keyboard and the entry form."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle(_("Keyboard and the entry form"))
        self.setAccessibleName(_("Keyboard and the entry form"))
        self.text = QTextBrowser()
        self.text.setHtml(keys_html(window, getattr(window, "entry", window)))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(760, 680)


def welcome_html(*, sample: bool) -> str:
    """The welcome's words, in the language spoken; the sample is spoken of only where
    there is one."""
    said = [
        "<h2>{}</h2>".format(html.escape(_("Welcome to Sheepshead Scorekeeper"))),
        "<p>{}</p>".format(
            html.escape(
                _(
                    "It keeps the score of a night at the table, hand by hand, under your "
                    "house rules: every hand, total and settlement sums to zero."
                )
            )
        ),
    ]
    if sample:
        said.append(
            "<p>{}</p>".format(
                _(
                    "<b>What you see now is a sample:</b> the <i>{league}</i> and its nights "
                    "are made up, so there is something to look around in (the sheet, the "
                    "Settle up tab, League ▸ Standings). Delete them or leave them; your own "
                    "nights are kept apart by their league."
                ).format(league=html.escape(SAMPLE_LEAGUE))
            )
        )
    said.append(
        "<p>{}</p>".format(
            html.escape(
                _(
                    "To score your own table, start a night: seat the players clockwise, "
                    "choose the league and the stake, and type each hand. F1 shows every key."
                )
            )
        )
    )
    return "".join(said)


class WelcomeDialog(QDialog):
    """The first start: the sample is a sample; start a night, or look around."""

    def __init__(self, parent: QWidget | None = None, *, sample: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Welcome"))
        self.setAccessibleName(_("Welcome"))
        # The sample is spoken of only where there is one (a database that held nights
        # of its own when first opened has none).
        text = QLabel(welcome_html(sample=sample))
        text.setTextFormat(Qt.TextFormat.RichText)
        text.setWordWrap(True)
        text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)  # no band above
        buttons = QDialogButtonBox()
        start = buttons.addButton(_("&Start a night"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(
            _("&Look around the sample") if sample else _("&Close"),
            QDialogButtonBox.ButtonRole.RejectRole,
        )
        start.setDefault(True)  # Enter; on the other button (Tab), Enter presses that one
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(buttons)
        self.resize(560, 320)
