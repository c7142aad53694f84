"""Players', leagues' and seasons' names in their stored form (issue 15, names)

Names are now stored as `scorekeeper.names.fold_name` leaves them: full-width letters
folded, NFC, runs of spaces one space, trimmed; and looked up by that form case-folded.
A name stored before keeps working only if its row says so too, so each one is folded
here (with a copy of the fold as it was written, so that a later change to the app
cannot change what this revision did).  A name the app now refuses is made one it
accepts, so that every stored night can still be read: a character no name may hold
(a control or invisible character) is written as its escape ("Ann\\x1b"), and a name
longer than the longest (40 characters for a player, 60 for a league or season) ends
in an ellipsis there.  A name whose new key another row of the same table (or league)
already holds is left as it was: two such rows are for a person to merge.

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
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_BLANK = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u3164\ufe00-\ufe0f\U000e0100-\U000e01ef]")


def _escape(char: str) -> str:
    if unicodedata.category(char) not in _REFUSED and not _BLANK.match(char):
        return char
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _fold(name: str, limit: int) -> str:
    folded = _WIDTH_FORMS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), name)
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", folded)).strip(" ")
    name = "".join(_escape(c) for c in name)
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def _fold_table(table: str, scope: str | None, limit: int) -> None:
    """Fold each name of TABLE whose folded key is free within its SCOPE column."""
    connection = op.get_bind()
    scope_column = f", {scope}" if scope else ""
    rows = connection.execute(sa.text(f"SELECT id, name{scope_column} FROM {table}")).all()
    taken = {(row[2] if scope else None, row[1].strip().casefold()) for row in rows}
    for row in rows:
        name = _fold(row[1], limit)
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
    _fold_table("player", None, 40)
    _fold_table("league", None, 60)
    _fold_table("season", "league_id", 60)


def downgrade() -> None:
    # The folded names are the same names: nothing to undo.
    pass
