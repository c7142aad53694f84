"""The one door every night document comes in by (`scorekeeper.json_input`): bounded,
strict JSON, and every wrong kind of value a status-2 message naming the field.

Each test here is a defect the reliability attack found (issue 15, points 3, 4, 5 and
10): each exited 1, ran out of memory, or accepted what it should refuse; or a message
its new-user trial found unclear, each checked as the user reads it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.fuzz import FIELD_LINE
from scorekeeper.cli import main
from scorekeeper.json_input import MAX_DEPTH, MAX_DOCUMENT_BYTES
from tests.cli.test_score_cli import GOOD, assert_refused, run
from tests.sheet import night_doc, pick

SOME_HAND = pick("Bob", "Dee", points=74, tricks=4, call="ace-hearts")


def good_text() -> str:
    return json.dumps(GOOD, ensure_ascii=True)


def test_a_lone_surrogate_in_a_note_is_refused_by_its_field(tmp_path: Path, capsys) -> None:
    document = night_doc("classic-5", [{**SOME_HAND, "note": "\ud800"}])
    text = json.dumps(document)  # ensure_ascii writes the "\ud800" escape
    assert_refused(run(tmp_path, text, capsys), "hand 1: note: holds a lone surrogate", "note")


def test_a_lone_surrogate_in_a_name_is_refused(tmp_path: Path, capsys) -> None:
    text = good_text().replace('"Eve"', '"Eve\\udc00"')
    assert_refused(run(tmp_path, text, capsys), "players[5]: holds a lone surrogate", "name")


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        ("type", ["pick"], "hand 1: type: ['pick'] is not a hand type"),
        ("type", {"pick": 1}, "hand 1: type: {'pick': 1} is not a hand type"),
        ("preset", ["classic-5"], "rules.preset: ['classic-5'] is not a preset"),
        ("preset", {"x": 1}, "rules.preset: {'x': 1} is not a preset"),
    ],
)
def test_a_list_or_object_where_a_word_goes_is_named(
    tmp_path: Path, capsys, where: str, value: object, message: str
) -> None:
    document = night_doc({"preset": "classic-5"}, [dict(SOME_HAND)])
    if where == "type":
        document["hands"][0]["type"] = value
    else:
        document["rules"]["preset"] = value
    assert_refused(run(tmp_path, document, capsys), message, where)


def test_a_list_of_lists_for_a_many_option_is_named(tmp_path: Path, capsys) -> None:
    document = night_doc({"preset": "schafkopf", "solos": [["wenz"]]}, [])
    assert_refused(run(tmp_path, document, capsys), "rules.solos:", "unhashable before")


def test_deep_nesting_is_refused_before_parsing(tmp_path: Path, capsys) -> None:
    deep = "[" * 5000 + "]" * 5000
    text = good_text()[:-1] + f', "deep": {deep}}}'
    assert_refused(run(tmp_path, text, capsys), "file: nests 5001 deep", "RecursionError")
    shallow = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    text = good_text()[:-1] + f', "deep": {shallow}}}'
    assert_refused(run(tmp_path, text, capsys), "deep: is not a field of a night", "depth ok")


@pytest.mark.parametrize("digits", [19, 4301, 5000])
def test_a_number_of_too_many_digits_is_refused(tmp_path: Path, capsys, digits: int) -> None:
    text = good_text().replace('"points": 74', f'"points": {"9" * digits}')
    ran = run(tmp_path, text, capsys)
    message = f"hand 1: points: is a number of {digits} digits; at most 18"
    assert_refused(ran, message, "ValueError")


def test_a_number_of_too_many_digits_is_named_by_its_field(tmp_path: Path, capsys) -> None:
    """Issue 15's new-user trial: "file: holds a number of 21 digits; at most 18" said
    neither the hand nor the field, in a document of many numbers."""
    text = good_text().replace('"points": 74', f'"points": {10**20}')
    text = text.replace('"stake_cents": 25', f'"stake_cents": {10**30}')
    assert run(tmp_path, text, capsys) == (
        2,
        "",
        "scorekeeper: rules.stake_cents: is a number of 31 digits; at most 18\n"
        "scorekeeper: hand 1: points: is a number of 21 digits; at most 18\n",
    )


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("NaN", "is NaN, which JSON does not allow"),
        ("Infinity", "is Infinity, which JSON does not allow"),
        ("-Infinity", "is -Infinity, which JSON does not allow"),
        ("1e999", "is 1e999, too large to be a number"),
    ],
)
def test_nan_and_infinity_are_not_json(tmp_path: Path, capsys, word: str, message: str) -> None:
    text = good_text().replace('"points": 74', f'"points": {word}')
    ran = run(tmp_path, text, capsys)
    assert ran == (2, "", f"scorekeeper: hand 1: points: {message}\n"), "accepted before"


def test_standard_input_of_endless_zeros_is_refused_without_reading_it_all() -> None:
    with open("/dev/zero", "rb") as zeros:
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "score", "-"],
            stdin=zeros,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr == "scorekeeper: file: is larger than 16 MiB, more than any night document\n"


def test_a_file_over_the_limit_is_refused(tmp_path: Path, capsys) -> None:
    big = good_text()[:-1] + ', "title": "' + "x" * MAX_DOCUMENT_BYTES + '"}'
    assert_refused(run(tmp_path, big, capsys), "file: is larger than 16 MiB", "read whole")


def test_more_hands_than_a_night_holds_are_refused(tmp_path: Path, capsys) -> None:
    document = night_doc("classic-5", [{"type": "no-pick"}] * 10_001)
    assert_refused(run(tmp_path, document, capsys), "hands: 10001 hands; a night holds", "no limit")


def test_a_byte_order_mark_is_accepted(tmp_path: Path, capsys) -> None:
    status, out, err = run(tmp_path, b"\xef\xbb\xbf" + good_text().encode(), capsys)
    assert (status, err) == (0, "")
    assert (
        json.loads(out)["totals"]["points"]["Bob"]
        == json.loads(run(tmp_path, good_text(), capsys)[1])["totals"]["points"]["Bob"]
    )


def test_a_duplicate_key_is_refused(tmp_path: Path, capsys) -> None:
    text = good_text().replace('"points": 74', '"points": 74, "points": 30', 1)
    assert_refused(run(tmp_path, text, capsys), "file: has the key 'points' twice", "silent")


def test_an_empty_key_is_named_as_empty(tmp_path: Path, capsys) -> None:
    text = good_text()[:-1] + ', "": 1}'
    assert_refused(run(tmp_path, text, capsys), "'': is not a field of a night", "': is'")


def test_an_iso_week_date_is_not_a_date(tmp_path: Path, capsys) -> None:
    document = {**GOOD, "date": "2026-W47-1"}
    assert_refused(run(tmp_path, document, capsys), "date: '2026-W47-1' is not a date", "week")


@pytest.mark.parametrize(
    ("date", "message"),
    [
        ("2026-02-30", "'2026-02-30' is not a real date (February 2026 has 28 days)"),
        ("2024-02-30", "'2024-02-30' is not a real date (February 2024 has 29 days)"),
        ("2026-04-31", "'2026-04-31' is not a real date (April 2026 has 30 days)"),
        ("2026-11-00", "'2026-11-00' is not a real date (November 2026 has 30 days)"),
        ("2026-13-01", "'2026-13-01' is not a real date (there is no month 13)"),
        ("0000-01-01", "'0000-01-01' is not a real date (the years start at 0001)"),
        ("2026-2-3", "'2026-2-3' is not a date written YYYY-MM-DD"),
        ("22/11/2026", "'22/11/2026' is not a date written YYYY-MM-DD"),
        ("20261122", "'20261122' is not a date written YYYY-MM-DD"),
    ],
)
def test_a_date_written_right_but_not_on_the_calendar_says_so(
    tmp_path: Path, capsys, date: str, message: str
) -> None:
    """Issue 15's new-user trial: "'2026-02-30' is not a date written YYYY-MM-DD",
    although it is written so; a date written wrongly keeps the message about the form."""
    assert run(tmp_path, {**GOOD, "date": date}, capsys) == (
        2,
        "",
        f"scorekeeper: date: {message}\n",
    )


def test_a_document_cut_short_says_where_its_string_starts(tmp_path: Path, capsys) -> None:
    """Issue 15's new-user trial: "Unterminated string starting at at line 1 column 147"."""
    text = good_text()
    start = text.index('"Eve"')  # cut inside the string "Eve", after its E
    ran = run(tmp_path, text[: start + 2], capsys)
    where = f"line 1 column {start + 1}"
    assert ran == (
        2,
        "",
        f"scorekeeper: file: is not JSON (Unterminated string starting at {where})\n",
    )
    broken = text.replace('"Eve"', '"Ev\ne"', 1)  # a line break inside a string
    column = broken.index("\n") + 1
    assert run(tmp_path, broken, capsys) == (
        2,
        "",
        f"scorekeeper: file: is not JSON (Invalid control character at line 1 column {column})\n",
    )


