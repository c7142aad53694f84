"""The keyboard property: a random valid hand of either game, typed key by key into the
real entry form exactly as the manual (docs/manual.md) says to type it, is recorded
exactly as meant.

Every hand type; players by seat digit, by whole name (any case) and by the shortest
start that names them; partners named or 0 for alone; points 0 to 120 (0, 1-12 and 120
drawn often); tricks typed, or the proposal taken with Enter where it is right.
The manual's rules of typing, as this test follows them:

- a seat digit moves on by itself; a name, or its start, is followed by Tab;
- points, and every other number, are followed by Tab (or typed last, before Enter);
- Alt+letter chooses the hand type, Alt+D "defenders' points", the last hand's Alt
  letter (Alt+I at Sheepshead, Alt+A at Schafkopf) "last hand", Alt+C the cracks;
- a choice (a solo's game, Kontra, Tout) is typed as the start of its words;
- Enter saves.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from scorekeeper.document import hand_to_document, read_hand
from scorekeeper.games import parse_rules
from scorekeeper.games.cards import CARD_POINTS
from scorekeeper.games.schafkopf.tariff import SOLO_GAMES
from scorekeeper.store import night_import
from scorekeeper.validation import validate_hand
from tests.sheet import night_doc

EXAMPLES = int(os.environ.get("SCOREKEEPER_TYPING_EXAMPLES", "70"))
RUN = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=False,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)
# Names that share their starts, so a prefix must be long enough to name one player.
NAMES = ["Ann", "Anna", "Bob", "Dee", "Dan", "Cal"]


def resolves_to(text: str, players: list[str]) -> str | None:
    """Whom TEXT names, by the manual's rule: a whole name (any case), else the start of
    exactly one name."""
    key = text.casefold()
    exact = [p for p in players if p.casefold() == key]
    if exact:
        return exact[0]
    starts = [p for p in players if p.casefold().startswith(key)]
    return starts[0] if len(starts) == 1 else None


def shortest_start(name: str, players: list[str]) -> str:
    return next(name[:k] for k in range(1, len(name) + 1) if resolves_to(name[:k], players) == name)


class Typist:
    """Types a hand the manual's way, drawing how to name each player."""

    def __init__(self, keyboard: Any, data: Any, players: list[str], form: Any) -> None:
        self.keyboard, self.data, self.players = keyboard, data, players
        found = re.search(r"&(\w)", form.last_hand.text())
        assert found is not None, "the last hand's check box has its Alt letter"
        self.last_hand_key = found.group(1).upper()

    def seat(self, name: str | None) -> None:
        """A player (or, None, 0 for alone)."""
        if name is None:
            self.keyboard.type("0")
            return
        how = self.data.draw(st.sampled_from(["seat", "whole", "lower", "start"]))
        if how == "seat":
            self.keyboard.type(str(self.players.index(name) + 1))
            return
        text = {"whole": name, "lower": name.lower(), "start": shortest_start(name, self.players)}[
            how
        ]
        self.keyboard.type(text)
        self.keyboard.press(Qt.Key.Key_Tab)

    def number(self, value: int) -> None:
        self.keyboard.type(str(value))
        self.keyboard.press(Qt.Key.Key_Tab)

    def tricks(self, field: Any, value: int) -> None:
        """Take the proposal (nothing to type) when it is right, or type the tricks."""
        if field.text() == str(value) and self.data.draw(st.booleans()):
            return
        self.keyboard.type(str(value))

    def alt(self, letter: str) -> None:
        self.keyboard.alt(getattr(Qt.Key, f"Key_{letter}"))

    def misplayer_and_last_hand(self, hand: dict[str, Any]) -> None:
        """What both games' hands end with: who misplayed (a misplay), the last hand's
        Alt letter (the last)."""
        if hand["type"] == "misplay":
            self.seat(hand["misplays"][0])
        if hand.get("last_hand"):
            self.alt(self.last_hand_key)


def canonical(hand: dict[str, Any], players: list[str], rules: Any, number: int) -> dict[str, Any]:
    parsed, problems = read_hand(hand, tuple(players), rules, number)
    assert parsed is not None, problems
    return hand_to_document(parsed)


def valid(hand: dict[str, Any], rules: Any, players: list[str], number: int) -> bool:
    parsed, problems = read_hand(hand, tuple(players), rules, number)
    return parsed is not None and not problems and not validate_hand(parsed, rules, tuple(players))


def assert_recorded_as_meant(
    window: Any,
    database: Any,
    night_id: int,
    type_it: Callable[[], None],
    hand: dict[str, Any],
    players: list[str],
    number: int,
) -> None:
    """Type a hand into a fresh form, press Enter, and check that the database holds
    HAND, the hand meant, as the night document writes it."""
    before = len(window.session.view.lines)
    type_it()
    window.keyboard_enter()
    assert len(window.session.view.lines) == before + 1, window.entry.problems
    stored = dict(night_import.export_night(database, night_id=night_id)["hands"][-1])
    assert stored == canonical(hand, players, window.session.view.rules, number)


