"""The currency a league and a night keep their money in (issue 19)

A league keeps one currency (an ISO 4217 code) for all its nights and payments; a night
in a league follows its league's (its own column stays empty), and a night without one
keeps its own.  Every amount stored before this revision was typed and shown as US
dollars, so every league and every night without a league is USD.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("league", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("currency", sa.String(length=3), nullable=False, server_default="USD")
        )
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.add_column(sa.Column("currency", sa.String(length=3), nullable=True))
    op.execute("UPDATE night SET currency = 'USD' WHERE league_id IS NULL")


def downgrade() -> None:
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.drop_column("currency")
    with op.batch_alter_table("league", schema=None) as batch_op:
        batch_op.drop_column("currency")
