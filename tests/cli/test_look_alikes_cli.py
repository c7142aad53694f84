"""Names that look the same, through the real `scorekeeper` command line on SQLite and
PostgreSQL (issue 34, point 8): a new player whose name looks like another's ("B0b",
"ВОВ" beside Bob) refused at every door, naming the other (exit 2, nothing written);
and where an old database holds two look-alike players ("Ｃａｌ" beside "Cal", "Zoë"
composed and decomposed), the exact name picks that one player, and a name both answer
to is refused naming both, spelled out."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from scorekeeper.sample import sample_night_document
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.people import list_players
from tests.store.conftest import database_url, postgres_template  # noqa: F401 - fixtures

FULL_WIDTH_CAL = "\uff23\uff41\uff4c"
ZOE, ZOE_DECOMPOSED = "Zo\u00eb", "Zoe\u0308"


def scorekeeper(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`scorekeeper --database URL ARGS...` in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--database", url, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


@pytest.fixture
def url(database_url: str) -> Iterator[str]:  # noqa: F811 - the fixture imported above
    """A database of each kind holding the sample night (Ann, Bob, Cal, Dee, Eve, Fay)."""
    db = open_database(database_url)
    import_night(db, sample_night_document())
    db.dispose()
    yield database_url


def roster(url: str) -> dict[int, tuple[str, bool]]:
    db = open_database(url)
    try:
        return {p.id: (p.name, p.retired) for p in list_players(db, include_retired=True)}
    finally:
        db.dispose()


def refused(done: subprocess.CompletedProcess[str], said: str) -> None:
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.startswith("scorekeeper: " + said), done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("look_alike", ["B0b", "\u0412\u041e\u0412"])  # a zero; Cyrillic
def test_a_night_seating_a_look_alike_of_a_player_is_refused(
    url: str, tmp_path: Path, look_alike: str
) -> None:
    document = sample_night_document() | {"date": "2026-11-24"}
    text_of = json.dumps(document).replace('"Bob"', json.dumps(look_alike))
    file = tmp_path / "night.json"
    file.write_text(text_of, encoding="utf-8")
    before = roster(url)
    done = scorekeeper(url, "import", str(file))
    refused(done, f"players: '{look_alike}' looks the same as 'Bob', another player's name")
    assert roster(url) == before
    assert len(scorekeeper(url, "nights").stdout.splitlines()) == 2  # the header, one night


def test_a_rename_onto_a_look_alike_is_refused_naming_the_other(url: str) -> None:
    before = roster(url)
    refused(scorekeeper(url, "players", "rename", "Ann", "B0b"), "NEW: 'B0b' looks the same")
    refused(scorekeeper(url, "players", "rename", "Ann", "\u0412\u041e\u0412"), "NEW: 'ВОВ'")
    assert roster(url) == before
    done = scorekeeper(url, "players", "rename", "Bob", "B0b")  # Bob may look like himself
    assert (done.returncode, done.stdout) == (0, "Renamed Bob to B0b.\n"), done.stderr


def test_a_sheet_with_a_look_alike_column_is_refused_naming_the_column(
    url: str, tmp_path: Path
) -> None:
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("date;hands;Ann;B0b;Cal\n2026-11-03;10;5;-2;-3\n", encoding="utf-8")
    before = roster(url)
    done = scorekeeper(url, "import-sheet", str(sheet), "--league", "Tuesday Night League")
    assert done.returncode == 2
    assert "column 4 (D) 'B0b': 'B0b' looks the same as 'Bob'" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert roster(url) == before


def add_old_players(url: str, rows: list[tuple[str, str]]) -> None:
    """Players as an old version stored them: NAME beside a look-alike, under the KEY
    migration 0008 left it (its folded key another's, so left as it was)."""
    db: Database = open_database(url)
    try:
        with db.transaction() as session:
            for name, key in rows:
                session.execute(
                    text(
                        "INSERT INTO player (name, name_key, retired, created_at) "
                        "VALUES (:name, :key, false, CURRENT_TIMESTAMP)"
                    ),
                    {"name": name, "key": key},
                )
    finally:
        db.dispose()


def ids_of(url: str) -> dict[str, int]:
    return {name: player_id for player_id, (name, _) in roster(url).items()}


def test_an_old_look_alike_is_renamed_by_its_exact_name_and_the_other_stays(url: str) -> None:
    add_old_players(url, [(FULL_WIDTH_CAL, "\uff43\uff41\uff4c"), (ZOE, "zo\u00eb")])
    add_old_players(url, [(ZOE_DECOMPOSED, "zoe\u0308")])
    ids = ids_of(url)
    done = scorekeeper(url, "players", "rename", FULL_WIDTH_CAL, "Calla")
    assert done.returncode == 0, done.stderr
    after = ids_of(url)
    assert after["Calla"] == ids[FULL_WIDTH_CAL] and after["Cal"] == ids["Cal"]

    done = scorekeeper(url, "players", "retire", ZOE_DECOMPOSED)
    assert done.returncode == 0, done.stderr
    players = roster(url)
    assert players[ids[ZOE_DECOMPOSED]] == (ZOE_DECOMPOSED, True)
    assert players[ids[ZOE]] == (ZOE, False)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["players", "rename", "cal", "Carl"], "OLD: 'cal' is the name of 2 players: 'Cal' (Cal),"),
        (["players", "retire", "ZOË"], "NAME: 'ZOË' is the name of 2 players: 'Zoë' (Zo\\u00eb)"),
    ],
)
def test_a_name_two_old_look_alikes_answer_to_is_refused_naming_both(
    url: str, args: list[str], said: str
) -> None:
    add_old_players(url, [(FULL_WIDTH_CAL, "\uff43\uff41\uff4c"), (ZOE, "zo\u00eb")])
    add_old_players(url, [(ZOE_DECOMPOSED, "zoe\u0308")])
    before = roster(url)
    done = scorekeeper(url, *args)
    refused(done, said)
    assert "give the exact one" in done.stderr
    assert ("\\uff23\\uff41\\uff4c" if "cal" in args else "Zoe\\u0308") in done.stderr
    assert roster(url) == before


