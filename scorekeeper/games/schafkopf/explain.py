"""Schafkopf's sentences: one per scored hand, in the language spoken now, with the
table's own words (in English with their meaning alongside: "Wenz (jacks solo): Ann
took 95: won Schneider (30 or fewer for the losers), x4 by a knock (Klopfen) and Kontra.
Ann +240, each defender -80.").  Each clause is a whole translatable sentence; what is
added to it (the Laufende, a Jungfrau, the pot, the doublings) is a translatable frame
around it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.explain import amounts_phrase, join_names, sentence, with_doubling
from scorekeeper.games.cards.doubling import doubler_events
from scorekeeper.games.cards.table import EVERYONE_ELSE
from scorekeeper.games.schafkopf.hands import CallHand, GameHand, NullHand, RamschHand, SoloHand
from scorekeeper.games.schafkopf.kinds import GameKind
from scorekeeper.games.schafkopf.tariff import (
    GameValue,
    RamschResult,
    kontra_words,
    points_needed,
    ramsch_tied,
)
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.records import Hand

EACH_DEFENDER = N_("each defender")  # the declarers' opponents, each the same amount
Events = list[tuple[str, int]]


def schafkopf_doubling(hand: Hand, bock: bool, last_hand: bool) -> Events:
    """A Schafkopf hand's doubling events (each a phrase and the doublings it stands
    for): its doublers, knocks, Kontra steps, Bock, the last hand."""
    events = doubler_events(hand)
    knocks = getattr(hand, "knocks", 0)
    if knocks:
        words = ngettext("a knock (Klopfen)", "{count} knocks", knocks).format(count=knocks)
        events.append((words, knocks))
    kontra = getattr(hand, "kontra", 0)
    if kontra:
        events.append((kontra_words(kontra), kontra))
    if bock:
        events.append((_("Bock (a round that counts double)"), 1))
    if last_hand:
        events.append((_("the last hand"), 1))
    return events


def _result_words(won: bool, level: str) -> str:
    """'won', 'lost Schneider (30 or fewer for the losers)', 'won Schwarz (...)'."""
    if level == "schneider":
        if won:
            return _("won Schneider (30 or fewer for the losers)")
        return _("lost Schneider (30 or fewer for the losers)")
    if level == "schwarz":
        if won:
            return _("won Schwarz (the losers took no trick)")
        return _("lost Schwarz (the losers took no trick)")
    # Translators: how a call game or a solo ended, after "Ann took 75:".
    return _("won") if won else _("lost")


def _label(game: GameKind) -> str:
    """'Wenz (jacks solo)': a kind of game and what it means."""
    # Translators: a kind of game and what it means: "Wenz (jacks solo)".
    return _("{game} ({meaning})").format(game=_(game.name), meaning=_(game.meaning))


def call_game_label(hand: CallHand) -> str:
    """'Sauspiel (call game)', 'Renonce (...)': the call game a sentence is about."""
    if hand.forced:
        return _("Forced Sauspiel (the club queen had to play)")
    if hand.renonce:
        return _("Renonce (a call game holding all four aces)")
    return _label(hand.game_kind)


def solo_label(hand: SoloHand) -> str:
    """'Wenz (jacks solo)', 'Wenz (jacks solo) Tout (must take every trick)': the solo
    a sentence is about."""
    label = _label(hand.game_kind)
    if hand.tout:
        return _("{game} Tout (must take every trick)").format(game=label)
    if hand.sie:
        return _("{game} Sie (all the top trumps)").format(game=label)
    return label


def explain_game(
    hand: GameHand,
    label: str,
    value: GameValue,
    amounts: Mapping[str, int],
    events: Sequence[tuple[str, int]],
    multiplier: int,
    *,
    minimum: int,
    pot: PotWords | None,
    all_tricks: int,
) -> str:
    """The sentence for a call game or a solo (LABEL: the game, as `call_game_label`
    and `solo_label` say it; ALL_TRICKS: the tricks in a hand), doubled by EVENTS to
    MULTIPLIER, the pot taken or fed as POT says."""
    declarers = list(hand.side)
    who, side = join_names(declarers), len(declarers)
    if value.factor > 1:
        declared = hand.announced
        if hand.tricks == all_tricks:
            took = _("{who} took every trick: won, {declared} x{factor}")
        else:
            took = ngettext(
                "{who} took {count} trick: {result}, {declared} x{factor}",
                "{who} took {count} tricks: {result}, {declared} x{factor}",
                hand.tricks,
            )
        result = took.format(
            who=who,
            count=hand.tricks,
            result=_("won") if value.won else _("lost"),
            declared=declared,
            factor=value.factor,
        )
    else:
        if hand.bid is None:
            took = ngettext("{who} took {points}", "{who} took {points}", side)
        else:
            took = ngettext(
                "{who} took {points} after a bid of {bid} ({needed} needed)",
                "{who} took {points} after a bid of {bid} ({needed} needed)",
                side,
            )
        head = took.format(
            who=who, points=hand.points, bid=hand.bid, needed=points_needed(hand.bid)
        )
        # Translators: "Ann and Bob took 75" and how it ended: "won Schneider (...)".
        result = _("{took}: {result}").format(
            took=head, result=_result_words(value.won, value.level)
        )
    if hand.laufende:
        if value.laufende:
            laufende = ngettext(
                "{clause}, {count} Laufende (top trumps in a row)",
                "{clause}, {count} Laufende (top trumps in a row)",
                hand.laufende,
            )
        else:
            laufende = ngettext(
                "{clause}, {count} Laufende, fewer than the {minimum} that count",
                "{clause}, {count} Laufende, fewer than the {minimum} that count",
                hand.laufende,
            )
        result = laufende.format(clause=result, count=hand.laufende, minimum=minimum)
    # Translators: the game played and how it went: "Wenz (jacks solo): Ann took 80: won".
    clause = _("{game}: {result}").format(game=label, result=result)
    clause = with_doubling(clause, events, multiplier)
    if pot is not None:
        clause = pot.said(clause)
    return sentence(clause, amounts_phrase(amounts, declarers, EACH_DEFENDER))


def explain_null(
    hand: NullHand, amounts: Mapping[str, int], events: Sequence[tuple[str, int]], multiplier: int
) -> str:
    """The sentence for a Null (Bettel), doubled by EVENTS to MULTIPLIER."""
    if hand.tricks == 0:
        clause = _("Null (Bettel: the declarer must take no trick): {player} took no trick: won")
    else:
        clause = ngettext(
            "Null (Bettel: the declarer must take no trick): {player} took {count} trick: lost",
            "Null (Bettel: the declarer must take no trick): {player} took {count} tricks: lost",
            hand.tricks,
        )
    clause = clause.format(player=hand.declarer, count=hand.tricks)
    clause = with_doubling(clause, events, multiplier)
    return sentence(clause, amounts_phrase(amounts, [hand.declarer], EACH_DEFENDER))


def explain_ramsch(
    hand: RamschHand,
    result: RamschResult,
    amounts: Mapping[str, int],
    events: Sequence[tuple[str, int]],
    multiplier: int,
    rule: str,
) -> str:
    """The sentence for a Ramsch, a Jungfrau or a Durchmarsch, doubled by EVENTS to
    MULTIPLIER; RULE is the night's `jungfrau`."""
    if result.durchmarsch is not None:
        who = result.durchmarsch
        clause = _(
            "Ramsch (all passed, the most points loses): {player} took every trick, a "
            "Durchmarsch (paid as a won solo)"
        ).format(player=who)
        clause = with_doubling(clause, events, multiplier)
        return sentence(clause, amounts_phrase(amounts, [who], EVERYONE_ELSE))
    loser = result.loser
    assert loser is not None
    tied = ramsch_tied(hand)
    if len(tied) > 1:
        tricks = ngettext("{count} trick", "{count} tricks", hand.tricks[loser])
        # Translators: POINTS are card points (never 1); TRICKS is "1 trick", "3 tricks".
        clause = _(
            "Ramsch (all passed, the most points loses): {players} tied with {points} "
            "points and {tricks}, and {loser} lost on the trumps"
        ).format(
            players=join_names(tied),
            points=hand.points[loser],
            tricks=tricks.format(count=hand.tricks[loser]),
            loser=loser,
        )
    else:
        # Translators: POINTS are the loser's card points (never 1).
        clause = _(
            "Ramsch (all passed, the most points loses): {loser} lost with {points} points"
        ).format(loser=loser, points=hand.points[loser])
    maidens = result.jungfrauen
    if maidens and rule != "none":
        if rule == "double":
            jungfrau = ngettext(
                "{clause}; {players} is a Jungfrau (took no trick), doubling it",
                "{clause}; {players} are Jungfrauen (took no trick), doubling it",
                len(maidens),
            )
        else:
            jungfrau = ngettext(
                "{clause}; {players} is a Jungfrau (took no trick), paid double",
                "{clause}; {players} are Jungfrauen (took no trick), paid double",
                len(maidens),
            )
        clause = jungfrau.format(clause=clause, players=join_names(maidens))
    clause = with_doubling(clause, events, multiplier)
    return sentence(clause, amounts_phrase(amounts, [loser], EVERYONE_ELSE))


