"""Whether a Schafkopf hand can be scored: its kind under the night's `all_pass` rule,
its declarer and partner, its counts (points, tricks, Laufende, knocks, Kontra steps,
the bid), and a Ramsch's loser.  Each problem names the field in a player's words."""

from __future__ import annotations

from scorekeeper.explain import join_names
from scorekeeper.formatting import counted
from scorekeeper.games.cards import CARD_POINTS, LeasterHand, check_player_map
from scorekeeper.games.schafkopf.hands import (
    CallHand,
    GameHand,
    NullHand,
    PassHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.games.schafkopf.rules import SchafkopfRules
from scorekeeper.games.schafkopf.tariff import (
    BIDS,
    KONTRA_STEPS,
    SOLO_BY_KEY,
    kind_of,
    ramsch_durchmarsch,
    ramsch_tied,
)
from scorekeeper.json_input import key_name, show_value
from scorekeeper.problems import Problem, check_players
from scorekeeper.records import Hand


def check_all_pass(hand: Hand, rules: SchafkopfRules) -> list[Problem]:
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


def check_game(hand: GameHand, rules: SchafkopfRules, active: tuple[str, ...]) -> list[Problem]:
    problems = check_players((hand.declarer,), "declarer", active)
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
    game = kind_of(hand)
    trumps = game.trumps_in(rules.tricks)
    if hand.laufende > trumps:
        deck = (
            ""
            if trumps == game.trumps
            else f" in the short deck of {rules.dealt_in * rules.tricks} cards"
        )
        problems.append(
            Problem(
                "laufende", f"{hand.laufende}, but a {game.name} has only {trumps} trumps{deck}"
            )
        )
    if hand.bid is not None and hand.bid not in BIDS:
        problems.append(Problem("bid", f"{hand.bid} is not a bid (70, 80, 90, 100, 110 or 120)"))
    return problems + _check_card_points(hand.points, hand.tricks, rules)


def _check_call_game(
    hand: CallHand, rules: SchafkopfRules, active: tuple[str, ...]
) -> list[Problem]:
    problems = check_players(hand.partners, "partners", active)
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


def _check_card_points(points: int, tricks: int, rules: SchafkopfRules) -> list[Problem]:
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


def check_null(hand: NullHand, rules: SchafkopfRules, active: tuple[str, ...]) -> list[Problem]:
    problems = check_players((hand.declarer,), "declarer", active) + _check_counts(hand, active)
    if not 0 <= hand.tricks <= rules.tricks:
        problems.append(Problem("tricks", f"{hand.tricks} is not between 0 and {rules.tricks}"))
    return problems


def check_ramsch(hand: RamschHand, rules: SchafkopfRules, active: tuple[str, ...]) -> list[Problem]:
    problems = _check_counts(hand, active)
    problems += check_player_map(hand.points, "points", CARD_POINTS, active)
    problems += check_player_map(hand.tricks, "tricks", rules.tricks, active)
    if problems:
        return problems
    problems += [
        Problem(f"points.{key_name(p)}", f"{hand.points[p]}, but {p} took no trick")
        for p in active
        if hand.tricks[p] == 0 and hand.points[p]
    ]
    if hand.loser is not None:
        problems += check_players((hand.loser,), "loser", active)
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
