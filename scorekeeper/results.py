"""What a scored night is: each hand's score and facts (`HandResult`), the night's
totals, money and settlement (`NightResult`), the roles a player can have in a hand
(`ROLES`) and the pot's name as a party to the settlement (`POT`).

`scorekeeper.night` makes these; the games (`scorekeeper.games`) read them, to say what
waits for the next hand or what a printed sheet's cells hold, and so do the sheet, the
reports, the store and the statistics.  They sit below every one of them: this module
imports nothing of Scorekeeper's but the settlement's `Payment`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.settlement import Payment

__all__ = ["POT", "ROLES", "HandResult", "NightResult"]

# What a player was in a hand, as the score cache keeps it and the statistics count it,
# whatever the game: the one who took the hand on ("picker": a Sheepshead picker, a
# Schafkopf declarer), a partner, a defender, a leaster's winner or another player of
# it, or a player of a hand with no such sides.  A game's `roles` speak only these.
ROLES = (
    "picker",
    "partner",
    "defender",
    "leaster-winner",
    "leaster-second",  # the second winner of a leaster under `leaster_second`
    "leaster",
    "played",
)


POT = "(pot)"  # the pot as a party to the settlement (Schafkopf `all_pass` pot)


@dataclass(frozen=True)
class HandResult:
    """The score of one hand: every seated player's points (0 when not involved), and
    what the hand says of itself (`scorekeeper.games.HandFacts`), decided once by its
    game when it is scored, for every screen, page and statistic."""

    number: int
    type: str
    outcome: str  # "win"/"loss" for the declarers of a pick hand, else the hand's type
    level: str  # "normal", "schneider", "no-trick" (Sheepshead) or "schwarz" (Schafkopf)
    multiplier: int
    points: dict[str, int]
    cents: dict[str, int]
    explanation: str
    active: tuple[str, ...]
    declarers: tuple[str, ...] = ()
    doublers_pending: int = 0  # queued doublers waiting after this hand
    roles: dict[str, str] = field(default_factory=dict)  # active player -> role, see ROLES
    call: str | None = None  # what was called (Sheepshead) or the game played (Schafkopf)
    pot: int | None = None  # what the pot holds after this hand, when the rules keep one
    pot_change: int = 0  # what this hand put into the pot (negative: taken out)
    bock_pending: int = 0  # Bock hands still to come after this one
    summary: str = ""  # a few words for the sheet: "Bob and Dee: 74 (4 tricks) win"
    marks: dict[str, str] = field(default_factory=dict)  # the sheet's letters: {"Bob": "P"}
    game: str = ""  # what was played: "pick", "leaster", "Sauspiel", "Wenz Tout", "Ramsch"
    alone: bool | None = None  # a declarer without a partner; None when nobody declared
    loser: str | None = None  # a Ramsch's loser
    jungfrauen: tuple[str, ...] = ()  # Ramsch players who took no trick
    durchmarsch: str | None = None  # the Ramsch player who took every trick
    hands: int = 1  # the played hands it stands for (a result hand may stand for many)

    def sheet_cell(self, player: str) -> str:
        """PLAYER's cell of this hand on a score sheet, the window's and the printed
        one alike: the points ('+2', '0'; '—' for one who sat out) and the letters the
        hand's game marked them with ('+2 PD': picked and dealt; '— D')."""
        points = self.points.get(player, 0)
        shown = "—" if player not in self.active else f"{points:+d}" if points else "0"
        return f"{shown} {self.marks.get(player, '')}".rstrip()


@dataclass(frozen=True)
class NightResult:
    """A whole night scored: each hand, the totals, and the fewest-payment settlement.

    With a pot, the players' totals plus the pot sum to zero, and the settlement
    treats the pot as one more party, `(pot)`."""

    players: tuple[str, ...]
    hands: tuple[HandResult, ...]
    total_points: dict[str, int]
    total_cents: dict[str, int]
    settlement: tuple[Payment, ...]
    doublers_pending: int
    pot: int | None = None
    pot_cents: int | None = None
    bock_pending: int = 0

    def running_points(self) -> list[dict[str, int]]:
        """Each player's running total after each hand, as the score sheet shows it."""
        running = dict.fromkeys(self.players, 0)
        rows = []
        for hand in self.hands:
            for player, amount in hand.points.items():
                running[player] += amount
            rows.append(dict(running))
        return rows