def test_an_old_look_alike_is_merged_and_unmerged_from_the_command_line(
    url: str, tmp_path: Path
) -> None:
    """`players merge FROM INTO` gives Ｃａｌ's night to Cal (exit 0, what moved said: the
    hands Ｃａｌ was dealt into),
    the standings read one Cal; `players unmerge FROM` brings Ｃａｌ back."""
    document = sample_night_document() | {"date": "2026-11-24"}
    file = tmp_path / "night.json"
    file.write_text(json.dumps(document).replace('"Cal"', '"Kal"'), encoding="utf-8")
    assert scorekeeper(url, "import", str(file)).returncode == 0
    db = open_database(url)
    with db.transaction() as session:
        session.execute(
            text("UPDATE player SET name = :name, name_key = :key WHERE name = 'Kal'"),
            {"name": FULL_WIDTH_CAL, "key": "\uff43\uff41\uff4c"},
        )
    db.dispose()
    league = ["standings", "--league", "Tuesday Night League", "--json"]
    before = json.loads(scorekeeper(url, *league).stdout)
    refused(scorekeeper(url, "players", "merge", FULL_WIDTH_CAL, "Ann"), "INTO: '")

    done = scorekeeper(url, "players", "merge", FULL_WIDTH_CAL, "Cal")
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f"Merged '{FULL_WIDTH_CAL}' into 'Cal': 1 night, 6 hands and 0 payments moved. "
        f"To undo: scorekeeper players unmerge '{FULL_WIDTH_CAL}'\n"
    )
    merged = json.loads(scorekeeper(url, *league).stdout)
    assert FULL_WIDTH_CAL not in json.dumps(merged, ensure_ascii=False)
    assert merged != before

    done = scorekeeper(url, "players", "unmerge", FULL_WIDTH_CAL)
    assert (done.returncode, done.stdout) == (
        0,
        f"'{FULL_WIDTH_CAL}' is back, as before they were merged into 'Cal'.\n",
    ), done.stderr
    assert json.loads(scorekeeper(url, *league).stdout) == before
    refused(scorekeeper(url, "players", "unmerge", FULL_WIDTH_CAL), "NAME: no player")
