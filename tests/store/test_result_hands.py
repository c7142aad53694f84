"""A league's history brought in as result hands: standings, statistics and the table's
outcome counts count each as the hands it stands for, and as no outcome."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.reports.data import night_report
from scorekeeper.standings import StandingsOptions
from scorekeeper.stats import outcome_counts, player_statistics
from scorekeeper.store import league as leagues
from scorekeeper.store import league_hands
from scorekeeper.store.database import Database
from scorekeeper.store.night_import import export_night, import_night
from scorekeeper.store.night_reads import load_stored_night, night_result
from scorekeeper.store.people import rename_player
from tests.sheet import FIVE, night_doc, pick

OLD_SHEET = {
    **night_doc(
        "classic-5",
        [
            {"type": "result", "points": {"Ann": 12, "Bob": -7, "Cal": -5}, "hands": 14},
            pick("Bob", "Dee", points=74, tricks=4),
            {"type": "result", "points": {"Dee": 3, "Eve": -3}, "note": "one hand, by its score"},
        ],
    ),
    "league": "History",
    "date": "2013-05-07",
}


def test_standings_count_a_result_as_the_hands_it_stands_for(db: Database) -> None:
    import_night(db, OLD_SHEET)
    period = leagues.Period("History")
    table = leagues.standings(db, period, StandingsOptions(rank_by="points-per-hand"))
    lines = {s.player: s for s in table.everyone}
    assert {p: (s.points, s.hands) for p, s in lines.items()} == {
        "Ann": (11, 16),
        "Bob": (-5, 16),
        "Cal": (-6, 16),
        "Dee": (4, 16),
        "Eve": (-4, 16),
    }
    assert lines["Ann"].points_per_hand == Fraction(11, 16)
    assert (lines["Bob"].figure("picks"), lines["Bob"].figure("picker_wins")) == (1, 1)  # alone
    ann = player_statistics("Ann", league_hands.hand_facts(db, period, player="Ann"))
    assert (ann.hands, ann.points, ann.nights) == (16, 11, 1)
    assert (ann.picker.hands, ann.defender.hands, ann.leasters.hands) == (0, 1, 0)
    assert ann.longest_winning_streak == 0 and ann.longest_losing_streak == 1
    counts = outcome_counts(league_hands.hand_outcomes(db, period))
    assert counts == {"hands": 16, "picked": 1, "picker won": 1, "went alone": 0}


def test_the_night_report_counts_the_hands_a_result_stands_for(db: Database) -> None:
    night_id = import_night(db, OLD_SHEET)
    night = load_stored_night(db, night_id=night_id)
    report = night_report(night, night_result(db, night_id=night_id))
    hands = {row[0]: row[1] for row in report.figures}
    assert hands == dict.fromkeys(FIVE, "16")
    assert report.rows[0][0] == ("1", "", "result", "", "", "", "14 hands", "")


def test_a_player_renamed_is_renamed_in_results_and_in_a_leaster_they_lost(db: Database) -> None:
    document = night_doc(
        {"preset": "classic-5", "leaster_pay": "loser-pays"},
        [
            {"type": "result", "points": {"Ann": 12, "Bob": -12}, "hands": 3},
            {"type": "leaster", "loser": "Ann"},
        ],
    )
    night_id = import_night(db, document)
    rename_player(db, old="Ann", new="Annabel")
    exported = export_night(db, night_id=night_id)
    assert exported["hands"] == [
        {"type": "result", "points": {"Annabel": 12, "Bob": -12}, "hands": 3},
        {"type": "leaster", "loser": "Annabel"},
    ]
    assert night_result(db, night_id=night_id).total_points["Annabel"] == 8
