"""`scorekeeper report night|league|statement|pad -o FILE.pdf`: the printable reports."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scorekeeper.cli_common import UserError, open_store, whole_number
from scorekeeper.games import DEFAULT_PRESET, all_presets
from scorekeeper.i18n import _

PAPERS = {"a4": "A4", "letter": "Letter"}  # --paper's values, and the sizes they name


def command_report(args: argparse.Namespace, out: TextIO) -> int:
    """Make the report asked for and write it to -o."""
    from scorekeeper.reports import build
    from scorekeeper.reports.render import ReportError

    paper = PAPERS.get(args.paper)  # None: the locale's
    try:
        if args.kind == "pad":
            # players: a list, split and cleaned by the parser
            data = build.pad_pdf(args.players, preset=args.preset, paper=paper)
        elif args.kind == "night":
            data = build.night_pdf(open_store(args), night_id=args.night, paper=paper)
        elif args.kind == "league":
            data = build.league_pdf(
                open_store(args), league=args.league, season=args.season, paper=paper
            )
        else:
            players = [args.player] if args.player else []
            data = build.statements_pdf(
                open_store(args),
                league=args.league,
                players=players,
                season=args.season,
                paper=paper,
            )
        build.save_pdf(args.output, data)
    except ReportError as error:
        raise UserError([f"-o: {error}"]) from None
    print(_("Wrote {file}.").format(file=args.output), file=out)
    return 0


def add_report_command(commands: Any) -> None:
    """Add `report` and its four kinds to `scorekeeper`'s subcommands."""
    report = commands.add_parser("report", help=_("write a printable PDF report"))
    kinds = report.add_subparsers(dest="kind", required=True, metavar=_("KIND"))
    night = kinds.add_parser("night", help=_("a night's score sheet, totals and settlement"))
    night.add_argument("--night", type=whole_number, required=True, metavar=_("ID"))
    league = kinds.add_parser("league", help=_("standings, a chart and the nights of a league"))
    league.add_argument("--league", required=True, metavar=_("NAME"))
    league.add_argument("--season", metavar=_("NAME"), help=_("default: every season"))
    statement = kinds.add_parser("statement", help=_("a page per player: nights and money"))
    statement.add_argument("--league", required=True, metavar=_("NAME"))
    statement.add_argument("--player", metavar=_("NAME"), help=_("default: every player"))
    statement.add_argument("--season", metavar=_("NAME"), help=_("default: every season"))
    pad = kinds.add_parser("pad", help=_("a blank score pad for a table"))
    pad.add_argument("--players", required=True, metavar=_("LIST"), help=_('e.g. "Ann,Bob,Cal"'))
    pad.add_argument(
        "--preset",
        choices=sorted(all_presets()),
        default=DEFAULT_PRESET,
        help=_("the table's rules: the pad's title and columns are its game's"),
    )
    for kind in (night, league, statement, pad):
        kind.add_argument("-o", "--output", required=True, metavar=_("FILE.pdf"))
        kind.add_argument(
            "--paper", choices=sorted(PAPERS), help=_("the paper's size (default: the locale's)")
        )
        kind.set_defaults(run=command_report)
