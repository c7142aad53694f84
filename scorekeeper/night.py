"""A night's hands in order: who sits out, the doubler queue, multipliers, totals, money.

`score_night` is the one function that turns a recorded night into numbers.  It checks
the zero-sum residual of every hand, every total and the settlement as it goes, so an
unbalanced sheet can never reach a person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from scorekeeper import explain
from scorekeeper.games import game_of
from scorekeeper.limits import MAX_AMOUNT, MAX_DOLLARS, within_limit
from scorekeeper.problems import InvalidNight, Problem, require_zero_sum
from scorekeeper.records import (
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
from scorekeeper.rules import RuleSet
from scorekeeper.schafkopf import (
    bock_triggered,
    doubling_events,
    game_value,
    null_won,
    pot_paid_in,
    score_game,
    score_null,
    score_ramsch,
)
from scorekeeper.schafkopf import game_of as kind_of
from scorekeeper.scoring import (
    add_amounts,
    misplay_penalties,
    pick_outcome,
    picker_pays,
    score_leaster,
    score_pick,
)
from scorekeeper.settlement import Payment, settle
from scorekeeper.validation import active_players, validate_hand, validate_night

ROLES = ("picker", "partner", "defender", "leaster-winner", "leaster", "played")


POT = "(pot)"  # the pot as a party to the settlement (Schafkopf `all_pass` pot)


@dataclass(frozen=True)
class HandResult:
    """The score of one hand: every seated player's points (0 when not involved), and
    what the hand says of itself (`scorekeeper.games.HandFacts`), decided once by its
    game when it is scored, for every screen, page and statistic."""

    number: int
    type: str
    outcome: str  # "win"/"loss" for the declarers of a pick hand, else the hand's type
    level: str  # "normal", "schneider", "no-trick" (Sheepshead) or "schwarz" (Schafkopf)
    multiplier: int
    points: dict[str, int]
    cents: dict[str, int]
    explanation: str
    active: tuple[str, ...]
    declarers: tuple[str, ...] = ()
    doublers_pending: int = 0  # queued doublers waiting after this hand
    roles: dict[str, str] = field(default_factory=dict)  # active player -> role, see ROLES
    call: str | None = None  # what was called (Sheepshead) or the game played (Schafkopf)
    pot: int | None = None  # what the pot holds after this hand, when the rules keep one
    pot_change: int = 0  # what this hand put into the pot (negative: taken out)
    bock_pending: int = 0  # Bock hands still to come after this one
    summary: str = ""  # a few words for the sheet: "Bob and Dee: 74 (4 tricks) win"
    marks: dict[str, str] = field(default_factory=dict)  # the sheet's letters: {"Bob": "P"}
    game: str = ""  # what was played: "pick", "leaster", "Sauspiel", "Wenz Tout", "Ramsch"
    alone: bool | None = None  # a declarer without a partner; None when nobody declared
    loser: str | None = None  # a Ramsch's loser
    jungfrauen: tuple[str, ...] = ()  # Ramsch players who took no trick
    durchmarsch: str | None = None  # the Ramsch player who took every trick


@dataclass(frozen=True)
class NightResult:
    """A whole night scored: each hand, the totals, and the fewest-payment settlement.

    With a pot, the players' totals plus the pot sum to zero, and the settlement
    treats the pot as one more party, `(pot)`."""

    players: tuple[str, ...]
    hands: tuple[HandResult, ...]
    total_points: dict[str, int]
    total_cents: dict[str, int]
    settlement: tuple[Payment, ...]
    doublers_pending: int
    pot: int | None = None
    pot_cents: int | None = None
    bock_pending: int = 0

    def running_points(self) -> list[dict[str, int]]:
        """Each player's running total after each hand, as the score sheet shows it."""
        running = dict.fromkeys(self.players, 0)
        rows = []
        for hand in self.hands:
            for player, amount in hand.points.items():
                running[player] += amount
            rows.append(dict(running))
        return rows


