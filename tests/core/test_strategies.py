"""The property tests' nights (tests/strategies.py) reach every house-rule option each
game declares, every value of the new ones, and the result hand, at both games: an
invariant checked over them is checked over these too."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from scorekeeper.document import load_night
from scorekeeper.games import game_named, parse_rules
from tests.strategies import (
    HELD,
    game_overrides,
    night_documents,
    schafkopf_hand,
    schafkopf_night_documents,
)

# Deterministic, and the first example found is enough (no shrinking it to the simplest).
QUICK = settings(
    max_examples=1_000,
    suppress_health_check=list(HealthCheck),
    database=None,
    deadline=None,  # what is drawn, never how fast: a loaded machine draws the same
    derandomize=True,
    phases=[Phase.generate],
)


def reached(strategy: Any, condition: Any) -> None:
    """STRATEGY draws something CONDITION holds for (find raises when it never does)."""
    find(strategy, condition, settings=QUICK)


@pytest.mark.parametrize("game", ["sheepshead", "schafkopf"])
def test_every_option_a_game_declares_is_drawn(game: str) -> None:
    for option in game_named(game).options:
        if option.name not in HELD:
            reached(game_overrides(game), lambda chosen, n=option.name: n in chosen)


@pytest.mark.parametrize(
    ("game", "option", "value"),
    [
        ("sheepshead", "sixty_doubles_next", True),
        ("sheepshead", "leaster_pay", "loser-pays"),
        ("sheepshead", "no_pick_dealer", "same"),
        ("schafkopf", "leaster_pay", "loser-pays"),
        ("schafkopf", "pot_to", "side"),
        ("schafkopf", "tariff_schneider", None),
    ],
)
def test_the_new_options_values_are_drawn(game: str, option: str, value: Any) -> None:
    reached(game_overrides(game), lambda chosen: option in chosen and chosen[option] == value)


def test_solos_and_extras_priced_apart_are_drawn() -> None:
    reached(game_overrides("schafkopf"), lambda chosen: bool(chosen.get("tariff_games")))
    reached(game_overrides("schafkopf"), lambda chosen: chosen.get("tariff_schwarz") is not None)


def _has(kind: str, test: Any = lambda hand: True) -> Any:
    return lambda document: any(h["type"] == kind and test(h) for h in document["hands"])


@pytest.mark.parametrize("nights", [night_documents, schafkopf_night_documents])
def test_result_hands_and_a_night_s_money_are_drawn(nights: Any) -> None:
    reached(nights(max_hands=4), _has("result", lambda hand: hand.get("hands", 1) > 1))
    reached(nights(max_hands=2), lambda d: bool(d.get("payments")) and d.get("closed") is True)


def _preset(document: dict[str, Any]) -> str:
    rules = document["rules"]
    return rules if isinstance(rules, str) else rules["preset"]


def test_loser_pays_leasters_the_short_deck_and_a_shared_pot_are_drawn() -> None:
    reached(night_documents(max_hands=4), _has("leaster", lambda hand: "loser" in hand))
    reached(
        schafkopf_night_documents(max_hands=4),
        lambda d: _preset(d) == "schafkopf-short" and _has("call")(d),
    )
    reached(
        schafkopf_night_documents(max_hands=6),
        lambda d: (
            d["rules"].get("pot_to") == "side" and _has("pass")(d) and _has("call")(d)
            if isinstance(d["rules"], dict)
            else False
        ),
    )


@pytest.mark.parametrize("seated", [4, 5, 6, 7])
@settings(max_examples=40, deadline=None, database=None)
@given(data=st.data())
def test_schafkopf_hands_are_drawn_for_any_table_a_player_joined(
    seated: int, data: st.DataObject
) -> None:
    """A Schafkopf night another player joined (more seated than five) still gets hands
    its rules accept: those sitting out named (the store's property tests draw them)."""
    rules, _ = parse_rules("schafkopf-10-50")  # Ramsch when all pass: points for everyone
    assert rules is not None
    players = ["Ann", "Bob", "Cal", "Dee", "Eve", "Ivy", "Max"][:seated]
    hands = [data.draw(schafkopf_hand(rules, players, n)) for n in range(seated)]
    document = {
        "format": "sheepshead-night/1",
        "rules": "schafkopf-10-50",
        "players": players,
        "hands": hands,
    }
    night, problems = load_night(document)
    assert not problems and night is not None
