"""Bavarian Schafkopf: its words, and what its hands (Sauspiel, solos, Null, Ramsch,
passes, leaster, misplay) say of themselves once scored.  The scoring itself is still
`scorekeeper.schafkopf`, called from `scorekeeper.night`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.explain import join_names
from scorekeeper.formatting import counted, dollars
from scorekeeper.games.base import HandFacts, Scored, Words
from scorekeeper.games.sheepshead import (
    declarer_roles,
    leaster_or_misplay_cells,
    leaster_or_misplay_facts,
    leaster_roles,
    table_marks,
)
from scorekeeper.records import (
    CallHand,
    GameHand,
    Hand,
    LeasterHand,
    MisplayHand,
    NullHand,
    PassHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.rules import OPTIONS, SCHAF, SCHAFKOPF_PRESETS, Option, RuleSet
from scorekeeper.schafkopf import (
    SOLO_BY_KEY,
    hand_game_key,
    null_won,
    ramsch_durchmarsch,
    ramsch_loser,
)

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

# A cached `call` (`scorekeeper.schafkopf.hand_game_key`) in a player's statistics.
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

    name = SCHAF
    title = "Schafkopf"
    presets: tuple[str, ...] = SCHAFKOPF_PRESETS
    options: tuple[Option, ...] = tuple(o for o in OPTIONS if o.applies_to(SCHAF))
    words = SCHAFKOPF_WORDS

    def roles(self, hand: Hand, active: Sequence[str]) -> dict[str, str]:
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
        sweep = ramsch_durchmarsch(hand, rules)
        if sweep is not None:
            return HandFacts(f"Ramsch: Durchmarsch {sweep}", marks, "Ramsch", durchmarsch=sweep)
        loser = ramsch_loser(hand)
        maidens = tuple(p for p in result.active if hand.tricks[p] == 0)
        jungfrau = f", Jungfrau {join_names(maidens)}" if maidens else ""
        summary = f"Ramsch: {loser} lost with {hand.points[loser]}{jungfrau}"
        return HandFacts(summary, marks, "Ramsch", loser=loser, jungfrauen=maidens)

    def report_cells(self, hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
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

    def rules_lines(self, rules: RuleSet) -> tuple[str, ...]:
        laufende = dict(rules.laufende_min)
        bock = (
            f"; Bock rounds of {rules.bock_hands} after {', '.join(rules.bock_after)}"
            if rules.bock_after
            else ""
        )
        most = f"; multiplier at most ×{rules.max_multiplier}" if rules.max_multiplier else ""
        return (
            f"{rules.preset}: Schafkopf, four dealt in. Sauspiel {rules.tariff_call}, solo "
            f"{rules.tariff_solo}, Null {rules.tariff_null}, each extra {rules.tariff_extra}, "
            f"Ramsch {rules.tariff_ramsch}.",
            f"Laufende count from {laufende['call']} (Sauspiel), {laufende['solo']} (solo), "
            f"{laufende['wenz']} (Wenz), {laufende['geier']} (Geier), {laufende['other']} "
            f"(other); Tout ×{rules.tout_factor}, Sie ×{rules.sie_factor}; when all pass, "
            f"{PASSED[rules.all_pass]}.",
            f"Stake {dollars(rules.stake_cents)} a point{bock}{most}.",
        )

    def waiting(self, result: NightResult) -> str:
        words = f"Bock (counts double): {counted(result.bock_pending, 'hand')} to come."
        if result.pot is not None:
            words += f"\nThe pot holds {result.pot} ({dollars(result.pot_cents or 0)})."
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


SCHAFKOPF = Schafkopf()
