"""The draw: a session's players seated at its tables by a seeded shuffle, later
sessions keeping apart those who have met, and what it achieved measured.

`draw_tables` is reproducible: the same players, tables, meetings so far, pairs kept
apart and SEED give the same seating on any computer (`random.Random(seed)`, the
players first put in the order of their names' keys, so the order they were typed in
does not matter).  It seats each player in turn, in the shuffled order, at the table
with room whose players they have met least (ties: the emptiest, then an order the
seed shuffled), then swaps players between tables while any swap lowers the
meetings again, until none does.  Pairs kept apart weigh more than any meeting.  A
small field, where such a seating may still seat some pairs again, is seated afresh
a number of times from the same seed's next shuffles, the best kept.

What it achieved is counted (`repeats`: a pair seated together again counts once for
each time after the first) against two bounds.  `least_repeats` is the fewest any
draw of the same tables could make, by counting (a player who meets more players over
the sessions than share a session with them must meet some twice) and by pigeonhole (a
table with more seats than the tables of the session before must seat two who met).  `Drawn.most` is
the most this draw can have made: at a seating no swap improves, a player who has
met players at their table could have swapped with any of the others, and summing
what those swaps would change (each at least as costly) bounds the player's
meetings again by (k - 1)(m + M) / (n - k - 2(k - 1)a), where k is the largest
table, m the player's meetings so far, M the most any player has, n the field and a
the most pairs kept apart any player is in: none at all for a large field.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from scorekeeper.names import name_key

Pair = frozenset[str]
APART = 1_000_000  # what seating a pair kept apart together costs: more than any meetings
# Seatings tried from fresh shuffles until one meets nobody again: as many as this
# divided by the players (60 for a field of 20, 1 for 2,000), the best kept.
ATTEMPTS_WORK = 1_200


def pair(first: str, second: str) -> Pair:
    """Two players as a pair, either way round."""
    return frozenset((first, second))


def meetings(sessions: Iterable[Sequence[Sequence[str]]]) -> Counter[Pair]:
    """How many times each pair has sat at one table over SESSIONS (each its tables,
    each table its players)."""
    met: Counter[Pair] = Counter()
    for tables in sessions:
        for table in tables:
            met.update(pair(a, b) for a, b in combinations(table, 2))
    return met


def repeats(met: Mapping[Pair, int]) -> int:
    """The meetings again: each pair's meetings after its first, summed."""
    return sum(m - 1 for m in met.values() if m > 1)


def pairs_met_again(met: Mapping[Pair, int]) -> int:
    """How many pairs have sat together more than once."""
    return sum(1 for m in met.values() if m > 1)


@dataclass(frozen=True)
class Drawn:
    """A session's seating: each table's players in seat order (seat 1 deals the first
    hand), the SEED that reproduces it, the pairs it seats together who had met
    (REPEATS), the most a draw no swap improves can seat so (MOST), and any pair kept
    apart that it could not keep apart (only where the field is too small)."""

    tables: tuple[tuple[str, ...], ...]
    seed: int
    repeats: int
    most: int
    apart_together: tuple[tuple[str, str], ...] = ()


def draw_tables(
    players: Collection[str],
    sizes: Sequence[int],
    *,
    seed: int,
    met: Mapping[Pair, int] | None = None,
    apart: Collection[Pair] = (),
) -> Drawn:
    """Seat PLAYERS at tables of SIZES (summing to their number), drawn by SEED, the
    pairs who have met (MET: how often) seated together as little as can be, the pairs
    of APART never where a swap can part them."""
    return draw_in_order(drawing_order(players), sizes, seed=seed, met=met, apart=apart)


def drawing_order(players: Collection[str]) -> list[str]:
    """PLAYERS in the order the draw takes them: by their names' keys."""
    return sorted(set(players), key=lambda p: (name_key(p), p))


