"""Which computer wrote each version of a hand and each change of a night (issue 33): a
hand's history is shown in the window and by `scorekeeper history`, and where several
laptops score into one league's server the table asks which one changed a hand.  A
version written before this upgrade names none.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("hand_revision", "night_change")


def upgrade() -> None:
    for table in TABLES:
        op.add_column(table, sa.Column("computer", sa.String(length=255), nullable=True))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("computer")
