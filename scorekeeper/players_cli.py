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
from scorekeeper.formatting import print_table
from scorekeeper.names import printable


def command_players(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper players`: every player, by name."""
    from scorekeeper.store.people import list_players

    players = list_players(open_store(args), include_retired=True)
    if not players:
        print("No players yet.", file=out)
        return EXIT_OK
    rows = [("player", "roster")]
    rows += [(p.name, "retired" if p.retired else "playing") for p in players]
    print_table(out, rows)
    return EXIT_OK


def command_rename(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper players rename OLD NEW`."""
    from scorekeeper.store.people import rename_player

    player = rename_player(open_store(args), old=args.old, new=args.new)
    print(printable(f"Renamed {args.old} to {player.name}."), file=out)
    return EXIT_OK


def command_retire(args: argparse.Namespace, out: TextIO) -> int:
    """`scorekeeper players retire NAME` and `players reinstate NAME`."""
    from scorekeeper.store.people import retire_player

    player = retire_player(open_store(args), name=args.name, retired=args.retired)
    if player.retired:
        said = "is retired: not offered for new nights; their nights and money are kept"
    else:
        said = "is back on the roster offered for new nights"
    print(printable(f"{player.name} {said}."), file=out)
    return EXIT_OK


def add_players_command(commands: Any) -> None:
    """Add `players` and its actions to `scorekeeper`'s subcommands."""
    players = commands.add_parser(
        "players",
        help="list, rename or retire players",
        description="With no ACTION: every player, and whether they are retired.",
    )
    players.set_defaults(run=command_players)
    actions = players.add_subparsers(dest="action", metavar="ACTION")
    rename = actions.add_parser("rename", help="rename a player everywhere at once")
    rename.add_argument("old", metavar="OLD", help="the player's name now")
    rename.add_argument("new", metavar="NEW", help="the name from now on")
    rename.set_defaults(run=command_rename, field_flags={"player": "OLD", "new name": "NEW"})
    retire = actions.add_parser("retire", help="take a player off the roster for new nights")
    reinstate = actions.add_parser("reinstate", help="put a retired player back on the roster")
    for parser, retired in ((retire, True), (reinstate, False)):
        parser.add_argument("name", metavar="NAME")
        parser.set_defaults(run=command_retire, retired=retired, field_flags={"player": "NAME"})
