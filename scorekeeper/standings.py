"""League standings: each player's nights summed and ranked under the organiser's choice.

Input is one `NightLine` per player per night (what the store sums from the score
cache); output is `Standings`: the players who qualify, ranked, and those who do not
yet, listed apart and ranked among themselves.  Points and money are always the true
totals of every night (they sum to zero, checked); the *score* a player is ranked by
may leave out their worst nights or count placement points instead.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Literal, NamedTuple, Protocol, TypeVar

from scorekeeper.games import DEFAULT_GAME, Figure, all_games, game_named, one_game
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.json_input import show_value
from scorekeeper.names import name_key
from scorekeeper.problems import Problem, require_zero_sum
from scorekeeper.rules import is_whole

RankBy = Literal["points", "money", "points-per-hand", "placement"]
RANK_BY: tuple[RankBy, ...] = ("points", "money", "points-per-hand", "placement")

# What each way of ranking ranks by (marked here, translated with `_()` where shown).
RANK_BY_MEANING: dict[str, str] = {
    "points": N_("total points"),
    "money": N_("total money"),
    "points-per-hand": N_("points per hand played"),
    "placement": N_("placement points for each night's finishing place at the table"),
}

# Each tie-break: its meaning (translated with `_()` where shown), and the value
# compared (higher is better).
TIE_BREAKS: dict[str, str] = {
    "nights-won": N_("more nights won (first place at the table, shared or not)"),
    "hands": N_("more hands played"),
    "misplays": N_("fewer misplays"),
    "nights": N_("more nights played"),
    "points": N_("more points"),
    "money": N_("more money"),
    "points-per-hand": N_("more points per hand"),
}
DEFAULT_TIE_BREAKS = ("nights-won", "hands", "misplays")


def figure_tie_breaks() -> dict[str, Figure]:
    """Each count a game keeps (`Game.figures`) as a tie-break, by its name as typed
    and stored ("picker-wins", "ramsch-lost"): the first game's to declare it, in the
    order the games are registered."""
    breaks: dict[str, Figure] = {}
    for game in all_games():
        for figure in game.figures:
            breaks.setdefault(tie_break_name(figure.key), figure)
    return breaks


def tie_break_name(key: str) -> str:
    """A figure's KEY as a tie-break is named: "picker_wins" -> "picker-wins"."""
    return key.replace("_", "-")


def tie_break_words(name: str, game: str = DEFAULT_GAME) -> str:
    """What the tie-break NAME compares, in the words of GAME when it counts it
    (marked; translated where shown)."""
    if name in TIE_BREAKS:
        return TIE_BREAKS[name]
    own = {tie_break_name(f.key): f for f in game_named(game).figures}
    figure = own.get(name) or figure_tie_breaks()[name]
    return figure.tie_break


DEFAULT_PLACEMENT_POINTS = (5, 3, 2, 1, 0)


class NightLine(NamedTuple):
    """One player's night in a league: the sums standings and statistics start from.
    A named tuple, not a dataclass: a league of 100,000 hands has some 17,000 of them,
    made for every standings read (a frozen dataclass's `__init__` took a quarter of
    `night_lines`, docs/performance.md)."""

    night_id: int
    date: str | None  # ISO date
    season: str | None
    table: str | None
    player: str
    points: int
    cents: int
    hands: int = 0  # hands dealt in
    misplays: int = 0
    game: str = DEFAULT_GAME  # the game the night was played at (`scorekeeper.games`)
    # The counts of the night's game (`Game.figures`, by key; a count of 0 left out).
    figures: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class StandingsOptions:
    """The organiser's choice of how a league is ranked."""

    rank_by: RankBy = "points"
    placement_points: tuple[int, ...] = DEFAULT_PLACEMENT_POINTS
    min_nights: int = 0
    min_hands: int = 0
    drop_worst: int = 0
    tie_breaks: tuple[str, ...] = DEFAULT_TIE_BREAKS

    def to_json(self) -> dict[str, object]:
        """The options as stored with a league."""
        return {
            "rank_by": self.rank_by,
            "placement_points": list(self.placement_points),
            "min_nights": self.min_nights,
            "min_hands": self.min_hands,
            "drop_worst": self.drop_worst,
            "tie_breaks": list(self.tie_breaks),
        }

    @property
    def score_shown(self) -> bool:
        """Whether printed standings show the score beside the other figures: when it is
        none of them (placement points, or the ranking's figure once the worst nights
        are dropped)."""
        return self.rank_by == "placement" or self.drop_worst > 0

    def describe(self, game: str = DEFAULT_GAME) -> list[str]:
        """The qualifying rule and the tie-breaks in words, as printed under standings
        (a count of a game's in the words of GAME, the league's)."""
        lines = [_("Ranked by {meaning}.").format(meaning=_(RANK_BY_MEANING[self.rank_by]))]
        if self.rank_by == "placement":
            points = "-".join(str(p) for p in self.placement_points)
            lines.append(
                _("Placement points {points} for 1st, 2nd, ... at each table.").format(
                    points=points
                )
            )
        if self.drop_worst:
            lines.append(
                ngettext(
                    "Each player's worst night is not counted (one always is).",
                    "Each player's worst {count} nights are not counted (one always is).",
                    self.drop_worst,
                ).format(count=self.drop_worst)
            )
        if self.min_nights or self.min_hands:
            lines.append(self._qualifying())
        if self.tie_breaks:
            # Translators: joins the tie-breaks: "more nights won; then more hands played".
            words = _("; then ").join(_(tie_break_words(t, game)) for t in self.tie_breaks)
            lines.append(
                _("Ties are broken by {tie_breaks}; players still tied share the place.").format(
                    tie_breaks=words
                )
            )
        else:
            lines.append(_("Players tied share the place."))
        return lines

    def _qualifying(self) -> str:
        """The least a player must play to qualify, in words."""
        nights = ngettext("{count} night", "{count} nights", self.min_nights).format(
            count=self.min_nights
        )
        hands = ngettext("{count} hand", "{count} hands", self.min_hands).format(
            count=self.min_hands
        )
        if self.min_nights and self.min_hands:
            return _(
                "To qualify: at least {nights} and {hands}; those below are listed apart."
            ).format(nights=nights, hands=hands)
        return _("To qualify: at least {least}; those below are listed apart.").format(
            least=nights if self.min_nights else hands
        )


