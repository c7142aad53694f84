"""Each player's role in each cached hand (picker, partner, defender, ...) for statistics

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _roles(record: dict[str, Any]) -> tuple[dict[int, str], str]:
    """Roles by player id from a stored hand record, and the role of everyone else.
    Written out here (not imported from the app) so this migration never changes."""
    kind = record.get("type")
    if kind == "pick":
        roles = {int(p): "partner" for p in record.get("partners", [])}
        roles[int(record["picker"])] = "picker"
        return roles, "defender"
    if kind == "leaster":
        winners = record.get("winners") or [record.get("winner")]
        return {int(w): "leaster-winner" for w in winners if w is not None}, "leaster"
    return {}, "played"


def upgrade() -> None:
    with op.batch_alter_table("hand_points", schema=None) as batch_op:
        batch_op.add_column(sa.Column("role", sa.String(), nullable=False, server_default="played"))
    connection = op.get_bind()
    hands = sa.table("hand", sa.column("id", sa.Integer), sa.column("record", sa.JSON))
    points = sa.table(
        "hand_points",
        sa.column("hand_id", sa.Integer),
        sa.column("player_id", sa.Integer),
        sa.column("role", sa.String),
    )
    cached = connection.execute(sa.select(points.c.hand_id, points.c.player_id)).all()
    records = dict(connection.execute(sa.select(hands.c.id, hands.c.record)).all())
    updates = []
    for hand_id, player_id in cached:
        roles, other = _roles(records[hand_id])
        updates.append({"h": hand_id, "p": player_id, "r": roles.get(player_id, other)})
    if updates:
        connection.execute(
            points.update()
            .where(points.c.hand_id == sa.bindparam("h"))
            .where(points.c.player_id == sa.bindparam("p"))
            .values(role=sa.bindparam("r")),
            updates,
        )


def downgrade() -> None:
    with op.batch_alter_table("hand_points", schema=None) as batch_op:
        batch_op.drop_column("role")
