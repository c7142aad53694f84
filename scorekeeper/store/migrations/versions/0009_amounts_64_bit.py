"""Points, cents and multipliers in 64 bits on every database: a server database's
INTEGER columns for them become BIGINT (SQLite's INTEGER already holds 64 bits)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out here, not read from the app's tables, so that this upgrade stays the same
# whatever later versions of the code do.
AMOUNTS = {
    "hand_score": ("multiplier", "pot", "pot_cents"),
    "hand_points": ("points", "cents"),
    "payment": ("cents",),
}


def _alter(old: sa.types.TypeEngine[int], new: sa.types.TypeEngine[int]) -> None:
    if op.get_bind().dialect.name == "sqlite":
        return  # INTEGER is 64-bit there; rebuilding the tables would change nothing
    for table, columns in AMOUNTS.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in columns:
                batch_op.alter_column(column, existing_type=old, type_=new, existing_nullable=False)


def upgrade() -> None:
    _alter(sa.Integer(), sa.BigInteger())


def downgrade() -> None:
    _alter(sa.BigInteger(), sa.Integer())
