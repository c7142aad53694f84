"""The night document (`docs/rules/night-format.md`): JSON in, `Night` out, and back.

Reading checks the shape of the document (types, known fields, seated names) and
reports every problem at once; the rules of the game are checked by
`scorekeeper.validation`.  `load_night` does both, and is what every door (command
line, import, tests) uses to turn a document into a night.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.json_input import Path, key_name, parse_json, show_path, show_value
from scorekeeper.names import LABEL_LENGTH, TITLE_LENGTH, clean_name, fold_name, name_key, quoted
from scorekeeper.problems import Problem
from scorekeeper.records import (
    CallHand,
    GameHand,
    Hand,
    LeasterHand,
    MisplayHand,
    Night,
    NightInfo,
    NoPickHand,
    NullHand,
    PassHand,
    PickHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.rules import RuleSet, is_whole, parse_rules
from scorekeeper.validation import validate_hand, validate_night

FORMAT = "sheepshead-night/1"
MAX_DOUBLERS = 16
MAX_HANDS = 10_000  # a long night is 100 hands; a document of more is not a night
DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
INFO_FIELDS = ("date", "league", "season", "table", "title")
TOP_FIELDS = ("format", "rules", "players", "hands", *INFO_FIELDS)
COMMON_FIELDS = ("type", "dealer", "sitting_out", "doublers", "last_hand", "misplays", "note")
TYPE_FIELDS: dict[str, tuple[str, ...]] = {
    "pick": ("picker", "partners", "partner", "call", "points", "tricks"),
    "leaster": ("winner", "winners", "points", "tricks"),
    "no-pick": (),
    "misplay": (),
    "call": (
        "declarer",
        "partners",
        "partner",
        "points",
        "tricks",
        "laufende",
        "knocks",
        "kontra",
        "bid",
        "forced",
        "renonce",
    ),
    "solo": (
        "declarer",
        "game",
        "points",
        "tricks",
        "laufende",
        "knocks",
        "kontra",
        "tout",
        "sie",
        "bid",
    ),
    "null": ("declarer", "tricks", "knocks", "kontra"),
    "ramsch": ("points", "tricks", "loser", "knocks"),
    "pass": (),
}


def load_night(document: Any) -> tuple[Night | None, list[Problem]]:
    """Read and validate a parsed night document: the night, or every problem in it.

    Hands that read cleanly are checked against the game's rules even when another
    hand could not be read, so a user sees every mistake at once.
    """
    read = _read_document(document)
    problems = list(read.problems)
    if read.rules is not None and read.players is not None:
        seats = Night(rules=read.rules, players=read.players)
        seat_problems = validate_night(seats)
        problems += seat_problems
        if not seat_problems:
            for number, hand in read.hands:
                problems += [
                    Problem(p.field, p.message, hand=number)
                    for p in validate_hand(hand, read.rules, read.players)
                ]
    problems.sort(key=lambda p: p.hand or 0)
    if read.night is None and not problems:  # a reader's bug must not pass as "no problems"
        problems = [Problem("file", "could not be read as a night")]
    if problems or read.night is None:
        return None, problems
    return read.night, []


def loads_night(text: str | bytes) -> tuple[Night | None, list[Problem]]:
    """Like `load_night`, from the document's JSON text (read through the one JSON door,
    `scorekeeper.json_input`: bounded, strict, never a crash)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    document, problems = parse_night_json(data)
    if problems:
        return None, problems
    return load_night(document)


def parse_night_json(data: bytes) -> tuple[Any, list[Problem]]:
    """A night document's JSON parsed through the one door, its problems named as the
    other checks of a night name fields."""
    return parse_json(data, locate=_locate)


def _locate(path: Path, message: str) -> Problem:
    """A problem at PATH in a night document, named as the other checks name fields."""
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        return Problem(show_path(path[2:], whole="hand"), message, hand=path[1] + 1)
    return Problem(show_path(path), message)


@dataclass
class _Read:
    """What could be read of a document, and the problems with its shape."""

    problems: list[Problem]
    rules: RuleSet | None = None
    players: tuple[str, ...] | None = None
    hands: list[tuple[int, Hand]] = field(default_factory=list)
    night: Night | None = None


def read_night(document: Any) -> tuple[Night | None, list[Problem]]:
    """Read a document's shape into a `Night`, without the game's rules checks."""
    read = _read_document(document)
    return read.night, read.problems


