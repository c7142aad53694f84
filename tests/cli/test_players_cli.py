"""`scorekeeper players`: the roster listed, a player renamed or retired; an unknown
player or a name taken named by its argument (OLD, NEW, NAME), with status 2."""

from __future__ import annotations

import re

import pytest

from tests.cli.test_store_cli import run

LEAGUE = "Tuesday Night League"


def roster(url: str, capsys) -> dict[str, str]:
    status, out, _ = run("--database", url, "players", capsys=capsys)
    assert status == 0
    header, *rows = out.splitlines()
    assert header.split() == ["player", "roster"]
    return dict(row.split() for row in rows)


def test_a_renamed_player_is_renamed_in_every_night_and_standing(url, capsys) -> None:
    nights = run("--database", url, "nights", capsys=capsys)[1]
    standings = run("--database", url, "standings", "--league", LEAGUE, capsys=capsys)[1]
    status, out, err = run("--database", url, "players", "rename", "ann", "Annie", capsys=capsys)
    assert (status, out, err) == (0, "Renamed ann to Annie.\n", "")
    assert "Ann" not in roster(url, capsys) and roster(url, capsys)["Annie"] == "playing"
    renamed = re.sub(r"\bAnn\b", "Annie", nights)
    assert run("--database", url, "nights", capsys=capsys)[1] == renamed != nights
    renamed = standings.replace(" Ann   ", " Annie ")  # the same width: "Player" is wider
    assert run("--database", url, "standings", "--league", LEAGUE, capsys=capsys)[1] == renamed
    assert renamed != standings


def test_a_retired_player_leaves_the_roster_and_keeps_their_nights(url, capsys) -> None:
    before = run("--database", url, "standings", "--league", LEAGUE, capsys=capsys)[1]
    status, out, _ = run("--database", url, "players", "retire", "cal", capsys=capsys)
    assert status == 0 and out.startswith("Cal is retired: not offered for new nights")
    assert roster(url, capsys)["Cal"] == "retired" and roster(url, capsys)["Bob"] == "playing"
    assert run("--database", url, "standings", "--league", LEAGUE, capsys=capsys)[1] == before
    status, out, _ = run("--database", url, "players", "reinstate", "Cal", capsys=capsys)
    assert status == 0 and out == "Cal is back on the roster offered for new nights.\n"
    assert roster(url, capsys)["Cal"] == "playing"


def test_no_players_yet(tmp_path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    made = f"scorekeeper: a new, empty database was made at {tmp_path / 'empty.sqlite3'}\n"
    assert run("--database", url, "players", capsys=capsys) == (0, "No players yet.\n", made)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["rename", "Zed", "Zoe"], "OLD: there is no player 'Zed'"),
        (["rename", "Ann", "BOB"], "NEW: there is already a player 'Bob'"),
        (["rename", "Ann", "(pot)"], "NEW: (pot) is the Schafkopf pot's name, not a player's"),
        (["rename", "Ann", "Ann\x1b"], "NEW: 'Ann\\x1b' contains a control character"),
        (["retire", "Zed"], "NAME: there is no player 'Zed'"),
        (["reinstate", "Zed"], "NAME: there is no player 'Zed'"),
    ],
)
def test_an_unknown_player_or_a_name_taken_is_named_with_status_2(url, capsys, args, said):
    before = roster(url, capsys)
    status, out, err = run("--database", url, "players", *args, capsys=capsys)
    assert (status, out) == (2, "")
    assert err.removeprefix("scorekeeper: ").startswith(said)
    assert roster(url, capsys) == before
