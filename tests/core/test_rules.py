"""House rules and presets exactly as `docs/rules/sheepshead.md` describes them."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from scorekeeper.games import all_presets, parse_rules, preset_rules
from scorekeeper.games.sheepshead.rules import PRESETS, SheepsheadRules

SHEEPSHEAD_PRESETS = tuple(PRESETS)

# The preset table of `docs/rules/sheepshead.md`, row by row.
PRESET_TABLE = """
classic-5          5 6  2 called-ace       leaster picker-pays false
jack-of-diamonds-5 5 6  2 jack-of-diamonds leaster picker-pays false
cutthroat-4        4 7  4 none             leaster team        false
partners-4         4 8  0 black-queens     forced  team        false
three-handed       3 10 2 none             leaster team        false
six-handed         6 5  2 jack-of-diamonds leaster team        false
seven-handed       7 4  4 black-queens     forced  team        false
penny              5 6  2 called-ace       leaster team        true
"""

DEFAULTS = dict(
    partner_units=1,
    no_pick="leaster",
    double_on_the_bump=False,
    no_trick_loss="team",
    win_at=61,
    schneider_at=91,
    schneidered_at=30,
    schneider_factor=2,
    no_trick_factor=3,
    leaster_units=1,
    misplay_units=1,
    misplay_multiplied=False,
    last_hand_doubler=True,
    doubler_stack="stack",
    sixty_doubles_next=False,
    no_pick_dealer="next",
    max_redeals=3,
    max_multiplier=0,
    leaster_tie="draw",
    stake_cents=5,
)


@pytest.mark.parametrize("row", PRESET_TABLE.strip().splitlines(), ids=lambda r: r.split()[0])
def test_every_preset_sets_its_row_of_the_table(row: str) -> None:
    name, dealt, tricks, blind, partner, no_pick, no_trick, bump = row.split()
    rules = preset_rules(name)
    assert (rules.dealt_in, rules.tricks, rules.blind) == (int(dealt), int(tricks), int(blind))
    assert (rules.partner, rules.no_pick, rules.no_trick_loss) == (partner, no_pick, no_trick)
    assert rules.double_on_the_bump is (bump == "true")


def test_the_presets_are_exactly_those_of_the_spec() -> None:
    names = {row.split()[0] for row in PRESET_TABLE.strip().splitlines()}
    assert set(SHEEPSHEAD_PRESETS) == names


def test_every_other_option_has_its_default() -> None:
    for name in SHEEPSHEAD_PRESETS:
        options = preset_rules(name).options()
        for key, default in DEFAULTS.items():
            if key not in PRESETS[name]:
                assert options[key] == default, (name, key)


def test_every_option_is_declared_once_with_a_meaning() -> None:
    names = [f.name for f in fields(SheepsheadRules) if f.name != "preset"]
    options = {o.name: o for o in SheepsheadRules.declared()}
    assert sorted(names) == sorted(options)
    assert all(options[n].meaning for n in names)


@pytest.mark.parametrize("name", sorted(all_presets()))
def test_a_rule_set_survives_json_exactly(name: str) -> None:
    rules, _ = parse_rules({"preset": name, "stake_cents": 25, "max_multiplier": 8})
    assert rules is not None
    stored = json.loads(json.dumps(rules.to_json()))
    assert parse_rules(stored) == (rules, [])
    assert rules.to_document() == {"preset": name, "stake_cents": 25, "max_multiplier": 8}


def test_a_preset_name_alone_is_the_preset() -> None:
    assert parse_rules("penny") == (preset_rules("penny"), [])
    assert preset_rules("penny").to_document() == "penny"


@pytest.mark.parametrize(
    ("rules", "field", "words"),
    [
        ("classic-6", "rules.preset", "is not a preset"),
        ({"stake_cents": 5}, "rules.preset", "missing"),
        ({"preset": "classic-5", "stakes": 5}, "rules.stakes", "not a house-rule option"),
        ({"preset": "classic-5", "no_pick": "pass"}, "rules.no_pick", "is not one of"),
        ({"preset": "classic-5", "stake_cents": -1}, "rules.stake_cents", "not between 0"),
        ({"preset": "classic-5", "stake_cents": 2.5}, "rules.stake_cents", "whole number"),
        ({"preset": "classic-5", "last_hand_doubler": "yes"}, "rules.last_hand_doubler", "true"),
        ({"preset": "classic-5", "max_multiplier": 6}, "rules.max_multiplier", "power of 2"),
        ({"preset": "classic-5", "win_at": 95}, "rules.win_at", "schneider_at"),
        ({"preset": "classic-5", "dealt_in": 6}, "rules.tricks", "deck has 32"),
        (["classic-5"], "rules", "preset name"),
    ],
)
def test_bad_rules_name_the_option(rules: object, field: str, words: str) -> None:
    parsed, problems = parse_rules(rules)
    assert parsed is None
    assert [p.field for p in problems] == [field]
    assert words in problems[0].message
