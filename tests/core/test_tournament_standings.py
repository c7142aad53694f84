"""A tournament's standings, written as the volunteers' tally: "session table player
points [solos]" lines, and penalties apart."""

from __future__ import annotations

import pytest

from scorekeeper.csv_out import csv_bytes
from scorekeeper.problems import ZeroSumViolation
from scorekeeper.reports.sheets import tournament_standings_sheet
from scorekeeper.tournament.columns import standing_columns
from scorekeeper.tournament.standings import (
    Penalty,
    SessionLine,
    describe_tie_breaks,
    parse_tie_breaks,
    tournament_standings,
)


def tally(text: str) -> list[SessionLine]:
    lines = []
    for row in text.strip().splitlines():
        session, table, player, points, *rest = row.split()
        solos = {"solos_won": int(rest[0])} if rest else {}
        lines.append(SessionLine(player, int(session), int(table), int(points), 20, 0, solos))
    return lines


DAY = tally(
    """
    1 1 Ann 12 1
    1 1 Bob -4
    1 1 Cal -8
    1 2 Dee 10 2
    1 2 Eve -2
    1 2 Fay -8
    2 1 Ann -3
    2 1 Dee 5
    2 1 Fay -2
    2 2 Bob 9 1
    2 2 Cal -4
    2 2 Eve -5
    """
)


def test_totals_sum_each_session_and_penalties_stay_apart() -> None:
    standings = tournament_standings(DAY, [Penalty("Dee", 2, 4, "talked")], sessions=2)
    rows = {r.player: r for r in standings.rows}
    assert rows["Dee"].sessions == (10, 1)
    assert (rows["Dee"].table_points, rows["Dee"].penalties, rows["Dee"].total) == (15, 4, 11)
    assert [r.player for r in standings.rows] == ["Dee", "Ann", "Bob", "Eve", "Fay", "Cal"]
    assert sum(r.table_points for r in standings.rows) == 0
    assert standings.tops == (("Ann",), ("Bob",))  # Dee's 5 less 4 is 1 in session 2


def test_ties_are_broken_by_the_directors_chain_and_still_tied_share() -> None:
    lines = tally(
        """
        1 1 Ann 6 1
        1 1 Bob 6 2
        1 1 Cal -12
        1 2 Dee 6 2
        1 2 Eve -3
        1 2 Fay -3
        """
    )
    by_solos = tournament_standings(lines, sessions=1, tie_breaks=("solos-won",))
    assert [(r.rank, r.player) for r in by_solos.rows][:3] == [(1, "Bob"), (1, "Dee"), (3, "Ann")]
    by_tables = tournament_standings(lines, sessions=1, tie_breaks=("tables-won", "solos-won"))
    assert [(r.rank, r.player) for r in by_tables.rows][:3] == [(1, "Bob"), (1, "Dee"), (3, "Ann")]
    none = tournament_standings(lines, sessions=1, tie_breaks=())
    assert [r.rank for r in none.rows] == [1, 1, 1, 4, 4, 6]
    assert describe_tie_breaks(("solos-won",), "schafkopf") == (
        "Ranked by points; ties broken by more solos won; players still tied share the place."
    )


def test_standings_after_a_session_and_of_a_session_alone() -> None:
    after_one = tournament_standings(DAY, sessions=2, through=1)
    assert [r.player for r in after_one.rows][:2] == ["Ann", "Dee"]
    assert all(r.sessions[1] is None for r in after_one.rows)
    second = tournament_standings(DAY, sessions=2, only=2)
    assert [(r.player, r.total) for r in second.rows][:2] == [("Bob", 9), ("Dee", 5)]


def test_a_table_that_does_not_sum_to_zero_is_never_shown() -> None:
    broken = [*DAY[:-1], DAY[-1]._replace(points=-4)]
    with pytest.raises(ZeroSumViolation):
        tournament_standings(broken, sessions=2)
    pot = tournament_standings(broken, sessions=2, pots={(2, 2): -1})
    assert len(pot.rows) == 6


def test_an_unknown_tie_break_is_named() -> None:
    chain, problems = parse_tie_breaks(["solos-won", "coin-toss"], "schafkopf")
    assert chain is None
    assert [str(p) for p in problems] == [
        "tie_breaks: 'coin-toss' is not one of tables-won, best-session, last-session, "
        "penalties, misplays, hands, picks, picker-wins, partner-wins, solos, solos-won, "
        "schneiders-won, schneiders-lost, ramsch-lost"
    ]


