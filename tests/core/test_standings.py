"""Standings: every ranking mode, the qualifying minimum, dropped nights, each tie-break
and shared places, each on a small league built for it.

A league is written as lines "night player points [hands] [misplays]", one per player
per night, so a test reads like the results sheet an organiser keeps.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper import i18n
from scorekeeper.problems import ZeroSumViolation
from scorekeeper.standings import (
    NightLine,
    StandingsOptions,
    compute_standings,
    night_places,
    parse_standings_options,
)
from scorekeeper.tournament.standings import SessionLine, tournament_standings


def league(text: str, *, stake: int = 10) -> list[NightLine]:
    """Night lines from "night player points [hands=10] [misplays=0]" rows; the night
    number doubles as its date's day, so nights are in order."""
    lines = []
    for row in text.strip().splitlines():
        if not row.strip():
            continue
        night, player, points, *rest = row.split()
        hands, misplays = (int(rest[0]) if rest else 10), (int(rest[1]) if len(rest) > 1 else 0)
        lines.append(
            NightLine(
                int(night),
                f"2026-01-{int(night):02d}",
                None,
                None,
                player,
                int(points),
                int(points) * stake,
                hands=hands,
                misplays=misplays,
            )
        )
    return lines


def table(standings, *, apart: bool = False) -> list[tuple[int | None, str]]:
    rows = standings.not_qualified if apart else standings.qualified
    return [(row.rank, row.player) for row in rows]


THREE_NIGHTS = """
1 Ann  9
1 Bob  3
1 Cal -4
1 Dee -8
2 Ann -6
2 Bob  2
2 Cal  8
2 Dee -4
3 Ann  1
3 Bob  1
3 Cal -5
3 Dee  3
"""


def test_ranked_by_total_points_with_true_totals() -> None:
    standings = compute_standings(league(THREE_NIGHTS))
    assert table(standings) == [(1, "Bob"), (2, "Ann"), (3, "Cal"), (4, "Dee")]
    by_name = {row.player: row for row in standings.qualified}
    assert by_name["Bob"].points == 6 and by_name["Bob"].cents == 60
    assert by_name["Ann"].points == 4 and by_name["Ann"].nights_won == 1
    assert sum(row.points for row in standings.everyone) == 0
    assert standings.nights == 3


def test_ranked_by_money_differs_when_stakes_differ() -> None:
    # Night 1 at 5 cents a point, night 2 at 50: Ann wins more points, Bob more money.
    lines = [
        NightLine(1, "2026-01-01", None, None, "Ann", 10, 50),
        NightLine(1, "2026-01-01", None, None, "Bob", -10, -50),
        NightLine(2, "2026-01-02", None, None, "Ann", -4, -200),
        NightLine(2, "2026-01-02", None, None, "Bob", 4, 200),
    ]
    by_points = compute_standings(lines, StandingsOptions(rank_by="points"))
    by_money = compute_standings(lines, StandingsOptions(rank_by="money"))
    assert table(by_points) == [(1, "Ann"), (2, "Bob")]
    assert table(by_money) == [(1, "Bob"), (2, "Ann")]


def test_ranked_by_points_per_hand() -> None:
    lines = league("""
1 Ann 10 40
1 Bob -10 10
2 Bob 10 10
2 Cal -10 10
""")
    standings = compute_standings(lines, StandingsOptions(rank_by="points-per-hand"))
    # Ann 10/40 = 0.25, Bob 0/20 = 0, Cal -10/10 = -1
    assert table(standings) == [(1, "Ann"), (2, "Bob"), (3, "Cal")]
    assert standings.qualified[0].score == Fraction(1, 4)


def test_ranked_by_placement_points_per_night() -> None:
    # Ann wins night 1 big, then finishes last twice; Bob is second every night.
    lines = league("""
1 Ann 30
1 Bob 5
1 Cal -35
2 Cal 10
2 Bob 5
2 Ann -15
3 Cal 8
3 Bob 2
3 Ann -10
""")
    by_points = compute_standings(lines)
    by_place = compute_standings(
        lines, StandingsOptions(rank_by="placement", placement_points=(5, 3, 1))
    )
    assert table(by_points) == [(1, "Bob"), (2, "Ann"), (3, "Cal")]
    assert [(r.player, r.placement_points) for r in by_place.qualified] == [
        ("Cal", 11),
        ("Bob", 9),
        ("Ann", 7),
    ]


def test_tied_night_shares_the_better_place() -> None:
    places = night_places(league("1 Ann 5\n1 Bob 5\n1 Cal 0\n1 Dee -10"))
    assert places[1] == {"Ann": 1, "Bob": 1, "Cal": 3, "Dee": 4}
    standings = compute_standings(
        league("1 Ann 5\n1 Bob 5\n1 Cal -10"), StandingsOptions(rank_by="placement")
    )
    assert [(r.player, r.placement_points, r.nights_won) for r in standings.qualified] == [
        ("Ann", 5, 1),
        ("Bob", 5, 1),
        ("Cal", 2, 0),
    ]


