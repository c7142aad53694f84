"""The kinds of Schafkopf game (`docs/rules/schafkopf.md`, "The solos"): each one's key in
the night document, the name players use, what it means, its Laufende class, and its
trumps in the long deck (32 cards) and the short (24 cards, the 7s and 8s left out).
The rules (`tariff_games`, keyed by these) and the tariff both read them.  The name and
the meaning are marked (`N_`) and translated where shown: the German is the table's own
("Wenz", "Farbsolo"), the meaning a plain gloss in either language."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.i18n import N_

LONG_DECK_TRICKS = 8  # four players, eight cards each: a suit of eight cards


@dataclass(frozen=True)
class GameKind:
    """One kind of Schafkopf game.  Its trumps are TOP (the Ober, Unter or kings it
    plays as trumps) and, when it has a trump suit, that suit's cards less the SUIT_TAKEN
    of them that are among TOP already."""

    key: str
    name: str  # marked; translated where shown
    meaning: str  # marked; translated where shown
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


CALL_GAME = GameKind("call", N_("Sauspiel"), N_("call game"), "call", 8, 2)
SOLO_GAMES: tuple[GameKind, ...] = (
    GameKind("solo", N_("Farbsolo"), N_("suit solo"), "solo", 8, 2),
    GameKind("wenz", N_("Wenz"), N_("jacks solo"), "wenz", 4),
    GameKind("geier", N_("Geier"), N_("queens solo"), "geier", 4),
    GameKind("farbwenz", N_("Farbwenz"), N_("jacks and a suit"), "other", 4, 1),
    GameKind("farbgeier", N_("Farbgeier"), N_("queens and a suit"), "other", 4, 1),
    GameKind("kings", N_("Kings solo"), N_("kings only"), "other", 4),
    GameKind("jacks-kings", N_("Jacks-Kings solo"), N_("jacks and kings"), "other", 8),
    GameKind("queens-jacks", N_("Queens-Jacks solo"), N_("queens over jacks"), "other", 8),
    GameKind("jacks-queens", N_("Jacks-Queens solo"), N_("jacks over queens"), "other", 8),
    GameKind(
        "queens-jacks-kings",
        N_("Queens-Jacks-Kings solo"),
        N_("queens, jacks, kings"),
        "other",
        12,
    ),
    GameKind("suit", N_("Straight suit solo"), N_("one suit only"), "other", 0, 0),
)
SOLO_BY_KEY: dict[str, GameKind] = {g.key: g for g in SOLO_GAMES}
SOLO_KEYS: tuple[str, ...] = tuple(SOLO_BY_KEY)
SOLO_NAMES: tuple[str, ...] = tuple(g.name for g in SOLO_GAMES)
