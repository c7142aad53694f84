"""File ▸ Open night's search, as the database answers it: the nights whose line holds
every word typed (in any case, with or without accents, "lukasz" for Łukasz), counted
and read a page at a time newest first, the oldest found as surely as the newest; on
SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect

from scorekeeper.names import search_key
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.night_import import import_nights
from scorekeeper.store.night_reads import NightSummary, list_nights
from scorekeeper.store.night_search import NightSearch, night_parts
from scorekeeper.store.people import rename_player
from tests.sheet import night_doc, pick
from tests.store.conftest import downgrade_to

NAMES = ["Zoë", "Zoé", "Łukasz", "Straße", "Ｂｏｂ", "O'Neil", "İlker", "ǅemal", "Søren", "Ærø"]


def night(number: int) -> dict[str, Any]:
    """The NUMBER-th of a dozen nights: dated or not, in a league or none, at a table
    or none, of none to two hands, four of NAMES and Ann at it."""
    players = ["Ann", *(NAMES[(number + k) % len(NAMES)] for k in range(4))]
    hands = [pick("Ann", players[1], points=74, tricks=4)] * (number % 3)
    filing = {
        "date": f"2026-0{1 + number % 9}-1{number % 10}" if number % 4 else None,
        "league": ("Tuesday", "Café Ländle", None)[number % 3],
        "table": (None, "1", "Tisch 2")[number % 3],
    }
    return night_doc("classic-5", hands, players) | {k: v for k, v in filing.items() if v}


TYPED = st.text(
    st.sampled_from("zoëZOEłŁlukasszßtraeæøØﬀ'İı ǅdž\t Ｂｂ0123456789-/.,éÉ\u0301"), max_size=12
)


def kept(search: NightSearch, typed: str) -> list[int]:
    """The numbers of the nights the search keeps, in its order, read two at a time."""
    numbers: list[int] = []
    while page := search.page(typed, offset=len(numbers), limit=2):
        numbers += [n.id for n in page]
    return numbers


def holds_every_word(typed: str, summary: NightSummary) -> bool:
    """The rule said plainly: every word, folded, is in one of the line's parts, folded."""
    parts = [search_key(part) for part in night_parts(summary)]
    return all(any(search_key(word) in part for part in parts) for word in typed.split())


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(typed=st.one_of(st.text(max_size=20), TYPED))
def test_a_search_keeps_exactly_the_nights_whose_line_holds_every_word(
    db: Database, typed: str
) -> None:
    if not list_nights(db):  # the same database for every example: filled once
        import_nights(db, [night(n) for n in range(12)])
    nights = list_nights(db)  # newest first
    search = NightSearch(db)
    numbers = kept(search, typed)
    assert numbers == [n.id for n in nights if holds_every_word(typed, n)], typed
    assert search.count(typed) == len(numbers)
    for summary in nights:  # never lost to the folding: a word as it is written is found
        line = " ".join(night_parts(summary)).casefold()
        if all(word.casefold() in line for word in typed.split()):
            assert summary.id in numbers, (typed, line)


def test_the_oldest_of_many_nights_is_found_by_a_name_typed_plainly(db: Database) -> None:
    count = 250
    documents = [night_doc("classic-5", [], ["Ann", "Bob", "Cal", "Dee", "Eve"])] * count
    documents = [
        document
        | {"date": (dt.date(2020, 1, 1) + dt.timedelta(days=n)).isoformat(), "table": str(n)}
        for n, document in enumerate(documents)
    ]
    documents[0] = documents[0] | {"players": ["Ann", "Łukasz", "Søren", "Ærø", "Straße"]}
    ids = import_nights(db, documents)
    search = NightSearch(db)
    assert search.total() == count
    for typed in ("lukasz", "SOREN aero", "strasse 2020-01-01"):
        assert [n.id for n in search.page(typed, offset=0, limit=100)] == [ids[0]], typed
        assert search.count(typed) == 1
    first = search.page("", offset=0, limit=100)
    rest = search.page("", offset=100, limit=None)
    assert [n.id for n in first + rest] == ids[::-1]  # newest first, every one once


def test_a_player_renamed_is_found_by_the_new_name(db: Database) -> None:
    (number,) = import_nights(db, [night_doc("classic-5", [], ["Ann", "Bob", "Cal", "Dee", "Eve"])])
    rename_player(db, old="Bob", new="Bjørn")
    search = NightSearch(db)
    assert [n.id for n in search.page("bjorn", offset=0, limit=10)] == [number]
    assert search.count("bob") == 0


def night_indexes(db: Database) -> set[str]:
    return {index["name"] or "" for index in inspect(db.engine).get_indexes("night")}


def test_a_database_made_before_the_index_upgrades_with_a_backup_and_finds_its_nights(
    database_url: str, tmp_path: Path
) -> None:
    """0018 indexes the nights newest first; a database at 0017 opened by this version
    is backed up (a SQLite file), upgraded, and searched as before."""
    db = open_database(database_url)
    ids = import_nights(db, [night(n) for n in range(12)])
    expected = [n.id for n in list_nights(db) if "Łukasz" in n.players]
    downgrade_to(db.engine, "0017")
    assert "ix_night_newest" not in night_indexes(db)
    db.dispose()
    upgraded = open_database(database_url)
    try:
        assert "ix_night_newest" in night_indexes(upgraded)
        search = NightSearch(upgraded)
        assert search.total() == len(ids)
        assert [n.id for n in search.page("LUKASZ", offset=0, limit=100)] == expected != []
    finally:
        upgraded.dispose()
    if database_url.startswith("sqlite"):
        (backup,) = tmp_path.glob("scorekeeper.sqlite3.*.bak")
        with sqlite3.connect(backup) as old:
            assert old.execute("SELECT version_num FROM alembic_version").fetchall() == [("0017",)]


def test_the_rest_read_at_once_comes_with_every_night_s_players(
    db: Database, monkeypatch: Any
) -> None:
    """End in Open night reads every night left: their seats are asked for a few
    hundred nights at a time (here three), within every database's limit on the values
    one statement is sent, and every line has its players."""
    from scorekeeper.store import night_reads

    monkeypatch.setattr(night_reads, "CHUNK", 3)
    import_nights(db, [night(n) for n in range(12)])
    everything = NightSearch(db).page("", offset=1, limit=None)
    assert [(n.id, n.players) for n in everything] == [
        (n.id, n.players) for n in list_nights(db)[1:]
    ]
    assert all(n.players for n in everything)
