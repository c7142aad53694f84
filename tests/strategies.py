"""Hypothesis strategies: random valid night documents in every preset, random overrides."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.games import game_named, parse_rules, preset_rules
from scorekeeper.rules import Option, RuleSet

SHEEPSHEAD_PRESETS = game_named("sheepshead").presets

NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
# Notes as tables write them: plain, with markup-like and non-Latin text.
NOTES = st.sampled_from(["late deal", "Ann's crack <b>&", "Łukasz dealt twice", "z"])
CALL_BY_PARTNER = {
    "called-ace": ["ace-clubs", "ace-spades", "ace-hearts", "ten-hearts", "under-clubs"],
    "jack-of-diamonds": ["jack-of-diamonds", "jack-hearts"],
    "black-queens": ["black-queens"],
}


def option_values(option: Option) -> st.SearchStrategy[Any]:
    """Any value of OPTION, read from its declaration (numbers in the lower part of its
    range: up to 100, as the tables set stakes, tariffs and factors)."""
    if option.is_bool:
        return st.booleans()
    if option.many:
        return st.lists(st.sampled_from(option.choices), unique=True)
    if option.choices:
        return st.sampled_from(option.choices)
    numbers = st.integers(option.minimum, min(option.maximum, option.minimum + 100))
    if option.keys:
        return st.fixed_dictionaries({}, optional=dict.fromkeys(option.keys, numbers))
    if option.follows:  # null: the value of the option it follows
        return st.none() | numbers
    return numbers


# Options the strategies set together, or leave to the preset: the deal (it must use the
# whole deck), the partner rule (the hands' calls follow it), the win and schneider
# thresholds (they must stay in order), and a cap on the multiplier (a power of 2).
HELD = frozenset(
    {"dealt_in", "tricks", "blind", "partner", "win_at", "schneider_at", "schneidered_at"}
)
CAPS = st.sampled_from([0, 1, 2, 4, 8, 64])


@st.composite
def game_overrides(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """Any house-rule overrides of GAME's options that keep its rules consistent: every
    option the game declares (`scorekeeper.games`), so a new one is drawn too."""
    options = {o.name: option_values(o) for o in game_named(game).options if o.name not in HELD}
    if "max_multiplier" in options:
        options["max_multiplier"] = CAPS
    return {n: draw(options[n]) for n in draw(st.sets(st.sampled_from(sorted(options))))}


@st.composite
def overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Any Sheepshead house-rule overrides that keep the rules consistent."""
    chosen: dict[str, Any] = draw(game_overrides("sheepshead"))
    if draw(st.booleans()):
        low = draw(st.integers(0, 59))
        win = draw(st.integers(low + 1, 100))
        chosen |= {
            "schneidered_at": low,
            "win_at": win,
            "schneider_at": draw(st.integers(win, 120)),
        }
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
    hand = {
        "type": "pick",
        "picker": picker,
        "partners": partners,
        "points": points,
        "tricks": tricks,
    }
    if partners and rules.partner in CALL_BY_PARTNER:
        hand["call"] = draw(st.sampled_from(CALL_BY_PARTNER[rules.partner]))
    elif not partners and draw(st.booleans()):
        hand["call"] = "alone"
    return hand


@st.composite
def leaster_hand(draw: st.DrawFn, rules: RuleSet, active: list[str]) -> dict[str, Any]:
    """A leaster: its winner (or tied winners), or under `leaster_pay` loser-pays its
    loser, sometimes with every player's points (the loser's the most)."""
    if rules.leaster_pay == "loser-pays":
        loser = draw(st.sampled_from(active))
        record: dict[str, Any] = {"type": "leaster", "loser": loser}
        if draw(st.booleans()):
            others = [p for p in active if p != loser]
            parts = _split(draw, 120, len(active), [False] * len(active))
            parts.sort(reverse=True)
            record["points"] = {loser: parts[0], **dict(zip(others, parts[1:], strict=True))}
        return record
    if draw(st.integers(0, 3)) == 0:
        return draw(leaster_with_points(rules, active))
    most = 1 if rules.leaster_tie == "draw" else 2
    winners = draw(st.lists(st.sampled_from(active), min_size=1, max_size=most, unique=True))
    if len(winners) == 1:
        record = {"type": "leaster", "winner": winners[0]}
        if rules.pays_a_second and draw(st.booleans()):
            record["second"] = draw(st.sampled_from([p for p in active if p != winners[0]]))
        return record
    return {"type": "leaster", "winners": winners}