def parse_standings_options(value: object) -> tuple[StandingsOptions | None, list[Problem]]:
    """Standings options from JSON (a league's stored choice, or the command line's),
    every problem named by its field."""
    if value is None:
        return StandingsOptions(), []
    if not isinstance(value, Mapping):
        return None, [Problem("standings", _("must be an object"))]
    problems: list[Problem] = []
    known = set(StandingsOptions().to_json())
    problems += [Problem(str(k), _("is not a standings option")) for k in value if k not in known]
    one_of = _("{value} is not one of {choices}")
    rank_by = value.get("rank_by", "points")
    if rank_by not in RANK_BY:
        problems.append(
            Problem("rank_by", one_of.format(value=show_value(rank_by), choices=", ".join(RANK_BY)))
        )
    placement = value.get("placement_points", list(DEFAULT_PLACEMENT_POINTS))
    if not _whole_list(placement) or not placement:
        problems.append(Problem("placement_points", _("must be a list of whole numbers")))
    counts = {k: value.get(k, 0) for k in ("min_nights", "min_hands", "drop_worst")}
    for key, count in counts.items():
        if not is_whole(count) or count < 0:
            message = _("{value} is not a whole number of 0 or more")
            problems.append(Problem(key, message.format(value=show_value(count))))
    breaks = value.get("tie_breaks", list(DEFAULT_TIE_BREAKS))
    if not isinstance(breaks, list) or not all(isinstance(b, str) for b in breaks):
        problems.append(Problem("tie_breaks", _("must be a list of tie-break names")))
    else:
        # A game's counts are asked for only when a tie-break is none of every game's:
        # they load every game (a Sheepshead league's window need not load Schafkopf).
        if unknown := [b for b in breaks if b not in TIE_BREAKS]:
            breakers = [*TIE_BREAKS, *figure_tie_breaks()]
            problems += [
                Problem(
                    "tie_breaks", one_of.format(value=show_value(b), choices=", ".join(breakers))
                )
                for b in unknown
                if b not in breakers
            ]
    if problems:
        return None, problems
    return StandingsOptions(
        rank_by=rank_by, placement_points=tuple(placement), tie_breaks=tuple(breaks), **counts
    ), []


