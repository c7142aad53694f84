"""A night's own history: house rules changed after it started, the night deleted or
brought back

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "night_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("night_change", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_night_change_night_id"), ["night_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("night_change", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_night_change_night_id"))
    op.drop_table("night_change")
