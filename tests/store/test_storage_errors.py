"""What the store refuses is said in the user's words: a StorageError about something
the user gave names it as the window does ("league", "paid to", "amount"), never by
a command-line flag, and reads "FIELD: MESSAGE" wherever the window shows it.  (The
command line puts the flag back: tests/cli/test_field_flags.py.)"""

from __future__ import annotations

import ast
import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, get_args

import pytest

import scorekeeper
from scorekeeper.games import preset_rules
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.reports.build import pad_pdf, statements_pdf
from scorekeeper.sample import sample_night_document
from scorekeeper.store import league as leagues
from scorekeeper.store import league_hands
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import Field, StorageError, field_name
from scorekeeper.store.merge import merge_players
from scorekeeper.store.money import record_league_payment
from scorekeeper.store.night_import import create_night, export_night, import_night
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.people import rename_player, retire_player
from scorekeeper.store.seats import join_night, leave_night
from scorekeeper.store.tonight import record_payment
from scorekeeper.store.tournament_draw import draw_session
from scorekeeper.store.tournament_results import add_penalty, remove_penalty, standings
from scorekeeper.store.tournaments import create_tournament, register, tournament_named
from scorekeeper.tournament.prizes import Payout

LEAGUE = "Tuesday Night League"
DAY = dt.date(2026, 11, 22)


def pay(payer: str, payee: str, cents: int) -> Callable[[Database, int], Any]:
    return lambda db, _: record_league_payment(
        db, league=LEAGUE, payer=payer, payee=payee, cents=cents, paid_on=DAY
    )


def tournament(db: Database, **change: Any) -> Any:
    """A tournament made with CHANGE to its values (each refused alone)."""
    values = dict(
        name="Open", date=DAY, rules=preset_rules("jack-of-diamonds-5"), sessions=3, hands=20
    )
    return create_tournament(db, **(values | change))


