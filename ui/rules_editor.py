"""The house rules as a table sets them: `RulesEditor`, every option of the chosen
game by its label and meaning, the stake first (Start a night's right half), and
`RulesDialog`, which changes an open night's rules (Night ▸ House rules).

A row too wide beside its label goes under it, so the panel scrolls up and down only;
a rule's field changes only once chosen (the mouse wheel scrolls the panel past it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.games import all_options, all_presets, game_of_preset, preset_rules
from scorekeeper.i18n import _, ngettext
from scorekeeper.rules import Option, RuleSet

from .currency import MoneyEdit
from .labels import in_words
from .no_enter import NoEnterDialog

FIRST_OPTIONS = ("stake_cents",)  # what every table sets, before the rest


class WheelOnlyWhenFocused:
    """Mixin for a house rule's spin box or list: the mouse wheel scrolls the rules
    panel it passes over, and changes the rule only once the user has chosen the field
    (a rule that changes the score is never changed in passing)."""

    def wheelEvent(self, event: QWheelEvent) -> None:
        if not self.hasFocus():  # type: ignore[attr-defined]
            event.ignore()  # to the scroll area beneath
            return
        super().wheelEvent(event)  # type: ignore[misc]


class RuleSpin(WheelOnlyWhenFocused, QSpinBox):
    def __init__(self) -> None:
        super().__init__()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


class RuleChoice(WheelOnlyWhenFocused, QComboBox):
    """An option of a few choices: each shown in words, its key (the night document's
    value) the item's data."""

    def __init__(self, option: Option) -> None:
        super().__init__()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for choice in option.choices:
            self.addItem(option.shown_choice(choice), choice)

    def choose(self, key: str) -> None:
        """Show the choice whose key is KEY."""
        self.setCurrentIndex(self.findData(key))

    def key(self) -> str:
        """The key of the choice shown."""
        return str(self.currentData())


def option_label(option: Option) -> str:
    """An option's name on screen, in the language spoken: the label the core declares
    for it (`option(label=...)`, marked there)."""
    return option.shown_name()


def labelled(name: str) -> str:
    """The name on screen of the option called NAME (one of any game's)."""
    found = next((o for o in all_options() if o.name == name), None)
    return option_label(found) if found is not None else name.replace("_", " ")


class KeyedSpins(QWidget):
    """An option that is an object of whole numbers (the Laufende minimum by game, the
    price of particular solos): a labelled spin box a key, in rows of a few so the
    panel never scrolls sideways.  A sparse option's key may have no value: its spin
    box then stands one below the minimum, showing the option it follows instead ("as
    Price of a solo", too wide for two a row), and the key is left out."""

    COLUMNS = 2

    def __init__(self, option: Option) -> None:
        super().__init__()
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.sparse = option.sparse
        self.spins: dict[str, QSpinBox] = {}
        columns = 1 if self.sparse else self.COLUMNS
        for index, key in enumerate(option.keys):
            text = option.shown_choice(key)
            spin = RuleSpin()
            spin.setRange(option.minimum - 1 if self.sparse else option.minimum, option.maximum)
            if self.sparse:
                # Translators: a price not set apart: it is the other option's ("as Price of a
                # solo"); OPTION is that option's label.
                spin.setSpecialValueText(_("as {option}").format(option=labelled(option.follows)))
            spin.setAccessibleName(
                _("{option}: {key}").format(option=option_label(option), key=text)
            )
            label = QLabel(text)
            label.setBuddy(spin)
            row, column = divmod(index, columns)
            layout.addWidget(label, row, 2 * column)
            layout.addWidget(spin, row, 2 * column + 1)
            self.spins[key] = spin
        layout.setColumnStretch(2 * columns, 1)

    def set_value(self, value: Any) -> None:
        given = dict(value)
        for key, spin in self.spins.items():
            if key in given:
                spin.setValue(int(given[key]))
            elif self.sparse:
                spin.setValue(spin.minimum())  # not named: no price of its own

    def value(self) -> tuple[tuple[str, int], ...]:
        return tuple(
            (key, spin.value())
            for key, spin in self.spins.items()
            if not (self.sparse and spin.value() == spin.minimum())
        )


