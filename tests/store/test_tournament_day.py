"""A simulated Kohler Falls day, on SQLite and on PostgreSQL: 200 registered players, 3
sessions of 20 hands (24 at a table of six, whose dealer sits out), random but valid
hands at every table (most given whole, some recorded one by one as the night form
does, some tables by the sheet's totals), 3 penalties, 2 late entries before the
second session.  The standings equal an independent sum of every table's night scored
by the core; the prizes make the pool exactly, 1st place and each session's top
scorer paid to whom that sum says; kept-apart players never share a table; every
session's draw is reproduced from its seed."""

from __future__ import annotations

import datetime as dt
import random
from collections import defaultdict

from benchmarks.tournament import play_session
from scorekeeper.games import preset_rules
from scorekeeper.night import score_night
from scorekeeper.store.database import Database
from scorekeeper.store.night_import import export_night
from scorekeeper.store.stored_night import night_of_document
from scorekeeper.store.tournament_draw import draw_session, reproduces
from scorekeeper.store.tournament_results import (
    add_penalty,
    prize_list,
    set_checked,
    standings,
    table_statuses,
)
from scorekeeper.store.tournaments import create_tournament, keep_apart, register
from scorekeeper.tournament.day import Tournament
from scorekeeper.tournament.prizes import UNIT
from scorekeeper.tournament.standings import Penalty

SEEDS = (190_271, 52_004, 777_001)
# Kept apart: 010 and 031 the first seed would seat together were they not.
APART = (("Player 001", "Player 002"), ("Player 010", "Player 031"))
PENALTIES = ((1, 3, "commented while sitting out"), (2, 11, "showed a card"), (3, 40, "late"))


def independent_sums(db: Database, tournament: Tournament) -> dict[str, dict[int, int]]:
    """Each player's points each session: every table's night exported, scored by the
    core, summed; owed to nothing the standings read (no cache, no summary)."""
    sums: dict[str, dict[int, int]] = defaultdict(dict)
    for session in range(1, tournament.sessions + 1):
        for table in table_statuses(db, tournament, session):
            assert table.night_id is not None and table.done
            night = night_of_document(
                export_night(db, night_id=table.night_id), night_id=table.night_id
            )
            for player, points in score_night(night).total_points.items():
                sums[player][session] = points
    return sums


def picker_wins(db: Database, tournament: Tournament) -> dict[str, int]:
    """Each player's hands won as the picker, from the scorer's own facts."""
    won: dict[str, int] = defaultdict(int)
    for session in range(1, tournament.sessions + 1):
        for table in table_statuses(db, tournament, session):
            assert table.night_id is not None
            night = night_of_document(
                export_night(db, night_id=table.night_id), night_id=table.night_id
            )
            for hand in score_night(night).hands:
                for player in hand.declarers:
                    if hand.outcome == "win" and hand.roles[player] == "picker":
                        won[player] += 1
    return won


def firsts(db: Database, tournament: Tournament, sums: dict[str, dict[int, int]]) -> dict[str, int]:
    """Each player's sessions first at the table (shared or not), from the sums."""
    count: dict[str, int] = defaultdict(int)
    for session in range(1, tournament.sessions + 1):
        for table in table_statuses(db, tournament, session):
            best = max(sums[p][session] for p in table.players)
            for player in table.players:
                count[player] += sums[player][session] == best
    return count


