"""A night can be discarded (its start undone) and brought back, keeping its history

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.add_column(sa.Column("discarded_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.drop_column("discarded_at")