def test_qualifying_minimum_lists_players_below_it_apart() -> None:
    lines = league(THREE_NIGHTS + "\n4 Eve 50\n4 Ann -50")
    standings = compute_standings(lines, StandingsOptions(min_nights=2))
    assert table(standings) == [(1, "Bob"), (2, "Cal"), (3, "Dee"), (4, "Ann")]
    assert table(standings, apart=True) == [(None, "Eve")]
    assert not standings.not_qualified[0].qualified
    assert standings.not_qualified[0].points == 50  # listed, not dropped


def test_qualifying_by_hands_played() -> None:
    lines = league("1 Ann 5 30\n1 Bob -5 8")
    standings = compute_standings(lines, StandingsOptions(min_hands=20))
    assert table(standings) == [(1, "Ann")]
    assert table(standings, apart=True) == [(None, "Bob")]


def test_dropping_the_worst_night_changes_the_order_not_the_totals() -> None:
    # Ann: 9, -6, 1 -> drop -6 -> 10; Bob: 3, 2, 1 -> drop 1 -> 5.
    standings = compute_standings(league(THREE_NIGHTS), StandingsOptions(drop_worst=1))
    assert table(standings)[:2] == [(1, "Ann"), (2, "Bob")]
    ann = standings.qualified[0]
    assert ann.score == 10 and ann.points == 4 and ann.dropped == 1


def test_dropping_never_leaves_a_player_with_no_night() -> None:
    standings = compute_standings(league("1 Ann 5\n1 Bob -5"), StandingsOptions(drop_worst=3))
    assert {r.player: (r.dropped, r.score) for r in standings.qualified} == {
        "Ann": (0, 5),
        "Bob": (0, -5),
    }


@pytest.mark.parametrize(
    ("tie_break", "sheet", "winner"),
    [
        # Ann and Bob both end on 0; Ann won night 1, Bob no night.
        ("nights-won", "1 Ann 5\n1 Zed -5\n2 Ann -5\n2 Bob 0\n2 Zed 5\n3 Zed 10\n3 Cal -10", "Ann"),
        # Both on 0; Bob played more hands.
        ("hands", "1 Ann 0 10\n1 Bob 0 12\n1 Zed 5\n1 Cal -5", "Bob"),
        # Both on 0; Ann misplayed twice, Bob once.
        ("misplays", "1 Ann 0 10 2\n1 Bob 0 10 1\n1 Zed 5\n1 Cal -5", "Bob"),
    ],
)
def test_each_tie_break_decides_a_tie(tie_break: str, sheet: str, winner: str) -> None:
    broken = compute_standings(league(sheet), StandingsOptions(tie_breaks=(tie_break,)))
    assert table(broken)[1:3] == [(2, winner), (3, ({"Ann", "Bob"} - {winner}).pop())]
    untied = compute_standings(league(sheet), StandingsOptions(tie_breaks=()))
    assert table(untied)[1:3] == [(2, "Ann"), (2, "Bob")]  # without it they share the place


def test_tie_breaks_apply_in_the_stated_order() -> None:
    # Both end on 4 points: Ann in one night won over 30 hands, Bob in two won over 20.
    lines = league("1 Ann 4 30\n1 Cal -4\n2 Bob 2\n2 Cal -2\n3 Bob 2\n3 Cal -2")
    first_nights = compute_standings(lines, StandingsOptions(tie_breaks=("nights-won", "hands")))
    first_hands = compute_standings(lines, StandingsOptions(tie_breaks=("hands", "nights-won")))
    assert [r.player for r in first_nights.qualified][:2] == ["Bob", "Ann"]
    assert [r.player for r in first_hands.qualified][:2] == ["Ann", "Bob"]


def test_players_still_tied_share_the_place_and_the_next_is_skipped() -> None:
    standings = compute_standings(league("1 Ann 5\n1 Bob 5\n1 Cal -10"))
    assert table(standings) == [(1, "Ann"), (1, "Bob"), (3, "Cal")]


def test_standings_refuse_lines_that_do_not_sum_to_zero() -> None:
    with pytest.raises(ZeroSumViolation):
        compute_standings(league("1 Ann 5\n1 Bob -4"))


def test_options_round_trip_and_describe_themselves() -> None:
    options = StandingsOptions(
        rank_by="placement",
        placement_points=(4, 2, 1),
        min_nights=3,
        drop_worst=2,
        tie_breaks=("misplays", "hands"),
    )
    parsed, problems = parse_standings_options(options.to_json())
    assert problems == [] and parsed == options
    words = " ".join(options.describe())
    assert "4-2-1" in words and "at least 3 nights" in words and "worst 2 nights" in words
    assert "fewer misplays; then more hands played" in words