def _read_document(document: Any) -> _Read:
    if not isinstance(document, Mapping):
        return _Read([Problem("file", "must hold one JSON object (a night)")])
    problems = [
        Problem(key_name(k), "is not a field of a night") for k in document if k not in TOP_FIELDS
    ]
    if document.get("format") != FORMAT:
        got = document.get("format")
        problems.append(Problem("format", f"must be {quoted(FORMAT)}, not {show_value(got)}"))
    rules, rule_problems = parse_rules(document.get("rules", None))
    problems += rule_problems
    players = _read_players(document.get("players"), problems)
    info = _read_info(document, problems)
    read = _Read(problems, rules, players)
    hands = _read_hands(document.get("hands"), players, problems, read.hands)
    if not problems and rules is not None and players is not None and hands is not None:
        read.night = Night(rules=rules, players=players, hands=hands, info=info)
    return read


def _read_players(value: Any, problems: list[Problem]) -> tuple[str, ...] | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(Problem("players", "must be a list of names"))
        return None
    cleaned = [clean_name(v) for v in value]
    names = tuple(name for name, _ in cleaned)
    start = len(problems)
    if not 3 <= len(names) <= 8:
        problems.append(Problem("players", f"{len(names)} seated; a table seats 3 to 8"))
    seen: dict[str, str] = {}
    for name, problem in cleaned:
        if problem is not None:
            problems.append(Problem("players", problem))
        elif name.casefold() in seen:
            first = seen[name.casefold()]
            problems.append(
                Problem("players", f"{quoted(first)} and {quoted(name)} are the same name")
            )
        seen.setdefault(name.casefold(), name)
    return names if len(problems) == start else None


# The longest each label may be (a night's title is a heading, and wraps where printed).
LABEL_LENGTHS = dict.fromkeys(("league", "season", "table"), LABEL_LENGTH) | {"title": TITLE_LENGTH}


def _read_info(document: Mapping[str, Any], problems: list[Problem]) -> NightInfo:
    values: dict[str, str | None] = {}
    for key in INFO_FIELDS:
        value = document.get(key)
        if value is not None and not isinstance(value, str):
            problems.append(Problem(key, "must be text"))
            value = None
        elif value is not None and key != "date":
            value, problem = clean_name(value, limit=LABEL_LENGTHS[key])
            if problem is not None:
                problems.append(Problem(key, problem))
        values[key] = value
    date = values["date"]
    problem = None if date is None else date_problem(date)
    if problem is not None:
        problems.append(Problem("date", problem))
    return NightInfo(**values)


# A month's name in a message (calendar.month_name would follow the locale).
MONTHS: tuple[str, ...] = ("January", "February", "March", "April", "May", "June", "July")
MONTHS += ("August", "September", "October", "November", "December")


def date_problem(text: str) -> str | None:
    """What is wrong with a night's date, or None: it must be written YYYY-MM-DD and be
    a day of the calendar ('2026-02-30' is written right, but February has 28 days)."""
    if not DATE.fullmatch(text):
        return f"{quoted(text)} is not a date written YYYY-MM-DD"
    year, month, day = (int(part) for part in text.split("-"))
    if year == 0:
        return f"{quoted(text)} is not a real date (the years start at 0001)"
    if not 1 <= month <= 12:
        return f"{quoted(text)} is not a real date (there is no month {month:02d})"
    days = calendar.monthrange(year, month)[1]
    if not 1 <= day <= days:
        return f"{quoted(text)} is not a real date ({MONTHS[month - 1]} {year} has {days} days)"
    return None


def _read_hands(
    value: Any,
    players: tuple[str, ...] | None,
    problems: list[Problem],
    numbered: list[tuple[int, Hand]],
) -> tuple[Hand, ...] | None:
    if not isinstance(value, list):
        problems.append(Problem("hands", "must be a list of hands"))
        return None
    if len(value) > MAX_HANDS:
        problems.append(Problem("hands", f"{len(value)} hands; a night holds {MAX_HANDS} at most"))
        return None
    seated = {name_key(p): p for p in players or ()}
    hands = []
    for number, item in enumerate(value, start=1):
        reader = _HandReader(item, number, seated if players else None, problems)
        hand = reader.read()
        if hand is not None:
            hands.append(hand)
            numbered.append((number, hand))
    return tuple(hands) if len(hands) == len(value) else None


