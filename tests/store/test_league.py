"""League standings, statistics and money from a real database (SQLite file and
PostgreSQL server), checked against totals computed in the test from the night
documents themselves."""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from typing import Any

import pytest

from scorekeeper.document import load_night
from scorekeeper.games.sheepshead.hands import PickHand
from scorekeeper.night import score_night
from scorekeeper.results import NightResult
from scorekeeper.sample import generated_league_documents
from scorekeeper.standings import StandingsOptions
from scorekeeper.store import league as leagues
from scorekeeper.store import league_hands
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.money import league_money, record_league_payment
from scorekeeper.store.night_import import import_night
from scorekeeper.store.night_reads import night_result
from scorekeeper.store.tonight import set_closed

LEAGUE = "Tuesday Night League"
SEASONS = {
    "Spring": ["2026-03-03", "2026-03-10", "2026-03-17"],
    "Summer": ["2026-06-02", "2026-06-09"],
    "Fall": ["2026-10-06", "2026-10-13", "2026-10-20"],
}


@pytest.fixture
def documents() -> list[dict[str, Any]]:
    return generated_league_documents(seed=7, seasons=SEASONS, stakes=(5, 10, 25))


@pytest.fixture
def filed(db: Database, documents: list[dict[str, Any]]) -> list[int]:
    return [import_night(db, document) for document in documents]


