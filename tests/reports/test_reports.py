"""The PDF reports read back with pypdf: the exact totals, settlement lines, standings
and balances that the core computed, names printed as people write them, and long
nights running over pages with the column header on each."""

from __future__ import annotations

import datetime as dt
import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from scorekeeper import i18n
from scorekeeper.formatting import line_look, money, short_date, short_iso
from scorekeeper.night import score_night
from scorekeeper.reports import build
from scorekeeper.reports.data import signed
from scorekeeper.reports.render import ReportCancelled
from scorekeeper.sample import _sample_hand, sample_league_documents, sample_night_document
from scorekeeper.standings import StandingsOptions, compute_standings
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.league import Period, league_info, night_lines
from scorekeeper.store.money import league_money, record_league_payment
from scorekeeper.store.night_import import import_night
from scorekeeper.store.night_reads import load_stored_night
from scorekeeper.store.tonight import set_closed

NAMES = ["Łukasz", "Zoë <b>&", "O'Neil", "Ann", "Bob"]
LEAGUE = "Tuesday Night League"


def usd(cents: int) -> str:
    """CENTS as the reports show US dollars (the sample's, in English)."""
    return money(cents, "USD")


def pages(data: bytes) -> list[list[str]]:
    """Each page's text, a line per table cell or paragraph line."""
    assert data.startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(data))
    return [[line.strip() for line in page.extract_text().splitlines()] for page in reader.pages]


def after(lines: list[str], label: str, count: int) -> list[str]:
    """The COUNT cells after the cell LABEL."""
    index = lines.index(label)
    return lines[index + 1 : index + 1 + count]


