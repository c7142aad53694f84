"""A third game, defined only under tests/ (`tests/third_game.py`), registered here and
taken through every door with no change to shared code: scored by `scorekeeper score`,
filed and exported and imported again, shown on the night sheet, printed in the night
PDF with its rules, and counted in a player's statistics.  If any of these needed the
shared code to know the game, this module would fail: nothing in scorekeeper/ or ui/
names it."""

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
from tests.third_game import HEADS_OR_TAILS

PLAYERS = ["Ann", "Bob", "Cal", "Dee"]
NIGHT: dict[str, Any] = {
    "format": "sheepshead-night/1",
    "date": "2026-11-20",
    "league": "Coin Club",
    "rules": {"preset": "heads-or-tails", "call_units": 2, "stake_cents": 10},
    "players": PLAYERS,
    "hands": [
        {"type": "toss", "dealer": "Ann", "caller": "Bob", "right": True},
        {"type": "toss", "dealer": "Bob", "caller": "Cal", "right": False},
        {"type": "toss", "dealer": "Cal", "caller": "Bob", "right": True},
    ],
}
# Three dealt in and four seated: the dealer sits out (the shared rule of the deal).
# Hand 1 (Ann out): Bob right, +4; Cal -2, Dee -2.  Hand 2 (Bob out): Cal wrong, -4;
# Ann +2, Dee +2.  Hand 3 (Cal out): Bob right, +4; Ann -2, Dee -2.
TOTALS = {"Ann": 0, "Bob": 8, "Cal": -6, "Dee": -2}


@pytest.fixture(autouse=True)
def heads_or_tails() -> Iterator[None]:
    register(HEADS_OR_TAILS)
    yield
    unregister(HEADS_OR_TAILS)