class _HandReader:
    """Reads one hand's fields, adding a problem for each one that is wrong."""

    def __init__(
        self,
        item: Any,
        number: int,
        seated: dict[str, str] | None,
        problems: list[Problem],
    ) -> None:
        self.item = item if isinstance(item, Mapping) else {}
        self.raw = item
        self.number = number
        self.seated = seated
        self.problems = problems
        self.ok = True

    def problem(self, field: str, message: str) -> None:
        self.problems.append(Problem(field, message, hand=self.number))
        self.ok = False

    def read(self) -> Hand | None:
        if not isinstance(self.raw, Mapping):
            self.problem("hand", "must be an object")
            return None
        kind = self.item.get("type")
        if not isinstance(kind, str) or kind not in TYPE_FIELDS:
            known = ", ".join(TYPE_FIELDS)
            self.problem("type", f"{show_value(kind)} is not a hand type ({known})")
            return None
        allowed = COMMON_FIELDS + TYPE_FIELDS[kind]
        for key in self.item:
            if key not in allowed:
                self.problem(key_name(key), f"is not a field of a {kind} hand")
        common = self.common()
        builders: dict[str, Callable[[dict[str, Any]], Hand | None]] = {
            "pick": self.pick,
            "leaster": self.leaster,
            "no-pick": lambda c: NoPickHand(**c),
            "misplay": lambda c: MisplayHand(**c),
            "call": self.call,
            "solo": self.solo,
            "null": self.null,
            "ramsch": self.ramsch,
            "pass": lambda c: PassHand(**c),
        }
        hand = builders[kind](common)
        return hand if self.ok else None

    def common(self) -> dict[str, Any]:
        doublers, doubler_names = self.doublers()
        sitting_out = self.names("sitting_out") if "sitting_out" in self.item else None
        return dict(
            dealer=self.name("dealer", required=False),
            sitting_out=sitting_out,
            doublers=doublers,
            doubler_names=doubler_names,
            last_hand=self.flag("last_hand"),
            misplays=self.names("misplays"),
            note=self.text("note"),
        )

    def partners(self) -> tuple[str, ...]:
        """A pick's or a call game's partners: `partner` (one name) or `partners`."""
        if "partner" in self.item and "partners" in self.item:
            self.problem("partner", "give either partner or partners, not both")
        if "partner" in self.item:
            one = self.name("partner", required=False)
            return (one,) if one else ()
        return self.names("partners")

    def pick(self, common: dict[str, Any]) -> Hand | None:
        partners = self.partners()
        call = self.item.get("call")
        if call is not None and not isinstance(call, str):
            self.problem("call", "must be text such as 'ace-hearts' or 'alone'")
        picker = self.name("picker", required=True)
        points = self.whole("points")
        tricks = self.whole("tricks")
        if not self.ok or picker is None or points is None or tricks is None:
            return None
        return PickHand(
            **common, picker=picker, partners=partners, call=call, points=points, tricks=tricks
        )

    def leaster(self, common: dict[str, Any]) -> Hand | None:
        if "winner" in self.item and "winners" in self.item:
            self.problem("winner", "give either winner or winners, not both")
        if "winners" in self.item:
            winners = self.names("winners")
            if not winners:
                self.problem("winners", "name at least one winner")
        else:
            one = self.name("winner", required=True)
            winners = (one,) if one else ()
        points = self.name_map("points")
        tricks = self.name_map("tricks")
        if not self.ok:
            return None
        return LeasterHand(**common, winners=winners, points=points, tricks=tricks)

    # -- Schafkopf --------------------------------------------------------------------

    def game_fields(self) -> dict[str, Any] | None:
        """What a call game and a solo share: the declarer, points, tricks, Laufende,
        knocks, Kontra steps and the bid."""
        declarer = self.name("declarer", required=True)
        points = self.whole("points")
        tricks = self.whole("tricks")
        counts = {f: self.count(f) for f in ("laufende", "knocks", "kontra")}
        bid = self.item.get("bid")
        if bid is not None and not is_whole(bid):
            self.problem("bid", f"{show_value(bid)} is not a whole number")
            bid = None
        if declarer is None or points is None or tricks is None:
            return None
        return dict(declarer=declarer, points=points, tricks=tricks, bid=bid, **counts)

    def call(self, common: dict[str, Any]) -> Hand | None:
        partners = self.partners()
        shared = self.game_fields()
        forced, renonce = self.flag("forced"), self.flag("renonce")
        if not self.ok or shared is None:
            return None
        return CallHand(**common, **shared, partners=partners, forced=forced, renonce=renonce)

    def solo(self, common: dict[str, Any]) -> Hand | None:
        game = self.item.get("game", "solo")
        if not isinstance(game, str):
            self.problem("game", "must be text such as 'solo', 'wenz' or 'geier'")
        shared = self.game_fields()
        tout, sie = self.flag("tout"), self.flag("sie")
        if not self.ok or shared is None:
            return None
        return SoloHand(**common, **shared, game=game, tout=tout, sie=sie)

    def null(self, common: dict[str, Any]) -> Hand | None:
        declarer = self.name("declarer", required=True)
        tricks = self.whole("tricks")
        knocks, kontra = self.count("knocks"), self.count("kontra")
        if not self.ok or declarer is None or tricks is None:
            return None
        return NullHand(**common, declarer=declarer, tricks=tricks, knocks=knocks, kontra=kontra)

    def ramsch(self, common: dict[str, Any]) -> Hand | None:
        points = self.name_map("points")
        tricks = self.name_map("tricks")
        for key, value in (("points", points), ("tricks", tricks)):
            if value is None and self.item.get(key) is None:
                self.problem(key, f"missing: give every player's {key} in the Ramsch")
        loser = self.name("loser", required=False)
        knocks = self.count("knocks")
        if not self.ok or points is None or tricks is None:
            return None
        return RamschHand(**common, points=points, tricks=tricks, loser=loser, knocks=knocks)

    # -- field readers ---------------------------------------------------------------

    def resolve(self, field: str, value: Any) -> str | None:
        """The seated player a name in a hand means (names compared in their stored
        form, so "Ａｎｎ" is Ann), or None with the problem added."""
        if not isinstance(value, str) or not fold_name(value):
            self.problem(field, f"{show_value(value)} is not a player's name")
            return None
        typed, problem = clean_name(value)
        if self.seated is None:
            if problem is not None:
                self.problem(field, problem)
            return typed if problem is None else None
        name = self.seated.get(name_key(typed))
        if name is None:
            self.problem(field, problem or f"{quoted(typed)} is not seated at this table")
        return name

    def name(self, field: str, *, required: bool) -> str | None:
        value = self.item.get(field)
        if value is None:
            if required:
                self.problem(field, "missing")
            return None
        return self.resolve(field, value)

    def names(self, field: str) -> tuple[str, ...]:
        value = self.item.get(field, [])
        if not isinstance(value, list):
            self.problem(field, "must be a list of names")
            return ()
        names = [self.resolve(field, v) for v in value]
        return tuple(n for n in names if n is not None)

    def name_map(self, field: str) -> dict[str, int] | None:
        value = self.item.get(field)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.problem(field, "must map each player's name to a whole number")
            return None
        result: dict[str, int] = {}
        for key, amount in value.items():
            name = self.resolve(field, key)
            if not is_whole(amount) or amount < 0:
                where = f"{field}.{key_name(key)}"
                self.problem(where, f"{show_value(amount)} is not a whole number of 0 or more")
            elif name is not None:
                result[name] = amount
        return result

    def whole(self, field: str) -> int | None:
        value = self.item.get(field)
        if value is None:
            self.problem(field, "missing")
            return None
        if not is_whole(value):
            self.problem(field, f"{show_value(value)} is not a whole number")
            return None
        return int(value)

    def count(self, field: str) -> int:
        """An optional count of 0 or more (Laufende, knocks, Kontra steps)."""
        value = self.item.get(field, 0)
        if not is_whole(value) or value < 0:
            self.problem(field, f"{show_value(value)} is not a count of 0 or more")
            return 0
        return int(value)

    def flag(self, field: str) -> bool:
        value = self.item.get(field, False)
        if not isinstance(value, bool):
            self.problem(field, f"{show_value(value)} is not true or false")
            return False
        return value

    def text(self, field: str) -> str:
        value = self.item.get(field, "")
        if not isinstance(value, str):
            self.problem(field, "must be text")
            return ""
        return value

    def doublers(self) -> tuple[int, tuple[str, ...]]:
        value = self.item.get("doublers", 0)
        if isinstance(value, list):
            if not all(isinstance(v, str) and fold_name(v) for v in value):
                self.problem("doublers", "must be a count or a list of doubler names")
                return 0, ()
            cleaned = [clean_name(v) for v in value]
            for problem in dict.fromkeys(p for _, p in cleaned if p is not None):
                self.problem("doublers", problem)
            names = tuple(name for name, _ in cleaned)
            count = len(names)
        elif is_whole(value) and value >= 0:
            names, count = (), int(value)
        else:
            self.problem("doublers", f"{show_value(value)} is not a count of 0 or more")
            return 0, ()
        if count > MAX_DOUBLERS:
            self.problem("doublers", f"{count} doublers on one hand; at most {MAX_DOUBLERS}")
        return count, names


