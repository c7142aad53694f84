"""The sample league a newcomer sees: valid, balanced, filed, and seeded only once."""

from __future__ import annotations

from scorekeeper.document import load_night
from scorekeeper.night import score_night
from scorekeeper.sample import sample_league_documents
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.seed import is_empty, seed_sample_league


def test_the_sample_league_is_valid_and_sums_to_zero() -> None:
    documents = sample_league_documents()
    assert len({d["season"] for d in documents}) == 2
    assert any(d["table"] == "2" for d in documents)
    for document in documents:
        night, problems = load_night(document)
        assert night is not None, problems
        assert sum(score_night(night).total_cents.values()) == 0


def test_seeding_files_every_sample_night(sqlite_db) -> None:
    assert is_empty(sqlite_db)
    ids = seed_sample_league(sqlite_db)
    assert len(ids) == len(list_nights(sqlite_db)) == len(sample_league_documents())
    assert not is_empty(sqlite_db)


def test_a_database_with_only_a_league_gets_no_sample(db) -> None:
    """A league made before any night (its settings chosen first) is data, on either
    database: the sample league is not filed beside it (`state.holds_data`, the question
    a restore asks before it replaces anything)."""
    from scorekeeper.store.league import save_league
    from scorekeeper.store.state import holds_data

    assert not holds_data(db) and is_empty(db)
    save_league(db, name="Tuesday Night League")
    assert holds_data(db) and not is_empty(db)
