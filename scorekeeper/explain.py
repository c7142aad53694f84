"""One plain-English sentence per scored hand, such as a player would accept at the table.

"Bob and Dee took 91: schneider, doubled by a crack. Bob +8, Dee +4, each defender -4."
Amounts use ASCII signs, as the night-format's output does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.records import LeasterHand, PickHand
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
    events = [_with_article(n) for n in named]
    if unnamed:
        events.append("a doubler" if unnamed == 1 else f"{unnamed} doublers")
    if last_hand:
        events.append("the last hand")
    if queued:
        events.append("a queued doubler" if queued == 1 else f"{queued} queued doublers")
    if not events:
        return ""
    doublings = len(named) + unnamed + int(last_hand) + queued
    if multiplier < 2**doublings:
        return f", x{multiplier} (capped) by {join_names(events)}"
    how = "doubled" if multiplier == 2 else f"x{multiplier}"
    return f", {how} by {join_names(events)}"


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