@dataclass
class Carry:
    """What one hand leaves to the next: queued doublers, Bock hands, the pot.  Scoring
    is causal, so a hand appended to a night needs only the carry of the hand before it
    (`Carry.after`), not the night's other hands."""

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
class _Scored:
    """One hand's amounts and its words, before the misplays and the checks."""

    amounts: dict[str, int]
    sentence: str
    outcome: str
    level: str = "normal"
    multiplier: int = 1
    declarers: tuple[str, ...] = ()
    pot_change: int = 0
    # What its game reads to say what the hand was (`games.Scored`), set once it is checked.
    points: dict[str, int] = field(default_factory=dict)
    active: tuple[str, ...] = ()
    pot: int | None = None


def score_night(night: Night) -> NightResult:
    """Score a recorded night; raises `InvalidNight` with every problem if it cannot be."""
    problems = validate_night(night)
    if problems:
        raise InvalidNight(problems)
    rules, players = night.rules, night.players
    carried = Carry()
    results = [
        _score_hand(number, hand, rules, players, carried)
        for number, hand in enumerate(night.hands, start=1)
    ]
    return night_totals(rules, players, results)


def score_next(night: Night, hand: Hand, carry: Carry, *, number: int | None = None) -> HandResult:
    """Score one more hand after a night's hands, from the CARRY of the hand before it
    (`Carry.after`); the hand is validated first, as `score_night` would.  NIGHT gives
    the rules and players; its own hands are not looked at."""
    number = len(night.hands) + 1 if number is None else number
    problems = validate_hand(hand, night.rules, night.players)
    if problems:
        raise InvalidNight(Problem(p.field, p.message, hand=number) for p in problems)
    return _score_hand(number, hand, night.rules, night.players, replace(carry))


def night_totals(
    rules: RuleSet, players: tuple[str, ...], results: Sequence[HandResult]
) -> NightResult:
    """A night's totals, money and settlement from its scored hands, each checked to
    sum to zero (with the pot, when the rules keep one)."""
    carried = Carry.after(results[-1] if results else None)
    totals = dict.fromkeys(players, 0)
    for result in results:
        for player, amount in result.points.items():
            totals[player] += amount
    pot = carried.pot if rules.has_pot else None
    require_zero_sum([*totals.values(), pot or 0], "the night's points")
    cents = {p: amount * rules.stake_cents for p, amount in totals.items()}
    pot_cents = None if pot is None else pot * rules.stake_cents
    require_zero_sum([*cents.values(), pot_cents or 0], "the night's money")
    balances = cents | {POT: pot_cents} if pot_cents else cents
    return NightResult(
        players=players,
        hands=tuple(results),
        total_points=totals,
        total_cents=cents,
        settlement=settle(balances),
        doublers_pending=carried.doublers,
        pot=pot,
        pot_cents=pot_cents,
        bock_pending=carried.bock,
    )


def _take_queued(hand: Hand, rules: RuleSet, queue: int) -> int:
    """How many queued doublers this hand plays off: pick and leaster hands take them."""
    if not isinstance(hand, PickHand | LeasterHand) or not queue:
        return 0
    return queue if rules.doubler_stack == "multiply" else 1


def hand_multiplier(hand: Hand, rules: RuleSet, queued: int) -> int:
    """2 to the power of the hand's doubling events, capped by `max_multiplier`."""
    return _capped(hand.doublers + queued + _last_hand(hand, rules), rules)


def _capped(events: int, rules: RuleSet) -> int:
    multiplier: int = 2**events
    if rules.max_multiplier:
        multiplier = min(multiplier, rules.max_multiplier)
    return multiplier


def _last_hand(hand: Hand, rules: RuleSet) -> int:
    return 1 if hand.last_hand and rules.last_hand_doubler else 0


