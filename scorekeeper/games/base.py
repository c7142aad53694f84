"""What a game is to the rest of Scorekeeper.

A `Game` declares once everything that differs from one game to another: its rule set
(a `RuleSet` subclass whose fields are its house-rule options, with its presets), its
kinds of hand (each a `Hand` subclass that reads and writes its own document fields),
how it checks and scores a hand (`score` gives a `Draft`: amounts, the sentence, what
the hand carries to the next), the words of its table (`Words`), and the facts of a
scored hand (`HandFacts`: the sheet's summary and marks, who went alone, what was
played, a Ramsch's loser).  The night (`scorekeeper.night`) asks the game for all of
it and keeps the facts in the `HandResult`; the sheet, the reports and the statistics
read them.  What every game shares is outside: the deal (who sits out), the night
document's common fields, the zero-sum check, and the statistics' role vocabulary
(`scorekeeper.results.ROLES`) a game's `roles` speak.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from scorekeeper.formatting import money
from scorekeeper.i18n import N_, _, pgettext
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.results import HandResult, NightResult
from scorekeeper.rules import Option, RuleSet

# The sheet's letters every card game shares: a leaster's winner, a misplayer, the
# dealer (`Words`; said in the language spoken now where the sheet shows them).
LEASTER_MARK, MISPLAY_MARK, DEALER_MARK = "L", "M", "D"


@dataclass(frozen=True)
class Words:
    """The words a game's table uses, where every game has something to say: marked
    (`N_`) in English, the form files keep (a spreadsheet's headers), and translated
    (`_()`) where they are shown.  The letters are the sheet's marks."""

    declarer: str  # the one who takes the hand on: "picker", "declarer"
    declared: str  # the table's count of such hands: "picked", "declared"
    declarer_mark: str  # the sheet's letter for the declarer: "P"
    partner_mark: str  # ... and for a partner: "p"
    hand_header: tuple[str, ...]  # a printed sheet's (and the pad's) hand columns
    figures_header: tuple[str, ...]  # a printed night's figures, player by player
    picks: str  # the standings' count of hands declared: "Picks"
    picks_won: str  # and the share of them won: "Picks won"
    schneiders: str  # the standings' schneiders won: "Schneiders"
    no_tricks: str  # a player's statistics: "No-tricks" won and lost
    alone: str  # a declarer without a partner, in a player's statistics: "going alone"
    with_partner: str  # and with one: "with a partner"
    leasters: str = N_("Leasters")  # the standings' leasters won
    partner: str = N_("partner")  # the one the partner mark stands for, in the legend
    leaster_mark: str = LEASTER_MARK
    misplay_mark: str = MISPLAY_MARK
    dealer_mark: str = DEALER_MARK


def shared_letter(words: Words, role: Literal["leaster", "misplay", "dealer"]) -> str:
    """The letter every card game shares for ROLE (a leaster's winner, a misplayer, the
    dealer) in the language spoken now, unless the game gave its own; a game's own
    letters (P, S) are the table's words in either language.  Only the one letter asked
    for is looked up: the sheet's marks ask for it on every hand."""
    if role == "leaster":
        if words.leaster_mark != LEASTER_MARK:
            return words.leaster_mark
        # Translators: the sheet's letter beside a leaster winner's points.
        return pgettext("sheet mark", "L")
    if role == "misplay":
        if words.misplay_mark != MISPLAY_MARK:
            return words.misplay_mark
        # Translators: the sheet's letter beside a misplayer's points (Fehlspiel: F).
        return pgettext("sheet mark", "M")
    if words.dealer_mark != DEALER_MARK:
        return words.dealer_mark
    # Translators: the sheet's letter beside the dealer's points (Geber: G).
    return pgettext("sheet mark", "D")


def marks_legend(words: Words) -> str:
    """What the sheet's letters of a game (WORDS) mean, in one line under a printed
    sheet: 'Marks: P picker, p partner, L leaster winner, M misplayer, D dealer, — sat
    out', each letter the one the sheet shows (`table_marks`, `shared_letter`)."""
    meanings = (
        (words.declarer_mark, _(words.declarer)),
        (words.partner_mark, _(words.partner)),
        # Translators: the legend of the sheet's marks: what L beside points means.
        (shared_letter(words, "leaster"), _("leaster winner")),
        (shared_letter(words, "misplay"), _("misplayer")),
        (shared_letter(words, "dealer"), _("dealer")),
        # Translators: the legend of the sheet's marks: what — instead of points means.
        ("—", _("sat out")),
    )
    marks = ", ".join(
        _("{mark} {meaning}").format(mark=mark, meaning=meaning) for mark, meaning in meanings
    )
    # Translators: the line under a printed score sheet that says what its letters mean.
    return _("Marks: {marks}").format(marks=marks)


@dataclass(frozen=True)
class HandFacts:
    """What a scored hand says of itself, decided once by its game's code."""

    summary: str  # a few words for the sheet's Hand column, in the language spoken now
    marks: dict[str, str]  # the sheet's letters, player by player (only those with one)
    game: str  # what was played: "pick", "leaster", "Sauspiel", "Wenz Tout", "Ramsch" (a key)
    alone: bool | None = None  # a declarer without a partner; None when nobody declared
    loser: str | None = None  # a Ramsch's loser
    jungfrauen: tuple[str, ...] = ()  # Ramsch players who took no trick
    durchmarsch: str | None = None  # the Ramsch player who took every trick
    hands: int = 1  # the played hands it stands for (a result hand may stand for many)


@dataclass(frozen=True)
class Figure:
    """One count a game keeps of each player in a league, hand by hand (its
    `figure_counts`), summed night by night with the score cache and shown in the
    standings, a player's statistics and the printed league report: hands declared,
    those won, solos, Ramsch lost, leasters won.  The key is what is stored and what
    files call it (the same key at two games is one count: Sheepshead's "Picks" and
    Schafkopf's "Games" are both hands declared); the words are the game's, marked
    (`N_`) and translated where shown."""

    key: str  # "picks", "solos_won": stored, a spreadsheet's and JSON's name for it
    label: str  # the standings' header and the statistics' line: "Picks", "Solos won"
    tie_break: str  # the count as a tie-break says it: "more hands won as picker"
    share_of: str | None = None  # shown as a share of that figure ("Picks won": 60%)
    share_key: str | None = None  # the share's JSON name (else the key and "_rate")
    brief: bool = True  # a column where few are shown (screen, paper), not only in files
    statistics: bool = False  # a line of a player's statistics (where no tally says it)
    fewer_better: bool = False  # as a tie-break, fewer is better (Ramsch lost)


# What a hand adds to its players' figures: player -> figure key -> count (none: 0).
FigureCounts = dict[str, dict[str, int]]


R = TypeVar("R", bound=RuleSet)


def rules_as(rules: RuleSet, kind: type[R]) -> R:
    """RULES, which the night gives one of a game's hands, as that game's rule set KIND;
    another game's rules there are a bug in this program (TypeError)."""
    if not isinstance(rules, kind):
        raise TypeError(f"{rules.game} rules at a {kind.game} night")
    return rules


@dataclass
class Carry:
    """What one hand leaves to the next: queued doublers, Bock hands, the pot.  Scoring
    is causal, so a hand appended to a night needs only the carry of the hand before it
    (`Carry.after`), not the night's other hands.  A game's `score` updates it."""

    doublers: int = 0
    bock: int = 0
    pot: int = 0

    @classmethod
    def after(cls, hand: HandResult | None) -> Carry:
        """The carry left by HAND (None: the start of a night)."""
        if hand is None:
            return cls()
        return cls(hand.doublers_pending, hand.bock_pending, hand.pot or 0)


@dataclass
class Draft:
    """One hand as its game scored it, before the night checks it: every active
    player's amount, the sentence, how it ended, and what it put into the pot."""

    amounts: dict[str, int]
    sentence: str  # in the language spoken now
    outcome: str  # "win"/"loss" for the declarers, else the hand's type
    level: str = "normal"
    multiplier: int = 1
    declarers: tuple[str, ...] = ()
    pot_change: int = 0
    # What its game reads to say what the hand was (`Scored`), set once it is checked.
    points: dict[str, int] = field(default_factory=dict)
    active: tuple[str, ...] = ()
    pot: int | None = None


class Scored(Protocol):
    """What a game reads of a hand it has scored, to say what the hand was: a
    `HandResult` is one, and so is the night's draft of it before it is made."""

    @property
    def outcome(self) -> str: ...
    @property
    def level(self) -> str: ...
    @property
    def points(self) -> Mapping[str, int]: ...
    @property
    def active(self) -> tuple[str, ...]: ...
    @property
    def pot(self) -> int | None: ...
    @property
    def pot_change(self) -> int: ...


class Game(Protocol):
    """One game Scorekeeper keeps score of (`scorekeeper.games.register`)."""

    @property
    def name(self) -> str:
        """As the rules say it (`RuleSet.game`): "sheepshead"."""

    @property
    def title(self) -> str:
        """As people write it, marked (`N_`) and translated where shown: "Sheepshead"."""

    @property
    def rules(self) -> type[RuleSet]:
        """Its rule set: the options are its fields, the presets its `presets`."""

    @property
    def presets(self) -> tuple[str, ...]:
        """The presets played at this game (the keys of its rule set's `presets`)."""

    @property
    def options(self) -> tuple[Option, ...]:
        """Its house-rule options, in the order its rule set declares them."""

    @property
    def hand_types(self) -> Mapping[str, type[Hand]]:
        """Its kinds of hand by their `type` in the night document, in the order a
        message lists them."""

    @property
    def seats(self) -> tuple[int, int]:
        """The fewest and the most players its table seats (a night's `players`, a
        blank pad's), whatever its rules deal in: both card games seat 3 to 8."""

    def deals_again(self, hands: Sequence[Hand], rules: RuleSet) -> bool:
        """True when the dealer of the last of HANDS (a night's hands so far) deals the
        next hand too, as Sheepshead's `no_pick_dealer` 'same' has it after a hand nobody
        picked; False when the deal passes on clockwise, as after any hand."""

    def check_kind(self, hand: Hand, rules: RuleSet) -> list[Problem]:
        """Why HAND, one of this game's kinds, cannot be played under RULES (a
        leaster when someone must pick), or nothing."""

    def check_hand(self, hand: Hand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
        """Every problem with HAND (one of this game's kinds, its sitting out and
        misplayers already checked) played by ACTIVE under RULES."""

    def score(self, hand: Hand, rules: RuleSet, active: tuple[str, ...], carry: Carry) -> Draft:
        """HAND scored for ACTIVE under RULES, after what the hands before it left
        (CARRY, which it updates for the next hand).  The amounts and the pot change
        must sum to zero: the night checks it."""

    @property
    def words(self) -> Words:
        """The words of its table (marked; translated where shown)."""

    def roles(self, hand: Hand, active: Sequence[str]) -> dict[str, str]:
        """Each active player's part in HAND for statistics (`scorekeeper.results.ROLES`)."""

    def call_key(self, hand: Hand) -> str | None:
        """What the score cache keeps of HAND in its `call` column: how the partner
        was called, or the game played; None when nobody declared."""

    def hand_facts(self, hand: Hand, scored: Scored, rules: RuleSet) -> HandFacts:
        """The facts of HAND, as SCORED (its points, outcome, level, pot); the summary
        in the language spoken now."""

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
        """A printed sheet's cells for HAND: declarer, partner, points, tricks, outcome
        (in the language spoken now)."""

    def rules_lines(self, rules: RuleSet, currency: str) -> tuple[str, ...]:
        """RULES in a few short lines, as a score sheet's header would say them (the
        stake in CURRENCY, the night's; in the language spoken now)."""

    def waiting(self, result: NightResult, currency: str) -> str:
        """What waits for the next hand after RESULT: doublers, Bock hands, the pot (its
        money in CURRENCY; in the language spoken now)."""

    def outcome_counts(self, outcome: str, level: str, alone: bool | None) -> dict[str, int]:
        """What one hand adds to the counts of the table's outcomes, in the table's
        words (`stats.outcome_counts`): 1 to each that it is, 0 to show one it is not.
        The words are keys, marked (`N_`) and translated where shown."""

    def call_label(self, call: str, *, english: bool = False) -> str:
        """A cached `call` in a player's statistics: "calling ace-hearts", "playing Wenz"
        (in the language spoken now; with ENGLISH, untranslated, as files keep it)."""

    @property
    def figures(self) -> tuple[Figure, ...]:
        """The counts it keeps of each player in a league, in the order shown."""

    def figure_counts(self, hand: Hand, result: HandResult) -> FigureCounts:
        """What HAND, scored as RESULT, adds to each player's `figures` (a count of 0
        left out), decided here once: the score cache keeps it, the league sums it."""


def option_value(
    option: Option,
    value: Any,
    before: Any = None,
    *,
    currency: str,
    named: Mapping[str, Option] | None = None,
) -> str:
    """An option's value as a rules section prints it, in the language spoken now:
    yes/no, money in CURRENCY (the night's), a choice or a list of them in words, the
    changed keys of an object (those that differ from BEFORE, when given; each by its
    label), "as Price of an extra" for one that follows another (the option it follows
    found by its name in NAMED, and named by its label)."""
    if value is None and option.follows:
        # Translators: OPTION is the label of the option whose value this one takes.
        return _("as {option}").format(option=_followed(option, named))
    if option.is_bool:
        return _("yes") if value else _("no")
    if option.money:
        return money(int(value), currency)
    if option.keys:
        if not value:
            if option.follows:
                # Translators: every key of an option takes another option's value.
                return _("each as {option}").format(option=_followed(option, named))
            return _("none")
        pairs = dict(value)
        if option.sparse:  # given whole: every key it names
            return ", ".join(f"{option.shown_choice(k)} {v}" for k, v in pairs.items())
        old = dict(before) if before is not None else {}
        shown = [k for k, v in pairs.items() if old.get(k) != v] or list(pairs)
        return ", ".join(f"{option.shown_choice(k)} {pairs[k]}" for k in shown)
    if option.many:
        return ", ".join(option.shown_choice(v) for v in value) if value else _("none")
    if option.choices:
        return option.shown_choice(value)
    return str(value)


def _followed(option: Option, named: Mapping[str, Option] | None) -> str:
    """The label of the option OPTION follows, in the language spoken now."""
    followed = (named or {}).get(option.follows)
    return followed.shown_name() if followed else option.follows.replace("_", " ")


def changed_lines(rules: RuleSet, options: Sequence[Option], currency: str) -> tuple[str, ...]:
    """Every option of OPTIONS whose value differs from the preset's, by its label and
    in words, money in CURRENCY (the night's): "Jungfrau: changes nothing", "Stake a
    point: $0.25"."""
    mine: Mapping[str, Any] = rules.options()
    base: Mapping[str, Any] = type(rules).of_preset(rules.preset).options()
    named = {o.name: o for o in options}
    lines = [
        # Translators: a changed house rule: its label, its value in words.
        _("{option}: {value}").format(
            option=o.shown_name(),
            value=option_value(o, mine[o.name], base[o.name], currency=currency, named=named),
        )
        for o in options
        if o.name in mine and mine[o.name] != base[o.name]
    ]
    if not lines:
        return ()
    return (_("Changed from {preset}:").format(preset=rules.preset), *lines)
