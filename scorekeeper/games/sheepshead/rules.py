"""Sheepshead's house rules: every option with its default and plain meaning, and the
presets (`docs/rules/sheepshead.md`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.games.cards.rules import CardRules
from scorekeeper.i18n import N_, _
from scorekeeper.problems import Problem
from scorekeeper.rules import LARGE, option

SECOND_WINNER_TABLE = 5  # `leaster_second`: five active players (the spec's third round)
PARTNER_RULES = ("called-ace", "jack-of-diamonds", "black-queens", "none")
PARTNER_WORDS = {
    "called-ace": N_("a called ace"),
    "jack-of-diamonds": N_("the jack of diamonds"),
    "black-queens": N_("the black queens"),
    "none": N_("no partner"),
}


def _preset(
    deal: str, partner: str, no_pick: str, no_trick_loss: str, bump: bool
) -> dict[str, Any]:
    """A preset's row of `docs/rules/sheepshead.md`: the deal ("5 6 2": dealt in, tricks,
    blind), the partner rule, what happens when all pass, who pays a no-trick loss, and
    whether a lost hand is doubled on the bump."""
    dealt_in, tricks, blind = (int(n) for n in deal.split())
    return dict(
        dealt_in=dealt_in,
        tricks=tricks,
        blind=blind,
        partner=partner,
        no_pick=no_pick,
        no_trick_loss=no_trick_loss,
        double_on_the_bump=bump,
    )


PRESETS: dict[str, Mapping[str, Any]] = {
    "classic-5": _preset("5 6 2", "called-ace", "leaster", "picker-pays", False),
    "jack-of-diamonds-5": _preset("5 6 2", "jack-of-diamonds", "leaster", "picker-pays", False),
    "cutthroat-4": _preset("4 7 4", "none", "leaster", "team", False),
    "partners-4": _preset("4 8 0", "black-queens", "forced", "team", False),
    "three-handed": _preset("3 10 2", "none", "leaster", "team", False),
    "six-handed": _preset("6 5 2", "jack-of-diamonds", "leaster", "team", False),
    "seven-handed": _preset("7 4 4", "black-queens", "forced", "team", False),
    "penny": _preset("5 6 2", "called-ace", "leaster", "team", True),
}


@dataclass(frozen=True)
class SheepsheadRules(CardRules):
    """Sheepshead, from three to eight at the table."""

    game: ClassVar[str] = "sheepshead"
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    ORDER: ClassVar[tuple[str, ...]] = (
        *("dealt_in", "tricks", "blind", "partner", "partner_units", "no_pick"),
        *("no_pick_dealer", "max_redeals", "double_on_the_bump", "no_trick_loss", "win_at"),
        *("sixty_doubles_next", "schneider_at", "schneidered_at", "schneider_factor"),
        *("no_trick_factor", "leaster_units", "misplay_units", "misplay_multiplied"),
        *("last_hand_doubler", "doubler_stack", "max_multiplier", "leaster_tie", "leaster_pay"),
        *("leaster_second", "stake_cents"),
    )

    preset: str = "classic-5"
    partner: str = option(
        "called-ace",
        N_("how the picker's partner is found"),
        label=N_("Partner"),
        choices=PARTNER_RULES,
        choice_labels=PARTNER_WORDS,
    )
    partner_units: int = option(
        1,
        N_("a partner's share of the unit"),
        label=N_("Partner's share"),
        minimum=0,
        maximum=LARGE,
    )
    no_pick: str = option(
        "leaster",
        N_(
            "what happens when everyone passes: a leaster, a doubler on the next hand, "
            "or someone must pick"
        ),
        label=N_("When all pass"),
        choices=("leaster", "doubler", "forced"),
        choice_labels={
            "leaster": N_("a leaster"),
            "doubler": N_("a doubler on the next hand"),
            "forced": N_("someone must pick"),
        },
    )
    double_on_the_bump: bool = option(
        False, N_("a lost hand costs the pickers double"), label=N_("Double on the bump")
    )
    no_trick_loss: str = option(
        "team",
        N_("who pays when the picking side takes no trick: the whole team, or the picker alone"),
        label=N_("No-trick loss paid by"),
        choices=("team", "picker-pays"),
        choice_labels={"team": N_("the whole team"), "picker-pays": N_("the picker alone")},
    )
    win_at: int = option(
        61,
        N_("card points the picking side needs to win"),
        label=N_("Win at"),
        minimum=0,
        maximum=120,
    )
    schneider_at: int = option(
        91, N_("card points that win schneider"), label=N_("Schneider at"), minimum=0, maximum=120
    )
    schneidered_at: int = option(
        30,
        N_("card points at or below which the picking side loses schneider"),
        label=N_("Schneidered at"),
        minimum=0,
        maximum=120,
    )
    schneider_factor: int = option(
        2,
        N_("what a schneider multiplies"),
        label=N_("Schneider multiplies by"),
        minimum=1,
        maximum=LARGE,
    )
    no_trick_factor: int = option(
        3,
        N_("what a no-trick hand multiplies"),
        label=N_("No-trick multiplies by"),
        minimum=1,
        maximum=LARGE,
    )
    doubler_stack: str = option(
        "stack",
        N_("queued doublers: one on each following hand, or all on the next hand"),
        label=N_("Queued doublers"),
        choices=("stack", "multiply"),
        choice_labels={
            "stack": N_("one on each hand"),
            "multiply": N_("all on the next hand"),
        },
    )
    no_pick_dealer: str = option(
        "next",
        N_(
            "who deals after a hand nobody picked (a no-pick hand or a leaster): the next "
            "player, as after any hand, or the same dealer again"
        ),
        label=N_("Dealer after no pick"),
        choices=("next", "same"),
        choice_labels={"next": N_("the next player"), "same": N_("the same dealer")},
    )
    max_redeals: int = option(
        3,
        N_(
            "when the same dealer deals again: after this many hands in a row one player "
            "dealt with nobody picking, the deal passes on"
        ),
        label=N_("Same dealer at most"),
        minimum=1,
        maximum=10,
    )
    sixty_doubles_next: bool = option(
        False,
        N_(
            "a picked hand at exactly 60 card points (60-60) scores as usual (a loss, when "
            "61 wins) and also queues a doubler for the next hand"
        ),
        label=N_("60-60 brings a doubler"),
    )

    leaster_second: bool = option(
        False,
        N_(
            "a leaster may name a second winner: the winner collects twice the leaster's "
            "price, the second once, and every other player pays it once (five in the hand)"
        ),
        label=N_("Second winner in a leaster"),
    )

    @property
    def pays_a_second(self) -> bool:
        return self.leaster_second

    @property
    def max_partners(self) -> int:
        """How many partners a picker can have under this partner rule."""
        return 0 if self.partner == "none" else 1

    def problems(self) -> list[Problem]:
        problems = self.deck_problems()
        if not self.schneidered_at < self.win_at <= self.schneider_at:
            # Translators: schneidered_at, win_at and schneider_at are options' names.
            message = _(
                "schneidered_at ({schneidered_at}) must be below win_at ({win_at}), and "
                "win_at no more than schneider_at ({schneider_at})"
            ).format(
                schneidered_at=self.schneidered_at,
                win_at=self.win_at,
                schneider_at=self.schneider_at,
            )
            problems.append(Problem("rules.win_at", message))
        if self.leaster_second and self.dealt_in != SECOND_WINNER_TABLE:
            message = _(
                "a leaster's second winner is paid where {five} play each hand; this night "
                "deals in {dealt_in}"
            ).format(five=SECOND_WINNER_TABLE, dealt_in=self.dealt_in)
            problems.append(Problem("rules.leaster_second", message))
        return problems + self.multiplier_problems()
