"""Two players merged into one, kept so that the merge can be undone (issue 34, point 8):
a `player_merge` row holds the merged player's row as it was and the ids of every row
that moved to the other (seats, hands and their versions, payments), for
`scorekeeper players unmerge` and the league window's Ctrl+Z.  A database before this
upgrade has merged nobody.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player_merge",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("retired", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("into_id", sa.Integer(), nullable=False),
        sa.Column("moved", sa.JSON(), nullable=False),
        sa.Column("merged_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("computer", sa.String(length=255), nullable=True),
    )
    op.create_index("ix_player_merge_into_id", "player_merge", ["into_id"])


def downgrade() -> None:
    op.drop_index("ix_player_merge_into_id", table_name="player_merge")
    op.drop_table("player_merge")
