"""League figures declared by each game (issue 35, point 3): the summaries' fixed
Sheepshead counts (picks, picker_wins, schneiders won and lost, leasters won) become
each game's own figures (`Game.figures`), a `hand_figure` row per hand, player and figure
the hand counts (the score cache's), summed per night (`night_figure`) and over a
league's nights (`league_figure`) by every write since (store/summaries.py,
store/league_sums.py).  Filled here from the cache the database holds, counting as
today's columns counted (a Schafkopf night's leasters are no longer counted), with
Schafkopf's own: games won as the partner, solos declared and won, Ramsch lost.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-08
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out here, not read from the app's code, so that this upgrade stays the same
# whatever later versions of the code do (each game's `figure_counts` counts the same
# way: tests/store/test_league_figures.py holds them together).
COUNTS = ("picks", "picker_wins", "schneiders_won", "schneiders_lost", "leasters_won")
# A night's preset, as each database reads it from the rules' JSON ("" for none).
PRESET = {
    "sqlite": "COALESCE(json_extract(n.rules, '$.preset'), '')",
    "postgresql": "COALESCE(n.rules ->> 'preset', '')",
}
SCHAFKOPF = "{preset} IN ('schafkopf', 'schafkopf-10-50', 'schafkopf-short')"
SIDE_WON = (
    "((p.role IN ('picker', 'partner') AND s.outcome = 'win') "
    "OR (p.role NOT IN ('picker', 'partner') AND s.outcome = 'loss'))"
)
BIG = "s.level <> 'normal' AND s.outcome IN ('win', 'loss')"
# Each figure, when a player's part in a hand counts 1 for it, at each game.
BOTH = {
    "picks": "p.role = 'picker'",
    "picker_wins": "p.role = 'picker' AND s.outcome = 'win'",
    "schneiders_won": f"{BIG} AND {SIDE_WON}",
    "schneiders_lost": f"{BIG} AND NOT {SIDE_WON}",
}
SHEEPSHEAD_ONLY = {"leasters_won": "p.role = 'leaster-winner'"}
SOLO = "p.role = 'picker' AND s.call NOT IN ('call', 'forced', 'renonce', 'null')"
SCHAFKOPF_ONLY = {
    "partner_wins": "p.role = 'partner' AND s.outcome = 'win'",
    "solos": SOLO,
    "solos_won": f"{SOLO} AND s.outcome = 'win'",
    "ramsch_lost": "s.outcome = 'ramsch' AND p.points < 0",
}
FILL_HANDS = """
INSERT INTO hand_figure (hand_id, player_id, figure, night_id, tally)
SELECT p.hand_id, p.player_id, '{figure}', p.night_id, 1
FROM hand_points p
JOIN hand_score s ON s.hand_id = p.hand_id
JOIN night n ON n.id = p.night_id
WHERE ({game}) AND ({counts})
"""
FILL_NIGHTS = """
INSERT INTO night_figure (night_id, player_id, figure, tally)
SELECT night_id, player_id, figure, SUM(tally) FROM hand_figure
GROUP BY night_id, player_id, figure
"""
FILL_LEAGUES = """
INSERT INTO league_figure (league_id, player_id, figure, tally)
SELECT n.league_id, f.player_id, f.figure, SUM(f.tally)
FROM night_figure f JOIN night n ON n.id = f.night_id
WHERE n.league_id IS NOT NULL AND n.discarded_at IS NULL
GROUP BY n.league_id, f.player_id, f.figure
"""
# The downgrade: the columns again, counted from the cache as 0015 and 0017 counted them.
SUMMARY_COUNTS = {
    "picks": "p.role = 'picker'",
    "picker_wins": "p.role = 'picker' AND s.outcome = 'win'",
    "schneiders_won": f"s.level <> 'normal' AND {SIDE_WON}",
    "schneiders_lost": f"{BIG} AND NOT {SIDE_WON}",
    "leasters_won": "p.role = 'leaster-winner'",
}
REFILL_SUMMARY = """
UPDATE night_summary SET {name} = (
    SELECT COUNT(*) FROM hand_points p JOIN hand_score s ON s.hand_id = p.hand_id
    WHERE p.night_id = night_summary.night_id AND p.player_id = night_summary.player_id
    AND ({counts})
)
"""
REFILL_LEAGUES = """
UPDATE league_sums SET {name} = (
    SELECT COALESCE(SUM(s.{name}), 0) FROM night_summary s JOIN night n ON n.id = s.night_id
    WHERE n.league_id = league_sums.league_id AND s.player_id = league_sums.player_id
    AND s.place = league_sums.place AND n.discarded_at IS NULL
)
"""


def upgrade() -> None:
    op.create_table(
        "hand_figure",
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("figure", sa.String(), nullable=False),
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("tally", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["hand_id"], ["hand.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("hand_id", "player_id", "figure"),
    )
    op.create_index("ix_hand_figure_night", "hand_figure", ["night_id"])
    op.create_table(
        "night_figure",
        sa.Column("night_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("figure", sa.String(), nullable=False),
        sa.Column("tally", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["night_id"], ["night.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("night_id", "player_id", "figure"),
    )
    op.create_table(
        "league_figure",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("figure", sa.String(), nullable=False),
        sa.Column("tally", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["league.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("league_id", "player_id", "figure"),
    )
    preset = PRESET[op.get_bind().dialect.name]
    schafkopf = SCHAFKOPF.format(preset=preset)
    for game, figures in (
        (f"NOT {schafkopf}", BOTH | SHEEPSHEAD_ONLY),
        (schafkopf, BOTH | SCHAFKOPF_ONLY),
    ):
        for figure, counts in figures.items():
            op.execute(FILL_HANDS.format(figure=figure, game=game, counts=counts))
    op.execute(FILL_NIGHTS)
    op.execute(FILL_LEAGUES)
    for table in ("night_summary", "league_sums"):
        with op.batch_alter_table(table) as batch:
            for name in COUNTS:
                batch.drop_column(name)


def downgrade() -> None:
    for table in ("night_summary", "league_sums"):
        with op.batch_alter_table(table) as batch:
            for name in COUNTS:
                batch.add_column(sa.Column(name, sa.Integer(), nullable=False, server_default="0"))
    for name, counts in SUMMARY_COUNTS.items():
        op.execute(REFILL_SUMMARY.format(name=name, counts=counts))
        op.execute(REFILL_LEAGUES.format(name=name))
    for table in ("night_summary", "league_sums"):
        with op.batch_alter_table(table) as batch:
            for name in COUNTS:
                batch.alter_column(name, server_default=None)
    op.drop_table("league_figure")
    op.drop_table("night_figure")
    op.drop_index("ix_hand_figure_night", table_name="hand_figure")
    op.drop_table("hand_figure")
