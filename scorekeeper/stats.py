"""Statistics: a player's record over many nights, and how often each outcome happens.

Input is one `HandFact` per hand a player was dealt into (what the store reads from the
score cache), in the order played: by date, night, then hand number.  Every count here
is a whole number; rates are exact fractions, shown rounded only by whoever prints them.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scorekeeper.formatting import local_decimal, local_percent, money, short_date
from scorekeeper.games import DEFAULT_GAME, RESULT, Figure, game_named, game_names, one_game
from scorekeeper.i18n import N_, _, ngettext

DECLARERS = ("picker", "partner")
# The first of the outcomes at the table: every hand (a key, and its label on screen).
HANDS = N_("hands")


@dataclass(frozen=True)
class HandFact:
    """One player's part in one hand, from the score cache."""

    night_id: int
    date: str | None
    number: int  # the hand's number in its night
    player: str
    role: str  # scorekeeper.results.ROLES
    outcome: str  # "win"/"loss" for a pick hand (the declarers'), else the hand's type
    level: str  # "normal", "schneider" or "no-trick"
    call: str | None  # how the partner was called on a pick hand ("alone", "ace-hearts")
    points: int
    cents: int
    misplays: int = 0  # misplays this player made in this hand
    alone: bool | None = None  # the declarer had no partner (`HandResult.alone`)
    game: str = DEFAULT_GAME  # the game the night was played at (`scorekeeper.games`)
    hands: int = 1  # the played hands it stands for (a result hand may stand for many)
    # What the hand added to the player's counts of its game (`Game.figure_counts`).
    figures: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Tally:
    """Hands of one kind, and how many of them were won."""

    hands: int = 0
    won: int = 0

    @property
    def rate(self) -> Fraction | None:
        """The share won; None when there were no such hands."""
        return Fraction(self.won, self.hands) if self.hands else None

    def add(self, won: bool) -> Tally:
        """This tally with one more hand."""
        return Tally(self.hands + 1, self.won + (1 if won else 0))


@dataclass(frozen=True)
class NightFigure:
    """A player's result for one night (for best and worst nights)."""

    night_id: int
    date: str | None
    points: int
    cents: int


@dataclass(frozen=True)
class PlayerStatistics:
    """A player's record over the nights asked for."""

    player: str
    nights: int
    hands: int
    points: int
    cents: int
    picker: Tally
    picker_alone: Tally
    picker_with_partner: Tally
    picker_by_call: dict[str, Tally]
    partner: Tally
    defender: Tally
    schneiders_won: int
    schneiders_lost: int
    no_tricks_won: int
    no_tricks_lost: int
    leasters: Tally
    misplays: int
    best_night: NightFigure | None
    worst_night: NightFigure | None
    longest_winning_streak: int  # hands in a row with points won
    longest_losing_streak: int  # hands in a row with points lost
    nights_by_date: tuple[NightFigure, ...] = field(default=())
    leaster_seconds: int = 0  # leasters the player came second in (`leaster_second`)
    game: str = DEFAULT_GAME  # the game of the player's hands, whose words the lines use
    # The game each call of picker_by_call was made at (a league of both games: a
    # Sheepshead call and a Schafkopf game are each said in their own game's words).
    call_games: dict[str, str] = field(default_factory=dict)
    # The counts of the player's games (`Game.figures`), by key, summed over the hands.
    figures: dict[str, int] = field(default_factory=dict)

    def figure_lines(self) -> list[tuple[Figure, int, int | None]]:
        """The counts of the player's game said in its statistics (`Figure.statistics`:
        none of the tallies says them), each with the count it is a share of (None:
        of none)."""
        return [
            (f, self.figures.get(f.key, 0), self.figures.get(f.share_of, 0) if f.share_of else None)
            for f in game_named(self.game).figures
            if f.statistics
        ]

    def call_label(self, call: str, *, english: bool = False) -> str:
        """CALL (a key of picker_by_call) in the words of the game it was made at."""
        game = game_named(self.call_games.get(call, self.game))
        # a game made before the English labels may not take ENGLISH (tests/test_third_game.py)
        return game.call_label(call, english=True) if english else game.call_label(call)

    @property
    def points_per_hand(self) -> Fraction:
        """Average points a hand played (exact)."""
        return Fraction(self.points, self.hands) if self.hands else Fraction(0)


