"""The question File ▸ Restore a backup asks before it replaces anything: what the
backup holds and when it last changed, what the database holds now, and the nights
changed here since then, which only the copy kept of the database will still hold."""

from __future__ import annotations

from scorekeeper.explain import join_names
from scorekeeper.formatting import night_title
from scorekeeper.history_cli import when_text
from scorekeeper.i18n import _, ngettext
from scorekeeper.store.restore_preview import ChangedNight, Holdings, RestorePreview

SHOWN_NIGHTS = 3  # the changed nights named; the rest counted


def holds(holdings: Holdings) -> str:
    """'8 nights (148 hands), 12 players and 1 payment'."""
    nights = ngettext("{count} night", "{count} nights", holdings.nights).format(
        count=holdings.nights
    )
    hands = ngettext("{count} hand", "{count} hands", holdings.hands).format(count=holdings.hands)
    players = ngettext("{count} player", "{count} players", holdings.players).format(
        count=holdings.players
    )
    payments = ngettext("{count} payment", "{count} payments", holdings.payments).format(
        count=holdings.payments
    )
    return join_names([f"{nights} ({hands})", players, payments])


def night_named(night: ChangedNight) -> str:
    """A night as the window titles it (`night_title`), and its hands."""
    date = night.played_on.isoformat() if night.played_on else None
    named = night_title(night.league, date, night.table, night.title)
    hands = ngettext("{count} hand", "{count} hands", night.hands).format(count=night.hands)
    return f"{named} ({hands})"


def restore_question(preview: RestorePreview, file: str, *, server: str | None) -> str:
    """The whole question; SERVER names a server database (every table scoring into it
    sees the backup), None for this computer's file."""
    backup = preview.backup
    lines = [_("Replace the database with the backup {file}?").format(file=file), ""]
    if backup.last_change is not None:
        lines.append(
            _("The backup holds {holds}; its last change was made {when}.").format(
                holds=holds(backup), when=when_text(backup.last_change)
            )
        )
    else:
        lines.append(_("The backup holds {holds}.").format(holds=holds(backup)))
    lines.append(_("The database holds {holds} now.").format(holds=holds(preview.now)))
    lines.append("")
    changed = preview.changed_since
    if changed:
        named = [night_named(n) for n in changed[:SHOWN_NIGHTS]]
        more = len(changed) - len(named)
        if more:
            named.append(ngettext("and {count} more", "and {count} more", more).format(count=more))
        lines.append(
            ngettext(
                "Lost from the database: {count} night changed since the backup's last change:",
                "Lost from the database: {count} nights changed since the backup's last change:",
                len(changed),
            ).format(count=len(changed))
        )
        lines += [f"• {night}" for night in named]
    if preview.payments_since:
        lines.append(
            ngettext(
                "Lost from the database: {count} league payment recorded since then.",
                "Lost from the database: {count} league payments recorded since then.",
                preview.payments_since,
            ).format(count=preview.payments_since)
        )
    if preview.players_since:
        lines.append(
            _(
                "Players the backup does not know by these names (new, or renamed since): {names}."
            ).format(names=", ".join(preview.players_since))
        )
    if not (changed or preview.payments_since or preview.players_since):
        lines.append(_("Nothing in the database changed since the backup's last change."))
    lines.append("")
    if server is None:
        lines.append(
            _(
                "The backup was checked whole, and a copy of the database as it is now "
                "is kept (beside it). Nothing done before the restore can then be undone."
            )
        )
    else:
        lines.append(
            _(
                "The backup was checked whole, and a copy of the database as it is now "
                "is kept (in the backups folder). Nothing done before the restore can then "
                "be undone.\n\n{database} is a server database: every table scoring into "
                "it sees the backup's nights from then on."
            ).format(database=server)
        )
    return "\n".join(lines)
