"""What a league's statistics read of its hands: a player's hands in the order played
(`hand_facts`, each with what it added to their figures) and the period's outcomes
counted alike (`hand_outcomes`), both from the score cache (store/summaries.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlalchemy import select as columns
from sqlmodel import Session, col, select

from scorekeeper.stats import HandFact, HandOutcome
from scorekeeper.store.database import Database
from scorekeeper.store.league import (
    Period,
    all_time,
    game_name,
    league_row,
    night_games,
    nights_of,
    played_alone,
)
from scorekeeper.store.league_sums import night_preset
from scorekeeper.store.people import require_player
from scorekeeper.store.tables import (
    HandFigureRow,
    HandPointsRow,
    HandScoreRow,
    LeagueOutcomeRow,
    NightOutcomeRow,
    NightRow,
    core_table,
    partnered,
)


def hand_facts(db: Database, period: Period, *, player: str) -> list[HandFact]:
    """A player's hands in the period, in the order played."""
    with db.session() as session:
        row = require_player(session, player, "player")
        query = (
            select(  # type: ignore[call-overload]
                HandPointsRow.night_id,
                NightRow.played_on,
                HandScoreRow.position,
                HandPointsRow.role,
                HandScoreRow.outcome,
                HandScoreRow.level,
                HandScoreRow.call,
                HandPointsRow.points,
                HandPointsRow.cents,
                HandPointsRow.misplays,
                partnered(),
                HandScoreRow.hands,
                HandScoreRow.hand_id,
            )
            .join(HandScoreRow, col(HandScoreRow.hand_id) == col(HandPointsRow.hand_id))
            .join(NightRow, col(NightRow.id) == col(HandPointsRow.night_id))
            .where(HandPointsRow.player_id == row.id)
            .where(col(HandPointsRow.night_id).in_(nights_of(session, period)))
            .order_by(NightRow.played_on, HandPointsRow.night_id, HandScoreRow.position)
        )
        rows = session.exec(query).all()
        name = row.name
        games = night_games(session, period)
        figures = _hand_figures(session, row.id, period)
    facts = []
    none: dict[str, int] = {}
    for row in rows:
        *cached, with_partner, hands, hand_id = row
        night, date, position, role, outcome, level, call, points, cents, misplays = cached
        day = date.isoformat() if date else None
        alone = played_alone(outcome, with_partner)
        read = (night, day, position, name, role, outcome, level, call, points, cents, misplays)
        counted = figures.get(hand_id, none)
        facts.append(HandFact(*read, alone, games[night], hands=hands, figures=counted))
    return facts


def _hand_figures(session: Session, player_id: int | None, period: Period) -> dict[int, Any]:
    """What each of the player's hands of the period added to their figures, by hand id
    (a hand that added nothing: none)."""
    figures = core_table(HandFigureRow).c
    query = columns(figures.hand_id, figures.figure, figures.tally).where(
        (figures.player_id == player_id) & figures.night_id.in_(nights_of(session, period))
    )
    found: dict[int, dict[str, int]] = {}
    for hand_id, figure, tally in session.connection().execute(query):
        found.setdefault(hand_id, {})[figure] = int(tally)
    return found


def hand_outcomes(db: Database, period: Period) -> list[HandOutcome]:
    """The period's hands as the table saw them (for how often each outcome happens),
    alike hands counted together: a line for each preset, outcome, level and whether
    the declarer had a partner (with how many hands, and the played hands they stand
    for), read from the counts every write keeps (store/summaries.py): over all
    seasons the league's (`league_outcome`, a few dozen rows at any size), else each
    night's of the period (`night_outcome`), never each of 100,000 hands (the Table
    tab took 0.5 s to read them).  In no set order: `stats` lists them in its own."""
    with db.session() as session:
        if all_time(period):
            kinds: Any = core_table(LeagueOutcomeRow).c
            alike = (kinds.preset, kinds.outcome, kinds.level, kinds.partnered)
            query = columns(*alike, kinds.hand_rows, kinds.hands).where(
                kinds.league_id == league_row(session, period.league).id
            )
        else:
            kinds, night = core_table(NightOutcomeRow).c, core_table(NightRow).c
            alike = (night_preset(), kinds.outcome, kinds.level, kinds.partnered)
            query = (
                columns(*alike, func.sum(kinds.hand_rows), func.sum(kinds.hands))
                .join_from(
                    core_table(NightOutcomeRow), core_table(NightRow), night.id == kinds.night_id
                )
                .where(kinds.night_id.in_(nights_of(session, period)))
                .group_by(*alike)
            )
        rows = session.connection().execute(query).all()
    return [
        # int(): PostgreSQL sums an integer column as a BIGINT or NUMERIC.
        HandOutcome(
            o, lv, None, played_alone(o, bool(with_partner)), game_name(p), int(played), int(count)
        )
        for p, o, lv, with_partner, count, played in rows
    ]
