"""Each player's place at each night's table kept in `night_summary` (issue 20): by
points, tied players sharing the better place (1, 1, 3), as the core's `night_places`
gives it; standings count places by player instead of ranking every night again

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out here, not read from the app's code (store/summaries.py places the same way).
FILL_PLACE = """
UPDATE night_summary SET place = 1 + (
    SELECT COUNT(*) FROM night_summary AS other
    WHERE other.night_id = night_summary.night_id AND other.points > night_summary.points
)
"""


def upgrade() -> None:
    with op.batch_alter_table("night_summary", schema=None) as batch_op:
        batch_op.add_column(sa.Column("place", sa.Integer(), nullable=True))
    op.execute(FILL_PLACE)
    with op.batch_alter_table("night_summary", schema=None) as batch_op:
        batch_op.alter_column("place", existing_type=sa.Integer(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("night_summary", schema=None) as batch_op:
        batch_op.drop_column("place")