@pytest.mark.parametrize("text", [b"", b" \n\t\n", b"\xef\xbb\xbf"])
def test_an_empty_file_is_named_empty(tmp_path: Path, capsys, text: bytes) -> None:
    """Issue 15's new-user trial: an empty file was "not JSON (Expecting value at line 1
    column 1)"."""
    assert run(tmp_path, text, capsys) == (2, "", "scorekeeper: file: is empty\n")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tricks": True}, "hand 1: tricks: true is not a whole number"),
        ({"points": False}, "hand 1: points: false is not a whole number"),
        ({"last_hand": None}, "hand 1: last_hand: null is not true or false"),
        ({"doublers": 1.5}, "hand 1: doublers: 1.5 is not a count of 0 or more"),
        ({"picker": True}, "hand 1: picker: true is not a player's name"),
        ({"partners": [None]}, "hand 1: partners: null is not a player's name"),
        ({"picker": "Zed"}, "hand 1: picker: 'Zed' is not seated at this table"),
        (
            {"type": [None, True, "pick", {"a": False}]},
            "hand 1: type: [null, true, 'pick', {'a': false}] is not a hand type "
            "(pick, leaster, no-pick, misplay, result, call, solo, null, ramsch, pass)",
        ),
    ],
)
def test_a_value_is_shown_as_json_writes_it(
    tmp_path: Path, capsys, change: dict[str, object], message: str
) -> None:
    """Issue 15's new-user trial: `"tricks": true` was "True is not a whole number", in
    Python's words.  Every value is shown as JSON writes it, a string in quotes."""
    document = night_doc("classic-5", [{**SOME_HAND, **change}])
    assert run(tmp_path, document, capsys) == (2, "", f"scorekeeper: {message}\n")


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"stake_cents": True}, "rules.stake_cents: true is not a whole number"),
        ({"double_on_the_bump": None}, "rules.double_on_the_bump: null is not true or false"),
        (
            {"partner": False},
            "rules.partner: false is not one of called-ace, jack-of-diamonds, black-queens, none",
        ),
        ({"preset": None, "x": 1}, "rules.preset: missing: name the preset the night starts from"),
    ],
)
def test_a_rule_s_value_is_shown_as_json_writes_it(
    tmp_path: Path, capsys, rules: dict[str, object], message: str
) -> None:
    document = night_doc({"preset": "classic-5", **rules}, [dict(SOME_HAND)])
    assert run(tmp_path, document, capsys) == (2, "", f"scorekeeper: {message}\n")


