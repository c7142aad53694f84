"""Qt's own words follow the app's language: a dialog's standard buttons in German."""

from PySide6.QtWidgets import QApplication, QDialogButtonBox

from scorekeeper import i18n
from ui.language import apply_language


def cancel_text() -> str:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    return box.button(QDialogButtonBox.StandardButton.Cancel).text()


def test_german_loads_qts_own_translation_and_english_unloads_it(qapp: QApplication) -> None:
    try:
        assert apply_language(qapp, "de") == "de"
        assert i18n.locale_name() == "de_DE"
        assert cancel_text() == "Abbrechen"
    finally:
        apply_language(qapp, "en")
    assert cancel_text() == "Cancel"
