"""Bavarian Schafkopf (`docs/rules/schafkopf.md`): its rules (`rules`), its hands
(`hands`: Sauspiel, solos, Null, Ramsch, passes; the leaster and the misplay are
`scorekeeper.games.cards`'), their checks (`checks`), the tariff (`tariff`), its scorer
(`scoring`) and sentences (`explain`), its words, and what its hands say of themselves
once scored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from scorekeeper.explain import join_names
from scorekeeper.formatting import counted, money
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored, Words, rules_as
from scorekeeper.games.cards import (
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
from scorekeeper.games.schafkopf.checks import check_all_pass, check_game, check_null, check_ramsch
from scorekeeper.games.schafkopf.hands import (
    CallHand,
    GameHand,
    NullHand,
    PassHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.games.schafkopf.rules import SHORT_DECK_TRICKS, SchafkopfRules
from scorekeeper.games.schafkopf.scoring import score_hand
from scorekeeper.games.schafkopf.tariff import (
    SOLO_BY_KEY,
    hand_game_key,
    null_won,
    ramsch_durchmarsch,
    ramsch_loser,
)
from scorekeeper.problems import Problem
from scorekeeper.records import Hand
from scorekeeper.rules import Option, RuleSet

if TYPE_CHECKING:
    from scorekeeper.night import HandResult, NightResult

# The Spieler (who plays the game: the declarer) and the Mitspieler (the partner).
SCHAFKOPF_WORDS = Words(
    declarer="declarer",
    declared="declared",
    declarer_mark="S",
    partner_mark="s",
    hand_header=("#", "Dealer", "Declarer", "Partner", "Pts", "Tr.", "Game", "×"),
    figures_header=(
        "Player",
        "Hands",
        "Declared",
        "Won declaring",
        "Partner",
        "Leasters won",
        "Misplays",
        "Points",
        "Money",
    ),
    picks="Games",
    picks_won="Games won",
    schneiders="Schneider",
    no_tricks="Schwarz",
    alone="playing alone (solo, Null)",
    with_partner="with a partner (Sauspiel)",
)

# A cached `call` (`tariff.hand_game_key`) in a player's statistics.
CALL_LABELS = {
    "call": "Sauspiel",
    "forced": "forced Sauspiel",
    "renonce": "Renonce",
    "tout": "Tout",
    "sie": "Sie",
    "null": "Null",
}

PASSED = {
    "redeal": "deal again",
    "ramsch": "a Ramsch",
    "leaster": "a leaster",
    "pot": "everyone pays into the pot",
    "forced": "the club queen must play",
}


def game_played(hand: GameHand) -> str:
    """'Sauspiel', 'Forced Sauspiel', 'Renonce', 'Wenz', 'Farbsolo Tout', 'Geier Sie'."""
    if isinstance(hand, CallHand):
        return "Forced Sauspiel" if hand.forced else "Renonce" if hand.renonce else "Sauspiel"
    assert isinstance(hand, SoloHand)
    name = SOLO_BY_KEY[hand.game].name
    return name + (" Tout" if hand.tout else " Sie" if hand.sie else "")


def ended(result: Scored) -> str:
    """'won', 'lost Schneider', 'won Schwarz'."""
    word = "won" if result.outcome == "win" else "lost"
    return word + ("" if result.level == "normal" else f" {result.level.capitalize()}")


class Schafkopf:
    """Bavarian Schafkopf, four at the table (`docs/rules/schafkopf.md`)."""

    name = SchafkopfRules.game
    title = "Schafkopf"
    rules = SchafkopfRules
    presets: tuple[str, ...] = tuple(SchafkopfRules.presets)
    options: tuple[Option, ...] = SchafkopfRules.declared()
    words = SCHAFKOPF_WORDS
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
            game = game_played(hand)
            partners = hand.partners if isinstance(hand, CallHand) else ()
            side = "+".join([hand.declarer, *partners])
            every = isinstance(hand, SoloHand) and (hand.tout or hand.sie)
            took = counted(hand.tricks, "trick") if every else str(hand.points)
            pot = f", pot {result.pot}" if result.pot_change else ""
            marks = table_marks(words, hand, declarer=hand.declarer, partners=partners)
            summary = f"{game} {side}: {took} {ended(result)}{pot}"
            return HandFacts(summary, marks, game, alone=not partners)
        if isinstance(hand, NullHand):
            word = "won" if null_won(hand) else "lost"
            marks = table_marks(words, hand, declarer=hand.declarer)
            summary = f"Null {hand.declarer}: {counted(hand.tricks, 'trick')} {word}"
            return HandFacts(summary, marks, "Null", alone=True)
        if isinstance(hand, RamschHand):
            return self._ramsch_facts(hand, result, rules)
        if isinstance(hand, PassHand):
            pot = "" if result.pot is None else f" (pot {result.pot})"
            return HandFacts(f"All passed{pot}", table_marks(words, hand), "all passed")
        return leaster_or_misplay_facts(words, hand)

    def _ramsch_facts(self, hand: RamschHand, result: Scored, rules: RuleSet) -> HandFacts:
        """'Ramsch: Bob lost with 50, Jungfrau Dee' or 'Ramsch: Durchmarsch Cal'."""
        marks = table_marks(self.words, hand)
        sweep = ramsch_durchmarsch(hand, rules_as(rules, SchafkopfRules))
        if sweep is not None:
            return HandFacts(f"Ramsch: Durchmarsch {sweep}", marks, "Ramsch", durchmarsch=sweep)
        loser = ramsch_loser(hand)
        maidens = tuple(p for p in result.active if hand.tricks[p] == 0)
        jungfrau = f", Jungfrau {join_names(maidens)}" if maidens else ""
        summary = f"Ramsch: {loser} lost with {hand.points[loser]}{jungfrau}"
        return HandFacts(summary, marks, "Ramsch", loser=loser, jungfrauen=maidens)

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
        if isinstance(hand, ResultHand):
            return result_cells(hand)
        if isinstance(hand, CallHand):
            partners = ", ".join(hand.partners)
            outcome = f"{result.game} {ended(result)}"
            return hand.declarer, partners, str(hand.points), str(hand.tricks), outcome
        if isinstance(hand, SoloHand):
            outcome = f"{result.game} {ended(result)}"
            return hand.declarer, "", str(hand.points), str(hand.tricks), outcome
        if isinstance(hand, NullHand):
            return hand.declarer, "", "", str(hand.tricks), f"Null {ended(result)}"
        if isinstance(hand, RamschHand):
            paid = [p for p in result.active if result.points[p] < 0]
            return "", "", "", "", f"Ramsch: {', '.join(paid)} paid"
        if isinstance(hand, LeasterHand | MisplayHand):
            return leaster_or_misplay_cells(hand)
        pot = "" if result.pot is None else f", pot {result.pot}"
        return "", "", "", "", f"all passed{pot}"

    def rules_lines(self, rules: RuleSet, currency: str) -> tuple[str, ...]:
        mine = rules_as(rules, SchafkopfRules)
        laufende = dict(mine.laufende_min)
        bock = (
            f"; Bock rounds of {mine.bock_hands} after {', '.join(mine.bock_after)}"
            if mine.bock_after
            else ""
        )
        most = f"; multiplier at most ×{mine.max_multiplier}" if mine.max_multiplier else ""
        deck = ", the short deck (six cards each)" if mine.tricks == SHORT_DECK_TRICKS else ""
        passed = PASSED[mine.all_pass]
        if mine.all_pass == "pot" and mine.pot_to == "side":
            passed += ", shared by the next call game's declarer and partner"
        return (
            f"{mine.preset}: Schafkopf, four dealt in{deck}. Sauspiel {mine.tariff_call}, "
            f"solo {_solo_prices(mine)}, Null {mine.tariff_null}, {_extra_prices(mine)}, "
            f"Ramsch {mine.tariff_ramsch}.",
            f"Laufende count from {laufende['call']} (Sauspiel), {laufende['solo']} (solo), "
            f"{laufende['wenz']} (Wenz), {laufende['geier']} (Geier), {laufende['other']} "
            f"(other); Tout ×{mine.tout_factor}, Sie ×{mine.sie_factor}; when all pass, "
            f"{passed}.",
            f"Stake {money(mine.stake_cents, currency)} a point{bock}{most}.",
        )

    def waiting(self, result: NightResult, currency: str) -> str:
        words = f"Bock (counts double): {counted(result.bock_pending, 'hand')} to come."
        if result.pot is not None:
            words += f"\nThe pot holds {result.pot} ({money(result.pot_cents or 0, currency)})."
        return words

    def outcome_counts(self, outcome: str, level: str, alone: bool | None) -> dict[str, int]:
        if outcome in ("win", "loss"):
            won = "declarer won" if outcome == "win" else "declarer lost"
            counts = {"declared": 1, won: 1, "played alone (solo, Null)": 1 if alone else 0}
            if level == "schneider":
                counts["Schneider"] = 1
            elif level == "schwarz":
                counts["Schwarz (no trick)"] = 1
            return counts
        label = {
            "leaster": "leaster",
            "misplay": "thrown in for a misplay",
            "ramsch": "Ramsch (all passed, most points loses)",
            "pass": "all passed (redeal or pot)",
        }.get(outcome, outcome)
        return {label: 1}

    def call_label(self, call: str) -> str:
        name = CALL_LABELS.get(call) or (SOLO_BY_KEY[call].name if call in SOLO_BY_KEY else call)
        return f"playing {name}"


def _solo_prices(rules: SchafkopfRules) -> str:
    """'50', or '50 (Wenz 20, Geier 20)' when particular solos are priced apart."""
    apart = [f"{SOLO_BY_KEY[game].name} {price}" for game, price in rules.tariff_games]
    return f"{rules.tariff_solo} ({', '.join(apart)})" if apart else str(rules.tariff_solo)


def _extra_prices(rules: SchafkopfRules) -> str:
    """'each extra 10', or 'Schneider 10, Schwarz 20, each Laufender 5'."""
    extras = (rules.schneider_extra, rules.schwarz_extra, rules.laufender_extra)
    if len(set(extras)) == 1:
        return f"each extra {extras[0]}"
    schneider, schwarz, laufender = extras
    return f"Schneider {schneider}, Schwarz {schwarz}, each Laufender {laufender}"


SCHAFKOPF = Schafkopf()