def _whole_list(value: object) -> bool:
    return isinstance(value, list) and all(is_whole(v) for v in value)


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings."""

    rank: int | None  # shared when tied; None for a player listed apart (not qualified)
    player: str
    qualified: bool
    nights: int
    hands: int
    points: int
    cents: int
    misplays: int
    nights_won: int
    placement_points: int
    dropped: int  # nights not counted in the score
    score: Fraction  # what the player is ranked by (after dropping nights)
    # The counts of the league's game and any other played (`Game.figures`, by key).
    figures: Mapping[str, int] = field(default_factory=dict)

    @property
    def points_per_hand(self) -> Fraction:
        """Average points a hand played (exact)."""
        return Fraction(self.points, self.hands) if self.hands else Fraction(0)

    def figure(self, key: str) -> int:
        """The count of the figure KEY (0: none)."""
        return self.figures.get(key, 0)

    def share(self, figure: Figure) -> Fraction | None:
        """FIGURE's count as a share of the count it is part of (`Figure.share_of`:
        picks won of picks); None when there is none of those."""
        whole = self.figure(figure.share_of) if figure.share_of else 0
        return Fraction(self.figure(figure.key), whole) if whole else None


@dataclass(frozen=True)
class Standings:
    """Ranked standings: the qualified players, then those listed apart."""

    options: StandingsOptions
    qualified: tuple[Standing, ...]
    not_qualified: tuple[Standing, ...]
    nights: int  # nights counted
    pot: tuple[int, int] = (0, 0)  # points and cents left in Schafkopf pots (a party too)
    game: str = DEFAULT_GAME  # the game of the nights, whose words the standings use

    @property
    def everyone(self) -> tuple[Standing, ...]:
        """Every player, the qualified first."""
        return self.qualified + self.not_qualified


def night_places(lines: Iterable[NightLine]) -> dict[int, dict[str, int]]:
    """Each player's finishing place at each night's table by points; tied players share
    the better place (1, 1, 3, ...)."""
    by_night: dict[int, list[NightLine]] = defaultdict(list)
    for line in lines:
        by_night[line.night_id].append(line)
    return {
        night: shared_places({n.player: n.points for n in group})
        for night, group in by_night.items()
    }


def shared_places(values: Mapping[str, int | Fraction]) -> dict[str, int]:
    """Each player's place by their value in VALUES, higher better; tied players share
    the better place (1, 1, 3, ...): a night's table, or a tournament's table a session."""
    ordered = sorted(values, key=lambda p: -values[p])
    places: dict[str, int] = {}
    for index, player in enumerate(ordered):
        tied_above = index and values[ordered[index - 1]] == values[player]
        places[player] = places[ordered[index - 1]] if tied_above else index + 1
    return places


class PlayerNights(NamedTuple):
    """One player's nights of a period summed, with how many of them the player finished
    in each place at the table: all that ranking needs when no night is dropped (the
    store sums these in the database for a big league, `store.league.standings`)."""

    player: str
    nights: int
    points: int
    cents: int
    hands: int
    misplays: int
    places: Mapping[int, int]  # place at the table -> nights finished there
    figures: Mapping[str, int] = MappingProxyType({})  # the games' counts, by key


def player_nights(
    player: str, nights: Sequence[NightLine], place: Mapping[int, int]
) -> PlayerNights:
    """NIGHTS (one player's) summed; PLACE is the player's place at each night."""
    places: dict[int, int] = defaultdict(int)
    points = cents = hands = misplays = 0
    figures: dict[str, int] = defaultdict(int)
    for night in nights:
        places[place[night.night_id]] += 1
        points += night.points
        cents += night.cents
        hands += night.hands
        misplays += night.misplays
        for key, count in night.figures.items():
            figures[key] += count
    return PlayerNights(
        player, len(nights), points, cents, hands, misplays, dict(places), dict(figures)
    )


def compute_standings(
    lines: Sequence[NightLine],
    options: StandingsOptions | None = None,
    pot: tuple[int, int] = (0, 0),
) -> Standings:
    """Rank every player of these nights.  Points and money sum to zero over everyone
    and what the nights left in a Schafkopf pot, POT's points and cents (checked); each
    player's score is what `options.rank_by` counts."""
    options = options or StandingsOptions()
    places = night_places(lines)
    by_player: dict[str, list[NightLine]] = defaultdict(list)
    for line in lines:
        by_player[line.player].append(line)
    rows = []
    for player, nights in by_player.items():
        place = {n.night_id: places[n.night_id][player] for n in nights}
        summed = player_nights(player, nights, place)
        dropped = min(options.drop_worst, len(nights) - 1)
        if dropped > 0:  # sorting every night by its value is the slow part: only when needed
            worst_first = sorted(
                nights,
                key=lambda n: (
                    _night_value(n, place[n.night_id], options),
                    n.date or "",
                    n.night_id,
                ),
            )
            score = _score(player_nights(player, worst_first[dropped:], place), options)
        else:
            dropped, score = 0, _score(summed, options)
        rows.append(_standing(summed, options, score, dropped))
    game = one_game(line.game for line in lines).name
    return _standings(rows, options, pot, nights=len(places), game=game)


def rank_players(
    players: Iterable[PlayerNights],
    options: StandingsOptions,
    pot: tuple[int, int] = (0, 0),
    *,
    nights: int,
    game: str = DEFAULT_GAME,
) -> Standings:
    """Rank players whose NIGHTS (that many in all, at GAME) are already summed, as
    `compute_standings` ranks their nights: only for OPTIONS that drop no night."""
    if options.drop_worst:
        raise ValueError("dropping the worst nights needs each night: compute_standings")
    rows = [_standing(p, options, _score(p, options), 0) for p in players]
    return _standings(rows, options, pot, nights=nights, game=game)


def _standings(
    rows: list[Standing], options: StandingsOptions, pot: tuple[int, int], *, nights: int, game: str
) -> Standings:
    require_zero_sum([*(r.points for r in rows), pot[0]], "the standings' points")
    require_zero_sum([*(r.cents for r in rows), pot[1]], "the standings' money")
    qualified = [r for r in rows if r.qualified]
    apart = [r for r in rows if not r.qualified]
    return Standings(
        options=options,
        qualified=_ranked(qualified, options),
        not_qualified=tuple(replace(r, rank=None) for r in _ranked(apart, options)),
        nights=nights,
        pot=pot,
        game=game,
    )


def _placement(place: int, options: StandingsOptions) -> int:
    table = options.placement_points
    return table[place - 1] if place <= len(table) else 0


def _night_value(line: NightLine, place: int, options: StandingsOptions) -> Fraction:
    if options.rank_by == "money":
        return Fraction(line.cents)
    if options.rank_by == "placement":
        return Fraction(_placement(place, options))
    if options.rank_by == "points-per-hand":
        return Fraction(line.points, line.hands) if line.hands else Fraction(0)
    return Fraction(line.points)


def _standing(
    summed: PlayerNights, options: StandingsOptions, score: Fraction, dropped: int
) -> Standing:
    return Standing(
        rank=None,
        player=summed.player,
        qualified=summed.nights >= options.min_nights and summed.hands >= options.min_hands,
        nights=summed.nights,
        hands=summed.hands,
        points=summed.points,
        cents=summed.cents,
        misplays=summed.misplays,
        nights_won=summed.places.get(1, 0),
        placement_points=_placements(summed, options),
        dropped=dropped,
        score=score,
        figures=summed.figures,
    )


def _placements(summed: PlayerNights, options: StandingsOptions) -> int:
    return sum(_placement(place, options) * count for place, count in summed.places.items())


def _score(summed: PlayerNights, options: StandingsOptions) -> Fraction:
    if options.rank_by == "points-per-hand":
        hands = summed.hands
        return Fraction(summed.points, hands) if hands else Fraction(0)
    if options.rank_by == "money":
        return Fraction(summed.cents)
    if options.rank_by == "placement":
        return Fraction(_placements(summed, options))
    return Fraction(summed.points)


_TIE_VALUES: dict[str, Callable[[Standing], Fraction | int]] = {
    "nights-won": lambda s: s.nights_won,
    "hands": lambda s: s.hands,
    "misplays": lambda s: -s.misplays,
    "nights": lambda s: s.nights,
    "points": lambda s: s.points,
    "money": lambda s: s.cents,
    "points-per-hand": lambda s: s.points_per_hand,
}


def _tie_value(name: str) -> Callable[[Standing], Fraction | int]:
    """What the tie-break NAME compares (higher is better): every game's, or a count of
    a game's (`figure_tie_value`)."""
    return _TIE_VALUES[name] if name in _TIE_VALUES else figure_tie_value(name)


class Figured(Protocol):
    """A standings line that keeps the games' counts (a league's or a tournament's)."""

    def figure(self, key: str) -> int:
        """The player's count of the game's figure KEY."""
        ...


def figure_tie_value(name: str) -> Callable[[Figured], int]:
    """What the tie-break NAME, a count of a game's (`figure_tie_breaks`), compares:
    higher is better, fewer better where the game says so."""
    figure = figure_tie_breaks()[name]
    sign = -1 if figure.fewer_better else 1
    return lambda s: sign * s.figure(figure.key)


class Ranked(Protocol):
    """A standings line, by its player's name."""

    @property
    def player(self) -> str:
        """The player's name."""
        ...


Line = TypeVar("Line", bound=Ranked)


def shared_ranks(
    rows: Iterable[Line], key: Callable[[Line], tuple[Fraction | int, ...]]
) -> list[tuple[Line, int]]:
    """ROWS best first by KEY (higher better), each with its place: players tied on the
    whole KEY share the place and are listed by their names' keys (a league's standings
    and a tournament's)."""
    keys = [(row, key(row)) for row in rows]
    keys.sort(key=lambda pair: (tuple(-v for v in pair[1]), name_key(pair[0].player)))
    ranked: list[tuple[Line, int]] = []
    for index, (row, value) in enumerate(keys):
        tied = index and keys[index - 1][1] == value
        ranked.append((row, ranked[-1][1] if tied else index + 1))
    return ranked


def _ranked(rows: list[Standing], options: StandingsOptions) -> tuple[Standing, ...]:
    """Best first; ties broken in the stated order; still tied share the place (and are
    listed by name)."""
    values = [_tie_value(t) for t in options.tie_breaks]
    ranked = shared_ranks(rows, lambda row: (row.score, *(value(row) for value in values)))
    return tuple(replace(row, rank=rank) for row, rank in ranked)