def draw_in_order(
    order: Sequence[str],
    sizes: Sequence[int],
    *,
    seed: int,
    met: Mapping[Pair, int] | None = None,
    apart: Collection[Pair] = (),
) -> Drawn:
    """`draw_tables` of players already in ORDER (`drawing_order`): the seating
    depends on that order, not on what the players are called, so a draw kept as its
    players' ids in that order is drawn again the same after a rename."""
    if sum(sizes) != len(order):
        raise ValueError(f"{len(order)} players for {sum(sizes)} seats")
    weights = _weights(order, met or {}, apart)
    rng = random.Random(seed)
    seating = _Seating(weights, sizes, rng)
    for _attempt in range(1, max(1, ATTEMPTS_WORK // max(1, len(order)))):
        if seating.score() == (0, 0):
            break
        fresh = _Seating(weights, sizes, rng)
        if fresh.score() < seating.score():
            seating = fresh
    for table in seating.members:
        rng.shuffle(table)
    tables = tuple(tuple(order[i] for i in table) for table in seating.members)
    together = [
        tuple(sorted(p, key=name_key))
        for table in tables
        for p in (pair(a, b) for a, b in combinations(table, 2))
        if p in apart
    ]
    before = met or {}
    again = sum(
        1 for table in tables for a, b in combinations(table, 2) if before.get(pair(a, b), 0)
    )
    most = most_repeats(order, sizes, met=before, apart=apart, parted=not together)
    return Drawn(tables, seed, again, most, tuple((a, b) for a, b in together))


def most_repeats(
    players: Collection[str],
    sizes: Sequence[int],
    *,
    met: Mapping[Pair, int],
    apart: Collection[Pair] = (),
    parted: bool = True,
) -> int:
    """The most pairs who had met (MET) that a seating of PLAYERS at tables of SIZES
    which no swap improves seats together, PARTED (keeping every pair of APART apart;
    else only the trivial bound holds): see the module's words."""
    order = sorted(set(players), key=lambda p: (name_key(p), p))
    weights = _weights(order, met, apart)
    return _most(order, weights, sizes, apart) if parted else _trivial_count(weights, sizes)


def _weights(
    order: Sequence[str], met: Mapping[Pair, int], apart: Collection[Pair]
) -> list[dict[int, int]]:
    """Each player's (by index) weight with each other: their meetings, and APART for
    a pair kept apart."""
    index = {p: i for i, p in enumerate(order)}
    weights: list[dict[int, int]] = [{} for _ in order]
    for together, count in met.items():
        if count and len(together) == 2 and together <= index.keys():
            a, b = (index[p] for p in together)
            weights[a][b] = weights[a].get(b, 0) + count
            weights[b][a] = weights[b].get(a, 0) + count
    for kept in apart:
        if len(kept) == 2 and kept <= index.keys():
            a, b = (index[p] for p in kept)
            weights[a][b] = weights[a].get(b, 0) + APART
            weights[b][a] = weights[b].get(a, 0) + APART
    return weights


class _Seating:
    """Players (by index) at tables: the greedy first seating, then improving swaps."""

    def __init__(self, weights: list[dict[int, int]], sizes: Sequence[int], rng: random.Random):
        self.weights = weights
        self.sizes = list(sizes)
        self.members: list[list[int]] = [[] for _ in sizes]
        self.where = [-1] * len(weights)
        self.turns = list(range(len(weights)))
        rng.shuffle(self.turns)
        ranks = list(range(len(sizes)))
        rng.shuffle(ranks)
        for player in self.turns:
            self._seat(player, ranks)
        self.improve()

    def _seat(self, player: int, ranks: Sequence[int]) -> None:
        against: dict[int, int] = defaultdict(int)
        for other, weight in self.weights[player].items():
            if self.where[other] >= 0:
                against[self.where[other]] += weight
        best = min(
            (t for t in range(len(self.sizes)) if len(self.members[t]) < self.sizes[t]),
            key=lambda t: (against.get(t, 0), len(self.members[t]) / self.sizes[t], ranks[t]),
        )
        self.members[best].append(player)
        self.where[player] = best

    def cost(self, player: int, table: int, leaving: int = -1) -> int:
        """PLAYER's weight with the players of TABLE (but itself and LEAVING)."""
        own = self.weights[player]
        return sum(own.get(q, 0) for q in self.members[table] if q != player and q != leaving)

    def score(self) -> tuple[int, int]:
        """What a seating is judged by, less is better: the pairs kept apart that it
        seats together, then the pairs who had met that it does."""
        together = [
            (a, b)
            for table in self.members
            for a, b in combinations(table, 2)
            if self.weights[a].get(b, 0)
        ]
        kept = sum(1 for a, b in together if self.weights[a][b] >= APART)
        return kept, sum(1 for a, b in together if self.weights[a][b] % APART)

    def improve(self) -> None:
        """Swap two players of different tables while a swap lowers the weight of the
        whole seating; each swap lowers it by one or more, so this ends, at a seating
        no swap of a player who has met someone at their table improves."""
        better = True
        while better:
            better = False
            for player in self.turns:
                if self._swap_better(player):
                    better = True

    def _swap_better(self, player: int) -> bool:
        here = self.where[player]
        now = self.cost(player, here)
        if now == 0:
            return False
        best, chosen = 0, -1
        for other, there in enumerate(self.where):
            if there == here:
                continue
            change = (
                self.cost(player, there, other)
                + self.cost(other, here, player)
                - now
                - self.cost(other, there)
            )
            if change < best:
                best, chosen = change, other
        if chosen < 0:
            return False
        there = self.where[chosen]
        self.members[here][self.members[here].index(player)] = chosen
        self.members[there][self.members[there].index(chosen)] = player
        self.where[player], self.where[chosen] = there, here
        return True


def _most(
    order: Sequence[str],
    weights: list[dict[int, int]],
    sizes: Sequence[int],
    apart: Collection[Pair],
) -> int:
    """The most pairs who had met a seating no swap improves can seat together (see the
    module's words), never more than the trivial bound."""
    largest = max(sizes, default=0)
    names = set(order)
    kept: Counter[str] = Counter(p for both in apart if both <= names for p in both)
    spare = len(order) - largest - 2 * (largest - 1) * max(kept.values(), default=0)
    met = [sum(w % APART for w in own.values()) for own in weights]
    trivial = _trivial_count(weights, sizes)
    if spare <= 0:
        return trivial
    most_met = max(met, default=0)
    each = [min(largest - 1, (largest - 1) * (m + most_met) // spare) if m else 0 for m in met]
    return min(trivial, sum(each) // 2)


def _trivial_count(weights: list[dict[int, int]], sizes: Sequence[int]) -> int:
    """No more pairs who had met than there are such pairs, or pairs at the tables."""
    known = sum(1 for own in weights for w in own.values() if w % APART > 0) // 2
    return min(known, sum(s * (s - 1) // 2 for s in sizes))


def least_repeats(sessions: Sequence[Sequence[Sequence[str]]], apart: Collection[Pair] = ()) -> int:
    """The fewest meetings again any draw of these SESSIONS' tables (each session's
    table sizes and players, as drawn) could make, keeping APART apart (those these
    sessions kept apart): the larger of
    two counts.  A player who meets more others over the sessions (at least the
    smallest table less one, each session played) than share a session with them
    (less those kept apart) meets the difference again; and all the meetings of the
    day less the pairs that share a session are meetings again."""
    played: dict[str, set[int]] = defaultdict(set)
    smallest: list[int] = []
    meetings_of_day = 0
    for number, tables in enumerate(sessions):
        smallest.append(min((len(t) for t in tables), default=0))
        meetings_of_day += sum(len(t) * (len(t) - 1) // 2 for t in tables)
        for table in tables:
            for player in table:
                played[player].add(number)
    groups: dict[frozenset[int], int] = Counter(frozenset(s) for s in played.values())
    sharing = {sig: sum(size for other, size in groups.items() if sig & other) for sig in groups}
    # Pairs kept apart leave fewer to meet, where they were kept apart: a field too
    # small to part them (one table) is bounded as if they were not asked to be.
    together = {pair(a, b) for tables in sessions for t in tables for a, b in combinations(t, 2)}
    kept = [p for p in apart if len(p) == 2 and all(q in played for q in p)]
    kept = [p for p in kept if _share(p, played) and p not in together]
    partners: Counter[str] = Counter(q for p in kept for q in p)
    by_player = 0
    for player, sig in played.items():
        meets = sum(max(0, smallest[s] - 1) for s in sig)
        others = sharing[frozenset(sig)] - 1 - partners[player]
        by_player += max(0, meets - others)
    pairs = (sum(groups[s] * sharing[s] for s in groups) - len(played)) // 2 - len(kept)
    return max(math.ceil(by_player / 2), meetings_of_day - pairs, _crowded(sessions), 0)


def _crowded(sessions: Sequence[Sequence[Sequence[str]]]) -> int:
    """Meetings again that no seating of each session after the first can avoid, by
    pigeonhole: a table whose seats outnumber the tables of the session before (and
    the players new since) must take two from one of them, who then meet again.  Each
    table is counted as if its players came as evenly as can be from those groups,
    which no draw can better; the sessions' counts add up, a meeting again in each
    session being another.  (Thirteen players at tables of 5, 4 and 4 twice: 2 + 1 + 1.)"""
    least = 0
    for before, now in pairwise(sessions):
        seated_before = {p for table in before for p in table}
        seated_now = [p for table in now for p in table]
        groups = sum(1 for table in before if set(table) & set(seated_now))
        groups += sum(1 for p in seated_now if p not in seated_before)
        for table in now:
            share, more = divmod(len(table), max(groups, 1))
            least += more * (share + 1) * share // 2 + (groups - more) * share * (share - 1) // 2
    return least


def _share(both: Pair, played: Mapping[str, set[int]]) -> bool:
    first, second = tuple(both)
    return bool(played[first] & played[second])
