"""A night document's `closed` and `payments` (`docs/rules/night-format.md`): read,
checked with each problem named, written back, and ignored by scoring."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.document import load_night, night_to_document
from scorekeeper.night import score_night
from scorekeeper.records import NightPayment
from tests.sheet import night_doc, pick

PLAYED = night_doc("classic-5", [pick("Bob", "Dee", points=74, tricks=4)])


def test_closed_and_payments_are_read_and_written_back() -> None:
    payments = [
        {"from": "Ann", "to": "Bob", "cents": 5, "date": "2026-11-24"},
        {"from": "cal", "to": "Dee", "cents": 5},  # a seated player, matched as seated
        {"from": "Eve", "to": "Zoë Treasurer", "cents": 5},  # a person not seated
    ]
    night, problems = load_night({**PLAYED, "closed": True, "payments": payments})
    assert night is not None, problems
    assert night.info.closed is True
    assert night.info.payments == (
        NightPayment("Ann", "Bob", 5, "2026-11-24"),
        NightPayment("Cal", "Dee", 5),
        NightPayment("Eve", "Zoë Treasurer", 5),
    )
    written = night_to_document(night)
    assert written["closed"] is True
    assert written["payments"][1] == {"from": "Cal", "to": "Dee", "cents": 5}
    again, _ = load_night(written)
    assert again == night
    plain, _ = load_night(PLAYED)
    assert plain is not None and score_night(night) == score_night(plain)


def test_an_open_night_without_payments_writes_neither() -> None:
    night, _ = load_night({**PLAYED, "closed": False, "payments": []})
    assert night is not None
    written = night_to_document(night)
    assert "closed" not in written and "payments" not in written


PAY = {"from": "Ann", "to": "Bob", "cents": 25}


@pytest.mark.parametrize(
    ("why", "fields", "field", "words"),
    [
        ("closed not a flag", {"closed": "yes"}, "closed", "'yes' is not true or false"),
        ("payments not a list", {"payments": PAY}, "payments", "must be a list"),
        ("a payment not an object", {"payments": [25]}, "payments[1]", "must be an object"),
        ("no payer", {"payments": [{"to": "Bob", "cents": 5}]}, "payments[1].from", "missing"),
        ("no payee", {"payments": [{"from": "Ann", "cents": 5}]}, "payments[1].to", "missing"),
        ("no cents", {"payments": [{"from": "Ann", "to": "Bob"}]}, "payments[1].cents", "missing"),
        ("paying oneself", {"payments": [{**PAY, "to": "ann"}]}, "payments[1].to", "themselves"),
        ("the pot", {"payments": [{**PAY, "to": "(pot)"}]}, "payments[1].to", "the table's pot"),
        (
            "no cents at all",
            {"payments": [PAY, {**PAY, "cents": 0}]},
            "payments[2].cents",
            "from 1",
        ),
        ("negative cents", {"payments": [{**PAY, "cents": -5}]}, "payments[1].cents", "from 1"),
        ("fractions", {"payments": [{**PAY, "cents": 2.5}]}, "payments[1].cents", "2.5 is not"),
        ("cents as text", {"payments": [{**PAY, "cents": "5"}]}, "payments[1].cents", "'5'"),
        (
            "too much",
            {"payments": [{**PAY, "cents": 10**13}]},
            "payments[1].cents",
            "1,000,000,000,000",
        ),
        ("a bad date", {"payments": [{**PAY, "date": "24/11"}]}, "payments[1].date", "YYYY-MM-DD"),
        ("a name as a number", {"payments": [{**PAY, "from": 7}]}, "payments[1].from", "7 is not"),
        ("a control character", {"payments": [{**PAY, "from": "A\x1bn"}]}, "payments[1].from", ""),
        ("another field", {"payments": [{**PAY, "note": "x"}]}, "payments[1].note", "not a field"),
        ("too many", {"payments": [PAY] * 1001}, "payments", "1,000 at most"),
    ],
)
def test_a_wrong_payment_is_named(why: str, fields: dict[str, Any], field: str, words: str) -> None:
    night, problems = load_night({**PLAYED, **fields})
    assert night is None, why
    assert [p.field for p in problems] == [field], (why, problems)
    assert words in problems[0].message, (why, problems)


def test_settled_at_the_table_is_kept_by_a_night_reopened() -> None:
    """A night settled at the table is filed closed; reopened to correct it, it stays
    settled (closed again, it carries no debts), and its document, open, says so.
    `settled` is true or false."""
    from scorekeeper.document import load_night
    from tests.sheet import night_doc

    base = night_doc("classic-5", [])
    night, problems = load_night({**base, "closed": True, "settled": True})
    assert night is not None and night.info.settled, problems
    night, problems = load_night({**base, "settled": True})
    assert night is not None and night.info.settled and not night.info.closed, problems
    night, problems = load_night({**base, "closed": True, "settled": "yes"})
    assert [str(p) for p in problems] == ["settled: 'yes' is not true or false"]
