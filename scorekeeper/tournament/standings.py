"""A tournament's standings, after any session and overall: a pure function of each
player's figures at each session's table and the penalties.

A player's score in a session is the table score (the points of the table's hands,
or of its sheet's totals: zero-sum with the table's other players, checked) less the
penalties taken from them that session, which are kept apart (they sum to nothing).
Standings rank by the total, then by the director's chain of tie-breaks
(`TIE_BREAKS`, data: each a meaning and the value compared, and every count a game keeps,
`Game.figures`, by the name a league's tie-break gives it: "solos-won"); players still
tied share the place.  Each session's top scorers are those with its highest score.
Their columns are declared in `tournament.columns`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import NamedTuple

from scorekeeper.games import DEFAULT_GAME, game_named
from scorekeeper.i18n import N_, _
from scorekeeper.json_input import show_value
from scorekeeper.names import name_key
from scorekeeper.problems import Problem, require_zero_sum
from scorekeeper.standings import (
    figure_tie_breaks,
    figure_tie_value,
    shared_places,
    shared_ranks,
    tie_break_name,
    tie_break_words,
)


class SessionLine(NamedTuple):
    """One player's session at one table: the table score and the figures the
    tie-breaks compare, summed from the table's scored hands."""

    player: str
    session: int
    table: int
    points: int
    hands: int = 0  # played hands (a sheet's totals count as the session's hands)
    misplays: int = 0
    # The counts of the game (`Game.figures`, by key: "solos_won"; 0 left out).
    figures: Mapping[str, int] = MappingProxyType({})


class Penalty(NamedTuple):
    """Points taken from one player in one session (a sitting-out player who commented,
    say), apart from the table's zero-sum score."""

    player: str
    session: int
    points: int  # taken: 4 is a penalty of four points
    reason: str = ""


@dataclass(frozen=True)
class TieBreak:
    """A tie-break of every game: its MEANING (marked, translated where shown) and the
    value compared, higher better."""

    meaning: str
    value: Callable[[TournamentStanding], int]


@dataclass(frozen=True)
class TournamentStanding:
    """One player's line: each session's score (its table points less its penalties;
    None: not played, or not reported) and its table points alone (what the table's
    signed sheet says), the table points and the penalties apart, their total, and the
    figures."""

    rank: int
    player: str
    sessions: tuple[int | None, ...]
    session_points: tuple[int | None, ...]
    table_points: int
    penalties: int  # points taken, 0 or more
    hands: int
    misplays: int
    tables_won: int  # sessions the player finished first at the table (shared or not)
    figures: Mapping[str, int]  # the game's counts (`Game.figures`), by key

    def figure(self, key: str) -> int:
        """The player's count of the game's figure KEY ("solos_won"; none kept: 0)."""
        return self.figures.get(key, 0)

    @property
    def total(self) -> int:
        return self.table_points - self.penalties

    @property
    def best_session(self) -> int:
        return max((s for s in self.sessions if s is not None), default=0)

    @property
    def last_session(self) -> int:
        played = [s for s in self.sessions if s is not None]
        return played[-1] if played else 0


# Every game's tie-breaks; the games' counts are tie-breaks too (`figure_tie_breaks`).
TIE_BREAKS: dict[str, TieBreak] = {
    "tables-won": TieBreak(
        N_("more sessions first at the table (shared or not)"), lambda s: s.tables_won
    ),
    "best-session": TieBreak(N_("the better best session"), lambda s: s.best_session),
    "last-session": TieBreak(N_("the better last session"), lambda s: s.last_session),
    "penalties": TieBreak(N_("fewer penalty points"), lambda s: -s.penalties),
    "misplays": TieBreak(N_("fewer misplays"), lambda s: -s.misplays),
    "hands": TieBreak(N_("more hands played"), lambda s: s.hands),
}
DEFAULT_TIE_BREAKS = ("solos-won", "tables-won")  # a Schafkopf day's, Preisschafkopf's


