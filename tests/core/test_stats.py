"""Player statistics and the table's outcome counts, from hands written out by hand."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.stats import (
    HandFact,
    HandOutcome,
    outcome_counts,
    outcome_figures,
    outcome_lines,
    player_statistics,
    statistics_lines,
)


def hands(text: str, player: str = "Ann", game: str = "sheepshead") -> list[HandFact]:
    """ "night role outcome level call alone points [misplays]" rows, in the order played
    (alone: the scorer's fact, yes or no for a hand with a declarer, else -)."""
    facts = []
    for number, row in enumerate(text.strip().splitlines(), start=1):
        night, role, outcome, level, call, alone, points, *rest = row.split()
        facts.append(
            HandFact(
                int(night),
                f"2026-10-{int(night):02d}",
                number,
                player,
                role,
                outcome,
                level,
                None if call == "-" else call,
                int(points),
                int(points) * 25,
                int(rest[0]) if rest else 0,
                alone={"yes": True, "no": False}.get(alone),
                game=game,
            )
        )
    return facts


ANN = hands("""
1 picker   win   normal    ace-hearts no  2
1 picker   win   schneider alone      yes 6
1 partner  loss  normal    ace-clubs  no -1
1 defender loss  no-trick  ace-spades no  3
1 defender win   normal    ace-hearts no -1
2 leaster-winner leaster normal -     -   4
2 leaster  leaster normal  -          -  -1
2 played   no-pick normal  -          -   0
2 played   misplay normal  -          -  -4 1
2 picker   loss  normal    ace-spades no -2
2 defender win   schneider ace-clubs  no -2
""")


def test_a_players_record_counts_every_kind_of_hand() -> None:
    stats = player_statistics("Ann", ANN)
    assert (stats.nights, stats.hands, stats.points, stats.cents) == (2, 11, 4, 100)
    assert (stats.picker.hands, stats.picker.won) == (3, 2)
    assert (stats.picker_alone.hands, stats.picker_alone.won) == (1, 1)
    assert (stats.picker_with_partner.hands, stats.picker_with_partner.won) == (2, 1)
    assert {c: (t.hands, t.won) for c, t in stats.picker_by_call.items()} == {
        "ace-hearts": (1, 1),
        "alone": (1, 1),
        "ace-spades": (1, 0),
    }
    assert (stats.partner.hands, stats.partner.won) == (1, 0)
    # Defending: a loss by the picker is the defenders' win.
    assert (stats.defender.hands, stats.defender.won) == (3, 1)
    assert (stats.schneiders_won, stats.schneiders_lost) == (2, 1)
    assert (stats.no_tricks_won, stats.no_tricks_lost) == (1, 0)
    assert (stats.leasters.hands, stats.leasters.won) == (2, 1)
    assert stats.misplays == 1
    assert stats.picker.rate == Fraction(2, 3)
    assert stats.points_per_hand == Fraction(4, 11)


def test_best_and_worst_nights_and_streaks() -> None:
    stats = player_statistics("Ann", ANN)
    assert (stats.best_night.night_id, stats.best_night.points) == (1, 9)
    assert (stats.worst_night.night_id, stats.worst_night.points) == (2, -5)
    # +2 +6, then -1, then +3, -1, +4, -1, (0 skipped) -4 -2 -2: longest losing run 4.
    assert (stats.longest_winning_streak, stats.longest_losing_streak) == (2, 4)


def test_a_player_with_no_hands_has_empty_statistics() -> None:
    stats = player_statistics("Zed", ANN)
    assert stats.hands == 0 and stats.best_night is None and stats.picker.rate is None


def test_how_often_each_outcome_happens_at_the_table() -> None:
    table = [
        HandOutcome("win", "normal", "ace-hearts", alone=False),
        HandOutcome("win", "schneider", "alone", alone=True),
        HandOutcome("loss", "no-trick", None, alone=False),  # a partner, no call recorded
        HandOutcome("leaster", "normal", None),
        HandOutcome("no-pick", "normal", None),
        HandOutcome("misplay", "normal", None),
    ]
    assert outcome_counts(table) == {
        "hands": 6,
        "picked": 3,
        "picker won": 2,
        "picker lost": 1,
        "went alone": 1,
        "schneider": 1,
        "no-trick": 1,
        "leaster": 1,
        "nobody picked (doubler or redeal)": 1,
        "thrown in for a misplay": 1,
    }


def test_alike_hands_counted_together_count_as_each_one_would() -> None:
    """The store hands over alike hands as one line: their number (`alike`) and the
    played hands they stand for (`hands`, more than that when results are among them)."""
    one_by_one = [
        *[HandOutcome("win", "normal", None, alone=True)] * 3,
        *[HandOutcome("loss", "normal", None, alone=False)] * 2,
        HandOutcome("result", "normal", None, hands=7),
        HandOutcome("result", "normal", None, hands=5),
    ]
    together = [
        HandOutcome("win", "normal", None, alone=True, hands=3, alike=3),
        HandOutcome("loss", "normal", None, alone=False, hands=2, alike=2),
        HandOutcome("result", "normal", None, hands=12, alike=2),
    ]
    assert outcome_counts(together) == outcome_counts(one_by_one)
    assert outcome_lines(together) == outcome_lines(one_by_one)
    assert outcome_figures(together) == outcome_figures(one_by_one)


def test_schafkopf_outcomes_in_the_words_of_its_table() -> None:
    table = [
        HandOutcome("win", "normal", "call", alone=False, game="schafkopf"),
        HandOutcome("loss", "schwarz", "wenz", alone=True, game="schafkopf"),
        HandOutcome("win", "normal", "null", alone=True, game="schafkopf"),
        HandOutcome("ramsch", "normal", None, game="schafkopf"),
        HandOutcome("pass", "normal", None, game="schafkopf"),
    ]
    assert outcome_counts(table) == {
        "hands": 5,
        "declared": 3,
        "declarer won": 2,
        "declarer lost": 1,
        "played alone (solo, Null)": 2,
        "Schwarz (no trick)": 1,
        "Ramsch (all passed, most points loses)": 1,
        "all passed (redeal or pot)": 1,
    }


def test_a_schafkopf_players_lines_say_declarer_and_name_the_games() -> None:
    facts = hands(
        """
        1 picker  win  normal    call  no  40
        1 picker  win  schneider wenz  yes 150
        1 picker  loss normal    null  yes -90
        1 partner loss normal    call  no  -20
        """,
        game="schafkopf",
    )
    lines = dict(statistics_lines(player_statistics("Ann", facts), "USD"))
    assert lines["Won as declarer"] == "2 of 3 (67%)"
    assert lines["  playing alone (solo, Null)"] == "1 of 2 (50%)"
    assert lines["  with a partner (Sauspiel)"] == "1 of 1 (100%)"
    assert lines["  playing Wenz"] == "1 of 1 (100%)" and lines["  playing Null"] == "0 of 1 (0%)"
    assert lines["Schneider won / lost"] == "1 / 0"
    assert not [label for label in lines if "pick" in label.lower()]


def test_what_became_of_the_hands_declared_is_a_share_of_them_at_each_game() -> None:
    table = [
        HandOutcome("win", "schneider", "ace-hearts", alone=False),
        HandOutcome("loss", "normal", "alone", alone=True),
        HandOutcome("leaster", "normal", None),
        HandOutcome("leaster", "normal", None),
        HandOutcome("win", "normal", "wenz", alone=True, game="schafkopf"),
        HandOutcome("pass", "normal", None, game="schafkopf"),
    ]
    assert dict(outcome_lines(table)) == {
        "hands": "6",
        "picked": "2  (33%)",
        "picker won": "1  (50% of those picked)",
        "picker lost": "1  (50% of those picked)",
        "went alone": "1  (50% of those picked)",
        "schneider": "1  (50% of those picked)",
        "leaster": "2  (33%)",
        "declared": "1  (17%)",
        "declarer won": "1  (100% of those declared)",
        "played alone (solo, Null)": "1  (100% of those declared)",
        "all passed (redeal or pot)": "1  (17%)",
    }
    assert outcome_lines([]) == [("hands", "0")]  # a period without hands says so


def test_a_players_lines_in_german_write_shares_and_averages_the_german_way() -> None:
    """Labels in German, a count in its singular or plural, '50 %' and '0,25' as a
    German reader writes them (files keep '0.25': `formatting.decimal`)."""
    facts = hands(
        """
        1 picker  win  normal    ace-hearts no  2
        1 picker  loss normal    alone      yes -4
        2 partner win  normal    ace-hearts no  1
        2 defender win  normal   -          -   -1
        """
    )
    i18n.set_language("de")
    try:
        lines = dict(statistics_lines(player_statistics("Ann", facts), "EUR"))
    finally:
        i18n.set_language("en")
    assert lines["Abende"] == "2" and lines["Spiele"] == "4"
    assert lines["Punkte pro Spiel"] == "-0,50"
    assert lines["Gewonnen als Partner"] == "1 von 1 (100\xa0%)"
    assert lines["Gewonnen als Gegenspieler"] == "0 von 1 (0\xa0%)"
    assert lines["Bester Abend"] == "+0 Punkte (2026-10-02)"
    assert lines["Schlechtester Abend"] == "-2 Punkte (2026-10-01)"
    assert lines["Längste Gewinnserie"] == "1 Spiel"


MIXED = [
    HandOutcome("misplay", "normal", None),
    HandOutcome("loss", "no-trick", None, alone=False),
    HandOutcome("win", "schneider", None, alone=True),
    HandOutcome("leaster", "normal", None),
    HandOutcome("win", "normal", None, alone=False),
    HandOutcome("result", "normal", None, hands=3),
    HandOutcome("ramsch", "normal", None, game="schafkopf"),
    HandOutcome("loss", "schwarz", None, alone=True, game="schafkopf"),
]


@given(st.permutations(MIXED))
def test_the_table_s_outcomes_are_listed_in_one_order_whatever_the_hands_order(
    hands: list[HandOutcome],
) -> None:
    """The Table tab lists the hands, then what became of those declared (won, lost,
    alone, each level), then the rest: the database counts alike hands in no set order
    (a trial found "picker won" listed last, after the misplays)."""
    labels = [label for label, _ in outcome_lines(hands)]
    assert labels == [
        "hands",
        "picked",
        "picker won",
        "picker lost",
        "went alone",
        "schneider",
        "no-trick",
        "leaster",
        "thrown in for a misplay",
        "declared",
        "declarer lost",
        "played alone (solo, Null)",
        "Schwarz (no trick)",
        "Ramsch (all passed, most points loses)",
    ]
    assert outcome_lines(hands) == outcome_lines(MIXED)


def test_the_hands_line_says_how_many_came_from_results_when_the_shares_leave_them_out() -> None:
    """A trial: "hands 164" over "picked 142 (88%)", a share of 161, with nothing to say
    that 3 hands were a result line's (a result has no outcome to count)."""
    lines = dict(
        outcome_lines(
            [
                *[HandOutcome("win", "normal", None, alone=False)] * 3,
                HandOutcome("loss", "normal", None, alone=False),
                HandOutcome("result", "normal", None, hands=3),
            ]
        )
    )
    assert lines["hands"] == "7  (3 from result lines, without an outcome)"
    assert lines["picked"] == "4  (100%)"
    assert dict(outcome_lines([HandOutcome("leaster", "normal", None)]))["hands"] == "1"