def _score_hand(
    number: int, hand: Hand, rules: RuleSet, players: tuple[str, ...], carried: Carry
) -> HandResult:
    active = active_players(hand, rules, players)
    if rules.game == "schafkopf":
        scored, unit = _score_schafkopf(hand, rules, active, carried)
    else:
        scored, unit = _score_sheepshead(hand, rules, active, carried)
    amounts = scored.amounts
    if hand.misplays and not isinstance(hand, MisplayHand):
        penalties = misplay_penalties(hand.misplays, rules, active, scored.multiplier)
        amounts = add_amounts(amounts, penalties)
        scored.sentence += " " + explain.explain_misplay(
            hand.misplays, penalties, thrown_in=False, unit=unit
        )
    require_zero_sum([*amounts.values(), scored.pot_change], f"hand {number}")
    points = {p: amounts.get(p, 0) for p in players}
    problems = beyond_limits(number, points | {POT: scored.pot_change}, scored.multiplier, rules)
    if problems:
        raise InvalidNight(problems)
    game = game_of(rules)
    scored.points, scored.active = points, active
    scored.pot = carried.pot if rules.has_pot else None
    facts = game.hand_facts(hand, scored, rules)
    return HandResult(
        number=number,
        type=hand.type,
        outcome=scored.outcome,
        level=scored.level,
        multiplier=scored.multiplier,
        points=points,
        cents=_cents(points, scored.pot_change, rules.stake_cents, number),
        explanation=scored.sentence,
        active=active,
        declarers=scored.declarers,
        doublers_pending=carried.doublers,
        roles=game.roles(hand, active),
        call=game.call_key(hand),
        pot=scored.pot,
        pot_change=scored.pot_change,
        bock_pending=carried.bock,
        summary=facts.summary,
        marks=facts.marks,
        game=facts.game,
        alone=facts.alone,
        loser=facts.loser,
        jungfrauen=facts.jungfrauen,
        durchmarsch=facts.durchmarsch,
    )


def beyond_limits(
    number: int, points: Mapping[str, int], multiplier: int, rules: RuleSet
) -> list[Problem]:
    """What in hand NUMBER is more than Scorekeeper keeps (`scorekeeper.limits`): a
    player's (or the pot's) points, their cents at the night's stake, or the multiplier."""
    stake = rules.stake_cents
    over = _who([p for p, amount in points.items() if not within_limit(amount)])
    if over:
        message = f"{over} would score more than {MAX_AMOUNT:,} points either way on it"
        return [Problem("score", f"{message}, the most Scorekeeper keeps", hand=number)]
    over = _who([p for p, amount in points.items() if not within_limit(amount * stake)])
    if over:
        message = f"at {stake:,} cents a point, {over} would win or lose over {MAX_DOLLARS} on it"
        return [Problem("rules.stake_cents", f"{message}, the most Scorekeeper keeps", hand=number)]
    if not within_limit(multiplier):
        message = f"multiplied by {multiplier:,}; Scorekeeper keeps at most {MAX_AMOUNT:,}"
        return [Problem("doublers", message, hand=number)]
    return []


def _who(parties: Sequence[str]) -> str:
    return explain.join_names(["the pot" if p == POT else p for p in parties])


def _score_sheepshead(
    hand: Hand, rules: RuleSet, active: tuple[str, ...], carried: Carry
) -> tuple[_Scored, int]:
    """A Sheepshead hand, and the misplay unit that goes with it."""
    taken = _take_queued(hand, rules, carried.doublers)
    carried.doublers -= taken
    multiplier = hand_multiplier(hand, rules, taken)
    doubling = explain.doubling_phrase(
        hand.doubler_names,
        hand.doublers - len(hand.doubler_names),
        bool(_last_hand(hand, rules)),
        taken,
        multiplier,
    )
    if isinstance(hand, PickHand):
        picked = pick_outcome(hand, rules, multiplier)
        amounts = score_pick(hand, rules, active, picked)
        sentence = explain.explain_pick(
            hand,
            picked,
            amounts,
            doubling,
            alone_possible=rules.max_partners > 0,
            picker_pays=picker_pays(hand, rules, picked),
            bumped=not picked.won and rules.double_on_the_bump,
        )
        outcome = "win" if picked.won else "loss"
        scored = _Scored(
            amounts, sentence, outcome, picked.level, multiplier, (hand.picker, *hand.partners)
        )
    elif isinstance(hand, LeasterHand):
        amounts = score_leaster(hand, rules, active, multiplier)
        sentence = explain.explain_leaster(hand, amounts, doubling)
        scored = _Scored(amounts, sentence, hand.type, multiplier=multiplier)
    elif isinstance(hand, NoPickHand):
        queues = rules.no_pick == "doubler"
        carried.doublers += 1 if queues else 0
        sentence = explain.explain_no_pick(queued_doubler=queues, waiting=carried.doublers)
        return _Scored(dict.fromkeys(active, 0), sentence, hand.type), _misplay_unit(rules, 1)
    else:
        scored = _score_misplay(hand, rules, active, multiplier)
    return scored, _misplay_unit(rules, multiplier)