def side_won(fact: HandFact) -> bool | None:
    """Whether the player's side won a pick hand (None for other hands)."""
    if fact.outcome not in ("win", "loss"):
        return None
    return (fact.role in DECLARERS) == (fact.outcome == "win")


def player_statistics(player: str, facts: Sequence[HandFact]) -> PlayerStatistics:
    """Everything the player page shows, from the player's hands in the order played."""
    mine = [f for f in facts if f.player == player]
    tallies: dict[str, Tally] = defaultdict(Tally)
    by_call: dict[str, Tally] = defaultdict(Tally)
    call_games: dict[str, str] = {}
    levels: Counter[tuple[str, bool]] = Counter()
    figures: Counter[str] = Counter()
    seconds = 0  # leasters in which the player came second (`leaster_second`)
    for fact in mine:
        figures.update(fact.figures)
        won = side_won(fact)
        if fact.role.startswith("leaster"):
            tallies["leaster"] = tallies["leaster"].add(fact.role == "leaster-winner")
            seconds += fact.role == "leaster-second"
        if won is None:
            continue
        tallies[fact.role] = tallies[fact.role].add(won)
        if fact.role == "picker":
            kind = "alone" if fact.alone else "with-partner"
            tallies[kind] = tallies[kind].add(won)
            call = fact.call or ("alone" if fact.alone else None)
            if call is not None:  # a partner known without a call (jack of diamonds)
                by_call[call] = by_call[call].add(won)
                call_games[call] = fact.game
        if fact.level != "normal":
            # Schafkopf's Schwarz is Sheepshead's no-trick: the losers took no trick.
            levels["no-trick" if fact.level == "schwarz" else fact.level, won] += 1
    nights = _nights(mine)
    winning, losing = _streaks(mine)
    return PlayerStatistics(
        player=player,
        nights=len(nights),
        hands=sum(f.hands for f in mine),
        points=sum(f.points for f in mine),
        cents=sum(f.cents for f in mine),
        picker=tallies["picker"],
        picker_alone=tallies["alone"],
        picker_with_partner=tallies["with-partner"],
        picker_by_call=dict(sorted(by_call.items())),
        partner=tallies["partner"],
        defender=tallies["defender"],
        schneiders_won=levels["schneider", True] + levels["no-trick", True],
        schneiders_lost=levels["schneider", False] + levels["no-trick", False],
        no_tricks_won=levels["no-trick", True],
        no_tricks_lost=levels["no-trick", False],
        leasters=tallies["leaster"],
        leaster_seconds=seconds,
        misplays=sum(f.misplays for f in mine),
        best_night=max(nights, key=lambda n: n.points, default=None),
        worst_night=min(nights, key=lambda n: n.points, default=None),
        longest_winning_streak=winning,
        longest_losing_streak=losing,
        nights_by_date=tuple(nights),
        game=one_game(f.game for f in mine).name,
        call_games=call_games,
        figures=dict(figures),
    )


def _nights(facts: Iterable[HandFact]) -> list[NightFigure]:
    """The player's nights in the order played, with their totals."""
    totals: dict[int, list[int]] = {}
    dates: dict[int, str | None] = {}
    for fact in facts:
        entry = totals.setdefault(fact.night_id, [0, 0])
        entry[0] += fact.points
        entry[1] += fact.cents
        dates[fact.night_id] = fact.date
    return [NightFigure(n, dates[n], p, c) for n, (p, c) in totals.items()]


def _streaks(facts: Iterable[HandFact]) -> tuple[int, int]:
    """The longest runs of hands won (points > 0) and lost (points < 0); a hand that
    scored nothing for the player (a doubler, say), or a result hand (not one hand won
    or lost, but a sitting's sum), neither extends nor breaks a run."""
    best = {1: 0, -1: 0}
    sign, run = 0, 0
    for fact in facts:
        if not fact.points or fact.outcome == RESULT:
            continue
        now = 1 if fact.points > 0 else -1
        run = run + 1 if now == sign else 1
        sign = now
        best[now] = max(best[now], run)
    return best[1], best[-1]


