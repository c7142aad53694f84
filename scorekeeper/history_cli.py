"""`scorekeeper history --night ID [--hand N] [--json]`: every version of a night's hands
(or of hand N), when and on which computer it was written, the hand as it scored then,
and what the change did to each player's money in the night (store/hand_history.py).
A hand the night does not have is named by its flag with status 2."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections.abc import Mapping
from typing import Any, TextIO

from scorekeeper.cli_common import EXIT_OK, UserError, named_night, open_store, whole_number
from scorekeeper.formatting import money
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.names import printable

# What happened to the hand, in a version's heading (translated where printed).
ACTIONS = {
    "insert": N_("recorded"),
    "edit": N_("changed"),
    "delete": N_("deleted"),
    "restore": N_("brought back"),
    "rules": N_("house rules changed"),
}


def when_text(moment: dt.datetime) -> str:
    """A moment in this computer's time zone, to the minute: '2026-12-06 06:01'."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def money_change(cents: Mapping[str, int] | None, currency: str) -> str:
    """'Ann +$0.10, Bob -$0.05' (who gained or lost), 'no change', or 'not known'."""
    if cents is None:
        return _("not known (the night could not be scored then)")
    moved = [f"{p} {'+' if c > 0 else '-'}{money(abs(c), currency)}" for p, c in cents.items() if c]
    return ", ".join(moved) or _("no change")


def hand_then(version: Any) -> str:
    """The hand as it scored in this version, and its note when it has one (a change
    of the note alone shows there)."""
    note = version.record.get("note")
    said = [version.explanation] if version.explanation else []
    if note:
        said.append(_("Note: {note}").format(note=note))
    return " ".join(said)


def command_history(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper history --night ID [--hand N] [--json]`."""
    from scorekeeper.store.hand_history import night_history
    from scorekeeper.store.night_import import night_as_stored

    db = open_store(args)
    currency = night_as_stored(db, night_id=args.night).currency
    try:
        versions = night_history(db, night_id=args.night, number=args.hand)
    except LookupError:
        stored = night_as_stored(db, night_id=args.night)
        count = len(stored.hand_ids)
        message = ngettext(
            "--hand: {night} has {count} hand, not a hand {number}",
            "--hand: {night} has {count} hands, not a hand {number}",
            count,
        ).format(night=named_night(stored.document, args.night), count=count, number=args.hand)
        raise UserError([message]) from None
    if args.json:
        out.write(json.dumps([_as_json(v) for v in versions], ensure_ascii=False, indent=2))
        out.write("\n")
        return EXIT_OK
    for version in versions:
        where = {
            "what": _(ACTIONS.get(version.action, version.action)),
            "when": when_text(version.when),
            "computer": version.computer or _("an unnamed computer"),
        }
        if version.number:
            # Translators: "Hand 3, version 2: changed 2026-12-06 06:01 on laptop-2".
            heading = _("Hand {number}, version {revision}: {what} {when} on {computer}")
            heading = heading.format(number=version.number, revision=version.revision, **where)
        else:  # the night's rules, changed for every hand
            # Translators: "The night: house rules changed 2026-12-06 06:01 on laptop-2".
            heading = _("The night: {what} {when} on {computer}").format(**where)
        print(printable(heading), file=out)
        then = hand_then(version)
        if then:
            print(printable(f"  {then}"), file=out)
        change = money_change(version.cents, currency)
        print(printable("  " + _("Money: {change}").format(change=change)), file=out)
    if not versions:
        print(_("No hands recorded yet."), file=out)
    return EXIT_OK


def _as_json(version: Any) -> dict[str, Any]:
    return {
        "hand": version.number or None,  # None: the night's rules, not a hand
        "version": version.revision or None,
        "action": version.action,
        "when": version.when.isoformat(),
        "computer": version.computer,
        "record": dict(version.record),
        "explanation": version.explanation,
        "cents": None if version.cents is None else dict(version.cents),
    }


def add_history_command(commands: Any) -> None:
    """`history`, on the command line's parser."""
    history = commands.add_parser(
        "history",
        help=_("every version of a night's hands: when, on which computer, what it did"),
    )
    history.add_argument("--night", type=whole_number, required=True, metavar=_("ID"))
    history.add_argument(
        "--hand", type=whole_number, metavar=_("N"), help=_("only hand N's versions")
    )
    history.add_argument("--json", action="store_true", help=_("as JSON"))
    history.set_defaults(run=command_history)
