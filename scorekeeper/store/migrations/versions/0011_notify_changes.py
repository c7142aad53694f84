"""On PostgreSQL, every write to a night, a hand, a seat, a player or a league notifies
the channel `scorekeeper_changes` (delivered when its transaction commits), so that a
board in the room (`scorekeeper.store.board`, League ▸ Tonight's board) updates at once.  SQLite has
no notifications: a board there polls `board.change_token`.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-23
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("night", "hand", "seat", "player", "league")  # what a board shows


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE OR REPLACE FUNCTION scorekeeper_notify_change() RETURNS trigger AS $$
        BEGIN
            PERFORM pg_notify('scorekeeper_changes', TG_TABLE_NAME);
            RETURN NULL;
        END
        $$ LANGUAGE plpgsql
        """
    )
    for table in TABLES:
        op.execute(
            f"CREATE TRIGGER {table}_notify_change AFTER INSERT OR UPDATE OR DELETE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION scorekeeper_notify_change()"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"DROP TRIGGER IF EXISTS {table}_notify_change ON {table}")
    op.execute("DROP FUNCTION IF EXISTS scorekeeper_notify_change()")
