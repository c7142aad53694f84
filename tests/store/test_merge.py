"""Two players made one, and undone (issue 34, point 8), on SQLite and PostgreSQL: an
old database's "Ｃａｌ" beside "Cal" merged, every seat, hand, payment and sum of
Ｃａｌ's Cal's, every night scoring as it did, a tournament's rows moved too; refused for
two who sat at one night, paid each other, are in one tournament, or are one player;
and the merge undone leaves every table as it was."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData, text
from sqlmodel import select

from scorekeeper.games import preset_rules
from scorekeeper.store.backup import dump_rows
from scorekeeper.store.database import Database
from scorekeeper.store.errors import Conflict, StorageError
from scorekeeper.store.hand_writes import append_hand
from scorekeeper.store.league import Period, standings
from scorekeeper.store.merge import merge_players, merges_of, unmerge_player, what_moves
from scorekeeper.store.money import record_league_payment
from scorekeeper.store.night_import import import_night
from scorekeeper.store.night_reads import list_nights, night_result
from scorekeeper.store.people import find_or_create_player, list_players
from scorekeeper.store.tables import PlayerMergeRow
from scorekeeper.store.tournament_draw import draw_session, reproduces, seated
from scorekeeper.store.tournament_results import add_penalty, record_totals
from scorekeeper.store.tournament_results import standings as tournament_standings
from scorekeeper.store.tournaments import (
    apart_pairs,
    create_tournament,
    entries,
    keep_apart,
    register,
)
from scorekeeper.tournament.day import Tournament
from tests.sheet import pick
from tests.store import racer
from tests.store.test_concurrent_writers import race

LEAGUE = "Tuesday"
FULL_WIDTH_CAL = "\uff23\uff41\uff4c"


def night(players: list[str], date: str) -> dict[str, Any]:
    return {
        "format": "sheepshead-night/1",
        "rules": "classic-5",
        "league": LEAGUE,
        "date": date,
        "players": players,
        "hands": [
            pick(players[1], players[3], points=74, tricks=4),
            pick(players[2], players[0], points=40, tricks=2),
        ],
    }


@pytest.fixture
def old(db: Database) -> Database:
    """Cal's two nights and Kal's one, and Kal's payment to Ann; then Kal renamed as a
    version before names were folded stored him: full-width, under his own key."""
    import_night(db, night(["Ann", "Bob", "Cal", "Dee", "Eve"], "2026-11-03"))
    import_night(db, night(["Cal", "Ann", "Fay", "Dee", "Bob"], "2026-11-10"))
    import_night(db, night(["Ann", "Kal", "Bob", "Eve", "Dee"], "2026-11-17"))
    day = dt.date(2026, 11, 18)
    record_league_payment(db, league=LEAGUE, payer="Kal", payee="Ann", cents=150, paid_on=day)
    record_league_payment(db, league=LEAGUE, payer="Cal", payee="Bob", cents=75, paid_on=day)
    with db.transaction() as session:
        session.execute(
            text("UPDATE player SET name = :name, name_key = :key WHERE name = 'Kal'"),
            {"name": FULL_WIDTH_CAL, "key": FULL_WIDTH_CAL.lower()},
        )
    return db


def dump(db: Database) -> dict[str, Any]:
    """Every row of every table the database has."""
    metadata = MetaData()
    with db.engine.connect() as connection:
        metadata.reflect(connection)
        return dump_rows(connection, metadata, "")["tables"]


def table(db: Database) -> dict[str, tuple[int, int]]:
    """The all-time standings: each player's points and cents."""
    return {s.player: (s.points, s.cents) for s in standings(db, Period(LEAGUE)).everyone}


def scored(db: Database) -> list[dict[str, int]]:
    """Each night's totals by player, as the core scores it now, oldest night first."""
    nights = sorted(list_nights(db), key=lambda n: n.id)
    return [night_result(db, night_id=n.id).total_points for n in nights]


