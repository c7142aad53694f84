"""Whether a Schafkopf hand can be scored: its kind under the night's `all_pass` rule,
its declarer and partner, its counts (points, tricks, Laufende, knocks, Kontra steps,
the bid), and a Ramsch's loser.  Each problem names the field in a player's words."""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.explain import join_names
from scorekeeper.games.cards.checks import check_between, check_player_map
from scorekeeper.games.cards.rules import CARD_POINTS
from scorekeeper.games.schafkopf.hands import CallHand, GameHand, NullHand, RamschHand, SoloHand
from scorekeeper.games.schafkopf.rules import SchafkopfRules
from scorekeeper.games.schafkopf.tariff import (
    BIDS,
    KONTRA_STEPS,
    SOLO_BY_KEY,
    ramsch_durchmarsch,
    ramsch_tied,
)
from scorekeeper.i18n import _, ngettext
from scorekeeper.json_input import key_name, show_value
from scorekeeper.problems import Problem, check_players
from scorekeeper.records import Hand


def played_when_all_pass(wanted: str) -> Callable[[Hand, SchafkopfRules], list[Problem]]:
    """The check of a kind of hand played when all pass only under `all_pass` WANTED
    (a Ramsch under 'ramsch', a leaster under 'leaster')."""

    def check(hand: Hand, rules: SchafkopfRules) -> list[Problem]:
        rule = rules.all_pass
        if rule == wanted:
            return []
        # Translators: TYPE is the hand's type, WANTED and RULE values of all_pass,
        # each as the night document spells it.
        message = _(
            "a {type} is played when all pass only under all_pass '{wanted}' "
            "(this night's is '{rule}')"
        ).format(type=hand.type, wanted=wanted, rule=rule)
        return [Problem("type", message)]

    return check


def check_passed(rules: SchafkopfRules) -> list[Problem]:
    """A hand all passed and nobody played is recorded only under `all_pass` 'redeal'
    or 'pot': under the other rules, what is played then is recorded."""
    rule = rules.all_pass
    if rule in ("redeal", "pot"):
        return []
    played = {
        "ramsch": _("when all pass under all_pass 'ramsch', the Ramsch is played: record that"),
        "leaster": _("when all pass under all_pass 'leaster', the leaster is played: record that"),
        "forced": _(
            "when all pass under all_pass 'forced', the forced call game is played: record that"
        ),
    }[rule]
    return [Problem("type", played)]


def _check_counts(hand: GameHand | NullHand | RamschHand, active: tuple[str, ...]) -> list[Problem]:
    problems = []
    if hand.knocks > len(active):
        message = _("{knocks} knocks, but each of the {players} players knocks once").format(
            knocks=hand.knocks, players=len(active)
        )
        problems.append(Problem("knocks", message))
    kontra = getattr(hand, "kontra", 0)
    if kontra > len(KONTRA_STEPS):
        # Translators: STEPS are the Kontra steps' names: Kontra, Re, Sub, Hirsch, ...
        message = _("{kontra} steps; at most {most} ({steps})").format(
            kontra=kontra, most=len(KONTRA_STEPS), steps=", ".join(KONTRA_STEPS)
        )
        problems.append(Problem("kontra", message))
    return problems


def check_declarer(hand: GameHand | NullHand, active: tuple[str, ...]) -> list[Problem]:
    """A game's declarer plays the hand; its knocks and Kontra steps can be said."""
    return check_players((hand.declarer,), "declarer", active) + _check_counts(hand, active)


def check_solo(hand: SoloHand) -> tuple[list[Problem], bool]:
    """A solo's game is one of the solos, declared Tout or Sie, not both; and whether
    its game is known (else nothing more of it can be checked)."""
    if hand.game not in SOLO_BY_KEY:
        # Translators: GAMES are the solos' keys as the night document spells them.
        message = _("{value} is not a solo ({games})").format(
            value=show_value(hand.game), games=", ".join(SOLO_BY_KEY)
        )
        return [Problem("game", message)], False
    if hand.tout and hand.sie:
        return [Problem("sie", _("a solo is declared Tout or Sie, not both"))], True
    return [], True


