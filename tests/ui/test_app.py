"""The app opens on the sample night and its sheet matches the core's numbers."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.sample import sample_league_documents
from scorekeeper.store.nights import list_nights
from ui.app import open_store, parse_arguments


def test_the_database_comes_from_the_argument_or_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", "sqlite:///from-env.db")
    assert parse_arguments([]).database == "sqlite:///from-env.db"
    assert parse_arguments(["--database", "sqlite:///x.db"]).database == "sqlite:///x.db"


def test_the_default_database_gets_the_sample_league_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    db = open_store(None)
    assert len(list_nights(db)) == len(sample_league_documents())
    db.dispose()
    again = open_store(None)
    assert len(list_nights(again)) == len(sample_league_documents())
    again.dispose()


def test_a_chosen_database_gets_no_sample(tmp_path: Path) -> None:
    db = open_store(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    assert list_nights(db) == []
    db.dispose()