def test_a_merge_gives_every_night_hand_and_payment_to_the_other(old: Database) -> None:
    before, table_before, nights_before = dump(old), table(old), scored(old)
    assert what_moves(old, player=FULL_WIDTH_CAL, into="Cal").nights == 1

    merged = merge_players(old, player=FULL_WIDTH_CAL, into="Cal")
    said = merged.moving
    assert (said.nights, said.hands, said.payments) == (1, 2, 1)
    assert FULL_WIDTH_CAL not in {p.name for p in list_players(old, include_retired=True)}
    after = table(old)
    assert FULL_WIDTH_CAL not in after and sum(p for p, _ in after.values()) == 0
    assert after["Cal"] == tuple(
        a + b for a, b in zip(table_before["Cal"], table_before[FULL_WIDTH_CAL], strict=True)
    )
    renamed = [
        {("Cal" if name == FULL_WIDTH_CAL else name): points for name, points in n.items()}
        for n in nights_before
    ]
    assert scored(old) == renamed  # every night scores as it did, Ｃａｌ's points Cal's
    assert all(sum(n.values()) == 0 for n in scored(old))
    assert [name for _id, name, _into in merges_of(old, FULL_WIDTH_CAL)] == [FULL_WIDTH_CAL]

    unmerge_player(old, merge_id=merged.merge_id)
    assert dump(old) == before  # every table, every row, as before the merge
    assert table(old) == table_before


@pytest.mark.parametrize(
    ("player", "into", "said"),
    [
        ("Cal", "Ann", "merged into: 'Cal' and 'Ann' sat at one night (Tuesday"),
        ("Fay", FULL_WIDTH_CAL, f"merged into: 'Fay' and '{FULL_WIDTH_CAL}' paid each other"),
        ("Bob", "BOB", "merged into: 'Bob' and 'BOB' are one player already"),
        ("Zed", "Cal", "player: there is no player 'Zed'"),
    ],
)
def test_two_people_are_never_merged(old: Database, player: str, into: str, said: str) -> None:
    record_league_payment(
        old, league=LEAGUE, payer="Fay", payee=FULL_WIDTH_CAL, cents=5, paid_on=dt.date.today()
    )
    before = dump(old)
    with pytest.raises(StorageError) as refused:
        merge_players(old, player=player, into=into)
    assert str(refused.value).startswith(said)
    assert dump(old) == before


def test_an_undo_after_one_of_the_nights_changed_is_refused(old: Database) -> None:
    merged = merge_players(old, player=FULL_WIDTH_CAL, into="Cal")
    (moved,) = merged_nights(old)
    append_hand(old, night_id=moved, hand=pick("Cal", "Ann", points=61, tricks=3))
    before = dump(old)
    with pytest.raises(Conflict, match="changed since they were merged"):
        unmerge_player(old, merge_id=merged.merge_id)
    assert dump(old) == before


def merged_nights(db: Database) -> list[int]:
    """The nights the one merge kept moved."""
    with db.session() as session:
        (merge,) = session.exec(select(PlayerMergeRow)).all()
    return list(merge.moved["nights"])


def test_a_merge_and_an_import_seating_the_merged_player_at_once(
    old: Database, database_url: str, tmp_path: Path
) -> None:
    """Real processes released by one barrier, a few times: `players merge Gus Eve` and
    an import of a night seating Gus.  The merge holds the import lock, so one waits
    for the other: both succeed (the import first: Gus's two nights are Eve's; the merge
    first: the import makes a new Gus), the league's sums are what its nights' summaries
    add up to, and every standing and night sums to zero."""
    for round_ in range(1, 4):
        gus = f"Gus {round_}"
        import_night(old, night([gus, "Ann", "Bob", "Cal", "Dee"], f"2026-12-0{round_}"))
        path = tmp_path / f"night-{round_}.json"
        document = night([gus, "Ann", "Bob", "Cal", "Fay"], f"2026-12-1{round_}")
        path.write_text(json.dumps(document), encoding="utf-8")
        said = race(
            racer.command_line,
            [
                (database_url, ["players", "merge", gus, "Eve"]),
                (database_url, ["import", str(path)]),
            ],
        )
        assert all(status == 0 for _command, status, _out, _err in said), said
        summed = standings(old, Period(LEAGUE, since=dt.date(2000, 1, 1)))
        assert table(old) == {s.player: (s.points, s.cents) for s in summed.everyone}
        assert sum(p for p, _ in table(old).values()) == 0
        assert all(sum(n.values()) == 0 for n in scored(old))


