"""Names on the command line: bad ones refused with status 2 naming the flag or field,
and stored ones (an old database may hold an ESC) printed escaped, so a name can
neither clear the terminal nor fake a row."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scorekeeper.sample import sample_night_document
from scorekeeper.store.database import open_database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.tonight import set_closed
from tests.cli.test_store_cli import run, write

LEAGUE = "Tuesday Night League"
ESCAPE = "Ann\x1b[2J\x1b[H"  # clear the screen, cursor home
SHOWN = "Ann\\x1b[2J\\x1b[H"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A database with one closed night of the sample, filed under LEAGUE."""
    path = tmp_path / "league.sqlite3"
    db = open_database(f"sqlite:///{path}")
    document = sample_night_document() | {"league": LEAGUE, "date": "2026-11-20"}
    set_closed(db, night_id=import_night(db, document), closed=True)
    db.dispose()
    return path


def rename_in_the_database(path: Path, old: str, new: str) -> None:
    """What an old version (before names were checked) may have stored."""
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE player SET name = ? WHERE name = ?", (new, old))


@pytest.mark.parametrize(
    "command",
    [
        ["nights"],
        ["standings", "--league", LEAGUE],
        ["debts", "--league", LEAGUE],
        ["stats", "--league", LEAGUE, "--player", "Ann"],
    ],
)
def test_a_stored_escape_is_printed_escaped(path: Path, command: list[str], capsys) -> None:
    rename_in_the_database(path, "Ann", ESCAPE)
    status, out, err = run("--database", f"sqlite:///{path}", *command, capsys=capsys)
    assert status == 0 and err == ""
    assert "\x1b" not in out and SHOWN in out


def test_a_stored_line_break_cannot_fake_a_row(path: Path, capsys) -> None:
    rename_in_the_database(path, "Ann", "Ann\n99  2026-01-01  fake")
    status, out, _ = run("--database", f"sqlite:///{path}", "nights", capsys=capsys)
    assert status == 0
    assert len(out.splitlines()) == 2  # the header and the one night
    assert "Ann\\x0a99" in out


def test_invisible_twins_are_refused_naming_the_field(tmp_path: Path, capsys) -> None:
    document = sample_night_document()
    document["players"][1] = "Ann\u200b"
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    status, out, err = run("--database", url, "import", write(tmp_path, document), capsys=capsys)
    assert status == 2 and out == ""
    assert err.startswith(
        "scorekeeper: players: 'Ann\\u200b' contains an invisible formatting character"
    )
    assert "Traceback" not in err and "\u200b" not in err
    assert run("--database", url, "nights", capsys=capsys)[1] == "No nights yet.\n"


@pytest.mark.parametrize("where", ["players", "hand"])
def test_a_nul_is_refused_on_import_and_nothing_is_written(
    tmp_path: Path, where: str, capsys
) -> None:
    document = sample_night_document()
    if where == "players":
        document["players"][0] = "Ann\x00"
    else:
        document["hands"][0]["dealer"] = "Bob\x00"
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    status, out, err = run("--database", url, "import", write(tmp_path, document), capsys=capsys)
    assert status == 2 and out == ""
    field = "players" if where == "players" else "hand 1: dealer"
    assert (
        err.startswith(f"scorekeeper: {field}: '")
        and "contains a control character (U+0000)" in err
    )
    assert run("--database", url, "nights", capsys=capsys)[1] == "No nights yet.\n"


def test_names_typed_two_ways_score_as_one(tmp_path: Path, capsys) -> None:
    plain = write(tmp_path, sample_night_document())
    typed = Path(plain).read_text(encoding="utf-8")
    for name, other in {"Ann": "\uff21\uff4e\uff4e", "Bob": "Bob\u00a0", "Cal": "  Cal"}.items():
        typed = typed.replace(f'"{name}"', f'"{other}"')
    assert typed != Path(plain).read_text(encoding="utf-8")
    other = tmp_path / "typed.json"
    other.write_text(typed, encoding="utf-8")
    expected = run("score", plain, capsys=capsys)
    assert expected[0] == 0
    assert run("score", str(other), capsys=capsys) == expected


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["stats", "--league", LEAGUE, "--player", "Ann\x1b"], "--player: 'Ann\\x1b' contains"),
        (["standings", "--league", "Tue\u200bsday"], "--league: 'Tue\\u200bsday' contains"),
        (["standings", "--league", LEAGUE, "--season", ""], "--season: a name cannot be empty"),
        (["league", "x" * 61], "LEAGUE: 'xxxx"),
        (
            ["pay", "--league", LEAGUE, "--from", "Ann\x00", "--to", "Bob", "--cents", "5"],
            "--from: 'Ann\\x00' contains a control character",
        ),
        (
            ["debts", "--league", LEAGUE, "--mode", "collector", "--collector", "\u202eBob"],
            "--collector: '\\u202eBob' contains an invisible",
        ),
        (
            ["report", "pad", "--players", "Ann,,Bob", "-o", "pad.pdf"],
            "--players: a name cannot be empty",
        ),
    ],
)
def test_a_bad_name_flag_exits_2_naming_the_flag(
    path: Path, flags: list[str], message: str, capsys
) -> None:
    status, out, err = run("--database", f"sqlite:///{path}", *flags, capsys=capsys)
    assert status == 2 and out == ""
    assert err.startswith("scorekeeper: " + message) and "Traceback" not in err
    assert not any(c in err for c in "\x00\x1b\u200b\u202e")


def test_a_bad_league_name_is_named_as_the_command_s_usage_names_it(tmp_path: Path, capsys) -> None:
    """Issue 15's new-user trial: `scorekeeper league $'Tue\\x1b[2Jsday'` blamed
    `--league:`, a flag the command does not have: its usage calls the name LEAGUE."""
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    status, out, err = run("--database", url, "league", "Tue\x1b[2Jsday", capsys=capsys)
    assert (status, out) == (2, "")
    assert err == (
        "scorekeeper: LEAGUE: 'Tue\\x1b[2Jsday' contains a control character (U+001B); "
        "leave it out\n"
    )
    with pytest.raises(SystemExit):
        run("league", "--help", capsys=capsys)
    usage = capsys.readouterr().out.split("\n\n")[0]
    assert usage.startswith("usage: scorekeeper league") and usage.endswith(" LEAGUE")


def test_a_name_flag_is_read_in_its_stored_form(path: Path, capsys) -> None:
    url = f"sqlite:///{path}"
    plain = run("--database", url, "stats", "--league", LEAGUE, "--player", "Ann", capsys=capsys)
    wide = run(
        "--database",
        url,
        "stats",
        "--league",
        "Tuesday\u00a0Night  League",
        "--player",
        "\uff21\uff4e\uff4e ",
        capsys=capsys,
    )
    assert wide == plain and plain[0] == 0
