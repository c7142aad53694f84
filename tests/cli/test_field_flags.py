"""What the store refuses is named by the flag it came from on the command line (the
store names the field in the user's words, "paid to"; the command line says --to),
with status 2 and nothing on standard output."""

from __future__ import annotations

from typing import get_args

import pytest

from scorekeeper.cli import FIELD_FLAGS
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.store.errors import Field
from tests.cli.test_store_cli import run

LEAGUE = "Tuesday Night League"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["pay", "--league", LEAGUE, "--from", "Zed", "--to", "Bob", "--cents", "5"],
            "--from: there is no player 'Zed'",
        ),
        (
            ["pay", "--league", LEAGUE, "--from", "Ann", "--to", "(pot)", "--cents", "5"],
            "--to: (pot) is the table's Schafkopf pot",
        ),
        (
            [
                "pay",
                "--league",
                LEAGUE,
                "--from",
                "Ann",
                "--to",
                "Bob",
                "--cents",
                str(MAX_AMOUNT + 1),
            ],
            f"--cents: {MAX_AMOUNT + 1:,} is more than the most",
        ),
        (
            ["pay", "--league", "Nope", "--from", "Ann", "--to", "Bob", "--cents", "5"],
            "--league: there is no league 'Nope'",
        ),
        (["export", "--night", "99"], "--night: there is no night 99"),
        (
            ["report", "statement", "--league", LEAGUE, "--player", "Zed", "-o", "x.pdf"],
            "--player: 'Zed' has no nights or money",
        ),
    ],
)
def test_a_store_refusal_is_named_by_its_flag_with_status_2(url, capsys, args, said) -> None:
    status, out, err = run("--database", url, *args, capsys=capsys)
    assert (status, out) == (2, "")
    assert err.startswith(f"scorekeeper: {said}")


def test_a_bad_database_url_is_named_by_its_flag(capsys) -> None:
    status, _, err = run("--database", "nowhere", "nights", capsys=capsys)
    assert (status, err) == (2, "scorekeeper: --database: 'nowhere' is not a database URL\n")


def test_every_field_has_a_flag_or_is_named_by_its_command() -> None:
    """A field the store may name and no flag gives: the seat changes and a new night's
    table (the window's alone), a new name (players rename NEW) and the player merged
    into (players merge FROM INTO)."""
    named = {"first hand", "last hand", "new name", "merged into", "table"}
    assert set(get_args(Field)) - set(FIELD_FLAGS) == named
