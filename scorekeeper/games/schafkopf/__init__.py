"""Bavarian Schafkopf (`docs/rules/schafkopf.md`): its rules (`rules`), its hands
(`hands`: Sauspiel, solos, Null, Ramsch, passes; the leaster and the misplay are
`scorekeeper.games.cards`'), their checks (`checks`), the tariff (`tariff`), its scorer
(`scoring`) and sentences (`explain`), its words, and what its hands say of themselves
once scored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.explain import join_names
from scorekeeper.formatting import money
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored, Words, rules_as
from scorekeeper.games.cards import (
    TABLE_SEATS,
    LeasterHand,
    MisplayHand,
    check_card_hand,
    declarer_roles,
    leaster_or_misplay_cells,
    leaster_or_misplay_facts,
    leaster_roles,
    table_marks,
)
from scorekeeper.games.result import (
    ResultHand,
    check_result,
    result_cells,
    result_facts,
    result_roles,
    score_result,
)
from scorekeeper.games.schafkopf.checks import (
    check_all_pass,
    check_game,
    check_null,
    check_ramsch,
    tricks_words,
)
from scorekeeper.games.schafkopf.hands import (
    CallHand,
    GameHand,
    NullHand,
    PassHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.games.schafkopf.rules import BOCK_WORDS, SHORT_DECK_TRICKS, SchafkopfRules
from scorekeeper.games.schafkopf.scoring import score_hand
from scorekeeper.games.schafkopf.tariff import (
    SOLO_BY_KEY,
    hand_game_key,
    null_won,
    ramsch_durchmarsch,
    ramsch_loser,
)
from scorekeeper.i18n import N_, _, ngettext, pgettext
from scorekeeper.problems import Problem
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
)

# A cached `call` (`tariff.hand_game_key`) in a player's statistics (marked;
# translated where shown).
CALL_LABELS = {
    "call": N_("Sauspiel"),
    "forced": N_("forced Sauspiel"),
    "renonce": N_("Renonce"),
    "tout": N_("Tout"),
    "sie": N_("Sie"),
    "null": N_("Null"),
}


def game_played(hand: GameHand) -> str:
    """'Sauspiel', 'Forced Sauspiel', 'Renonce', 'Wenz', 'Farbsolo Tout', 'Geier Sie':
    what was played, as the hand's facts keep it (`HandFacts.game`, in English)."""
    if isinstance(hand, CallHand):
        return "Forced Sauspiel" if hand.forced else "Renonce" if hand.renonce else "Sauspiel"
    assert isinstance(hand, SoloHand)
    name = SOLO_BY_KEY[hand.game].name
    return name + (" Tout" if hand.tout else " Sie" if hand.sie else "")


def game_shown(hand: GameHand) -> str:
    """`game_played` in the language spoken now: 'Sauspiel', 'Wenz Tout'."""
    if isinstance(hand, CallHand):
        if hand.forced:
            return _("Forced Sauspiel")
        return _("Renonce") if hand.renonce else _("Sauspiel")
    assert isinstance(hand, SoloHand)
    name = _(SOLO_BY_KEY[hand.game].name)
    if hand.tout:
        return _("{game} Tout").format(game=name)
    return _("{game} Sie").format(game=name) if hand.sie else name


def ended(result: Scored, hand: Hand) -> str:
    """'won', 'lost Schneider', 'won Schwarz'; a Tout or a Sie only 'won' or 'lost': its
    value knows no Schneider or Schwarz (a won Tout takes every trick), and the name of
    the game says Tout (a trial: "Farbsolo Tout Dee: 8 tricks won Schwarz")."""
    declared = isinstance(hand, SoloHand) and (hand.tout or hand.sie)
    level = "normal" if declared else result.level
    words = {
        ("win", "normal"): pgettext("game ended", "won"),
        ("win", "schneider"): pgettext("game ended", "won Schneider"),
        ("win", "schwarz"): pgettext("game ended", "won Schwarz"),
        ("loss", "normal"): pgettext("game ended", "lost"),
        ("loss", "schneider"): pgettext("game ended", "lost Schneider"),
        ("loss", "schwarz"): pgettext("game ended", "lost Schwarz"),
    }
    return words[("win" if result.outcome == "win" else "loss", level)]


