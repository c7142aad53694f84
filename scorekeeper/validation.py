"""The one place that decides whether a recorded night can be scored.

`validate_night` returns every problem at once, each naming the hand (from 1) and the
field in a player's words.  What every game shares is checked here: the seats, who sits
out a hand, that the hand is of a kind the night's game plays, that its misplayers play
it.  The rest is the game's (`Game.check_hand`).  The scorers assume a night that passed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from scorekeeper.games import game_of, hand_types
from scorekeeper.i18n import _, ngettext
from scorekeeper.names import name_key
from scorekeeper.problems import Problem, check_players
from scorekeeper.records import Hand, Night
from scorekeeper.results import POT
from scorekeeper.rules import RuleSet

_PASSED = object()  # the proof `check_night` gives a night it found nothing wrong with


@dataclass(frozen=True)
class CheckedNight(Night):
    """A night `validate_night` found nothing wrong with, as `check_night` (and so
    `load_night`) gives it: `score_night` does not check it again.

    Only `check_night` proves one (`is_checked`): a night made otherwise, even of this
    class (`dataclasses.replace` of one, with other hands), is checked where it is
    scored.  Its parts are frozen values, so what was checked stays as it was; the
    zero-sum checks run as it is scored all the same."""

    _proof: object = field(default=None, init=False, repr=False, compare=False)


def check_night(night: Night) -> tuple[CheckedNight | None, list[Problem]]:
    """NIGHT with the proof that it passed `validate_night`, or every problem in it."""
    problems = validate_night(night)
    if problems:
        return None, problems
    checked = CheckedNight(night.rules, night.players, night.hands, night.info)
    object.__setattr__(checked, "_proof", _PASSED)  # frozen: set once, here only
    return checked, []


def is_checked(night: Night) -> TypeGuard[CheckedNight]:
    """True when NIGHT is one `check_night` passed (no need to validate it again)."""
    return isinstance(night, CheckedNight) and night._proof is _PASSED


def validate_night(night: Night) -> list[Problem]:
    """Every problem in a night: its seats, and each hand under the night's rules."""
    problems = _check_seats(night)
    if problems:
        return problems
    for number, hand in enumerate(night.hands, start=1):
        problems += [p.in_hand(number) for p in validate_hand(hand, night.rules, night.players)]
    return problems


def _check_seats(night: Night) -> list[Problem]:
    seated, dealt = len(night.players), night.rules.dealt_in
    problems = []
    if len({name_key(p) for p in night.players}) != seated:
        problems.append(Problem("players", _("two players have the same name")))
    if seated < dealt:
        message = ngettext(
            "{preset} deals {dealt} players in, but only {count} is seated",
            "{preset} deals {dealt} players in, but only {count} are seated",
            seated,
        )
        preset = night.rules.preset
        problems.append(
            Problem("players", message.format(preset=preset, dealt=dealt, count=seated))
        )
    if night.rules.has_pot and POT in night.players:
        message = _("{pot} is the pot's name in the settlement, not a player's")
        problems.append(Problem("players", message.format(pot=POT)))
    return problems


def sitting_out(hand: Hand, rules: RuleSet, players: tuple[str, ...]) -> tuple[str, ...]:
    """Who sits out a hand: those named, else the dealer when one too many are seated."""
    return who_sits_out(hand.sitting_out, hand.dealer, rules, players)


def who_sits_out(
    named: Sequence[str] | None, dealer: str | None, rules: RuleSet, players: Collection[str]
) -> tuple[str, ...]:
    """Who sits out: those NAMED, else the DEALER when one more than the rules deal in
    is at the table; the one statement of that rule (the entry form uses it too)."""
    if named is not None:
        return tuple(named)
    if len(players) == rules.dealt_in + 1 and dealer is not None:
        return (dealer,)
    return ()


def with_absent_players(
    hand: Mapping[str, Any], players: Sequence[str], present: Collection[str], rules: RuleSet
) -> dict[str, Any]:
    """A document hand with the players not at the table for it (not yet joined, or
    gone home) sitting out, besides the dealer when one too many are present."""
    out = dict(hand)
    absent = [p for p in players if p not in present]
    if absent:
        own = out.get("sitting_out")
        if own is None:
            dealer = out.get("dealer")
            own = who_sits_out(None, dealer if dealer in present else None, rules, present)
        out["sitting_out"] = [p for p in players if p in absent or p in own]
    return out


def active_players(hand: Hand, rules: RuleSet, players: tuple[str, ...]) -> tuple[str, ...]:
    """The players dealt into a hand, in seat order."""
    out = sitting_out(hand, rules, players)
    if not out:  # everyone seated is dealt in
        return players
    return tuple(p for p in players if p not in set(out))


def validate_hand(hand: Hand, rules: RuleSet, players: tuple[str, ...]) -> list[Problem]:
    """Every problem with one hand (fields named, hand number left to the caller)."""
    problems = _check_sitting_out(hand, rules, players)
    if problems:
        return problems
    game = game_of(rules)
    problems = _check_kind(hand, rules) or game.check_kind(hand, rules)
    if problems:
        return problems
    active = active_players(hand, rules, players)
    problems = check_players(hand.misplays, "misplays", active)
    return problems + game.check_hand(hand, rules, active)


def _check_kind(hand: Hand, rules: RuleSet) -> list[Problem]:
    kinds = hand_types(rules)
    if kinds.get(hand.type) is type(hand):
        return []
    game = game_of(rules)
    # Translators: {kind} and {kinds} are hand types as a night document writes them
    # ('pick', 'leaster'); {game} is the game's name.
    message = _("a {kind} hand is not played at {game} ({preset}): record {kinds}").format(
        kind=hand.type, game=_(game.title), preset=rules.preset, kinds=", ".join(kinds)
    )
    return [Problem("type", message)]


def _check_sitting_out(hand: Hand, rules: RuleSet, players: tuple[str, ...]) -> list[Problem]:
    extra = len(players) - rules.dealt_in
    if hand.sitting_out is not None:
        if len(set(hand.sitting_out)) != len(hand.sitting_out):
            return [Problem("sitting_out", _("names a player twice"))]
        if len(hand.sitting_out) != extra:
            message = ngettext(
                "names {named}, but with {seated} seated and {dealt} dealt in, {count} sits out",
                "names {named}, but with {seated} seated and {dealt} dealt in, {count} sit out",
                extra,
            )
            counts = {"named": len(hand.sitting_out), "seated": len(players), "count": extra}
            return [Problem("sitting_out", message.format(dealt=rules.dealt_in, **counts))]
        return []
    if extra == 1 and hand.dealer is None:
        message = _(
            "missing: with {seated} seated and {dealt} dealt in, the dealer sits out, so "
            "the dealer must be named"
        )
        dealer = message.format(seated=len(players), dealt=rules.dealt_in)
        return [Problem("dealer", dealer, missing=True)]
    if extra > 1:
        message = _(
            "missing: {seated} are seated and {dealt} dealt in; name the {count} who sit out"
        )
        counts = {"seated": len(players), "dealt": rules.dealt_in, "count": extra}
        return [Problem("sitting_out", message.format(**counts), missing=True)]
    return []