def _score_misplay(hand: Hand, rules: RuleSet, active: tuple[str, ...], multiplier: int) -> _Scored:
    assert isinstance(hand, MisplayHand)
    amounts = misplay_penalties(hand.misplays, rules, active, multiplier)
    sentence = explain.explain_misplay(
        hand.misplays, amounts, thrown_in=True, unit=_misplay_unit(rules, multiplier)
    )
    return _Scored(amounts, sentence, hand.type, multiplier=multiplier)


BOCK_TYPES = (CallHand, SoloHand, NullHand, RamschHand, LeasterHand)


def _score_schafkopf(
    hand: Hand, rules: RuleSet, active: tuple[str, ...], carried: Carry
) -> tuple[_Scored, int]:
    """A Schafkopf hand (`docs/rules/schafkopf.md`): Bock taken and queued, the pot paid or fed."""
    bock = isinstance(hand, BOCK_TYPES) and carried.bock > 0
    carried.bock -= int(bock)
    last = bool(_last_hand(hand, rules))
    multiplier = _capped(hand.doublers + doubling_events(hand) + int(bock) + int(last), rules)
    doubling = explain.schafkopf_doubling(hand, bock, last, multiplier)
    won: bool | None = None
    if isinstance(hand, GameHand):
        value = game_value(hand, rules, multiplier)
        amounts = score_game(hand, active, value)
        won, pot_change, pot_words = value.won, 0, ""
        if isinstance(hand, CallHand) and carried.pot:
            pot_words = explain.pot_phrase(hand.declarer, value.won, carried.pot)
            pot_change = -carried.pot if value.won else carried.pot
            amounts[hand.declarer] -= pot_change
        minimum = rules.laufende_minimum(kind_of(hand).laufende_class)
        sentence = explain.explain_game(
            hand, value, amounts, doubling, minimum=minimum, pot_words=pot_words
        )
        declarers = (hand.declarer, *(hand.partners if isinstance(hand, CallHand) else ()))
        scored = _Scored(
            amounts,
            sentence,
            "win" if won else "loss",
            value.level,
            multiplier * value.factor,
            declarers,
            pot_change,
        )
    elif isinstance(hand, NullHand):
        amounts = score_null(hand, rules, active, multiplier)
        won = null_won(hand)
        sentence = explain.explain_null(hand, amounts, doubling)
        scored = _Scored(
            amounts, sentence, "win" if won else "loss", "normal", multiplier, (hand.declarer,)
        )
    elif isinstance(hand, RamschHand):
        ramsch = score_ramsch(hand, rules, active, multiplier)
        sentence = explain.explain_ramsch(hand, ramsch, ramsch.amounts, doubling, rules.jungfrau)
        scored = _Scored(ramsch.amounts, sentence, hand.type, multiplier=multiplier)
    elif isinstance(hand, LeasterHand):
        amounts = score_leaster(hand, rules, active, multiplier)
        sentence = explain.explain_leaster(hand, amounts, doubling)
        scored = _Scored(amounts, sentence, hand.type, multiplier=multiplier)
    elif isinstance(hand, PassHand):
        amounts = pot_paid_in(rules, active) if rules.has_pot else dict.fromkeys(active, 0)
        pot_change = -sum(amounts.values())
        pot_after = carried.pot + pot_change if rules.has_pot else None
        sentence = explain.explain_pass(rules.tariff_call, pot_after)
        scored = _Scored(amounts, sentence, hand.type, pot_change=pot_change)
    else:
        scored = _score_misplay(hand, rules, active, multiplier)
    carried.pot += scored.pot_change
    if bock_triggered(hand, won, scored.level, rules):
        carried.bock += rules.bock_hands
        scored.sentence += explain.bock_phrase(rules.bock_hands)
    return scored, _misplay_unit(rules, multiplier)


def _misplay_unit(rules: RuleSet, multiplier: int) -> int:
    return rules.misplay_units * (multiplier if rules.misplay_multiplied else 1)


def _cents(points: Mapping[str, int], pot_change: int, stake: int, number: int) -> dict[str, int]:
    cents = {p: amount * stake for p, amount in points.items()}
    require_zero_sum([*cents.values(), pot_change * stake], f"hand {number}'s money")
    return cents
