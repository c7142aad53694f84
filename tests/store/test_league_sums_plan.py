"""The league's sums are moved night by night as an import files them (issue 34, point
7): each read finds its nights on the night table by id.  SQLite chose to walk every
night not deleted instead (by the index of File ▸ Open night), so an import of a
league's sheet grew with the square of its sittings: 20,000 took 144 s, 160,000 25
minutes.  `benchmarks/import_sheet.py --rows N` times it; this holds the plan."""

from __future__ import annotations

from pathlib import Path

from benchmarks.import_sheet import ten_year_sheet
from scorekeeper.store import league_sums
from scorekeeper.store.database import open_database
from scorekeeper.store.sheet_import import file_sheet
from tests.store.test_sheet_import import plan


def test_each_read_finds_its_nights_by_id(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    file_sheet(db, plan(db, ten_year_sheet(3000)))  # a league's ten years
    with db.engine.connect() as connection:
        for read in league_sums._reads():
            bound = read.params(nights=list(range(1, 501)))  # a chunk of an import
            sql = str(
                bound.compile(
                    dialect=connection.dialect,
                    compile_kwargs={"literal_binds": True, "render_postcompile": True},
                )
            )
            steps = [row[3] for row in connection.exec_driver_sql("EXPLAIN QUERY PLAN " + sql)]
            night = [step for step in steps if " night " in f" {step} "]
            assert night == ["SEARCH night USING INTEGER PRIMARY KEY (rowid=?)"], steps
    db.dispose()