def run_every_example(window: Any, typed: Callable[[], None]) -> None:
    """Run the property; each example records one hand, so the night shows that none
    was thrown away for want of valid hands."""
    typed()
    assert len(window.session.view.lines) >= EXAMPLES


@pytest.fixture
def night(database: Any, open_window: Any, keyboard: Any) -> Callable[..., Any]:
    def make(rules: dict[str, Any], players: list[str]) -> tuple[Any, int, Any]:
        night_id = night_import.import_night(database, night_doc(rules, [], players))
        window = open_window(database, night_id)
        window.keyboard_enter = keyboard.enter
        parsed, _ = parse_rules(rules)
        return window, night_id, parsed

    return make


def fresh(window: Any) -> tuple[int, str | None]:
    """A clean form for the next hand: its number and the dealer it proposes."""
    window.entry.start_new()
    window.focus_entry()
    return window.entry.number, window.entry.dealer.value


SHEEPSHEAD = [
    ({"preset": "classic-5"}, NAMES[:5]),
    ({"preset": "classic-5", "no_pick": "doubler"}, NAMES[:5]),
    ({"preset": "jack-of-diamonds-5"}, NAMES[:5]),
    ({"preset": "cutthroat-4"}, NAMES[:4]),
    ({"preset": "three-handed"}, ["Ann", "Bob", "Dee"]),
    ({"preset": "six-handed"}, NAMES),
]


@pytest.mark.parametrize(("rules", "players"), SHEEPSHEAD, ids=lambda v: str(v)[:40])
def test_a_typed_sheepshead_hand_is_recorded_exactly(
    night, keyboard, database, rules, players
) -> None:
    window, night_id, ruleset = night(rules, players)

    @RUN
    @given(data=st.data())
    def typed(data: Any) -> None:
        number, dealer = fresh(window)
        typist = Typist(keyboard, data, players, window.entry)
        kind = data.draw(st.sampled_from(["pick", "pick", "pick", "leaster", "no-pick", "misplay"]))
        hand: dict[str, Any] = {"type": kind, "dealer": dealer}
        extra: dict[str, Any] = {}
        if kind == "pick":
            picker = data.draw(st.sampled_from(players))
            partner = None
            if ruleset.max_partners:
                partner = data.draw(st.sampled_from([None, *[p for p in players if p != picker]]))
            points = data.draw(
                st.one_of(
                    st.just(0),
                    st.integers(1, 12),
                    st.just(CARD_POINTS),
                    st.integers(0, CARD_POINTS),
                )
            )
            tricks = data.draw(st.integers(0, ruleset.tricks))
            hand |= {
                "picker": picker,
                "partners": [partner] if partner else [],
                "points": points,
                "tricks": tricks,
            }
            if ruleset.max_partners and partner is None:
                hand["call"] = "alone"
            extra = {"defenders": data.draw(st.booleans()), "cracks": data.draw(st.integers(0, 2))}
            if extra["cracks"]:
                hand["doublers"] = extra["cracks"]
        elif kind == "leaster":
            hand["winner"] = data.draw(st.sampled_from(players))
        elif kind == "misplay":
            hand["misplays"] = [data.draw(st.sampled_from(players))]
        if kind != "no-pick" and data.draw(st.booleans()):
            hand["last_hand"] = True
        assume(valid(hand, ruleset, players, number))

        def type_it() -> None:
            letter = {"pick": "P", "leaster": "S", "no-pick": "Y", "misplay": "M"}[kind]
            typist.alt(letter)
            if kind == "pick":
                if extra["defenders"]:
                    typist.alt("D")
                typist.seat(hand["picker"])
                if ruleset.max_partners:
                    typist.seat(hand["partners"][0] if hand["partners"] else None)
                shown = CARD_POINTS - hand["points"] if extra["defenders"] else hand["points"]
                typist.number(shown)
                typist.tricks(window.entry.tricks, hand["tricks"])
                if extra["cracks"]:
                    typist.alt("C")
                    keyboard.type(str(extra["cracks"]))
            elif kind == "leaster":
                typist.seat(hand["winner"])
            typist.misplayer_and_last_hand(hand)

        assert_recorded_as_meant(window, database, night_id, type_it, hand, players, number)

    run_every_example(window, typed)


def _game_start(key: str) -> str:
    """The shortest start of a solo game's words that no other game's words share."""
    texts = [f"{g.name} ({g.meaning})" for g in SOLO_GAMES]
    text = next(t for g, t in zip(SOLO_GAMES, texts, strict=True) if g.key == key)
    return next(
        text[:k]
        for k in range(1, len(text) + 1)
        if [t for t in texts if t.startswith(text[:k])] == [text]
    )


