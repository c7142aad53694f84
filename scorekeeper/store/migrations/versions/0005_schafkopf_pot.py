"""The pot of a Schafkopf night in the score cache: what each hand put in or took out

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every night stored before this revision is Sheepshead, which has no pot: 0 is
    # exactly right for each existing row, so nothing needs rescoring.
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.add_column(sa.Column("pot", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(
            sa.Column("pot_cents", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.drop_column("pot_cents")
        batch_op.drop_column("pot")