@dataclass(frozen=True)
class HandOutcome:
    """One hand as the table saw it (one per hand, not per player), or ALIKE hands
    alike in all of it, counted together (the store's)."""

    outcome: str
    level: str
    call: str | None
    alone: bool | None = None  # the declarer had no partner (`HandResult.alone`)
    game: str = DEFAULT_GAME  # the game the night was played at (`scorekeeper.games`)
    hands: int = 1  # the played hands it stands for (a result hand may stand for many)
    alike: int = 1  # the hands recorded it stands for, of one outcome, level and alone


def outcome_counts(hands: Iterable[HandOutcome]) -> dict[str, int]:
    """How often each outcome happens at the table, in the words of each hand's game
    (`Game.outcome_counts`); a result hand counts only as the hands it stands for."""
    return _outcomes(hands)[0]


def _outcomes(hands: Iterable[HandOutcome]) -> tuple[dict[str, int], dict[str, str], int]:
    """The counts of `outcome_counts`; for each count of what became of a declared hand
    (won, lost, alone, Schneider) the count of the hands declared it is part of, by its
    words ("picker won" -> "picked"); and how many of the hands had an outcome (a result
    hand's have none)."""
    counts: Counter[str] = Counter()
    part_of: dict[str, str] = {}
    played = 0
    games: set[str] = set()
    for hand in hands:
        counts[HANDS] += hand.hands
        if hand.outcome == RESULT:
            continue
        played += hand.hands
        games.add(hand.game)
        game = game_named(hand.game)
        counted_as = game.outcome_counts(hand.outcome, hand.level, hand.alone)
        for label, adds in counted_as.items():  # 1 to each it is, 0 to show the rest
            counts[label] += adds * hand.alike
        if hand.outcome in ("win", "loss"):
            declared = game.words.declared
            part_of.update((label, declared) for label in counted_as if label != declared)
    order = _listing_order(games)
    listed = sorted(counts.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
    return dict(listed), part_of, played


# The order the table's outcomes are listed in, whatever order the hands come in: the
# hands, what became of those declared (won, lost, alone, then each level), then the
# rest, as each game words them (`_listing_order`).
_DECLARED = (
    ("win", "normal", False),
    ("loss", "normal", False),
    ("win", "normal", True),
    *(("win", level, False) for level in ("schneider", "no-trick", "schwarz")),
)
_UNDECLARED = ("leaster", "no-pick", "misplay", "ramsch", "pass")


def _listing_order(games: Iterable[str]) -> dict[str, int]:
    """Each outcome label's place in the list of GAMES' outcomes (the games in the order
    registered): the labels each game counts a hand of each kind in `_DECLARED`, then of
    `_UNDECLARED`, as; the labels no kind gives go last, by name."""
    order = {HANDS: 0}
    # By name first: a league of one game does not load the other (scorekeeper.games).
    for game in (game_named(name) for name in game_names() if name in games):
        for outcome, level, alone in (*_DECLARED, *((o, "normal", None) for o in _UNDECLARED)):
            for label, adds in game.outcome_counts(outcome, level, alone).items():
                if adds:
                    order.setdefault(label, len(order))
    return order


def outcome_figures(hands: Iterable[HandOutcome]) -> list[tuple[str, int, int | None]]:
    """How often each outcome happens at the table, as numbers (a spreadsheet's): each
    label, its count, and the count it is a share of (the hands played, or the hands
    declared for what became of them; None for the hands themselves)."""
    counts, part_of, played = _outcomes(hands)
    return [
        (label, count, None if label == HANDS else counts.get(part_of.get(label, ""), played))
        for label, count in counts.items()
    ]


def outcome_lines(hands: Iterable[HandOutcome]) -> list[tuple[str, str]]:
    """How often each outcome happens at the table, as label and "count (share)" (the
    league window's Table tab), in the language spoken: a share of the hands played (a
    result hand's are not), except what became of the hands declared, which is a share
    of those ("picker won": 3 (60% of those picked))."""
    counts, part_of, played = _outcomes(hands)
    if not counts:  # a period without a hand says so, not an empty table (a trial)
        return [(_(HANDS), "0")]
    lines = []
    for label, count in counts.items():
        whole = part_of.get(label)
        if whole not in counts:  # a game that does not count its hands declared
            whole = None
        if label == HANDS:
            value = str(count)
            if count > played:  # the shares below are of the hands with an outcome
                value = ngettext(
                    "{count}  ({results} from a result line, without an outcome)",
                    "{count}  ({results} from result lines, without an outcome)",
                    count - played,
                ).format(count=count, results=count - played)
        elif whole is None:
            value = _("{count}  ({percent})").format(
                count=count, percent=local_percent(Fraction(count, played))
            )
        else:
            share = local_percent(Fraction(count, counts[whole]))
            value = _("{count}  ({percent} of those {declared})").format(
                count=count, percent=share, declared=_(whole)
            )
        lines.append((_(label), value))
    return lines


def statistics_lines(
    stats: PlayerStatistics, currency: str | None, *, on_screen: bool = False
) -> list[tuple[str, str]]:
    """A player's statistics as label and value, for the player page and the CLI, in
    the words of the player's game (Sheepshead's when the hands are of both), the money
    in CURRENCY (the league's; None, when it could not be read: no money line rather
    than an amount in a guessed currency)."""
    game = game_named(stats.game)
    words = game.words

    def won(t: Tally) -> str:
        return _("{won} of {hands} ({percent})").format(
            won=t.won, hands=t.hands, percent=local_percent(t.rate)
        )

    def night(n: Any) -> str:
        if n is None:
            return "-"
        return ngettext(
            "{points} point ({date})", "{points} points ({date})", abs(n.points)
        ).format(points=f"{n.points:+d}", date=day(n.date))

    def day(date: str | None) -> str:
        """ISO on the command line; the locale's short date on screen."""
        if not date:
            return _("no date")
        return short_date(dt.date.fromisoformat(date)) if on_screen else date

    def hands_in_a_row(count: int) -> str:
        return ngettext("{count} hand", "{count} hands", count).format(count=count)

    lines = [
        (_("Nights"), str(stats.nights)),
        (_("Hands"), str(stats.hands)),
        (_("Points"), str(stats.points)),
        *([(_("Money"), money(stats.cents, currency))] if currency is not None else []),
        (_("Points per hand"), local_decimal(stats.points_per_hand)),
        (_("Won as {declarer}").format(declarer=_(words.declarer)), won(stats.picker)),
    ]
    # A line named by a word the game does not have ("" : no partners, no schneider)
    # is left out.
    lines += [
        (f"  {_(word)}", won(tally))
        for word, tally in (
            (words.alone, stats.picker_alone),
            (words.with_partner, stats.picker_with_partner),
        )
        if word
    ]
    lines += [
        (f"  {stats.call_label(call)}", won(t))
        for call, t in stats.picker_by_call.items()
        if call != "alone"
    ]
    lines += [
        (label, value)
        for word, label, value in (
            (
                words.partner_mark,
                _("Won as {declarer}").format(declarer=_(words.partner)),
                won(stats.partner),
            ),
            ("defender", _("Won defending"), won(stats.defender)),
            (
                words.schneiders,
                _("{schneiders} won / lost").format(schneiders=_(words.schneiders)),
                f"{stats.schneiders_won} / {stats.schneiders_lost}",
            ),
            (
                words.no_tricks,
                _("{no_tricks} won / lost").format(no_tricks=_(words.no_tricks)),
                f"{stats.no_tricks_won} / {stats.no_tricks_lost}",
            ),
            (
                words.leasters,
                _("{leasters} won").format(leasters=_(words.leasters)),
                won(stats.leasters)
                + (
                    _("; second in {count}").format(count=stats.leaster_seconds)
                    if stats.leaster_seconds
                    else ""
                ),
            ),
        )
        if word
    ]
    lines += [
        (_(figure.label), str(count) if whole is None else won(Tally(whole, count)))
        for figure, count, whole in stats.figure_lines()
    ]
    lines += [
        (_("Misplays"), str(stats.misplays)),
        (_("Best night"), night(stats.best_night)),
        (_("Worst night"), night(stats.worst_night)),
        (_("Longest winning streak"), hands_in_a_row(stats.longest_winning_streak)),
        (_("Longest losing streak"), hands_in_a_row(stats.longest_losing_streak)),
    ]
    return lines