def night_document(players: list[str], hands: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    return {
        "format": "sheepshead-night/1",
        "date": "2026-11-20",
        "league": LEAGUE,
        "season": "Fall",
        "table": "2",
        "rules": {"preset": "classic-5", "stake_cents": 25},
        "players": players,
        "hands": [_sample_hand(rng, players, n) for n in range(hands)],
    }


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    yield database
    database.dispose()


def test_night_report_prints_the_cores_totals_money_and_settlement(db: Database) -> None:
    night_id = import_night(db, night_document(NAMES, 12, seed=5))
    result = score_night(load_stored_night(db, night_id=night_id))
    text = [line for page in pages(build.night_pdf(db, night_id=night_id)) for line in page]
    assert after(text, "Total", 5) == [signed(result.total_points[p]) for p in NAMES]
    assert after(text, "Money", 5) == [usd(result.total_cents[p]) for p in NAMES]
    settlement = after(text, "Settlement", len(result.settlement))
    assert settlement == [
        f"{p.payer} pays {p.payee} {money(p.cents, 'USD')}" for p in result.settlement
    ]
    assert any("Zoë <b>&" in line for line in settlement)  # printed literally, not as markup
    for name in NAMES:
        assert name in text
    running = result.running_points()[-1]
    hand_12 = text.index("12")  # the last hand's row: its cells, then each player's pair
    assert text[hand_12 + 8 :][: 2 * len(NAMES)][1::2] == [str(running[p]) for p in NAMES]


def test_the_night_reports_sheet_marks_each_hand_as_the_windows_sheet_does(
    db: Database,
) -> None:
    """The sample night's first hand: Bob picked, Dee his partner, Ann dealt and sat
    out; the printed row carries the letters the window's sheet shows beside the points
    (a trial's PDF had none), and a line under the sheet says what they mean."""
    night_id = import_night(db, sample_night_document())
    text = [line for page in pages(build.night_pdf(db, night_id=night_id)) for line in page]
    first = text.index("1")  # hand 1's row: its hand cells, then each player's pair
    cells = text[first + 7 :][:12]  # (no ×: the row's empty cells are not read)
    players = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
    shown = dict(zip(players, cells[::2], strict=True))
    assert shown == {
        "Ann": "— D",
        "Bob": "+2 P",
        "Cal": "-1",
        "Dee": "+1 p",
        "Eve": "-1",
        "Fay": "-1",
    }
    legend = "Marks: P picker, p partner, L leaster winner, M misplayer, D dealer, — sat out"
    assert legend in text
    assert "+4 L" in text and "-4 M" in text  # Fay's leaster, Ann's misplay


def test_the_night_reports_settlement_says_what_has_been_paid(db: Database) -> None:
    """A payment marked at the night's Settle up, and half of another recorded in the
    league window: the settlement says which is paid and when, what is still owed of
    each, and in all (a trial's PDF listed the payments as if none had been made)."""
    from scorekeeper.store.tonight import record_payment

    night_id = import_night(db, sample_night_document() | {"currency": "USD"})
    first, second, *rest = score_night(load_stored_night(db, night_id=night_id)).settlement
    day = dt.date(2026, 11, 17)
    record_payment(
        db,
        night_id=night_id,
        payer=second.payer,
        payee=second.payee,
        cents=second.cents,
        paid_on=day,
    )
    half = first.cents // 2
    later = dt.date(2026, 11, 20)
    record_league_payment(
        db, league=LEAGUE, payer=first.payer, payee=first.payee, cents=half, paid_on=later
    )
    text = [line for page in pages(build.night_pdf(db, night_id=night_id)) for line in page]
    lines = after(text, "Settlement", 3 + len(rest))
    assert lines[:2] == [
        f"{first.payer} pays {first.payee} {usd(first.cents)} — {usd(half)} paid on "
        f"{short_date(later)}; {usd(first.cents - half)} still owed",
        f"{second.payer} pays {second.payee} {usd(second.cents)} — paid on {short_date(day)} ✓",
    ]
    assert lines[2:-1] == [f"{p.payer} pays {p.payee} {usd(p.cents)} — not paid yet" for p in rest]
    owed = first.cents - half + sum(p.cents for p in rest)
    assert lines[-1] == f"Still owed: {usd(owed)}."


def test_a_player_has_one_colour_on_the_night_page_and_the_league_page(db: Database) -> None:
    """Each night's running totals and the league's leaders draw a player in the same
    colour and dash, their place in the league's roster (a trial's were their place on
    each chart: the night's seat, the league's rank, and Ann changed colour)."""
    from scorekeeper.store.league import league_roster

    ids = [import_night(db, d) for d in sample_league_documents()]
    leaders = {name: look for name, _points, look in build.league_data(db, league=LEAGUE).leaders}
    roster = league_roster(db, league=LEAGUE)
    assert len(leaders) == 6 and len(roster) == 12
    compared = 0
    for night_id in ids:
        for name, _points, look in build.night_data(db, night_id=night_id).running:
            assert look == line_look(roster.index(name)), name
            if name in leaders:
                assert look == leaders[name], name
                compared += 1
    assert compared > 6  # every leader on a night of theirs, and more than once


def test_a_league_of_one_night_charts_a_marker_and_value_per_leader(db: Database) -> None:
    """With one night, the leaders' chart is each leader's points after it, a marker
    each with its value written (from 0 to the night it was a fan of lines; a balance of
    one day, a vertical stroke)."""
    night_id = import_night(db, sample_night_document())
    set_closed(db, night_id=night_id, closed=True)
    report = build.league_data(db, league=LEAGUE)
    totals = score_night(load_stored_night(db, night_id=night_id)).total_points
    assert [(name, points) for name, points, _look in report.leaders] == [
        (name, ((1.0, float(totals[name])),)) for name, _p, _l in report.leaders
    ]
    text = [line for page in pages(build.league_pdf(db, league=LEAGUE)) for line in page]
    chart = text[text.index("Points of the leading players, night by night") :]
    for name, _points, _look in report.leaders:
        assert signed(totals[name]) in chart, name


def test_the_night_reports_rules_say_the_stake_once(db: Database) -> None:
    """'Stake $0.10 a point.' then, among the options changed, 'Stake a point: $0.10'
    (a trial): the stake is said once, the other options changed still listed."""
    document = night_document(NAMES, 3, seed=2)
    document["rules"] = {"preset": "classic-5", "stake_cents": 10, "leaster_tie": "all-win"}
    night_id = import_night(db, document)
    text = [line for page in pages(build.night_pdf(db, night_id=night_id)) for line in page]
    rules = " ".join(text[: text.index("#")])  # the header, before the sheet
    assert rules.count("Stake") == 1 and "Stake $0.10 a point." in rules
    assert "Changed from classic-5:" in rules and "Tie in a leaster: all tied win" in rules


def test_night_report_in_german(db: Database) -> None:
    """The night's page in German: its headings, totals, settlement and page numbers
    (money and dates as the locale writes them, not asked here)."""
    night_id = import_night(db, night_document(NAMES, 40, seed=5))
    result = score_night(load_stored_night(db, night_id=night_id))
    i18n.set_language("de")
    try:
        printed = pages(build.night_pdf(db, night_id=night_id))
    finally:
        i18n.set_language("en")
    text = [line for page in printed for line in page]
    # Titled as the window titles it, the date as the locale writes it, never by its id.
    assert text[0] == "Tuesday Night League · 20.11.26 · Tisch 2"
    filing = text[1].split(" · ")
    assert filing[:2] == ["Liga: Tuesday Night League", "Saison: Fall"]
    assert [f.split(":")[0] for f in filing[2:]] == ["Datum", "Tisch"]
    assert after(text, "Summe", 5) == [signed(result.total_points[p]) for p in NAMES]
    assert "Geld" in text
    settlement = after(text, "Abrechnung", len(result.settlement))
    said = [f"{p.payer} zahlt {p.payee} " for p in result.settlement]  # then the amount
    assert [line[: len(start)] for line, start in zip(settlement, said, strict=True)] == said
    assert "Kennzahlen" in text and "Zwischenstände" in text
    assert len(printed) >= 2
    for number, page in enumerate(printed, start=1):
        assert f"Seite {number} von {len(printed)}" in page


def test_a_60_hand_night_runs_over_pages_each_with_the_column_header(db: Database) -> None:
    night_id = import_night(db, night_document(NAMES, 60, seed=9))
    printed = pages(build.night_pdf(db, night_id=night_id))
    sheet = []  # the pages of the score sheet: up to the one where the settlement starts
    for page in printed:
        sheet.append(page)
        if "Settlement" in page:
            break
    assert len(sheet) >= 2 and len(printed) >= 3
    for number, page in enumerate(printed, start=1):
        assert f"page {number} of {len(printed)}" in page
    for page in sheet:
        header = page.index("#")
        assert page[header : header + 8] == [
            "#",
            "Dealer",
            "Picker",
            "Partner",
            "Pts",
            "Tr.",
            "Outcome",
            "×",
        ]
        assert page[header + 8 : header + 13] == NAMES
    rows = {line for page in sheet for line in page}
    assert {str(n) for n in range(1, 61)} <= rows  # every hand is on the sheet


@pytest.fixture
def league(db: Database) -> list[int]:
    ids = [import_night(db, document) for document in sample_league_documents()]
    for night_id in ids:
        set_closed(db, night_id=night_id, closed=True)
    return ids


def test_league_report_prints_the_standings_the_core_ranked(db: Database, league) -> None:
    info = league_info(db, league=LEAGUE)
    standings = compute_standings(night_lines(db, Period(LEAGUE)), info.standings)
    printed = pages(build.league_pdf(db, league=LEAGUE))
    text = [line for page in printed for line in page]
    start = text.index("Leasters") + 1  # the end of the standings' header
    for offset, row in enumerate(standings.qualified):
        cells = text[start + 11 * offset : start + 11 * offset + 6]
        assert cells == [
            str(row.rank),
            row.player,
            str(row.nights),
            str(row.hands),
            signed(row.points),
            usd(row.cents),
        ]
    for line in info.standings.describe():
        assert line in " ".join(text)
    assert "Points of the leading players, night by night" in text


def test_a_hand_changed_after_it_was_recorded_is_marked_in_the_night_report(
    db: Database,
) -> None:
    from scorekeeper.store import hand_writes
    from scorekeeper.store.night_import import night_as_stored

    night_id = import_night(db, night_document(NAMES[:5], hands=3, seed=4))
    second = night_as_stored(db, night_id=night_id).hand_ids[1]
    record = export_night_hands(db, night_id)[1]
    hand_writes.edit_hand(db, hand_id=second, hand={**record, "note": "corrected"})
    text = [line for page in pages(build.night_pdf(db, night_id=night_id)) for line in page]
    joined = " ".join(text)
    assert "2*" in text and "1*" not in text and "3*" not in text
    assert (
        f"* changed after it was recorded; every version: scorekeeper history --night {night_id}"
        in joined
    )


def export_night_hands(db: Database, night_id: int) -> list[dict[str, Any]]:
    from scorekeeper.store.night_import import export_night

    hands: list[dict[str, Any]] = export_night(db, night_id=night_id)["hands"]
    return hands


def test_a_league_ranked_by_placement_prints_the_placement_points_it_ranks_by(
    db: Database, league
) -> None:
    """The league report shows the score its players are ranked by (placement points,
    after Money, as the window shows them); ranked by points it has no such column."""
    from scorekeeper.store.league import save_league

    assert "Score" not in " ".join(pages(build.league_pdf(db, league=LEAGUE))[0])
    save_league(db, name=LEAGUE, standings=StandingsOptions(rank_by="placement"))
    info = league_info(db, league=LEAGUE)
    standings = compute_standings(night_lines(db, Period(LEAGUE)), info.standings)
    text = [line for page in pages(build.league_pdf(db, league=LEAGUE)) for line in page]
    header = text.index("Score")
    assert text[header - 1 : header + 2] == ["Money", "Score", "Pts/hand"]
    start = text.index("Leasters") + 1
    for offset, row in enumerate(standings.qualified):
        cells = text[start + 12 * offset : start + 12 * offset + 7]
        assert cells[1] == row.player and cells[6] == str(row.score) == str(row.placement_points)


def test_season_league_report_lists_only_that_seasons_nights(db: Database, league) -> None:
    text = [
        line
        for page in pages(build.league_pdf(db, league=LEAGUE, season="Fall 2026"))
        for line in page
    ]
    fall = [d for d in sample_league_documents() if d["season"] == "Fall 2026"]
    dates = [line for line in text if re.fullmatch(r"\d+/\d+/26", line)]  # the locale's short date
    assert sorted(dates) == sorted(short_iso(d["date"]) for d in fall)
    assert "Season Fall 2026" in text


def test_the_league_report_lists_each_night_s_players_literally_and_whole(db: Database) -> None:
    """A list of players that fits on a line is printed as it is (markup too), and one
    too long for its cell wraps with every name on the page."""
    import_night(db, night_document(NAMES, hands=3, seed=1))
    long = [f"{name} Wolfeschlegelsteinhausen" for name in NAMES]
    import_night(db, night_document(long, hands=3, seed=2))
    text = " ".join(line for page in pages(build.league_pdf(db, league=LEAGUE)) for line in page)
    assert ", ".join(NAMES) in text
    for name in long:
        assert name in text


def test_statement_shows_nights_and_what_is_owed_after_payments(db: Database, league) -> None:
    money = league_money(db, league=LEAGUE)
    debtor = next(p for p, c in money.balances.items() if c < -10)
    owed_to = next(p.payee for p in money.outstanding() if p.payer == debtor)
    record_league_payment(db, league=LEAGUE, payer=debtor, payee=owed_to, cents=10)
    balance = league_money(db, league=LEAGUE).balances[debtor]
    (page,) = pages(build.statements_pdf(db, league=LEAGUE, players=[debtor.lower()]))
    assert f"Statement: {debtor}" in page
    assert f"{debtor} owes {usd(-balance)}." in page
    assert any(line.endswith(f"{debtor} paid {owed_to} $0.10") for line in page)
    lines = [n for n in night_lines(db, Period(LEAGUE)) if n.player == debtor]
    assert after(page, "Total", 2) == [
        signed(sum(n.points for n in lines)),
        usd(sum(n.cents for n in lines)),
    ]


def test_statements_for_everyone_give_a_page_each(db: Database, league) -> None:
    printed = pages(build.statements_pdf(db, league=LEAGUE))
    players = {
        line.removeprefix("Statement: ")
        for page in printed
        for line in page
        if line.startswith("Statement: ")
    }
    assert len(printed) == len(players) == len(league_money(db, league=LEAGUE).balances)


def test_a_blank_pad_is_one_page_with_every_name() -> None:
    (page,) = pages(build.pad_pdf(["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]))
    for name in ("Ann", "Hal", "Dealer", "Picker", "Total"):
        assert name in page


def test_a_report_can_be_cancelled_while_it_is_laid_out(db: Database) -> None:
    night_id = import_night(db, night_document(NAMES, 60, seed=9))

    def cancel(kind: str, value: int) -> None:
        if kind == "PAGE":
            raise ReportCancelled("cancelled")

    with pytest.raises(ReportCancelled):
        build.night_pdf(db, night_id=night_id, progress=cancel)


def test_a_schafkopf_night_report_names_the_games_and_pays_the_pot(db: Database) -> None:
    from tests.store.corpus import schafkopf_nights

    night_id = import_night(db, schafkopf_nights()[0])
    result = score_night(load_stored_night(db, night_id=night_id))
    assert result.pot
    text = [line for page in pages(build.night_pdf(db, night_id=night_id)) for line in page]
    players = list(result.players)
    assert after(text, "Total", len(players)) == [signed(result.total_points[p]) for p in players]
    settlement = after(text, "Settlement", len(result.settlement))
    assert settlement == [
        f"{p.payer} pays {p.payee} {money(p.cents, 'USD')}" for p in result.settlement
    ]
    assert any("pays (pot)" in line for line in settlement)
    for words in (
        "Declarer",
        "Game",
        "Sauspiel lost",
        "Wenz won",
        "Null lost",
        "Farbsolo Tout won",
    ):
        assert words in text, words
    assert any(line.startswith("Schafkopf") or "Schafkopf, four dealt in" in line for line in text)


def test_the_rules_section_says_every_changed_house_rule_in_words_not_keys(db: Database) -> None:
    """Each option the night changed from its preset, at either game, named by its label
    and its value in words (a choice by its words, the stake as money), never by the
    night document's keys."""
    four = ["Ann", "Bob", "Cal", "Dee"]
    changed = {
        "preset": "schafkopf",
        "stake_cents": 25,
        "all_pass": "ramsch",
        "jungfrau": "none",
        "misplay_units": 30,
        "laufende_min": {"wenz": 3},
        "leaster_pay": "loser-pays",
        "bock_after": ["lost-solo", "kontra"],
        "tariff_schneider": 15,
    }
    schafkopf = {"format": "sheepshead-night/1", "players": four, "hands": [], "rules": changed}
    sheepshead = {
        "format": "sheepshead-night/1",
        "players": NAMES,
        "hands": [],
        "rules": {"preset": "classic-5", "double_on_the_bump": True, "partner": "none"},
    }
    lines = [
        line
        for page in pages(build.night_pdf(db, night_id=import_night(db, schafkopf)))
        for line in page
    ]
    section = " ".join(lines[lines.index("Changed from schafkopf:") :])
    assert "$0.25 a point" in " ".join(lines[: lines.index("Changed from schafkopf:")])
    for words in (
        "Misplay penalty: 30",
        "Who pays a leaster: the loser pays",
        "Extra for Schneider: 15",
        "Laufende count from: Wenz 3",
        "When all four pass: a Ramsch",
        "Jungfrau: changes nothing",
        "What starts Bock: a lost solo, a game with Kontra",
    ):
        assert words in section, words
    for key in [*changed, "loser-pays", "lost-solo", "wenz 3", " none"]:
        assert key not in section, key
    text = " ".join(
        line
        for page in pages(build.night_pdf(db, night_id=import_night(db, sheepshead)))
        for line in page
    )
    assert "Double on the bump: yes" in text
    assert "Partner: no partner" in text


def test_a_schafkopf_pad_is_a_schafkopf_pad() -> None:
    """The pad knows its game from the preset: its title and its columns' words."""
    (page,) = pages(build.pad_pdf(["Ann", "Bob", "Cal", "Dee"], preset="schafkopf"))
    assert "Schafkopf score pad" in page and "Sheepshead score pad" not in page
    assert "Declarer" in page and "Game" in page and "Picker" not in page
    (page,) = pages(build.pad_pdf(["Ann", "Bob", "Cal", "Dee", "Eve"]))
    assert "Sheepshead score pad" in page and "Picker" in page


def test_a_schafkopf_league_report_says_games_not_picks(db: Database) -> None:
    four = ["Ann", "Bob", "Cal", "Dee"]
    import_night(
        db,
        {
            "format": "sheepshead-night/1",
            "league": "Stammtisch",
            "date": "2026-05-05",
            "rules": "schafkopf",
            "players": four,
            "hands": [
                {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 75, "tricks": 5}
            ],
        },
    )
    text = [line for page in pages(build.league_pdf(db, league="Stammtisch")) for line in page]
    assert {"Games", "Games won", "Schneider"} <= set(text)
    assert not {"Picks", "Picks won", "Schneiders"} & set(text)


def placed_text(data: bytes) -> list[list[tuple[str, float, float]]]:
    """Each page's pieces of text, each with the middle of where it starts and ends
    across the page and its height on it (points from the bottom left)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from scorekeeper.reports.render import FONT

    pages: list[list[tuple[str, float, float]]] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: Any, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            pages[-1].append((text.strip(), x + stringWidth(text.strip(), FONT, size) / 2, y))

    for page in PdfReader(io.BytesIO(data)).pages:
        pages.append([])
        page.extract_text(visitor_text=visit)
    return pages


def axis_labels(data: bytes, title: str, axis_title: str) -> list[tuple[int, float]]:
    """The labels of the horizontal axis of the chart TITLE (the row of text just above
    its AXIS_TITLE), as (value, where its middle is across the page), left to right."""
    placed = next(page for page in placed_text(data) if title in [t for t, *_ in page])
    chart = [t for t, *_ in placed].index(title)
    below = next(y for t, _, y in placed[chart:] if t == axis_title)
    row = [(t, x) for t, x, y in placed[chart:] if below < y < below + 12]
    return sorted((int(t), x) for t, x in row)


def assert_each_label_at_its_value(labels: list[tuple[int, float]]) -> None:
    """Labels are distinct whole numbers, each as far along the axis as its value: the
    axis is linear, so equal steps of value are equal steps across the page."""
    values = [v for v, _ in labels]
    assert len(set(values)) == len(values), values
    (v0, x0), (v1, x1) = labels[0], labels[-1]
    per_unit = (x1 - x0) / (v1 - v0)
    for value, x in labels:
        assert x == pytest.approx(x0 + (value - v0) * per_unit, abs=0.5), (value, labels)


@pytest.mark.parametrize("hands", [1, 2, 3, 5, 12, 37])
def test_the_running_chart_labels_each_hand_once_under_its_point(db: Database, hands) -> None:
    night_id = import_night(db, night_document(NAMES, hands, seed=hands))
    labels = axis_labels(build.night_pdf(db, night_id=night_id), "Running totals", "hand")
    assert_each_label_at_its_value(labels)
    values = [value for value, _ in labels]
    step = values[1] - values[0]
    assert values[0] == 0 and values[-1] <= hands < values[-1] + step  # start to end
    assert len(values) >= min(hands + 1, 5)  # enough of them to read the chart by


def test_the_leaders_chart_labels_each_night_once_under_its_point(db: Database, league) -> None:
    labels = axis_labels(
        build.league_pdf(db, league=LEAGUE),
        "Points of the leading players, night by night",
        "night (in date order)",
    )
    assert_each_label_at_its_value(labels)
    assert [value for value, _ in labels] == list(range(len(league) + 1))


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (0, 0, [0, 1]),
        (0, 1, [0, 1]),
        (-1, 2, [-1, 0, 1, 2]),
        (0, 11, list(range(12))),
        (0, 12, list(range(0, 13, 2))),
        (-7.5, 3.2, list(range(-8, 5, 2))),
        (-130, 48, list(range(-140, 61, 20))),
        (0, 1000, list(range(0, 1001, 100))),
    ],
)
def test_a_charts_ticks_are_whole_numbers_at_a_round_step(low, high, ticks) -> None:
    from scorekeeper.formatting import MOST_TICKS, whole_ticks

    assert whole_ticks(low, high) == ticks
    assert len(ticks) <= MOST_TICKS
