"""What the two card games share: a 32-card deck dealt in tricks, doublers, the leaster
and the misplay (`docs/rules/sheepshead.md`, `docs/rules/schafkopf.md`).

`CardRules` is the rule set both games' rules extend; `LeasterHand` and `MisplayHand`
are kinds of hand both play; the functions score, check and explain those, and give the
sheet's marks and the statistics' roles both games use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.explain import amounts_phrase, join_names, sentence, with_article, with_doubling
from scorekeeper.games.base import Draft, HandFacts, Words, shared_letter
from scorekeeper.hand_reader import HandReader
from scorekeeper.i18n import N_, _, ngettext, pgettext
from scorekeeper.problems import Problem, check_players
from scorekeeper.records import Hand
from scorekeeper.rules import LARGE, RuleSet, option

DECK_CARDS = 32
# The fewest and the most at a card game's table (`Game.seats`): three deal the whole
# deck ten each, eight four each (`CardRules.deal_all_in`); more sit out in turn.
TABLE_SEATS = (3, 8)
CARD_POINTS = 120
BLIND_CARD_MAX_POINTS = 11

Amounts = dict[str, int]


@dataclass(frozen=True)
class CardRules(RuleSet):
    """The options both card games have: the deal, the leaster, misplays, doublers."""

    tricks: int = option(
        6,
        N_("tricks in a hand (cards each player holds)"),
        label=N_("Cards each"),
        minimum=4,
        maximum=10,
    )
    blind: int = option(
        2, N_("cards in the blind"), label=N_("Cards in the blind"), minimum=0, maximum=4
    )
    leaster_units: int = option(
        1,
        N_(
            "a leaster's price: what each other player pays its winner (when the loser "
            "pays, what its loser pays each other player)"
        ),
        label=N_("Price of a leaster"),
        minimum=1,
        maximum=LARGE,
    )
    misplay_units: int = option(
        1,
        N_("what a misplayer pays each other player in the hand"),
        label=N_("Misplay penalty"),
        minimum=1,
        maximum=LARGE,
    )
    misplay_multiplied: bool = option(
        False,
        N_("the hand's doublers also multiply misplay penalties"),
        label=N_("Doublers multiply a misplay"),
    )
    last_hand_doubler: bool = option(
        True, N_("the last hand of the night counts double"), label=N_("Last hand doubles")
    )
    max_multiplier: int = option(
        0,
        N_("the most a hand can be multiplied by doublers (0: no cap)"),
        label=N_("Highest multiplier"),
        minimum=0,
        maximum=1 << 20,
    )
    leaster_tie: str = option(
        "draw",
        N_(
            "a tie for the fewest points in a leaster: the table draws, all tied win, "
            "or nobody pays"
        ),
        label=N_("Tie in a leaster"),
        choices=("draw", "all-win", "void"),
        choice_labels={
            "draw": N_("the table draws"),
            "all-win": N_("all tied win"),
            "void": N_("nobody pays"),
        },
    )
    leaster_pay: str = option(
        "winner-collects",
        N_(
            "who pays in a leaster: the winner (the fewest points) collects from every other "
            "player, or the loser (the most points) pays every other player"
        ),
        label=N_("Who pays a leaster"),
        choices=("winner-collects", "loser-pays"),
        choice_labels={
            "winner-collects": N_("the winner collects"),
            "loser-pays": N_("the loser pays"),
        },
    )

    @property
    def pays_a_second(self) -> bool:
        """Whether a leaster may name a second winner (Sheepshead's `leaster_second`)."""
        return False

    def deck_problems(self) -> list[Problem]:
        """The deal must use the whole deck."""
        cards = self.dealt_in * self.tricks + self.blind
        if cards == DECK_CARDS:
            return []
        message = _(
            "{players} players with {tricks} cards each and a blind of {blind} make "
            "{cards} cards, but the deck has {deck}"
        ).format(
            players=self.dealt_in,
            tricks=self.tricks,
            blind=self.blind,
            cards=cards,
            deck=DECK_CARDS,
        )
        return [Problem("rules.tricks", message)]

    def deal_all_in(self, players: int) -> dict[str, Any]:
        """`dealt_in`, and when the deal no longer uses the whole deck, as many cards
        each as it allows (at most 10) and the rest in the blind: 3 deal 10 and 2, 4 deal
        8 and none, 5 deal 6 and 2, 6 deal 5 and 2, 7 deal 4 and 4, 8 deal 4 and none.
        A game that deals only some of these (Schafkopf deals four) refuses the rest."""
        if players == self.dealt_in or players * self.tricks + self.blind == DECK_CARDS:
            return {"dealt_in": players}
        tricks = min(DECK_CARDS // players, 10)
        return {"dealt_in": players, "tricks": tricks, "blind": DECK_CARDS - players * tricks}

    def multiplier_problems(self) -> list[Problem]:
        """A cap on the multiplier is a power of 2 (0: none)."""
        m = self.max_multiplier
        if m and m & (m - 1):
            message = _("{value} is not 0 or a power of 2").format(value=m)
            return [Problem("rules.max_multiplier", message)]
        return []

    def problems(self) -> list[Problem]:
        return self.deck_problems() + self.multiplier_problems()


# -- the hands both games play ----------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class LeasterHand(Hand):
    """Nobody picked and the hand was played for the fewest points: the winner (or the
    winners of a tie), or under `leaster_pay` loser-pays the loser, who took the most;
    under `leaster_second` a second winner too, paid half the winner's share."""

    type: ClassVar[str] = "leaster"
    FIELDS: ClassVar[tuple[str, ...]] = (
        *("winner", "winners", "second", "loser", "points", "tricks"),
    )
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {
        **Hand.PLAYER_FIELDS,
        **{"winner": "one", "winners": "list", "second": "one", "loser": "one"},
        **{"points": "map", "tricks": "map"},
    }

    winners: tuple[str, ...] = ()
    second: str | None = None
    loser: str | None = None
    points: Mapping[str, int] | None = None
    tricks: Mapping[str, int] | None = None

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        """Which of winner, winners and loser the hand must name is the night's rule
        (`leaster_pay`), checked with the rest of the rules (`check_leaster`)."""
        if "winner" in reader.item and "winners" in reader.item:
            reader.problem("winner", _("give either winner or winners, not both"))
        winners: tuple[str, ...] = ()
        if "winners" in reader.item:
            winners = reader.names("winners")
            if not winners:
                reader.problem("winners", _("name at least one winner"))
        elif "winner" in reader.item:
            one = reader.name("winner", required=True)
            winners = (one,) if one else ()
        second = reader.name("second", required=False)
        loser = reader.name("loser", required=False)
        points = reader.name_map("points")
        tricks = reader.name_map("tricks")
        if not reader.ok:
            return None
        return cls(
            **common,
            winners=winners,
            second=second,
            loser=loser,
            points=points,
            tricks=tricks,
        )

    def own_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if len(self.winners) == 1:
            out["winner"] = self.winners[0]
        elif self.winners:
            out["winners"] = list(self.winners)
        if self.second is not None:
            out["second"] = self.second
        if self.loser is not None:
            out["loser"] = self.loser
        if self.points is not None:
            out["points"] = dict(self.points)
        if self.tricks is not None:
            out["tricks"] = dict(self.tricks)
        return out


@dataclass(frozen=True, kw_only=True)
class MisplayHand(Hand):
    """A misplay ended the hand; only the penalties score."""

    type: ClassVar[str] = "misplay"


# -- doubling ----------------------------------------------------------------------------


def capped(events: int, rules: CardRules) -> int:
    """2 to the power of the hand's doubling EVENTS, capped by `max_multiplier`."""
    multiplier: int = 2**events
    if rules.max_multiplier:
        multiplier = min(multiplier, rules.max_multiplier)
    return multiplier


def last_hand(hand: Hand, rules: CardRules) -> int:
    """1 when HAND is the night's last and the house doubles it."""
    return 1 if hand.last_hand and rules.last_hand_doubler else 0


def doubler_events(hand: Hand) -> list[tuple[str, int]]:
    """The doublers said on HAND, named ("a crack") or counted, as doubling events."""
    events = [(with_article(n), 1) for n in hand.doubler_names]
    unnamed = hand.doublers - len(hand.doubler_names)
    if unnamed:
        words = ngettext("a doubler", "{count} doublers", unnamed).format(count=unnamed)
        events.append((words, unnamed))
    return events


# -- the leaster -------------------------------------------------------------------------


def score_leaster(
    hand: LeasterHand, rules: CardRules, active: Iterable[str], multiplier: int
) -> Amounts:
    """Each active player's points for a leaster: every winner collects from every loser,
    or (`leaster_pay` loser-pays) the loser pays every other player."""
    players = tuple(active)
    amounts = dict.fromkeys(players, 0)
    unit = rules.leaster_units * multiplier
    if rules.leaster_pay == "loser-pays":
        assert hand.loser is not None, "validation requires a loser-pays leaster's loser"
        for other in players:
            if other != hand.loser:
                amounts[other] += unit
                amounts[hand.loser] -= unit
        return amounts
    if rules.leaster_tie == "void" and len(hand.winners) > 1:
        return amounts
    if hand.second is not None:  # the winner two prices, the second one, the rest pay one
        for other in players:
            if other not in (hand.winners[0], hand.second):
                amounts[other] -= unit
        amounts[hand.winners[0]] += 2 * unit
        amounts[hand.second] += unit
        assert sum(amounts.values()) == 0, "leaster_second is refused unless five play"
        return amounts
    for winner in hand.winners:
        for loser in players:
            if loser not in hand.winners:
                amounts[winner] += unit
                amounts[loser] -= unit
    return amounts


EVERYONE_ELSE = N_("everyone else")  # the rest of the players, each the same amount


def explain_leaster(
    hand: LeasterHand,
    amounts: Mapping[str, int],
    events: Sequence[tuple[str, int]],
    multiplier: int,
) -> str:
    """The sentence for a leaster, doubled by EVENTS to MULTIPLIER."""
    if hand.loser is not None:
        head = _("{loser} took the most points and pays everyone in the leaster").format(
            loser=hand.loser
        )
        clause = with_doubling(head, events, multiplier)
        return sentence(clause, amounts_phrase(amounts, [hand.loser], EVERYONE_ELSE))
    winners = list(hand.winners)
    if hand.second is not None:
        head = _("{winner} won the leaster and {second} came second").format(
            winner=winners[0], second=hand.second
        )
        clause = with_doubling(head, events, multiplier)
        return sentence(clause, amounts_phrase(amounts, [*winners, hand.second], EVERYONE_ELSE))
    if len(winners) == 1:
        head = _("{winner} won the leaster").format(winner=winners[0])
    elif all(amounts[w] == 0 for w in winners):
        return _("{winners} tied for the leaster: nobody pays.").format(winners=join_names(winners))
    else:
        head = _("{winners} tied, and each wins the leaster").format(winners=join_names(winners))
    clause = with_doubling(head, events, multiplier)
    return sentence(clause, amounts_phrase(amounts, winners, EVERYONE_ELSE))


def leaster_draft(
    hand: LeasterHand,
    rules: CardRules,
    active: tuple[str, ...],
    multiplier: int,
    events: Sequence[tuple[str, int]],
) -> Draft:
    """A leaster scored, doubled by EVENTS to MULTIPLIER."""
    amounts = score_leaster(hand, rules, active, multiplier)
    sentence = explain_leaster(hand, amounts, events, multiplier)
    return Draft(amounts, sentence, hand.type, multiplier=multiplier)


def check_leaster(hand: LeasterHand, rules: CardRules, active: tuple[str, ...]) -> list[Problem]:
    """A leaster's winners (or its loser), and its points and tricks when given."""
    if rules.leaster_pay == "loser-pays":
        return _check_loser_pays(hand, rules, active)
    if hand.loser is not None:
        message = _(
            "a leaster names its loser only under leaster_pay 'loser-pays' (this "
            "night's is 'winner-collects'): name the winner"
        )
        return [Problem("loser", message)]
    if not hand.winners:
        return [Problem("winner", _("missing"), missing=True)]
    field = "winner" if len(hand.winners) == 1 else "winners"
    problems = check_players(hand.winners, field, active)
    problems += _check_second(hand, rules, active)
    if rules.leaster_tie == "draw" and len(hand.winners) != 1:
        message = _("under leaster_tie 'draw' the table draws for one winner: name one")
        problems.append(Problem("winners", message))
    if len(set(hand.winners)) >= len(active):
        problems.append(Problem("winners", _("not every player can win a leaster")))
    if problems:
        return problems
    problems += check_player_map(hand.points, "points", CARD_POINTS, active)
    problems += check_player_map(hand.tricks, "tricks", rules.tricks, active)
    if problems:
        return problems
    return _check_leaster_winners(hand, rules)


def _check_second(hand: LeasterHand, rules: CardRules, active: tuple[str, ...]) -> list[Problem]:
    """A second winner: only under `leaster_second`, beside one winner, not the winner."""
    if hand.second is None:
        return []
    if not rules.pays_a_second:
        message = _("a leaster names a second winner only under leaster_second")
        return [Problem("second", message)]
    if len(hand.winners) != 1:
        message = _("a second winner goes with one winner, not with a tie (winners)")
        return [Problem("second", message)]
    if hand.second == hand.winners[0]:
        return [Problem("second", _("the second winner is not the winner"))]
    return check_players((hand.second,), "second", active)


def _check_loser_pays(
    hand: LeasterHand, rules: CardRules, active: tuple[str, ...]
) -> list[Problem]:
    """A loser-pays leaster names its loser, who has the most points when they are
    given (a tie for the most is the table's to settle: the record names one)."""
    if hand.second is not None:
        message = _("under leaster_pay 'loser-pays' a leaster names its loser, not a second")
        return [Problem("second", message)]
    if hand.winners:
        field = "winner" if len(hand.winners) == 1 else "winners"
        message = _("under leaster_pay 'loser-pays' a leaster names its loser, not a winner")
        return [Problem(field, message)]
    if hand.loser is None:
        message = _("missing: under leaster_pay 'loser-pays' name who took the most")
        return [Problem("loser", message, missing=True)]
    problems = check_players((hand.loser,), "loser", active)
    if problems:
        return problems
    problems += check_player_map(hand.points, "points", CARD_POINTS, active)
    problems += check_player_map(hand.tricks, "tricks", rules.tricks, active)
    if problems or hand.points is None:
        return problems
    most = max(hand.points.values())
    if hand.points[hand.loser] != most:
        top = [p for p in active if hand.points[p] == most]
        message = _("{loser} did not have the most points ({players} had {points})").format(
            loser=hand.loser, players=", ".join(top), points=most
        )
        return [Problem("loser", message)]
    return []


def check_player_map(
    amounts: Mapping[str, int] | None, field: str, total: int, active: tuple[str, ...]
) -> list[Problem]:
    """A map of each active player's points or tricks, adding up to TOTAL."""
    if amounts is None:
        return []
    missing = [p for p in active if p not in amounts]
    extra = [p for p in amounts if p not in active]
    problems = [Problem(field, _("{player} sits out this hand").format(player=p)) for p in extra]
    problems += [Problem(field, _("{player} is missing").format(player=p)) for p in missing]
    if not problems and sum(amounts.values()) != total:
        message = _("add up to {sum}, not {total}").format(sum=sum(amounts.values()), total=total)
        problems.append(Problem(field, message))
    return problems


def check_between(field: str, value: int, most: int) -> list[Problem]:
    """FIELD's VALUE is 0 to MOST, or the problem saying it is not."""
    if 0 <= value <= most:
        return []
    message = _("{value} is not between {minimum} and {maximum}").format(
        value=value, minimum=0, maximum=most
    )
    return [Problem(field, message)]


def _check_leaster_winners(hand: LeasterHand, rules: CardRules) -> list[Problem]:
    field = "winner" if len(hand.winners) == 1 else "winners"
    if hand.tricks is not None and hand.second is not None and hand.tricks[hand.second] == 0:
        message = _("{player} took no trick, and a leaster winner must take one")
        return [Problem("second", message.format(player=hand.second))]
    if hand.tricks is not None:
        trickless = [w for w in hand.winners if hand.tricks[w] == 0]
        if trickless:
            message = ngettext(
                "{players} took no trick, and a leaster winner must take one",
                "{players} took no trick, and a leaster winner must take one",
                len(trickless),
            ).format(players=join_names(trickless))
            return [Problem(field, message)]
    if hand.points is None:
        return []
    points = hand.points
    took_trick = [
        p
        for p in points
        if (
            hand.tricks[p] > 0
            if hand.tricks is not None
            else points[p] > 0 or p in hand.winners or p == hand.second
        )
    ]
    fewest = min(points[p] for p in took_trick)
    tied = [p for p in took_trick if points[p] == fewest]
    beaten = [w for w in hand.winners if points[w] != fewest]
    if beaten:
        message = ngettext(
            "{players} did not have the fewest points ({fewest} had {points})",
            "{players} did not have the fewest points ({fewest} had {points})",
            len(beaten),
        ).format(players=join_names(beaten), fewest=", ".join(tied), points=fewest)
        return [Problem(field, message)]
    if rules.leaster_tie != "draw" and set(tied) != set(hand.winners):
        message = _(
            "{players} tied with {points}; under leaster_tie '{rule}' every tied player is a winner"
        ).format(players=", ".join(tied), points=fewest, rule=rules.leaster_tie)
        return [Problem("winners", message)]
    return _check_second_points(hand, took_trick)


def _check_second_points(hand: LeasterHand, took_trick: Sequence[str]) -> list[Problem]:
    """The second winner has the next fewest points among those who took a trick (a tie
    for it is the table's to settle: the record names one)."""
    if hand.points is None or hand.second is None:
        return []
    others = [p for p in took_trick if p != hand.winners[0]]
    fewest = min((hand.points[p] for p in others), default=None)
    if fewest is not None and hand.points[hand.second] != fewest:
        next_fewest = [p for p in others if hand.points[p] == fewest]
        message = _("{player} did not have the next fewest points ({fewest} had {points})")
        return [
            Problem(
                "second",
                message.format(player=hand.second, fewest=", ".join(next_fewest), points=fewest),
            )
        ]
    return []


# -- misplays ----------------------------------------------------------------------------


def misplay_unit(rules: CardRules, multiplier: int) -> int:
    """What a misplayer pays each other player on a hand of this MULTIPLIER."""
    return rules.misplay_units * (multiplier if rules.misplay_multiplied else 1)


def misplay_penalties(
    misplayers: Iterable[str], rules: CardRules, active: Iterable[str], multiplier: int
) -> Amounts:
    """Each misplayer pays `misplay_units` (times the multiplier when the house says so)
    to every other active player."""
    players = tuple(active)
    amounts = dict.fromkeys(players, 0)
    unit = misplay_unit(rules, multiplier)
    for misplayer in misplayers:
        for other in players:
            if other != misplayer:
                amounts[other] += unit
                amounts[misplayer] -= unit
    return amounts


def add_amounts(*parts: Amounts) -> Amounts:
    """Player by player sum of several sets of amounts."""
    total: Amounts = {}
    for part in parts:
        for player, amount in part.items():
            total[player] = total.get(player, 0) + amount
    return total


def explain_misplay(
    misplayers: Sequence[str], amounts: Mapping[str, int], *, thrown_in: bool, unit: int
) -> str:
    """The sentence for a misplay: the whole of a thrown-in hand, or one added."""
    who = join_names(misplayers)
    if thrown_in:
        clause = ngettext(
            "{players} misplayed and the hand was thrown in",
            "{players} misplayed and the hand was thrown in",
            len(misplayers),
        ).format(players=who)
        return sentence(clause, amounts_phrase(amounts, misplayers, EVERYONE_ELSE))
    return ngettext(
        "{players} misplayed: {unit} to each other player from each misplayer.",
        "{players} misplayed: {unit} to each other player from each misplayer.",
        len(misplayers),
    ).format(players=who, unit=unit)


def thrown_in_draft(
    hand: Hand, rules: CardRules, active: tuple[str, ...], multiplier: int
) -> Draft:
    """A hand thrown in for a misplay: only the penalties score."""
    amounts = misplay_penalties(hand.misplays, rules, active, multiplier)
    unit = misplay_unit(rules, multiplier)
    sentence = explain_misplay(hand.misplays, amounts, thrown_in=True, unit=unit)
    return Draft(amounts, sentence, hand.type, multiplier=multiplier)


def with_misplays(draft: Draft, hand: Hand, rules: CardRules, active: tuple[str, ...]) -> Draft:
    """DRAFT with the penalties of a hand played to the end despite its misplays."""
    if not hand.misplays or isinstance(hand, MisplayHand):
        return draft
    penalties = misplay_penalties(hand.misplays, rules, active, draft.multiplier)
    draft.amounts = add_amounts(draft.amounts, penalties)
    unit = misplay_unit(rules, draft.multiplier)
    draft.sentence += " " + explain_misplay(hand.misplays, penalties, thrown_in=False, unit=unit)
    return draft


def check_card_hand(hand: Hand, rules: CardRules, active: tuple[str, ...]) -> list[Problem]:
    """What both card games check of the hands they share: a leaster, a hand thrown in
    for a misplay, a hand nobody played."""
    if isinstance(hand, LeasterHand):
        return check_leaster(hand, rules, active)
    if isinstance(hand, MisplayHand):
        return _check_misplay_hand(hand)
    return _check_nobody_played(hand)


def _check_misplay_hand(hand: Hand) -> list[Problem]:
    """A hand thrown in for a misplay names a misplayer."""
    if not hand.misplays:
        message = _("a misplay hand names at least one misplayer")
        return [Problem("misplays", message, missing=True)]
    return []


def _check_nobody_played(hand: Hand) -> list[Problem]:
    """A hand nobody played has no misplayer."""
    if hand.misplays:
        return [Problem("misplays", _("nobody played this hand, so nobody misplayed"))]
    return []


# -- how the hands show themselves -------------------------------------------------------


def table_marks(
    words: Words,
    hand: Hand,
    *,
    declarer: str | None = None,
    partners: Iterable[str] = (),
    winners: Iterable[str] = (),
) -> dict[str, str]:
    """The sheet's letters for each player who has one: the declarer, a partner, a
    leaster's winner, a misplayer, the dealer (in that order)."""
    marks: dict[str, str] = {}

    def add(player: str, letter: str) -> None:
        marks[player] = marks.get(player, "") + letter

    if declarer is not None:
        add(declarer, words.declarer_mark)
    for player in partners:
        add(player, words.partner_mark)
    for player in winners:
        add(player, shared_letter(words, "leaster"))
    if isinstance(hand, LeasterHand) and hand.second is not None:
        add(hand.second, shared_letter(words, "leaster") + "2")  # the second: L2
    for player in dict.fromkeys(hand.misplays):
        add(player, shared_letter(words, "misplay"))
    if hand.dealer is not None:
        add(hand.dealer, shared_letter(words, "dealer"))
    return marks


def leaster_roles(hand: LeasterHand, active: Sequence[str]) -> dict[str, str]:
    """A leaster's winners, its second (under `leaster_second`) and the others in it,
    for statistics (a loser-pays leaster has no winner: nobody won it, one player lost
    it)."""
    return {
        p: "leaster-winner"
        if p in hand.winners
        else "leaster-second"
        if p == hand.second
        else "leaster"
        for p in active
    }


def declarer_roles(declarer: str, partners: Iterable[str], active: Sequence[str]) -> dict[str, str]:
    """The declarer ("picker"), partners and defenders of a hand, for statistics."""
    side = set(partners)
    return {
        p: "picker" if p == declarer else "partner" if p in side else "defender" for p in active
    }


def leaster_or_misplay_cells(hand: Hand) -> tuple[str, str, str, str, str]:
    """A printed sheet's cells for a leaster or a hand thrown in for a misplay."""
    if isinstance(hand, LeasterHand):
        leaster = pgettext("sheet cell", "leaster")
        if hand.loser is not None:
            return leaster, "", "", "", _("{player} lost").format(player=hand.loser)
        if hand.second is not None:
            both = _("{winner} won, {second} second")
            return leaster, "", "", "", both.format(winner=hand.winners[0], second=hand.second)
        won = ngettext("{players} won", "{players} won", len(hand.winners))
        return leaster, "", "", "", won.format(players=", ".join(hand.winners))
    return pgettext("sheet cell", "misplay"), "", "", "", ", ".join(hand.misplays)


def leaster_or_misplay_facts(words: Words, hand: Hand) -> HandFacts:
    """The facts of a leaster or a hand thrown in for a misplay, at either game."""
    if isinstance(hand, LeasterHand):
        marks = table_marks(words, hand, winners=hand.winners)
        if hand.loser is not None:
            summary = _("Leaster: {player} pays").format(player=hand.loser)
            return HandFacts(summary, marks, "leaster")
        if hand.second is not None:
            summary = _("Leaster: {winner}, {second} second").format(
                winner=hand.winners[0], second=hand.second
            )
            return HandFacts(summary, marks, "leaster")
        summary = _("Leaster: {players}").format(players=join_names(hand.winners))
        return HandFacts(summary, marks, "leaster")
    summary = _("Misplay: {players}").format(players=join_names(hand.misplays))
    return HandFacts(summary, table_marks(words, hand), "misplay")
