"""Players', leagues' and seasons' names in their stored form (issue 15, names)

Names are now stored as `scorekeeper.names.fold_name` leaves them: full-width letters
folded, NFC, runs of spaces one space, trimmed; and looked up by that form case-folded.
A name stored before keeps working only if its row says so too, so each one is folded
here (a copy of the fold as it was written, so that a later change to the app cannot
change what this revision did).  A name whose folded key another row of the same table
(or league) already holds is left as it was: two such rows are for a person to merge.
Names holding characters that are now refused are left as they are: they are printed
escaped, and refused with a message where they would be read as input.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

import re
import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WIDTH_FORMS = re.compile("[\uff00-\uffef]+")
_SPACES = re.compile("[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")


def _fold(name: str) -> str:
    folded = _WIDTH_FORMS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), name)
    return _SPACES.sub(" ", unicodedata.normalize("NFC", folded)).strip(" ")


def _fold_table(table: str, scope: str | None) -> None:
    """Fold each name of TABLE whose folded key is free within its SCOPE column."""
    connection = op.get_bind()
    scope_column = f", {scope}" if scope else ""
    rows = connection.execute(sa.text(f"SELECT id, name{scope_column} FROM {table}")).all()
    taken = {(row[2] if scope else None, row[1].strip().casefold()) for row in rows}
    for row in rows:
        name = _fold(row[1])
        key = (row[2] if scope else None, name.casefold())
        if name == row[1] or not name:
            continue
        if key in taken and key != (key[0], row[1].strip().casefold()):
            continue
        taken.add(key)
        connection.execute(
            sa.text(f"UPDATE {table} SET name = :name, name_key = :key WHERE id = :id"),
            {"name": name, "key": key[1], "id": row[0]},
        )


def upgrade() -> None:
    _fold_table("player", None)
    _fold_table("league", None)
    _fold_table("season", "league_id")


def downgrade() -> None:
    # The folded names are the same names: nothing to undo.
    pass
