"""The tables a tournament seats under its rules, and how many hands each plays.

The game's own table deals everyone in (`RuleSet.dealt_in`: five at Sheepshead's
jack-of-diamonds, four at Schafkopf).  Where the players do not divide by it, a table
one larger has its dealer sit out each hand (the deal's own rule,
`validation.who_sits_out`), and a table one smaller deals all its players in under the
rules that deal that many (`RuleSet.deal_all_in`), when the game can (Sheepshead deals
four; Schafkopf deals only four, so it never seats three).  Every table plays so
that each player plays the session's hands: a table whose dealer sits out plays more
(`hands_at`: 24 at a table of six where five are dealt in for 20).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from scorekeeper.games import game_of, parse_rules
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.rules import RuleSet

# Which way a field that does not divide is seated first: tables one larger (their
# dealer sits out) or one smaller (all dealt in); the other when the first cannot.
Uneven = Literal["larger", "smaller"]
UNEVEN: tuple[Uneven, ...] = ("larger", "smaller")
UNEVEN_MEANING: dict[str, str] = {
    "larger": N_("tables one larger, whose dealer sits out each hand"),
    "smaller": N_("tables one smaller, all dealt in"),
}


@dataclass(frozen=True)
class TableKind:
    """A table of SEATS under RULES (the tournament's, or those dealing all in)."""

    seats: int
    rules: RuleSet
    sits_out: bool  # the dealer sits out each hand

    def hands(self, session_hands: int) -> int:
        """The hands this table plays so that each player plays SESSION_HANDS (rounded
        up where the deal does not divide them): 24 at six for 20 at five."""
        if not self.sits_out:
            return session_hands
        return math.ceil(session_hands * self.seats / self.rules.dealt_in)


@dataclass(frozen=True)
class Seating:
    """The tables a tournament's rules seat: the game's own (BASE), and where the
    players do not divide by it, one larger whose dealer sits out, and one smaller
    dealing all in (None where the rules cannot)."""

    base: TableKind
    larger: TableKind | None
    smaller: TableKind | None

    @property
    def kinds(self) -> dict[int, TableKind]:
        """Every kind of table, by its seats."""
        found = (self.base, self.larger, self.smaller)
        return {k.seats: k for k in found if k is not None}


def seating(rules: RuleSet) -> Seating:
    """The tables RULES can seat: the game's own, one more (the dealer sits out), and
    one fewer when the game deals that many all in; each within the seats its game's
    table holds (`Game.seats`: 3 to 8 for both card games)."""
    dealt = rules.dealt_in
    fewest, most = game_of(rules).seats
    larger = TableKind(dealt + 1, rules, sits_out=True) if dealt + 1 <= most else None
    smaller = None
    if dealt - 1 >= fewest:
        fewer, problems = parse_rules({**rules.to_json(), **rules.deal_all_in(dealt - 1)})
        smaller = TableKind(dealt - 1, fewer, sits_out=False) if fewer and not problems else None
    return Seating(TableKind(dealt, rules, sits_out=False), larger, smaller)


@dataclass(frozen=True)
class TablePlan:
    """A session's tables: each one's seats, table 1 first (the game's own tables
    first, then the others)."""

    players: int
    base: int  # the game's own table
    sizes: tuple[int, ...]

    def count(self, seats: int) -> int:
        """How many tables have SEATS."""
        return self.sizes.count(seats)


def plan_tables(players: int, tables: Seating, uneven: Uneven) -> TablePlan | None:
    """The tables for PLAYERS: as many of the game's own as can be, the rest of the
    size UNEVEN prefers, else of the other; None when no tables of these sizes seat
    exactly so many (seven at a game of five, say)."""
    base = tables.base.seats
    preferred = (
        (tables.larger, tables.smaller) if uneven == "larger" else (tables.smaller, tables.larger)
    )
    others = [k.seats for k in preferred if k is not None] + [0, 0]
    first_size, second_size = others[0], others[1]
    if players <= 0:
        return None
    for allowed in ((first_size, 0), (0, second_size), (first_size, second_size)):
        found = _fewest_others(players, base, *allowed)
        if found is not None:
            return TablePlan(players, base, found)
    return None


def _fewest_others(
    players: int, base: int, first_size: int, second_size: int
) -> tuple[int, ...] | None:
    """Tables of BASE and as few others (of FIRST_SIZE before SECOND_SIZE; 0: none)
    as seat PLAYERS, or None."""
    smallest = min(s for s in (base, first_size, second_size) if s)
    for extra in range(players // smallest + 1):
        for first in range(extra, -1, -1):
            second = extra - first
            if (first and not first_size) or (second and not second_size):
                continue
            rest = players - first * first_size - second * second_size
            if rest >= 0 and rest % base == 0:
                return (base,) * (rest // base) + (first_size,) * first + (second_size,) * second
    return None


def plan_words(plan: TablePlan, kinds: Mapping[int, TableKind]) -> str:
    """The plan said, and why: '38 tables of 5 and 2 tables of 6, whose dealer sits
    out each hand (202 players are not a multiple of 5).'"""
    parts = []
    for seats in sorted(set(plan.sizes), key=lambda s: (s != plan.base, s)):
        count = plan.count(seats)
        kind = kinds[seats]
        if seats == plan.base:
            words = ngettext("{count} table of {seats}", "{count} tables of {seats}", count)
        elif kind.sits_out:
            words = ngettext(
                "{count} table of {seats}, whose dealer sits out each hand",
                "{count} tables of {seats}, whose dealer sits out each hand",
                count,
            )
        else:
            words = ngettext(
                "{count} table of {seats}, all dealt in",
                "{count} tables of {seats}, all dealt in",
                count,
            )
        parts.append(words.format(count=count, seats=seats))
    # Translators: joins the last two kinds of table: "38 tables of 5 and 2 tables of 6".
    said = _(" and ").join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
    if plan.count(plan.base) == len(plan.sizes):
        return _("{tables}.").format(tables=said)
    why = ngettext(
        "{players} player is not a multiple of {base}",
        "{players} players are not a multiple of {base}",
        plan.players,
    ).format(players=plan.players, base=plan.base)
    return _("{tables} ({why}).").format(tables=said, why=why)


def no_plan_words(players: int, kinds: Mapping[int, TableKind]) -> str:
    """Why PLAYERS cannot be seated at tables of these sizes."""
    sizes = ", ".join(str(s) for s in sorted(kinds))
    return ngettext(
        "{players} player cannot be seated at tables of {sizes}",
        "{players} players cannot be seated at tables of {sizes}",
        players,
    ).format(players=players, sizes=sizes)


def hands_words(kinds: Sequence[TableKind], session_hands: int) -> list[str]:
    """Each kind of table's hands a session, for the screen and the seating list."""
    lines = []
    for kind in kinds:
        hands = kind.hands(session_hands)
        if kind.sits_out:
            line = _(
                "A table of {seats} plays {hands} hands: the dealer sits out, so each "
                "player plays {each}."
            )
        else:
            line = _("A table of {seats} plays {hands} hands, everyone dealt in.")
        lines.append(line.format(seats=kind.seats, hands=hands, each=session_hands))
    return lines
