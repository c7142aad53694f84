"""Each league's sums over all its nights, kept beside the night summaries: a
`league_sums` row per league, player and place (the nights the player finished at that
place and what their `night_summary` rows sum to), a `league_nights` row per league
and preset (its nights with a hand, and what they left in Schafkopf pots), a
`league_outcome` row per league, preset and kind of hand (their `night_outcome` rows
summed), and a `league_figure` row per league, player and figure (their `night_figure`
rows summed).  A league's all-time standings, the league window's first view, and its
Table tab read these few hundred rows, as many with a million hands as with a
thousand, instead of grouping every night's summary (docs/performance.md).  A season
or dates chosen still group the nights' rows.

They are kept by the writes that keep the summary, in the same transaction
(store/summaries.py), and by deleting a night, bringing it back or moving it to another
preset (store/night_history.py), each inside `moving`: what the nights a write touches
add is read before it and after it, and the difference added.  A night counts while
it is filed under a league and not deleted.  tests/store/test_summaries.py holds them
equal to the summary grouped again after any sequence of writes."""

from __future__ import annotations

import contextlib
import functools
from collections import defaultdict
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, insert, select
from sqlalchemy.dialects import postgresql, sqlite

from scorekeeper.store.tables import (
    CHUNK,
    COUNTED,
    KIND,
    SUMMED,
    LeagueFigureRow,
    LeagueNightsRow,
    LeagueOutcomeRow,
    LeagueSumsRow,
    NightFigureRow,
    NightOutcomeRow,
    NightRow,
    NightSummaryRow,
    NightTotalRow,
    core_table,
)

PLAYER_KEY = ("league_id", "player_id", "place")
PLAYER_VALUES = ("nights", *SUMMED)
NIGHT_KEY = ("league_id", "preset")
NIGHT_VALUES = ("nights", "pot", "pot_cents")
KIND_KEY = ("league_id", "preset", *KIND)
KIND_VALUES = COUNTED
FIGURE_KEY = ("league_id", "player_id", "figure")
FIGURE_VALUES = ("tally",)

Key = tuple[Any, ...]
Values = tuple[int, ...]


@dataclass(frozen=True)
class Contribution:
    """What some nights add to their leagues' sums: by (league, player, place) the
    nights and SUMMED, by (league, preset) the nights, pot and pot's cents, by
    (league, preset, outcome, level, partnered) the hands of that kind, and by
    (league, player, figure) the count of that figure."""

    players: dict[Key, Values] = field(default_factory=dict)
    nights: dict[Key, Values] = field(default_factory=dict)
    kinds: dict[Key, Values] = field(default_factory=dict)
    figures: dict[Key, Values] = field(default_factory=dict)


def night_preset() -> Any:
    """A night's preset as the database reads it from its rules, not every rule parsed
    ("" for none)."""
    return func.coalesce(core_table(NightRow).c.rules["preset"].as_string(), "")


def _counted(*, looked_up: bool = False) -> Any:
    """A night counts in its league's sums while it is filed under one and not deleted.
    LOOKED_UP: the nights are found by id, and "not deleted" is only checked (written
    so that no index serves it, or SQLite walks every night not deleted to find them)."""
    night = core_table(NightRow).c
    deleted = func.coalesce(night.discarded_at, None) if looked_up else night.discarded_at
    return night.league_id.is_not(None) & deleted.is_(None)


