"""The command line in German (LANGUAGE=de): its help, its messages and its tables in
the players' words, every problem still naming its field, flag or argument as typed,
and the files it writes still English."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.cli import main
from tests.sheet import pick

LEAGUE = "Tuesday Night League"  # the sample league's, in the `url` fixture


@pytest.fixture(autouse=True)
def german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """LANGUAGE=de, as a German system sets it; English again after the test (the
    language is the process's, and `main` reads it from the environment)."""
    monkeypatch.setenv("LANGUAGE", "de")
    yield
    i18n.set_language("en")


def test_help_is_in_german_with_the_flags_and_commands_as_typed(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["standings", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("Aufruf: scorekeeper standings [-h] --league NAME")
    assert "--since DATUM         erster gezählter Tag (2026-01-31)" in out
    assert "Optionen:" in out and "Vorgabe: alle Saisons" in out
    with pytest.raises(SystemExit):
        main(["players", "rename", "--help"])
    out = capsys.readouterr().out
    assert "Aufruf: scorekeeper players rename [-h] ALT NEU" in out
    assert "der jetzige Name des Spielers" in out


def test_score_explains_each_hand_in_german_and_says_its_keys_stay_english(
    tmp_path: Path, capsys
) -> None:
    """`score`'s JSON is data with English keys and values, but each hand's explanation
    is a sentence for a person, in German; its help says which is which."""
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert (
        "Seine Schlüssel und die Werte, die Daten sind (Ergebnisse, Namen, Zahlen), bleiben "
        'in jeder Sprache englisch; nur die "explanation" jedes Spiels ist ein Satz für '
        "Menschen, in der eingestellten Sprache."
    ) in said
    document = {
        "format": "sheepshead-night/1",
        "rules": {"preset": "classic-5"},
        "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
        "hands": [pick("Bob", "Dee", points=74, tricks=4)],
    }
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document))
    assert main(["score", str(path)]) == 0
    (hand,) = json.loads(capsys.readouterr().out)["hands"]
    assert sorted(hand) == ["cents", "explanation", "level", "multiplier", "outcome", "points"]
    assert hand["outcome"] == "win"
    assert hand["explanation"].startswith("Bob und Dee")


def test_a_bad_night_exits_2_each_problem_in_german_naming_its_json_field(
    tmp_path: Path, capsys
) -> None:
    document = {
        "format": "sheepshead-night/1",
        "date": "2026-02-30",
        "rules": {"preset": "classic-5"},
        "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
        "hands": [{"type": "pick", "picker": "Zed", "points": 74, "tricks": 4}, 5],
    }
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document))
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "scorekeeper: date: '2026-02-30' ist kein echtes Datum (der Februar 2026 hat 28 Tage)",
        "scorekeeper: Spiel 1: picker: 'Zed' sitzt nicht an diesem Tisch",
        "scorekeeper: Spiel 2: Spiel: muss ein Objekt sein",
    ]


def test_a_bad_argument_is_named_as_the_german_usage_names_it(url: str, capsys) -> None:
    status = main(["--database", url, "players", "rename", "Ann", "A\x1bB"])
    assert status == 2
    assert capsys.readouterr().err == (
        "scorekeeper: NEU: 'A\\x1bB' enthält ein Steuerzeichen (U+001B); bitte weglassen\n"
    )


def test_standings_are_headed_in_german_and_the_spreadsheet_stays_english(url: str, capsys) -> None:
    assert main(["--database", url, "standings", "--league", LEAGUE]) == 0
    header = capsys.readouterr().out.splitlines()[0].split()
    assert header[:7] == ["#", "Spieler", "Abende", "Spiele", "Punkte", "Geld", "Pkt./Spiel"]
    assert header[-1] == "Fehlspiele"
    assert main(["--database", url, "standings", "--league", LEAGUE]) == 0
    bob = next(line for line in capsys.readouterr().out.splitlines() if " Bob " in line)
    assert " 0,40 " in bob and "79\xa0%" in bob and "0.40" not in bob  # as German writes them
    assert main(["--database", url, "standings", "--league", LEAGUE, "--csv"]) == 0
    csv_header = capsys.readouterr().out.removeprefix("\ufeff").splitlines()[0]
    assert csv_header.startswith("Rank,Player,Nights,Hands,Points,Money (cents)")


def test_closing_a_night_says_what_it_does_to_the_leagues_debts_in_one_sentence(
    url: str, capsys
) -> None:
    assert main(["--database", url, "close", "--night", "1"]) == 0
    assert main(["--database", url, "close", "--night", "1"]) == 0
    assert main(["--database", url, "reopen", "--night", "1"]) == 0
    night = f"„{LEAGUE} · 03.03.26 · Tisch 1“ (Abend 1)"  # as people know it, and its id
    assert capsys.readouterr().out.splitlines() == [
        f"{night} ist abgeschlossen: seine Abrechnung zählt jetzt zu den Schulden der Liga "
        f"{LEAGUE}.",
        f"{night} war schon abgeschlossen.",
        f"{night} ist wieder offen: seine Abrechnung zählt nicht mehr zu den Schulden der "
        f"Liga {LEAGUE}.",
    ]