class ChoiceChecks(QWidget):
    """An option that is a set of choices (what starts a Bock round): a check box each,
    in words, two a row so the panel never scrolls sideways."""

    COLUMNS = 2

    def __init__(self, option: Option) -> None:
        super().__init__()
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.boxes = {c: QCheckBox(option.shown_choice(c)) for c in option.choices}
        for index, box in enumerate(self.boxes.values()):
            layout.addWidget(box, *divmod(index, self.COLUMNS))
        layout.setColumnStretch(self.COLUMNS, 1)

    def set_value(self, value: Any) -> None:
        for choice, box in self.boxes.items():
            box.setChecked(choice in value)

    def value(self) -> tuple[str, ...]:
        return tuple(c for c, box in self.boxes.items() if box.isChecked())


class RulesEditor(QWidget):
    """The preset and every option of the chosen game, each with its meaning; the
    stake first, typed in CURRENCY (the night's: `set_currency`)."""

    changed = Signal()

    def __init__(self, currency: str) -> None:
        super().__init__()
        self.currency = currency
        self.option_widgets: dict[str, QWidget] = {}
        self.preset = QComboBox()
        self.preset.addItems(list(all_presets()))
        self.preset.setAccessibleName(_("Rule preset"))
        self.preset.currentTextChanged.connect(self.load_preset)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(_("&Preset"), self.preset)
        self.form = form
        self.option_rows: dict[str, QWidget] = {}
        ordered = sorted(all_options(), key=lambda o: o.name not in FIRST_OPTIONS)
        for option in ordered:
            widget = self._option_widget(option)
            label = QLabel(option_label(option))
            label.setToolTip(_(option.meaning))
            meaning = QLabel(_(option.meaning))
            meaning.setWordWrap(True)
            meaning.setStyleSheet("color: palette(mid);")
            row = QWidget()
            # A control of several parts (a number a key, a box a choice) has its
            # meaning under it, and a row too wide beside its label goes under that:
            # every row whole in the panel's width, which scrolls only up and down.
            row_layout: QBoxLayout = (
                QVBoxLayout(row) if option.keys or option.many else QHBoxLayout(row)
            )
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.addWidget(widget)
            row_layout.addWidget(meaning, 1)
            form.addRow(label, row)
            self.option_rows[option.name] = row
        inner = QWidget()
        inner.setLayout(form)
        self.rules_scroll = QScrollArea()
        self.rules_scroll.setWidget(inner)
        self.rules_scroll.setWidgetResizable(True)
        QVBoxLayout(self).addWidget(self.rules_scroll)
        self.load_preset(self.preset.currentText())

    def _option_widget(self, option: Option) -> QWidget:
        widget: QWidget
        if option.name == "stake_cents":  # money, typed the locale's way ('0,25')
            widget = MoneyEdit(_("Stake"), self.currency)
            widget.textChanged.connect(lambda _text: self.changed.emit())
        elif option.keys:
            widget = KeyedSpins(option)
        elif option.many:
            widget = ChoiceChecks(option)
        elif option.is_bool:
            widget = QCheckBox()
            widget.toggled.connect(lambda _: self.changed.emit())
        elif option.choices:
            widget = RuleChoice(option)
            widget.currentIndexChanged.connect(lambda _: self.changed.emit())
        else:
            widget = RuleSpin()
            low = option.minimum
            if option.follows:  # one below the minimum: None, the other option's value
                low -= 1
                widget.setSpecialValueText(
                    # Translators: a price left to another option ("same as Price of an
                    # extra"); OPTION is that option's label.
                    _("same as {option}").format(option=labelled(option.follows))
                )
            widget.setRange(low, min(option.maximum, 2**31 - 1))
            widget.valueChanged.connect(lambda _: self.changed.emit())
        if not isinstance(widget, MoneyEdit):
            widget.setAccessibleName(option_label(option))
        widget.setToolTip(_(option.meaning))
        self.option_widgets[option.name] = widget
        return widget

    def set_currency(self, currency: str) -> None:
        """Read the stake typed as CURRENCY (the night's, chosen) from now on."""
        stake = self.option_widgets["stake_cents"]
        if isinstance(stake, MoneyEdit):
            stake.set_currency(currency)
        self.changed.emit()

    def load_preset(self, name: str) -> None:
        """Put a preset's values into every option."""
        self.set_rules(preset_rules(name))

    def set_rules(self, rules: RuleSet) -> None:
        self.preset.blockSignals(True)
        self.preset.setCurrentText(rules.preset)
        self.preset.blockSignals(False)
        mine = {o.name for o in game_of_preset(rules.preset).options}
        for name, row in self.option_rows.items():
            self.form.setRowVisible(row, name in mine)
        # The panel fitted to the rows now shown at once: one game's rows taller than
        # the other's would otherwise be squeezed into the old height until the scroll
        # area catches up, their meanings cut for a frame.
        self.rules_scroll.setWidgetResizable(True)
        for name, value in rules.options().items():
            widget = self.option_widgets[name]
            if isinstance(widget, KeyedSpins | ChoiceChecks):
                widget.set_value(value)
            elif isinstance(widget, MoneyEdit):
                widget.set_cents(int(value))
            elif isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, RuleChoice):
                widget.choose(str(value))
            elif isinstance(widget, QSpinBox):
                widget.setValue(widget.minimum() if value is None else int(value))
        self.changed.emit()

    def rules(self) -> RuleSet:
        """The rule set the editor shows."""
        values: dict[str, Any] = {}
        base = preset_rules(self.preset.currentText())
        mine = {o.name for o in game_of_preset(base.preset).options}
        for name, widget in self.option_widgets.items():
            if name not in mine:
                continue  # another game's option: it has no place in these rules
            if isinstance(widget, KeyedSpins | ChoiceChecks):
                values[name] = widget.value()
            elif isinstance(widget, MoneyEdit):  # unreadable: the preset's, and a problem
                values[name] = widget.cents() if widget.cents() is not None else base.stake_cents
            elif isinstance(widget, QCheckBox):
                values[name] = widget.isChecked()
            elif isinstance(widget, RuleChoice):
                values[name] = widget.key()
            elif isinstance(widget, QSpinBox):
                follows = widget.specialValueText() and widget.value() == widget.minimum()
                values[name] = None if follows else widget.value()
        return base.with_options(values)

    def problems(self) -> list[str]:
        stake = self.option_widgets["stake_cents"]
        typed = [stake.problem()] if isinstance(stake, MoneyEdit) and stake.problem() else []
        found = [
            _("{field}: {problem}").format(
                field=labelled(p.field.removeprefix("rules.")), problem=p.message
            )
            for p in self.rules().problems()
        ]
        return [p for p in typed if p] + found