@st.composite
def leaster_with_points(draw: st.DrawFn, rules: RuleSet, active: list[str]) -> dict[str, Any]:
    """A leaster won by the fewest points, every player's points given (each took a
    trick: 1 to 120 points), and sometimes their tricks: the winner, or every player
    tied with it where a tie wins together; the second the next fewest, sometimes."""
    points = dict(zip(active, _split(draw, 120, len(active), [False] * len(active)), strict=True))
    fewest = min(points.values())
    tied = [p for p in active if points[p] == fewest]
    record: dict[str, Any] = {"type": "leaster", "points": points}
    if rules.leaster_tie == "draw" or len(tied) == 1:
        record["winner"] = draw(st.sampled_from(tied))
        rest = [p for p in active if p != record["winner"]]
        least = min(points[p] for p in rest)
        if rules.pays_a_second and draw(st.booleans()):
            record["second"] = draw(st.sampled_from([p for p in rest if points[p] == least]))
    else:
        record["winners"] = tied
    if draw(st.booleans()) and rules.tricks >= len(active):
        record["tricks"] = dict(
            zip(active, _split(draw, rules.tricks, len(active), [False] * len(active)), strict=True)
        )
    return record


@st.composite
def result_hand(draw: st.DrawFn, active: list[str]) -> dict[str, Any]:
    """A result hand: some active players' points, summing to zero, for 1 or more hands."""
    named = draw(st.lists(st.sampled_from(active), min_size=1, max_size=len(active), unique=True))
    points = {p: draw(st.integers(-60, 60)) for p in named[:-1]}
    points[named[-1]] = -sum(points.values())
    record: dict[str, Any] = {"type": "result", "points": points}
    if draw(st.booleans()):
        record["hands"] = draw(st.integers(1, 40))
    if draw(st.integers(0, 4)) == 0:
        record["note"] = "from the paper sheet"
    return record


@st.composite
def hand(draw: st.DrawFn, rules: RuleSet, players: list[str], number: int) -> dict[str, Any]:
    dealer = players[number % len(players)]
    extra = len(players) - rules.dealt_in
    out: list[str] = []
    if extra:
        start = players.index(dealer)
        out = [players[(start + i) % len(players)] for i in range(extra)]
    active = [p for p in players if p not in out]
    kinds = ["pick", "pick", "pick", "misplay", "result"]
    if rules.no_pick != "forced":
        kinds += ["leaster", "no-pick"]
    kind = draw(st.sampled_from(kinds))
    if kind == "pick":
        record = draw(pick_hand(rules, active))
    elif kind == "leaster":
        record = draw(leaster_hand(rules, active))
    elif kind == "result":
        record = draw(result_hand(active))
    else:
        record = {"type": kind}
    record["dealer"] = dealer
    if extra > 1:
        record["sitting_out"] = out
    if kind == "result":
        return record  # it scores exactly its points: nothing doubles it, nobody misplays
    if kind != "no-pick" and (kind == "misplay" or draw(st.integers(0, 9)) == 0):
        record["misplays"] = draw(
            st.lists(st.sampled_from(active), min_size=1, max_size=2, unique=True)
        )
    doublers = draw(st.sampled_from([0, 0, 0, 1, 2, ["crack"], ["crack", "re-crack"]]))
    if doublers:
        record["doublers"] = doublers
    if draw(st.integers(0, 9)) == 0:
        record["last_hand"] = True
    if draw(st.integers(0, 7)) == 0:
        record["note"] = draw(NOTES)
    return record