def test_the_ranking_is_described_in_german_with_each_count_in_its_form() -> None:
    """Each sentence whole in German, a count of one in the singular ("1 Abend"), the
    tie-breaks joined in German."""
    i18n.set_language("de")
    try:
        one = StandingsOptions(min_nights=1, min_hands=20, drop_worst=1).describe()
        two = StandingsOptions(rank_by="money", min_hands=1, drop_worst=2).describe()
    finally:
        i18n.set_language("en")
    assert one == [
        "Wertung: Punkte insgesamt.",
        "Der schlechteste Abend jedes Spielers zählt nicht (einer zählt immer).",
        "Zur Qualifikation: mindestens 1 Abend und 20 Spiele; wer darunter liegt, steht gesondert.",
        "Bei Gleichstand entscheidet: mehr gewonnene Abende (erster Platz am Tisch, auch "
        "geteilt); dann mehr gespielte Spiele; dann weniger Fehlspiele; wer danach noch "
        "gleichauf liegt, teilt sich den Platz.",
    ]
    assert two[:3] == [
        "Wertung: Geld insgesamt.",
        "Die 2 schlechtesten Abende jedes Spielers zählen nicht (einer zählt immer).",
        "Zur Qualifikation: mindestens 1 Spiel; wer darunter liegt, steht gesondert.",
    ]


def test_bad_options_are_named_by_field() -> None:
    bad = {"rank_by": "luck", "min_nights": -1, "tie_breaks": ["height"], "colour": 1}
    options, problems = parse_standings_options(bad)
    assert options is None
    assert {p.field for p in problems} == {"rank_by", "min_nights", "tie_breaks", "colour"}


def line(night: int, player: str, points: int, cents: int | None = None, **counts: int):
    """A night line; a count that is none of its fields is a figure of the game
    (`Game.figures`: picker_wins)."""
    figures = {k: v for k, v in counts.items() if k not in NightLine._fields}
    return NightLine(
        night,
        f"2026-02-{night:02d}",
        None,
        None,
        player,
        points,
        points * 10 if cents is None else cents,
        **{k: v for k, v in counts.items() if k in NightLine._fields},
        figures=figures,
    )


@pytest.mark.parametrize(
    ("tie_break", "rank_by", "lines", "winner"),
    [
        # Both on 0 points; Bob played two nights, Ann one.
        (
            "nights",
            "points",
            [
                line(1, "Ann", 0),
                line(1, "Zed", 0),
                line(2, "Bob", 3),
                line(2, "Zed", -3),
                line(3, "Bob", -3),
                line(3, "Zed", 3),
            ],
            "Bob",
        ),
        # Equal placement points (each won a night); Ann won by more.
        (
            "points",
            "placement",
            [line(1, "Ann", 9), line(1, "Zed", -9), line(2, "Bob", 2), line(2, "Zed", -2)],
            "Ann",
        ),
        # Equal points at different stakes; Bob's night was played for more.
        (
            "money",
            "points",
            [
                line(1, "Ann", 4, 20),
                line(1, "Zed", -4, -20),
                line(2, "Bob", 4, 100),
                line(2, "Zed", -4, -100),
            ],
            "Bob",
        ),
        # Equal points; Ann took them in fewer hands.
        (
            "points-per-hand",
            "points",
            [
                line(1, "Ann", 4, hands=5),
                line(1, "Zed", -4, hands=5),
                line(2, "Bob", 4, hands=20),
                line(2, "Zed", -4, hands=20),
            ],
            "Ann",
        ),
        # Equal points; Bob won more hands as picker.
        (
            "picker-wins",
            "points",
            [
                line(1, "Ann", 4, picker_wins=1),
                line(1, "Zed", -4),
                line(2, "Bob", 4, picker_wins=3),
                line(2, "Zed", -4),
            ],
            "Bob",
        ),
    ],
)
def test_every_other_tie_break_decides_a_tie(tie_break, rank_by, lines, winner) -> None:
    loser = ({"Ann", "Bob"} - {winner}).pop()
    broken = compute_standings(lines, StandingsOptions(rank_by=rank_by, tie_breaks=(tie_break,)))
    order = [r.player for r in broken.qualified if r.player != "Zed"]
    ranks = {r.player: r.rank for r in broken.qualified}
    assert order == [winner, loser] and ranks[winner] < ranks[loser]
    untied = compute_standings(lines, StandingsOptions(rank_by=rank_by, tie_breaks=()))
    shared = {r.player: r.rank for r in untied.qualified}
    assert shared["Ann"] == shared["Bob"]


def test_a_league_and_a_tournament_list_players_still_tied_in_one_order() -> None:
    """Tied players share the place and are listed by their names' keys in both
    standings: the full-width "Ｃａｌ" of an old database is Cal, listed before Dee."""
    full_width_cal = "\uff23\uff41\uff4c"
    league_table = compute_standings(league(f"1 {full_width_cal} 5\n1 Dee 5\n1 Ann -10"))
    day = [
        SessionLine(player, 1, 1, points, 20, 0, {})
        for player, points in ((full_width_cal, 5), ("Dee", 5), ("Ann", -10))
    ]
    tournament = tournament_standings(day, sessions=1, tie_breaks=())
    expected = [(1, full_width_cal), (1, "Dee"), (3, "Ann")]
    assert table(league_table) == expected
    assert [(row.rank, row.player) for row in tournament.rows] == expected
