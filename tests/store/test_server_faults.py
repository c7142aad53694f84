"""A PostgreSQL server that does not answer, or answers too slowly, is a clear error with
status 2, never a wait without end: real sockets, real processes, the real test server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from scorekeeper.store.database import open_database
from scorekeeper.store.league import save_league
from tests.store.conftest import drop_postgres, fresh_postgres_url

ROOT = Path(__file__).resolve().parents[2]


def scorekeeper(url: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run the command line on URL with ENV added; a wait without end fails the test."""
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--database", url, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        env=os.environ | env,
    )


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A port whose listener accepts connections and never says a word."""
    listener = socket.create_server(("127.0.0.1", 0))
    port: int = listener.getsockname()[1]
    yield port
    listener.close()


def test_a_server_that_never_answers_is_status_2_after_the_connect_timeout(
    silent_server: int,
) -> None:
    url = f"postgresql+psycopg://someone@127.0.0.1:{silent_server}/league"
    done = scorekeeper(url, "nights", SCOREKEEPER_CONNECT_TIMEOUT="2")  # psycopg's own: 130 s
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"scorekeeper: the database server at 127.0.0.1:{silent_server} did not answer "
        "within 2 s; is it running, and is that its address? Nothing was read or written\n"
    )
    assert done.stdout == ""


def test_a_timeout_that_is_not_a_number_of_seconds_is_named(silent_server: int) -> None:
    url = f"postgresql+psycopg://someone@127.0.0.1:{silent_server}/league"
    done = scorekeeper(url, "nights", SCOREKEEPER_STATEMENT_TIMEOUT="soon")
    assert done.returncode == 2
    assert "SCOREKEEPER_STATEMENT_TIMEOUT: 'soon' is not a whole number of seconds" in done.stderr


@pytest.fixture
def league_url(postgres_template: str) -> Iterator[str]:
    """A migrated database on the test server holding one league."""
    url = fresh_postgres_url(postgres_template)
    db = open_database(url)
    save_league(db, name="Tuesday")
    db.dispose()
    yield url
    drop_postgres(url)


@pytest.fixture
def league_table_locked(league_url: str) -> Iterator[str]:
    """Another program holding the league table, so that no league can be written."""
    dsn = make_url(league_url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn) as other:
        other.execute("LOCK TABLE league IN EXCLUSIVE MODE")
        yield league_url
        other.rollback()


@pytest.mark.postgres
def test_a_write_waiting_on_another_program_s_lock_is_status_2_with_plain_words(
    league_table_locked: str,
) -> None:
    done = scorekeeper(league_table_locked, "league", "Wednesday", SCOREKEEPER_LOCK_TIMEOUT="1")
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"scorekeeper: the database {make_url(league_table_locked).render_as_string()} is "
        "busy: another program held what this needed for 1 s; try again (nothing was written)\n"
    )


@pytest.mark.postgres
def test_a_statement_that_runs_too_long_is_status_2_with_plain_words(
    league_table_locked: str,
) -> None:
    limits = {"SCOREKEEPER_STATEMENT_TIMEOUT": "1", "SCOREKEEPER_LOCK_TIMEOUT": "600"}
    done = scorekeeper(league_table_locked, "league", "Wednesday", **limits)
    address = make_url(league_table_locked)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"scorekeeper: the database server at {address.host}:{address.port} did not finish "
        "within 1 s (is it overloaded?); try again (nothing was written)\n"
    )
    db = open_database(league_table_locked)
    with db.session() as session:
        from sqlmodel import select

        from scorekeeper.store.tables import LeagueRow

        assert [row.name for row in session.exec(select(LeagueRow))] == ["Tuesday"]
    db.dispose()