class Schafkopf:
    """Bavarian Schafkopf, four at the table (`docs/rules/schafkopf.md`)."""

    name = SchafkopfRules.game
    title = "Schafkopf"
    rules = SchafkopfRules
    presets: tuple[str, ...] = tuple(SchafkopfRules.presets)
    options: tuple[Option, ...] = SchafkopfRules.declared()
    words = SCHAFKOPF_WORDS
    # A card game's table; fewer than the four it deals in are refused by the deal
    # (`validation`: "schafkopf deals 4 players in"), which names the preset.
    seats = TABLE_SEATS
    hand_types: Mapping[str, type[Hand]] = {
        kind.type: kind
        for kind in (
            CallHand,
            SoloHand,
            NullHand,
            RamschHand,
            PassHand,
            LeasterHand,
            MisplayHand,
            ResultHand,
        )
    }

    def deals_again(self, hands: Sequence[Hand], rules: RuleSet) -> bool:
        return False  # after all four pass, the deal passes on as after any hand

    def check_kind(self, hand: Hand, rules: RuleSet) -> list[Problem]:
        return check_all_pass(hand, rules_as(rules, SchafkopfRules))

    def check_hand(self, hand: Hand, rules: RuleSet, active: tuple[str, ...]) -> list[Problem]:
        mine = rules_as(rules, SchafkopfRules)
        if isinstance(hand, ResultHand):
            return check_result(hand, active)
        if isinstance(hand, GameHand):
            return check_game(hand, mine, active)
        if isinstance(hand, NullHand):
            return check_null(hand, mine, active)
        if isinstance(hand, RamschHand):
            return check_ramsch(hand, mine, active)
        return check_card_hand(hand, mine, active)

    def score(self, hand: Hand, rules: RuleSet, active: tuple[str, ...], carry: Carry) -> Draft:
        if isinstance(hand, ResultHand):
            return score_result(hand, active)  # takes and leaves the carry as it is
        return score_hand(hand, rules_as(rules, SchafkopfRules), active, carry)

    def roles(self, hand: Hand, active: Sequence[str]) -> dict[str, str]:
        if isinstance(hand, ResultHand):
            return result_roles(active)
        if isinstance(hand, CallHand):
            return declarer_roles(hand.declarer, hand.partners, active)
        if isinstance(hand, SoloHand | NullHand):
            return declarer_roles(hand.declarer, (), active)
        if isinstance(hand, LeasterHand):
            return leaster_roles(hand, active)
        return dict.fromkeys(active, "played")

    def call_key(self, hand: Hand) -> str | None:
        return hand_game_key(hand)

    def hand_facts(self, hand: Hand, result: Scored, rules: RuleSet) -> HandFacts:
        words = self.words
        if isinstance(hand, ResultHand):
            return result_facts(words, hand, result.active)
        if isinstance(hand, GameHand):
            partners = hand.partners if isinstance(hand, CallHand) else ()
            every = isinstance(hand, SoloHand) and (hand.tout or hand.sie)
            marks = table_marks(words, hand, declarer=hand.declarer, partners=partners)
            # Translators: the sheet's summary of a game: "Wenz Ann: 80 won"; SIDE is
            # "Ann+Bob", TOOK the card points (or "8 tricks" for a Tout or Sie).
            summary = _("{game} {side}: {took} {ended}").format(
                game=game_shown(hand),
                side="+".join([hand.declarer, *partners]),
                took=tricks_words(hand.tricks) if every else hand.points,
                ended=ended(result, hand),
            )
            if result.pot_change:
                summary = _("{summary}, pot {pot}").format(summary=summary, pot=result.pot)
            return HandFacts(summary, marks, game_played(hand), alone=not partners)
        if isinstance(hand, NullHand):
            marks = table_marks(words, hand, declarer=hand.declarer)
            if null_won(hand):
                summary = _("Null {player}: {tricks} won")
            else:
                summary = _("Null {player}: {tricks} lost")
            summary = summary.format(player=hand.declarer, tricks=tricks_words(hand.tricks))
            return HandFacts(summary, marks, "Null", alone=True)
        if isinstance(hand, RamschHand):
            return self._ramsch_facts(hand, result, rules)
        if isinstance(hand, PassHand):
            if result.pot is None:
                summary = _("All passed")
            else:
                summary = _("All passed (pot {pot})").format(pot=result.pot)
            return HandFacts(summary, table_marks(words, hand), "all passed")
        return leaster_or_misplay_facts(words, hand)

    def _ramsch_facts(self, hand: RamschHand, result: Scored, rules: RuleSet) -> HandFacts:
        """'Ramsch: Bob lost with 50, Jungfrau Dee' or 'Ramsch: Durchmarsch Cal'."""
        marks = table_marks(self.words, hand)
        sweep = ramsch_durchmarsch(hand, rules_as(rules, SchafkopfRules))
        if sweep is not None:
            summary = _("Ramsch: Durchmarsch {player}").format(player=sweep)
            return HandFacts(summary, marks, "Ramsch", durchmarsch=sweep)
        loser = ramsch_loser(hand)
        maidens = tuple(p for p in result.active if hand.tricks[p] == 0)
        # Translators: POINTS are the Ramsch loser's card points.
        summary = _("Ramsch: {loser} lost with {points}").format(
            loser=loser, points=hand.points[loser]
        )
        if maidens:
            jungfrau = ngettext(
                "{summary}, Jungfrau {players}", "{summary}, Jungfrau {players}", len(maidens)
            )
            summary = jungfrau.format(summary=summary, players=join_names(maidens))
        return HandFacts(summary, marks, "Ramsch", loser=loser, jungfrauen=maidens)

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
        if isinstance(hand, ResultHand):
            return result_cells(hand)
        if isinstance(hand, GameHand):
            partners = ", ".join(hand.partners) if isinstance(hand, CallHand) else ""
            # Translators: a printed sheet's cell: the game and how it ended ("Wenz won").
            outcome = _("{game} {ended}").format(game=game_shown(hand), ended=ended(result, hand))
            return hand.declarer, partners, str(hand.points), str(hand.tricks), outcome
        if isinstance(hand, NullHand):
            outcome = _("Null {ended}").format(ended=ended(result, hand))
            return hand.declarer, "", "", str(hand.tricks), outcome
        if isinstance(hand, RamschHand):
            paid = [p for p in result.active if result.points[p] < 0]
            outcome = ngettext("Ramsch: {players} paid", "Ramsch: {players} paid", len(paid))
            return "", "", "", "", outcome.format(players=", ".join(paid))
        if isinstance(hand, LeasterHand | MisplayHand):
            return leaster_or_misplay_cells(hand)
        if result.pot is None:
            return "", "", "", "", pgettext("sheet cell", "all passed")
        return (
            "",
            "",
            "",
            "",
            pgettext("sheet cell", "all passed, pot {pot}").format(pot=result.pot),
        )

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
