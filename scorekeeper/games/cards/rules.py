"""The rules both card games share (`docs/rules/sheepshead.md`, `docs/rules/schafkopf.md`):
the 32-card deck dealt in tricks with a blind, the table's seats, and `CardRules`, the
rule set both games' rules extend (the deal, the leaster, misplays, doublers, the
multiplier's cap; `deal_all_in`: the whole deck to 3 to 8 players)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import N_, _
from scorekeeper.problems import Problem
from scorekeeper.rules import LARGE, RuleSet, option

DECK_CARDS = 32
# The fewest and the most at a card game's table (`Game.seats`): three deal the whole
# deck ten each, eight four each (`CardRules.deal_all_in`); more sit out in turn.
TABLE_SEATS = (3, 8)
CARD_POINTS = 120
BLIND_CARD_MAX_POINTS = 11


@dataclass(frozen=True)
class CardRules(RuleSet):
    """The options both card games have: the deal, the leaster, misplays, doublers."""

    tricks: int = option(
        6,
        N_("tricks in a hand (cards each player holds)"),
        label=N_("Cards each"),
        minimum=4,
        maximum=10,
    )
    blind: int = option(
        2, N_("cards in the blind"), label=N_("Cards in the blind"), minimum=0, maximum=4
    )
    leaster_units: int = option(
        1,
        N_(
            "a leaster's price: what each other player pays its winner (when the loser "
            "pays, what its loser pays each other player)"
        ),
        label=N_("Price of a leaster"),
        minimum=1,
        maximum=LARGE,
    )
    misplay_units: int = option(
        1,
        N_("what a misplayer pays each other player in the hand"),
        label=N_("Misplay penalty"),
        minimum=1,
        maximum=LARGE,
    )
    misplay_multiplied: bool = option(
        False,
        N_("the hand's doublers also multiply misplay penalties"),
        label=N_("Doublers multiply a misplay"),
    )
    last_hand_doubler: bool = option(
        True, N_("the last hand of the night counts double"), label=N_("Last hand doubles")
    )
    max_multiplier: int = option(
        0,
        N_("the most a hand can be multiplied by doublers (0: no cap)"),
        label=N_("Highest multiplier"),
        minimum=0,
        maximum=1 << 20,
    )
    leaster_tie: str = option(
        "draw",
        N_(
            "a tie for the fewest points in a leaster: the table draws, all tied win, "
            "or nobody pays"
        ),
        label=N_("Tie in a leaster"),
        choices=("draw", "all-win", "void"),
        choice_labels={
            "draw": N_("the table draws"),
            "all-win": N_("all tied win"),
            "void": N_("nobody pays"),
        },
    )
    leaster_pay: str = option(
        "winner-collects",
        N_(
            "who pays in a leaster: the winner (the fewest points) collects from every other "
            "player, or the loser (the most points) pays every other player"
        ),
        label=N_("Who pays a leaster"),
        choices=("winner-collects", "loser-pays"),
        choice_labels={
            "winner-collects": N_("the winner collects"),
            "loser-pays": N_("the loser pays"),
        },
    )

    @property
    def pays_a_second(self) -> bool:
        """Whether a leaster may name a second winner (Sheepshead's `leaster_second`)."""
        return False

    def deck_problems(self) -> list[Problem]:
        """The deal must use the whole deck."""
        cards = self.dealt_in * self.tricks + self.blind
        if cards == DECK_CARDS:
            return []
        message = _(
            "{players} players with {tricks} cards each and a blind of {blind} make "
            "{cards} cards, but the deck has {deck}"
        ).format(
            players=self.dealt_in,
            tricks=self.tricks,
            blind=self.blind,
            cards=cards,
            deck=DECK_CARDS,
        )
        return [Problem("rules.tricks", message)]

    def deal_all_in(self, players: int) -> dict[str, Any]:
        """`dealt_in`, and when the deal no longer uses the whole deck, as many cards
        each as it allows (at most 10) and the rest in the blind: 3 deal 10 and 2, 4 deal
        8 and none, 5 deal 6 and 2, 6 deal 5 and 2, 7 deal 4 and 4, 8 deal 4 and none.
        A game that deals only some of these (Schafkopf deals four) refuses the rest."""
        if players == self.dealt_in or players * self.tricks + self.blind == DECK_CARDS:
            return {"dealt_in": players}
        tricks = min(DECK_CARDS // players, 10)
        return {"dealt_in": players, "tricks": tricks, "blind": DECK_CARDS - players * tricks}

    def multiplier_problems(self) -> list[Problem]:
        """A cap on the multiplier is a power of 2 (0: none)."""
        m = self.max_multiplier
        if m and m & (m - 1):
            message = _("{value} is not 0 or a power of 2").format(value=m)
            return [Problem("rules.max_multiplier", message)]
        return []

    def problems(self) -> list[Problem]:
        return self.deck_problems() + self.multiplier_problems()
