"""A tournament day (issue 36): the tournament (its rules, sessions, hands, entry fee,
payout and tie-breaks), its entries (paid, late, withdrawn), the pairs kept apart,
each session's draw (its seed, what it was drawn from, when its round started) and
seats, its tables (the night each one's results are in) and the penalties, kept
apart from the zero-sum tables.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-10
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AMOUNT = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _tournament() -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"])


def upgrade() -> None:
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("sessions", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("entry_cents", AMOUNT, nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("payout", sa.JSON(), nullable=False),
        sa.Column("tie_breaks", sa.String(), nullable=False),
        sa.Column("uneven", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
    )
    op.create_table(
        "tournament_entry",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("paid", sa.Boolean(), nullable=False),
        sa.Column("first_session", sa.Integer(), nullable=False),
        sa.Column("last_session", sa.Integer(), nullable=True),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        _tournament(),
        sa.PrimaryKeyConstraint("tournament_id", "player_id"),
    )
    with op.batch_alter_table("tournament_entry") as batch:
        batch.create_index("ix_tournament_entry_player_id", ["player_id"], unique=False)
    op.create_table(
        "tournament_apart",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("first_id", sa.Integer(), nullable=False),
        sa.Column("second_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["first_id"], ["player.id"]),
        sa.ForeignKeyConstraint(["second_id"], ["player.id"]),
        _tournament(),
        sa.PrimaryKeyConstraint("tournament_id", "first_id", "second_id"),
    )
    op.create_table(
        "tournament_draw",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("session", sa.Integer(), nullable=False),
        sa.Column("seed", AMOUNT, nullable=False),
        sa.Column("drawn_from", sa.JSON(), nullable=False),
        sa.Column("drawn_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        _tournament(),
        sa.PrimaryKeyConstraint("tournament_id", "session"),
    )
    op.create_table(
        "tournament_table",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("session", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        _tournament(),
        sa.PrimaryKeyConstraint("tournament_id", "session", "number"),
    )
    op.create_table(
        "tournament_seat",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("session", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        _tournament(),
        sa.PrimaryKeyConstraint("tournament_id", "session", "player_id"),
        sa.UniqueConstraint("tournament_id", "session", "table_number", "seat"),
    )
    op.create_table(
        "tournament_penalty",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("session", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("points", AMOUNT, nullable=False),
        sa.Column("reason", sa.String(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        _tournament(),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tournament_penalty") as batch:
        batch.create_index("ix_tournament_penalty_tournament_id", ["tournament_id"], unique=False)


def downgrade() -> None:
    for table in (
        "tournament_penalty",
        "tournament_seat",
        "tournament_table",
        "tournament_draw",
        "tournament_apart",
        "tournament_entry",
        "tournament",
    ):
        op.drop_table(table)
