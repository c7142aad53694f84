"""The German catalogue is complete and current: every string the code marks is
translated (not empty, not fuzzy), nothing it translates is gone from the code, every
placeholder survives, and the compiled `.mo` is the `.po`'s."""

import gettext

from scorekeeper import catalogue, i18n


def test_the_german_catalogue_translates_every_marked_string_and_nothing_stale() -> None:
    assert catalogue.problems("de") == []


def test_german_is_spoken_when_the_system_or_the_setting_asks_for_it(monkeypatch) -> None:
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    try:
        assert i18n.set_language() == "de"
        assert i18n.locale_name() == "de_AT"
        assert i18n._("options") == "Optionen"
        assert i18n.set_language("en") == "en"
        assert i18n._("options") == "options"
        monkeypatch.setenv("LANG", "fr_FR.UTF-8")  # no French words: English
        assert i18n.set_language("system") == "en"
        assert i18n.locale_name() == "en_US"
    finally:
        i18n.set_language("en")


def test_a_missing_translation_is_reported(tmp_path, monkeypatch) -> None:
    """The check itself: a marked string without German is named."""
    marked = tmp_path / "marked.py"
    marked.write_text('from scorekeeper.i18n import _\n_("A string nobody translated")\n')
    monkeypatch.setattr(catalogue, "ROOT", tmp_path)
    monkeypatch.setattr(catalogue, "SOURCES", ("marked.py",))
    found = catalogue.problems("de")
    assert any("A string nobody translated" in line for line in found)
    assert any(line.startswith("stale: 'options'") for line in found)


def test_the_compiled_catalogue_is_what_gettext_reads() -> None:
    translation = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=["de"])
    assert translation.gettext("usage: ") == "Aufruf: "


def test_an_empty_string_stays_empty_in_german() -> None:
    """gettext's translation of '' is the catalogue's header."""
    try:
        i18n.set_language("de")
        assert i18n._("") == ""
        assert i18n.pgettext("column", "") == ""
    finally:
        i18n.set_language("en")