def run(*argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_third_game_is_scored_by_the_command_line_with_no_change_to_shared_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "toss.json"
    night.write_text(json.dumps(NIGHT), "utf-8")
    status, out, err = run("score", str(night), capsys=capsys)
    assert (status, err) == (0, "")
    scored = json.loads(out)
    assert scored["totals"]["points"] == TOTALS
    assert sum(scored["totals"]["points"].values()) == 0
    assert scored["hands"][1]["explanation"].startswith("Cal called it wrong.")
    assert scored["totals"]["cents"] == {p: 10 * v for p, v in TOTALS.items()}


def test_a_third_game_s_bad_hand_is_named_by_field_with_no_change_to_shared_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = dict(NIGHT, hands=[{"type": "toss", "dealer": "Ann", "caller": "Ann", "right": 1}])
    night = tmp_path / "toss.json"
    night.write_text(json.dumps(wrong), "utf-8")
    status, out, err = run("score", str(night), capsys=capsys)
    assert status == 2 and out == ""
    assert "hand 1: right: 1 is not true or false" in err
    pick = {"type": "pick", "dealer": "Ann", "picker": "Bob", "points": 70, "tricks": 3}
    pick = dict(NIGHT, hands=[pick])
    night.write_text(json.dumps(pick), "utf-8")
    status, out, err = run("score", str(night), capsys=capsys)
    assert status == 2
    assert "a pick hand is not played at Heads or tails (heads-or-tails): record toss" in err


def test_a_third_game_is_stored_exported_and_imported_with_no_change_to_shared_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    night = tmp_path / "toss.json"
    night.write_text(json.dumps(NIGHT), "utf-8")
    status, out, err = run("--database", database, "import", str(night), capsys=capsys)
    made = f"scorekeeper: a new, empty database was made at {tmp_path / 'league.sqlite3'}\n"
    assert (status, err) == (0, made)
    night_id = out.split()[-1]
    exported = tmp_path / "again.json"
    status, _, err = run(
        "--database", database, "export", "--night", night_id, "-o", str(exported), capsys=capsys
    )
    assert (status, err) == (0, "")
    document = json.loads(exported.read_text("utf-8"))
    assert document["rules"] == NIGHT["rules"]
    assert document["hands"] == NIGHT["hands"]
    # The export is the night stored: imported again it is recognised, by its game's
    # own fields too; into another database it is a night of its own.
    status, out, err = run("--database", database, "import", str(exported), capsys=capsys)
    assert (status, out) == (2, "")
    assert err.startswith("scorekeeper: file: already stored as “")
    assert f"” (night {night_id}: the same date" in err
    elsewhere = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    status, out, err = run("--database", elsewhere, "import", str(exported), capsys=capsys)
    assert (status, err) == (0, made.replace("league.sqlite3", "other.sqlite3"))
    # The caller is a player the store knows by id: renamed, every hand follows.
    status, _, err = run("--database", database, "players", "rename", "Bob", "Rob", capsys=capsys)
    assert (status, err) == (0, "")
    status, _, err = run(
        "--database", database, "export", "--night", night_id, "-o", str(exported), capsys=capsys
    )
    assert (status, err) == (0, "")
    callers = [hand["caller"] for hand in json.loads(exported.read_text("utf-8"))["hands"]]
    assert callers == ["Rob", "Cal", "Rob"]


def test_a_third_game_is_printed_with_its_rules_and_counted_in_statistics_with_no_change_to_shared_code(  # noqa: E501
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    night = tmp_path / "toss.json"
    night.write_text(json.dumps(NIGHT), "utf-8")
    _, out, _ = run("--database", database, "import", str(night), capsys=capsys)
    night_id = out.split()[-1]
    pdf = tmp_path / "night.pdf"
    status, _, err = run(
        "--database",
        database,
        "report",
        "night",
        "--night",
        night_id,
        "-o",
        str(pdf),
        capsys=capsys,
    )
    assert (status, err) == (0, "")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert "heads-or-tails: heads or tails, 2 from each player for a right call." in text
    lines = text.splitlines()
    assert lines[lines.index("Dealer") + 1 : lines.index("Dealer") + 3] == ["Caller", "Call"]
    assert lines[lines.index("1") + 1 : lines.index("1") + 4] == ["Ann", "Bob", "right"]
    assert "Changed from heads-or-tails:" in text
    assert "Price of a right call: 2" in text
    status, out, err = run(
        "--database",
        database,
        "stats",
        "--league",
        "Coin Club",
        "--player",
        "Bob",
        "--json",
        capsys=capsys,
    )
    assert (status, err) == (0, "")
    stats = json.loads(out)
    assert stats["hands"] == 2  # Bob dealt hand 2, and sat it out
    assert stats["points"] == 8
    assert stats["picker"] == {"hands": 2, "won": 2, "rate": 1}
    status, out, err = run(
        "--database",
        database,
        "stats",
        "--league",
        "Coin Club",
        "--player",
        "Bob",
        capsys=capsys,
    )
    assert (status, err) == (0, "")
    lines = [re.split(r"\s{2,}", line.strip())[0] for line in out.splitlines()[1:]]
    assert "Won as caller" in lines and "calling heads" in lines
    assert not {"", "Won as partner", "Leasters won"} & set(lines)  # words it does not have


def test_a_third_game_is_shown_on_the_night_sheet_with_its_summary_with_no_change_to_shared_code(
    tmp_path: Path, qtbot: Any
) -> None:
    from scorekeeper.store.database import open_database
    from scorekeeper.store.night_import import import_night
    from ui.session import NightSession
    from ui.sheet_model import HAND, SheetModel

    db = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    try:
        session = NightSession(db)
        session.open(import_night(db, NIGHT))
        sheet = SheetModel()
        sheet.set_view(session.view)
        column = [sheet.index(row, HAND).data() for row in range(len(NIGHT["hands"]))]
        assert column == ["Bob called it right", "Cal called it wrong", "Bob called it right"]
        totals = [sheet.index(len(NIGHT["hands"]), 4 + i).data() for i in range(len(PLAYERS))]
        assert [int(str(t).replace("+", "")) for t in totals] == list(TOTALS.values())
    finally:
        db.dispose()


def test_a_third_game_s_outcomes_are_listed_with_no_change_to_shared_code() -> None:
    """The Table tab's lines for a game whose words count no hands declared (a review
    found a KeyError for the declared hands' count it shares against)."""
    from scorekeeper.stats import HandOutcome, outcome_lines

    game = HEADS_OR_TAILS.name
    hands = [
        HandOutcome("loss", "normal", None, alone=True, game=game),
        HandOutcome("win", "normal", None, alone=True, game=game),
        HandOutcome("win", "normal", None, alone=True, game=game),
    ]
    assert outcome_lines(hands) == [
        ("hands", "3"),
        ("called right", "2  (67%)"),
        ("called wrong", "1  (33%)"),
    ]


def filed_league(tmp_path: Path, capsys: pytest.CaptureFixture[str], *, closed: bool) -> str:
    """A database holding the night of NIGHT under its league (closed: its settlement
    the league's debts), by the command line's import; its URL."""
    database = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    night = tmp_path / "toss.json"
    night.write_text(json.dumps(dict(NIGHT, closed=closed)), "utf-8")
    status, _, _ = run("--database", database, "import", str(night), capsys=capsys)
    assert status == 0
    return database


def test_a_third_game_s_statistics_and_standings_are_spreadsheets_with_no_change_to_shared_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`stats --csv` stopped with an internal error on this game (its call_label took no
    `english=`), and `standings --csv` headed the counts it has no words for with
    nothing and " lost"."""
    database = filed_league(tmp_path, capsys, closed=False)
    status, out, err = run(
        "--database",
        database,
        "stats",
        "--league",
        "Coin Club",
        "--player",
        "Bob",
        "--csv",
        capsys=capsys,
    )
    assert (status, err) == (0, "")
    rows = out.removeprefix("\ufeff").splitlines()
    assert rows[:3] == ["Statistic,Value,Out of", "Player,Bob,", "Nights,1,"]
    assert '"Won as caller, calling heads",2,2' in rows
    assert "Points,8," in rows and "Money (cents),80," in rows
    status, out, err = run(
        "--database", database, "standings", "--league", "Coin Club", "--csv", capsys=capsys
    )
    assert (status, err) == (0, "")
    assert out.removeprefix("\ufeff").splitlines() == [
        "Rank,Player,Nights,Hands,Points,Money (cents),Score,Points per hand,Calls,"
        "Calls right,Misplays,Nights won,Placement points,Nights dropped",
        "1,Bob,1,2,8,80,8,4,2,2,0,1,5,0",
        "2,Ann,1,2,0,0,0,0,0,0,0,0,3,0",
        "3,Dee,1,3,-2,-20,-2,-0.67,0,0,0,0,2,0",
        "4,Cal,1,2,-6,-60,-6,-3,1,0,0,0,1,0",
    ]
    assert sum(int(row.split(",")[4]) for row in out.splitlines()[1:]) == 0


def pdf_lines(path: Path) -> list[str]:
    pages = PdfReader(io.BytesIO(path.read_bytes())).pages
    return "\n".join(page.extract_text() for page in pages).splitlines()


def test_a_third_game_s_league_is_printed_with_no_change_to_shared_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The league report's standings in the game's words, none it has not (a column
    headed " won" and one headed nothing, before); the statements of its money."""
    database = filed_league(tmp_path, capsys, closed=True)
    league = tmp_path / "league.pdf"
    status, _, err = run(
        "--database",
        database,
        "report",
        "league",
        "--league",
        "Coin Club",
        "-o",
        str(league),
        capsys=capsys,
    )
    assert (status, err) == (0, "")
    lines = pdf_lines(league)
    start = lines.index("Standings") + 1
    header = ["#", "Player", "Nights", "Hands", "Points", "Money", "Pts/hand", "Calls"]
    assert lines[start : start + 9] == [*header, "Calls right"]
    bob = ["1", "Bob", "1", "2", "+8", "$0.80", "4.00", "2", "100%"]
    assert lines[start + 9 : start + 19] == [*bob, "2"]  # and Ann's rank next
    statements = tmp_path / "statements.pdf"
    status, _, err = run(
        "--database",
        database,
        "report",
        "statement",
        "--league",
        "Coin Club",
        "-o",
        str(statements),
        capsys=capsys,
    )
    assert (status, err) == (0, "")
    text = "\n".join(pdf_lines(statements))
    assert "Bob is owed $0.80." in text and "Cal owes $0.60." in text


def test_a_third_game_s_league_is_shown_in_every_tab_of_the_league_window_with_no_change_to_shared_code(  # noqa: E501
    tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every tab of the league window on a league of this game, and each tab's table as
    the spreadsheet File ▸ Export and Copy make of it."""
    from PySide6.QtCore import Qt

    from scorekeeper.store.database import open_database
    from scorekeeper.store.night_import import import_night
    from ui import errors
    from ui.league.window import LeagueWindow

    shown: list[str] = []
    monkeypatch.setattr(errors, "show_error", lambda message, *_: shown.append(message))
    db = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    try:
        import_night(db, dict(NIGHT, closed=True))
        window = LeagueWindow(db, "Coin Club")
        qtbot.addWidget(window)
        window.show()

        def table(model: Any) -> list[list[str]]:
            return [
                [model.index(r, c).data() for c in range(model.columnCount())]
                for r in range(model.rowCount())
            ]

        def header(model: Any) -> list[str]:
            across = Qt.Orientation.Horizontal
            return [model.headerData(c, across) for c in range(model.columnCount())]

        window.tabs.setCurrentWidget(window.standings_tab)
        standings = window.standings_tab.standings_view
        assert header(standings.model()) == [
            "#",
            "Player",
            "Nights",
            "Hands",
            "Points",
            "Money",
            "Score",
            "Pts/hand",
            "Calls",
            "Calls right",
            "Misplays",
            "Nights won",
        ]
        assert [(row[1], row[4]) for row in table(standings.model())] == [
            ("Bob", "+8"),
            ("Ann", "0"),
            ("Dee", "-2"),
            ("Cal", "-6"),
        ]
        sheet, _name = window.sheet_on_screen()
        assert sheet is not None and "" not in sheet.header

        window.tabs.setCurrentWidget(window.player_tab)
        window.player_tab.player.setCurrentText("Bob")
        lines = dict(table(window.player_tab.stats_view.model()))
        assert lines["Points"] == "8" and lines["Won as caller"] == "2 of 2 (100%)"
        assert lines["  calling heads"] == "2 of 2 (100%)"
        sheet, name = window.sheet_on_screen()  # an internal error before
        assert sheet is not None and name == "Coin Club Bob.csv"
        assert ("Won as caller, calling heads", 2, 2) in sheet.rows

        window.tabs.setCurrentWidget(window.money_tab)
        assert table(window.money_tab.balances_view.model()) == [
            ["Bob", "$0.80"],
            ["Dee", "-$0.20"],
            ["Cal", "-$0.60"],
        ]
        assert table(window.money_tab.owed_view.model()) == [
            ["Cal pays Bob", "$0.60"],
            ["Dee pays Bob", "$0.20"],
        ]

        window.tabs.setCurrentWidget(window.table_tab)
        assert table(window.table_tab.outcomes_model) == [
            ["hands", "3"],
            ["called right", "2  (67%)"],
            ["called wrong", "1  (33%)"],
        ]

        window.tabs.setCurrentWidget(window.roster_tab)
        players = [row[0] for row in table(window.roster_tab.roster_view.model())]
        assert players == PLAYERS
        assert window.problem.text() == "" and shown == []
    finally:
        db.dispose()


def test_a_third_game_seats_the_players_its_game_declares(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two may toss a coin (the game seats 2 to 8) where a card game needs three: the
    range is the game's, in the night document and on a blank pad alike."""
    two = dict(NIGHT, players=["Ann", "Bob"], rules={"preset": "heads-or-tails", "dealt_in": 2})
    two["hands"] = [{"type": "toss", "dealer": "Ann", "caller": "Bob", "right": True}]
    night = tmp_path / "two.json"
    night.write_text(json.dumps(two), "utf-8")
    status, out, err = run("score", str(night), capsys=capsys)
    assert (status, err) == (0, "")
    assert json.loads(out)["totals"]["points"] == {"Ann": -1, "Bob": 1}
    night.write_text(json.dumps(dict(two, players=[f"P{n}" for n in range(9)])), "utf-8")
    status, out, err = run("score", str(night), capsys=capsys)
    assert (status, out) == (2, "")
    assert "players: 9 seated; a table seats 2 to 8" in err
    night.write_text(json.dumps(dict(two, rules="classic-5", hands=[])), "utf-8")
    status, out, err = run("score", str(night), capsys=capsys)
    assert (status, out) == (2, "")
    assert "players: 2 seated; a table seats 3 to 8" in err
    pad = tmp_path / "pad.pdf"
    status, _, err = run(
        "report",
        "pad",
        "--players",
        "Ann,Bob",
        "--preset",
        "heads-or-tails",
        "-o",
        str(pad),
        capsys=capsys,
    )
    assert (status, err) == (0, "")
    assert "Caller" in pdf_lines(pad)
    status, _, err = run("report", "pad", "--players", "Ann,Bob", "-o", str(pad), capsys=capsys)
    assert status == 2 and "--players: a table has 3 to 8 players, not 2" in err
