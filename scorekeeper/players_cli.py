"""`scorekeeper players`: the roster, and a player renamed or retired.

`players` lists every player (a retired one marked so); `players rename OLD NEW`
renames a player everywhere at once (hands keep the player, not the name, so every
night, standing and debt reads the new name); `players retire NAME` takes a player off
the roster a new night offers, their nights and money kept, and `players reinstate
NAME` puts them back.  An unknown player or a name taken is named by its argument and
exits with status 2.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scorekeeper.cli_common import EXIT_OK, open_store
from scorekeeper.explain import said
from scorekeeper.formatting import print_table
from scorekeeper.i18n import _
from scorekeeper.names import printable


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
    retire = actions.add_parser("retire", help=_("take a player off the roster for new nights"))
    reinstate = actions.add_parser("reinstate", help=_("put a retired player back on the roster"))
    for parser, retired in ((retire, True), (reinstate, False)):
        parser.add_argument("name", metavar=_("NAME"))
        parser.set_defaults(run=command_retire, retired=retired, field_flags={"player": _("NAME")})
