"""The currency a league and a night keep their money in (migration 0014): every
amount stored before it was US dollars and stays so; a new league or night is in the
locale's currency unless told; a night in a league is in its league's, one without a
league in its own; the night document, backups and restores keep it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from scorekeeper import i18n
from scorekeeper.rules import RuleSet
from scorekeeper.store import night_import
from scorekeeper.store.backup_commands import dump, restore
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.league import league_info, save_league
from scorekeeper.store.money import league_money
from scorekeeper.store.night_reads import load_stored_night
from tests.store.conftest import drop_postgres, fresh_postgres_url, upgrade_to

NIGHT = {
    "format": "sheepshead-night/1",
    "rules": "three-handed",
    "players": ["Ann", "Bob", "Cal"],
    "hands": [],
}
# Ids left to the database (a server's sequences then count on from them): the players
# are 1 to 3, the league 1, the nights 1 (in the league) and 2 (without one).
ROWS_AT_0013 = [
    "INSERT INTO player (name, name_key, retired, created_at) VALUES "
    "('Ann','ann',false,'2026-01-01'),('Bob','bob',false,'2026-01-01'),"
    "('Cal','cal',false,'2026-01-01')",
    "INSERT INTO league (name, name_key, created_at) VALUES ('Tuesday','tuesday','2026-01-01')",
    "INSERT INTO night (league_id, rules, created_at, updated_at) VALUES "
    "(1, '{\"preset\": \"three-handed\"}', '2026-01-01', '2026-01-01')",
    "INSERT INTO night (league_id, rules, created_at, updated_at) VALUES "
    "(NULL, '{\"preset\": \"three-handed\"}', '2026-01-02', '2026-01-02')",
    "INSERT INTO seat (night_id, player_id, position, first_hand) VALUES "
    "(1,1,1,1),(1,2,2,1),(1,3,3,1),(2,1,1,1),(2,2,2,1),(2,3,3,1)",
]


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


@pytest.fixture(params=["sqlite", "postgresql"])
def old_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database of each kind as version 0013 left it: a league, a night in it and a
    night without one."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    else:
        request.getfixturevalue("postgres_template")  # skips without a server
        url = fresh_postgres_url(None)
    engine = create_engine(url)
    upgrade_to(engine, "0013", ROWS_AT_0013)
    engine.dispose()
    yield url
    if request.param == "postgresql":
        drop_postgres(url)


def test_what_was_stored_before_currencies_were_kept_is_in_us_dollars(
    old_url: str, german: None
) -> None:
    db = open_database(old_url)  # migrated to the head under a German locale
    try:
        assert league_info(db, league="Tuesday").currency == "USD"
        assert league_money(db, league="Tuesday").currency == "USD"
        assert load_stored_night(db, night_id=1).info.currency == "USD"
        assert load_stored_night(db, night_id=2).info.currency == "USD"
        # A new league under the German locale is in euros; the old one is not changed.
        save_league(db, name="Donnerstag")
        assert league_info(db, league="Donnerstag").currency == "EUR"
        assert league_info(db, league="Tuesday").currency == "USD"
    finally:
        db.dispose()


def test_a_new_night_is_in_the_locales_currency_or_its_leagues(db: Database, german: None) -> None:
    alone = night_import.create_night(db, players=["Ann", "Bob", "Cal"], rules=_rules())
    assert load_stored_night(db, night_id=alone).info.currency == "EUR"
    save_league(db, name="Tuesday", currency="USD")
    filed = night_import.create_night(
        db, players=["Ann", "Bob", "Cal"], rules=_rules(), league="Tuesday"
    )
    assert load_stored_night(db, night_id=filed).info.currency == "USD"


def test_a_night_without_a_league_keeps_its_own_currency_through_export(db: Database) -> None:
    night_id = night_import.import_night(db, NIGHT | {"currency": "CHF"})
    exported = night_import.export_night(db, night_id=night_id)
    assert exported["currency"] == "CHF"
    assert "currency" not in night_import.export_night(
        db, night_id=night_import.import_night(db, NIGHT)
    )


def test_a_night_follows_its_league_when_the_league_changes_currency(db: Database) -> None:
    night_id = night_import.import_night(db, NIGHT | {"league": "Tuesday", "currency": "EUR"})
    assert league_info(db, league="Tuesday").currency == "EUR"  # made by the night
    save_league(db, name="Tuesday", currency="GBP")
    assert night_import.export_night(db, night_id=night_id)["currency"] == "GBP"


def test_a_night_in_another_currency_than_its_league_is_refused(db: Database) -> None:
    save_league(db, name="Tuesday", currency="EUR")
    with pytest.raises(StorageError, match=r"^currency: .*USD.*EUR"):
        night_import.import_night(db, NIGHT | {"league": "Tuesday"})  # an old file: dollars
    with pytest.raises(StorageError, match=r"^currency: "):
        save_league(db, name="Tuesday", currency="EURO")


def test_a_restored_dump_keeps_every_currency(sqlite_db: Database, tmp_path: Path) -> None:
    night_import.import_night(sqlite_db, NIGHT | {"league": "Tuesday", "currency": "EUR"})
    alone = night_import.import_night(sqlite_db, NIGHT | {"currency": "JPY"})
    path = tmp_path / "dump.json"
    path.write_text(json.dumps(dump(sqlite_db)))
    target = open_database(f"sqlite:///{tmp_path / 'restored.sqlite3'}")
    try:
        restore(target, str(path), force=True)
        assert league_info(target, league="Tuesday").currency == "EUR"
        assert load_stored_night(target, night_id=alone).info.currency == "JPY"
    finally:
        target.dispose()


def _rules() -> RuleSet:
    from scorekeeper.games import preset_rules

    return preset_rules("three-handed")


def test_a_code_that_is_not_a_currency_is_refused_in_the_users_language(
    db: Database, german: None
) -> None:
    """One message for every door a currency comes in by (the store's was English
    only), and the refusal of a night in another currency than its league's too."""
    with pytest.raises(StorageError, match=r"^Währung: 'EURO' ist kein ISO-4217-Währungscode"):
        save_league(db, name="Tuesday", currency="EURO")
    save_league(db, name="Tuesday", currency="EUR")
    with pytest.raises(StorageError, match=r"^Währung: das Geld des Abends ist in USD"):
        night_import.import_night(db, NIGHT | {"league": "Tuesday", "currency": "USD"})
