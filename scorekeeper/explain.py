"""The words every game's sentences are made of: one plain sentence per scored hand,
such as a player would accept at the table, in the language spoken now
(`scorekeeper.i18n`).

"Bob and Dee took 91: schneider, doubled by a crack. Bob +8, Dee +4, each defender -4."
Each game writes its own sentences (`scorekeeper.games`): each clause a whole
translatable sentence with named placeholders, and these phrases for what is a list
(names, doubling events, amounts) or a clause every game adds (the doublings).
Amounts use ASCII signs, as `scorekeeper score` prints them
(`docs/rules/night-format.md`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.i18n import _


def signed(amount: int) -> str:
    """+2, -1, 0: an amount as the score sheet writes it."""
    return f"{amount:+d}" if amount else "0"


def said(template: str, **values: object) -> str:
    """TEMPLATE (translated) filled with VALUES, but a value that ends in a full stop
    ("Wes S.") takes the one the template puts after it: "Hand 32, dealt by Wes S.",
    never "Wes S.."; in any language, wherever in the sentence the name falls."""
    for key, value in values.items():
        if str(value).endswith(".") and f"{{{key}}}." in template:
            template = template.replace(f"{{{key}}}.", f"{{{key}}}")
    return template.format(**values)


def join_names(names: Sequence[str]) -> str:
    """Ann; Ann and Bob; Ann, Bob and Cal."""
    if len(names) <= 1:
        return "".join(names)
    # Translators: the end of a list of names or phrases: "Ann, Bob and Cal".
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def with_article(event: str) -> str:
    """'a crack', 'an ace': a named doubler (as the record names it) with its article;
    the names the table uses for Sheepshead's crack and re-crack in their own words."""
    own = {"crack": _("a crack"), "re-crack": _("a re-crack")}.get(event)
    if own is not None:
        return own
    if event[:1].lower() in "aeiou":
        # Translators: a doubler the record names (EVENT is as typed), after "by".
        return _("an {event}").format(event=event)
    # Translators: a doubler the record names (EVENT is as typed), after "by".
    return _("a {event}").format(event=event)


def with_doubling(clause: str, events: Sequence[tuple[str, int]], multiplier: int) -> str:
    """CLAUSE and ', x4 by a knock and Kontra': the doubling EVENTS (each a phrase and
    how many doublings it stands for) and the MULTIPLIER they came to (less when
    capped); CLAUSE alone when there are none."""
    if not events:
        return clause
    names = join_names([name for name, _count in events])
    if multiplier < 2 ** sum(count for _name, count in events):
        # Translators: the multiplier was capped (max_multiplier) below what the events make.
        text = _("{clause}, x{multiplier} (capped) by {events}")
    elif multiplier == 2:
        text = _("{clause}, doubled by {events}")
    else:
        text = _("{clause}, x{multiplier} by {events}")
    return text.format(clause=clause, multiplier=multiplier, events=names)


def amounts_phrase(amounts: Mapping[str, int], named: Sequence[str], rest_label: str) -> str:
    """'Bob +2, Dee +1, each defender -1': named players, then the rest together if
    equal, as REST_LABEL (a marked phrase: "everyone else", "each defender") says them."""
    parts = [f"{p} {signed(amounts[p])}" for p in named]
    rest = [p for p in amounts if p not in named]
    if rest:
        values = {amounts[p] for p in rest}
        if len(values) == 1:
            parts.append(f"{_(rest_label)} {signed(values.pop())}")
        else:
            parts += [f"{p} {signed(amounts[p])}" for p in rest]
    return ", ".join(parts)


def sentence(clause: str, amounts: str) -> str:
    """'CLAUSE. AMOUNTS.': a scored hand's sentence and who gets what (a clause that
    ends in a name with a full stop, "… Wes S.", not given a second)."""
    stop = "" if clause.endswith(".") else "."
    return f"{clause}{stop} {amounts}."