@functools.cache
def _reads() -> tuple[Any, Any, Any, Any]:
    """The four reads of what the nights bound as "nights" add (built once: recording
    a hand runs them twice).  Each finds the nights on the night table by id, never by
    walking every night not deleted (which made an import of 40,000 sittings grow with
    the square of its size: issue 34, point 7)."""
    night, summary, total, kinds, figures = (
        core_table(NightRow).c,
        core_table(NightSummaryRow).c,
        core_table(NightTotalRow).c,
        core_table(NightOutcomeRow).c,
        core_table(NightFigureRow).c,
    )
    nights: Any = bindparam("nights", expanding=True)
    players = (
        select(night.league_id, summary.player_id, summary.place, *(summary[n] for n in SUMMED))
        .join_from(core_table(NightSummaryRow), core_table(NightRow), night.id == summary.night_id)
        .where(summary.night_id.in_(nights) & night.id.in_(nights) & _counted(looked_up=True))
    )
    totals = (
        select(night.league_id, night_preset(), total.pot, total.pot_cents)
        .join_from(core_table(NightTotalRow), core_table(NightRow), night.id == total.night_id)
        .where(total.night_id.in_(nights) & night.id.in_(nights) & _counted(looked_up=True))
    )
    of_kinds = (
        select(night.league_id, night_preset(), *(kinds[n] for n in KIND + COUNTED))
        .join_from(core_table(NightOutcomeRow), core_table(NightRow), night.id == kinds.night_id)
        .where(kinds.night_id.in_(nights) & night.id.in_(nights) & _counted(looked_up=True))
    )
    of_figures = (
        select(night.league_id, figures.player_id, figures.figure, figures.tally)
        .join_from(core_table(NightFigureRow), core_table(NightRow), night.id == figures.night_id)
        .where(figures.night_id.in_(nights) & night.id.in_(nights) & _counted(looked_up=True))
    )
    return players, totals, of_kinds, of_figures


def _of_nights(connection: Connection, night_ids: Collection[int]) -> Contribution:
    """What NIGHT_IDS add to their leagues' sums as the database holds them now."""
    if not night_ids:
        return Contribution()
    of_players, of_totals, of_kinds, of_figures = _reads()
    players: dict[Key, list[int]] = defaultdict(lambda: [0] * len(PLAYER_VALUES))
    nights: dict[Key, list[int]] = defaultdict(lambda: [0] * len(NIGHT_VALUES))
    kinds: dict[Key, list[int]] = defaultdict(lambda: [0] * len(KIND_VALUES))
    figures: dict[Key, list[int]] = defaultdict(lambda: [0])
    ids = sorted(night_ids)
    for start in range(0, len(ids), CHUNK):
        chunk = {"nights": ids[start : start + CHUNK]}
        for league, player, place, *sums in connection.execute(of_players, chunk):
            _add(players[(league, player, place)], (1, *sums))
        for league, preset, pot, cents in connection.execute(of_totals, chunk):
            _add(nights[(league, preset)], (1, pot, cents))
        for league, preset, outcome, level, partnered, *counts in connection.execute(
            of_kinds, chunk
        ):
            # bool(): SQLite reads a boolean column as 0 or 1.
            _add(kinds[(league, preset, outcome, level, bool(partnered))], tuple(counts))
        for league, player, figure, tally in connection.execute(of_figures, chunk):
            _add(figures[(league, player, figure)], (tally,))
    return Contribution(
        {key: tuple(v) for key, v in players.items()},
        {key: tuple(v) for key, v in nights.items()},
        {key: tuple(v) for key, v in kinds.items()},
        {key: tuple(v) for key, v in figures.items()},
    )


@contextlib.contextmanager
def moving(connection: Connection, night_ids: Collection[int]) -> Iterator[None]:
    """The leagues' sums moved by what the write in the block changes of NIGHT_IDS: what
    they add read before it and after it (`_of_nights`), the difference added (`_move`).
    The block writes through CONNECTION, flushed by its end."""
    before = _of_nights(connection, night_ids)
    yield
    _move(connection, before, _of_nights(connection, night_ids))


def _add(into: list[int], values: tuple[Any, ...]) -> None:
    for index, value in enumerate(values):
        into[index] += int(value)  # PostgreSQL sums a bigint as a numeric


