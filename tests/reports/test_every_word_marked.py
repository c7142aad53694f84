"""Every word the PDFs print is translatable: each report is made in the pseudo-language
(tests/pseudo.py) from a real league and a Schafkopf night, and read back; a word
outside the marks, once the players' and leagues' names are taken out, is printed
without `_()`."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorekeeper import i18n
from scorekeeper.reports import build
from scorekeeper.sample import sample_schafkopf_document
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.seed import seed_sample_league
from tests.pseudo import Pseudo, unmarked


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    seed_sample_league(database)
    import_night(database, sample_schafkopf_document())
    i18n.install(Pseudo(), "en")
    yield database
    i18n.set_language("en")
    database.dispose()


def text_of(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def names_in(db: Database) -> set[str]:
    names: set[str] = set()
    for night in list_nights(db):
        names |= set(night.players)
        names |= {n for n in (night.league, night.season, night.table, night.title) if n}
    return names


def test_every_report_prints_only_translatable_words(db: Database) -> None:
    nights = list_nights(db)
    league = next(n.league for n in nights if n.league)
    texts: list[str] = []
    for night in nights[:2]:  # the Schafkopf night and a Sheepshead one
        texts += text_of(build.night_pdf(db, night_id=night.id))
    texts += text_of(build.league_pdf(db, league=league))
    texts += text_of(build.statements_pdf(db, league=league))
    texts += text_of(build.pad_pdf(["Ann", "Bob", "Cal", "Dee"], preset="schafkopf"))
    texts += text_of(build.pad_pdf(["Ann", "Bob", "Cal", "Dee", "Eve"]))
    # A page at a time: a marked paragraph may run over lines.
    assert unmarked(texts, names_in(db)) == set()
