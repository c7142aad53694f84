"""The draw: every player seated once a session at tables the game can seat, pairs
kept apart, meetings again between the least possible and the draw's stated most, and
the same seed giving the same seating."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import preset_rules
from scorekeeper.tournament.draw import (
    draw_tables,
    least_repeats,
    meetings,
    pair,
    pairs_met_again,
    repeats,
)
from scorekeeper.tournament.tables import hands_words, plan_tables, plan_words, seating

PRESETS = ("jack-of-diamonds-5", "schafkopf", "cutthroat-4", "six-handed")


def field(count: int) -> list[str]:
    return [f"Player {n:03d}" for n in range(1, count + 1)]


@st.composite
def days(draw: st.DrawFn) -> dict:
    """A tournament day: its rules, the players of each session (late entries join,
    some withdraw), pairs kept apart, the uneven choice and a seed a session."""
    preset = draw(st.sampled_from(PRESETS))
    everyone = field(draw(st.integers(8, 70)))
    sessions = draw(st.integers(1, 4))
    late = draw(st.lists(st.sampled_from(everyone), max_size=3, unique=True))
    gone = draw(st.lists(st.sampled_from(everyone), max_size=3, unique=True))
    joins = {p: draw(st.integers(2, max(2, sessions))) for p in late}
    leaves = {p: draw(st.integers(1, sessions)) for p in gone}
    fields = [
        [p for p in everyone if joins.get(p, 1) <= number <= leaves.get(p, sessions)]
        for number in range(1, sessions + 1)
    ]
    pairs = draw(st.lists(st.tuples(*[st.sampled_from(everyone)] * 2), max_size=4))
    apart = {pair(a, b) for a, b in pairs if a != b}
    uneven = draw(st.sampled_from(("larger", "smaller")))
    seeds = draw(st.lists(st.integers(0, 10**9), min_size=sessions, max_size=sessions))
    return dict(preset=preset, fields=fields, apart=apart, uneven=uneven, seeds=seeds)


@settings(max_examples=120, deadline=None)
@given(days())
def test_every_session_seats_everyone_once_at_valid_tables_kept_apart(day: dict) -> None:
    tables = seating(preset_rules(day["preset"]))
    history: list[tuple[tuple[str, ...], ...]] = []
    apart = day["apart"]
    for players, seed in zip(day["fields"], day["seeds"], strict=True):
        plan = plan_tables(len(players), tables, day["uneven"])
        if plan is None:  # seven at a game of five: said on screen, nothing drawn
            assert len(players) < 3 * tables.base.seats
            continue
        before = meetings(history)
        drawn = draw_tables(players, plan.sizes, seed=seed, met=before, apart=apart)
        seated = [p for table in drawn.tables for p in table]
        assert sorted(seated) == sorted(players)
        assert tuple(len(t) for t in drawn.tables) == plan.sizes
        assert set(plan.sizes) <= set(tables.kinds)
        together = {pair(a, b) for t in drawn.tables for a, b in combinations(t, 2)}
        broken = together & apart
        assert {pair(*p) for p in drawn.apart_together} == broken
        largest = max(plan.sizes)
        kept = max(
            (sum(1 for q in apart if p in q and q <= set(players)) for p in players), default=0
        )
        if len(players) - largest - 2 * (largest - 1) * kept > 0:
            assert not broken
        assert drawn.repeats == sum(1 for p in together if before.get(p, 0))
        assert drawn.repeats <= drawn.most
        again = draw_tables(list(reversed(players)), plan.sizes, seed=seed, met=before, apart=apart)
        assert again == drawn
        history.append(drawn.tables)
    met = meetings(history)
    assert repeats(met) >= least_repeats(history, apart)
    assert pairs_met_again(met) <= repeats(met)


def test_a_large_field_meets_nobody_twice_and_says_it_is_the_least_possible() -> None:
    rules = preset_rules("jack-of-diamonds-5")
    players = field(200)
    plan = plan_tables(200, seating(rules), "larger")
    assert plan is not None and plan.sizes == (5,) * 40
    history = []
    for seed in (101, 202, 303):
        drawn = draw_tables(players, plan.sizes, seed=seed, met=meetings(history))
        assert drawn.most == 0  # the draw's promise for a field this large
        history.append(drawn.tables)
    assert repeats(meetings(history)) == 0 == least_repeats(history)


def test_a_small_field_must_meet_again_and_the_least_is_counted() -> None:
    """Ten players at two tables of five, three sessions: each meets four a session,
    twelve in all, but only nine others exist: three again each, fifteen pairs' worth
    at least by counting players.  By pigeonhole it is more: a table of five from the
    two tables before seats three who met and two who met (four pairs), so each session
    after the first has eight meetings again, sixteen in all."""
    players = field(10)
    history = [draw_tables(players, (5, 5), seed=n).tables for n in range(3)]
    assert least_repeats(history) == 16
    assert repeats(meetings(history)) >= 16


def test_a_field_of_three_tables_meets_again_at_least_as_pigeonholes_say() -> None:
    """Thirteen players at tables of 5, 4 and 4, two sessions (a new user's day): a
    table of the second session takes its players from three tables, so a table of
    four seats two who met and a table of five two pairs: four meetings again at least,
    which the draw makes and the bound now says (it said 0, as if it could be better)."""
    players = field(13)
    first = draw_tables(players, (5, 4, 4), seed=1).tables
    second = draw_tables(players, (5, 4, 4), seed=2, met=meetings([first])).tables
    assert least_repeats([first, second]) == 4
    assert repeats(meetings([first, second])) == 4


def test_a_different_seed_draws_differently_and_the_same_seed_the_same() -> None:
    players = field(40)
    first = draw_tables(players, (5,) * 8, seed=7)
    assert draw_tables(sorted(players, reverse=True), (5,) * 8, seed=7) == first
    assert draw_tables(players, (5,) * 8, seed=8).tables != first.tables


@pytest.mark.parametrize(
    ("preset", "players", "uneven", "sizes", "words"),
    [
        ("jack-of-diamonds-5", 200, "larger", {5: 40}, "40 tables of 5."),
        (
            "jack-of-diamonds-5",
            202,
            "larger",
            {5: 38, 6: 2},
            "38 tables of 5 and 2 tables of 6, whose dealer sits out each hand "
            "(202 players are not a multiple of 5).",
        ),
        (
            "jack-of-diamonds-5",
            202,
            "smaller",
            {5: 38, 4: 3},
            "38 tables of 5 and 3 tables of 4, all dealt in (202 players are not a multiple of 5).",
        ),
        (
            "schafkopf",
            34,
            "smaller",
            {4: 6, 5: 2},
            "6 tables of 4 and 2 tables of 5, whose dealer sits out each hand (34 players "
            "are not a multiple of 4).",
        ),
    ],
)
def test_the_plan_says_which_tables_and_why(
    preset: str, players: int, uneven: str, sizes: dict[int, int], words: str
) -> None:
    tables = seating(preset_rules(preset))
    plan = plan_tables(players, tables, uneven)  # type: ignore[arg-type]
    assert plan is not None
    assert {s: plan.count(s) for s in set(plan.sizes)} == sizes
    assert plan_words(plan, tables.kinds) == words


def test_schafkopf_never_seats_three_and_seven_cannot_sit_at_fives() -> None:
    schafkopf = seating(preset_rules("schafkopf"))
    assert set(schafkopf.kinds) == {4, 5}
    assert plan_tables(7, schafkopf, "smaller") is None
    sheepshead = seating(preset_rules("jack-of-diamonds-5"))
    assert plan_tables(7, sheepshead, "larger") is None


def test_a_table_whose_dealer_sits_out_plays_more_hands_so_each_plays_the_same() -> None:
    tables = seating(preset_rules("jack-of-diamonds-5"))
    assert tables.larger is not None and tables.smaller is not None
    assert (tables.base.hands(20), tables.larger.hands(20), tables.smaller.hands(20)) == (
        20,
        24,
        20,
    )
    schafkopf = seating(preset_rules("schafkopf"))
    assert schafkopf.larger is not None and schafkopf.larger.hands(32) == 40
    assert hands_words([tables.larger], 20) == [
        "A table of 6 plays 24 hands: the dealer sits out, so each player plays 20."
    ]