def drawn(db: Database) -> Any:
    """The sample's six and four more registered, and the first session drawn."""
    made = tournament(db)
    register(db, made, ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"])
    draw_session(db, made, 1, seed=1)
    return made


# What each refusal is about, how it begins, and a change that asks for it (given the
# database and the id of the sample night: Ann, Bob, Cal, Dee, Eve and Fay, 7 hands).
REFUSALS: list[tuple[Field, str, Callable[[Database, int], Any]]] = [
    ("league", "there is no league 'Nope'", lambda db, _: list_nights(db, league="Nope")),
    (
        "league",
        "there is no league 'Nope'",
        lambda db, _: leagues.standings(db, leagues.Period("Nope")),
    ),
    (
        "season",
        f"league '{LEAGUE}' has no season 'Winter'",
        lambda db, _: leagues.standings(db, leagues.Period(LEAGUE, season="Winter")),
    ),
    (
        "player",
        "there is no player 'Zed'",
        lambda db, _: league_hands.hand_facts(db, leagues.Period(LEAGUE), player="Zed"),
    ),
    (
        "league",
        "'Tue\\x1b' contains a control character",
        lambda db, _: leagues.save_league(db, name="Tue\x1b"),
    ),
    (
        "season",
        "a name cannot be empty",
        lambda db, _: leagues.save_season(db, league=LEAGUE, name=" "),
    ),
    (
        "currency",
        "'XYZ' is not an ISO 4217 currency code",
        lambda db, _: leagues.save_league(db, name=LEAGUE, currency="XYZ"),
    ),
    ("amount", "0 is not a positive number of cents", pay("Ann", "Bob", 0)),
    (
        "note",
        "'xxxxxxxxxxxxxxxxxxxxxxx…' is 201 characters long; at most 200",
        lambda db, _: record_league_payment(
            db, league=LEAGUE, payer="Ann", payee="Bob", cents=5, note="x" * 201
        ),
    ),
    (
        "amount",
        f"{MAX_AMOUNT + 1:,} is more than the most Scorekeeper keeps",
        pay("Ann", "Bob", MAX_AMOUNT + 1),
    ),
    ("paid by", "there is no player 'Zed'", pay("Zed", "Bob", 5)),
    ("paid to", "there is no player 'Zed'", pay("Ann", "Zed", 5)),
    ("paid to", "a player cannot pay themselves", pay("Ann", "ann", 5)),
    ("paid to", "(pot) is the table's Schafkopf pot, not a person", pay("Ann", "(pot)", 5)),
    (
        "paid by",
        "(pot) is the table's Schafkopf pot, not a person",
        lambda db, night: record_payment(
            db, night_id=night, payer="(pot)", payee="Ann", cents=5, paid_on=DAY
        ),
    ),
    ("night", "there is no night 99", lambda db, _: export_night(db, night_id=99)),
    (
        "player",
        "'Fay\\x00' contains a control character",
        lambda db, night: join_night(db, night_id=night, player="Fay\x00"),
    ),
    (
        "first hand",
        "99 is not between 1 and 8",
        lambda db, night: join_night(db, night_id=night, player="Gus", from_hand=99),
    ),
    (
        "last hand",
        "99 is not between 0 and 7",
        lambda db, night: leave_night(db, night_id=night, player="Ann", after_hand=99),
    ),
    (
        "player",
        "'Zed' has no seat at “",  # the night as people know it, never its id
        lambda db, night: leave_night(db, night_id=night, player="Zed"),
    ),
    ("player", "there is no player 'Zed'", lambda db, _: rename_player(db, old="Zed", new="Zoe")),
    (
        "new name",
        "there is already a player 'Bob'",
        lambda db, _: rename_player(db, old="Ann", new="BOB"),
    ),
    (
        "new name",
        "(pot) is the Schafkopf pot's name, not a player's",
        lambda db, _: rename_player(db, old="Ann", new="(pot)"),
    ),
    ("new name", "a name cannot be empty", lambda db, _: rename_player(db, old="Ann", new="  ")),
    (
        "merged into",
        "'Ann' and 'Bob' sat at one night",
        lambda db, _: merge_players(db, player="Ann", into="Bob"),
    ),
    ("player", "there is no player 'Zed'", lambda db, _: retire_player(db, name="Zed")),
    (
        "player",
        f"'Zed' has no nights or money in '{LEAGUE}'",
        lambda db, _: statements_pdf(db, league=LEAGUE, players=["Zed"]),
    ),
    ("players", "a table has 3 to 8 players, not 2", lambda db, _: pad_pdf(["Ann", "Bob"])),
    (
        "table",
        f"{LEAGUE} has a night at table 1 on",
        lambda db, _: create_night(
            db,
            players=["Ann", "Bob", "Cal", "Dee", "Eve"],
            rules=preset_rules("classic-5"),
            league=LEAGUE,
            date=dt.date(2026, 11, 17),  # the sample night's
            table="1",
        ),
    ),
    ("database", "'nowhere' is not a database URL", lambda db, _: open_database("nowhere")),
    (
        "tournament",
        "there is no tournament 'Nope'",
        lambda db, _: tournament_named(db, "Nope"),
    ),
    ("sessions", "0 is not between 1 and 20", lambda db, _: tournament(db, sessions=0)),
    ("hands", "0 is not between 1 and 500", lambda db, _: tournament(db, hands=0)),
    ("entry fee", "-1 is not between 0 and", lambda db, _: tournament(db, entry_cents=-1)),
    (
        "payout",
        "places: the places and the sessions' top scorers add up to 45%",
        lambda db, _: tournament(db, payout=Payout(places=(30,))),
    ),
    (
        "tie-breaks",
        "'coin-toss' is not one of",
        lambda db, _: tournament(db, tie_breaks=("coin-toss",)),
    ),
    ("uneven", "must be larger or smaller", lambda db, _: tournament(db, uneven="sideways")),
    (
        "rules",
        "rules.tricks: 4 players with 6 cards each",
        lambda db, _: tournament(db, rules=replace(preset_rules("classic-5"), dealt_in=4)),
    ),
    ("session", "4 is not between 1 and 3", lambda db, _: draw_session(db, drawn(db), 4)),
    ("seed", "-1 is not between 0 and", lambda db, _: draw_session(db, drawn(db), 1, seed=-1)),
    (
        "points",
        "a penalty takes 1 point or more",
        lambda db, _: add_penalty(db, drawn(db), 1, "Ann", 0),
    ),
    (
        "reason",
        "is longer than 200 characters",
        lambda db, _: add_penalty(db, drawn(db), 1, "Ann", 4, "x" * 201),
    ),
    ("penalty", "there is no penalty 999", lambda db, _: remove_penalty(db, drawn(db), 999)),
    ("after", "9 is not between 1 and 3", lambda db, _: standings(db, drawn(db), through=9)),
]


@pytest.mark.parametrize(("field", "begins", "change"), REFUSALS)
def test_a_refusal_names_the_field_in_the_users_words(
    db: Database, field: Field, begins: str, change: Callable[[Database, int], Any]
) -> None:
    night_id = import_night(db, sample_night_document())
    with pytest.raises(StorageError) as refused:
        change(db, night_id)
    error = refused.value
    assert error.field == field and error.message.startswith(begins)
    assert str(error) == f"{field_name(field)}: {error.message}"  # what the window shows
    assert "--" not in str(error)


def test_every_field_is_asked_for_somewhere() -> None:
    assert {field for field, _, _ in REFUSALS} == set(get_args(Field))


def test_an_error_about_no_one_field_is_its_message() -> None:
    error = StorageError("there is no hand 4")
    assert (str(error), error.message, error.field) == (
        "there is no hand 4",
        "there is no hand 4",
        None,
    )


def _storage_errors(root: Path) -> list[tuple[str, int, ast.Call]]:
    calls = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "StorageError":
                calls.append((str(path.relative_to(root.parent)), node.lineno, node))
    return calls


def test_no_storage_error_begins_with_a_flag() -> None:
    """Read from the source, so a message added later is held to it too."""
    calls = _storage_errors(Path(scorekeeper.__file__).parent)
    assert len(calls) > 50
    for where, line, call in calls:
        message = call.args[0] if call.args else None
        first = message.values[0] if isinstance(message, ast.JoinedStr) else message
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            assert not first.value.lstrip().startswith("-"), f"{where}:{line}"