def check_game(hand: GameHand, rules: SchafkopfRules) -> list[Problem]:
    """What a call game and a solo of a known game share: the Laufende its trumps
    allow, the bid, and the card points and tricks."""
    problems = []
    game = hand.game_kind
    trumps = game.trumps_in(rules.tricks)
    if hand.laufende > trumps:
        if trumps == game.trumps:
            message = _("{laufende}, but a {game} has only {trumps} trumps")
        else:
            message = _(
                "{laufende}, but a {game} has only {trumps} trumps in the short deck of "
                "{cards} cards"
            )
        message = message.format(
            laufende=hand.laufende,
            game=_(game.name),
            trumps=trumps,
            cards=rules.dealt_in * rules.tricks,
        )
        problems.append(Problem("laufende", message))
    if hand.bid is not None and hand.bid not in BIDS:
        message = _("{bid} is not a bid (70, 80, 90, 100, 110 or 120)").format(bid=hand.bid)
        problems.append(Problem("bid", message))
    return problems + _check_card_points(hand.points, hand.tricks, rules)


def check_call_game(
    hand: CallHand, rules: SchafkopfRules, active: tuple[str, ...]
) -> list[Problem]:
    """A call game's one partner, who held the called ace; a forced game's rules."""
    problems = check_players(hand.partners, "partners", active)
    if len(hand.partners) != 1:
        message = _(
            "{named} named; a call game has exactly one partner, who held the called ace"
        ).format(named=len(hand.partners))
        # None named yet is still to type (the form lists it), not a wrong partner.
        problems.append(Problem("partners", message, missing=not hand.partners))
    elif hand.partners[0] == hand.declarer:
        message = _("{player} is the declarer, not a partner").format(player=hand.declarer)
        problems.append(Problem("partners", message))
    if hand.forced:
        if rules.all_pass != "forced":
            message = _(
                "a forced game is played only under all_pass 'forced', not '{rule}'"
            ).format(rule=rules.all_pass)
            problems.append(Problem("forced", message))
        for field in ("knocks", "kontra"):
            if getattr(hand, field):
                message = _("a forced game allows no doubling: it must be 0")
                problems.append(Problem(field, message))
        if hand.bid is not None:
            problems.append(Problem("bid", _("nobody bid: the game was forced")))
    return problems


def _check_card_points(points: int, tricks: int, rules: SchafkopfRules) -> list[Problem]:
    """A side's card points and tricks in a game without a blind."""
    problems = check_between("points", points, CARD_POINTS)
    problems += check_between("tricks", tricks, rules.tricks)
    if problems:
        return problems
    if tricks == rules.tricks and points != CARD_POINTS:
        message = _("every trick holds all {all} points, not {points}").format(
            all=CARD_POINTS, points=points
        )
        problems.append(Problem("points", message))
    if tricks == 0 and points:
        message = _("{points} with no trick; no trick holds 0").format(points=points)
        problems.append(Problem("points", message))
    return problems


def check_null(hand: NullHand, rules: SchafkopfRules, active: tuple[str, ...]) -> list[Problem]:
    problems = check_declarer(hand, active)
    return problems + check_between("tricks", hand.tricks, rules.tricks)


def check_ramsch(hand: RamschHand, rules: SchafkopfRules, active: tuple[str, ...]) -> list[Problem]:
    problems = _check_counts(hand, active)
    problems += check_player_map(hand.points, "points", CARD_POINTS, active)
    problems += check_player_map(hand.tricks, "tricks", rules.tricks, active)
    if problems:
        return problems
    problems += [
        Problem(
            f"points.{key_name(p)}",
            _("{points}, but {player} took no trick").format(points=hand.points[p], player=p),
        )
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
            message = _("{player} took every trick (a Durchmarsch), so nobody else loses").format(
                player=winner
            )
            return [Problem("loser", message)]
        return []
    tied = ramsch_tied(hand)
    top = tied[0]
    if len(tied) == 1:
        if hand.loser is not None and hand.loser != top:
            message = _("{player} has the most points ({points}) and so loses, not {loser}").format(
                player=top, points=hand.points[top], loser=hand.loser
            )
            return [Problem("loser", message)]
        return []
    who = join_names(tied)
    if hand.loser is None:
        # Translators: TRICKS is "1 trick" or "3 tricks"; POINTS are card points.
        message = _(
            "missing: {players} tied with {points} points and {tricks}; name who loses on "
            "the trumps"
        ).format(players=who, points=hand.points[top], tricks=tricks_words(hand.tricks[top]))
        return [Problem("loser", message, missing=True)]
    if hand.loser not in tied:
        message = _("{player} is not one of those tied ({players})").format(
            player=hand.loser, players=who
        )
        return [Problem("loser", message)]
    return []


def tricks_words(tricks: int) -> str:
    """'1 trick', '3 tricks'."""
    return ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks)
