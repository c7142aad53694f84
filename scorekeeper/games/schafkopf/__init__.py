"""Bavarian Schafkopf (`docs/rules/schafkopf.md`): its rules (`rules`), its hands
(`hands`: Sauspiel, solos, Null, Ramsch, passes; the leaster, the misplay and the result
are every card game's), their kinds (`hand_kinds`: each one's checks, scorer, roles,
facts and cells), their checks (`checks`), the tariff (`tariff`), its scorer
(`scoring`) and sentences (`explain`), and its words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.formatting import money
from scorekeeper.games.base import Carry, Draft, Figure, FigureCounts, Words, rules_as
from scorekeeper.games.cards.figures import declared_counts
from scorekeeper.games.cards.leaster import LeasterKind
from scorekeeper.games.cards.misplay import MisplayKind
from scorekeeper.games.cards.rules import TABLE_SEATS
from scorekeeper.games.hand_kind import Kinds, KindsGame
from scorekeeper.games.result import ResultKind
from scorekeeper.games.schafkopf.hand_kinds import (
    LEASTER_WHEN_ALL_PASS,
    CallKind,
    NullKind,
    PassKind,
    RamschKind,
    SoloKind,
)
from scorekeeper.games.schafkopf.rules import BOCK_WORDS, SHORT_DECK_TRICKS, SchafkopfRules
from scorekeeper.games.schafkopf.scoring import score_hand
from scorekeeper.games.schafkopf.tariff import SOLO_BY_KEY
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.records import Hand
from scorekeeper.results import HandResult, NightResult
from scorekeeper.rules import Option, RuleSet

# The Spieler (who plays the game: the declarer) and the Mitspieler (the partner).
SCHAFKOPF_WORDS = Words(
    declarer=N_("declarer"),
    declared=N_("declared"),
    declarer_mark="S",
    partner_mark="s",
    # Translators: Schafkopf's Mitspieler, the declarer's partner (the sheet's s).
    partner=N_("declarer's partner"),
    hand_header=(
        "#",
        N_("Dealer"),
        N_("Declarer"),
        N_("Partner"),
        N_("Pts"),
        N_("Tr."),
        N_("Game"),
        "×",
    ),
    figures_header=(
        N_("Player"),
        N_("Hands"),
        N_("Declared"),
        N_("Won declaring"),
        N_("Partner"),
        N_("Leasters won"),
        N_("Misplays"),
        N_("Points"),
        N_("Money"),
    ),
    picks=N_("Games"),
    picks_won=N_("Games won"),
    schneiders=N_("Schneider"),
    no_tricks=N_("Schwarz"),
    alone=N_("playing alone (solo, Null)"),
    with_partner=N_("with a partner (Sauspiel)"),
    leasters="",  # a league's leasters are Sheepshead's: not counted here
)

# What a Schafkopf league counts of each player (`Schafkopf.figure_counts`), in the
# order shown: the games declared and won (the keys Sheepshead's picks have: a league
# of both counts them together), won as the Mitspieler, the solos (a Farbsolo, Wenz,
# Geier, ..., Tout or Sie; not Null) declared and won, Schneider, and Ramsch lost (paid).
SCHAFKOPF_FIGURES = (
    Figure("picks", N_("Games"), N_("more games declared")),
    Figure(
        "picker_wins",
        N_("Games won"),
        N_("more games won as declarer"),
        share_of="picks",
        share_key="picker_win_rate",
    ),
    Figure(
        "partner_wins",
        N_("Partner games won"),
        N_("more games won as the declarer's partner"),
        brief=False,
    ),
    Figure("solos", N_("Solos"), N_("more solos declared")),
    Figure("solos_won", N_("Solos won"), N_("more solos won"), share_of="solos"),
    Figure("schneiders_won", N_("Schneider"), N_("more games won Schneider")),
    Figure(
        "schneiders_lost",
        N_("Schneider lost"),
        N_("fewer games lost Schneider"),
        brief=False,
        fewer_better=True,
    ),
    Figure(
        "ramsch_lost",
        N_("Ramsch lost"),
        N_("fewer Ramsch lost"),
        statistics=True,
        fewer_better=True,
    ),
)
# The cached calls of games a declarer plays with a partner, or Null: not solos.
NOT_SOLOS = frozenset({"call", "forced", "renonce", "null"})

# A cached `call` (each kind's `call_key`) in a player's statistics (marked;
# translated where shown).
CALL_LABELS = {
    "call": N_("Sauspiel"),
    "forced": N_("forced Sauspiel"),
    "renonce": N_("Renonce"),
    "tout": N_("Tout"),
    "sie": N_("Sie"),
    "null": N_("Null"),
}


# Its kinds of hand, in the order a message lists them.
SCHAFKOPF_KINDS = Kinds[SchafkopfRules](
    CallKind(SCHAFKOPF_WORDS),
    SoloKind(SCHAFKOPF_WORDS),
    NullKind(SCHAFKOPF_WORDS),
    RamschKind(SCHAFKOPF_WORDS),
    PassKind(SCHAFKOPF_WORDS),
    LeasterKind(SCHAFKOPF_WORDS, LEASTER_WHEN_ALL_PASS),
    MisplayKind(SCHAFKOPF_WORDS),
    ResultKind(SCHAFKOPF_WORDS),
)


class Schafkopf(KindsGame[SchafkopfRules]):
    """Bavarian Schafkopf, four at the table (`docs/rules/schafkopf.md`).  A hand's
    checks, roles, call, facts and cells are its kind's (`KindsGame`)."""

    name = SchafkopfRules.game
    title = "Schafkopf"
    rules = SchafkopfRules
    presets: tuple[str, ...] = tuple(SchafkopfRules.presets)
    options: tuple[Option, ...] = SchafkopfRules.declared()
    words = SCHAFKOPF_WORDS
    # A card game's table; fewer than the four it deals in are refused by the deal
    # (`validation`: "schafkopf deals 4 players in"), which names the preset.
    seats = TABLE_SEATS
    kinds = SCHAFKOPF_KINDS
    hand_types: Mapping[str, type[Hand]] = SCHAFKOPF_KINDS.hand_types
    figures = SCHAFKOPF_FIGURES

    def deals_again(self, hands: Sequence[Hand], rules: RuleSet) -> bool:
        return False  # after all four pass, the deal passes on as after any hand

    def score(self, hand: Hand, rules: RuleSet, active: tuple[str, ...], carry: Carry) -> Draft:
        return score_hand(self.kinds.of(hand), hand, rules_as(rules, SchafkopfRules), active, carry)

    def rules_lines(self, rules: RuleSet, currency: str) -> tuple[str, ...]:
        mine = rules_as(rules, SchafkopfRules)
        laufende = dict(mine.laufende_min)
        if mine.tricks == SHORT_DECK_TRICKS:
            deal = _("{preset}: Schafkopf, four dealt in, the short deck (six cards each).")
        else:
            deal = _("{preset}: Schafkopf, four dealt in.")
        # Translators: the tariff: what each kind of game is worth.
        prices = _("Sauspiel {call}, solo {solo}, Null {null}, {extras}, Ramsch {ramsch}.").format(
            call=mine.tariff_call,
            solo=_solo_prices(mine),
            null=mine.tariff_null,
            extras=_extra_prices(mine),
            ramsch=mine.tariff_ramsch,
        )
        passed = {
            "redeal": _("deal again"),
            "ramsch": _("a Ramsch"),
            "leaster": _("a leaster"),
            "pot": _("everyone pays into the pot"),
            "forced": _("the club queen must play"),
        }[mine.all_pass]
        if mine.all_pass == "pot" and mine.pot_to == "side":
            passed = _("{passed}, shared by the next call game's declarer and partner").format(
                passed=passed
            )
        stake = [_("Stake {stake} a point").format(stake=money(mine.stake_cents, currency))]
        if mine.bock_after:
            triggers = ", ".join(_(BOCK_WORDS[t]) for t in mine.bock_after)
            stake.append(
                # Translators: TRIGGERS are what starts a Bock round, in words ("a lost solo").
                _("Bock rounds of {hands} after {triggers}").format(
                    hands=mine.bock_hands, triggers=triggers
                )
            )
        if mine.max_multiplier:
            stake.append(_("multiplier at most ×{most}").format(most=mine.max_multiplier))
        return (
            f"{deal.format(preset=mine.preset)} {prices}",
            _(
                "Laufende count from {call} (Sauspiel), {solo} (solo), {wenz} (Wenz), {geier} "
                "(Geier), {other} (other); Tout ×{tout}, Sie ×{sie}; when all pass, {passed}."
            ).format(**laufende, tout=mine.tout_factor, sie=mine.sie_factor, passed=passed),
            "; ".join(stake) + ".",
        )

    def waiting(self, result: NightResult, currency: str) -> str:
        said = []
        bock = result.bock_pending
        if bock:  # "Bock: 0 hands to come" on a night that plays none said nothing (a trial)
            said.append(
                ngettext(
                    "Bock (counts double): {count} hand to come.",
                    "Bock (counts double): {count} hands to come.",
                    bock,
                ).format(count=bock)
            )
        if result.pot is not None:
            said.append(
                _("The pot holds {pot} ({money}).").format(
                    pot=result.pot, money=money(result.pot_cents or 0, currency)
                )
            )
        return "\n".join(said)

    def outcome_counts(self, outcome: str, level: str, alone: bool | None) -> dict[str, int]:
        if outcome in ("win", "loss"):
            won = N_("declarer won") if outcome == "win" else N_("declarer lost")
            counts = {SCHAFKOPF_WORDS.declared: 1, won: 1, ALONE: 1 if alone else 0}
            if level in LEVELS:
                counts[LEVELS[level]] = 1
            return counts
        label = {
            "leaster": N_("leaster"),
            "misplay": N_("thrown in for a misplay"),
            "ramsch": N_("Ramsch (all passed, most points loses)"),
            "pass": N_("all passed (redeal or pot)"),
        }.get(outcome, outcome)
        return {label: 1}

    def call_label(self, call: str, *, english: bool = False) -> str:
        name = CALL_LABELS.get(call) or (SOLO_BY_KEY[call].name if call in SOLO_BY_KEY else call)
        if english:  # the English the names are marked in
            return f"playing {name}"
        # Translators: a kind of game a player declared, in the statistics: "playing Wenz".
        return _("playing {game}").format(game=_(name))

    def figure_counts(self, hand: Hand, result: HandResult) -> FigureCounts:
        counts = declared_counts(result, leasters=False)
        for player in result.active:
            mine: dict[str, int] = {}
            role = result.roles[player]
            if role == "partner" and result.outcome == "win":
                mine["partner_wins"] = 1
            if role == "picker" and result.call is not None and result.call not in NOT_SOLOS:
                mine["solos"] = 1
                if result.outcome == "win":
                    mine["solos_won"] = 1
            if result.outcome == "ramsch" and result.points[player] < 0:
                mine["ramsch_lost"] = 1  # paid: the loser, or all but a Durchmarsch's
            if mine:
                counts[player] = counts.get(player, {}) | mine
        return counts


# What `outcome_counts` counts beyond a win or a loss (its keys, marked).
ALONE = N_("played alone (solo, Null)")
LEVELS = {"schneider": N_("Schneider"), "schwarz": N_("Schwarz (no trick)")}


def _solo_prices(rules: SchafkopfRules) -> str:
    """'50', or '50 (Wenz 20, Geier 20)' when particular solos are priced apart."""
    apart = [f"{_(SOLO_BY_KEY[game].name)} {price}" for game, price in rules.tariff_games]
    return f"{rules.tariff_solo} ({', '.join(apart)})" if apart else str(rules.tariff_solo)


def _extra_prices(rules: SchafkopfRules) -> str:
    """'each extra 10', or 'Schneider 10, Schwarz 20, each Laufender 5'."""
    extras = (rules.schneider_extra, rules.schwarz_extra, rules.laufender_extra)
    if len(set(extras)) == 1:
        return _("each extra {extra}").format(extra=extras[0])
    schneider, schwarz, laufender = extras
    return _("Schneider {schneider}, Schwarz {schwarz}, each Laufender {laufender}").format(
        schneider=schneider, schwarz=schwarz, laufender=laufender
    )


SCHAFKOPF = Schafkopf()
