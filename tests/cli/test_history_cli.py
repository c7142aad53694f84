"""`scorekeeper history --night ID [--hand N] [--json]`: every version of a night's
hands, when and on which computer, what each did to the money; a hand the night does
not have is named by its flag with status 2."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.store import hand_writes
from scorekeeper.store.database import open_database
from scorekeeper.store.night_import import import_night, night_as_stored
from scorekeeper.store.tables import this_computer
from tests.cli.test_store_cli import run
from tests.sheet import night_doc, pick

WIN = pick("Ann", "Cal", points=74, tricks=4)


def night_with_an_edit(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    db = open_database(url)
    night_id = import_night(db, night_doc("classic-5", [WIN, WIN]))
    second = night_as_stored(db, night_id=night_id).hand_ids[1]
    hand_writes.edit_hand(db, hand_id=second, hand={**WIN, "points": 95, "tricks": 5})
    db.dispose()
    return url


def test_a_hands_versions_say_when_where_and_what_each_did_to_the_money(
    tmp_path: Path, capsys
) -> None:
    url = night_with_an_edit(tmp_path)
    status, out, err = run(
        "--database", url, "history", "--night", "1", "--hand", "2", capsys=capsys
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Hand 2, version 1: recorded ")
    assert lines[0].endswith(f" on {this_computer()}")
    assert lines[1] == "  Ann and Cal took 74: a win. Ann +2, Cal +1, each defender -1."
    assert lines[2] == "  Money: Ann +$0.10, Bob -$0.05, Cal +$0.05, Dee -$0.05, Eve -$0.05"
    assert lines[3].startswith("Hand 2, version 2: changed ")
    assert lines[4].startswith("  Ann and Cal took 95: schneider.")
    assert lines[5] == "  Money: Ann +$0.10, Bob -$0.05, Cal +$0.05, Dee -$0.05, Eve -$0.05"
    assert len(lines) == 6


def test_the_whole_night_and_as_json(tmp_path: Path, capsys) -> None:
    url = night_with_an_edit(tmp_path)
    status, out, _ = run("--database", url, "history", "--night", "1", "--json", capsys=capsys)
    versions = json.loads(out)
    assert status == 0
    assert [(v["hand"], v["version"], v["action"]) for v in versions] == [
        (1, 1, "insert"),
        (2, 1, "insert"),
        (2, 2, "edit"),
    ]
    assert versions[2]["record"]["points"] == 95 and versions[2]["computer"] == this_computer()
    assert versions[2]["cents"] == {"Ann": 10, "Bob": -5, "Cal": 5, "Dee": -5, "Eve": -5}


def test_a_hand_the_night_has_not_is_named_by_its_flag(tmp_path: Path, capsys) -> None:
    url = night_with_an_edit(tmp_path)
    status, out, err = run(
        "--database", url, "history", "--night", "1", "--hand", "3", capsys=capsys
    )
    assert status == 2 and out == ""
    # The night as people know it (who played), then the id --night took.
    assert err == (
        "scorekeeper: --hand: “Ann, Bob, Cal, Dee, Eve” (night 1) has 2 hands, not a hand 3\n"
    )
    status, _, err = run("--database", url, "history", "--night", "7", capsys=capsys)
    assert status == 2 and "--night" in err and "Traceback" not in err


def test_a_change_of_the_note_alone_shows_in_the_history(tmp_path: Path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    db = open_database(url)
    night_id = import_night(db, night_doc("classic-5", [WIN]))
    only = night_as_stored(db, night_id=night_id).hand_ids[0]
    hand_writes.edit_hand(db, hand_id=only, hand={**WIN, "note": "Dee doubled"})
    db.dispose()
    _, out, _ = run("--database", url, "history", "--night", "1", capsys=capsys)
    lines = out.splitlines()
    assert lines[4].endswith("a win. Ann +2, Cal +1, each defender -1. Note: Dee doubled")
    assert lines[5] == "  Money: no change"


def test_a_change_of_the_nights_rules_is_in_its_whole_history(tmp_path: Path, capsys) -> None:
    from scorekeeper.games import parse_rules
    from scorekeeper.store.night_history import change_rules

    url = night_with_an_edit(tmp_path)
    db = open_database(url)
    rules = parse_rules({"preset": "classic-5", "stake_cents": 10})[0]
    assert rules is not None
    change_rules(db, night_id=1, rules=rules)
    db.dispose()
    status, out, _ = run("--database", url, "history", "--night", "1", capsys=capsys)
    lines = out.splitlines()
    assert status == 0 and len(lines) == 12
    assert lines[9].startswith("The night: house rules changed ")
    assert lines[10:] == [
        "  House rules: Stake a point",
        # the night's $0.30 to Ann at 5 cents a point, $0.60 at 10
        "  Money: Ann +$0.30, Bob -$0.15, Cal +$0.15, Dee -$0.15, Eve -$0.15",
    ]
    status, out, _ = run("--database", url, "history", "--night", "1", "--json", capsys=capsys)
    last = json.loads(out)[-1]
    assert (last["hand"], last["version"], last["action"]) == (None, None, "rules")