class RulesDialog(NoEnterDialog):
    """A night's house rules, changed after it started: every hand is rescored under
    the new rules, and the change goes into the night's history."""

    def __init__(
        self,
        rules: RuleSet,
        hands: int,
        parent: QWidget | None = None,
        *,
        currency: str,
        refusal: Callable[[RuleSet], list[str]] | None = None,
    ) -> None:
        super().__init__(parent)
        # Why the night's hands cannot be scored under rules chosen here (none: they can).
        self.refusal = refusal
        self.setWindowTitle(_("House rules of this night"))
        self.setAccessibleName(_("House rules of this night"))
        self.editor = RulesEditor(currency)  # the night's: its stake is typed in it
        self.editor.set_rules(rules)
        note = QLabel(
            ngettext(
                "The night's {count} hand is scored again under the rules you choose here; "
                "the rules before stay in the night's history, and Ctrl+Z puts them back.",
                "The night's {count} hands are scored again under the rules you choose here; "
                "the rules before stay in the night's history, and Ctrl+Z puts them back.",
                hands,
            ).format(count=hands)
        )
        note.setWordWrap(True)
        self.problem, buttons = self.problem_and_buttons()
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("&Rescore the night"))
        self.plain_buttons(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(760, 600)

    def rules(self) -> RuleSet:
        return self.editor.rules()

    def accept(self) -> None:
        """Close only on rules every hand of the night can be scored under: a refusal
        is said here, in words, and every choice made stays to be changed."""
        found = self.editor.problems()
        if not found and self.refusal is not None:
            found = [in_words(problem) for problem in self.refusal(self.rules())]
        if found:
            self.problem.setText("⚠ " + "; ".join(found))
            return
        super().accept()