def test_a_format_that_is_not_text_is_shown_as_json_writes_it(tmp_path: Path, capsys) -> None:
    document = {**GOOD, "format": None}
    expected = "scorekeeper: format: must be 'sheepshead-night/1', not null\n"
    assert run(tmp_path, document, capsys) == (2, "", expected)


@pytest.mark.parametrize("command", ["score", "import"])
def test_a_file_that_cannot_be_read_is_named_after_scorekeeper(
    tmp_path: Path, capsys, command: str
) -> None:
    """Issue 15's new-user trial: "nope.json: no such file" lacked the `scorekeeper: `
    every other error line starts with."""
    database = ["--database", f"sqlite:///{tmp_path / 'league.sqlite3'}"]
    missing, folder = tmp_path / "nope.json", tmp_path / "nights"
    folder.mkdir()
    assert main([*database, command, str(missing)]) == 2
    assert capsys.readouterr() == ("", f"scorekeeper: {missing}: no such file\n")
    assert main([*database, command, str(folder)]) == 2
    expected = f"scorekeeper: {folder}: is a folder, not a night document\n"
    assert capsys.readouterr() == ("", expected)


def test_an_escape_sequence_in_a_key_is_not_echoed(tmp_path: Path, capsys) -> None:
    text = good_text()[:-1] + ', "\\u001b[2J": 1}'
    status, out, err = run(tmp_path, text, capsys)
    assert (status, out) == (2, "")
    assert "\x1b" not in err
    assert err.startswith("scorekeeper: '\\x1b[2J': is not a field of a night")


SCHAF_RAMSCH = {"preset": "schafkopf", "all_pass": "ramsch"}
RAMSCH = {
    "type": "ramsch",
    "points": {"Zoë Ann": 20, "Bob": 40, "Cal": 30, "Dee": 30},
    "tricks": {"Zoë Ann": 0, "Bob": 3, "Cal": 3, "Dee": 2},
}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            json.dumps(night_doc({"preset": "classic-5", " Ann ": 1}, [])),
            "rules.' Ann ': is not a house-rule option",
        ),
        (
            json.dumps(night_doc({"preset": "classic-5", "": 1}, [])),
            "rules.'': is not a house-rule option",
        ),
        (
            json.dumps(night_doc("classic-5", [{"type": "leaster", "points": {"": "x"}}])),
            "hand 1: points.'': 'x' is not a whole number of 0 or more",
        ),
        (
            json.dumps(night_doc(SCHAF_RAMSCH, [RAMSCH], players=["Zoë Ann", "Bob", "Cal", "Dee"])),
            "hand 1: points.'Zoë Ann': 20, but Zoë Ann took no trick",
        ),
        ('["Ann", "classic-5", "\\ud800"]', "file[3]: holds a lone surrogate"),
        (
            good_text().replace('"hands": [', '"hands": [["pick", [{"\\ud800": 1}]], ', 1),
            "hand 1: hand[2][1].'\\ud800': holds a lone surrogate",
        ),
    ],
)
def test_a_key_or_a_list_position_is_named_the_way_the_door_names_it(
    tmp_path: Path, capsys, text: str, message: str
) -> None:
    """A key that is not one plain word is quoted (the empty key, one with spaces or
    letters beyond ASCII), a list position has the field it is in before it: every line
    names a place the way the fuzzer's check reads one (`benchmarks.fuzz.FIELD_LINE`)."""
    ran = run(tmp_path, text, capsys)
    assert_refused(ran, message, "named")
    assert all(FIELD_LINE.fullmatch(line) for line in ran[2].splitlines()), ran[2]
