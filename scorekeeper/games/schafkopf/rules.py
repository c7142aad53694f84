"""Schafkopf's house rules: the tariffs (the extras and particular solos priced apart
when the table says so), the Laufende, what happens when all pass, the Ramsch's
Jungfrau and Durchmarsch, Bock rounds, who the pot goes to, the short deck, and the
presets (`docs/rules/schafkopf.md`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.games.cards.rules import CardRules
from scorekeeper.games.schafkopf.kinds import (
    CALL_GAME,
    LONG_DECK_TRICKS,
    SOLO_BY_KEY,
    SOLO_KEYS,
    SOLO_NAMES,
)
from scorekeeper.i18n import N_, _
from scorekeeper.problems import Problem
from scorekeeper.rules import LARGE, option

# The game classes a Laufende minimum is set for, and what starts a Bock round.
LAUFENDE_CLASSES = ("call", "solo", "wenz", "geier", "other")
LAUFENDE_NAMES = (
    CALL_GAME.name,
    SOLO_BY_KEY["solo"].name,
    SOLO_BY_KEY["wenz"].name,
    SOLO_BY_KEY["geier"].name,
    N_("the other solos"),
)
BOCK_TRIGGERS = ("schwarz", "lost-solo", "lost-kontra", "kontra")
BOCK_WORDS = {
    "schwarz": N_("a game Schwarz"),
    "lost-solo": N_("a lost solo"),
    "lost-kontra": N_("a lost game with Kontra"),
    "kontra": N_("a game with Kontra"),
}
LaufendeMin = tuple[tuple[str, int], ...]
SHORT_DECK_TRICKS = 6  # the short deck (Kurzes Blatt): 24 cards, the 7s and 8s left out
DECKS = {LONG_DECK_TRICKS: 32, SHORT_DECK_TRICKS: 24}  # cards in the deck, by tricks

_DEAL = dict(dealt_in=4, tricks=8, blind=0, stake_cents=1, last_hand_doubler=False)
PRESETS: dict[str, Mapping[str, Any]] = {
    "schafkopf": dict(_DEAL, misplay_units=20),
    "schafkopf-10-50": dict(
        _DEAL,
        misplay_units=10,
        tariff_call=10,
        all_pass="ramsch",
        jungfrau="double-to-jungfrau",
        durchmarsch_value="solo-schwarz",
    ),
    "schafkopf-short": dict(_DEAL, misplay_units=20, tricks=SHORT_DECK_TRICKS),
}


@dataclass(frozen=True)
class SchafkopfRules(CardRules):
    """Bavarian Schafkopf: four dealt in, eight cards each, no blind."""

    game: ClassVar[str] = "schafkopf"
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    ORDER: ClassVar[tuple[str, ...]] = (
        *("dealt_in", "tricks", "blind", "leaster_units", "misplay_units"),
        *("misplay_multiplied", "last_hand_doubler", "max_multiplier", "leaster_tie"),
        *("leaster_pay", "stake_cents"),
    )

    preset: str = "schafkopf"
    tariff_call: int = option(
        20,
        N_("a Sauspiel (call game), Renonce or forced game is worth"),
        label=N_("Price of a Sauspiel"),
        minimum=1,
        maximum=LARGE,
    )
    tariff_solo: int = option(
        50,
        N_("every solo (Farbsolo, Wenz, Geier and the rest) is worth"),
        label=N_("Price of a solo"),
        minimum=1,
        maximum=LARGE,
    )
    tariff_games: tuple[tuple[str, int], ...] = option(
        (),
        N_(
            "the base of particular solos, by game; a solo not priced apart is worth the "
            "price of a solo"
        ),
        label=N_("Price of particular solos"),
        minimum=1,
        maximum=LARGE,
        keys=SOLO_KEYS,
        labels=SOLO_NAMES,
        sparse=True,
        follows="tariff_solo",
    )
    tariff_null: int = option(
        30, N_("a Null (Bettel) is worth"), label=N_("Price of a Null"), minimum=1, maximum=LARGE
    )
    tariff_extra: int = option(
        10,
        N_("one extra: for Schneider, for Schwarz, and for each counted Laufender"),
        label=N_("Price of an extra"),
        minimum=0,
        maximum=LARGE,
    )
    tariff_schneider: int | None = option(
        None,
        N_("the extra for Schneider; not priced apart, it is the price of an extra"),
        label=N_("Extra for Schneider"),
        minimum=0,
        maximum=LARGE,
        follows="tariff_extra",
    )
    tariff_schwarz: int | None = option(
        None,
        N_(
            "the extra for Schwarz, on top of Schneider's; not priced apart, it is the "
            "price of an extra"
        ),
        label=N_("Extra for Schwarz"),
        minimum=0,
        maximum=LARGE,
        follows="tariff_extra",
    )
    tariff_laufende: int | None = option(
        None,
        N_("the extra for each counted Laufender; not priced apart, it is the price of an extra"),
        label=N_("Extra for each Laufender"),
        minimum=0,
        maximum=LARGE,
        follows="tariff_extra",
    )
    tariff_ramsch: int = option(
        20,
        N_("what the Ramsch loser pays each other player"),
        label=N_("Price of a Ramsch"),
        minimum=1,
        maximum=LARGE,
    )
    laufende_min: LaufendeMin = option(
        (("call", 3), ("solo", 3), ("wenz", 2), ("geier", 2), ("other", 3)),
        N_("top trumps in a row that count, from"),
        label=N_("Laufende count from"),
        minimum=1,
        maximum=14,
        keys=LAUFENDE_CLASSES,
        labels=LAUFENDE_NAMES,
    )
    tout_factor: int = option(
        2,
        N_("a Tout (every trick) multiplies"),
        label=N_("Tout multiplies by"),
        minimum=1,
        maximum=64,
    )
    sie_factor: int = option(
        4,
        N_("a Sie (all top trumps) multiplies"),
        label=N_("Sie multiplies by"),
        minimum=1,
        maximum=64,
    )
    all_pass: str = option(
        "redeal",
        N_(
            "when all four pass: deal again, play a Ramsch or a leaster, pay into the pot, "
            "or the club queen must play (forced game)"
        ),
        label=N_("When all four pass"),
        choices=("redeal", "ramsch", "leaster", "pot", "forced"),
        choice_labels={
            "redeal": N_("deal again"),
            "ramsch": N_("a Ramsch"),
            "leaster": N_("a leaster"),
            "pot": N_("everyone pays into the pot"),
            "forced": N_("the club queen must play"),
        },
    )
    jungfrau: str = option(
        "double",
        N_(
            "a Ramsch player who took no trick (Jungfrau): doubles the Ramsch for everyone, "
            "is paid double, or changes nothing"
        ),
        label=N_("Jungfrau"),
        choices=("double", "double-to-jungfrau", "none"),
        choice_labels={
            "double": N_("doubles the Ramsch"),
            "double-to-jungfrau": N_("is paid double"),
            "none": N_("changes nothing"),
        },
    )
    durchmarsch_value: str = option(
        "solo",
        N_(
            "a Durchmarsch (one player takes every Ramsch trick) is paid as a won solo, "
            "or as a solo won Schwarz"
        ),
        label=N_("Durchmarsch paid as"),
        choices=("solo", "solo-schwarz"),
        choice_labels={"solo": N_("a won solo"), "solo-schwarz": N_("a solo won Schwarz")},
    )
    bock_after: tuple[str, ...] = option(
        (),
        N_("what starts a Bock round (hands that count double)"),
        label=N_("What starts Bock"),
        choices=BOCK_TRIGGERS,
        choice_labels=BOCK_WORDS,
        many=True,
    )
    bock_hands: int = option(
        4, N_("hands in a Bock round"), label=N_("Hands in a Bock round"), minimum=1, maximum=32
    )
    pot_to: str = option(
        "declarer",
        N_(
            "who the pot goes to: a won call game's declarer, or the declarer and the partner "
            "in halves (and a lost one has both pay in half as much as it holds)"
        ),
        label=N_("Who takes the pot"),
        choices=("declarer", "side"),
        choice_labels={"declarer": N_("the declarer"), "side": N_("declarer and partner")},
    )

    @property
    def has_pot(self) -> bool:
        """True when passed hands pay into a pot (`all_pass` pot)."""
        return self.all_pass == "pot"

    def laufende_minimum(self, game_class: str) -> int:
        """From how many Laufende the extras count in a game of GAME_CLASS."""
        return dict(self.laufende_min)[game_class]

    @property
    def schneider_extra(self) -> int:
        """What Schneider adds to a game's value (`tariff_schneider`)."""
        extra: int = self.effective("tariff_schneider")
        return extra

    @property
    def schwarz_extra(self) -> int:
        """What Schwarz adds, on top of the Schneider extra (`tariff_schwarz`)."""
        extra: int = self.effective("tariff_schwarz")
        return extra

    @property
    def laufender_extra(self) -> int:
        """What each counted Laufender adds (`tariff_laufende`)."""
        extra: int = self.effective("tariff_laufende")
        return extra

    def solo_base(self, game: str) -> int:
        """The base of a solo of GAME: its own price in `tariff_games`, else
        `tariff_solo`."""
        return dict(self.tariff_games).get(game, self.tariff_solo)

    def problems(self) -> list[Problem]:
        problems = self.multiplier_problems()
        deal = (self.dealt_in, self.blind) == (4, 0)
        if not deal or self.tricks not in DECKS:
            message = _(
                "Schafkopf deals four players in, eight cards each (six with the short "
                "deck of 24), no blind"
            )
            problems.append(Problem("rules.dealt_in" if not deal else "rules.tricks", message))
        return problems
