"""`scorekeeper report night|league|statement|pad|seating|cards|sheets|tournament|payout
-o FILE.pdf`: the printable reports (the last five a tournament's)."""

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
            data = build.pad_pdf(args.players, preset=args.preset, hands=args.hands, paper=paper)
        elif args.kind in TOURNAMENT_KINDS:
            data = _tournament_pdf(args, paper)
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


TOURNAMENT_KINDS = ("seating", "cards", "sheets", "tournament", "payout")


def _tournament_pdf(args: argparse.Namespace, paper: str | None) -> bytes:
    """A tournament's paper: a session's seating, table cards or table sheets, the
    standings, or the payout list."""
    from scorekeeper.reports import tournament_build as build
    from scorekeeper.store.tournaments import tournament_named

    db = open_store(args)
    tournament = tournament_named(db, args.tournament)
    if args.kind == "seating":
        return build.seating_pdf(db, tournament, args.session, paper=paper)
    if args.kind == "cards":
        return build.cards_pdf(db, tournament, args.session, table=args.table, paper=paper)
    if args.kind == "sheets":
        return build.sheets_pdf(db, tournament, args.session, table=args.table, paper=paper)
    if args.kind == "tournament":
        return build.standings_pdf(db, tournament, after=args.after, only=args.only, paper=paper)
    return build.payout_pdf(db, tournament, paper=paper)


def _add_tournament_kinds(kinds: Any) -> list[Any]:
    """The tournament's paper, each a kind of report."""
    made = []
    for kind, what in (
        ("seating", _("a session's seating list, by name, with its seed")),
        ("cards", _("a card for each table of a session")),
        ("sheets", _("each table's sheet for a session: seats, dealers, lines to sign")),
        ("tournament", _("a tournament's standings")),
        ("payout", _("a tournament's prize list, to sign")),
    ):
        parser = kinds.add_parser(kind, help=what)
        parser.add_argument("--tournament", required=True, metavar=_("NAME"))
        if kind in ("seating", "cards", "sheets"):
            parser.add_argument("--session", type=whole_number, required=True, metavar=_("N"))
        if kind in ("cards", "sheets"):
            parser.add_argument(
                "--table", type=whole_number, metavar=_("N"), help=_("default: every table")
            )
        if kind == "tournament":
            which = parser.add_mutually_exclusive_group()
            which.add_argument("--after", type=whole_number, metavar=_("N"))
            which.add_argument("--session", dest="only", type=whole_number, metavar=_("N"))
        parser.set_defaults(field_flags={"tournament": "--tournament", "table": "--table"})
        made.append(parser)
    return made


def add_report_command(commands: Any) -> None:
    """Add `report` and its kinds to `scorekeeper`'s subcommands."""
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
    pad.add_argument(
        "--hands",
        type=whole_number,
        metavar=_("N"),
        help=_("a row for each of N hands, its dealer filled in (clockwise from the first)"),
    )
    tournament = _add_tournament_kinds(kinds)
    for kind in (night, league, statement, pad, *tournament):
        kind.add_argument("-o", "--output", required=True, metavar=_("FILE.pdf"))
        kind.add_argument(
            "--paper", choices=sorted(PAPERS), help=_("the paper's size (default: the locale's)")
        )
        kind.set_defaults(run=command_report)
