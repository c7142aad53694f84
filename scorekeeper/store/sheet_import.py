"""A league's spreadsheet filed (`scorekeeper import-sheet`, File ▸ Import spreadsheet).

`plan_sheet` says what a sheet read by `league_sheet.read_sheet` would file, reading
only: each player column's player (one already stored, by `name_key`, or a new one), the
league and season (new or not), the rules, the night documents, and every problem, each
naming its row and column.  `file_sheet` files a plan without problems in one
transaction, through `night_import.file_nights` (each table written by one
executemany, a sitting stored already refused by its row): all the sheet's nights, or
none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select

from scorekeeper.document import load_night
from scorekeeper.formatting import locale_currency
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.league_sheet import Column, Sheet, sheet_nights, sheet_rules
from scorekeeper.names import LABEL_LENGTH, clean_name, looks_alike, name_key, quoted
from scorekeeper.problems import InvalidNight, Problem, grouped
from scorekeeper.records import Night
from scorekeeper.rules import RuleSet
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.fingerprints import AlreadyStored
from scorekeeper.store.league import default_rules
from scorekeeper.store.night_import import NightProblem, file_nights, in_night
from scorekeeper.store.people import find_league, find_season, look_alike
from scorekeeper.store.tables import PlayerRow


@dataclass(frozen=True)
class PlayerColumn:
    """A column of points and the player it is filed under: one already stored (under
    the name stored), or a new one (under the header's name)."""

    column: Column
    name: str
    existing: bool
    retired: bool = False
    twin: Column | None = None  # an earlier column of the same player (a problem)

    @property
    def becomes(self) -> str:
        """What the column becomes: "existing player Zoë", "new player Hal"."""
        if self.twin is not None:
            return _("the same player as {column}: a problem").format(column=self.twin)
        if not self.existing:
            return _("new player {name}").format(name=self.name)
        if self.retired:
            return _("existing player {name} (retired)").format(name=self.name)
        return _("existing player {name}").format(name=self.name)

    def __str__(self) -> str:
        """The column and its player, as the preview says it: "column 3 (C) 'Zoë' ->
        existing player Zoë"."""
        return f"{self.column} -> {self.becomes}"


@dataclass(frozen=True)
class SheetPlan:
    """What filing a sheet would do, and every problem that stops it."""

    sheet: Sheet
    league: str
    league_exists: bool
    season: str | None
    season_exists: bool
    rules: RuleSet | None
    players: tuple[PlayerColumn, ...]
    documents: tuple[dict[str, Any], ...]
    problems: tuple[Problem, ...]
    currency: str  # the league's (a new league's: the one asked for, or the locale's)

    @property
    def ready(self) -> bool:
        """True when the sheet can be filed: nights to file and no problem."""
        return bool(self.documents) and not self.problems


def plan_sheet(
    db: Database,
    sheet: Sheet,
    *,
    league: str,
    season: str | None = None,
    preset: str | None = None,
    stake_cents: int | None = None,
    problems: Sequence[Problem] = (),
    currency: str | None = None,
) -> SheetPlan:
    """What filing SHEET into LEAGUE (and SEASON) would do: PROBLEMS (found reading it)
    and every other.  The nights are played under PRESET's rules when given, else the
    season's or league's defaults, else the app's first preset; at STAKE_CENTS a point
    when given; a new league keeps its money in CURRENCY (default: the locale's), a
    league stored already in its own.  Reads the database, writes nothing."""
    found = list(problems)
    league, league_problem = clean_name(league, limit=LABEL_LENGTH)
    if league_problem is not None:
        found.append(Problem("league", league_problem))
    if season is not None:
        season, season_problem = clean_name(season, limit=LABEL_LENGTH)
        if season_problem is not None:
            found.append(Problem("season", season_problem))
    league_exists, season_exists, kept_in = _filed(db, league, season)
    currency = kept_in or currency or locale_currency()
    default = default_rules(db, league=league, season=season) if league_exists else None
    rules, rule_problems = sheet_rules(default, preset, stake_cents)
    found += rule_problems
    documents: list[dict[str, Any]] = []
    if rules is not None:
        documents, night_problems = sheet_nights(sheet, rules, league=league, season=season)
        documents = [document | {"currency": currency} for document in documents]
        found += night_problems
    players = _players(db, sheet)
    found += _look_alikes(db, players)
    return SheetPlan(
        sheet=sheet,
        league=league,
        league_exists=league_exists,
        season=season,
        season_exists=season_exists,
        rules=rules,
        players=players,
        documents=tuple(documents),
        problems=tuple(found),
        currency=currency,
    )


def _filed(db: Database, league: str, season: str | None) -> tuple[bool, bool, str | None]:
    """Whether the league, and the season in it, are stored already, and the league's
    currency if it is."""
    with db.session() as session:
        row = find_league(session, league) if league else None
        if row is None or row.id is None:
            return False, False, None
        filed = season is not None and find_season(session, row.id, season) is not None
        return True, filed, row.currency


def _players(db: Database, sheet: Sheet) -> tuple[PlayerColumn, ...]:
    """Each player column and the player it is filed under."""
    keys = {name_key(c.player) for c in sheet.players}
    with db.session() as session:
        query = select(PlayerRow).where(col(PlayerRow.name_key).in_(keys))
        stored = {row.name_key: row for row in session.exec(query)}
    matched = []
    first: dict[str, Column] = {}
    for column in sheet.players:
        key = name_key(column.player)
        twin = first.setdefault(key, column)
        twin_or_none = None if twin is column else twin
        row = stored.get(key)
        if row is None:
            matched.append(PlayerColumn(column, column.player, False, twin=twin_or_none))
        else:
            matched.append(PlayerColumn(column, row.name, True, row.retired, twin_or_none))
    return tuple(matched)


def _look_alikes(db: Database, players: Sequence[PlayerColumn]) -> list[Problem]:
    """A problem for each new player's column whose name looks like a stored player's
    or an earlier column's ("B0b" beside "Bob": `people.look_alike`)."""
    found: list[Problem] = []
    earlier: list[str] = []
    with db.session() as session:
        for player in players:
            if player.existing or player.twin is not None:
                continue
            other = look_alike(session, player.name) or next(
                (name for name in earlier if looks_alike(name, player.name)), None
            )
            if other is not None:
                message = _("{name} looks the same as {other}: type one name for one player")
                said = message.format(name=quoted(player.name), other=quoted(other))
                found.append(Problem(str(player.column), said))
            earlier.append(player.name)
    return found


SHOWN = 5  # the sittings stored already that a refusal names one by one


def file_sheet(db: Database, plan: SheetPlan, *, skip_existing: bool = False) -> list[int]:
    """File the plan's nights in one transaction; their ids, in row order.  A plan with
    problems raises `InvalidNight` with them all, and nothing is written; so does any
    problem the store finds as it files (named by the sheet's row), and a sitting stored
    already (imported before: `StorageError` naming its row and the stored night),
    unless SKIP_EXISTING leaves such sittings out and files the rest."""
    if plan.problems:
        raise InvalidNight(plan.problems)
    if not plan.documents:
        raise InvalidNight([Problem("file", _("has no sittings to import"))])
    rows = [s.row for s in plan.sheet.sittings]
    nights: list[Night] = []
    problems: list[Problem] = []
    for index, document in enumerate(plan.documents, start=1):
        night, found = load_night(document)
        problems += [in_night(index, p) for p in found]
        if night is not None:
            nights.append(night)
    if problems:
        raise InvalidNight([_by_row(p, rows) for p in problems])
    try:
        # A sitting stored already is refused, by its row (or, SKIP_EXISTING, left out).
        filed = file_nights(db, nights, skip_existing=skip_existing)
    except InvalidNight as error:
        raise InvalidNight([_by_row(p, rows) for p in error.problems]) from None
    except AlreadyStored as error:
        names = [_("row {row}").format(row=row) for row in rows]
        stored_already = error.duplicates
        said = [f"{names[d.index]}: {d.describe(names)}" for d in stored_already[:SHOWN]]
        if len(stored_already) > SHOWN:  # a whole sheet imported again: a few, then a count
            more = len(stored_already) - SHOWN
            said.append(
                ngettext(
                    "and {count} more row stored already",
                    "and {count} more rows stored already",
                    more,
                ).format(count=grouped(more))
            )
        raise StorageError(
            _("{duplicates}; nothing was imported").format(duplicates="; ".join(said))
        ) from None
    return [night_id for night_id in filed if isinstance(night_id, int)]


def _by_row(problem: Problem, rows: Sequence[int]) -> Problem:
    """A problem of the Nth night filed, named by the row of the sheet it came from."""
    if not isinstance(problem, NightProblem) or not 1 <= problem.night <= len(rows):
        return problem
    row = rows[problem.night - 1]
    if problem.hand is None:
        where = _("row {row}: {field}").format(row=row, field=problem.within)
    else:
        where = _("row {row}: hand {number}: {field}").format(
            row=row, number=problem.hand, field=problem.within
        )
    return Problem(where, problem.message)


def describe_plan(plan: SheetPlan) -> list[str]:
    """The plan in lines, as the command line prints it: what each column becomes, then
    `summary_lines`."""
    lines = []
    for column in plan.sheet.columns:
        what = _COLUMNS.get(column.kind)
        if what is not None:
            lines.append(f"{column} -> {_(what)}")
        if column.kind == "player":
            lines.append(str(next(p for p in plan.players if p.column == column)))
    return lines + summary_lines(plan)


def summary_lines(plan: SheetPlan) -> list[str]:
    """Where the plan files its nights (league, season), under which rules, and how many
    (the window's preview says these under its tables)."""
    lines = []
    if plan.league_exists:
        league = _("league {name}").format(name=quoted(plan.league))
    else:
        league = _("league {name} (new)").format(name=quoted(plan.league))
    if plan.season is None:
        lines.append(_("Into {league}.").format(league=league))
    else:
        if plan.season_exists:
            season = _("season {name}").format(name=quoted(plan.season))
        else:
            season = _("season {name} (new)").format(name=quoted(plan.season))
        lines.append(_("Into {league}, {season}.").format(league=league, season=season))
    if plan.rules is not None:
        lines.append(
            _(
                "Rules: {preset} at {cents} cents a point, every player of a sitting dealt in."
            ).format(preset=plan.rules.preset, cents=plan.rules.stake_cents)
        )
    sittings = plan.sheet.sittings
    if len(sittings) < plan.sheet.rows:
        rows = plan.sheet.rows
        lines.append(
            ngettext(
                "{read} of the {count} sitting read without a problem.",
                "{read} of the {count} sittings read without a problem.",
                rows,
            ).format(read=grouped(len(sittings)), count=grouped(rows))
        )
    elif sittings:
        dates = sorted(s.date for s in sittings)
        hands = sum(s.hands for s in sittings)
        played = ngettext("{count} played hand", "{count} played hands", hands)
        lines.append(
            ngettext(
                "{count} night of one result hand each, {first} to {last}, standing for {played}.",
                "{count} nights of one result hand each, {first} to {last}, standing for {played}.",
                len(sittings),
            ).format(
                count=grouped(len(sittings)),
                first=dates[0].isoformat(),
                last=dates[-1].isoformat(),
                played=played.format(count=grouped(hands)),
            )
        )
    return lines


_COLUMNS = {
    "date": N_("the date of each sitting"),
    "hands": N_("the played hands each sitting stands for"),
    "table": N_("the table of each sitting"),
}