def test_a_kohler_falls_day(db: Database) -> None:
    rng = random.Random(36)
    tournament = create_tournament(
        db,
        name="Kohler Falls Oktoberfest",
        date=dt.date(2026, 10, 4),
        rules=preset_rules("jack-of-diamonds-5"),
        sessions=3,
        hands=20,
        entry_cents=2000,
        currency="USD",
    )
    players = [f"Player {n:03d}" for n in range(1, 201)]
    register(db, tournament, players, paid=True)
    for one, other in APART:
        keep_apart(db, tournament, one, other)
    first = draw_session(db, tournament, 1, seed=SEEDS[0])
    assert [len(t) for t in first.tables] == [5] * 40
    play_session(db, rng, tournament, 1)
    register(db, tournament, ["Late Lou", "Late Liesl"], paid=True)  # they join session 2
    for session in (2, 3):
        drawn = draw_session(db, tournament, session, seed=SEEDS[session - 1])
        assert sorted(len(t) for t in drawn.tables) == [5] * 38 + [6, 6]
        assert drawn.plan.endswith("(202 players are not a multiple of 5).")
        play_session(db, rng, tournament, session)
    penalties = []
    for session, table, reason in PENALTIES:
        player = table_statuses(db, tournament, session)[table - 1].players[0]
        set_checked(db, tournament, session, table, checked=False)
        add_penalty(db, tournament, session, player, 4, reason)
        penalties.append(Penalty(player, session, 4, reason))

    final = standings(db, tournament)
    sums = independent_sums(db, tournament)
    taken: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for penalty in penalties:
        taken[penalty.player][penalty.session] += penalty.points
    assert len(final.rows) == 202
    # A Sheepshead day's chain: hands won as picker (the game's figure), then firsts.
    assert tournament.tie_breaks == ("picker-wins", "tables-won")
    won = picker_wins(db, tournament)
    assert sum(won.values()) > 200  # the figure the tie-break compares is really counted
    for row in final.rows:
        own = sums[row.player]
        expected = tuple(own[s] - taken[row.player][s] if s in own else None for s in (1, 2, 3))
        assert row.sessions == expected, row.player
        assert row.total == sum(own.values()) - sum(taken[row.player].values())
        assert row.penalties == sum(taken[row.player].values())
        assert row.figure("picker_wins") == won[row.player], row.player
        assert row.hands == 20 * len(own)  # 20 a session, at a table of six too
    assert sum(row.table_points for row in final.rows) == 0
    assert sum(row.penalties for row in final.rows) == 12
    late = {r.player: r for r in final.rows if r.player.startswith("Late")}
    assert all(r.sessions[0] is None and r.sessions[1] is not None for r in late.values())
    ranks = [row.rank for row in final.rows]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    totals = [row.total for row in final.rows]
    assert totals == sorted(totals, reverse=True)

    prizes = prize_list(db, tournament)
    assert prizes.fees == 202 * 2000
    assert prizes.pool == 202 * 2000 * 90 // 100 // UNIT * UNIT
    assert prizes.paid_out + prizes.house == prizes.pool and prizes.house == 0
    assert all(a.cents % UNIT == 0 for a in prizes.awards)
    assert prizes.provisional() is None and prizes.held == 0
    # 1st place: the best total of the independent sum, ties broken as the chain says
    # (hands won as picker, then firsts at the table); $3,636 x 30/90 = $1,212.
    first_at_table = firsts(db, tournament, sums)
    key = {
        p: (sum(own.values()) - sum(taken[p].values()), won[p], first_at_table[p])
        for p, own in sums.items()
    }
    best = max(key.values())
    leaders = [p for p, k in key.items() if k == best]
    assert len(leaders) == 1  # this day's seeds: no tie for 1st
    (first,) = [a for a in prizes.awards if a.place == 1]
    assert (first.player, first.sharing) == (leaders[0], 1)
    assert first.cents == 121_200 + first.remainder and first.what() == "1st place"
    # Each session's top scorer: the best score that session, penalties taken.
    for session in (1, 2, 3):
        scores = {p: own[session] - taken[p][session] for p, own in sums.items() if session in own}
        tops = sorted(p for p, v in scores.items() if v == max(scores.values()))
        paid = [a for a in prizes.awards if a.session == session]
        assert sorted(a.player for a in paid) == tops, session
        share = 20_200 // len(tops) // UNIT * UNIT  # $3,636 x 5/90, shared
        assert all(a.cents == share + a.remainder for a in paid)
    # Kept apart: never at one table.
    for session in (1, 2, 3):
        for table in table_statuses(db, tournament, session):
            for one, other in APART:
                assert not {one, other} <= set(table.players), (session, table.number)

    for session in (1, 2, 3):
        assert reproduces(db, tournament, session)
