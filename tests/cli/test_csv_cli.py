"""`--csv` on standings, export, stats and debts: each spreadsheet read back with the
csv module holds the store's own numbers (whole points and cents), its names made safe."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.sample import sample_league_documents
from scorekeeper.stats import player_statistics
from scorekeeper.store.database import open_database
from scorekeeper.store.league import Period, standings
from scorekeeper.store.league_hands import hand_facts
from scorekeeper.store.money import league_money, record_league_payment
from scorekeeper.store.night_import import import_night
from scorekeeper.store.night_reads import list_nights, night_result
from scorekeeper.store.tonight import set_closed
from tests.cli.test_store_cli import run
from tests.core.test_schafkopf import FOUR, call, solo
from tests.sheet import night_doc, pick

LEAGUE = "Tuesday Night League"


@pytest.fixture
def url(tmp_path: Path) -> str:
    """The sample league, every night closed, and a payment recorded."""
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    db = open_database(url)
    for night_id in [import_night(db, d) for d in sample_league_documents()]:
        set_closed(db, night_id=night_id, closed=True)
    owed = league_money(db, league=LEAGUE).outstanding()[0]
    record_league_payment(
        db, league=LEAGUE, payer=owed.payer, payee=owed.payee, cents=owed.cents - 5, note=""
    )
    db.dispose()
    return url


def sheet_of(text: str) -> list[list[str]]:
    """A CSV as a spreadsheet reads it: a BOM first, then RFC 4180 rows."""
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline="")))


def csv_out(url: str, capsys, *args: str) -> list[list[str]]:
    status, out, err = run("--database", url, *args, "--csv", capsys=capsys)
    assert (status, err) == (0, "")
    assert "\r\n" in out and out.count("\n") == out.count("\r\n")  # CRLF line ends
    return sheet_of(out)


def test_standings_read_back_are_the_store_s_standings(url, capsys) -> None:
    header, *rows = csv_out(url, capsys, "standings", "--league", LEAGUE)
    assert header[:7] == ["Rank", "Player", "Nights", "Hands", "Points", "Money (cents)", "Score"]
    db = open_database(url)
    expected = standings(db, Period(LEAGUE)).everyone
    db.dispose()
    read = [dict(zip(header, row, strict=True)) for row in rows]
    assert [r["Player"] for r in read] == [s.player for s in expected]
    for row, standing in zip(read, expected, strict=True):
        assert int(row["Rank"]) == standing.rank
        assert int(row["Points"]) == standing.points
        assert int(row["Money (cents)"]) == standing.cents
        assert (int(row["Nights"]), int(row["Hands"])) == (standing.nights, standing.hands)
    assert sum(int(r["Points"]) for r in read) == sum(int(r["Money (cents)"]) for r in read) == 0


def test_every_night_read_back_is_the_night_the_core_scores(url, capsys) -> None:
    db = open_database(url)
    nights = [n.id for n in list_nights(db)]
    results = {n: night_result(db, night_id=n) for n in nights}
    db.dispose()
    for night_id in nights:
        header, *rows = csv_out(url, capsys, "export", "--night", str(night_id))
        result = results[night_id]
        players = list(result.players)
        assert header == ["Hand", "Dealer", "Played", "Multiplier", *players]
        *hands, total, money = rows
        assert len(hands) == len(result.hands)
        for row, hand in zip(hands, result.hands, strict=True):
            assert int(row[0]) == hand.number and int(row[3]) == hand.multiplier
            assert row[2] == hand.summary
            points = {p: int(c) for p, c in zip(players, row[4:], strict=True) if c != ""}
            assert points == {p: hand.points[p] for p in hand.active}
            assert sum(points.values()) == 0
        assert total == ["Total", "", "", "", *[str(result.total_points[p]) for p in players]]
        assert money == [
            "Money (cents)",
            "",
            "",
            "",
            *[str(result.total_cents[p]) for p in players],
        ]


def test_a_player_s_statistics_read_back_are_the_store_s(url, capsys) -> None:
    rows = csv_out(url, capsys, "stats", "--league", LEAGUE, "--player", "ann")
    db = open_database(url)
    stats = player_statistics("Ann", hand_facts(db, Period(LEAGUE), player="ann"))
    db.dispose()
    assert rows[0] == ["Statistic", "Value", "Out of"]
    values = {label: (value, of) for label, value, of in rows[1:]}
    assert values["Player"] == ("Ann", "")
    assert values["Points"] == (str(stats.points), "")
    assert values["Money (cents)"] == (str(stats.cents), "")
    assert values["Won as picker"] == (str(stats.picker.won), str(stats.picker.hands))
    assert values["Leasters won"] == (str(stats.leasters.won), str(stats.leasters.hands))


@pytest.mark.parametrize("mode", ["simplify", "direct"])
def test_the_money_read_back_is_the_league_s_debts_payments_and_what_is_owed(
    url, capsys, mode
) -> None:
    header, *rows = csv_out(url, capsys, "debts", "--league", LEAGUE, "--mode", mode)
    assert header == ["Kind", "Night", "Date", "From", "To", "Amount (cents)"]
    db = open_database(url)
    money = league_money(db, league=LEAGUE)
    db.dispose()

    def kind(name: str) -> list[tuple[str, str, int]]:
        return [(r[3], r[4], int(r[5])) for r in rows if r[0] == name]

    assert kind("debt") == [(d.debtor, d.creditor, d.cents) for d in money.debts]
    assert kind("payment") == [(p.payer, p.payee, p.cents) for p in money.payments]
    assert kind("owed now") == [(p.payer, p.payee, p.cents) for p in money.outstanding(mode)]
    # The balances follow from the rows: owed to a player less owed by them, plus paid.
    balance: dict[str, int] = {}
    for what, payer, payee, cents in [(r[0], r[3], r[4], int(r[5])) for r in rows]:
        sign = {"debt": 1, "payment": -1, "owed now": 0}[what]
        balance[payee] = balance.get(payee, 0) + sign * cents
        balance[payer] = balance.get(payer, 0) - sign * cents
    assert {p: b for p, b in balance.items() if b} == {p: b for p, b in money.balances.items() if b}


def test_names_that_would_be_formulas_are_text_and_negative_points_stay_numbers(
    tmp_path, capsys
) -> None:
    url = f"sqlite:///{tmp_path / 'hostile.sqlite3'}"
    players = ['=HYPERLINK("http://evil.example","win")', "+cmd", "@SUM(1)", "Dee", "-Eve"]
    db = open_database(url)
    import_night(
        db,
        night_doc("classic-5", [pick("+cmd", points=50, tricks=3)], players)
        | {"league": "=League", "date": "2026-11-03"},
    )
    db.dispose()
    header, hand, total, _ = csv_out(url, capsys, "export", "--night", "1")
    assert header[4:] == ["'" + p if p[0] in "=+@-" else p for p in players]
    assert hand[4:] == ["1", "-4", "1", "1", "1"]  # the picker alone lost: -4, a number
    assert total[4:] == hand[4:]
    standings_rows = csv_out(url, capsys, "standings", "--league", "=League")
    names = [row[1] for row in standings_rows[1:]]
    assert "'+cmd" in names and '\'=HYPERLINK("http://evil.example","win")' in names
    assert all(not row[1].startswith(("=", "+", "-", "@")) for row in standings_rows[1:])
    assert [row[4] for row in standings_rows[1:] if row[1] == "'+cmd"] == ["-4"]


def test_o_writes_the_spreadsheet_to_a_file_whole(url, tmp_path, capsys) -> None:
    target = tmp_path / "standings.csv"
    status, out, err = run(
        "--database",
        url,
        "standings",
        "--league",
        LEAGUE,
        "--csv",
        "-o",
        str(target),
        capsys=capsys,
    )
    assert (status, out, err) == (0, "", "")
    assert target.read_bytes().startswith(b"\xef\xbb\xbfRank,Player,")
    night = tmp_path / "night.csv"
    assert (
        run("--database", url, "export", "--night", "1", "--csv", "-o", str(night), capsys=capsys)[
            0
        ]
        == 0
    )
    assert sheet_of(night.read_text("utf-8"))[0][0] == "Hand"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["standings", "--league", LEAGUE, "-o", "x.csv"],
            "-o: names the spreadsheet's file; give --csv too",
        ),
        (["standings", "--league", "Nobody's", "--csv"], "--league: there is no league"),
        (["export", "--night", "99", "--csv"], "there is no night 99"),
        (
            ["debts", "--league", LEAGUE, "--csv", "-o", "/no/such/folder/x.csv"],
            "/no/such/folder/x.csv: cannot write it (No such file or directory)",
        ),
    ],
)
def test_bad_input_is_named_with_status_2_and_nothing_written(
    url, capsys, tmp_path, args, message, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run("--database", url, *args, capsys=capsys)
    assert (status, out) == (2, "")
    assert err.startswith("scorekeeper: ") and message in err, err
    assert [p.name for p in tmp_path.iterdir() if ".csv" in p.name] == []


def test_csv_and_json_are_one_or_the_other(url, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        run(
            "--database",
            url,
            "stats",
            "--league",
            LEAGUE,
            "--player",
            "Ann",
            "--json",
            "--csv",
            capsys=capsys,
        )
    assert exit_.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
    assert json.loads(
        run("--database", url, "standings", "--league", LEAGUE, "--json", capsys=capsys)[1]
    )


def csv_bytes(url: str, capsys, language: str, monkeypatch, *args: str) -> str:
    """What `scorekeeper ARGS --csv` writes with LANGUAGE set so."""
    monkeypatch.setenv("LANGUAGE", language)
    status, out, err = run("--database", url, *args, "--csv", capsys=capsys)
    assert (status, err) == (0, "")
    return out


def test_every_spreadsheet_is_the_same_file_in_german_and_english(url, capsys, monkeypatch) -> None:
    """A CSV is a file, and files stay English: the statistics' calls ("calling
    ace-hearts", "playing Wenz") and every other cell read the same under LANGUAGE=de."""
    db = open_database(url)
    schafkopf = [call(50, 3), solo("wenz", 80, 5, laufende=2), solo("wenz", 40, 3)]
    night = {**night_doc("schafkopf", schafkopf, FOUR), "league": "Stammtisch"}
    night_id = import_night(db, night)
    db.dispose()
    commands = [
        ("standings", "--league", LEAGUE),
        ("standings", "--league", "Stammtisch"),
        ("stats", "--league", LEAGUE, "--player", "ann"),
        ("stats", "--league", "Stammtisch", "--player", "ann"),
        ("debts", "--league", LEAGUE),
        ("export", "--night", "1"),
        ("export", "--night", str(night_id)),
    ]
    try:
        for args in commands:
            english = csv_bytes(url, capsys, "en", monkeypatch, *args)
            german = csv_bytes(url, capsys, "de", monkeypatch, *args)
            assert german == english, args
    finally:
        i18n.set_language("en")
    english = csv_bytes(url, capsys, "en", monkeypatch, *commands[3])
    assert '"Won as declarer, playing Wenz",1,2' in english.splitlines()
    english = csv_bytes(url, capsys, "en", monkeypatch, *commands[2])
    assert any(line.startswith('"Won as picker, calling ace-') for line in english.splitlines())