def default_tie_breaks(game: str) -> tuple[str, ...]:
    """GAME's chain: solos won where the game counts them (Schafkopf), else the hands
    won as the declarer (a Sheepshead picker), then firsts at the table."""
    keys = {f.key for f in game_named(game).figures}
    return DEFAULT_TIE_BREAKS if "solos_won" in keys else ("picker-wins", "tables-won")


def tie_break_names(game: str | None = None) -> tuple[str, ...]:
    """Every name a chain of GAME may hold: every game's tie-breaks, then the counts
    GAME keeps (None: every game's counts, as the command line's help lists them)."""
    if game is None:
        counts = tuple(figure_tie_breaks())
    else:
        counts = tuple(tie_break_name(f.key) for f in game_named(game).figures)
    return (*TIE_BREAKS, *(n for n in counts if n not in TIE_BREAKS))


def parse_tie_breaks(
    value: object, game: str = DEFAULT_GAME
) -> tuple[tuple[str, ...] | None, list[Problem]]:
    """A chain of tie-breaks from JSON (None: GAME's own), or the problem naming the
    field: a count GAME does not keep (another game's) is refused, as it would always
    be 0."""
    if value is None:
        return default_tie_breaks(game), []
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        return None, [Problem("tie_breaks", _("must be a list of tie-break names"))]
    names = tie_break_names(game)
    wrong = [v for v in value if v not in names]
    if wrong:
        message = _("{value} is not one of {choices}").format(
            value=show_value(wrong[0]), choices=", ".join(names)
        )
        return None, [Problem("tie_breaks", message)]
    if len(set(value)) != len(value):
        return None, [Problem("tie_breaks", _("names a tie-break twice"))]
    return tuple(value), []


def tie_break_meaning(name: str, game: str = DEFAULT_GAME) -> str:
    """What the tie-break NAME compares, marked: a game's count in GAME's words."""
    return TIE_BREAKS[name].meaning if name in TIE_BREAKS else tie_break_words(name, game)


def tie_break_value(name: str) -> Callable[[TournamentStanding], int]:
    """What the tie-break NAME compares of a player, higher better."""
    return TIE_BREAKS[name].value if name in TIE_BREAKS else figure_tie_value(name)


def describe_tie_breaks(chain: Sequence[str], game: str = DEFAULT_GAME) -> str:
    """The ranking in words, as printed under standings."""
    if not chain:
        return _("Ranked by points; players tied share the place.")
    # Translators: joins the tie-breaks: "more solos won; then more hands played".
    words = _("; then ").join(_(tie_break_meaning(t, game)) for t in chain)
    return _(
        "Ranked by points; ties broken by {tie_breaks}; players still tied share the place."
    ).format(tie_breaks=words)


@dataclass(frozen=True)
class Standings:
    """The standings THROUGH a session (all of them, or one alone: ONLY), best first,
    and each session's top scorers (empty: no results yet)."""

    rows: tuple[TournamentStanding, ...]
    sessions: int
    through: int
    tie_breaks: tuple[str, ...]
    tops: tuple[tuple[str, ...], ...]
    only: int | None = None
    game: str = DEFAULT_GAME  # whose counts the figures are, and in whose words


