"""Alembic's environment: the app's tables, batch mode for SQLite, a shared connection."""

from alembic import context
from sqlmodel import SQLModel

import scorekeeper.store.tables  # noqa: F401  (registers every table on the metadata)

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through scorekeeper.store.database.open_database")
context.configure(
    connection=connection,
    target_metadata=SQLModel.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
