"""`scorekeeper tournament ...` on a real SQLite file: a small day run from the command
line, and bad input refused with status 2, naming the flag, writing nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.store.database import open_database
from scorekeeper.store.tournaments import list_tournaments
from tests.cli.test_store_cli import run

NAME = "Kohler Falls"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'day.sqlite3'}"


def day(url: str, capsys, players: int = 10) -> list[list[str]]:
    """A tournament of PLAYERS drawn for session 1 (seed 7): its tables."""
    status, _out, err = run(
        "--database",
        url,
        "tournament",
        "new",
        NAME,
        "--date",
        "2026-10-04",
        "--preset",
        "jack-of-diamonds-5",
        "--sessions",
        "3",
        "--hands",
        "20",
        "--entry-cents",
        "2000",
        capsys=capsys,
    )
    assert status == 0, err
    names = [f"Player {n:02d}" for n in range(1, players + 1)]
    assert (
        run("--database", url, "tournament", "register", NAME, *names, "--paid", capsys=capsys)[0]
        == 0
    )
    status, out, err = run(
        "--database",
        url,
        "tournament",
        "draw",
        NAME,
        "--session",
        "1",
        "--seed",
        "7",
        capsys=capsys,
    )
    assert status == 0, err
    return [
        line.split(": ", 1)[1].split(", ") for line in out.splitlines() if line.startswith("Table ")
    ]


def test_a_small_day_from_the_command_line(url: str, capsys, tmp_path: Path) -> None:
    tables = day(url, capsys)
    first, second = tables
    totals = [f"{p}={v}" for p, v in zip(first, (10, -5, -5, 2, -2), strict=True)]
    status, out, _err = run(
        "--database",
        url,
        "tournament",
        "totals",
        NAME,
        "--session",
        "1",
        "--table",
        "1",
        *totals,
        capsys=capsys,
    )
    assert status == 0 and "totals in" in out
    hand = {"type": "pick", "picker": second[1], "partners": [second[2]], "points": 70, "tricks": 4}
    hands = tmp_path / "hands.json"
    hands.write_text(
        json.dumps([{**hand, "dealer": second[n % 5]} for n in range(20)]), encoding="utf-8"
    )
    status, out, err = run(
        "--database",
        url,
        "tournament",
        "hands",
        NAME,
        "--session",
        "1",
        "--table",
        "2",
        str(hands),
        capsys=capsys,
    )
    assert status == 0, err
    status, out, _err = run(
        "--database", url, "tournament", "status", NAME, "--session", "1", capsys=capsys
    )
    assert "Every table has reported." in out
    status, out, _err = run(
        "--database", url, "tournament", "start", NAME, "--session", "1", capsys=capsys
    )
    assert status == 0 and "the round has started" in out
    status, out, _err = run(
        "--database",
        url,
        "tournament",
        "penalty",
        NAME,
        "--session",
        "1",
        "--player",
        first[0],
        "--points",
        "4",
        "--reason",
        "talked",
        capsys=capsys,
    )
    assert status == 0 and f"4 points taken from {first[0]}" in out
    status, out, _err = run(
        "--database",
        url,
        "tournament",
        "check",
        NAME,
        "--session",
        "1",
        "--table",
        "1",
        capsys=capsys,
    )
    assert status == 0
    status, out, _err = run(
        "--database", url, "tournament", "standings", NAME, "--json", capsys=capsys
    )
    rows = {r["player"]: r for r in json.loads(out)["standings"]}
    assert (
        rows[first[0]]["table-points"],
        rows[first[0]]["penalties"],
        rows[first[0]]["total"],
    ) == (10, -4, 6)
    assert sum(r["table-points"] for r in rows.values()) == 0
    assert list(rows[first[0]]) == [
        "place",
        "player",
        "session-1",
        "table-points",
        "penalties",
        "total",
        "picker-wins",
        "tables-won",
        "hands",
    ]
    status, out, _err = run(
        "--database", url, "tournament", "standings", NAME, "--csv", capsys=capsys
    )
    assert (
        out.splitlines()[0].lstrip("\ufeff")
        == "Rank,Player,Session 1,Table points,Penalties,Total,Picks won,Firsts at table,Hands"
    )
    status, out, err = run("--database", url, "tournament", "prizes", NAME, "--csv", capsys=capsys)
    amounts = [int(line.rsplit(",", 1)[1]) for line in out.splitlines()[1:]]
    assert sum(amounts) == 18_000  # the pool: 10 x $20 x 90%, every cent of it
    assert "Provisional: sessions 2, 3 not drawn yet." in err  # the CSV is data alone
    status, out, _err = run("--database", url, "tournament", "prizes", NAME, capsys=capsys)
    assert status == 0 and out.splitlines()[0] == "Provisional: sessions 2, 3 not drawn yet."
    status, out, _err = run(
        "--database", url, "tournament", "seating", NAME, "--session", "1", "--check", capsys=capsys
    )
    assert status == 0 and "Seed 7 draws these tables again." in out


def test_seating_check_holds_after_a_pair_is_kept_apart_and_a_player_renamed(
    url: str, capsys
) -> None:
    """`seating --check` redraws from what the draw was given: a pair kept apart and a
    rename after the draw do not make it say the seating was changed."""
    first, *_rest = day(url, capsys)
    steps = [
        ["tournament", "apart", NAME, first[0], first[1]],
        ["players", "rename", "Player 05", "Aaron"],
        ["tournament", "draw", NAME, "--session", "2", "--seed", "8"],
        ["players", "rename", "Player 01", "Zed"],
    ]
    for step in steps:
        status, _out, err = run("--database", url, *step, capsys=capsys)
        assert status == 0, err
    for session in ("1", "2"):
        status, out, _err = run(
            "--database",
            url,
            "tournament",
            "seating",
            NAME,
            "--session",
            session,
            "--check",
            capsys=capsys,
        )
        assert status == 0 and "draws these tables again." in out, out


def test_the_draw_says_its_plan_and_its_repeats_against_the_least(url: str, capsys) -> None:
    day(url, capsys, players=11)
    status, out, _err = run(
        "--database",
        url,
        "tournament",
        "draw",
        NAME,
        "--session",
        "1",
        "--seed",
        "7",
        capsys=capsys,
    )
    assert status == 0
    assert (
        "1 table of 5 and 1 table of 6, whose dealer sits out each hand (11 players are not "
        "a multiple of 5)." in out
    )
    assert "Seed: 7" in out
    assert "the least possible for this field: 0." in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["totals", NAME, "--session", "1", "--table", "1", "Nobody=3"],
            "POINTS: Nobody does not sit at table 1 in session 1",
        ),
        (
            ["totals", NAME, "--session", "1", "--table", "9", "A=1"],
            "--table: session 1 has no table 9",
        ),
        (
            ["totals", NAME, "--session", "1", "--table", "1", "A=x"],
            "POINTS: 'x' is not a whole number",
        ),
        (["draw", NAME, "--session", "3"], "--session: draw session 2 first"),
        (["draw", NAME, "--session", "4"], "--session: 4 is not between 1 and 3"),
        (["draw", "Oktoberfest", "--session", "1"], "NAME: there is no tournament 'Oktoberfest'"),
        (
            ["penalty", NAME, "--session", "1", "--player", "Player 01", "--points", "0"],
            "--points: a penalty takes 1 point or more",
        ),
        (["register", NAME, "Player 01"], "PLAYER: Player 01 is registered already"),
        (
            ["check", NAME, "--session", "1", "--table", "1"],
            "--table: table 1 of session 1 has 0 of its 20 hands",
        ),
    ],
)
def test_bad_input_is_named_and_exits_2(url: str, capsys, args: list[str], said: str) -> None:
    day(url, capsys)
    status, out, err = run("--database", url, "tournament", *args, capsys=capsys)
    assert status == 2 and out == ""
    assert said in err
    assert "Traceback" not in err


def test_a_tournament_refused_makes_nothing(url: str, capsys) -> None:
    status, _out, err = run(
        "--database",
        url,
        "tournament",
        "new",
        NAME,
        "--date",
        "2026-10-04",
        "--sessions",
        "3",
        "--hands",
        "20",
        "--places",
        "30,15,10",
        capsys=capsys,
    )
    assert status == 2
    assert "--places: the places and the sessions' top scorers add up to 70%" in err
    db = open_database(url)
    assert list_tournaments(db) == []
    db.dispose()
