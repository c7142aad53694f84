"""Schafkopf's house rules: the tariffs, the Laufende, what happens when all pass, the
Ramsch's Jungfrau and Durchmarsch, Bock rounds, and the presets
(`docs/rules/schafkopf.md`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.games.cards import CardRules
from scorekeeper.problems import Problem
from scorekeeper.rules import LARGE, option

# The game classes a Laufende minimum is set for, and what starts a Bock round.
LAUFENDE_CLASSES = ("call", "solo", "wenz", "geier", "other")
BOCK_TRIGGERS = ("schwarz", "lost-solo", "lost-kontra", "kontra")
LaufendeMin = tuple[tuple[str, int], ...]

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
}


@dataclass(frozen=True)
class SchafkopfRules(CardRules):
    """Bavarian Schafkopf: four dealt in, eight cards each, no blind."""

    game: ClassVar[str] = "schafkopf"
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    ORDER: ClassVar[tuple[str, ...]] = (
        *("dealt_in", "tricks", "blind", "leaster_units", "misplay_units"),
        *("misplay_multiplied", "last_hand_doubler", "max_multiplier", "leaster_tie"),
        "stake_cents",
    )

    preset: str = "schafkopf"
    tariff_call: int = option(
        20, "a Sauspiel (call game), Renonce or forced game is worth", minimum=1, maximum=LARGE
    )
    tariff_solo: int = option(
        50, "every solo (Farbsolo, Wenz, Geier and the rest) is worth", minimum=1, maximum=LARGE
    )
    tariff_null: int = option(30, "a Null (Bettel) is worth", minimum=1, maximum=LARGE)
    tariff_extra: int = option(
        10,
        "one extra: for Schneider, for Schwarz, and for each counted Laufender",
        minimum=0,
        maximum=LARGE,
    )
    tariff_ramsch: int = option(
        20, "what the Ramsch loser pays each other player", minimum=1, maximum=LARGE
    )
    laufende_min: LaufendeMin = option(
        (("call", 3), ("solo", 3), ("wenz", 2), ("geier", 2), ("other", 3)),
        "top trumps in a row that count, from",
        minimum=1,
        maximum=14,
        keys=LAUFENDE_CLASSES,
    )
    tout_factor: int = option(2, "a Tout (every trick) multiplies", minimum=1, maximum=64)
    sie_factor: int = option(4, "a Sie (all top trumps) multiplies", minimum=1, maximum=64)
    all_pass: str = option(
        "redeal",
        "when all four pass: deal again, play a Ramsch or a leaster, pay into the pot, "
        "or the club queen must play (forced game)",
        choices=("redeal", "ramsch", "leaster", "pot", "forced"),
    )
    jungfrau: str = option(
        "double",
        "a Ramsch player who took no trick (Jungfrau): doubles the Ramsch for everyone, "
        "is paid double, or changes nothing",
        choices=("double", "double-to-jungfrau", "none"),
    )
    durchmarsch_value: str = option(
        "solo",
        "a Durchmarsch (one player takes every Ramsch trick) is paid as a won solo, "
        "or as a solo won Schwarz",
        choices=("solo", "solo-schwarz"),
    )
    bock_after: tuple[str, ...] = option(
        (), "what starts a Bock round (hands that count double)", choices=BOCK_TRIGGERS, many=True
    )
    bock_hands: int = option(4, "hands in a Bock round", minimum=1, maximum=32)

    @property
    def has_pot(self) -> bool:
        """True when passed hands pay into a pot (`all_pass` pot)."""
        return self.all_pass == "pot"

    def laufende_minimum(self, game_class: str) -> int:
        """From how many Laufende the extras count in a game of GAME_CLASS."""
        return dict(self.laufende_min)[game_class]

    def problems(self) -> list[Problem]:
        problems = self.deck_problems() + self.multiplier_problems()
        if (self.dealt_in, self.tricks, self.blind) != (4, 8, 0):
            message = "Schafkopf deals four players in, eight cards each, no blind"
            problems.append(Problem("rules.dealt_in", message))
        return problems
