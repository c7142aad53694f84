"""Statistics in the score cache (a pick hand's call, each player's misplays) and a
league's choice of how its standings are ranked

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _misplays(record: dict[str, Any], player_id: int) -> int:
    """How many misplays a stored record names this player for.  Written out here (not
    imported from the app) so this migration never changes."""
    return sum(1 for p in record.get("misplays") or [] if int(p) == player_id)


def upgrade() -> None:
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.add_column(sa.Column("call", sa.String(), nullable=True))
    with op.batch_alter_table("hand_points", schema=None) as batch_op:
        batch_op.add_column(sa.Column("misplays", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("league", schema=None) as batch_op:
        batch_op.add_column(sa.Column("standings", sa.JSON(), nullable=True))
    connection = op.get_bind()
    hands = sa.table("hand", sa.column("id", sa.Integer), sa.column("record", sa.JSON))
    scores = sa.table("hand_score", sa.column("hand_id", sa.Integer), sa.column("call", sa.String))
    points = sa.table(
        "hand_points",
        sa.column("hand_id", sa.Integer),
        sa.column("player_id", sa.Integer),
        sa.column("misplays", sa.Integer),
    )
    records = dict(connection.execute(sa.select(hands.c.id, hands.c.record)).all())
    calls = [{"h": h, "c": r.get("call")} for h, r in records.items() if r.get("call")]
    if calls:
        connection.execute(
            scores.update()
            .where(scores.c.hand_id == sa.bindparam("h"))
            .values(call=sa.bindparam("c")),
            calls,
        )
    cached = connection.execute(sa.select(points.c.hand_id, points.c.player_id)).all()
    misplays = [
        {"h": h, "p": p, "m": count} for h, p in cached if (count := _misplays(records[h], p))
    ]
    if misplays:
        connection.execute(
            points.update()
            .where(points.c.hand_id == sa.bindparam("h"))
            .where(points.c.player_id == sa.bindparam("p"))
            .values(misplays=sa.bindparam("m")),
            misplays,
        )


def downgrade() -> None:
    with op.batch_alter_table("league", schema=None) as batch_op:
        batch_op.drop_column("standings")
    with op.batch_alter_table("hand_points", schema=None) as batch_op:
        batch_op.drop_column("misplays")
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.drop_column("call")