def test_another_games_count_is_refused_listing_the_games_own() -> None:
    """A Sheepshead day keeps no solos won: as a tie-break it would always be 0."""
    chain, problems = parse_tie_breaks(["picker-wins", "solos-won"], "sheepshead")
    assert chain is None
    assert [str(p) for p in problems] == [
        "tie_breaks: 'solos-won' is not one of tables-won, best-session, last-session, "
        "penalties, misplays, hands, picks, picker-wins, schneiders-won, schneiders-lost, "
        "leasters-won"
    ]
    assert parse_tie_breaks(["ramsch-lost"], "schafkopf") == (("ramsch-lost",), [])


def test_a_games_own_count_breaks_ties_in_its_words() -> None:
    """Any count a game keeps (`Game.figures`) is a tie-break by a league's name for it,
    fewer better where the game says so, and its column is headed in the game's words."""
    lines = [
        SessionLine("Ann", 1, 1, 6, 32, 0, {"ramsch_lost": 2, "solos_won": 1}),
        SessionLine("Bob", 1, 1, 6, 32, 0, {"ramsch_lost": 1}),
        SessionLine("Cal", 1, 1, -12, 32),
    ]
    ranked = tournament_standings(lines, sessions=2, tie_breaks=("ramsch-lost",), game="schafkopf")
    assert [(r.rank, r.player) for r in ranked.rows] == [(1, "Bob"), (2, "Ann"), (3, "Cal")]
    shown = {c.key: c for c in standing_columns(ranked)}
    assert shown["ramsch-lost"].heading() == "Ramsch lost"
    assert [shown["ramsch-lost"].text(r) for r in ranked.rows] == ["1", "2", "0"]
    by_solos = tournament_standings(lines, sessions=2, tie_breaks=("solos-won",), game="schafkopf")
    assert [r.player for r in by_solos.rows] == ["Ann", "Bob", "Cal"]
    assert parse_tie_breaks(None, "schafkopf")[0] == ("solos-won", "tables-won")
    assert parse_tie_breaks(None, "sheepshead")[0] == ("picker-wins", "tables-won")


def test_the_columns_show_points_as_every_standings_does() -> None:
    """Signed points ('+10'), a session not played '—', as a league's standings show."""
    standings = tournament_standings(DAY, [Penalty("Dee", 2, 4)], sessions=3, through=3)
    shown = {c.key: c for c in standing_columns(standings)}
    dee = next(r for r in standings.rows if r.player == "Dee")
    keys = ("place", "session-1", "session-2", "session-3", "penalties", "total")
    assert [shown[k].text(dee) for k in keys] == ["1", "+10", "+5", "—", "-4", "+11"]
    assert shown["place"].heading() == "#" and shown["session-3"].value(dee) is None


def test_a_line_s_sessions_and_penalties_add_up_to_its_total() -> None:
    """A session's column is what the table's sheet says; the penalty is shown once,
    in its own column (a new user read Dee's session less the penalty, beside the
    penalty again, as the penalty taken twice)."""
    standings = tournament_standings(DAY, [Penalty("Dee", 2, 4)], sessions=2)
    shown = {c.key: c for c in standing_columns(standings)}
    for row in standings.rows:
        parts = [shown[k].value(row) for k in ("session-1", "session-2", "penalties")]
        assert sum(p for p in parts if isinstance(p, int)) == shown["total"].value(row)


def test_the_spreadsheet_has_every_column_in_whole_numbers() -> None:
    standings = tournament_standings(DAY, [Penalty("Dee", 2, 4)], sessions=2)
    sheet = tournament_standings_sheet(standings)
    assert sheet.header == (
        "Rank",
        "Player",
        "Session 1",
        "Session 2",
        "Table points",
        "Penalties",
        "Total",
        "Solos won",
        "Firsts at table",
        "Hands",
    )
    assert sheet.rows[0] == (1, "Dee", 10, 5, 15, -4, 11, 2, 2, 40)
    assert csv_bytes(sheet).splitlines()[1] == b"1,Dee,10,5,15,-4,11,2,2,40"
