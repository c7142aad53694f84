"""A night's hands in order: each scored by its game, then the totals and the money.

`score_night` is the one function that turns a recorded night into numbers.  Each hand
is scored by the night's game (`scorekeeper.games`: the doublers, the multiplier, the
amounts, what it carries to the next hand); this module checks the zero-sum residual of
every hand, every total and the settlement as it goes — the one such check — so an
unbalanced sheet can never reach a person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from scorekeeper import explain
from scorekeeper.games import Carry, Draft, game_of
from scorekeeper.i18n import _
from scorekeeper.limits import MAX_AMOUNT, within_limit
from scorekeeper.problems import InvalidNight, Problem, grouped, require_zero_sum
from scorekeeper.records import Hand, Night
from scorekeeper.results import POT, ROLES, HandResult, NightResult
from scorekeeper.rules import RuleSet
from scorekeeper.settlement import settle
from scorekeeper.validation import active_players, is_checked, validate_hand, validate_night

__all__ = [
    "Carry",
    "beyond_limits",
    "night_totals",
    "score_next",
    "score_night",
]

_KNOWN_ROLES = frozenset(ROLES)


def score_night(night: Night) -> NightResult:
    """Score a recorded night; raises `InvalidNight` with every problem if it cannot be.

    A night `load_night` gave (`check_night` proved it valid) is not validated again;
    any other is, here."""
    if not is_checked(night):
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
        raise InvalidNight(p.in_hand(number) for p in problems)
    return _score_hand(number, hand, night.rules, night.players, replace(carry))


def night_totals(
    rules: RuleSet, players: tuple[str, ...], results: Sequence[HandResult]
) -> NightResult:
    """A night's totals, money and settlement from its scored hands, each checked to
    sum to zero (with the pot, when the rules keep one)."""
    totals = dict.fromkeys(players, 0)
    for result in results:
        for player, amount in result.points.items():
            totals[player] += amount
    return _night_result(rules, players, results, totals)


def totals_with_one_more(
    rules: RuleSet, players: tuple[str, ...], before: NightResult, result: HandResult
) -> NightResult:
    """`night_totals` of BEFORE's hands and RESULT, one more hand at the end: BEFORE's
    totals plus the hand's points (a night's thousand hands are not added again), the
    same checks made."""
    had = before.total_points
    totals = {p: had.get(p, 0) + result.points.get(p, 0) for p in players}
    return _night_result(rules, players, [*before.hands, result], totals)


def _night_result(
    rules: RuleSet,
    players: tuple[str, ...],
    results: Sequence[HandResult],
    totals: dict[str, int],
) -> NightResult:
    """The night's result from its scored RESULTS and their point TOTALS: the money,
    the pot and the settlement, each checked to sum to zero."""
    carried = Carry.after(results[-1] if results else None)
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


def _score_hand(
    number: int, hand: Hand, rules: RuleSet, players: tuple[str, ...], carried: Carry
) -> HandResult:
    """HAND scored by its game, checked to sum to zero (with the pot's change) and to
    stay within what Scorekeeper keeps, with what it says of itself."""
    active = active_players(hand, rules, players)
    game = game_of(rules)
    draft: Draft = game.score(hand, rules, active, carried)
    require_zero_sum([*draft.amounts.values(), draft.pot_change], f"hand {number}")
    amounts = draft.amounts
    points = {p: amounts.get(p, 0) for p in players}
    problems = beyond_limits(number, points | {POT: draft.pot_change}, draft.multiplier, rules)
    if problems:
        raise InvalidNight(problems)
    draft.points, draft.active = points, active
    draft.pot = carried.pot if rules.has_pot else None
    facts = game.hand_facts(hand, draft, rules)
    roles = game.roles(hand, active)
    dealt_in = set(active)
    if not amounts.keys() <= dealt_in or roles.keys() != dealt_in:
        raise ValueError(f"{game.title} scored hand {number} for players not dealt in")
    if not _KNOWN_ROLES.issuperset(roles.values()):
        raise ValueError(f"{game.title} gave hand {number} roles the statistics do not know")
    return HandResult(
        number=number,
        type=hand.type,
        outcome=draft.outcome,
        level=draft.level,
        multiplier=draft.multiplier,
        points=points,
        cents=_cents(points, draft.pot_change, rules.stake_cents, number),
        explanation=draft.sentence,
        active=active,
        declarers=draft.declarers,
        doublers_pending=carried.doublers,
        roles=roles,
        call=game.call_key(hand),
        pot=draft.pot,
        pot_change=draft.pot_change,
        bock_pending=carried.bock,
        summary=facts.summary,
        marks=facts.marks,
        game=facts.game,
        alone=facts.alone,
        loser=facts.loser,
        jungfrauen=facts.jungfrauen,
        durchmarsch=facts.durchmarsch,
        hands=facts.hands,
    )


def beyond_limits(
    number: int, points: Mapping[str, int], multiplier: int, rules: RuleSet
) -> list[Problem]:
    """What in hand NUMBER is more than Scorekeeper keeps (`scorekeeper.limits`): a
    player's (or the pot's) points, their cents at the night's stake, or the multiplier."""
    stake = rules.stake_cents
    most = max(map(abs, points.values()), default=0)
    if within_limit(most) and within_limit(most * stake) and within_limit(multiplier):
        return []  # every amount, and its cents, within the limits: nothing to name
    over = _who([p for p, amount in points.items() if not within_limit(amount)])
    if over:
        message = _(
            "{players} would score more than {most} points either way on it, the most "
            "Scorekeeper keeps"
        ).format(players=over, most=grouped(MAX_AMOUNT))
        return [Problem("score", message, hand=number)]
    over = _who([p for p, amount in points.items() if not within_limit(amount * stake)])
    if over:
        message = _(
            "at {stake} cents a point, {players} would win or lose over {most} cents on it, "
            "the most Scorekeeper keeps"
        ).format(stake=grouped(stake), players=over, most=grouped(MAX_AMOUNT))
        return [Problem("rules.stake_cents", message, hand=number)]
    if not within_limit(multiplier):
        message = _("multiplied by {multiplier}; Scorekeeper keeps at most {most}").format(
            multiplier=grouped(multiplier), most=grouped(MAX_AMOUNT)
        )
        return [Problem("doublers", message, hand=number)]
    return []


def _who(parties: Sequence[str]) -> str:
    return explain.join_names([_("the pot") if p == POT else p for p in parties])


def _cents(points: Mapping[str, int], pot_change: int, stake: int, number: int) -> dict[str, int]:
    cents = {p: amount * stake for p, amount in points.items()}
    require_zero_sum([*cents.values(), pot_change * stake], f"hand {number}'s money")
    return cents
