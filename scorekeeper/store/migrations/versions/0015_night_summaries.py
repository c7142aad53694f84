"""Each night's sums kept beside the score cache (issue 20): a `night_summary` row per
player per night (points, cents, hands and the counts standings read) and a
`night_total` row per night (its hands and its pot), filled here from the cache the
database holds and kept by every write since (store/summaries.py)

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out here, not read from the app's code, so that this upgrade stays the same
# whatever later versions of the code do (store/summaries.py sums the same way).
AMOUNT = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
COUNTS = (
    "hands",
    "picks",
    "picker_wins",
    "schneiders_won",
    "schneiders_lost",
    "leasters_won",
    "misplays",
)
FILL_SUMMARY = """
INSERT INTO night_summary (night_id, player_id, points, cents, hands, picks, picker_wins,
                           schneiders_won, schneiders_lost, leasters_won, misplays)
SELECT p.night_id, p.player_id, SUM(p.points), SUM(p.cents), SUM(s.hands),
       SUM(CASE WHEN p.role = 'picker' THEN 1 ELSE 0 END),
       SUM(CASE WHEN p.role = 'picker' AND s.outcome = 'win' THEN 1 ELSE 0 END),
       SUM(CASE WHEN s.level <> 'normal' AND ({won}) THEN 1 ELSE 0 END),
       SUM(CASE WHEN s.level <> 'normal' AND s.outcome IN ('win', 'loss') AND NOT ({won})
           THEN 1 ELSE 0 END),
       SUM(CASE WHEN p.role = 'leaster-winner' THEN 1 ELSE 0 END),
       SUM(p.misplays)
FROM hand_points p JOIN hand_score s ON s.hand_id = p.hand_id
GROUP BY p.night_id, p.player_id
""".format(
    won="(p.role IN ('picker', 'partner') AND s.outcome = 'win') "
    "OR (p.role NOT IN ('picker', 'partner') AND s.outcome = 'loss')"
)
FILL_TOTAL = """
INSERT INTO night_total (night_id, hand_rows, pot, pot_cents)
SELECT night_id, COUNT(*), SUM(pot), SUM(pot_cents) FROM hand_score GROUP BY night_id
"""


def upgrade() -> None:
    op.create_table(
        "night_summary",
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("points", AMOUNT, nullable=False),
        sa.Column("cents", AMOUNT, nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=False) for name in COUNTS),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("night_id", "player_id"),
    )
    with op.batch_alter_table("night_summary", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_night_summary_player_id"), ["player_id"])
    op.create_table(
        "night_total",
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("hand_rows", sa.Integer(), nullable=False),
        sa.Column("pot", AMOUNT, nullable=False),
        sa.Column("pot_cents", AMOUNT, nullable=False),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.PrimaryKeyConstraint("night_id"),
    )
    op.execute(FILL_SUMMARY)
    op.execute(FILL_TOTAL)


def downgrade() -> None:
    op.drop_table("night_total")
    with op.batch_alter_table("night_summary", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_night_summary_player_id"))
    op.drop_table("night_summary")