@st.composite
def money(draw: st.DrawFn, players: list[str]) -> dict[str, Any]:
    """A night's `closed` and `payments`, sometimes (between seated players, or to a
    person who was not at the table)."""
    out: dict[str, Any] = {}
    if draw(st.booleans()):
        out["closed"] = draw(st.booleans())
    if draw(st.booleans()):
        people = [*players, "Zoë Treasurer"]
        payments = []
        for _ in range(draw(st.integers(0, 3))):
            payer, payee = draw(
                st.lists(st.sampled_from(people), min_size=2, max_size=2, unique=True)
            )
            payment: dict[str, Any] = {
                "from": payer,
                "to": payee,
                "cents": draw(st.integers(1, 500)),
            }
            if draw(st.booleans()):
                payment["date"] = "2026-11-24"
            payments.append(payment)
        out["payments"] = payments
    return out


@st.composite
def night_documents(draw: st.DrawFn, max_hands: int = 12) -> dict[str, Any]:
    """A random valid night document: any preset, any overrides, 0 to max_hands hands."""
    preset = draw(st.sampled_from(sorted(SHEEPSHEAD_PRESETS)))
    changed = draw(overrides())
    rules = preset_rules(preset)
    if rules.dealt_in != 5:  # a second leaster winner is paid where five play a hand
        changed.pop("leaster_second", None)
    for key, value in changed.items():
        rules = _with(rules, key, value)
    seated = draw(st.integers(rules.dealt_in, min(8, rules.dealt_in + 2)))
    players = NAMES[:seated]
    count = draw(st.integers(0, max_hands))
    hands = [draw(hand(rules, players, n)) for n in range(count)]
    document_rules: Any = {"preset": preset, **changed} if changed else preset
    return {
        "format": "sheepshead-night/1",
        "rules": document_rules,
        "players": players,
        "hands": hands,
        **draw(money(players)),
    }


def _with(rules: RuleSet, key: str, value: Any) -> RuleSet:
    return rules.with_options({key: value})


# -- Schafkopf ------------------------------------------------------------------------


def schafkopf_overrides() -> st.SearchStrategy[dict[str, Any]]:
    """Any Schafkopf house rules: tariffs, Laufende minimums, factors, all-pass, Bock."""
    return game_overrides("schafkopf")


def _split(draw: st.DrawFn, total: int, parts: int, zero: list[bool]) -> list[int]:
    """TOTAL shared among PARTS, 0 exactly where ZERO says (the rest at least 1)."""
    open_ = [i for i in range(parts) if not zero[i]]
    values = [0] * parts
    left = total - len(open_)
    for i in open_[:-1]:
        take = draw(st.integers(0, left))
        values[i] = 1 + take
        left -= take
    values[open_[-1]] = 1 + left
    return values


@st.composite
def ramsch_hand(draw: st.DrawFn, rules: RuleSet, active: list[str]) -> dict[str, Any]:
    """A Ramsch with consistent points and tricks, the loser named when a tie needs one."""
    if draw(st.integers(0, 9)) == 0:
        winner = draw(st.sampled_from(active))
        points = {p: 120 if p == winner else 0 for p in active}
        tricks = {p: rules.tricks if p == winner else 0 for p in active}
        return {"type": "ramsch", "points": points, "tricks": tricks}
    parts = len(active)  # the four dealt in (fewer only in a hand drawn to be refused)
    zero = draw(
        st.lists(st.booleans(), min_size=parts, max_size=parts).filter(
            lambda z: sum(z) <= parts - 2
        )
    )
    tricks_list = _split(draw, rules.tricks, parts, zero)
    points_list = _split(draw, 120, parts, zero)
    record: dict[str, Any] = {
        "type": "ramsch",
        "points": dict(zip(active, points_list, strict=True)),
        "tricks": dict(zip(active, tricks_list, strict=True)),
    }
    most = max(points_list)
    tied = [p for p in active if record["points"][p] == most]
    top = max(record["tricks"][p] for p in tied)
    tied = [p for p in tied if record["tricks"][p] == top]
    if len(tied) > 1:
        record["loser"] = draw(st.sampled_from(tied))
    if draw(st.booleans()):
        record["knocks"] = draw(st.integers(0, 2))
    return record


