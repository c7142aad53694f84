"""Real databases for the storage tests: a SQLite file, and a PostgreSQL database.

PostgreSQL comes from SCOREKEEPER_TEST_POSTGRES_URL (scripts/test starts a throwaway
server and sets it).  Each test gets a database of its own, cloned from a migrated
template.  Without the variable the PostgreSQL cases are skipped, except in CI, where
a missing server is a failure.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import psycopg
import pytest
from alembic import command
from sqlalchemy import Engine
from sqlalchemy.engine import make_url

from scorekeeper.store.database import Database, alembic_config, open_database

POSTGRES_URL = os.environ.get("SCOREKEEPER_TEST_POSTGRES_URL", "")
# One template a test process: the suite runs in several (pytest-xdist), and two runs
# may share a server; each process drops its own at the end.
TEMPLATE = f"scorekeeper_template_{os.getpid()}"
_counter = itertools.count()


def upgrade_to(engine: Engine, revision: str, statements: Sequence[str] = ()) -> None:
    """Bring ENGINE's database to schema REVISION with alembic (as an older version of
    the app left it), then run STATEMENTS (rows as that schema held them), in one
    transaction."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        for statement in statements:
            connection.exec_driver_sql(statement)


def downgrade_to(engine: Engine, revision: str) -> None:
    """Take ENGINE's database down to schema REVISION with the migrations' own
    downgrades (rows written by this version, kept as that schema holds them)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def _admin(url: str) -> psycopg.Connection:
    parsed = make_url(url).set(drivername="postgresql", database="postgres")
    dsn = parsed.render_as_string(hide_password=False)
    return psycopg.connect(dsn, autocommit=True)


@pytest.fixture(scope="session")
def postgres_template() -> Iterator[str]:
    """A migrated template database the per-test databases are cloned from, dropped
    when the session ends."""
    if not POSTGRES_URL:
        if os.environ.get("CI"):
            pytest.fail("CI must run the storage tests on PostgreSQL: no server was started")
        pytest.skip("no PostgreSQL server (set SCOREKEEPER_TEST_POSTGRES_URL)")
    with _admin(POSTGRES_URL) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE}")
        admin.execute(f"CREATE DATABASE {TEMPLATE}")
    url = make_url(POSTGRES_URL).set(database=TEMPLATE).render_as_string(hide_password=False)
    open_database(url).dispose()
    yield TEMPLATE
    with _admin(POSTGRES_URL) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE}")


def fresh_postgres_url(template: str | None) -> str:
    """A new empty (template None) or migrated database on the test server."""
    name = f"sk_test_{os.getpid()}_{next(_counter)}"
    with _admin(POSTGRES_URL) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name}")
        clause = f" TEMPLATE {template}" if template else ""
        admin.execute(f"CREATE DATABASE {name}{clause}")
    return make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)


def drop_postgres(url: str) -> None:
    name = make_url(url).database
    with _admin(POSTGRES_URL) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a new, migrated database of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}"
        return
    template = request.getfixturevalue("postgres_template")
    url = fresh_postgres_url(template)
    yield url
    drop_postgres(url)


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    """An open database of each kind."""
    database = open_database(database_url)
    yield database
    database.dispose()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[Database]:
    """An open SQLite database file, for what only SQLite has (files, pragmas)."""
    database = open_database(f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}")
    yield database
    database.dispose()
