"""The prize pool and its split: Kohler Falls' published payout to the dollar, ties
sharing, the remainder where the rule says, and every pool paid out exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament.prizes import UNIT, Payout, ToReport, parse_payout, split_prizes

KOHLER = Payout(share=90, places=(30, 15, 10, 10, 10), session_top=5, remainder="places")


def ranked(*ranks: int) -> list[tuple[str, int]]:
    return [(f"P{n}", rank) for n, rank in enumerate(ranks, start=1)]


def paid(prizes) -> dict[str, int]:
    out: dict[str, int] = {}
    for award in prizes.awards:
        out[award.player] = out.get(award.player, 0) + award.cents // UNIT
    return out


def test_kohler_falls_two_hundred_entries_at_twenty_dollars() -> None:
    prizes = split_prizes(
        entry_cents=2000,
        entries=200,
        payout=KOHLER,
        ranking=ranked(1, 2, 3, 4, 5, 6),
        session_tops=[["P6"], ["P2"], ["P9"]],
    )
    assert (prizes.fees, prizes.pool, prizes.house, prizes.kept) == (400_000, 360_000, 0, 40_000)
    assert [(a.player, a.cents // UNIT, a.what()) for a in prizes.awards] == [
        ("P1", 1200, "1st place"),
        ("P2", 600, "2nd place"),
        ("P3", 400, "3rd place"),
        ("P4", 400, "4th place"),
        ("P5", 400, "5th place"),
        ("P6", 200, "Top scorer of session 1"),
        ("P2", 200, "Top scorer of session 2"),
        ("P9", 200, "Top scorer of session 3"),
    ]
    assert prizes.paid_out == prizes.pool


def test_the_remainder_of_rounding_goes_a_dollar_at_a_time_down_the_places() -> None:
    """203 entries at $15: the pool is $2,740.50 rounded down to $2,740 (the 50 cents
    are the house's); the prizes round down to $2,737, and the $3 left go to 1st, 2nd
    and 3rd."""
    prizes = split_prizes(
        entry_cents=1500,
        entries=203,
        payout=KOHLER,
        ranking=ranked(1, 2, 3, 4, 5),
        session_tops=[["P1"], ["P2"], ["P3"]],
    )
    assert prizes.pool == 274_000 and prizes.kept == 30_450 + 50  # 10%, and the 50 cents
    amounts = [(a.player, a.cents // UNIT, a.remainder // UNIT) for a in prizes.awards]
    assert amounts[:5] == [
        ("P1", 914, 1),
        ("P2", 457, 1),
        ("P3", 305, 1),
        ("P4", 304, 0),
        ("P5", 304, 0),
    ]
    assert prizes.paid_out == prizes.pool and prizes.house == 0


def test_the_house_keeps_the_remainder_when_the_rule_says_so() -> None:
    house = Payout(share=90, places=(30, 15, 10, 10, 10), session_top=5, remainder="house")
    prizes = split_prizes(
        entry_cents=1500,
        entries=203,
        payout=house,
        ranking=ranked(1, 2, 3, 4, 5),
        session_tops=[["P1"], ["P2"], ["P3"]],
    )
    assert prizes.house == 300
    assert prizes.paid_out + prizes.house == prizes.pool


def test_players_tied_share_the_places_they_cover() -> None:
    prizes = split_prizes(
        entry_cents=2000,
        entries=200,
        payout=Payout(share=90, places=(30, 15, 10, 10, 10), session_top=5, remainder="house"),
        ranking=ranked(1, 2, 2, 4, 5, 5, 5),
        session_tops=[["P1", "P7"], [], []],
    )
    by_player = paid(prizes)
    assert by_player["P2"] == by_player["P3"] == 500  # (600 + 400) / 2
    assert by_player["P5"] == by_player["P6"] == by_player["P7"] - 100 == 133  # 400 / 3
    assert by_player["P1"] == 1200 + 100  # and half of session 1's $200
    shared = next(a for a in prizes.awards if a.player == "P2")
    assert shared.what() == "2nd–3rd place, shared by 2"
    assert (
        prizes.house == 400 * 100 - 3 * 133 * 100 + 2 * 200 * 100
    )  # $1, and two unplayed sessions
    assert prizes.paid_out + prizes.house == prizes.pool


def test_players_tied_are_paid_alike_when_the_remainder_goes_to_the_places() -> None:
    """203 entries at $20: the pool is $3,654; Bob, Cal and Dee tied for 2nd share
    2nd to 4th ($1,421: $473 each, $473.67 exactly).  The $2 left by rounding cannot
    go a dollar each to the three of them: 1st and 5th take them."""
    prizes = split_prizes(
        entry_cents=2000,
        entries=203,
        payout=KOHLER,
        ranking=[("Ann", 1), ("Bob", 2), ("Cal", 2), ("Dee", 2), ("Eve", 5)],
        session_tops=[["Fay"], ["Gus"], ["Hal"]],
    )
    assert prizes.pool == 365_400
    assert [(a.player, a.cents // UNIT) for a in prizes.awards if a.session is None] == [
        ("Ann", 1219),
        ("Bob", 473),
        ("Cal", 473),
        ("Dee", 473),
        ("Eve", 407),
    ]
    assert prizes.paid_out == prizes.pool and prizes.house == 0


def test_what_tied_players_cannot_share_evenly_is_the_houses() -> None:
    """Three players, all tied for 1st of a payout of one place: $10 a head and $1 left."""
    prizes = split_prizes(
        entry_cents=1000,
        entries=31,
        payout=Payout(share=100, places=(100,), session_top=0, remainder="places"),
        ranking=ranked(1, 1, 1),
        session_tops=[[]],
    )
    assert [a.cents // UNIT for a in prizes.awards] == [103, 103, 103]
    assert prizes.house == 100 and prizes.paid_out + prizes.house == prizes.pool


def test_a_prize_of_no_share_is_not_listed_and_takes_no_remainder() -> None:
    """No session prizes, and a 4th place of 0%: neither is listed, nor paid what
    rounding leaves (31 entries at $10 and three places of a third: $1 left)."""
    payout, problems = parse_payout({"share": 100, "places": [34, 33, 33, 0], "session_top": 0}, 3)
    assert problems == [] and payout is not None
    prizes = split_prizes(
        entry_cents=1000,
        entries=31,
        payout=payout,
        ranking=ranked(1, 2, 3, 4),
        session_tops=[["P4"], ["P4"], ["P4"]],
    )
    assert [(a.player, a.what(), a.cents // UNIT) for a in prizes.awards] == [
        ("P1", "1st place", 106),
        ("P2", "2nd place", 102),
        ("P3", "3rd place", 102),
    ]
    assert prizes.paid_out == prizes.pool


def test_a_session_still_to_report_has_no_top_scorer_and_its_prize_is_held() -> None:
    """Session 1 in, tables 2 and 5 to 9 of session 2 and all of session 3 not: the
    list says so, session 2's leader so far is paid nothing, and the $400 of sessions
    2 and 3 are held, not handed to the places."""
    prizes = split_prizes(
        entry_cents=2000,
        entries=200,
        payout=KOHLER,
        ranking=ranked(1, 2, 3, 4, 5),
        session_tops=[["P6"], ["P7"], []],
        pending=[ToReport(2, (2, 5, 6, 7, 8, 9)), ToReport(3)],
    )
    assert prizes.provisional() == (
        "Provisional: session 2 tables 2, 5–9 still to report; session 3 not drawn yet."
    )
    assert [(a.player, a.cents // UNIT) for a in prizes.awards] == [
        ("P1", 1200),
        ("P2", 600),
        ("P3", 400),
        ("P4", 400),
        ("P5", 400),
        ("P6", 200),
    ]
    assert prizes.held == 400 * UNIT and prizes.house == 0
    assert prizes.paid_out + prizes.held == prizes.pool
    assert prizes.lines("USD")[-1] == (
        "Held for the top scorers of sessions still to report: $400.00."
    )
    done = split_prizes(
        entry_cents=2000,
        entries=200,
        payout=KOHLER,
        ranking=ranked(1, 2, 3, 4, 5),
        session_tops=[["P6"], ["P7"], ["P8"]],
    )
    assert done.provisional() is None and done.held == 0


def test_percentages_of_the_pool_add_up_to_a_hundred() -> None:
    payout, problems = parse_payout({"share": 80, "places": [50, 30, 20], "session_top": 0}, 3)
    assert problems == [] and payout is not None
    prizes = split_prizes(
        entry_cents=1000,
        entries=30,
        payout=payout,
        ranking=ranked(1, 2, 3),
        session_tops=[[], [], []],
    )
    assert prizes.pool == 24_000
    assert [a.cents for a in prizes.awards] == [12_000, 7_200, 4_800]


@pytest.mark.parametrize(
    ("value", "field", "words"),
    [
        ({"places": [30, 15, 10, 10, 5]}, "places", "add up to 85%"),
        ({"share": 120}, "share", "120 is not a whole percentage"),
        ({"remainder": "charity"}, "remainder", "is not one of places, house"),
        ({"places": "30,15"}, "places", "must be a list"),
        ({"bonus": 5}, "bonus", "is not a payout setting"),
    ],
)
def test_a_wrong_payout_names_its_field(value: dict, field: str, words: str) -> None:
    payout, problems = parse_payout(value, 3)
    assert payout is None
    assert [p.field for p in problems] == [field]
    assert words in problems[0].message


@st.composite
def payouts(draw: st.DrawFn) -> tuple[Payout, int]:
    sessions = draw(st.integers(1, 5))
    places = draw(st.lists(st.integers(0, 40), min_size=1, max_size=8))
    top = draw(st.integers(0, 10))
    total = sum(places) + top * sessions
    if total == 0:
        places = [1]
        total = 1 + top * sessions
    share = draw(st.sampled_from([total, 100])) if total <= 100 else 100
    if total != share:
        share = total
    remainder = draw(st.sampled_from(("places", "house")))
    return Payout(share, tuple(places), top, remainder), sessions


@settings(max_examples=300, deadline=None)
@given(
    payouts(),
    st.integers(0, 100_000),
    st.integers(0, 600),
    st.lists(st.booleans(), max_size=40),
    st.data(),
)
def test_every_pool_is_paid_out_exactly_in_whole_dollars(
    payout_sessions: tuple[Payout, int],
    entry: int,
    entries: int,
    tied: list[bool],
    data: st.DataObject,
) -> None:
    """Any payout, fee, field and ties (TIED: each player tied with the one above)."""
    payout, sessions = payout_sessions
    ranks: list[int] = []
    for index, same in enumerate(tied):
        ranks.append(ranks[-1] if same and ranks else index + 1)
    players = [f"P{n}" for n in range(len(ranks))]
    tops = [
        data.draw(st.lists(st.sampled_from(players), unique=True, max_size=3)) if players else []
        for _ in range(sessions)
    ]
    waiting = data.draw(st.sets(st.integers(1, sessions)))
    prizes = split_prizes(
        entry_cents=entry,
        entries=entries,
        payout=payout,
        ranking=list(zip(players, ranks, strict=True)),
        session_tops=tops,
        pending=[ToReport(n) for n in sorted(waiting)],
    )
    assert prizes.paid_out + prizes.house + prizes.held == prizes.pool
    assert not any(a.session in waiting for a in prizes.awards)
    assert prizes.pool + prizes.kept == prizes.fees == entry * entries
    assert prizes.pool % UNIT == 0
    assert all(a.cents % UNIT == 0 and a.cents >= 0 for a in prizes.awards)
    assert prizes.house >= 0
    if not payout.session_top:
        assert all(a.session is None for a in prizes.awards)  # no prize of no share
    place_prizes: dict[int, set[int]] = {}
    by_player = {a.player: a.cents for a in prizes.awards if a.session is None}
    for player, rank in zip(players, ranks, strict=True):
        place_prizes.setdefault(rank, set()).add(by_player.get(player, 0))
    assert all(len(amounts) == 1 for amounts in place_prizes.values())  # tied: paid alike
    for number, players_top in enumerate(tops, start=1):
        amounts = {a.cents for a in prizes.awards if a.session == number}
        assert len(amounts) <= 1 and all(
            a.sharing == len(players_top) for a in prizes.awards if a.session == number
        )
    if payout.remainder == "places" and prizes.awards:
        # What is left is less than a unit for each player of the smallest prize's group.
        assert prizes.house < UNIT * min(a.sharing for a in prizes.awards)
