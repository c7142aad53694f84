"""Each imported night's fingerprint (what it came in as), so that importing the same
night again is recognised

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nights stored before this revision keep no fingerprint: an import compares them by
    # what they hold (store/fingerprints.py), as it does every night started in the app.
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.add_column(sa.Column("fingerprint", sa.String(length=64), nullable=True))
        batch_op.create_index(batch_op.f("ix_night_fingerprint"), ["fingerprint"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_night_fingerprint"))
        batch_op.drop_column("fingerprint")
