"""The Schafkopf tariff (`docs/rules/schafkopf.md`): pure functions that each apply the
tariff to one kind of hand and return amounts that sum to zero (the kinds of game are
`scorekeeper.games.schafkopf.kinds`').  The hand's doublings, the pot and Bock are
`scorekeeper.games.schafkopf.scoring`'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.explain import join_names
from scorekeeper.games.cards.rules import CARD_POINTS
from scorekeeper.games.schafkopf.hands import GameHand, NullHand, RamschHand
from scorekeeper.games.schafkopf.kinds import CALL_GAME as CALL_GAME
from scorekeeper.games.schafkopf.kinds import SOLO_BY_KEY as SOLO_BY_KEY
from scorekeeper.games.schafkopf.kinds import SOLO_GAMES as SOLO_GAMES
from scorekeeper.games.schafkopf.rules import SchafkopfRules
from scorekeeper.i18n import N_, ngettext
from scorekeeper.records import Hand

Amounts = dict[str, int]

WIN_AT = 61  # the declarers need 61 of the 120 card points; 60:60 goes to the defenders
SCHNEIDER_AT = 91  # a win with 91 or more is Schneider ...
SCHNEIDERED_AT = 30  # ... and so is a loss with 30 or fewer
BIDS = tuple(range(70, CARD_POINTS + 1, 10))  # an auction bid: 70, 80, ... 120
# The Kontra steps by their names at the table, the same in either language.
KONTRA_STEPS = ("Kontra", "Re", "Sub", "Hirsch", "Mord", "Leben")


# The words of the table, with their meaning alongside (marked; translated where shown).
TERMS: dict[str, str] = {
    "Sauspiel": N_("call game"),
    "Laufende": N_("top trumps in a row"),
    "Kontra": N_("double"),
    "Re": N_("redouble"),
    "Schneider": N_("loser under 31"),
    "Schwarz": N_("loser took no trick"),
    "Ramsch": N_("all passed, most points loses"),
    "Jungfrau": N_("took no trick"),
    "Durchmarsch": N_("took every trick"),
    "Bock": N_("a round that counts double"),
    "Tout": N_("must take every trick"),
    "Sie": N_("held all top trumps"),
    "Null": N_("Bettel: must take no trick"),
    "Klopfen": N_("knock: doubles"),
}


def points_needed(bid: int | None) -> int:
    """Card points the declarers need: 61, or one more than the bid (120 for 120)."""
    return WIN_AT if bid is None else min(bid + 1, CARD_POINTS)


def said_doublings(hand: Hand) -> int:
    """The hand's own doublings: its knocks and Kontra steps (Bock is the night's); 0
    for a kind of hand without them (a leaster, a passed hand)."""
    knocks: int = getattr(hand, "knocks", 0)
    kontra: int = getattr(hand, "kontra", 0)
    return knocks + kontra


@dataclass(frozen=True)
class GameValue:
    """How a call game or solo ended and what it is worth to each defender."""

    won: bool
    level: str  # "normal", "schneider" or "schwarz"
    base: int
    laufende: int  # the Laufende counted (0 when below the minimum)
    factor: int  # the Tout or Sie factor, else 1
    value: int  # per defender: (base + extras) x factor x doubling


def game_value(hand: GameHand, rules: SchafkopfRules, doubling: int, base: int) -> GameValue:
    """The value of a game (`docs/rules/schafkopf.md`): its BASE (a call game's price, a
    solo's, or a solo's own price when the table sets one), Schneider, Schwarz and
    Laufende extras, each at its price (or the Tout/Sie factor), then the doublings."""
    tout = hand.announced is not None
    max_tricks = rules.tricks
    won = hand.tricks == max_tricks if tout else hand.points >= points_needed(hand.bid)
    if won:
        level = (
            "schwarz"
            if hand.tricks == max_tricks
            else "schneider"
            if hand.points >= SCHNEIDER_AT
            else "normal"
        )
    else:
        level = (
            "schwarz"
            if hand.tricks == 0
            else "schneider"
            if hand.points <= SCHNEIDERED_AT
            else "normal"
        )
    minimum = rules.laufende_minimum(hand.game_kind.laufende_class)
    laufende = hand.laufende if hand.laufende >= minimum else 0
    if tout:
        factor = rules.tout_factor if hand.announced == "Tout" else rules.sie_factor
        value = (base + rules.laufender_extra * laufende) * factor
    else:
        factor = 1
        value = base + rules.laufender_extra * laufende + level_extras(level, rules)
    return GameValue(won, level, base, laufende, factor, value * doubling)


def level_extras(level: str, rules: SchafkopfRules) -> int:
    """What Schneider and Schwarz add to a game's value: a Schwarz game is Schneider
    too, so it has both extras."""
    schneider = rules.schneider_extra if level in ("schneider", "schwarz") else 0
    return schneider + (rules.schwarz_extra if level == "schwarz" else 0)


def score_game(hand: GameHand, active: Iterable[str], value: GameValue) -> Amounts:
    """A call game: the two declarers get (or pay) the value each.  A solo: each
    defender pays (or gets) it and the declarer balances the three."""
    sign = 1 if value.won else -1
    declarers = set(hand.side)
    amounts: Amounts = {}
    for player in active:
        if player not in declarers:
            amounts[player] = -sign * value.value
    for partner in hand.side[1:]:
        amounts[partner] = sign * value.value
    amounts[hand.declarer] = -sum(amounts.values())
    return amounts


def null_won(hand: NullHand) -> bool:
    return hand.tricks == 0


def score_null(
    hand: NullHand, rules: SchafkopfRules, active: Iterable[str], doubling: int
) -> Amounts:
    """A Null: each defender pays (or gets) `tariff_null` x the doublings."""
    sign = 1 if null_won(hand) else -1
    amounts = {p: -sign * rules.tariff_null * doubling for p in active if p != hand.declarer}
    amounts[hand.declarer] = -sum(amounts.values())
    return amounts


@dataclass(frozen=True)
class RamschResult:
    """Who lost a Ramsch (or who won it with a Durchmarsch) and what each one pays."""

    amounts: Amounts
    loser: str | None  # None on a Durchmarsch
    durchmarsch: str | None
    jungfrauen: tuple[str, ...]
    unit: int  # what the loser pays a player who is not a Jungfrau (or a Durchmarsch's value)


def ramsch_durchmarsch(hand: RamschHand, rules: SchafkopfRules) -> str | None:
    """The player who took every trick, if one did."""
    return next((p for p, t in hand.tricks.items() if t == rules.tricks), None)


def ramsch_tied(hand: RamschHand) -> list[str]:
    """The players that points and then tricks cannot separate at the top: the loser
    is among them, and must be named when there are two or more."""
    most = max(hand.points.values())
    on_points = [p for p, v in hand.points.items() if v == most]
    most_tricks = max(hand.tricks[p] for p in on_points)
    return [p for p in on_points if hand.tricks[p] == most_tricks]


def ramsch_loser(hand: RamschHand) -> str:
    """The loser: the most points, then the most tricks, then the one the record names."""
    tied = ramsch_tied(hand)
    if len(tied) == 1:
        return tied[0]
    assert hand.loser is not None, "validation requires a loser for a tie"
    return hand.loser


def score_ramsch(
    hand: RamschHand, rules: SchafkopfRules, active: Iterable[str], doubling: int
) -> RamschResult:
    """A Ramsch: the loser pays each other player, doubled by each Jungfrau (or paid
    double to her); a Durchmarsch is paid to its player as a won solo."""
    players = tuple(active)
    amounts = dict.fromkeys(players, 0)
    winner = ramsch_durchmarsch(hand, rules)
    if winner is not None:
        schwarz = level_extras("schwarz", rules) if rules.durchmarsch_value == "solo-schwarz" else 0
        unit = (rules.tariff_solo + schwarz) * doubling
        for player in players:
            if player != winner:
                amounts[player] -= unit
                amounts[winner] += unit
        return RamschResult(amounts, None, winner, (), unit)
    loser = ramsch_loser(hand)
    jungfrauen = tuple(p for p in players if hand.tricks[p] == 0)
    unit = rules.tariff_ramsch * doubling
    if rules.jungfrau == "double":
        unit *= 2 ** len(jungfrauen)
    for player in players:
        if player != loser:
            paid = unit * (
                2 if rules.jungfrau == "double-to-jungfrau" and player in jungfrauen else 1
            )
            amounts[player] += paid
            amounts[loser] -= paid
    return RamschResult(amounts, loser, None, jungfrauen, unit)


def bock_triggered(won: bool, level: str, kontra: int, solo: bool, rules: SchafkopfRules) -> bool:
    """True when a game WON (or lost) at LEVEL, with KONTRA steps said, played alone
    (SOLO: a solo, a Null) meets one of the `bock_after` conditions (`002` 4.1)."""
    if not rules.bock_after:
        return False
    triggers = set(rules.bock_after)
    return (
        ("schwarz" in triggers and level == "schwarz")
        or ("lost-solo" in triggers and solo and not won)
        or ("lost-kontra" in triggers and kontra > 0 and not won)
        or ("kontra" in triggers and kontra > 0)
    )


def pot_paid_in(rules: SchafkopfRules, active: Iterable[str]) -> Amounts:
    """A passed hand under `all_pass` pot: each active player pays `tariff_call` in."""
    return {p: -rules.tariff_call for p in active}


def kontra_words(steps: int) -> str:
    """'Kontra', 'Kontra and Re', 'Kontra, Re and Sub', ... or '7 Kontra steps' (in the
    language spoken now)."""
    if steps > len(KONTRA_STEPS):
        return ngettext("{count} Kontra step", "{count} Kontra steps", steps).format(count=steps)
    return join_names(KONTRA_STEPS[:steps])
