"""The benchmark suite itself: its league is valid and sums to zero, and `run.py
--quick` runs every benchmark.  No timing is asserted: a slow machine prints slow
figures and nothing fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from benchmarks.league import HUGE_PLAYERS, PLAYERS, PRESET_MIX, SEASONS, league_documents, roster
from scorekeeper.document import load_night
from scorekeeper.night import score_night
from scorekeeper.store import night_import
from scorekeeper.store.database import open_database
from scorekeeper.store.league import Period, night_lines, standings

ROOT = Path(__file__).resolve().parents[2]


def test_the_generated_league_is_valid_every_preset_and_hand_type_and_sums_to_zero() -> None:
    documents = league_documents(3000)
    assert sum(len(d["hands"]) for d in documents) == 3000
    presets, types, seasons = Counter(), Counter(), set()
    for document in documents:
        night, problems = load_night(document)
        assert night is not None, problems
        result = score_night(night)  # every hand and total zero-sum checked inside
        assert sum(result.total_points.values()) + (result.pot or 0) == 0
        assert sum(result.total_cents.values()) + (result.pot_cents or 0) == 0
        presets[document["rules"]["preset"]] += 1
        types.update(h["type"] for h in document["hands"])
        seasons.add(document["season"])
    assert set(presets) == {preset for preset, _, _ in PRESET_MIX}
    assert set(types) >= {
        "pick",
        "leaster",
        "no-pick",
        "misplay",
        "call",
        "solo",
        "null",
        "ramsch",
        "pass",
    }
    assert len(seasons) == SEASONS
    assert {p for d in documents for p in d["players"]} <= set(PLAYERS)
    assert len(PLAYERS) == 60


def test_the_same_size_makes_the_same_league() -> None:
    assert league_documents(500) == league_documents(500)


def test_the_huge_league_draws_on_200_distinct_players_the_first_60_the_usual_ones() -> None:
    club = roster(HUGE_PLAYERS)
    assert len(set(club)) == HUGE_PLAYERS == 200
    assert club[:60] == PLAYERS
    documents = league_documents(3000, players=HUGE_PLAYERS)
    seated = {p for d in documents for p in d["players"]}
    assert seated <= set(club) and len(seated - set(PLAYERS)) > 0
    assert sum(len(d["hands"]) for d in documents) == 3000


def test_the_league_imports_and_its_standings_sum_to_zero(tmp_path: Path) -> None:
    documents = league_documents(1500)
    db = open_database(f"sqlite:///{tmp_path / 'league.sqlite'}")
    ids = night_import.import_nights(db, documents)
    assert len(ids) == len(documents)
    league = documents[0]["league"]
    table = standings(db, Period(league))
    pot_points, _ = table.pot
    assert sum(s.points for s in table.everyone) + pot_points == 0
    assert sum(line.hands for line in night_lines(db, Period(league))) >= 1500
    db.dispose()


def test_run_quick_completes_and_prints_every_benchmark(tmp_path: Path) -> None:
    """... and writes nothing into the home of whoever runs it (its settings, data and
    log went into the user's real ~/.config and log folder)."""
    home = tmp_path / "home"
    home.mkdir()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")} | {
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(home),
    }
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "run.py"),
            "--quick",
            "--repeat",
            "1",
            "--keep",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert list(home.iterdir()) == []
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    by_name = {line["name"]: line for line in lines}
    assert set(by_name) == {
        "import",
        "standings",
        "record_hand",
        "edit_early_hand",
        "night_pdf",
        "league_pdf",
        "startup",
        "peak_memory",
        "open_new_night",
        "open_night",
        "open_league_window",
        "open_league_tab",
        "open_settle_up",
        "open_print_dialog",
        "night_history",
    }
    for name, line in by_name.items():
        if name == "peak_memory":
            assert line["bytes"] > 0 and line["floor_bytes"] > 0
        else:
            assert line["seconds"] > 0 and line["floor_seconds"] > 0, line
        assert line["ratio"] > 0
    tabs = by_name["open_league_tab"]
    each = {tabs[name] for name in ("PlayerTab", "MoneyTab", "TableTab", "RosterTab")}
    assert tabs["seconds"] == max(each)  # the slowest tab, each printed


def test_the_tournament_benchmarks_run_quick_each_against_its_floor() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "tournament.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    by_name = {line["name"]: line for line in lines}
    assert set(by_name) == {"tournament_draw", "tournament_standings", "tournament_sheets_pdf"}
    assert all(line["seconds"] > 0 and line["floor_seconds"] > 0 for line in lines)
    assert by_name["tournament_draw"]["players"] == 500


SMALL_ROOM = ["--phones", "10", "--tables", "3", "--hands", "3"]


def test_the_phones_benchmark_runs_and_says_its_figures(tmp_path: Path) -> None:
    """`benchmarks/phones.py`, small: phones follow a night while tables record hands;
    every hand reaches every phone (it fails otherwise), and the figures are printed
    beside the floor's.  No timing is asserted."""
    home = tmp_path / "home"
    home.mkdir()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")} | {
        "HOME": str(home)
    }
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "phones.py"), *SMALL_ROOM],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert list(home.iterdir()) == []
    (line,) = [json.loads(text) for text in done.stdout.splitlines() if text.strip()]
    assert (line["name"], line["phones"], line["tables"], line["hands"]) == ("phones", 10, 3, 3)
    assert line["floor_median_seconds"] > 0 and 0 < line["median_seconds"] <= line["max_seconds"]
    assert line["server_rss_mb"] > 0 and line["floor_rss_mb"] > 0
