"""The one place that decides whether a recorded night can be scored.

`validate_night` returns every problem at once, each naming the hand (from 1) and the
field in a player's words.  The scoring functions assume a night that passed it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from scorekeeper.explain import join_names
from scorekeeper.formatting import counted
from scorekeeper.json_input import key_name, show_value
from scorekeeper.problems import Problem
from scorekeeper.records import (
    CALLS,
    SCHAFKOPF_TYPES,
    SHEEPSHEAD_TYPES,
    CallHand,
    GameHand,
    Hand,
    LeasterHand,
    MisplayHand,
    Night,
    NoPickHand,
    NullHand,
    PassHand,
    PickHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.rules import BLIND_CARD_MAX_POINTS, CARD_POINTS, GAME_NAMES, RuleSet
from scorekeeper.schafkopf import (
    BIDS,
    KONTRA_STEPS,
    SOLO_BY_KEY,
    game_of,
    ramsch_durchmarsch,
    ramsch_tied,
)

POT_PARTY = "(pot)"  # the pot's name in a settlement (scorekeeper.night.POT)


def validate_night(night: Night) -> list[Problem]:
    """Every problem in a night: its seats, and each hand under the night's rules."""
    problems = _check_seats(night)
    if problems:
        return problems
    for number, hand in enumerate(night.hands, start=1):
        problems += [
            Problem(p.field, p.message, hand=number)
            for p in validate_hand(hand, night.rules, night.players)
        ]
    return problems


def _check_seats(night: Night) -> list[Problem]:
    seated, dealt = len(night.players), night.rules.dealt_in
    problems = []
    if len({p.casefold() for p in night.players}) != seated:
        problems.append(Problem("players", "two players have the same name"))
    if seated < dealt:
        problems.append(
            Problem(
                "players",
                f"{night.rules.preset} deals {dealt} players in, but only {seated} are seated",
            )
        )
    if night.rules.has_pot and POT_PARTY in night.players:
        problems.append(
            Problem("players", f"{POT_PARTY} is the pot's name in the settlement, not a player's")
        )
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
    out = set(sitting_out(hand, rules, players))
    return tuple(p for p in players if p not in out)


def validate_hand(hand: Hand, rules: RuleSet, players: tuple[str, ...]) -> list[Problem]:
    """Every problem with one hand (fields named, hand number left to the caller)."""
    problems = _check_sitting_out(hand, rules, players)
    if problems:
        return problems
    active = active_players(hand, rules, players)
    problems += _check_kind_allowed(hand, rules)
    if problems:
        return problems
    problems += _check_names(hand.misplays, "misplays", active)
    if isinstance(hand, PickHand):
        problems += _check_pick(hand, rules, active)
    elif isinstance(hand, LeasterHand):
        problems += _check_leaster(hand, rules, active)
    elif isinstance(hand, GameHand):
        problems += _check_game(hand, rules, active)
    elif isinstance(hand, NullHand):
        problems += _check_null(hand, rules, active)
    elif isinstance(hand, RamschHand):
        problems += _check_ramsch(hand, rules, active)
    elif isinstance(hand, MisplayHand) and not hand.misplays:
        problems.append(Problem("misplays", "a misplay hand names at least one misplayer"))
    elif isinstance(hand, NoPickHand | PassHand) and hand.misplays:
        problems.append(Problem("misplays", "nobody played this hand, so nobody misplayed"))
    return problems


def _check_sitting_out(hand: Hand, rules: RuleSet, players: tuple[str, ...]) -> list[Problem]:
    extra = len(players) - rules.dealt_in
    if hand.sitting_out is not None:
        if len(set(hand.sitting_out)) != len(hand.sitting_out):
            return [Problem("sitting_out", "names a player twice")]
        if len(hand.sitting_out) != extra:
            return [
                Problem(
                    "sitting_out",
                    f"names {len(hand.sitting_out)}, but with {len(players)} seated and "
                    f"{rules.dealt_in} dealt in, {extra} sit out",
                )
            ]
        return []
    if extra == 1 and hand.dealer is None:
        return [
            Problem(
                "dealer",
                f"missing: with {len(players)} seated and {rules.dealt_in} dealt in, "
                "the dealer sits out, so the dealer must be named",
            )
        ]
    if extra > 1:
        return [
            Problem(
                "sitting_out",
                f"missing: {len(players)} are seated and {rules.dealt_in} dealt in; "
                f"name the {extra} who sit out",
            )
        ]
    return []


