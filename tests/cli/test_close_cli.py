"""`scorekeeper close --night N` and `reopen`: an imported history's money becomes the
league's debts; a night's `closed` and `payments` go out and in again with it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store.database import open_database
from scorekeeper.store.money import league_money
from scorekeeper.store.night_reads import night_result
from tests.cli.test_store_cli import run, write
from tests.sheet import night_doc, pick

LEAGUE = "Club"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'league.sqlite3'}"


def history() -> list[dict[str, Any]]:
    """Two nights of a league's history, as a spreadsheet era might have kept them: the
    first with a payment made at the table, neither closed."""
    first = {
        **night_doc({"preset": "classic-5", "stake_cents": 25}, [pick("Bob", points=95, tricks=5)]),
        "league": LEAGUE,
        "date": "2026-11-03",
        "payments": [{"from": "Ann", "to": "Bob", "cents": 25}],
    }
    second = {
        **night_doc(
            {"preset": "classic-5", "stake_cents": 25}, [pick("Cal", "Eve", points=74, tricks=4)]
        ),
        "league": LEAGUE,
        "date": "2026-11-10",
    }
    return [first, second]


def debts(url: str, capsys) -> dict[str, Any]:
    status, out, err = run("--database", url, "debts", "--league", LEAGUE, "--json", capsys=capsys)
    assert (status, err) == (0, ""), err
    return json.loads(out)


def test_closing_imported_nights_makes_their_settlements_the_league_s_debts(
    url, tmp_path, capsys
) -> None:
    files = [write(tmp_path, d, f"{i}.json") for i, d in enumerate(history())]
    assert run("--database", url, "import", *files, capsys=capsys)[1].split() == ["1", "2"]
    assert set(debts(url, capsys)["balances"].values()) <= {0, 25, -25}  # the payment only

    # Each night as people know it (its league and date), and the id --night takes.
    named = {"1": "“Club · 11/3/26” (night 1)", "2": "“Club · 11/10/26” (night 2)"}
    for night in ("1", "2"):
        status, out, err = run("--database", url, "close", "--night", night, capsys=capsys)
        assert (status, err) == (0, "")
        assert out == f"{named[night]} is closed: its settlement counts in Club's debts.\n"
    assert debts(url, capsys)["balances"] == balances(url, [1, 2])

    status, out, _ = run("--database", url, "close", "--night", "1", capsys=capsys)
    assert (status, out) == (0, f"{named['1']} was closed already.\n")
    status, out, _ = run("--database", url, "reopen", "--night", "2", capsys=capsys)
    assert out == (
        f"{named['2']} is open again: its settlement no longer counts in Club's debts.\n"
    )
    assert debts(url, capsys)["balances"] == balances(url, [1])


def balances(url: str, closed: list[int]) -> dict[str, int]:
    """What each player is owed after the CLOSED nights, worked out here from each
    night's money as the core scores it and the payment made at the first night."""
    db = open_database(url)
    expected = dict.fromkeys(night_result(db, night_id=1).players, 0)
    for night_id in closed:
        for player, cents in night_result(db, night_id=night_id).total_cents.items():
            expected[player] = expected.get(player, 0) + cents
    expected["Ann"] += 25  # paid Bob at the table
    expected["Bob"] -= 25
    assert league_money(db, league=LEAGUE).balances == expected
    db.dispose()
    return expected


def test_closed_and_payments_round_trip_with_close(url, tmp_path, capsys) -> None:
    first = write(tmp_path, history()[0])
    run("--database", url, "import", first, capsys=capsys)
    run("--database", url, "close", "--night", "1", capsys=capsys)
    out = tmp_path / "out.json"
    run("--database", url, "export", "--night", "1", "-o", str(out), capsys=capsys)
    exported = json.loads(out.read_text("utf-8"))
    assert exported["closed"] is True
    assert exported["payments"] == [{"from": "Ann", "to": "Bob", "cents": 25, "date": "2026-11-03"}]
    # Into another database: closed and paid as it was, so the same debts.
    elsewhere = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    assert run("--database", elsewhere, "import", str(out), capsys=capsys)[0] == 0
    assert debts(elsewhere, capsys) == debts(url, capsys)
    # Reopened, the export says so, and imported again it is the same night.
    run("--database", url, "reopen", "--night", "1", capsys=capsys)
    run("--database", url, "export", "--night", "1", "-o", str(out), capsys=capsys)
    assert "closed" not in json.loads(out.read_text("utf-8"))
    status, _, err = run("--database", url, "import", str(out), capsys=capsys)
    assert status == 2 and "already stored as “Club · 11/3/26” (night 1: " in err


def test_a_night_imported_closed_reopens(url, tmp_path, capsys) -> None:
    closed = write(tmp_path, history()[1] | {"closed": True})
    run("--database", url, "import", closed, capsys=capsys)
    assert debts(url, capsys)["outstanding"]
    run("--database", url, "reopen", "--night", "1", capsys=capsys)
    assert debts(url, capsys)["outstanding"] == []


def test_a_night_in_no_league_says_so(url, tmp_path, capsys) -> None:
    run("--database", url, "import", write(tmp_path, night_doc("classic-5", [])), capsys=capsys)
    _, out, _ = run("--database", url, "close", "--night", "1", capsys=capsys)
    assert out == (  # a night of no league, no date: known by who played
        "“Ann, Bob, Cal, Dee, Eve” (night 1) is closed: its settlement counts in no league's "
        "debts (it is in no league).\n"
    )


@pytest.mark.parametrize("command", ["close", "reopen"])
def test_an_unknown_night_is_named_by_its_flag(url, capsys, command) -> None:
    status, out, err = run("--database", url, command, "--night", "7", capsys=capsys)
    made = f"scorekeeper: a new, empty database was made at {url.removeprefix('sqlite:///')}\n"
    assert (status, out, err) == (2, "", made + "scorekeeper: --night: there is no night 7\n")


@pytest.mark.parametrize("command", ["close", "reopen"])
def test_a_deleted_night_is_neither_closed_nor_reopened(url, tmp_path, capsys, command) -> None:
    """A deleted night counts in no debts: closing it would say what is not so."""
    from scorekeeper.store.night_history import set_deleted

    run("--database", url, "import", write(tmp_path, night_doc("classic-5", [])), capsys=capsys)
    db = open_database(url)
    try:
        set_deleted(db, night_id=1, deleted=True)
    finally:
        db.dispose()
    status, out, err = run("--database", url, command, "--night", "1", capsys=capsys)
    assert (status, out) == (2, "")
    assert err == (
        "scorekeeper: --night: “Ann, Bob, Cal, Dee, Eve” is deleted (bring it back first); "
        "nothing was changed\n"
    )
