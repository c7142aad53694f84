"""Make tests/data/schema-0009.sql: the rows of a database as the app left it before
result hands, the second round of house rules and a night's money in its document
(schema 0009), for test_old_database.py.  Run it with THAT version's code on the path,
from a checkout of the commit before them (095e2cb; git worktree add OLD 095e2cb):

    PYTHONPATH=OLD OLD/.venv/bin/python tests/store/make_old_database.py \
        tests/data/schema-0009.sql

It files, through that version's own import, closing and payments, every night of its
test corpus, a generated league, and eighty random nights of its property strategies
(every preset, most house rules), and writes the rows as SQL INSERT statements in an
order they can be inserted in (the schema is alembic's 0009, which the test builds with
`upgrade_to`).
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings

from scorekeeper.sample import generated_league_documents
from scorekeeper.store.database import open_database
from scorekeeper.store.league import save_league
from scorekeeper.store.night_import import import_night
from scorekeeper.store.tonight import record_payment, set_closed
from tests.store.corpus import corpus
from tests.strategies import night_documents, schafkopf_night_documents

# The tables of schema 0009 in the order their rows can be inserted (each row's
# references first); alembic_version is the schema's own.
TABLES = (
    *("player", "league", "season", "night", "seat", "hand", "hand_revision"),
    *("night_change", "hand_score", "hand_points", "payment"),
)
SEASONS = {"Spring": ["2026-03-03", "2026-03-10"], "Fall": ["2026-10-06", "2026-10-13"]}


def drawn(strategy: Any, count: int) -> list[dict[str, Any]]:
    """COUNT documents drawn from STRATEGY."""
    found: list[dict[str, Any]] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(document: dict[str, Any]) -> None:
        found.append(document)

    collect()
    return found


def main(target: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "old.sqlite3"
        db = open_database(f"sqlite:///{path}")
        league = generated_league_documents(seed=11, seasons=SEASONS, stakes=(5, 25))
        randoms = drawn(night_documents(max_hands=8), 40) + drawn(
            schafkopf_night_documents(max_hands=8), 40
        )
        documents = [*corpus(), *league, *({**d, "league": "Drawn"} for d in randoms)]
        ids = [import_night(db, d) for d in documents]
        save_league(db, name="Drawn", rules=None)
        for night_id in ids[len(corpus()) :: 3]:  # every third, settled and closed
            set_closed(db, night_id=night_id, closed=True)
        first = ids[len(corpus())]
        on = dt.date(2026, 3, 3)
        payer, payee = league[0]["players"][:2]
        record_payment(db, night_id=first, payer=payer, payee=payee, cents=25, paid_on=on)
        db.dispose()
        with sqlite3.connect(path) as connection:
            lines = [line for line in connection.iterdump() if line.startswith("INSERT INTO")]
    rows = [line for line in lines if line.split('"')[1] in TABLES]
    rows.sort(key=lambda line: TABLES.index(line.split('"')[1]))  # stable: ids in order
    target.write_text("\n".join(rows) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