def explain_pass(paid_in: int, pot: int | None) -> str:
    """The sentence for a hand all four passed."""
    if pot is None:
        return _("All passed: the cards are dealt again and nothing scores.")
    return _("All passed: each player pays {paid} into the pot, which now holds {pot}.").format(
        paid=paid_in, pot=pot
    )


class PotWords:
    """What a call game did with the pot, said after its clause: '; Ann takes the pot
    of 80', '; Ann and Cal share the pot of 80, 40 each', '; Ann pays 80 into the pot,
    doubling it to 160'.  SHARES: what each of the side takes from the pot (WON) or
    pays into it; POT_BEFORE: what it held."""

    def __init__(self, shares: Mapping[str, int], won: bool, pot_before: int) -> None:
        self.shares, self.won, self.pot = dict(shares), won, pot_before

    def said(self, clause: str) -> str:
        names = list(self.shares)
        fields = {"clause": clause, "pot": self.pot, "doubled": 2 * self.pot}
        if len(names) == 1:
            if self.won:
                text = _("{clause}; {player} takes the pot of {pot}")
            else:
                text = _("{clause}; {player} pays {pot} into the pot, doubling it to {doubled}")
            return text.format(player=names[0], **fields)
        amounts = set(self.shares.values())
        fields["players"] = join_names(names)
        if len(amounts) == 1:
            if self.won:
                text = _("{clause}; {players} share the pot of {pot}, {each} each")
            else:
                text = _(
                    "{clause}; {players} pay into the pot, {each} each, doubling it to {doubled}"
                )
            return text.format(each=amounts.pop(), **fields)
        shares = join_names([f"{p} {a}" for p, a in self.shares.items()])
        if self.won:
            # Translators: SHARES is "Ann 41 and Cal 40".
            text = _("{clause}; {players} share the pot of {pot}, {shares}")
        else:
            text = _("{clause}; {players} pay into the pot, {shares}, doubling it to {doubled}")
        return text.format(shares=shares, **fields)


def pot_words(shares: Mapping[str, int], won: bool, pot_before: int) -> PotWords | None:
    """What a call game did with the pot (`PotWords`), or None when it held nothing."""
    return PotWords(shares, won, pot_before) if pot_before else None


def bock_phrase(hands: int) -> str:
    """' A Bock round follows: the next 4 hands count double.'"""
    words = ngettext(
        "A Bock round follows: the next hand counts double.",
        "A Bock round follows: the next {count} hands count double.",
        hands,
    )
    return " " + words.format(count=hands)
