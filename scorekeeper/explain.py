"""The words every game's sentences are made of: one plain-English sentence per scored
hand, such as a player would accept at the table.

"Bob and Dee took 91: schneider, doubled by a crack. Bob +8, Dee +4, each defender -4."
Each game writes its own sentences (`scorekeeper.games`) from these phrases.  Amounts use
ASCII signs, as `scorekeeper score` prints them (`docs/rules/night-format.md`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def signed(amount: int) -> str:
    """+2, -1, 0: an amount as the score sheet writes it."""
    return f"{amount:+d}" if amount else "0"


def join_names(names: Sequence[str]) -> str:
    """Ann; Ann and Bob; Ann, Bob and Cal."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def with_article(event: str) -> str:
    """'a crack', 'an ace': a doubling event with its article."""
    return f"an {event}" if event[:1].lower() in "aeiou" else f"a {event}"


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