def tournament_standings(
    lines: Iterable[SessionLine],
    penalties: Iterable[Penalty] = (),
    *,
    sessions: int,
    through: int | None = None,
    only: int | None = None,
    tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS,
    players: Iterable[str] = (),
    pots: Mapping[tuple[int, int], int] | None = None,
    game: str = DEFAULT_GAME,
) -> Standings:
    """Rank every player of LINES (and PLAYERS, registered but without a result yet)
    over sessions 1 to THROUGH (default: every one), or session ONLY alone.  Each
    table's points, with what it left in a Schafkopf pot (POTS: by session and table),
    sum to zero (checked)."""
    through = sessions if through is None else through
    last = through

    def wanted(session: int) -> bool:
        return session == only if only is not None else session <= last

    kept = [line for line in lines if wanted(line.session)]
    taken = [p for p in penalties if wanted(p.session)]
    _check_tables(kept, pots or {})
    places = _table_places(kept)
    by_player: dict[str, list[SessionLine]] = defaultdict(list)
    for line in kept:
        by_player[line.player].append(line)
    for player in players:
        by_player.setdefault(player, [])
    for penalty in taken:
        by_player.setdefault(penalty.player, [])
    docked: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for penalty in taken:
        docked[penalty.player][penalty.session] += penalty.points
    rows = [
        _standing(player, own, docked[player], places, sessions)
        for player, own in by_player.items()
    ]
    tops = tuple(_tops(rows, number) for number in range(1, sessions + 1))
    chain = tuple(tie_breaks)
    return Standings(_ranked(rows, chain), sessions, through, chain, tops, only, game)


def _check_tables(lines: Sequence[SessionLine], pots: Mapping[tuple[int, int], int]) -> None:
    """Every table's session sums to zero with its pot."""
    tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    for line in lines:
        tables[(line.session, line.table)].append(line.points)
    for (session, table), points in tables.items():
        pot = pots.get((session, table), 0)
        require_zero_sum([*points, pot], f"session {session}, table {table}")


def _table_places(lines: Sequence[SessionLine]) -> dict[tuple[str, int], int]:
    """Each player's place at their table each session, tied players sharing the better."""
    tables: dict[tuple[int, int], list[SessionLine]] = defaultdict(list)
    for line in lines:
        tables[(line.session, line.table)].append(line)
    return {
        (player, session): place
        for (session, _table), group in tables.items()
        for player, place in shared_places({line.player: line.points for line in group}).items()
    }


def _standing(
    player: str,
    own: Sequence[SessionLine],
    docked: Mapping[int, int],
    places: Mapping[tuple[str, int], int],
    sessions: int,
) -> TournamentStanding:
    by_session: dict[int, int] = defaultdict(int)
    figures: dict[str, int] = defaultdict(int)
    for line in own:
        by_session[line.session] += line.points
        for key, count in line.figures.items():
            figures[key] += count
    scores = tuple(
        by_session[n] - docked.get(n, 0) if n in by_session or n in docked else None
        for n in range(1, sessions + 1)
    )
    return TournamentStanding(
        rank=0,
        player=player,
        sessions=scores,
        session_points=tuple(
            by_session[n] if n in by_session or n in docked else None
            for n in range(1, sessions + 1)
        ),
        table_points=sum(line.points for line in own),
        penalties=sum(docked.values()),
        hands=sum(line.hands for line in own),
        misplays=sum(line.misplays for line in own),
        tables_won=sum(1 for line in own if places[(player, line.session)] == 1),
        figures=MappingProxyType(dict(figures)),
    )


def _tops(rows: Sequence[TournamentStanding], session: int) -> tuple[str, ...]:
    """The players with SESSION's highest score (several when tied; none unplayed)."""
    scores = {r.player: r.sessions[session - 1] for r in rows}
    played = {p: s for p, s in scores.items() if s is not None}
    if not played:
        return ()
    best = max(played.values())
    return tuple(sorted((p for p, s in played.items() if s == best), key=name_key))


def _ranked(
    rows: Sequence[TournamentStanding], chain: Sequence[str]
) -> tuple[TournamentStanding, ...]:
    """Best first: total, then the chain; players still tied share the place, listed
    by name."""
    values = [tie_break_value(t) for t in chain]
    ranked = shared_ranks(rows, lambda row: (row.total, *(value(row) for value in values)))
    return tuple(replace(row, rank=rank) for row, rank in ranked)


def ranking(standings: Standings) -> list[tuple[str, int]]:
    """Each player and their shared place, best first: what the prizes are split by."""
    return [(row.player, row.rank) for row in standings.rows]
