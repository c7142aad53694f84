"""Hypothesis strategies: random valid night documents in every preset, random overrides."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, RuleSet, preset_rules

NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
CALL_BY_PARTNER = {
    "called-ace": ["ace-clubs", "ace-spades", "ace-hearts", "ten-hearts", "under-clubs"],
    "jack-of-diamonds": ["jack-of-diamonds", "jack-hearts"],
    "black-queens": ["black-queens"],
}


@st.composite
def overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Any house-rule overrides that keep the rules consistent."""
    chosen: dict[str, Any] = {}
    options = {
        "partner_units": st.integers(0, 3),
        "no_pick": st.sampled_from(["leaster", "doubler", "forced"]),
        "double_on_the_bump": st.booleans(),
        "no_trick_loss": st.sampled_from(["team", "picker-pays"]),
        "schneider_factor": st.integers(1, 4),
        "no_trick_factor": st.integers(1, 5),
        "leaster_units": st.integers(1, 3),
        "misplay_units": st.integers(1, 4),
        "misplay_multiplied": st.booleans(),
        "last_hand_doubler": st.booleans(),
        "doubler_stack": st.sampled_from(["stack", "multiply"]),
        "max_multiplier": st.sampled_from([0, 1, 2, 4, 8, 64]),
        "leaster_tie": st.sampled_from(["draw", "all-win", "void"]),
        "stake_cents": st.integers(0, 100),
    }
    for name in draw(st.sets(st.sampled_from(sorted(options)))):
        chosen[name] = draw(options[name])
    if draw(st.booleans()):
        low = draw(st.integers(0, 59))
        win = draw(st.integers(low + 1, 100))
        chosen |= {"schneidered_at": low, "win_at": win,
                   "schneider_at": draw(st.integers(win, 120))}  # fmt: skip
    return chosen


@st.composite
def pick_hand(draw: st.DrawFn, rules: RuleSet, active: list[str]) -> dict[str, Any]:
    picker = draw(st.sampled_from(active))
    partners: list[str] = []
    if rules.max_partners and draw(st.booleans()):
        partners = [draw(st.sampled_from([p for p in active if p != picker]))]
    tricks = draw(st.integers(0, rules.tricks))
    if tricks == rules.tricks:
        points = 120
    elif tricks == 0:
        points = draw(st.integers(0, 11 * rules.blind))
    else:
        points = draw(st.integers(0, 120))
    hand = {"type": "pick", "picker": picker, "partners": partners,
            "points": points, "tricks": tricks}  # fmt: skip
    if partners and rules.partner in CALL_BY_PARTNER:
        hand["call"] = draw(st.sampled_from(CALL_BY_PARTNER[rules.partner]))
    elif not partners and draw(st.booleans()):
        hand["call"] = "alone"
    return hand


@st.composite
def leaster_hand(draw: st.DrawFn, rules: RuleSet, active: list[str]) -> dict[str, Any]:
    most = 1 if rules.leaster_tie == "draw" else 2
    winners = draw(st.lists(st.sampled_from(active), min_size=1, max_size=most, unique=True))
    if len(winners) == 1:
        return {"type": "leaster", "winner": winners[0]}
    return {"type": "leaster", "winners": winners}


@st.composite
def hand(draw: st.DrawFn, rules: RuleSet, players: list[str], number: int) -> dict[str, Any]:
    dealer = players[number % len(players)]
    extra = len(players) - rules.dealt_in
    out: list[str] = []
    if extra:
        start = players.index(dealer)
        out = [players[(start + i) % len(players)] for i in range(extra)]
    active = [p for p in players if p not in out]
    kinds = ["pick", "pick", "pick", "misplay"]
    if rules.no_pick != "forced":
        kinds += ["leaster", "no-pick"]
    kind = draw(st.sampled_from(kinds))
    if kind == "pick":
        record = draw(pick_hand(rules, active))
    elif kind == "leaster":
        record = draw(leaster_hand(rules, active))
    else:
        record = {"type": kind}
    record["dealer"] = dealer
    if extra > 1:
        record["sitting_out"] = out
    if kind != "no-pick" and (kind == "misplay" or draw(st.integers(0, 9)) == 0):
        record["misplays"] = draw(st.lists(st.sampled_from(active), min_size=1, max_size=2,
                                           unique=True))  # fmt: skip
    doublers = draw(st.sampled_from([0, 0, 0, 1, 2, ["crack"], ["crack", "re-crack"]]))
    if doublers:
        record["doublers"] = doublers
    if draw(st.integers(0, 9)) == 0:
        record["last_hand"] = True
    return record


@st.composite
def night_documents(draw: st.DrawFn, max_hands: int = 12) -> dict[str, Any]:
    """A random valid night document: any preset, any overrides, 0 to max_hands hands."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    changed = draw(overrides())
    rules = preset_rules(preset)
    for key, value in changed.items():
        rules = _with(rules, key, value)
    seated = draw(st.integers(rules.dealt_in, min(8, rules.dealt_in + 2)))
    players = NAMES[:seated]
    count = draw(st.integers(0, max_hands))
    hands = [draw(hand(rules, players, n)) for n in range(count)]
    document_rules: Any = {"preset": preset, **changed} if changed else preset
    return {"format": "sheepshead-night/1", "rules": document_rules,
            "players": players, "hands": hands}  # fmt: skip


def _with(rules: RuleSet, key: str, value: Any) -> RuleSet:
    from dataclasses import replace

    return replace(rules, **{key: value})
