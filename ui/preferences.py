"""Edit ▸ Preferences (Ctrl+,): the app's language and the paper its reports are printed
on, each kept in QSettings (`language`: 'system', 'en', 'de', read by ui.language at
start; `reports/paper`: 'auto', 'A4', 'Letter', read by the reports).  A new language
is spoken from the next start: the windows open now keep the words they were made
with, and the dialog says so as soon as another language is chosen."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from scorekeeper import i18n
from scorekeeper.i18n import _

from .labels import plain_label
from .language import PAPER, chosen_language, chosen_paper
from .language import SETTING as LANGUAGE

# Each language by its own name, as a person looks for it in a list.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}


class PreferencesDialog(QDialog):
    """The language and the reports' paper; OK keeps them, Cancel leaves them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Preferences"))
        system = LANGUAGE_NAMES[i18n.system_locale()[0]]
        self.language = QComboBox()
        self.language.addItem(_("System language ({language})").format(language=system), "system")
        for code in i18n.LANGUAGES:
            self.language.addItem(LANGUAGE_NAMES[code], code)
        self.language.setCurrentIndex(self.language.findData(chosen_language()))
        self.paper = QComboBox()
        self.paper.addItem(_("Automatic (the region's usual size)"), "auto")
        self.paper.addItem("A4", "A4")
        self.paper.addItem(_("Letter (US)"), "Letter")
        self.paper.setCurrentIndex(self.paper.findData(chosen_paper()))
        self.restart = plain_label(
            _("The new language is used from the next start of the app."),
            name=_("When the language changes"),
        )
        self.language.currentIndexChanged.connect(self._language_chosen)
        form = QFormLayout()
        form.addRow(self._buddy(_("&Language:"), self.language), self.language)
        form.addRow(self._buddy(_("&Paper for reports:"), self.paper), self.paper)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.restart)
        layout.addWidget(buttons)
        self._language_chosen()

    @staticmethod
    def _buddy(text: str, field: QWidget) -> QLabel:
        label = QLabel(text)
        label.setBuddy(field)
        return label

    def _language_chosen(self) -> None:
        """Say that a new language waits for the next start, while one is chosen."""
        self.restart.setVisible(self.language.currentData() != chosen_language())

    def accept(self) -> None:
        """Keep the choices, then close."""
        settings = QSettings()
        settings.setValue(LANGUAGE, self.language.currentData())
        settings.setValue(PAPER, self.paper.currentData())
        settings.sync()
        super().accept()