def _move(connection: Connection, before: Contribution, after: Contribution) -> None:
    """The leagues' sums moved by what some nights added AFTER a write less what they
    added BEFORE it (`_of_nights` of the same nights); a row left counting no night (no
    hand, of a kind; a figure at 0) goes."""
    for table, keys, names, old, new in (
        (LeagueSumsRow, PLAYER_KEY, PLAYER_VALUES, before.players, after.players),
        (LeagueNightsRow, NIGHT_KEY, NIGHT_VALUES, before.nights, after.nights),
        (LeagueOutcomeRow, KIND_KEY, KIND_VALUES, before.kinds, after.kinds),
        (LeagueFigureRow, FIGURE_KEY, FIGURE_VALUES, before.figures, after.figures),
    ):
        zeros = (0,) * len(names)
        rows = []
        # In the order of their keys: tables scoring at once lock shared rows alike.
        for key in sorted(old.keys() | new.keys()):
            delta = [a - b for a, b in zip(new.get(key, zeros), old.get(key, zeros), strict=True)]
            if any(delta):
                rows.append(
                    dict(zip(keys, key, strict=True)) | dict(zip(names, delta, strict=True))
                )
        if not rows:
            continue
        connection.execute(upsert(connection.dialect.name, table, keys, names), rows)
        counted = names[0]  # the nights (the hands, of a kind) a row counts
        if any(row[counted] < 0 for row in rows):
            c = core_table(table).c
            leagues = {row["league_id"] for row in rows}
            connection.execute(
                delete(core_table(table)).where(c.league_id.in_(leagues) & (c[counted] == 0))
            )


@functools.cache
def upsert(dialect: str, table: Any, keys: tuple[str, ...], names: tuple[str, ...]) -> Any:
    """An insert of a row's differences that adds them to the row when it is there, in
    DIALECT's words, built once (a hand's write runs it)."""
    made = (postgresql if dialect == "postgresql" else sqlite).insert(core_table(table))
    return made.on_conflict_do_update(
        index_elements=list(keys),
        set_={name: core_table(table).c[name] + made.excluded[name] for name in names},
    )


def fill_all(connection: Connection) -> None:
    """Every league's sums again from the summaries, in CONNECTION's transaction (a
    backup's rows loaded: what they held is not trusted)."""
    night, summary, total = (
        core_table(NightRow).c,
        core_table(NightSummaryRow).c,
        core_table(NightTotalRow).c,
    )
    connection.execute(delete(core_table(LeagueSumsRow)))
    connection.execute(delete(core_table(LeagueNightsRow)))
    connection.execute(delete(core_table(LeagueOutcomeRow)))
    connection.execute(delete(core_table(LeagueFigureRow)))
    connection.execute(
        insert(core_table(LeagueSumsRow)).from_select(
            [*PLAYER_KEY, *PLAYER_VALUES],
            select(
                night.league_id,
                summary.player_id,
                summary.place,
                func.count(),
                *(func.sum(summary[n]) for n in SUMMED),
            )
            .join_from(
                core_table(NightSummaryRow), core_table(NightRow), night.id == summary.night_id
            )
            .where(_counted())
            .group_by(night.league_id, summary.player_id, summary.place),
        )
    )
    preset = night_preset()
    connection.execute(
        insert(core_table(LeagueNightsRow)).from_select(
            [*NIGHT_KEY, *NIGHT_VALUES],
            select(
                night.league_id,
                preset,
                func.count(),
                func.sum(total.pot),
                func.sum(total.pot_cents),
            )
            .join_from(core_table(NightTotalRow), core_table(NightRow), night.id == total.night_id)
            .where(_counted())
            .group_by(night.league_id, preset),
        )
    )
    kinds = core_table(NightOutcomeRow).c
    alike = (night.league_id, preset, kinds.outcome, kinds.level, kinds.partnered)
    connection.execute(
        insert(core_table(LeagueOutcomeRow)).from_select(
            [*KIND_KEY, *KIND_VALUES],
            select(*alike, func.sum(kinds.hand_rows), func.sum(kinds.hands))
            .join_from(
                core_table(NightOutcomeRow), core_table(NightRow), night.id == kinds.night_id
            )
            .where(_counted())
            .group_by(*alike),
        )
    )
    figures = core_table(NightFigureRow).c
    counted = (night.league_id, figures.player_id, figures.figure)
    connection.execute(
        insert(core_table(LeagueFigureRow)).from_select(
            [*FIGURE_KEY, *FIGURE_VALUES],
            select(*counted, func.sum(figures.tally))
            .join_from(
                core_table(NightFigureRow), core_table(NightRow), night.id == figures.night_id
            )
            .where(_counted())
            .group_by(*counted),
        )
    )
