"""The sample league a newcomer sees the first time the app opens an empty database."""

from __future__ import annotations

from scorekeeper.formatting import locale_currency
from scorekeeper.sample import sample_league_documents
from scorekeeper.store.database import Database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.state import holds_data
from scorekeeper.store.tonight import set_closed


def is_empty(db: Database) -> bool:
    """True when no player, night or league has been stored (`state.holds_data`): a
    league someone made, even with no night yet, is not swamped by the sample."""
    return not holds_data(db)


def seed_sample_league(db: Database) -> list[int]:
    """File the sample league's nights, every one but the newest closed (settled, so the
    league's money has debts to show), its money in the locale's currency; returns their
    ids."""
    currency = {"currency": locale_currency()}
    ids = [import_night(db, document | currency) for document in sample_league_documents()]
    for night_id in ids[:-1]:
        set_closed(db, night_id=night_id, closed=True)
    return ids
