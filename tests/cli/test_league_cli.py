"""`scorekeeper league / standings / stats / debts / pay` on a real SQLite file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper.sample import sample_league_documents
from scorekeeper.store.database import open_database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.tonight import set_closed
from tests.cli.test_store_cli import run
from tests.sheet import night_doc, pick

LEAGUE = "Tuesday Night League"


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    db = open_database(url)
    for night_id in [import_night(db, d) for d in sample_league_documents()]:
        set_closed(db, night_id=night_id, closed=True)
    db.dispose()
    return url


def test_standings_json_lists_every_player_with_the_required_fields(url, capsys) -> None:
    status, out, err = run(
        "--database", url, "standings", "--league", LEAGUE, "--json", capsys=capsys
    )
    assert status == 0 and err == ""
    rows = json.loads(out)
    assert {"rank", "player", "points", "cents", "nights", "hands"} <= set(rows[0])
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert sum(r["points"] for r in rows) == 0 and sum(r["cents"] for r in rows) == 0
    points = [r["points"] for r in rows]
    assert points == sorted(points, reverse=True)


def test_standings_flags_choose_ranking_and_qualifying(url, capsys) -> None:
    _, out, _ = run(
        "--database",
        url,
        "standings",
        "--league",
        LEAGUE,
        "--season",
        "Fall 2026",
        "--rank-by",
        "placement",
        "--placement-points",
        "5,3,1",
        "--min-nights",
        "2",
        "--json",
        capsys=capsys,
    )
    rows = json.loads(out)
    qualified = [r for r in rows if r["qualified"]]
    assert all(r["nights"] >= 2 for r in qualified)
    assert all(r["rank"] is None and r["nights"] < 2 for r in rows if not r["qualified"])
    scores = [r["score"] for r in qualified]
    assert scores == sorted(scores, reverse=True)
    assert all(r["score"] == r["placement_points"] for r in qualified)


def test_standings_ranked_by_placement_print_the_placement_points_they_rank_by(url, capsys) -> None:
    """The printed table shows the score the players are ranked by (placement points,
    after Money), as the window does; ranked by points it needs none."""
    args = ("--database", url, "standings", "--league", LEAGUE, "--season", "Fall 2026")
    _, out, _ = run(*args, "--rank-by", "placement", "--json", capsys=capsys)
    scores = {r["player"]: str(r["score"]) for r in json.loads(out)}
    _, out, _ = run(*args, "--rank-by", "placement", capsys=capsys)
    header, *rows = [line.split() for line in out.split("\n\n")[0].splitlines()]
    assert header[5:8] == ["Money", "Score", "Pts/hand"]
    assert {row[1]: row[6] for row in rows} == scores
    _, out, _ = run(*args, capsys=capsys)
    assert "Score" not in out.splitlines()[0]
    # Points a hand once the worst night is dropped: a figure of its own, not whole.
    _, out, _ = run(*args, "--rank-by", "points-per-hand", "--drop-worst", "1", capsys=capsys)
    header, *rows = [line.split() for line in out.split("\n\n")[0].splitlines()]
    assert header[6] == "Score"
    assert all(re.fullmatch(r"-?\d+\.\d\d", row[6]) for row in rows if row[0] != "-")


def test_a_seasons_stake_is_said_back_as_it_is_kept(url, capsys) -> None:
    """`league NAME --season S --stake N` says the season's rules with their stake, in
    the words of a score sheet's header (it printed the league's alone, as JSON)."""
    args = ("--database", url, "league", LEAGUE)
    status, out, _ = run(*args, "--season", "Winter 2027", "--stake", "10", capsys=capsys)
    lines = out.splitlines()
    assert status == 0
    assert lines[lines.index("Season Winter 2027:") + 3] == "  Stake $0.10 a point."
    assert "{" not in out
    _, again, _ = run(*args, "--season", "Winter 2027", capsys=capsys)
    assert "  Stake $0.10 a point." in again


def test_the_league_command_keeps_the_organisers_choice(url, capsys) -> None:
    status, out, _ = run(
        "--database",
        url,
        "league",
        LEAGUE,
        "--rank-by",
        "money",
        "--drop-worst",
        "1",
        "--tie-breaks",
        "misplays,hands",
        capsys=capsys,
    )
    assert status == 0 and "Ranked by total money." in out
    assert "fewer misplays; then more hands played" in out
    status, out, _ = run("--database", url, "standings", "--league", LEAGUE, capsys=capsys)
    assert "Ranked by total money." in out and "worst night" in out


def test_stats_json_matches_the_standings_line(url, capsys) -> None:
    rows = json.loads(
        run("--database", url, "standings", "--league", LEAGUE, "--json", capsys=capsys)[1]
    )
    ann = next(r for r in rows if r["player"] == "Ann")
    status, out, _ = run(
        "--database", url, "stats", "--league", LEAGUE, "--player", "ann", "--json", capsys=capsys
    )
    stats = json.loads(out)
    assert status == 0 and stats["player"] == "Ann"
    assert (stats["points"], stats["hands"], stats["nights"]) == (
        ann["points"],
        ann["hands"],
        ann["nights"],
    )
    assert (stats["picker"]["hands"], stats["picker"]["won"]) == (ann["picks"], ann["picker_wins"])


def test_paying_part_of_a_debt_changes_what_debts_prints(url, capsys) -> None:
    before = json.loads(
        run("--database", url, "debts", "--league", LEAGUE, "--json", capsys=capsys)[1]
    )
    first = before["outstanding"][0]
    status, out, _ = run(
        "--database",
        url,
        "pay",
        "--league",
        LEAGUE,
        "--from",
        first["from"],
        "--to",
        first["to"],
        "--cents",
        "10",
        capsys=capsys,
    )
    assert status == 0 and f"Recorded: {first['from']} paid {first['to']} $0.10." in out
    after = json.loads(
        run("--database", url, "debts", "--league", LEAGUE, "--json", capsys=capsys)[1]
    )
    assert after["balances"][first["from"]] == before["balances"][first["from"]] + 10
    assert sum(after["balances"].values()) == 0


def test_debts_in_collector_and_direct_modes(url, capsys) -> None:
    out = run(
        "--database",
        url,
        "debts",
        "--league",
        LEAGUE,
        "--mode",
        "collector",
        "--collector",
        "Ann",
        "--json",
        capsys=capsys,
    )[1]
    assert all("Ann" in (p["from"], p["to"]) for p in json.loads(out)["outstanding"])
    status, out, _ = run(
        "--database", url, "debts", "--league", LEAGUE, "--mode", "direct", capsys=capsys
    )
    assert status == 0 and " pays " in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["standings", "--league", "Nope"], "--league: there is no league 'Nope'"),
        (["standings", "--league", LEAGUE, "--season", "Winter"], "--season: "),
        (["standings", "--league", LEAGUE, "--since", "2026-13-01"], "--since: '2026-13-01'"),
        (["standings", "--league", LEAGUE, "--tie-breaks", "height"], "--tie-breaks: 'height'"),
        (["standings", "--league", LEAGUE, "--min-nights", "-1"], "--min-nights: -1"),
        (["stats", "--league", LEAGUE, "--player", "Zed"], "--player: there is no player 'Zed'"),
        (
            ["pay", "--league", LEAGUE, "--from", "Ann", "--to", "Bob", "--cents", "-5"],
            "--cents: -5 is not a positive",
        ),
        (
            ["pay", "--league", LEAGUE, "--from", "Ann", "--to", "Zed", "--cents", "5"],
            "--to: there is no player 'Zed'",
        ),
        (["debts", "--league", LEAGUE, "--mode", "collector"], "--collector: "),
        (["league", LEAGUE, "--stake", "-3"], "--stake: "),
    ],
)
def test_bad_input_is_named_by_its_flag_with_status_2(url, capsys, args, message) -> None:
    status, out, err = run("--database", url, *args, capsys=capsys)
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_one_of_a_thing_is_said_in_the_singular(tmp_path: Path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    db = open_database(url)
    one_hand = night_doc("classic-5", [pick("Bob", "Dee", points=74, tricks=4)])
    import_night(db, {**one_hand, "league": "Solo"})
    db.dispose()
    qualifying = ["--min-nights", "1", "--min-hands", "1", "--drop-worst", "1"]
    _, out, _ = run("--database", url, "standings", "--league", "Solo", *qualifying, capsys=capsys)
    assert "To qualify: at least 1 night and 1 hand;" in out
    assert "Each player's worst night is not counted" in out
    _, out, _ = run(
        "--database", url, "stats", "--league", "Solo", "--player", "Dee", capsys=capsys
    )
    assert re.search(r"Best night +\+1 point \(", out), out
    assert re.search(r"Longest winning streak +1 hand\n", out), out


def test_a_schafkopf_leagues_standings_are_headed_in_its_words(url, tmp_path: Path, capsys) -> None:
    stammtisch = f"sqlite:///{tmp_path / 'stammtisch.sqlite3'}"
    db = open_database(stammtisch)
    four = ["Ann", "Bob", "Cal", "Dee"]
    sauspiel = {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 75, "tricks": 5}
    import_night(db, {**night_doc("schafkopf", [sauspiel], four), "league": "Stammtisch"})
    db.dispose()
    status, out, _ = run(
        "--database", stammtisch, "standings", "--league", "Stammtisch", capsys=capsys
    )
    header = out.splitlines()[0].split()
    assert status == 0
    assert {"Games", "Schneider"} <= set(header) and "Games won" in out.splitlines()[0]
    assert not {"Picks", "Schneiders"} & set(header)
    _, out, _ = run("--database", url, "standings", "--league", LEAGUE, capsys=capsys)
    assert out.splitlines()[0].split()[7:10] == ["Picks", "Picks", "won"]  # Sheepshead's own


def test_a_leagues_currency_is_given_with_currency(tmp_path, capsys) -> None:
    from scorekeeper.cli import main

    url = f"sqlite:///{tmp_path / 'money.sqlite3'}"
    status = main(["--database", url, "league", "Stammtisch", "--currency", "eur"])
    out, err = capsys.readouterr()
    assert status == 0 and "Currency: EUR" in out
    with pytest.raises(SystemExit) as exit_:
        main(["--database", url, "league", "Stammtisch", "--currency", "EURO"])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    assert "--currency: 'EURO' is not an ISO 4217 currency code" in err
    status = main(["--database", url, "league", "Stammtisch"])  # left as it was
    assert status == 0 and "Currency: EUR" in capsys.readouterr().out