def kohler(db: Database, *players: str) -> Tournament:
    """A tournament of Ann and nine others, Ann kept apart from Tom 01, session 1 drawn
    and Ann's table's totals in, a penalty of Ann's, session 2 drawn; PLAYERS (but
    Ann) entered too."""
    tournament = create_tournament(
        db,
        name="Kohler Falls",
        date=dt.date(2026, 12, 5),
        rules=preset_rules("jack-of-diamonds-5"),
        sessions=3,
        hands=20,
    )
    toms = [f"Tom {n:02d}" for n in range(1, 10)]
    register(db, tournament, ["Ann", *toms, *players], paid=True)
    keep_apart(db, tournament, "Ann", "Tom 01")
    drawn = draw_session(db, tournament, 1, seed=5)
    (number, table), *_others = ((n, t) for n, t in enumerate(drawn.tables, 1) if "Ann" in t)
    record_totals(db, tournament, 1, number, {p: (4 if p == "Ann" else -1) for p in table})
    add_penalty(db, tournament, 1, "Ann", 2, "late")
    draw_session(db, tournament, 2, seed=6)
    return tournament


def lines(standings: Any) -> dict[str, tuple[Any, ...]]:
    """Each player's sessions, table points and penalties in a tournament's standings."""
    return {r.player: (r.sessions, r.table_points, r.penalties) for r in standings.rows}


def test_a_player_in_a_tournament_is_merged_with_every_tournament_row_and_back(
    old: Database,
) -> None:
    """`players merge Ann Zed`, Ann entered in a tournament (her entry, a pair kept
    apart, two draws' seats and inputs, a table's result and a penalty): all Zed's,
    the seeds still draw their tables, and the undo leaves every table as it was."""
    tournament = kohler(old)
    with old.transaction() as session:
        find_or_create_player(session, "Zed")
    before, standing_before = dump(old), lines(tournament_standings(old, tournament))

    merged = merge_players(old, player="Ann", into="Zed")
    assert "Zed" in {e.player for e in entries(old, tournament)}
    assert apart_pairs(old, tournament) == [("Tom 01", "Zed")]
    assert all(reproduces(old, tournament, s) for s in (1, 2))
    assert any("Zed" in t for t in seated(old, tournament, 2))
    assert lines(tournament_standings(old, tournament)) == {
        ("Zed" if player == "Ann" else player): line for player, line in standing_before.items()
    }

    unmerge_player(old, merge_id=merged.merge_id)
    assert dump(old) == before


def test_two_players_in_one_tournament_are_never_merged(old: Database) -> None:
    kohler(old, "Zed")
    before = dump(old)
    with pytest.raises(StorageError) as refused:
        merge_players(old, player="Ann", into="Zed")
    assert str(refused.value) == (
        "merged into: 'Ann' and 'Zed' are both in the tournament 'Kohler Falls':"
        " they are two people"
    )
    assert dump(old) == before


def test_an_undo_after_the_tournament_changed_for_them_is_refused(old: Database) -> None:
    tournament = kohler(old)
    with old.transaction() as session:
        find_or_create_player(session, "Zed")
    merged = merge_players(old, player="Ann", into="Zed")
    add_penalty(old, tournament, 2, "Zed", 1, "slow play")
    before = dump(old)
    with pytest.raises(Conflict, match="'Ann''s tournaments have changed since"):
        unmerge_player(old, merge_id=merged.merge_id)
    assert dump(old) == before
