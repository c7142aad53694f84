"""A night document in another currency than the league it is filed in is refused by
`scorekeeper import`, naming the file's `currency` field (import has no --currency),
with status 2 and nothing filed; the refusal is in the user's language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.cli import main

NIGHT = {
    "format": "sheepshead-night/1",
    "rules": "three-handed",
    "players": ["Ann", "Bob", "Cal"],
    "hands": [],
    "league": "Tuesday",
}


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch, english_again: None) -> Iterator[None]:
    """LANGUAGE=de, as a German system sets it (`main` reads it); English again after."""
    monkeypatch.setenv("LANGUAGE", "de")
    yield
    i18n.set_language("en")


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'league.sqlite3'}"


def imported(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], currency: str
) -> tuple[int, str, str]:
    path = tmp_path / f"{currency}.json"
    day = "2026-01-01" if currency == "EUR" else "2026-01-08"  # two nights, not one twice
    night = NIGHT | {"currency": currency, "date": day}
    path.write_text(json.dumps(night), encoding="utf-8")
    status = main(["--database", url, "import", str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_night_in_another_currency_names_the_files_currency_field(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert imported(database_url, tmp_path, capsys, "EUR")[0] == 0  # the league made in euros
    status, out, err = imported(database_url, tmp_path, capsys, "USD")
    assert (status, out) == (2, "")
    said = [line for line in err.splitlines() if "new, empty database" not in line]
    assert said == [
        "scorekeeper: currency: the night's money is in USD, but league 'Tuesday' keeps "
        "its money in EUR"
    ]
    assert "--currency" not in err


def test_the_refusal_is_in_german(
    german: None, database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert imported(database_url, tmp_path, capsys, "EUR")[0] == 0
    status, _out, err = imported(database_url, tmp_path, capsys, "USD")
    assert status == 2
    assert "currency: das Geld des Abends ist in USD, die Liga 'Tuesday' rechnet aber in EUR" in err
