"""Each cached hand's Bock hands still to come, so that a hand recorded at the end of
a night is scored from the hand before it alone

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Rows cached before this revision say NULL (not known): the next hand recorded
    # after one rescores its night whole, which fills the value in.
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bock_pending", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.drop_column("bock_pending")
