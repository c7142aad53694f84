"""Schafkopf's own kinds of hand as plug-ins of the game (`scorekeeper.games.hand_kind`):
the call game (`CallKind`: a Sauspiel, a forced game, a Renonce), the solos
(`SoloKind`), the Null, the Ramsch and the passed hand; each with its checks, scorer,
roles, call, facts and a printed sheet's cells.  The leaster, the misplay and the
result are the kinds every card game plays; a Ramsch and a leaster are played when all
pass only under their own `all_pass` rule (`checks.played_when_all_pass`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TypeVar

from scorekeeper.explain import join_names
from scorekeeper.games.base import Carry, Draft, HandFacts, Scored
from scorekeeper.games.cards.checks import check_nobody_played
from scorekeeper.games.cards.table import declarer_roles, table_marks
from scorekeeper.games.hand_kind import Cells, Doubling, HandKind
from scorekeeper.games.schafkopf import explain
from scorekeeper.games.schafkopf.checks import (
    check_call_game,
    check_declarer,
    check_game,
    check_null,
    check_passed,
    check_ramsch,
    check_solo,
    played_when_all_pass,
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
from scorekeeper.games.schafkopf.kinds import SOLO_BY_KEY
from scorekeeper.games.schafkopf.rules import SchafkopfRules
from scorekeeper.games.schafkopf.scoring import (
    game_draft,
    null_draft,
    pass_draft,
    ramsch_draft,
    with_bock,
)
from scorekeeper.games.schafkopf.tariff import (
    game_value,
    null_won,
    ramsch_durchmarsch,
    ramsch_loser,
)
from scorekeeper.i18n import _, ngettext, pgettext
from scorekeeper.problems import Problem
from scorekeeper.results import HandResult

G = TypeVar("G", bound=GameHand)
RAMSCH_WHEN_ALL_PASS = played_when_all_pass("ramsch")
LEASTER_WHEN_ALL_PASS = played_when_all_pass("leaster")


def ended(scored: Scored, *, announced: bool = False) -> str:
    """'won', 'lost Schneider', 'won Schwarz'; a Tout or a Sie (ANNOUNCED) only 'won' or
    'lost': its value knows no Schneider or Schwarz (a won Tout takes every trick), and
    the name of the game says Tout (a trial: "Farbsolo Tout Dee: 8 tricks won
    Schwarz")."""
    level = "normal" if announced else scored.level
    words = {
        ("win", "normal"): pgettext("game ended", "won"),
        ("win", "schneider"): pgettext("game ended", "won Schneider"),
        ("win", "schwarz"): pgettext("game ended", "won Schwarz"),
        ("loss", "normal"): pgettext("game ended", "lost"),
        ("loss", "schneider"): pgettext("game ended", "lost Schneider"),
        ("loss", "schwarz"): pgettext("game ended", "lost Schwarz"),
    }
    return words[("win" if scored.outcome == "win" else "loss", level)]


class GameHandKind(HandKind[G, SchafkopfRules]):
    """What a call game and a solo share: a declarer (and a call game's partner)
    playing for the card points against the defenders.  Each says its own checks
    (`own_problems`), price (`base`), pot, names and call."""

    solo: ClassVar[bool] = True  # played alone, as a lost solo's Bock round counts it

    def own_problems(
        self, hand: G, rules: SchafkopfRules, active: tuple[str, ...]
    ) -> tuple[list[Problem], bool]:
        """What only this kind checks, and whether the rest can be checked."""
        raise NotImplementedError

    def base(self, hand: G, rules: SchafkopfRules) -> int:
        """The game's price before its extras."""
        raise NotImplementedError

    def pot(self, carry: Carry) -> int:
        """The pot the game takes when won, or doubles when lost: none but a call
        game's."""
        return 0

    def label(self, hand: G) -> str:
        """The game as its sentence says it: 'Wenz (jacks solo)'."""
        raise NotImplementedError

    def played_name(self, hand: G) -> str:
        """What was played, as the hand's facts keep it (in English): 'Wenz Tout'."""
        raise NotImplementedError

    def shown_name(self, hand: G) -> str:
        """`played_name` in the language spoken now."""
        raise NotImplementedError

    def check(self, hand: G, rules: SchafkopfRules, active: tuple[str, ...]) -> list[Problem]:
        problems = check_declarer(hand, active)
        own, known = self.own_problems(hand, rules, active)
        if not known:
            return problems + own
        return problems + own + check_game(hand, rules)

    def score(
        self,
        hand: G,
        rules: SchafkopfRules,
        active: tuple[str, ...],
        carry: Carry,
        doubling: Doubling,
    ) -> Draft:
        value = game_value(hand, rules, doubling.multiplier, self.base(hand, rules))
        label = self.label(hand)
        draft = game_draft(hand, label, value, rules, active, doubling, self.pot(carry))
        return with_bock(draft, kontra=hand.kontra, solo=self.solo, rules=rules, carry=carry)

    def roles(self, hand: G, active: Sequence[str]) -> dict[str, str]:
        return declarer_roles(hand.declarer, hand.side[1:], active)

    def facts(self, hand: G, scored: Scored, rules: SchafkopfRules) -> HandFacts:
        """'Wenz Ann: 80 won', 'Sauspiel Ann+Bob: 75 won, pot 40'."""
        partners = hand.side[1:]
        every = hand.announced is not None
        marks = table_marks(self.words, hand, declarer=hand.declarer, partners=partners)
        # Translators: the sheet's summary of a game: "Wenz Ann: 80 won"; SIDE is
        # "Ann+Bob", TOOK the card points (or "8 tricks" for a Tout or Sie).
        summary = _("{game} {side}: {took} {ended}").format(
            game=self.shown_name(hand),
            side="+".join(hand.side),
            took=tricks_words(hand.tricks) if every else hand.points,
            ended=ended(scored, announced=every),
        )
        if scored.pot_change:
            summary = _("{summary}, pot {pot}").format(summary=summary, pot=scored.pot)
        return HandFacts(summary, marks, self.played_name(hand), alone=not partners)

    def cells(self, hand: G, result: HandResult) -> Cells:
        partners = ", ".join(hand.side[1:])
        every = hand.announced is not None
        # Translators: a printed sheet's cell: the game and how it ended ("Wenz won").
        outcome = _("{game} {ended}").format(
            game=self.shown_name(hand), ended=ended(result, announced=every)
        )
        return hand.declarer, partners, str(hand.points), str(hand.tricks), outcome


class CallKind(GameHandKind[CallHand]):
    """A call game: a Sauspiel, a forced game (the club queen had to play), a Renonce."""

    hand = CallHand
    solo = False

    def own_problems(
        self, hand: CallHand, rules: SchafkopfRules, active: tuple[str, ...]
    ) -> tuple[list[Problem], bool]:
        return check_call_game(hand, rules, active), True

    def base(self, hand: CallHand, rules: SchafkopfRules) -> int:
        return rules.tariff_call

    def pot(self, carry: Carry) -> int:
        return carry.pot

    def label(self, hand: CallHand) -> str:
        return explain.call_game_label(hand)

    def played_name(self, hand: CallHand) -> str:
        return "Forced Sauspiel" if hand.forced else "Renonce" if hand.renonce else "Sauspiel"

    def shown_name(self, hand: CallHand) -> str:
        if hand.forced:
            return _("Forced Sauspiel")
        return _("Renonce") if hand.renonce else _("Sauspiel")

    def call_key(self, hand: CallHand) -> str | None:
        return "forced" if hand.forced else "renonce" if hand.renonce else "call"


class SoloKind(GameHandKind[SoloHand]):
    """A solo of any kind (Farbsolo, Wenz, Geier, ...), perhaps declared Tout or Sie."""

    hand = SoloHand

    def own_problems(
        self, hand: SoloHand, rules: SchafkopfRules, active: tuple[str, ...]
    ) -> tuple[list[Problem], bool]:
        return check_solo(hand)

    def base(self, hand: SoloHand, rules: SchafkopfRules) -> int:
        return rules.solo_base(hand.game)

    def label(self, hand: SoloHand) -> str:
        return explain.solo_label(hand)

    def played_name(self, hand: SoloHand) -> str:
        name = SOLO_BY_KEY[hand.game].name
        return name + (" Tout" if hand.tout else " Sie" if hand.sie else "")

    def shown_name(self, hand: SoloHand) -> str:
        name = _(SOLO_BY_KEY[hand.game].name)
        if hand.tout:
            return _("{game} Tout").format(game=name)
        return _("{game} Sie").format(game=name) if hand.sie else name

    def call_key(self, hand: SoloHand) -> str | None:
        return "tout" if hand.tout else "sie" if hand.sie else hand.game


class NullKind(HandKind[NullHand, SchafkopfRules]):
    """A Null (Bettel): won when the declarer takes no trick."""

    hand = NullHand

    def check(
        self, hand: NullHand, rules: SchafkopfRules, active: tuple[str, ...]
    ) -> list[Problem]:
        return check_null(hand, rules, active)

    def score(
        self,
        hand: NullHand,
        rules: SchafkopfRules,
        active: tuple[str, ...],
        carry: Carry,
        doubling: Doubling,
    ) -> Draft:
        draft = null_draft(hand, rules, active, doubling)
        return with_bock(draft, kontra=hand.kontra, solo=True, rules=rules, carry=carry)

    def roles(self, hand: NullHand, active: Sequence[str]) -> dict[str, str]:
        return declarer_roles(hand.declarer, (), active)

    def call_key(self, hand: NullHand) -> str | None:
        return "null"

    def facts(self, hand: NullHand, scored: Scored, rules: SchafkopfRules) -> HandFacts:
        marks = table_marks(self.words, hand, declarer=hand.declarer)
        if null_won(hand):
            summary = _("Null {player}: {tricks} won")
        else:
            summary = _("Null {player}: {tricks} lost")
        summary = summary.format(player=hand.declarer, tricks=tricks_words(hand.tricks))
        return HandFacts(summary, marks, "Null", alone=True)

    def cells(self, hand: NullHand, result: HandResult) -> Cells:
        outcome = _("Null {ended}").format(ended=ended(result))
        return hand.declarer, "", "", str(hand.tricks), outcome


class RamschKind(HandKind[RamschHand, SchafkopfRules]):
    """All passed and everyone played for themselves: the most points loses."""

    hand = RamschHand
    all_passed = True

    def check_kind(self, hand: RamschHand, rules: SchafkopfRules) -> list[Problem]:
        return RAMSCH_WHEN_ALL_PASS(hand, rules)

    def check(
        self, hand: RamschHand, rules: SchafkopfRules, active: tuple[str, ...]
    ) -> list[Problem]:
        return check_ramsch(hand, rules, active)

    def score(
        self,
        hand: RamschHand,
        rules: SchafkopfRules,
        active: tuple[str, ...],
        carry: Carry,
        doubling: Doubling,
    ) -> Draft:
        return ramsch_draft(hand, rules, active, doubling)

    def facts(self, hand: RamschHand, scored: Scored, rules: SchafkopfRules) -> HandFacts:
        """'Ramsch: Bob lost with 50, Jungfrau Dee' or 'Ramsch: Durchmarsch Cal'."""
        marks = table_marks(self.words, hand)
        sweep = ramsch_durchmarsch(hand, rules)
        if sweep is not None:
            summary = _("Ramsch: Durchmarsch {player}").format(player=sweep)
            return HandFacts(summary, marks, "Ramsch", durchmarsch=sweep)
        loser = ramsch_loser(hand)
        maidens = tuple(p for p in scored.active if hand.tricks[p] == 0)
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

    def cells(self, hand: RamschHand, result: HandResult) -> Cells:
        paid = [p for p in result.active if result.points[p] < 0]
        outcome = ngettext("Ramsch: {players} paid", "Ramsch: {players} paid", len(paid))
        return "", "", "", "", outcome.format(players=", ".join(paid))


class PassKind(HandKind[PassHand, SchafkopfRules]):
    """All four passed and nothing was played: a redeal, or a payment into the pot."""

    hand = PassHand
    played = False
    all_passed = True

    def check_kind(self, hand: PassHand, rules: SchafkopfRules) -> list[Problem]:
        return check_passed(rules)

    def check(
        self, hand: PassHand, rules: SchafkopfRules, active: tuple[str, ...]
    ) -> list[Problem]:
        return check_nobody_played(hand)

    def score(
        self,
        hand: PassHand,
        rules: SchafkopfRules,
        active: tuple[str, ...],
        carry: Carry,
        doubling: Doubling,
    ) -> Draft:
        return pass_draft(hand, rules, active, carry)

    def facts(self, hand: PassHand, scored: Scored, rules: SchafkopfRules) -> HandFacts:
        if scored.pot is None:
            summary = _("All passed")
        else:
            summary = _("All passed (pot {pot})").format(pot=scored.pot)
        return HandFacts(summary, table_marks(self.words, hand), "all passed")

    def cells(self, hand: PassHand, result: HandResult) -> Cells:
        if result.pot is None:
            return "", "", "", "", pgettext("sheet cell", "all passed")
        pot = pgettext("sheet cell", "all passed, pot {pot}").format(pot=result.pot)
        return "", "", "", "", pot
