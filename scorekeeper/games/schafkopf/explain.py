"""Schafkopf's sentences: one per scored hand, with the table's German words and their
English meaning alongside ("Wenz (jacks solo): Ann took 95: won Schneider (30 or fewer
for the losers), x4 by a knock (Klopfen) and Kontra. Ann +240, each defender -80.")."""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.explain import amounts_phrase, events_phrase, join_names
from scorekeeper.formatting import counted
from scorekeeper.games.cards import doubler_events
from scorekeeper.games.schafkopf.hands import CallHand, GameHand, NullHand, RamschHand, SoloHand
from scorekeeper.games.schafkopf.tariff import (
    GameValue,
    RamschResult,
    kind_of,
    kontra_words,
    points_needed,
    ramsch_tied,
)
from scorekeeper.records import Hand


def schafkopf_doubling(hand: Hand, bock: bool, last_hand: bool, multiplier: int) -> str:
    """', x4 by a knock (Klopfen) and Kontra': a Schafkopf hand's doublings."""
    events = doubler_events(hand)
    knocks = getattr(hand, "knocks", 0)
    if knocks:
        events.append(("a knock (Klopfen)" if knocks == 1 else f"{knocks} knocks", knocks))
    kontra = getattr(hand, "kontra", 0)
    if kontra:
        events.append((kontra_words(kontra), kontra))
    if bock:
        events.append(("Bock (a round that counts double)", 1))
    if last_hand:
        events.append(("the last hand", 1))
    return events_phrase(events, multiplier)


def _result_words(won: bool, level: str) -> str:
    word = "won" if won else "lost"
    extra = {
        "normal": "",
        "schneider": " Schneider (30 or fewer for the losers)",
        "schwarz": " Schwarz (the losers took no trick)",
    }[level]
    return word + extra


def explain_game(
    hand: GameHand,
    value: GameValue,
    amounts: Mapping[str, int],
    doubling: str,
    *,
    minimum: int,
    pot_words: str,
    all_tricks: int,
) -> str:
    """The sentence for a call game or a solo (ALL_TRICKS: the tricks in a hand)."""
    game = kind_of(hand)
    if isinstance(hand, CallHand):
        label = (
            "Forced Sauspiel (the club queen had to play)"
            if hand.forced
            else "Renonce (a call game holding all four aces)"
            if hand.renonce
            else f"{game.name} ({game.meaning})"
        )
        declarers = [hand.declarer, *hand.partners]
        who = join_names(declarers)
    else:
        assert isinstance(hand, SoloHand)
        label = f"{game.name} ({game.meaning})"
        if hand.tout:
            label += " Tout (must take every trick)"
        elif hand.sie:
            label += " Sie (all the top trumps)"
        declarers = [hand.declarer]
        who = hand.declarer
    if value.factor > 1:
        took = "every trick" if hand.tricks == all_tricks else counted(hand.tricks, "trick")
        word = "Tout" if isinstance(hand, SoloHand) and hand.tout else "Sie"
        result = f"{who} took {took}: {'won' if value.won else 'lost'}, {word} x{value.factor}"
    else:
        result = f"{who} took {hand.points}"
        if hand.bid is not None:
            result += f" after a bid of {hand.bid} ({points_needed(hand.bid)} needed)"
        result += f": {_result_words(value.won, value.level)}"
    if hand.laufende:
        if value.laufende:
            result += f", {hand.laufende} Laufende (top trumps in a row)"
        else:
            result += f", {hand.laufende} Laufende, fewer than the {minimum} that count"
    return (
        f"{label}: {result}{doubling}{pot_words}. "
        f"{amounts_phrase(amounts, declarers, 'each defender')}."
    )


def explain_null(hand: NullHand, amounts: Mapping[str, int], doubling: str) -> str:
    """The sentence for a Null (Bettel)."""
    took = "no trick: won" if hand.tricks == 0 else f"{counted(hand.tricks, 'trick')}: lost"
    return (
        f"Null (Bettel: the declarer must take no trick): {hand.declarer} took {took}"
        f"{doubling}. {amounts_phrase(amounts, [hand.declarer], 'each defender')}."
    )


def explain_ramsch(
    hand: RamschHand, result: RamschResult, amounts: Mapping[str, int], doubling: str, rule: str
) -> str:
    """The sentence for a Ramsch, a Jungfrau or a Durchmarsch."""
    head = "Ramsch (all passed, the most points loses)"
    if result.durchmarsch is not None:
        who = result.durchmarsch
        return (
            f"{head}: {who} took every trick, a Durchmarsch (paid as a won solo){doubling}. "
            f"{amounts_phrase(amounts, [who], 'everyone else')}."
        )
    loser = result.loser
    assert loser is not None
    tied = ramsch_tied(hand)
    if len(tied) > 1:
        body = (
            f"{join_names(tied)} tied with {counted(hand.points[loser], 'point')} and "
            f"{counted(hand.tricks[loser], 'trick')}, and {loser} lost on the trumps"
        )
    else:
        body = f"{loser} lost with {counted(hand.points[loser], 'point')}"
    if result.jungfrauen and rule != "none":
        names = join_names(result.jungfrauen)
        verb = "is a Jungfrau" if len(result.jungfrauen) == 1 else "are Jungfrauen"
        effect = "doubling it" if rule == "double" else "paid double"
        body += f"; {names} {verb} (took no trick), {effect}"
    return f"{head}: {body}{doubling}. {amounts_phrase(amounts, [loser], 'everyone else')}."


def explain_pass(paid_in: int, pot: int | None) -> str:
    """The sentence for a hand all four passed."""
    if pot is None:
        return "All passed: the cards are dealt again and nothing scores."
    return f"All passed: each player pays {paid_in} into the pot, which now holds {pot}."


def pot_phrase(shares: Mapping[str, int], won: bool, pot_before: int) -> str:
    """'; Ann takes the pot of 80', '; Ann and Cal share the pot of 80, 40 each',
    '; Ann pays 80 into the pot, doubling it to 160', or '' (SHARES: what each of the
    side takes from the pot or pays into it)."""
    if not pot_before:
        return ""
    names = list(shares)
    if len(names) == 1:
        if won:
            return f"; {names[0]} takes the pot of {pot_before}"
        return f"; {names[0]} pays {pot_before} into the pot, doubling it to {2 * pot_before}"
    amounts = set(shares.values())
    each = (
        f"{amounts.pop()} each"
        if len(amounts) == 1
        else join_names([f"{p} {a}" for p, a in shares.items()])
    )
    if won:
        return f"; {join_names(names)} share the pot of {pot_before}, {each}"
    return f"; {join_names(names)} pay into the pot, {each}, doubling it to {2 * pot_before}"


def bock_phrase(hands: int) -> str:
    """' A Bock round follows: the next 4 hands count double.'"""
    if hands == 1:
        return " A Bock round follows: the next hand counts double."
    return f" A Bock round follows: the next {hands} hands count double."