def expected_totals(documents: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    """Each player's sums, computed here from the documents with the core's scorer."""
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for document in documents:
        night, problems = load_night(document)
        assert night is not None, problems
        result = score_night(night)
        played = set()
        for record, hand in zip(night.hands, result.hands, strict=True):
            for player in hand.active:
                played.add(player)
                mine = totals[player]
                mine["points"] += hand.points[player]
                mine["cents"] += hand.cents[player]
                mine["hands"] += 1
                mine["misplays"] += record.misplays.count(player)
            if isinstance(record, PickHand):
                totals[record.picker]["picks"] += 1
                totals[record.picker]["picker_wins"] += hand.outcome == "win"
            if hand.type == "leaster":
                for winner in record.winners:  # type: ignore[attr-defined]
                    totals[winner]["leasters_won"] += 1
        for player in played:
            totals[player]["nights"] += 1
    return totals


def as_counts(standing: Any) -> Counter[str]:
    fields = ("points", "cents", "hands", "misplays", "nights")
    figures = ("picks", "picker_wins", "leasters_won")  # Sheepshead's, `Game.figures`
    return Counter(
        {f: getattr(standing, f) for f in fields if getattr(standing, f)}
        | {f: standing.figure(f) for f in figures if standing.figure(f)}
    )


def test_all_time_standings_equal_the_documents_totals(
    db: Database, documents: list[dict[str, Any]], filed: list[int]
) -> None:
    standings = leagues.standings(db, leagues.Period(LEAGUE))
    expected = expected_totals(documents)
    assert {s.player: as_counts(s) for s in standings.everyone} == {
        p: Counter({k: v for k, v in c.items() if v}) for p, c in expected.items()
    }
    assert standings.nights == len(documents) > len(SEASONS) * 2  # several tables a night
    ranked = [s.points for s in standings.qualified]
    assert ranked == sorted(ranked, reverse=True)


def test_standings_for_a_season_and_for_a_date_range(
    db: Database, documents: list[dict[str, Any]], filed: list[int]
) -> None:
    summer = [d for d in documents if d["season"] == "Summer"]
    season = leagues.standings(db, leagues.Period(LEAGUE, season="Summer"))
    assert {s.player: s.points for s in season.everyone} == {
        p: c["points"] for p, c in expected_totals(summer).items()
    }
    march = [d for d in documents if "2026-03-10" <= d["date"] <= "2026-03-17"]
    since, until = dt.date(2026, 3, 10), dt.date(2026, 3, 17)
    ranged = leagues.standings(db, leagues.Period(LEAGUE, since=since, until=until))
    assert {s.player: s.cents for s in ranged.everyone} == {
        p: c["cents"] for p, c in expected_totals(march).items()
    }


def test_the_leagues_own_choice_of_ranking_is_kept(db: Database, filed: list[int]) -> None:
    options = StandingsOptions(rank_by="placement", min_nights=4, tie_breaks=("hands",))
    leagues.save_league(db, name=LEAGUE, standings=options)
    assert leagues.league_info(db, league=LEAGUE).standings == options
    standings = leagues.standings(db, leagues.Period(LEAGUE))
    assert standings.options == options
    assert all(s.nights >= 4 for s in standings.qualified)
    assert all(s.nights < 4 for s in standings.not_qualified)


def test_a_player_page_statistics_match_the_documents(
    db: Database, documents: list[dict[str, Any]], filed: list[int]
) -> None:
    from scorekeeper.stats import player_statistics

    facts = league_hands.hand_facts(db, leagues.Period(LEAGUE), player="ann")
    stats = player_statistics("Ann", facts)
    expected = expected_totals(documents)["Ann"]
    assert (stats.hands, stats.points, stats.nights) == (
        expected["hands"],
        expected["points"],
        expected["nights"],
    )
    assert (stats.picker.hands, stats.picker.won) == (expected["picks"], expected["picker_wins"])
    dates = [f.date for f in facts]
    assert dates == sorted(dates)  # in the order played


def test_unknown_league_season_and_player_are_named(db: Database, filed: list[int]) -> None:
    with pytest.raises(StorageError, match=r"^league: there is no league 'Nope'$") as refused:
        leagues.standings(db, leagues.Period("Nope"))
    assert refused.value.field == "league"
    with pytest.raises(StorageError, match=r"^season: .* has no season 'Winter'$") as refused:
        leagues.standings(db, leagues.Period(LEAGUE, season="Winter"))
    assert refused.value.field == "season"
    with pytest.raises(StorageError, match=r"^player: there is no player 'Zed'$") as refused:
        league_hands.hand_facts(db, leagues.Period(LEAGUE), player="Zed")
    assert refused.value.field == "player"


def test_a_season_has_its_own_default_rules(db: Database) -> None:
    from scorekeeper.games import preset_rules

    leagues.save_league(db, name="Thursday", rules=preset_rules("classic-5"))
    leagues.save_season(db, league="Thursday", name="Winter", rules=preset_rules("cutthroat-4"))
    assert leagues.default_rules(db, league="Thursday", season="Winter") == preset_rules(
        "cutthroat-4"
    )
    assert leagues.default_rules(db, league="thursday", season="Other") == preset_rules("classic-5")
    assert leagues.league_info(db, league="Thursday").seasons == ("Winter",)


def test_a_league_remembers_its_game_and_stake_from_its_nights(db: Database) -> None:
    """A league whose rules were never set starts a night with those of its newest
    night (its season's, when the season has nights): a Schafkopf league at 1 cent
    stays one, a Sheepshead league at 25 cents stays one; a deleted night is not asked;
    a league set once keeps what was set."""
    from scorekeeper.games import parse_rules
    from scorekeeper.store.night_history import set_deleted

    def night(league: str, season: str, date: str, rules: dict[str, Any], players: int) -> int:
        document = {
            "format": "sheepshead-night/1",
            "rules": rules,
            "players": ["Ann", "Bob", "Cal", "Dee", "Eve"][:players],
            "hands": [],
            "league": league,
            "season": season,
            "date": date,
        }
        return import_night(db, document)

    sheepshead = {"preset": "classic-5", "stake_cents": 25}
    schafkopf = {"preset": "schafkopf", "stake_cents": 1}
    night("Tuesday", "Fall", "2026-10-06", {"preset": "classic-5", "stake_cents": 10}, 5)
    night("Tuesday", "Fall", "2026-10-20", sheepshead, 5)
    night("Tuesday", "Spring", "2026-03-03", {"preset": "penny", "stake_cents": 1}, 5)
    night("Stammtisch", "2026", "2026-11-01", schafkopf, 4)
    newest = night("Tuesday", "Winter", "2026-12-01", {"preset": "cutthroat-4"}, 4)
    set_deleted(db, night_id=newest, deleted=True)

    def rules(value: dict[str, Any]) -> Any:
        return parse_rules(value)[0]

    assert leagues.default_rules(db, league="Tuesday") == rules(sheepshead)
    assert leagues.default_rules(db, league="Tuesday", season="Spring") == rules(
        {"preset": "penny", "stake_cents": 1}
    )
    assert leagues.default_rules(db, league="Tuesday", season="Winter") == rules(sheepshead)
    assert leagues.default_rules(db, league="Stammtisch") == rules(schafkopf)
    assert leagues.default_rules(db, league="New league") is None
    leagues.save_league(db, name="Tuesday", rules=rules({"preset": "jack-of-diamonds-5"}))
    assert leagues.default_rules(db, league="Tuesday") == rules({"preset": "jack-of-diamonds-5"})


def test_a_new_league_keeps_its_first_nights_rules_not_a_later_nights_own(db: Database) -> None:
    """The first night started in a new league gives it its rules; a later night that
    plays at another stake for itself does not change them (a review: the league's
    rules were its newest night's, so a one-off became the default)."""
    from scorekeeper.games import parse_rules
    from scorekeeper.store.night_import import create_night

    usual = parse_rules({"preset": "classic-5", "stake_cents": 25})[0]
    once = parse_rules({"preset": "classic-5", "stake_cents": 10})[0]
    players = ["Ann", "Bob", "Cal", "Dee", "Eve"]
    create_night(db, players=players, rules=usual, league="Friday")
    create_night(db, players=players, rules=once, league="Friday")
    assert leagues.default_rules(db, league="Friday") == usual


# -- money ---------------------------------------------------------------------------


def test_closed_nights_settlements_become_the_leagues_debts(db: Database, filed: list[int]) -> None:
    closed = filed[:-2]  # the last two nights are still being played
    for night_id in closed:
        set_closed(db, night_id=night_id, closed=True)
    money = league_money(db, league=LEAGUE)
    results: dict[int, NightResult] = {n: night_result(db, night_id=n) for n in filed}
    assert sorted((d.night_id, d.debtor, d.creditor, d.cents) for d in money.debts) == sorted(
        (n, p.payer, p.payee, p.cents) for n in closed for p in results[n].settlement
    )
    expected: Counter[str] = Counter()
    for night_id in closed:
        expected.update(results[night_id].total_cents)
    assert {p: c for p, c in money.balances.items() if c} == {
        p: c for p, c in expected.items() if c
    }
    assert sum(money.balances.values()) == 0


def test_partial_payments_change_balances_and_what_is_outstanding(
    db: Database, filed: list[int]
) -> None:
    for night_id in filed:
        set_closed(db, night_id=night_id, closed=True)
    before = league_money(db, league=LEAGUE)
    first = before.outstanding()[0]
    half = first.cents // 2
    record_league_payment(
        db,
        league=LEAGUE,
        payer=first.payer,
        payee=first.payee,
        cents=half,
        paid_on=dt.date(2026, 11, 1),
    )
    after = league_money(db, league=LEAGUE)
    assert after.balances[first.payer] == before.balances[first.payer] + half
    assert after.balances[first.payee] == before.balances[first.payee] - half
    assert sum(after.balances.values()) == 0
    assert after.history(first.payer)[-1].balance == after.balances[first.payer]
    for payment in after.outstanding():
        record_league_payment(
            db, league=LEAGUE, payer=payment.payer, payee=payment.payee, cents=payment.cents
        )
    settled = league_money(db, league=LEAGUE)
    assert not any(settled.balances.values()) and settled.outstanding() == ()


def test_a_bad_payment_is_refused_and_writes_nothing(db: Database, filed: list[int]) -> None:
    for payer, payee, cents, field, message in [
        ("Ann", "Bob", 0, "amount", "0 is not a positive number of cents"),
        ("Ann", "ann", 5, "paid to", "a player cannot pay themselves"),
        ("Zed", "Bob", 5, "paid by", "there is no player 'Zed'"),
        ("Ann", "Zed", 5, "paid to", "there is no player 'Zed'"),
    ]:
        with pytest.raises(StorageError) as refused:
            record_league_payment(db, league=LEAGUE, payer=payer, payee=payee, cents=cents)
        assert (refused.value.field, refused.value.message) == (field, message)
        assert str(refused.value) == f"{field}: {message}"
    assert league_money(db, league=LEAGUE).payments == ()


def test_a_schafkopf_pot_left_unwon_is_a_party_to_standings_and_money(db: Database) -> None:
    from scorekeeper.results import POT
    from tests.store.corpus import schafkopf_nights

    documents = [
        {**d, "league": "Stammtisch", "date": f"2026-11-0{i + 1}"}
        for i, d in enumerate(schafkopf_nights())
    ]
    ids = [import_night(db, d) for d in documents]
    results = [night_result(db, night_id=n) for n in ids]
    # 80 from a pass, doubled by a lost call game, and 80 from a last pass
    assert results[0].pot == 240
    table = leagues.standings(db, leagues.Period("Stammtisch"))
    assert table.pot == (240, 1200)
    assert sum(r.points for r in table.everyone) == -240
    for night_id in ids:
        set_closed(db, night_id=night_id, closed=True)
    money = league_money(db, league="Stammtisch")
    assert money.balances[POT] == 1200
    assert sum(money.balances.values()) == 0
    assert {(d.debtor, d.creditor, d.cents) for d in money.debts if d.night_id == ids[0]} == {
        (p.payer, p.payee, p.cents) for p in results[0].settlement
    }


def test_the_pot_cannot_be_paid_as_if_it_were_a_person(db: Database) -> None:
    from tests.store.corpus import schafkopf_nights

    night_id = import_night(db, {**schafkopf_nights()[0], "league": "Stammtisch"})
    set_closed(db, night_id=night_id, closed=True)
    before = league_money(db, league="Stammtisch")
    with pytest.raises(StorageError, match=r"^paid to: \(pot\) is the table's Schafkopf pot"):
        record_league_payment(
            db,
            league="Stammtisch",
            payer="Ann",
            payee="(pot)",
            cents=100,
            paid_on=dt.date(2026, 11, 22),
        )
    assert league_money(db, league="Stammtisch").payments == before.payments


def test_the_cache_tells_who_went_alone_and_the_game_as_the_scorer_did(db: Database) -> None:
    """`alone` is not in the score cache: the store derives it (a declared hand with no
    partner role), and each hand's game from its night's rules; both as the scorer said."""
    from tests.store.corpus import corpus

    expected: Counter[tuple[Any, ...]] = Counter()
    for document in corpus():
        document = {**document, "league": "Corpus", "season": None}
        import_night(db, document)
        night, _ = load_night(document)
        assert night is not None
        game = night.rules.game
        for hand in score_night(night).hands:
            expected[hand.outcome, hand.level, hand.alone, game] += 1
    outcomes = league_hands.hand_outcomes(db, leagues.Period("Corpus"))
    counted: Counter[tuple[Any, ...]] = Counter()
    for o in outcomes:  # alike hands counted together by the database
        counted[o.outcome, o.level, o.alone, o.game] += o.alike
    assert counted == expected
    assert len(outcomes) < sum(expected.values())  # a line for alike hands, not each
    assert {True, False, None} <= {o.alone for o in outcomes}


def test_a_season_s_outcomes_are_its_nights_hands_as_the_scorer_counted_them(
    db: Database,
) -> None:
    """A season (not all seasons) is counted from its nights' kept counts: each outcome,
    level and alone as the scorer said, the hands and the played hands they stand for,
    a deleted night left out, the other season's nights not in it."""
    from scorekeeper.store.night_history import set_deleted
    from tests.store.corpus import corpus

    documents = [
        {**document, "league": "Corpus", "season": "S1" if index % 2 else "S2"}
        for index, document in enumerate(corpus())
    ]
    ids = [import_night(db, document) for document in documents]
    set_deleted(db, night_id=ids[1], deleted=True)  # an S1 night
    expected: Counter[tuple[Any, ...]] = Counter()
    played: Counter[tuple[Any, ...]] = Counter()
    for document in documents[3::2]:  # S1's nights but the one deleted
        night, _ = load_night(document)
        assert night is not None
        for hand in score_night(night).hands:
            key = (hand.outcome, hand.level, hand.alone, night.rules.game)
            expected[key] += 1
            played[key] += hand.hands
    counted: Counter[tuple[Any, ...]] = Counter()
    counted_played: Counter[tuple[Any, ...]] = Counter()
    for o in league_hands.hand_outcomes(db, leagues.Period("Corpus", season="S1")):
        counted[o.outcome, o.level, o.alone, o.game] += o.alike
        counted_played[o.outcome, o.level, o.alone, o.game] += o.hands
    assert counted == expected and counted_played == played
    assert played != expected, "a result hand, standing for more than one hand"
    assert len({game for *_, game in expected}) > 1, "nights of both games"


def test_a_leagues_players_are_those_seated_in_it_or_paying_in_it(db: Database) -> None:
    """The league window's roster (issue 33, point 6): a league's players, not every
    league's; a deleted night seats nobody."""
    from scorekeeper.store.night_history import set_deleted
    from scorekeeper.store.people import list_players

    def night(league: str, players: list[str], date: str) -> int:
        return import_night(
            db,
            {
                "format": "sheepshead-night/1",
                "rules": {"preset": "jack-of-diamonds-5"},
                "players": players,
                "hands": [],
                "league": league,
                "date": date,
            },
        )

    night("Tuesday", ["Ann", "Bob", "Cal", "Dee", "Eve"], "2026-11-03")
    gone = night("Tuesday", ["Ann", "Bob", "Cal", "Dee", "Zed"], "2026-11-10")
    set_deleted(db, night_id=gone, deleted=True)
    night("Stammtisch", ["Ann", "Sepp", "Vroni", "Wast", "Xaver"], "2026-11-04")
    record_league_payment(db, league="Tuesday", payer="Sepp", payee="Ann", cents=100)

    def names(league: str | None) -> list[str]:
        return [p.name for p in list_players(db, include_retired=True, league=league)]

    assert names("tuesday") == ["Ann", "Bob", "Cal", "Dee", "Eve", "Sepp"]
    assert names("Stammtisch") == ["Ann", "Sepp", "Vroni", "Wast", "Xaver"]
    assert names("No such league") == []
    assert len(names(None)) == 10
