"""Schafkopf's own kinds of hand: the call game (Sauspiel), the solos, the Null, the
Ramsch and the passed hand (the leaster and the misplay are `scorekeeper.games.cards`'),
each with its document fields (`docs/rules/night-format.md`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.games.schafkopf.kinds import CALL_GAME, SOLO_BY_KEY, GameKind
from scorekeeper.hand_reader import HandReader
from scorekeeper.i18n import _
from scorekeeper.records import Hand


@dataclass(frozen=True, kw_only=True)
class GameHand(Hand):
    """A Schafkopf call game or solo: the declarers' card points and tricks, their
    Laufende, the knocks and Kontra steps said, and the bid when there was an auction."""

    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {
        **Hand.PLAYER_FIELDS,
        **{"declarer": "one", "partners": "list"},
    }

    declarer: str
    points: int
    tricks: int
    laufende: int = 0
    knocks: int = 0
    kontra: int = 0
    bid: int | None = None

    @property
    def side(self) -> tuple[str, ...]:
        """The declarers: the declarer, and a call game's partner."""
        return (self.declarer,)

    @property
    def game_kind(self) -> GameKind:
        """The kind of game played (`CALL_GAME`, a solo's: Wenz, Geier, ...)."""
        raise NotImplementedError

    @property
    def announced(self) -> str | None:
        """'Tout' or 'Sie' when a solo was declared so (it must take every trick), else
        None."""
        return None

    @staticmethod
    def read_game(reader: HandReader) -> dict[str, Any] | None:
        """What a call game and a solo share: the declarer, points, tricks, Laufende,
        knocks, Kontra steps and the bid."""
        declarer = reader.name("declarer", required=True)
        points = reader.whole("points")
        tricks = reader.whole("tricks")
        counts = {f: reader.count(f) for f in ("laufende", "knocks", "kontra")}
        bid = reader.optional_whole("bid")
        if declarer is None or points is None or tricks is None:
            return None
        return dict(declarer=declarer, points=points, tricks=tricks, bid=bid, **counts)

    def game_fields(self, between: dict[str, Any]) -> dict[str, Any]:
        """The shared fields in the document's order, BETWEEN the declarer and the points."""
        out: dict[str, Any] = {"declarer": self.declarer, **between}
        out |= {"points": self.points, "tricks": self.tricks}
        for key in ("laufende", "knocks", "kontra"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.bid is not None:
            out["bid"] = self.bid
        return out


@dataclass(frozen=True, kw_only=True)
class CallHand(GameHand):
    """A call game (Sauspiel): the declarer and who held the called ace."""

    type: ClassVar[str] = "call"
    FIELDS: ClassVar[tuple[str, ...]] = (
        *("declarer", "partners", "partner", "points", "tricks"),
        *("laufende", "knocks", "kontra", "bid", "forced", "renonce"),
    )

    partners: tuple[str, ...] = ()
    forced: bool = False  # the club queen had to play (`all_pass` forced)
    renonce: bool = False  # called while holding all four aces (002 2.5.1)

    @property
    def side(self) -> tuple[str, ...]:
        return (self.declarer, *self.partners)

    @property
    def game_kind(self) -> GameKind:
        return CALL_GAME

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        partners = reader.partners()
        shared = cls.read_game(reader)
        forced, renonce = reader.flag("forced"), reader.flag("renonce")
        if not reader.ok or shared is None:
            return None
        return cls(**common, **shared, partners=partners, forced=forced, renonce=renonce)

    def own_fields(self) -> dict[str, Any]:
        out = self.game_fields({"partners": list(self.partners)})
        return out | {k: True for k in ("forced", "renonce") if getattr(self, k)}


@dataclass(frozen=True, kw_only=True)
class SoloHand(GameHand):
    """A solo of any kind (`game`), perhaps declared Tout or Sie."""

    type: ClassVar[str] = "solo"
    FIELDS: ClassVar[tuple[str, ...]] = (
        *("declarer", "game", "points", "tricks"),
        *("laufende", "knocks", "kontra", "tout", "sie", "bid"),
    )

    game: str = "solo"
    tout: bool = False
    sie: bool = False

    @property
    def game_kind(self) -> GameKind:
        return SOLO_BY_KEY[self.game]

    @property
    def announced(self) -> str | None:
        return "Tout" if self.tout else "Sie" if self.sie else None

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        # Translators: what the game field must be; its values are the document's.
        example = _("text such as 'solo', 'wenz' or 'geier'")
        game = reader.choice_text("game", "solo", example)
        shared = cls.read_game(reader)
        tout, sie = reader.flag("tout"), reader.flag("sie")
        if not reader.ok or shared is None:
            return None
        return cls(**common, **shared, game=game, tout=tout, sie=sie)

    def own_fields(self) -> dict[str, Any]:
        out = self.game_fields({"game": self.game} if self.game != "solo" else {})
        return out | {k: True for k in ("tout", "sie") if getattr(self, k)}


@dataclass(frozen=True, kw_only=True)
class NullHand(Hand):
    """A Null (Bettel): won when the declarer takes no trick."""

    type: ClassVar[str] = "null"
    FIELDS: ClassVar[tuple[str, ...]] = ("declarer", "tricks", "knocks", "kontra")
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {**Hand.PLAYER_FIELDS, "declarer": "one"}

    declarer: str
    tricks: int
    knocks: int = 0
    kontra: int = 0

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        declarer = reader.name("declarer", required=True)
        tricks = reader.whole("tricks")
        knocks, kontra = reader.count("knocks"), reader.count("kontra")
        if not reader.ok or declarer is None or tricks is None:
            return None
        return cls(**common, declarer=declarer, tricks=tricks, knocks=knocks, kontra=kontra)

    def own_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"declarer": self.declarer, "tricks": self.tricks}
        return out | {k: getattr(self, k) for k in ("knocks", "kontra") if getattr(self, k)}


@dataclass(frozen=True, kw_only=True)
class RamschHand(Hand):
    """All passed and everyone played for themselves: each player's points and tricks,
    and the loser when points and tricks leave a tie."""

    type: ClassVar[str] = "ramsch"
    FIELDS: ClassVar[tuple[str, ...]] = ("points", "tricks", "loser", "knocks")
    PLAYER_FIELDS: ClassVar[Mapping[str, str]] = {
        **Hand.PLAYER_FIELDS,
        **{"points": "map", "tricks": "map", "loser": "one"},
    }

    points: Mapping[str, int]
    tricks: Mapping[str, int]
    loser: str | None = None
    knocks: int = 0

    @classmethod
    def read(cls, reader: HandReader, common: dict[str, Any]) -> Hand | None:
        points = reader.name_map("points")
        tricks = reader.name_map("tricks")
        missing = {
            "points": _("missing: give every player's points in the Ramsch"),
            "tricks": _("missing: give every player's tricks in the Ramsch"),
        }
        for key, value in (("points", points), ("tricks", tricks)):
            if value is None and reader.item.get(key) is None:
                reader.problem(key, missing[key], missing=True)
        loser = reader.name("loser", required=False)
        knocks = reader.count("knocks")
        if not reader.ok or points is None or tricks is None:
            return None
        return cls(**common, points=points, tricks=tricks, loser=loser, knocks=knocks)

    def own_fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"points": dict(self.points), "tricks": dict(self.tricks)}
        if self.loser is not None:
            out["loser"] = self.loser
        if self.knocks:
            out["knocks"] = self.knocks
        return out


@dataclass(frozen=True, kw_only=True)
class PassHand(Hand):
    """All four passed and nothing was played (a redeal, or a payment into the pot)."""

    type: ClassVar[str] = "pass"
