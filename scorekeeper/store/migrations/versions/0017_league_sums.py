"""Each league's sums over all its nights kept beside the night summaries (issue 20): a
`league_sums` row per league, player and place, a `league_nights` row per league and
preset; a league's all-time standings read these instead of grouping every night's
summary, and every write since keeps them (store/league_sums.py)

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out here, not read from the app's code, so that this upgrade stays the same
# whatever later versions of the code do (store/league_sums.py sums the same way).
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
COUNTED = "n.league_id IS NOT NULL AND n.discarded_at IS NULL"
FILL_SUMS = f"""
INSERT INTO league_sums (league_id, player_id, place, nights, points, cents,
                         {", ".join(COUNTS)})
SELECT n.league_id, s.player_id, s.place, COUNT(*), SUM(s.points), SUM(s.cents),
       {", ".join(f"SUM(s.{name})" for name in COUNTS)}
FROM night_summary s JOIN night n ON n.id = s.night_id
WHERE {COUNTED}
GROUP BY n.league_id, s.player_id, s.place
"""
# A night's preset, as each database reads it from the rules' JSON ("" for none).
PRESET = {
    "sqlite": "COALESCE(json_extract(n.rules, '$.preset'), '')",
    "postgresql": "COALESCE(n.rules ->> 'preset', '')",
}
FILL_NIGHTS = """
INSERT INTO league_nights (league_id, preset, nights, pot, pot_cents)
SELECT n.league_id, {preset}, COUNT(*), SUM(t.pot), SUM(t.pot_cents)
FROM night_total t JOIN night n ON n.id = t.night_id
WHERE {counted}
GROUP BY n.league_id, {preset}
"""


def upgrade() -> None:
    op.create_table(
        "league_sums",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("nights", sa.Integer(), nullable=False),
        sa.Column("points", AMOUNT, nullable=False),
        sa.Column("cents", AMOUNT, nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=False) for name in COUNTS),
        sa.ForeignKeyConstraint(["league_id"], ["league.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("league_id", "player_id", "place"),
    )
    op.create_table(
        "league_nights",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(), nullable=False),
        sa.Column("nights", sa.Integer(), nullable=False),
        sa.Column("pot", AMOUNT, nullable=False),
        sa.Column("pot_cents", AMOUNT, nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league.id"]),
        sa.PrimaryKeyConstraint("league_id", "preset"),
    )
    op.execute(FILL_SUMS)
    preset = PRESET[op.get_bind().dialect.name]
    op.execute(FILL_NIGHTS.format(preset=preset, counted=COUNTED))


def downgrade() -> None:
    op.drop_table("league_nights")
    op.drop_table("league_sums")
