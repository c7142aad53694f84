"""A session number given to any tournament command: one outside the day's sessions
is refused with status 2, naming the flag it came by, and writes nothing; one inside
never ends in an internal error (status 1)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.test_store_cli import run

NAME = "Kohler Falls"
SESSIONS = 3
PLAYERS = [f"Player {n:02d}" for n in range(1, 11)]


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """A three-session day of ten players, session 1 drawn: its URL and its folder."""
    from scorekeeper.cli import main

    folder = tmp_path_factory.mktemp("day")
    url = f"sqlite:///{folder / 'day.sqlite3'}"
    for args in (
        [
            "tournament",
            "new",
            NAME,
            "--date",
            "2026-10-04",
            "--preset",
            "jack-of-diamonds-5",
            "--sessions",
            str(SESSIONS),
            "--hands",
            "20",
        ],
        ["tournament", "register", NAME, *PLAYERS, "--paid"],
        ["tournament", "draw", NAME, "--session", "1", "--seed", "7"],
    ):
        assert main(["--database", url, *args]) == 0
    (folder / "hands.json").write_text("[]", encoding="utf-8")
    return url, folder


def _dump(url: str) -> list[str]:
    with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
        return list(connection.iterdump())


# Each command that takes a session number: its arguments (N: the number) and the flag
# the number is given by (a command a line, as typed: kept so by hand, not wrapped).
COMMANDS: list[tuple[list[str], str]] = [
    (["tournament", "register", NAME, "Latecomer", "--from-session", "N"], "--from-session"),
    (["tournament", "draw", NAME, "--session", "N"], "--session"),
    (["tournament", "start", NAME, "--session", "N"], "--session"),
    (["tournament", "seating", NAME, "--session", "N"], "--session"),
    (["tournament", "status", NAME, "--session", "N"], "--session"),
    (["tournament", "totals", NAME, "--session", "N", "--table", "1", "Player 01=0"], "--session"),
    (["tournament", "hands", NAME, "--session", "N", "--table", "1", "HANDS"], "--session"),
    (["tournament", "night", NAME, "--session", "N", "--table", "1"], "--session"),
    (["tournament", "check", NAME, "--session", "N", "--table", "1"], "--session"),
    (
        ["tournament", "penalty", NAME, "--session", "N", "--player", "Player 01", "--points", "1"],
        "--session",
    ),
    (["tournament", "standings", NAME, "--after", "N"], "--after"),
    (["tournament", "standings", NAME, "--session", "N"], "--session"),
    (["report", "seating", "--tournament", NAME, "--session", "N"], "--session"),
    (["report", "cards", "--tournament", NAME, "--session", "N"], "--session"),
    (["report", "sheets", "--tournament", NAME, "--session", "N"], "--session"),
    (["report", "tournament", "--tournament", NAME, "--after", "N"], "--after"),
    (["report", "tournament", "--tournament", NAME, "--session", "N"], "--session"),
]  # fmt: skip
READS = [c for c in COMMANDS if c[0][1] in ("seating", "status", "standings", "tournament")]


def _arguments(template: list[str], number: int, folder: Path) -> list[str]:
    given = [
        str(number) if a == "N" else str(folder / "hands.json") if a == "HANDS" else a
        for a in template
    ]
    return [*given, "-o", str(folder / "out.pdf")] if given[0] == "report" else given


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    command=st.sampled_from(COMMANDS),
    number=st.integers(-(10**6), 10**6).filter(lambda n: not 1 <= n <= SESSIONS),
)
def test_a_session_outside_the_day_is_refused_naming_its_flag(
    day: tuple[str, Path], capsys, command: tuple[list[str], str], number: int
) -> None:
    url, folder = day
    template, flag = command
    before = _dump(url)
    status, _out, err = run("--database", url, *_arguments(template, number, folder), capsys=capsys)
    assert status == 2, err
    assert err.startswith(f"scorekeeper: {flag}: "), err
    assert f"between 1 and {SESSIONS}" in err
    assert _dump(url) == before


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(command=st.sampled_from(READS), number=st.integers(1, SESSIONS))
def test_a_session_of_the_day_is_read_without_an_internal_error(
    day: tuple[str, Path], capsys, command: tuple[list[str], str], number: int
) -> None:
    url, folder = day
    status, _out, err = run(
        "--database", url, *_arguments(command[0], number, folder), capsys=capsys
    )
    assert status in (0, 2), err
    assert "internal error" not in err


def test_a_late_entry_after_the_last_draw_is_told_to_draw_again(tmp_path: Path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'late.sqlite3'}"
    run(
        "--database",
        url,
        "tournament",
        "new",
        NAME,
        "--date",
        "2026-10-04",
        "--sessions",
        "2",
        "--hands",
        "20",
        capsys=capsys,
    )
    run("--database", url, "tournament", "register", NAME, *PLAYERS, capsys=capsys)
    for number in ("1", "2"):
        run("--database", url, "tournament", "draw", NAME, "--session", number, capsys=capsys)
    status, out, err = run(
        "--database", url, "tournament", "register", NAME, "Latecomer", capsys=capsys
    )
    assert status == 0, err
    assert out.splitlines() == [
        "Latecomer registered (not paid yet), playing from session 2",
        "Session 2 is drawn already: draw it again to seat them.",
    ]
    status, out, err = run(
        "--database",
        url,
        "tournament",
        "register",
        NAME,
        "Early",
        "--from-session",
        "0",
        capsys=capsys,
    )
    assert (status, out) == (2, "")
    assert err.startswith("scorekeeper: --from-session: 0 is not between 1 and 2"), err
