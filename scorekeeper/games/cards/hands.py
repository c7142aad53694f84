"""The kinds of hand both card games play: the leaster (played for the fewest points)
and the hand thrown in for a misplay, each with its document fields
(`docs/rules/night-format.md`); their kinds (`leaster`, `misplay`) check, score and
show them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.hand_reader import HandReader
from scorekeeper.i18n import _
from scorekeeper.records import Hand


@dataclass(frozen=True, kw_only=True)
class LeasterHand(Hand):
    """Nobody picked and the hand was played for the fewest points: the winner (or the
    winners of a tie), or under `leaster_pay` loser-pays the loser, who took the most;
    under `leaster_second` a second winner too, paid half the winner's share."""

    type: ClassVar[str] = "leaster"
    FIELDS: ClassVar[tuple[str, ...]] = (
        *("winner", "winners", "second", "loser", "points", "tricks"),
    )
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {
        **Hand.PLAYER_FIELDS,
        **{"winner": "one", "winners": "list", "second": "one", "loser": "one"},
        **{"points": "map", "tricks": "map"},
    }

    winners: tuple[str, ...] = ()
    second: str | None = None
    loser: str | None = None
    points: Mapping[str, int] | None = None
    tricks: Mapping[str, int] | None = None

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        """Which of winner, winners and loser the hand must name is the night's rule
        (`leaster_pay`), checked with the rest of the rules (`check_leaster`)."""
        if "winner" in reader.item and "winners" in reader.item:
            reader.problem("winner", _("give either winner or winners, not both"))
        winners: tuple[str, ...] = ()
        if "winners" in reader.item:
            winners = reader.names("winners")
            if not winners:
                reader.problem("winners", _("name at least one winner"))
        elif "winner" in reader.item:
            one = reader.name("winner", required=True)
            winners = (one,) if one else ()
        second = reader.name("second", required=False)
        loser = reader.name("loser", required=False)
        points = reader.name_map("points")
        tricks = reader.name_map("tricks")
        if not reader.ok:
            return None
        return cls(
            **common,
            winners=winners,
            second=second,
            loser=loser,
            points=points,
            tricks=tricks,
        )

    def own_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if len(self.winners) == 1:
            out["winner"] = self.winners[0]
        elif self.winners:
            out["winners"] = list(self.winners)
        if self.second is not None:
            out["second"] = self.second
        if self.loser is not None:
            out["loser"] = self.loser
        if self.points is not None:
            out["points"] = dict(self.points)
        if self.tricks is not None:
            out["tricks"] = dict(self.tricks)
        return out


@dataclass(frozen=True, kw_only=True)
class MisplayHand(Hand):
    """A misplay ended the hand; only the penalties score."""

    type: ClassVar[str] = "misplay"
