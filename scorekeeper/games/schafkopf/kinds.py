"""The kinds of Schafkopf game (`docs/rules/schafkopf.md`, "The solos"): each one's key in
the night document, the name players use, its English meaning, its Laufende class, and
its trumps in the long deck (32 cards) and the short (24 cards, the 7s and 8s left out).
The rules (`tariff_games`, keyed by these) and the tariff both read them."""

from __future__ import annotations

from dataclasses import dataclass

LONG_DECK_TRICKS = 8  # four players, eight cards each: a suit of eight cards


@dataclass(frozen=True)
class GameKind:
    """One kind of Schafkopf game.  Its trumps are TOP (the Ober, Unter or kings it
    plays as trumps) and, when it has a trump suit, that suit's cards less the SUIT_TAKEN
    of them that are among TOP already."""

    key: str
    name: str
    meaning: str
    laufende_class: str
    top: int
    suit_taken: int | None = None  # None: no trump suit

    def trumps_in(self, tricks: int) -> int:
        """Its trumps in a deck of four suits of TRICKS cards each (Schafkopf deals the
        whole deck to four players: eight cards each in the long deck, six in the
        short), which is also the most Laufende it can have."""
        suit = 0 if self.suit_taken is None else tricks - self.suit_taken
        return self.top + suit

    @property
    def trumps(self) -> int:
        """Its trumps in the long deck of 32 cards."""
        return self.trumps_in(LONG_DECK_TRICKS)


CALL_GAME = GameKind("call", "Sauspiel", "call game", "call", 8, 2)
SOLO_GAMES: tuple[GameKind, ...] = (
    GameKind("solo", "Farbsolo", "suit solo", "solo", 8, 2),
    GameKind("wenz", "Wenz", "jacks solo", "wenz", 4),
    GameKind("geier", "Geier", "queens solo", "geier", 4),
    GameKind("farbwenz", "Farbwenz", "jacks and a suit", "other", 4, 1),
    GameKind("farbgeier", "Farbgeier", "queens and a suit", "other", 4, 1),
    GameKind("kings", "Kings solo", "kings only", "other", 4),
    GameKind("jacks-kings", "Jacks-Kings solo", "jacks and kings", "other", 8),
    GameKind("queens-jacks", "Queens-Jacks solo", "queens over jacks", "other", 8),
    GameKind("jacks-queens", "Jacks-Queens solo", "jacks over queens", "other", 8),
    GameKind("queens-jacks-kings", "Queens-Jacks-Kings solo", "queens, jacks, kings", "other", 12),
    GameKind("suit", "Straight suit solo", "one suit only", "other", 0, 0),
)
SOLO_BY_KEY: dict[str, GameKind] = {g.key: g for g in SOLO_GAMES}
SOLO_KEYS: tuple[str, ...] = tuple(SOLO_BY_KEY)
SOLO_NAMES: tuple[str, ...] = tuple(g.name for g in SOLO_GAMES)
