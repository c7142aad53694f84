"""Amounts are 64-bit and bounded the same way on SQLite and PostgreSQL: a high-stakes
night is kept exactly on both, and anything beyond `MAX_AMOUNT` is refused with status 2
on both, naming what is too large, with nothing written."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.store import night_import, night_reads
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.league import Period, standings
from scorekeeper.store.money import league_money, record_league_payment
from scorekeeper.store.tonight import record_payment, set_closed
from tests.sheet import night_doc, no_pick, pick

LEAGUE = "High Rollers"
DAY = dt.date(2026, 1, 1)
BIG_STAKE = {"preset": "classic-5", "stake_cents": 1_000_000}  # $10,000 a point


def high_stakes_night() -> dict[str, Any]:
    """Bob alone takes every trick with 16 doublers: 786,432 points, $7.86 billion."""
    return night_doc(
        BIG_STAKE,
        [
            pick("Bob", points=120, tricks=6, call="alone", doublers=16),
            pick("Cal", "Dee", points=70, tricks=3, call="ace-hearts", doublers=3),
        ],
    ) | {"league": LEAGUE}


def test_a_high_stakes_night_is_kept_exactly(db: Database) -> None:
    document = high_stakes_night()
    night_id = night_import.import_night(db, document)
    set_closed(db, night_id=night_id, closed=True)
    assert night_import.export_night(db, night_id=night_id) == {**document, "closed": True}
    assert night_reads.cached_points(db, night_id=night_id)[0]["Bob"] == 786_432
    assert night_reads.night_result(db, night_id=night_id).total_cents == {
        "Ann": -196_616_000_000,
        "Bob": 786_424_000_000,
        "Cal": -196_592_000_000,
        "Dee": -196_600_000_000,
        "Eve": -196_616_000_000,
    }
    table = standings(db, Period(LEAGUE, None, None, None))
    assert {r.player: r.cents for r in table.everyone}["Bob"] == 786_424_000_000
    record_league_payment(db, league=LEAGUE, payer="Ann", payee="Bob", cents=MAX_AMOUNT)
    money = league_money(db, league=LEAGUE)
    assert [p.cents for p in money.payments] == [MAX_AMOUNT]
    assert money.balances["Ann"] == MAX_AMOUNT - 196_616_000_000


def run(url: str, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["--database", url, *args])
    out, err = capsys.readouterr()
    return status, out, err


def imported(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], document: dict[str, Any]
) -> tuple[int, str, str]:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return run(url, capsys, "import", str(path))


TOO_LARGE = {
    "stake_cents": (
        night_doc({**BIG_STAKE, "stake_cents": 10**13}, [pick("Bob", points=70, tricks=3)]),
        "rules.stake_cents: ",
    ),
    "cents of a hand": (
        night_doc(
            BIG_STAKE,
            [pick("Bob", points=120, tricks=6, call="alone", doublers=16, last_hand=True)],
        ),
        "hand 1: rules.stake_cents: at 1,000,000 cents a point, Bob would win or lose over "
        "1,000,000,000,000 cents on it, the most Scorekeeper keeps\n",
    ),
    "points of a hand": (
        night_doc(
            {
                "preset": "classic-5",
                "no_pick": "doubler",
                "doubler_stack": "multiply",
                "stake_cents": 0,
            },
            [no_pick()] * 40 + [pick("Bob", points=70, tricks=3, call="alone")],
        ),
        "hand 41: score: Ann, Bob, Cal, Dee and Eve would score more than "
        "1,000,000,000,000 points either way on it, the most Scorekeeper keeps\n",
    ),
}


@pytest.mark.parametrize("case", TOO_LARGE)
def test_a_night_beyond_the_limits_is_refused_with_status_2_and_nothing_stored(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    document, message = TOO_LARGE[case]
    status, out, err = imported(database_url, tmp_path, capsys, document)
    assert (status, out) == (2, "")
    made = "scorekeeper: a new, empty database was made at "  # a new SQLite file says so
    said = "".join(line for line in err.splitlines(keepends=True) if not line.startswith(made))
    assert said.startswith("scorekeeper: " + message) and "Traceback" not in err
    assert run(database_url, capsys, "nights")[1] == "No nights yet.\n"
    status, out, err = run(database_url, capsys, "score", str(tmp_path / "night.json"))
    assert (status, out) == (2, "") and err.startswith("scorekeeper: " + message)


@pytest.mark.parametrize(
    "cents", ["99999999999999999999", "9223372036854775807", str(MAX_AMOUNT + 1)]
)
def test_a_payment_beyond_the_limit_is_status_2_naming_cents(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], cents: str
) -> None:
    assert imported(database_url, tmp_path, capsys, high_stakes_night())[0] == 0
    pay = ["pay", "--league", LEAGUE, "--from", "Ann", "--to", "Bob", "--cents"]
    if int(cents) > 2**63 - 1:  # longer than any column keeps: refused as it is read
        with pytest.raises(SystemExit) as refused:
            run(database_url, capsys, *pay, cents)
        assert refused.value.code == 2
        assert "argument --cents: '99999999999999999999' is larger than any number" in (
            capsys.readouterr().err
        )
    else:
        status, out, err = run(database_url, capsys, *pay, cents)
        assert (status, out) == (2, "")
        assert err == (
            f"scorekeeper: --cents: {int(cents):,} is more than the most Scorekeeper keeps, "
            "1,000,000,000,000 cents ($10,000,000,000.00)\n"
        )
    with pytest.raises(SystemExit) as refused:
        run(database_url, capsys, *pay, "a lot")
    assert refused.value.code == 2
    assert "argument --cents: 'a lot' is not a whole number" in capsys.readouterr().err
    status, out, err = run(database_url, capsys, *pay, str(MAX_AMOUNT))
    assert status == 0, err
    assert "Recorded: Ann paid Bob $10,000,000,000.00." in out


@pytest.mark.parametrize(("currency", "most"), [("EUR", "€10,000,000,000.00"), ("CHF", "CHF")])
def test_the_limit_of_a_payment_is_said_in_the_leagues_currency(
    db: Database, currency: str, most: str
) -> None:
    """A euro league's payment over the limit says the most in euros, never in dollars;
    a night's payment in the night's currency."""
    night_id = night_import.import_night(db, high_stakes_night() | {"currency": currency})
    with pytest.raises(StorageError) as refused:
        record_league_payment(db, league=LEAGUE, payer="Ann", payee="Bob", cents=MAX_AMOUNT + 1)
    assert most in str(refused.value) and "$" not in str(refused.value)
    with pytest.raises(StorageError) as refused:
        record_payment(
            db, night_id=night_id, payer="Ann", payee="Bob", cents=MAX_AMOUNT + 1, paid_on=DAY
        )
    assert most in str(refused.value) and "$" not in str(refused.value)
