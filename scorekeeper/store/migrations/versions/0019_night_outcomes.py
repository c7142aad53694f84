"""Each night's hands counted by outcome, level and whether the declarer had a partner
(issue 20): the league's Table tab read every hand of the period to count how often each
outcome happens (0.5 s at 100,000 hands); a `night_outcome` row per night and kind of
hand, filled here from the cache the database holds and kept by every write since
(store/summaries.py), is a few rows a night; a `league_outcome` row per league, preset
and kind of hand sums them over the league's nights (store/league_sums.py), what the
tab reads over all seasons

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out here, not read from the app's code, so that this upgrade stays the same
# whatever later versions of the code do (store/summaries.py counts the same way).
FILL = """
INSERT INTO night_outcome (night_id, outcome, level, partnered, hand_rows, hands)
SELECT night_id, outcome, level, partnered, COUNT(*), SUM(hands)
FROM (
    SELECT s.night_id, s.outcome, s.level, s.hands,
           EXISTS (SELECT 1 FROM hand_points p
                   WHERE p.hand_id = s.hand_id AND p.role = 'partner') AS partnered
    FROM hand_score s
) AS kinds
GROUP BY night_id, outcome, level, partnered
"""
# A night's preset, as each database reads it from the rules' JSON ("" for none).
PRESET = {
    "sqlite": "COALESCE(json_extract(n.rules, '$.preset'), '')",
    "postgresql": "COALESCE(n.rules ->> 'preset', '')",
}
FILL_LEAGUES = """
INSERT INTO league_outcome (league_id, preset, outcome, level, partnered, hand_rows, hands)
SELECT n.league_id, {preset}, k.outcome, k.level, k.partnered, SUM(k.hand_rows), SUM(k.hands)
FROM night_outcome k JOIN night n ON n.id = k.night_id
WHERE n.league_id IS NOT NULL AND n.discarded_at IS NULL
GROUP BY n.league_id, {preset}, k.outcome, k.level, k.partnered
"""


def kind_columns() -> list[sa.Column[object]]:
    """The columns both tables tell a kind of hand by, and count it in."""
    return [
        sa.Column("outcome", sa.String(), nullable=False),
        sa.Column("level", sa.String(), nullable=False),
        sa.Column("partnered", sa.Boolean(), nullable=False),
        sa.Column("hand_rows", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "night_outcome",
        sa.Column("night_id", sa.Integer(), nullable=False),
        *kind_columns(),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.PrimaryKeyConstraint("night_id", "outcome", "level", "partnered"),
    )
    op.create_table(
        "league_outcome",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(), nullable=False),
        *kind_columns(),
        sa.ForeignKeyConstraint(["league_id"], ["league.id"]),
        sa.PrimaryKeyConstraint("league_id", "preset", "outcome", "level", "partnered"),
    )
    op.execute(FILL)
    op.execute(FILL_LEAGUES.format(preset=PRESET[op.get_bind().dialect.name]))


def downgrade() -> None:
    op.drop_table("league_outcome")
    op.drop_table("night_outcome")
