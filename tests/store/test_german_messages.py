"""The store's refusals in German (issue 19): the field a refusal is about named in the
user's language while the error keeps its key for the command line, and a problem of
a spreadsheet's sitting still named by the sheet's row when the problem is said in
German (it was found by reading the English words "night N:")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from scorekeeper import i18n
from scorekeeper.league_sheet import read_sheet
from scorekeeper.problems import InvalidNight
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.money import record_league_payment
from scorekeeper.store.sheet_import import file_sheet, plan_sheet
from scorekeeper.store.tonight import set_closed


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def test_a_refusal_names_its_field_in_german_and_keeps_its_key(
    sqlite_db: Database, german: None
) -> None:
    with pytest.raises(StorageError) as refused:
        record_league_payment(sqlite_db, league="Nirgendwo", payer="Ann", payee="Bob", cents=5)
    assert str(refused.value) == "Liga: es gibt keine Liga 'Nirgendwo'"
    assert refused.value.field == "league"  # what the command line maps to --league
    with pytest.raises(StorageError) as refused:
        set_closed(sqlite_db, night_id=7, closed=True)
    assert str(refused.value) == "Abend: es gibt keinen Abend 7"


def test_a_sittings_problem_is_named_by_its_row_in_german(
    sqlite_db: Database, german: None
) -> None:
    sheet, problems = read_sheet(b"date,Ann,Bob,Cal\n2013-09-04,3,-1,-2\n2013-09-11,-3,1,2\n")
    assert sheet is not None and not problems
    plan = plan_sheet(sqlite_db, sheet, league="Liga")
    broken = dict(plan.documents[1], players=["Ann", "Ann", "Cal"])  # the row 3 sitting
    with pytest.raises(InvalidNight) as refused:
        file_sheet(sqlite_db, replace(plan, documents=(plan.documents[0], broken)))
    fields = [p.field for p in refused.value.problems]
    assert fields and all(field.startswith("Zeile 3: ") for field in fields), fields
    assert not any("Abend" in field for field in fields)
