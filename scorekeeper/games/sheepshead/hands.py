"""Sheepshead's own kinds of hand: someone picked, or nobody did and nothing was played
(the leaster and the misplay are `scorekeeper.games.cards`'), each with its document
fields and its checks (`docs/rules/night-format.md`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.games.cards.checks import check_between
from scorekeeper.games.cards.rules import BLIND_CARD_MAX_POINTS, CARD_POINTS
from scorekeeper.games.sheepshead.rules import SheepsheadRules
from scorekeeper.hand_reader import HandReader
from scorekeeper.i18n import _
from scorekeeper.json_input import show_value
from scorekeeper.problems import Problem, check_players
from scorekeeper.records import Hand

SUITS = ("clubs", "spades", "hearts")
CALLS: tuple[str, ...] = (
    *(f"ace-{s}" for s in SUITS),
    *(f"ten-{s}" for s in SUITS),
    *(f"under-{s}" for s in SUITS),
    "jack-of-diamonds",
    *(f"jack-{s}" for s in (*SUITS, "diamonds")),
    "black-queens",
    "alone",
)


@dataclass(frozen=True, kw_only=True)
class PickHand(Hand):
    """Someone picked: the declarers' card points (with the bury) and tricks."""

    type: ClassVar[str] = "pick"
    FIELDS: ClassVar[tuple[str, ...]] = (
        "picker",
        "partners",
        "partner",
        "call",
        "points",
        "tricks",
    )
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {
        **Hand.PLAYER_FIELDS,
        **{"picker": "one", "partners": "list"},
    }

    picker: str
    partners: tuple[str, ...] = ()
    call: str | None = None
    points: int
    tricks: int

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        partners = reader.partners()
        call = reader.item.get("call")
        if call is not None and not isinstance(call, str):
            reader.problem("call", _("must be text such as 'ace-hearts' or 'alone'"))
        picker = reader.name("picker", required=True)
        points = reader.whole("points")
        tricks = reader.whole("tricks")
        if not reader.ok or picker is None or points is None or tricks is None:
            return None
        return cls(
            **common, picker=picker, partners=partners, call=call, points=points, tricks=tricks
        )

    def own_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"picker": self.picker, "partners": list(self.partners)}
        if self.call is not None:
            out["call"] = self.call
        return out | {"points": self.points, "tricks": self.tricks}


@dataclass(frozen=True, kw_only=True)
class NoPickHand(Hand):
    """Nobody picked and the hand was not played (a doubler, or a redeal)."""

    type: ClassVar[str] = "no-pick"


def check_pick(hand: PickHand, rules: SheepsheadRules, active: tuple[str, ...]) -> list[Problem]:
    """The picker and partners play the hand; the call and the counts hold together."""
    problems = check_players((hand.picker,), "picker", active)
    problems += check_players(hand.partners, "partners", active)
    if hand.picker in hand.partners:
        message = _("{player} is the picker, not a partner").format(player=hand.picker)
        problems.append(Problem("partners", message))
    if len(hand.partners) > rules.max_partners:
        message = _(
            "{named} named, but under partner rule '{rule}' a picker has at most {most}"
        ).format(named=len(hand.partners), rule=rules.partner, most=rules.max_partners)
        problems.append(Problem("partners", message))
    problems += _check_call(hand)
    problems += _check_points_and_tricks(hand, rules)
    return problems


def _check_call(hand: PickHand) -> list[Problem]:
    if hand.call is None:
        return []
    if hand.call not in CALLS:
        message = _("{value} is not a call (such as ace-hearts or alone)").format(
            value=show_value(hand.call)
        )
        return [Problem("call", message)]
    if hand.call == "alone" and hand.partners:
        return [Problem("call", _("the picker went alone, so no partner can be named"))]
    if hand.call != "alone" and not hand.partners:
        # Translators: CALL is the call as the night document spells it (ace-hearts).
        message = _("{call} was called, so name who held it").format(call=hand.call)
        return [Problem("partners", message)]
    return []


def _check_points_and_tricks(hand: PickHand, rules: SheepsheadRules) -> list[Problem]:
    problems = check_between("points", hand.points, CARD_POINTS) + check_between(
        "tricks", hand.tricks, rules.tricks
    )
    if problems:
        return problems
    if hand.tricks == rules.tricks and hand.points != CARD_POINTS:
        message = _(
            "the picking side took every trick, so it has all {all} points, not {points}"
        ).format(all=CARD_POINTS, points=hand.points)
        problems.append(Problem("points", message))
    most_buried = BLIND_CARD_MAX_POINTS * rules.blind
    if hand.tricks == 0 and hand.points > most_buried:
        message = _("{points} with no trick, but the buried cards hold at most {most}").format(
            points=hand.points, most=most_buried
        )
        problems.append(Problem("points", message))
    return problems
