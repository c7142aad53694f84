"""Names compared by Unicode's canonical caseless match (issue 18, names)

A name's key (`scorekeeper.names.name_key`) was its stored form case-folded; case
folding alone can leave a letter decomposed ("ΐ" folds to ι, U+0308, U+0301), so
"Παΐσιος" and "ΠΑΪ́ΣΙΟΣ" had two keys.  The key is now the stored form decomposed,
case-folded and composed again (NFD, casefold, NFC), and each key that changes is
rewritten here (with a copy of the key as it is written now, so that a later change to
the app cannot change what this revision did).  Almost every key stays as it was: only
names with such letters (some Greek, "ǰ", "ẗ", ...) change.

Nothing is merged: when two players (two leagues, two seasons of one league) would
share a key, the migration is refused with a message naming both, and the database is
left as it was (the backup taken before it included).  A row whose key is not its
name's old key (one migration 0008 left for a person to merge) is left as it is.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24
"""

import re
import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from scorekeeper.store.errors import StorageError

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WIDTH_FORMS = re.compile("[\uff00-\uffef]+")
_SPACES = re.compile("[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")
_WHAT = {"player": "players", "league": "leagues", "season": "seasons of one league"}


def _fold(name: str) -> str:
    folded = _WIDTH_FORMS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), name)
    return _SPACES.sub(" ", unicodedata.normalize("NFC", folded)).strip(" ")


def _key(name: str) -> str:
    decomposed = unicodedata.normalize("NFD", _fold(name))
    return unicodedata.normalize("NFC", decomposed.casefold())


def _rewrite_keys(table: str, scope: str | None) -> None:
    """Give each name of TABLE its canonical key, refusing two that would share one
    within their SCOPE column (a season's league)."""
    connection = op.get_bind()
    scope_column = f", {scope}" if scope else ", NULL"
    query = f"SELECT id, name, name_key{scope_column} FROM {table} ORDER BY id"
    rows = connection.execute(sa.text(query)).all()
    holder = {(row[3], row[2]): row for row in rows}
    changed = []
    for row in rows:
        new = _key(row[1])
        if row[2] != _fold(row[1]).casefold() or new == row[2]:
            continue
        other = holder.get((row[3], new))
        if other is not None and other[0] != row[0]:
            raise StorageError(
                f"the {_WHAT[table]} {other[1]!r} and {row[1]!r} are one name once compared "
                "without regard to case (Unicode's canonical caseless match), so this "
                "version cannot tell them apart; rename one of them with the version that "
                "made this database (scorekeeper players rename), then open it again. "
                "Nothing was changed."
            )
        del holder[(row[3], row[2])]
        holder[(row[3], new)] = row
        changed.append({"id": row[0], "key": new})
    for values in changed:
        connection.execute(sa.text(f"UPDATE {table} SET name_key = :key WHERE id = :id"), values)


def upgrade() -> None:
    _rewrite_keys("player", None)
    _rewrite_keys("league", None)
    _rewrite_keys("season", "league_id")


def downgrade() -> None:
    # The old keys are the names case-folded, as 0008 left them.
    connection = op.get_bind()
    for table in ("player", "league", "season"):
        rows = connection.execute(sa.text(f"SELECT id, name, name_key FROM {table}")).all()
        for row_id, name, key in rows:
            if key == _key(name) and key != _fold(name).casefold():
                connection.execute(
                    sa.text(f"UPDATE {table} SET name_key = :key WHERE id = :id"),
                    {"key": _fold(name).casefold(), "id": row_id},
                )
