"""A fourth game, defined only under tests/ (`tests/fourth_game.py`), counts what neither
card game counts (the rolls each player won, the sixes each rolled), and its league
shows those figures in the standings (printed, as JSON and as a spreadsheet), as a
tie-break, in a player's statistics, in the league report and in the league window,
with no change to shared code: nothing in scorekeeper/ or ui/ names it or its counts."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from scorekeeper import cli
from scorekeeper.games import register, unregister
from tests.fourth_game import HIGHEST_ROLL

LEAGUE = "Dice Club"
THREE = ["Ann", "Bob", "Cal"]


def night(date: str, *rolls: tuple[int, int, int]) -> dict[str, Any]:
    return {
        "format": "sheepshead-night/1",
        "date": date,
        "league": LEAGUE,
        "rules": {"preset": "highest-roll", "stake_cents": 10},
        "players": THREE,
        "hands": [{"type": "roll", "rolls": dict(zip(THREE, r, strict=True))} for r in rolls],
    }


# Night 1: Ann wins a roll, a tie on two sixes, Cal wins; night 2: Bob wins, then Ann.
# Points: Ann +2, Bob -1, Cal -1.  Rolls won: Ann 2, Bob 1, Cal 1.  Sixes: Ann 3, Bob 2,
# Cal 1.  Bob and Cal are tied on points, nights won (1 each) and hands: the sixes
# they rolled break the tie, when the league says so.
NIGHTS = [
    night("2026-11-20", (6, 3, 2), (6, 6, 1), (1, 5, 6)),
    night("2026-11-27", (2, 6, 4), (6, 1, 2)),
]


@pytest.fixture(autouse=True)
def highest_roll() -> Iterator[None]:
    register(HIGHEST_ROLL)
    yield
    unregister(HIGHEST_ROLL)


def run(*argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    url = f"sqlite:///{tmp_path / 'dice.sqlite3'}"
    for number, document in enumerate(NIGHTS):
        path = tmp_path / f"night{number}.json"
        path.write_text(json.dumps(document), "utf-8")
        status, _, _ = run("--database", url, "import", str(path), capsys=capsys)
        assert status == 0
    return url


def test_its_figures_are_the_standings_columns_and_a_tie_break(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("--database", database, "standings", "--league", LEAGUE)
    status, out, err = run(*args, capsys=capsys)
    assert (status, err) == (0, "")
    header, *rows = out.split("\n\n")[0].splitlines()
    assert re.split(r" {2,}", header)[-3:] == ["Rolls won", "Sixes rolled", "Misplays"]
    cells = {row.split()[1]: row.split() for row in rows}
    assert cells["Ann"][-3:] == ["2", "3", "0"] and cells["Cal"][-3:] == ["1", "1", "0"]
    assert [cells[p][0] for p in ("Ann", "Bob", "Cal")] == ["1", "2", "2"]  # tied

    _, out, _ = run(*args, "--json", capsys=capsys)
    ann = next(row for row in json.loads(out) if row["player"] == "Ann")
    assert (ann["rolls_won"], ann["sixes"]) == (2, 3)
    _, out, _ = run(*args, "--csv", capsys=capsys)
    assert ",Points per hand,Rolls won,Sixes rolled,Misplays," in out.splitlines()[0]

    # Its count, a tie-break: more sixes rolled puts Bob above Cal.
    status, out, err = run(*args, "--tie-breaks", "sixes", "--json", capsys=capsys)
    assert (status, err) == (0, "")
    assert {row["player"]: row["rank"] for row in json.loads(out)} == {"Ann": 1, "Bob": 2, "Cal": 3}
    _, out, _ = run(*args, "--tie-breaks", "sixes", capsys=capsys)
    assert "Ties are broken by more sixes rolled;" in out


def test_its_figures_are_in_a_player_s_statistics(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("--database", database, "stats", "--league", LEAGUE, "--player", "Ann")
    status, out, err = run(*args, capsys=capsys)
    assert (status, err) == (0, "")
    assert re.search(r"\n  Sixes rolled +3\n", out), out
    _, out, _ = run(*args, "--json", capsys=capsys)
    assert json.loads(out)["figures"] == {"rolls_won": 2, "sixes": 3}
    _, out, _ = run(*args, "--csv", capsys=capsys)
    assert "Sixes rolled,3," in out.splitlines()


def test_its_figures_are_printed_in_the_league_report(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "league.pdf"
    status, _, err = run(
        "--database",
        database,
        "report",
        "league",
        "--league",
        LEAGUE,
        "-o",
        str(report),
        capsys=capsys,
    )
    assert (status, err) == (0, "")
    pages = PdfReader(io.BytesIO(report.read_bytes())).pages
    lines = "\n".join(page.extract_text() for page in pages).splitlines()
    start = lines.index("Standings") + 1
    header = ["#", "Player", "Nights", "Hands", "Points", "Money", "Pts/hand"]
    assert lines[start : start + 9] == [*header, "Rolls won", "Sixes rolled"]
    ann = lines[start + 9 : start + 18]
    assert ann[:2] == ["1", "Ann"] and ann[-2:] == ["2", "3"]


def test_its_figures_are_shown_in_the_league_window(database: str, qtbot: Any) -> None:
    from PySide6.QtCore import Qt

    from scorekeeper.store.database import open_database
    from ui.league.window import LeagueWindow

    db = open_database(database)
    try:
        window = LeagueWindow(db, LEAGUE)
        qtbot.addWidget(window)
        window.show()
        window.tabs.setCurrentWidget(window.standings_tab)
        model = window.standings_tab.standings_model
        across = Qt.Orientation.Horizontal
        headers = [model.headerData(c, across) for c in range(model.columnCount())]
        assert headers[headers.index("Pts/hand") + 1 :][:2] == ["Rolls won", "Sixes rolled"]
        ann = next(r for r in range(model.rowCount()) if model.text(r, 1) == "Ann")
        shown = {h: model.text(ann, c) for c, h in enumerate(headers)}
        assert (shown["Rolls won"], shown["Sixes rolled"]) == ("2", "3")
        window.tabs.setCurrentWidget(window.player_tab)
        window.player_tab.player.setCurrentText("Ann")
        lines = dict(window.player_tab.stats_model.rows)
        assert lines["Sixes rolled"] == "3"
        for tab in (window.money_tab, window.table_tab, window.roster_tab):
            window.tabs.setCurrentWidget(tab)  # each tab shows this league too
        assert window.problem.text() == ""
    finally:
        db.dispose()