@st.composite
def schafkopf_game(draw: st.DrawFn, rules: RuleSet, active: list[str]) -> dict[str, Any]:
    """A call game, a solo (any kind, maybe Tout or Sie, maybe bid) or a Null."""
    declarer = draw(st.sampled_from(active))
    kind = draw(st.sampled_from(["call", "call", "solo", "null"]))
    if kind == "null":
        return {
            "type": "null",
            "declarer": declarer,
            "tricks": draw(st.integers(0, 3)),
            "knocks": draw(st.integers(0, 2)),
            "kontra": draw(st.integers(0, 2)),
        }
    tricks = draw(st.integers(0, rules.tricks))
    points = 120 if tricks == rules.tricks else 0 if tricks == 0 else draw(st.integers(0, 120))
    record: dict[str, Any] = {
        "type": kind,
        "declarer": declarer,
        "points": points,
        "tricks": tricks,
    }
    forced = kind == "call" and rules.all_pass == "forced" and draw(st.booleans())
    if kind == "call":
        record["partners"] = [draw(st.sampled_from([p for p in active if p != declarer]))]
        if forced:
            record["forced"] = True
    else:
        game = draw(st.sampled_from(["solo", "wenz", "geier", "farbwenz", "kings"]))
        record["game"] = game
        if draw(st.integers(0, 4)) == 0:
            record[draw(st.sampled_from(["tout", "sie"]))] = True
    record["laufende"] = draw(st.integers(0, 4))
    if not forced:
        record["knocks"] = draw(st.integers(0, 2))
        record["kontra"] = draw(st.integers(0, 2))
        if draw(st.integers(0, 5)) == 0:
            record["bid"] = draw(st.sampled_from([70, 80, 90, 100, 110, 120]))
    return record


@st.composite
def schafkopf_hand(draw: st.DrawFn, rules: RuleSet, players: list[str], n: int) -> dict[str, Any]:
    dealer = players[n % len(players)]
    # The dealer sits out at a table of five; at a bigger one (a player joined) the
    # hand names who sits out: the dealer and those after, leaving four dealt in.
    seat = players.index(dealer)
    around = players[seat:] + players[:seat]
    out = around[: max(len(players) - rules.dealt_in, 0)]
    active = [p for p in players if p not in out]
    kinds = ["game", "game", "game", "misplay", "all-pass", "result"]
    kind = draw(st.sampled_from(kinds))
    named = {"sitting_out": out} if len(out) > 1 else {}
    record: dict[str, Any]
    if kind == "result":
        return {**draw(result_hand(active)), "dealer": dealer, **named}
    if kind == "game":
        record = draw(schafkopf_game(rules, active))
    elif kind == "misplay":
        record = {"type": "misplay"}
    elif rules.all_pass == "ramsch":
        record = draw(ramsch_hand(rules, active))
    elif rules.all_pass == "leaster":
        record = draw(leaster_hand(rules, active))
    elif rules.all_pass == "forced":
        record = draw(schafkopf_game(rules, active))
    else:
        record = {"type": "pass"}
    if record["type"] == "misplay" or (record["type"] != "pass" and draw(st.integers(0, 9)) == 0):
        record["misplays"] = draw(
            st.lists(st.sampled_from(active), min_size=1, max_size=2, unique=True)
        )
    record["dealer"] = dealer
    record |= named
    if draw(st.integers(0, 9)) == 0:
        record["doublers"] = 1
    if draw(st.integers(0, 7)) == 0:
        record["note"] = draw(NOTES)
    return record


@st.composite
def schafkopf_night_documents(draw: st.DrawFn, max_hands: int = 14) -> dict[str, Any]:
    """A random valid Schafkopf night: any preset (the short deck's too), any
    overrides, 4 or 5 seated."""
    preset = draw(st.sampled_from(game_named("schafkopf").presets))
    changed = draw(schafkopf_overrides())
    if draw(st.integers(0, 3)) == 0:  # a pot often enough that the side shares it
        changed |= {"all_pass": "pot", "pot_to": draw(st.sampled_from(["declarer", "side"]))}
    document_rules: Any = {"preset": preset, **changed} if changed else preset
    rules, problems = parse_rules(document_rules)
    assert rules is not None, problems
    players = NAMES[: draw(st.integers(4, 5))]
    count = draw(st.integers(0, max_hands))
    hands = [draw(schafkopf_hand(rules, players, n)) for n in range(count)]
    return {
        "format": "sheepshead-night/1",
        "rules": document_rules,
        "players": players,
        "hands": hands,
        **draw(money(players)),
    }
