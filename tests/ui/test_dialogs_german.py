"""The dialogs and the league window in German: each Alt letter means one thing (in each
tab of the league window with the window's own, in the start dialog; the entry forms',
among what each hand type shows, in tests/ui/test_mnemonics.py), and the sentences once
glued from pieces read as whole German sentences."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from scorekeeper.store.database import Database
from scorekeeper.store.seed import seed_sample_league
from ui.league.window import LeagueWindow
from ui.rules_editor import RulesDialog
from ui.sheet_dialog import SheetImportDialog
from ui.start_dialog import StartNightDialog


def letters(texts: list[str]) -> list[str]:
    return [m.group(1).lower() for t in texts if (m := re.search(r"&(\w)", t))]


def own_texts(widget: QWidget, *, skip: tuple[QWidget, ...] = ()) -> list[str]:
    """The texts with an Alt letter of WIDGET's buttons and field labels, but those
    inside SKIP (each a page with letters of its own)."""

    def inside(child: QWidget) -> bool:
        return any(page is child or page.isAncestorOf(child) for page in skip)

    texts = [b.text() for b in widget.findChildren(QAbstractButton) if not inside(b)]
    labels = widget.findChildren(QLabel)
    return texts + [w.text() for w in labels if w.buddy() is not None and not inside(w)]


def test_the_german_league_window_gives_each_alt_letter_one_meaning_in_each_tab(
    german, database: Database, qtbot: Any
) -> None:
    seed_sample_league(database)
    window = LeagueWindow(database, "Tuesday Night League")
    qtbot.addWidget(window)
    pages = tuple(window.tabs.widget(i) for i in range(window.tabs.count()))
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert tabs == ["&Rangliste", "S&pieler", "&Geld", "&Tisch", "Sp&ielerliste"]
    shared = tabs + own_texts(window, skip=pages)
    for page in pages:
        found = letters(shared + own_texts(page))
        assert len(found) == len(set(found)), sorted(found)


def test_the_german_start_dialog_says_its_night_and_a_name_seated_twice_whole(
    german, qtbot: Any
) -> None:
    dialog = StartNightDialog(["Ann", "Bob"], [])
    qtbot.addWidget(dialog)
    found = letters(own_texts(dialog))
    assert len(found) == len(set(found)), sorted(found)
    dialog.add_name.setCurrentText("Ann")
    dialog.add_player()
    assert dialog.summary.text().startswith("keine Liga · ")
    assert dialog.summary.text().endswith(" je Punkt · 1 Spieler")
    dialog.add_name.setCurrentText("ANN")
    dialog.add_player()
    assert dialog.problem.text() == (
        "⚠ Spieler hinsetzen: 'ANN' sitzt schon als 'Ann' am Tisch; zwei Spieler brauchen "
        "zwei verschiedene Namen"
    )


def test_the_german_rules_dialog_counts_the_hands_it_rescores(german, qtbot: Any) -> None:
    from scorekeeper.games import preset_rules

    def note(hands: int) -> str:
        dialog = RulesDialog(preset_rules("schafkopf"), hands, currency="EUR")
        qtbot.addWidget(dialog)
        return " ".join(label.text() for label in dialog.findChildren(QLabel) if label.text())

    assert "Das eine Spiel des Abends wird nach den hier gewählten Regeln neu gewertet" in note(1)
    assert "Die 12 Spiele des Abends werden nach den hier gewählten Regeln neu gewertet" in note(12)


def test_the_german_import_dialog_says_what_the_sheet_holds(
    german, qtbot: Any, database: Database, tmp_path: Path
) -> None:
    path = tmp_path / "history.csv"
    path.write_text("date;hands;Ann;Bob;Cal\n2013-09-04;14;5;-5;0\n2013-09-11;10;-2;x;2\n")
    dialog = SheetImportDialog(database, str(path), "History")
    qtbot.addWidget(dialog)
    assert (
        dialog.file_line.text() == "history.csv: 2 Sitzungen, 3 Spieler, getrennt durch Semikolons."
    )
    assert dialog.problems.toPlainText().startswith(
        "1 Problem: Nichts wird importiert, bis die Tabellendatei berichtigt ist."
    )
    assert not dialog.import_button.isEnabled()
