"""What the tournament commands say: each refusal names the flag or argument the user
gave (exit 2, nothing written), and a withdrawal reads as it means."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_store_cli import run
from tests.cli.test_tournament_cli import NAME, day


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'day.sqlite3'}"


def tournament(url: str, capsys, *args: str) -> tuple[int, str, str]:
    return run("--database", url, "tournament", *args, capsys=capsys)


def test_a_penalty_refused_names_the_flag_given(url: str, capsys) -> None:
    first, _second = day(url, capsys)
    status, _out, err = tournament(url, capsys, "penalty", NAME, "--remove", "999")
    assert (status, err) == (2, "scorekeeper: --remove: there is no penalty 999\n")
    totals = [f"{p}={v}" for p, v in zip(first, (10, -5, -5, 2, -2), strict=True)]
    where = ("--session", "1", "--table", "1")
    assert tournament(url, capsys, "totals", NAME, *where, *totals)[0] == 0
    assert tournament(url, capsys, "check", NAME, *where)[0] == 0
    status, out, err = tournament(
        url, capsys, "penalty", NAME, "--session", "1", "--player", first[0], "--points", "2"
    )
    assert (status, out) == (2, "")
    assert err.startswith("scorekeeper: --player: table 1 of session 1 is checked"), err


def test_a_player_given_twice_is_named(url: str, capsys) -> None:
    first, _second = day(url, capsys)
    given = [f"{first[0]}=10", f"{first[0].upper()}=-10"]
    status, out, err = tournament(
        url, capsys, "totals", NAME, "--session", "1", "--table", "1", *given
    )
    assert (status, out) == (2, "")
    assert err == f"scorekeeper: POINTS: {first[0].upper()} given twice\n"


def test_a_withdrawal_names_after_and_reads_as_it_means(url: str, capsys) -> None:
    day(url, capsys)
    status, _out, err = tournament(url, capsys, "withdraw", NAME, "Player 01", "--after", "9")
    assert (status, err) == (2, "scorekeeper: --after: 9 is not between 0 and 3\n")
    status, out, _err = tournament(url, capsys, "withdraw", NAME, "Player 01", "--after", "0")
    assert (status, out) == (0, "Player 01 is withdrawn: they play no session\n")
    status, out, _err = tournament(url, capsys, "withdraw", NAME, "Player 02", "--after", "1")
    assert (status, out) == (0, "Player 02 plays no session after session 1\n")


def test_a_penalty_names_its_own_flags(url: str, capsys) -> None:
    day(url, capsys)
    status, _out, err = tournament(
        url, capsys, "penalty", NAME, "--session", "1", "--player", "Nobody", "--points", "2"
    )
    assert status == 2 and err.startswith("scorekeeper: --player: "), err
    status, _out, err = tournament(
        url, capsys, "penalty", NAME, "--session", "1", "--player", "Player 01", "--points", "0"
    )
    assert (status, err) == (2, "scorekeeper: --points: a penalty takes 1 point or more\n")


def test_reopen_refuses_a_checked_tables_night(url: str, capsys) -> None:
    first, _second = day(url, capsys)
    totals = [f"{p}={v}" for p, v in zip(first, (10, -5, -5, 2, -2), strict=True)]
    where = ("--session", "1", "--table", "1")
    status, out, _err = tournament(url, capsys, "totals", NAME, *where, *totals)
    night = out.rsplit("(night ", 1)[1].split(")")[0]
    assert tournament(url, capsys, "check", NAME, *where)[0] == 0
    status, out, err = run("--database", url, "reopen", "--night", night, capsys=capsys)
    assert (status, out) == (2, "")
    assert err.startswith("scorekeeper: --night: "), err
    assert f"of session 1 of {NAME}, checked and locked" in err
    assert "scorekeeper tournament check --undo" in err


def test_another_games_tie_break_is_refused_naming_the_flag(url: str, capsys) -> None:
    status, out, err = tournament(
        url,
        capsys,
        "new",
        NAME,
        "--date",
        "2026-10-04",
        "--sessions",
        "3",
        "--hands",
        "20",
        "--tie-breaks",
        "picker-wins,solos-won",
    )
    assert (status, out) == (2, "")
    assert err.startswith("scorekeeper: --tie-breaks: 'solos-won' is not one of tables-won,"), err
    assert "picker-wins" in err and "ramsch-lost" not in err
    assert tournament(url, capsys, "list")[1] == "No tournaments yet.\n"


def test_a_tables_card_is_printed_alone_or_its_table_named(
    url: str, capsys, tmp_path: Path
) -> None:
    from tests.reports.test_tournament_reports import pages

    _first, second = day(url, capsys)
    pdf = tmp_path / "card.pdf"
    where = ("--tournament", NAME, "--session", "1")
    status, _out, err = run(
        "--database", url, "report", "cards", *where, "--table", "2", "-o", str(pdf), capsys=capsys
    )
    assert status == 0, err
    (card,) = pages(pdf.read_bytes())
    assert "Table 2" in card and f"{second[0]} (deals first)" in card
    status, _out, err = run(
        "--database", url, "report", "cards", *where, "--table", "7", "-o", str(pdf), capsys=capsys
    )
    assert (status, err) == (2, "scorekeeper: --table: session 1 has no table 7\n")
