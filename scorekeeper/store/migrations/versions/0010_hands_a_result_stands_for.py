"""Each cached hand's count of played hands, so that a result hand (a hand or a whole
sitting known only by its points) counts as the hands it stands for in standings and
statistics

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every hand cached before this revision is one played hand: there was no result
    # hand before it.
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.add_column(sa.Column("hands", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.drop_column("hands")