def _check_kind_allowed(hand: Hand, rules: RuleSet) -> list[Problem]:
    kinds = SCHAFKOPF_TYPES if rules.game == "schafkopf" else SHEEPSHEAD_TYPES
    if hand.type not in kinds:
        return [
            Problem(
                "type",
                f"a {hand.type} hand is not played at {GAME_NAMES[rules.game]} "
                f"({rules.preset}): record {', '.join(kinds)}",
            )
        ]
    if rules.game == "schafkopf":
        return _check_all_pass(hand, rules)
    if rules.no_pick == "forced" and isinstance(hand, LeasterHand | NoPickHand):
        return [
            Problem(
                "type",
                f"a {hand.type} hand cannot happen when someone must pick (no_pick is forced)",
            )
        ]
    return []


def _check_names(names: Iterable[str], field: str, active: tuple[str, ...]) -> list[Problem]:
    names = tuple(names)
    problems = [Problem(field, f"{n} sits out this hand") for n in names if n not in active]
    if len(set(names)) != len(names):
        problems.append(Problem(field, "names a player twice"))
    return problems


def _check_pick(hand: PickHand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
    problems = _check_names((hand.picker,), "picker", active)
    problems += _check_names(hand.partners, "partners", active)
    if hand.picker in hand.partners:
        problems.append(Problem("partners", f"{hand.picker} is the picker, not a partner"))
    if len(hand.partners) > rules.max_partners:
        problems.append(
            Problem(
                "partners",
                f"{len(hand.partners)} named, but under partner rule '{rules.partner}' "
                f"a picker has at most {rules.max_partners}",
            )
        )
    problems += _check_call(hand, rules)
    problems += _check_points_and_tricks(hand, rules)
    return problems


def _check_call(hand: PickHand, rules: RuleSet) -> list[Problem]:
    if hand.call is None:
        return []
    if hand.call not in CALLS:
        return [
            Problem("call", f"{show_value(hand.call)} is not a call (such as ace-hearts or alone)")
        ]
    if hand.call == "alone" and hand.partners:
        return [Problem("call", "the picker went alone, so no partner can be named")]
    if hand.call != "alone" and not hand.partners:
        return [Problem("partners", f"{hand.call} was called, so name who held it")]
    return []


def _check_points_and_tricks(hand: PickHand, rules: RuleSet) -> list[Problem]:
    problems = []
    if not 0 <= hand.points <= CARD_POINTS:
        problems.append(Problem("points", f"{hand.points} is not between 0 and {CARD_POINTS}"))
    if not 0 <= hand.tricks <= rules.tricks:
        problems.append(Problem("tricks", f"{hand.tricks} is not between 0 and {rules.tricks}"))
    if problems:
        return problems
    if hand.tricks == rules.tricks and hand.points != CARD_POINTS:
        problems.append(
            Problem(
                "points",
                f"the picking side took every trick, so it has all {CARD_POINTS} points, "
                f"not {hand.points}",
            )
        )
    most_buried = BLIND_CARD_MAX_POINTS * rules.blind
    if hand.tricks == 0 and hand.points > most_buried:
        problems.append(
            Problem(
                "points",
                f"{hand.points} with no trick, but the buried cards hold at most {most_buried}",
            )
        )
    return problems


def _check_leaster(hand: LeasterHand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
    field = "winner" if len(hand.winners) == 1 else "winners"
    problems = _check_names(hand.winners, field, active)
    if rules.leaster_tie == "draw" and len(hand.winners) != 1:
        problems.append(
            Problem("winners", "under leaster_tie 'draw' the table draws for one winner: name one")
        )
    if len(set(hand.winners)) >= len(active):
        problems.append(Problem("winners", "not every player can win a leaster"))
    if problems:
        return problems
    problems += _check_leaster_map(hand.points, "points", CARD_POINTS, active)
    problems += _check_leaster_map(hand.tricks, "tricks", rules.tricks, active)
    if problems:
        return problems
    return _check_leaster_winners(hand, rules)


def _check_leaster_map(
    amounts: Mapping[str, int] | None, field: str, total: int, active: tuple[str, ...]
) -> list[Problem]:
    if amounts is None:
        return []
    missing = [p for p in active if p not in amounts]
    extra = [p for p in amounts if p not in active]
    problems = [Problem(field, f"{p} sits out this hand") for p in extra]
    problems += [Problem(field, f"{p} is missing") for p in missing]
    if not problems and sum(amounts.values()) != total:
        problems.append(Problem(field, f"add up to {sum(amounts.values())}, not {total}"))
    return problems


def _check_leaster_winners(hand: LeasterHand, rules: RuleSet) -> list[Problem]:
    field = "winner" if len(hand.winners) == 1 else "winners"
    if hand.tricks is not None:
        trickless = [w for w in hand.winners if hand.tricks[w] == 0]
        if trickless:
            who = " and ".join(trickless)
            return [Problem(field, f"{who} took no trick, and a leaster winner must take one")]
    if hand.points is None:
        return []
    points = hand.points
    took_trick = [
        p
        for p in points
        if (hand.tricks[p] > 0 if hand.tricks is not None else points[p] > 0 or p in hand.winners)
    ]
    fewest = min(points[p] for p in took_trick)
    tied = [p for p in took_trick if points[p] == fewest]
    beaten = [w for w in hand.winners if points[w] != fewest]
    if beaten:
        return [
            Problem(
                field,
                f"{' and '.join(beaten)} did not have the fewest points "
                f"({', '.join(tied)} had {fewest})",
            )
        ]
    if rules.leaster_tie != "draw" and set(tied) != set(hand.winners):
        return [
            Problem(
                "winners",
                f"{', '.join(tied)} tied with {fewest}; under leaster_tie "
                f"'{rules.leaster_tie}' every tied player is a winner",
            )
        ]
    return []


# -- Schafkopf (`docs/rules/schafkopf.md`) -----------------------------------------------


def _check_all_pass(hand: Hand, rules: RuleSet) -> list[Problem]:
    """A Ramsch, a leaster and a passed hand each belong to one `all_pass` rule."""
    rule = rules.all_pass
    needs = {RamschHand: "ramsch", LeasterHand: "leaster"}
    for kind, wanted in needs.items():
        if isinstance(hand, kind) and rule != wanted:
            return [
                Problem(
                    "type",
                    f"a {hand.type} is played when all pass only under all_pass '{wanted}' "
                    f"(this night's is '{rule}')",
                )
            ]
    if isinstance(hand, PassHand) and rule not in ("redeal", "pot"):
        played = {
            "ramsch": "the Ramsch",
            "leaster": "the leaster",
            "forced": "the forced call game",
        }[rule]
        return [
            Problem(
                "type", f"when all pass under all_pass '{rule}', {played} is played: record that"
            )
        ]
    return []


def _check_counts(hand: GameHand | NullHand | RamschHand, active: tuple[str, ...]) -> list[Problem]:
    problems = []
    if hand.knocks > len(active):
        problems.append(
            Problem(
                "knocks", f"{hand.knocks} knocks, but each of the {len(active)} players knocks once"
            )
        )
    kontra = getattr(hand, "kontra", 0)
    if kontra > len(KONTRA_STEPS):
        problems.append(
            Problem(
                "kontra", f"{kontra} steps; at most {len(KONTRA_STEPS)} ({', '.join(KONTRA_STEPS)})"
            )
        )
    return problems


def _check_game(hand: GameHand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
    problems = _check_names((hand.declarer,), "declarer", active)
    problems += _check_counts(hand, active)
    if isinstance(hand, CallHand):
        problems += _check_call_game(hand, rules, active)
    elif isinstance(hand, SoloHand):
        if hand.game not in SOLO_BY_KEY:
            return [
                *problems,
                Problem(
                    "game", f"{show_value(hand.game)} is not a solo ({', '.join(SOLO_BY_KEY)})"
                ),
            ]
        if hand.tout and hand.sie:
            problems.append(Problem("sie", "a solo is declared Tout or Sie, not both"))
    game = game_of(hand)
    if hand.laufende > game.trumps:
        problems.append(
            Problem("laufende", f"{hand.laufende}, but a {game.name} has only {game.trumps} trumps")
        )
    if hand.bid is not None and hand.bid not in BIDS:
        problems.append(Problem("bid", f"{hand.bid} is not a bid (70, 80, 90, 100, 110 or 120)"))
    return problems + _check_card_points(hand.points, hand.tricks, rules)


def _check_call_game(hand: CallHand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
    problems = _check_names(hand.partners, "partners", active)
    if len(hand.partners) != 1:
        problems.append(
            Problem(
                "partners",
                f"{len(hand.partners)} named; a call game has exactly one partner, "
                "who held the called ace",
            )
        )
    elif hand.partners[0] == hand.declarer:
        problems.append(Problem("partners", f"{hand.declarer} is the declarer, not a partner"))
    if hand.forced:
        if rules.all_pass != "forced":
            problems.append(
                Problem(
                    "forced",
                    f"a forced game is played only under all_pass 'forced', not '{rules.all_pass}'",
                )
            )
        for field in ("knocks", "kontra"):
            if getattr(hand, field):
                problems.append(Problem(field, "a forced game allows no doubling: it must be 0"))
        if hand.bid is not None:
            problems.append(Problem("bid", "nobody bid: the game was forced"))
    return problems


def _check_card_points(points: int, tricks: int, rules: RuleSet) -> list[Problem]:
    """A side's card points and tricks in a game without a blind."""
    problems = []
    if not 0 <= points <= CARD_POINTS:
        problems.append(Problem("points", f"{points} is not between 0 and {CARD_POINTS}"))
    if not 0 <= tricks <= rules.tricks:
        problems.append(Problem("tricks", f"{tricks} is not between 0 and {rules.tricks}"))
    if problems:
        return problems
    if tricks == rules.tricks and points != CARD_POINTS:
        problems.append(
            Problem("points", f"every trick holds all {CARD_POINTS} points, not {points}")
        )
    if tricks == 0 and points:
        problems.append(Problem("points", f"{points} with no trick; no trick holds 0"))
    return problems


def _check_null(hand: NullHand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
    problems = _check_names((hand.declarer,), "declarer", active) + _check_counts(hand, active)
    if not 0 <= hand.tricks <= rules.tricks:
        problems.append(Problem("tricks", f"{hand.tricks} is not between 0 and {rules.tricks}"))
    return problems


def _check_ramsch(hand: RamschHand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
    problems = _check_counts(hand, active)
    problems += _check_leaster_map(hand.points, "points", CARD_POINTS, active)
    problems += _check_leaster_map(hand.tricks, "tricks", rules.tricks, active)
    if problems:
        return problems
    problems += [
        Problem(f"points.{key_name(p)}", f"{hand.points[p]}, but {p} took no trick")
        for p in active
        if hand.tricks[p] == 0 and hand.points[p]
    ]
    if hand.loser is not None:
        problems += _check_names((hand.loser,), "loser", active)
    if problems:
        return problems
    winner = ramsch_durchmarsch(hand, rules)
    if winner is not None:
        if hand.loser is not None:
            return [
                Problem("loser", f"{winner} took every trick (a Durchmarsch), so nobody else loses")
            ]
        return []
    tied = ramsch_tied(hand)
    top = tied[0]
    if len(tied) == 1:
        if hand.loser is not None and hand.loser != top:
            return [
                Problem(
                    "loser",
                    f"{top} has the most points ({hand.points[top]}) and so loses, "
                    f"not {hand.loser}",
                )
            ]
        return []
    who = join_names(tied)
    if hand.loser is None:
        return [
            Problem(
                "loser",
                f"missing: {who} tied with {counted(hand.points[top], 'point')} and "
                f"{counted(hand.tricks[top], 'trick')}; name who loses on the trumps",
            )
        ]
    if hand.loser not in tied:
        return [Problem("loser", f"{hand.loser} is not one of those tied ({who})")]
    return []