def night_to_document(night: Night) -> dict[str, Any]:
    """The night document of a night: what `export` writes and `import` reads back."""
    document: dict[str, Any] = {"format": FORMAT}
    for key in INFO_FIELDS:
        value = getattr(night.info, key)
        if value is not None:
            document[key] = value
    document["rules"] = night.rules.to_document()
    document["players"] = list(night.players)
    document["hands"] = [hand_to_document(h) for h in night.hands]
    return document


def hand_to_document(hand: Hand) -> dict[str, Any]:
    """One hand in the night document's canonical form (defaults left out)."""
    out: dict[str, Any] = {"type": hand.type}
    if hand.dealer is not None:
        out["dealer"] = hand.dealer
    if hand.sitting_out is not None:
        out["sitting_out"] = list(hand.sitting_out)
    if isinstance(hand, PickHand):
        out |= {"picker": hand.picker, "partners": list(hand.partners)}
        if hand.call is not None:
            out["call"] = hand.call
        out |= {"points": hand.points, "tricks": hand.tricks}
    elif isinstance(hand, GameHand | NullHand | RamschHand):
        out |= _schafkopf_fields(hand)
    elif isinstance(hand, LeasterHand):
        if len(hand.winners) == 1:
            out["winner"] = hand.winners[0]
        else:
            out["winners"] = list(hand.winners)
        if hand.points is not None:
            out["points"] = dict(hand.points)
        if hand.tricks is not None:
            out["tricks"] = dict(hand.tricks)
    if hand.doubler_names:
        out["doublers"] = list(hand.doubler_names)
    elif hand.doublers:
        out["doublers"] = hand.doublers
    if hand.last_hand:
        out["last_hand"] = True
    if hand.misplays:
        out["misplays"] = list(hand.misplays)
    if hand.note:
        out["note"] = hand.note
    return out


