"""One plain-English sentence per scored hand, such as a player would accept at the table.

"Bob and Dee took 91: schneider, doubled by a crack. Bob +8, Dee +4, each defender -4."
Amounts use ASCII signs, as `scorekeeper score` prints them (`docs/rules/night-format.md`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.formatting import counted
from scorekeeper.records import (
    CallHand,
    GameHand,
    Hand,
    LeasterHand,
    NullHand,
    PickHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.schafkopf import (
    GameValue,
    RamschResult,
    game_of,
    kontra_words,
    points_needed,
    ramsch_tied,
)
from scorekeeper.scoring import PickOutcome


def signed(amount: int) -> str:
    """+2, -1, 0: an amount as the score sheet writes it."""
    return f"{amount:+d}" if amount else "0"


def join_names(names: Sequence[str]) -> str:
    """Ann; Ann and Bob; Ann, Bob and Cal."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _with_article(event: str) -> str:
    return f"an {event}" if event[:1].lower() in "aeiou" else f"a {event}"


def doubling_phrase(
    named: Sequence[str], unnamed: int, last_hand: bool, queued: int, multiplier: int
) -> str:
    """', doubled by a crack', ', x4 by a crack and the last hand', or '' for none."""
    events = [(_with_article(n), 1) for n in named]
    if unnamed:
        events.append(("a doubler" if unnamed == 1 else f"{unnamed} doublers", unnamed))
    if last_hand:
        events.append(("the last hand", 1))
    if queued:
        events.append(("a queued doubler" if queued == 1 else f"{queued} queued doublers", queued))
    return events_phrase(events, multiplier)


def events_phrase(events: Sequence[tuple[str, int]], multiplier: int) -> str:
    """', x4 by a knock and Kontra': the doubling EVENTS (each a phrase and how many
    doublings it stands for) and the MULTIPLIER they came to (less when capped)."""
    if not events:
        return ""
    names = [name for name, _ in events]
    if multiplier < 2 ** sum(count for _, count in events):
        return f", x{multiplier} (capped) by {join_names(names)}"
    how = "doubled" if multiplier == 2 else f"x{multiplier}"
    return f", {how} by {join_names(names)}"


def amounts_phrase(amounts: Mapping[str, int], named: Sequence[str], rest_label: str) -> str:
    """'Bob +2, Dee +1, each defender -1': named players, then the rest together if equal."""
    parts = [f"{p} {signed(amounts[p])}" for p in named]
    rest = [p for p in amounts if p not in named]
    if rest:
        values = {amounts[p] for p in rest}
        if len(values) == 1:
            parts.append(f"{rest_label} {signed(values.pop())}")
        else:
            parts += [f"{p} {signed(amounts[p])}" for p in rest]
    return ", ".join(parts)


def explain_pick(
    hand: PickHand,
    outcome: PickOutcome,
    amounts: Mapping[str, int],
    doubling: str,
    *,
    alone_possible: bool,
    picker_pays: bool,
    bumped: bool,
) -> str:
    """The sentence for a picked hand."""
    declarers = [hand.picker, *hand.partners]
    who = join_names(declarers)
    if not hand.partners and alone_possible:
        who += " alone"
    if outcome.won and outcome.level == "no-trick":
        result = f"{who} took every trick: no-trick"
    elif outcome.level == "no-trick":
        result = f"{who} took no trick: a no-trick loss"
        if picker_pays and hand.partners:
            result += f", {hand.picker} pays for the side"
    else:
        word = {
            (True, "normal"): "a win",
            (True, "schneider"): "schneider",
            (False, "normal"): "a loss",
            (False, "schneider"): "schneidered",
        }[(outcome.won, outcome.level)]
        result = f"{who} took {hand.points}: {word}"
    if bumped:
        result += ", doubled on the bump"
    label = "each defender"
    return f"{result}{doubling}. {amounts_phrase(amounts, declarers, label)}."


def explain_leaster(hand: LeasterHand, amounts: Mapping[str, int], doubling: str) -> str:
    """The sentence for a leaster."""
    winners = list(hand.winners)
    if len(winners) == 1:
        head = f"{winners[0]} won the leaster"
    elif all(amounts[w] == 0 for w in winners):
        return f"{join_names(winners)} tied for the leaster: nobody pays."
    else:
        head = f"{join_names(winners)} tied, and each wins the leaster"
    return f"{head}{doubling}. {amounts_phrase(amounts, winners, 'everyone else')}."


def explain_misplay(
    misplayers: Sequence[str], amounts: Mapping[str, int], *, thrown_in: bool, unit: int
) -> str:
    """The sentence for a misplay: the whole of a thrown-in hand, or a clause added."""
    who = join_names(misplayers)
    if thrown_in:
        body = amounts_phrase(amounts, misplayers, "everyone else")
        return f"{who} misplayed and the hand was thrown in. {body}."
    return f"{who} misplayed: {unit} to each other player from each misplayer."


def explain_no_pick(*, queued_doubler: bool, waiting: int) -> str:
    """The sentence for a hand nobody picked and nobody played."""
    if not queued_doubler:
        return "Nobody picked: the hand was thrown in and nothing scores."
    if waiting == 1:
        return "Nobody picked: a doubler is queued for the next hand."
    return f"Nobody picked: a doubler is queued ({waiting} waiting)."


# -- Schafkopf: the table's German words, with the English meaning alongside ----------


def schafkopf_doubling(hand: Hand, bock: bool, last_hand: bool, multiplier: int) -> str:
    """', x4 by a knock (Klopfen) and Kontra': a Schafkopf hand's doublings."""
    events = [(_with_article(n), 1) for n in hand.doubler_names]
    unnamed = hand.doublers - len(hand.doubler_names)
    if unnamed:
        events.append(("a doubler" if unnamed == 1 else f"{unnamed} doublers", unnamed))
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
) -> str:
    """The sentence for a call game or a solo."""
    game = game_of(hand)
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
        took = "every trick" if hand.tricks == 8 else counted(hand.tricks, "trick")
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


def pot_phrase(declarer: str, won: bool, pot_before: int) -> str:
    """'; Ann takes the pot of 80' or '; Ann doubles the pot to 160', or ''."""
    if not pot_before:
        return ""
    if won:
        return f"; {declarer} takes the pot of {pot_before}"
    return f"; {declarer} pays {pot_before} into the pot, doubling it to {2 * pot_before}"


def bock_phrase(hands: int) -> str:
    """' A Bock round follows: the next 4 hands count double.'"""
    if hands == 1:
        return " A Bock round follows: the next hand counts double."
    return f" A Bock round follows: the next {hands} hands count double."
