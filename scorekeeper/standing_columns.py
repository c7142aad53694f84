"""The standings' columns, declared once: each column's key, its header, the raw value
a spreadsheet keeps, the text a screen, a page and a terminal show, and the value it
sorts by.  The command line, the spreadsheet (and Copy), the league report and the
league window each choose some of these columns (`standing_columns`) and show them as
they are declared here, so the same standing reads the same wherever it is shown: its
points signed ('+16'), an unranked player's place '—', money in the league's currency.

The game's own counts (`Game.figures`: Sheepshead's picks and leasters, Schafkopf's
solos and Ramsch lost) are columns of the league's game, headed in its words; the rest
are every game's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scorekeeper.csv_out import Cell
from scorekeeper.explain import signed
from scorekeeper.formatting import local_decimal, local_figure, local_percent, money
from scorekeeper.games import Figure, game_named
from scorekeeper.i18n import N_, _
from scorekeeper.standings import Standing

# Where a door's choice of columns takes the columns of the league's game.
GAME = "game"
# The game's columns a door that shows few takes (`Figure.brief`): some counts are in
# the spreadsheet only (schneiders lost).
GAME_BRIEF = "game-brief"
UNRANKED = "—"  # the place of a player listed apart (not yet qualified)


@dataclass(frozen=True)
class StandingColumn:
    """One column of the standings: KEY names it (the command line's JSON calls the
    value so); HEADER is its heading, marked (`N_`) and translated where shown (a game's
    word, `Words`), SHEET_HEADER a spreadsheet's (English, in its units); VALUE is what
    a spreadsheet keeps (a whole number, an exact fraction, text or nothing), TEXT what
    is shown (money in the currency given), SORT what a table sorts it by."""

    key: str
    header: str
    value: Callable[[Standing], Cell]
    text: Callable[[Standing, str], str]
    sort: Callable[[Standing], Any]
    sheet_header: str
    money: bool = False  # an amount in cents (shown in the league's currency)
    name: bool = False  # the player's name (left-aligned where numbers are right-aligned)

    def heading(self) -> str:
        """The header in the language spoken now ("#" as it is)."""
        return _(self.header)


def _column(
    key: str,
    header: str,
    value: Callable[[Standing], Cell],
    text: Callable[[Standing, str], str] | None = None,
    *,
    sort: Callable[[Standing], Any] | None = None,
    sheet: str | None = None,
    money: bool = False,
    name: bool = False,
) -> StandingColumn:
    """A column whose text is its value written out, unless TEXT is given; sorted by its
    value unless SORT is given; SHEET, its spreadsheet header, else HEADER."""
    return StandingColumn(
        key,
        header,
        value,
        text or (lambda s, _currency: str(value(s))),
        sort or value,
        sheet or header,
        money=money,
        name=name,
    )


def _rank_sort(row: Standing) -> int:
    return row.rank if row.rank is not None else 1_000_000  # listed apart: last


def _share_sort(rate: Fraction | None) -> Fraction:
    return rate if rate is not None else Fraction(-1)  # never declared: below 0%


# Every game's columns before the game's own, and after them, in the order shown.
_BEFORE = (
    _column(
        "rank",
        "#",
        lambda s: s.rank,
        lambda s, _c: str(s.rank) if s.rank else UNRANKED,
        sort=_rank_sort,
        sheet="Rank",
    ),
    _column(
        "player",
        N_("Player"),
        lambda s: s.player,
        sort=lambda s: s.player.casefold(),
        name=True,
    ),
    _column("nights", N_("Nights"), lambda s: s.nights),
    _column("hands", N_("Hands"), lambda s: s.hands),
    _column("points", N_("Points"), lambda s: s.points, lambda s, _c: signed(s.points)),
    _column(
        "cents",
        N_("Money"),
        lambda s: s.cents,
        lambda s, currency: money(s.cents, currency),
        sheet="Money (cents)",
        money=True,
    ),
    _column("score", N_("Score"), lambda s: s.score, lambda s, _c: local_figure(s.score)),
    _column(
        "points_per_hand",
        N_("Pts/hand"),
        lambda s: s.points_per_hand,
        lambda s, _c: local_decimal(s.points_per_hand),
        sheet="Points per hand",
    ),
)
_AFTER = (
    _column("misplays", N_("Misplays"), lambda s: s.misplays),
    _column("nights_won", N_("Nights won"), lambda s: s.nights_won),
    _column("placement_points", N_("Placement points"), lambda s: s.placement_points),
    _column("dropped_nights", N_("Nights dropped"), lambda s: s.dropped),
)


def figure_column(figure: Figure) -> StandingColumn:
    """The column of a game's count (`Game.figures`), headed in the game's words: its
    count; where it is part of another count (picks won of picks), shown as that share
    ('60%') and sorted by it."""
    key = figure.key
    if figure.share_of is None:
        return _column(key, figure.label, lambda s: s.figure(key))
    return _column(
        key,
        figure.label,
        lambda s: s.figure(key),
        lambda s, _c: local_percent(s.share(figure)),
        sort=lambda s: _share_sort(s.share(figure)),
    )


def standing_columns(game: str, keys: Sequence[str]) -> tuple[StandingColumn, ...]:
    """The columns KEYS name, in the order declared (GAME: every count of the league's
    GAME, `Game.figures`; GAME_BRIEF: those a door that shows few takes)."""
    wanted = set(keys)
    own: tuple[StandingColumn, ...] = ()
    if GAME in wanted or GAME_BRIEF in wanted:
        every = GAME in wanted
        own = tuple(figure_column(f) for f in game_named(game).figures if every or f.brief)
    return (
        *(c for c in _BEFORE if c.key in wanted),
        *own,
        *(c for c in _AFTER if c.key in wanted),
    )


def every_games_column(key: str) -> StandingColumn:
    """The column KEY names that every game's standings have (not a game's own count)."""
    return next(c for c in (*_BEFORE, *_AFTER) if c.key == key)


# Every column, for a spreadsheet: all the standings hold.
EVERY = (*(c.key for c in _BEFORE), GAME, *(c.key for c in _AFTER))