def test_a_typed_schafkopf_hand_is_recorded_exactly(night, keyboard, database) -> None:
    players = ["Ann", "Anna", "Bob", "Dee"]
    window, night_id, ruleset = night({"preset": "schafkopf", "all_pass": "ramsch"}, players)

    @RUN
    @given(data=st.data())
    def typed(data: Any) -> None:
        number, dealer = fresh(window)
        typist = Typist(keyboard, data, players, window.entry)
        kind = data.draw(st.sampled_from(["call", "call", "solo", "null", "ramsch", "misplay"]))
        hand: dict[str, Any] = {"type": kind, "dealer": dealer}
        if kind in ("call", "solo", "null"):
            declarer = data.draw(st.sampled_from(players))
            hand["declarer"] = declarer
            hand["tricks"] = data.draw(st.integers(0, 8))
            kontra = data.draw(st.sampled_from([0, 0, 1, 2]))
            knocks = data.draw(st.sampled_from([0, 0, 1, 2]))
            if kontra:
                hand["kontra"] = kontra
            if knocks:
                hand["knocks"] = knocks
        if kind in ("call", "solo"):
            points = st.one_of(
                st.just(0), st.integers(1, 12), st.just(CARD_POINTS), st.integers(0, CARD_POINTS)
            )
            hand["points"] = data.draw(points)
            laufende = data.draw(st.sampled_from([0, 0, 2, 3, 4]))
            if laufende:
                hand["laufende"] = laufende
        if kind == "call":
            hand["partners"] = [data.draw(st.sampled_from([p for p in players if p != declarer]))]
        if kind == "solo":
            hand["game"] = data.draw(st.sampled_from([g.key for g in SOLO_GAMES]))
            if data.draw(st.integers(0, 5)) == 0:
                hand["tout"] = True
        if kind == "ramsch":
            tricks = data.draw(
                st.lists(st.integers(0, 8), min_size=4, max_size=4).filter(lambda t: sum(t) == 8)
            )
            cuts = sorted(data.draw(st.lists(st.integers(0, 120), min_size=3, max_size=3)))
            points = [b - a for a, b in zip([0, *cuts], [*cuts, 120], strict=True)]
            hand["points"] = dict(zip(players, points, strict=True))
            hand["tricks"] = dict(zip(players, tricks, strict=True))
            top = max(points)
            tied = [p for p, n in zip(players, points, strict=True) if n == top]
            if len(tied) > 1:
                hand["loser"] = data.draw(st.sampled_from(tied))
        if kind == "misplay":
            hand["misplays"] = [data.draw(st.sampled_from(players))]
        if data.draw(st.booleans()):
            hand["last_hand"] = True
        assume(valid(hand, ruleset, players, number))

        def after_tricks() -> None:
            """Laufende, knocks, Kontra, the bid and Tout follow the tricks, a Tab apart, in
            the order the form reads (a Null's Kontra beside its knocks, first)."""
            order = ["laufende", "knocks", "kontra", "bid", "tout"]
            if kind == "null":
                order = ["kontra", "knocks"]
            wanted = [k for k in order if hand.get(k)]
            if not wanted:
                return
            for key in order[: order.index(wanted[-1]) + 1]:
                keyboard.press(Qt.Key.Key_Tab)
                if hand.get(key):
                    keyboard.type("T" if key == "tout" else str(hand[key]))

        def type_it() -> None:
            letter = {"call": "C", "solo": "O", "null": "U", "ramsch": "R", "misplay": "M"}[kind]
            typist.alt(letter)
            if kind in ("call", "solo", "null"):
                typist.seat(hand["declarer"])
            if kind == "call":
                typist.seat(hand["partners"][0])
            if kind == "solo":
                keyboard.type(_game_start(hand["game"]))
                keyboard.press(Qt.Key.Key_Tab)
            if kind in ("call", "solo"):
                typist.number(hand["points"])
            if kind in ("call", "solo", "null"):
                typist.tricks(window.entry.tricks, hand["tricks"])
                after_tricks()
            if kind == "ramsch":
                keyboard.type(" ".join(str(hand["points"][p]) for p in players))
                keyboard.press(Qt.Key.Key_Tab)
                keyboard.type(" ".join(str(hand["tricks"][p]) for p in players))
                if "loser" in hand:
                    keyboard.press(Qt.Key.Key_Tab)
                    typist.seat(hand["loser"])
            typist.misplayer_and_last_hand(hand)

        assert_recorded_as_meant(window, database, night_id, type_it, hand, players, number)

    run_every_example(window, typed)
