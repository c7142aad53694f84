"""`scorekeeper players`: the roster, and a player renamed or retired.

`players` lists every player (a retired one marked so); `players rename OLD NEW`
renames a player everywhere at once (hands keep the player, not the name, so every
night, standing and debt reads the new name); `players retire NAME` takes a player off
the roster a new night offers, their nights and money kept, and `players reinstate
NAME` puts them back; `players merge FROM INTO` makes two players one (an old
database's "Ｃａｌ" and "Cal"), and `players unmerge FROM` undoes it.  An unknown
player or a name taken is named by its argument and exits with status 2.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scorekeeper.cli_common import EXIT_OK, open_store
from scorekeeper.explain import said
from scorekeeper.formatting import print_table
from scorekeeper.i18n import _, ngettext
from scorekeeper.names import printable, quoted


def command_players(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper players`: every player, by name."""
    from scorekeeper.store.people import list_players

    players = list_players(open_store(args), include_retired=True)
    if not players:
        print(_("No players yet."), file=out)
        return EXIT_OK
    rows = [(_("player"), _("roster"))]
    rows += [(p.name, _("retired") if p.retired else _("playing")) for p in players]
    print_table(out, rows)
    return EXIT_OK


def command_rename(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper players rename OLD NEW`."""
    from scorekeeper.store.people import rename_player

    player = rename_player(open_store(args), old=args.old, new=args.new)
    renamed = said(_("Renamed {old} to {new}."), old=args.old, new=player.name)
    print(printable(renamed), file=out)
    return EXIT_OK


def command_retire(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper players retire NAME` and `players reinstate NAME`."""
    from scorekeeper.store.people import retire_player

    player = retire_player(open_store(args), name=args.name, retired=args.retired)
    if player.retired:
        said = _(
            "{player} is retired: not offered for new nights; their nights and money are kept."
        )
    else:
        said = _("{player} is back on the roster offered for new nights.")
    print(printable(said.format(player=player.name)), file=out)
    return EXIT_OK


def command_merge(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper players merge FROM INTO`: FROM's nights, hands and payments INTO's."""
    from scorekeeper.store.merge import merge_players

    moving = merge_players(open_store(args), player=args.old, into=args.name).moving
    message = _(
        "Merged {player} into {into}: {nights}, {hands} and {payments} moved. "
        "To undo: scorekeeper players unmerge {player}"
    ).format(
        player=quoted(moving.player.name),
        into=quoted(moving.into.name),
        nights=ngettext("{count} night", "{count} nights", moving.nights).format(
            count=moving.nights
        ),
        hands=ngettext("{count} hand", "{count} hands", moving.hands).format(count=moving.hands),
        payments=ngettext("{count} payment", "{count} payments", moving.payments).format(
            count=moving.payments
        ),
    )
    print(message, file=out)
    return EXIT_OK


def command_unmerge(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper players unmerge NAME`: the newest merge of a player called NAME
    undone, NAME back as before it."""
    from scorekeeper.store.errors import StorageError
    from scorekeeper.store.merge import merges_of, unmerge_player

    db = open_store(args)
    merges = merges_of(db, args.name)
    if not merges:
        raise StorageError(
            _("no player {name} was merged into another").format(name=quoted(args.name)),
            field="player",
        )
    merge_id, _name, into = merges[0]
    player = unmerge_player(db, merge_id=merge_id)
    back = _("{player} is back, as before they were merged into {into}.")
    print(back.format(player=quoted(player.name), into=quoted(into)), file=out)
    return EXIT_OK


def add_players_command(commands: Any) -> None:
    """Add `players` and its actions to `scorekeeper`'s subcommands."""
    players = commands.add_parser(
        "players",
        help=_("list, rename or retire players"),
        # Translators: ACTION as the metavar ACTION is translated.
        description=_("With no ACTION: every player, and whether they are retired."),
    )
    players.set_defaults(run=command_players)
    actions = players.add_subparsers(dest="action", metavar=_("ACTION"))
    rename = actions.add_parser("rename", help=_("rename a player everywhere at once"))
    old, new = _("OLD"), _("NEW")
    rename.add_argument("old", metavar=old, help=_("the player's name now"))
    rename.add_argument("new", metavar=new, help=_("the name from now on"))
    rename.set_defaults(run=command_rename, field_flags={"player": old, "new name": new})
    merge = actions.add_parser(
        "merge",
        help=_("make two players one: FROM's nights, hands and payments become INTO's"),
        description=_(
            "Every seat, hand, payment and statistic of FROM becomes INTO's, and FROM is "
            "removed; refused when they sat at one night or paid each other. Undone by "
            "`scorekeeper players unmerge FROM`."
        ),
    )
    source, target = _("FROM"), _("INTO")
    merge.add_argument("old", metavar=source, help=_("the player to merge (removed)"))
    merge.add_argument("name", metavar=target, help=_("the player who keeps everything"))
    merge.set_defaults(run=command_merge, field_flags={"player": source, "merged into": target})
    unmerge = actions.add_parser("unmerge", help=_("undo the newest merge of a player"))
    unmerge.add_argument("name", metavar=_("NAME"), help=_("the name of the player merged"))
    unmerge.set_defaults(run=command_unmerge, field_flags={"player": _("NAME")})
    retire = actions.add_parser("retire", help=_("take a player off the roster for new nights"))
    reinstate = actions.add_parser("reinstate", help=_("put a retired player back on the roster"))
    for parser, retired in ((retire, True), (reinstate, False)):
        parser.add_argument("name", metavar=_("NAME"))
        parser.set_defaults(run=command_retire, retired=retired, field_flags={"player": _("NAME")})