def _schafkopf_fields(hand: GameHand | NullHand | RamschHand) -> dict[str, Any]:
    """A Schafkopf hand's own fields in canonical order, defaults left out."""
    out: dict[str, Any] = {}
    if isinstance(hand, RamschHand):
        out |= {"points": dict(hand.points), "tricks": dict(hand.tricks)}
        if hand.loser is not None:
            out["loser"] = hand.loser
        if hand.knocks:
            out["knocks"] = hand.knocks
        return out
    out["declarer"] = hand.declarer
    if isinstance(hand, CallHand):
        out["partners"] = list(hand.partners)
    if isinstance(hand, SoloHand) and hand.game != "solo":
        out["game"] = hand.game
    if isinstance(hand, GameHand):
        out["points"] = hand.points
    out["tricks"] = hand.tricks
    for key in ("laufende", "knocks", "kontra"):
        if getattr(hand, key, 0):
            out[key] = getattr(hand, key)
    if isinstance(hand, GameHand) and hand.bid is not None:
        out["bid"] = hand.bid
    for key in ("forced", "renonce", "tout", "sie"):
        if getattr(hand, key, False):
            out[key] = True
    return out


def read_hand(
    item: Any, players: tuple[str, ...], number: int = 1
) -> tuple[Hand | None, list[Problem]]:
    """Read one hand of a night document (its shape and names) for the given seats."""
    problems: list[Problem] = []
    seated = {name_key(p): p for p in players}
    hand = _HandReader(item, number, seated, problems).read()
    return (hand if not problems else None), problems
