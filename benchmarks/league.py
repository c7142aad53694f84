"""A realistic big league for the benchmarks: 60 players, 20 seasons of weekly nights,
several tables a night, every preset and hand type in proportion.

    python benchmarks/league.py [--quick | --huge] [--hands N] [--players N] OUT.json

`league_documents(hands)` makes exactly HANDS hands (100,000 by default; 10,000 with
--quick; 1,000,000 among 200 players with --huge), the same every time for the same
size (a fixed seed).  Every document is a
valid `sheepshead-night/1` night; the benchmarks import them with the store.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from pathlib import Path
from typing import Any

from scorekeeper.games import parse_rules
from scorekeeper.rules import RuleSet

FULL, QUICK, HUGE = 100_000, 10_000, 1_000_000
HUGE_PLAYERS = 200
SEASONS = 20
NIGHTS_PER_SEASON = 40  # weekly, with the summer off
LEAGUE = "Badger State Sheepshead League"

FIRST = [
    "Ann",
    "Bob",
    "Cal",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ida",
    "Jon",
    "Kay",
    "Lou",
    "Max",
    "Ned",
    "Ola",
    "Pat",
    "Quin",
    "Ray",
    "Sue",
    "Tom",
    "Uma",
    "Vic",
    "Wes",
    "Xena",
    "Yul",
    "Zoë",
    "Łukasz",
    "O'Neil",
    "Greta",
    "Hans",
]
INITIALS = "KSBDHLMRTW"  # 10 x 30 first names: up to 300 players


def roster_names() -> list[str]:
    """Every name the generator can give a player."""
    return [f"{name} {initial}." for initial in INITIALS for name in FIRST]


def roster(count: int) -> list[str]:
    """COUNT distinct players' names; the first 60 are PLAYERS, in the same order."""
    names = roster_names()
    if not 1 <= count <= len(names):
        raise ValueError(f"players: between 1 and {len(names)}, not {count}")
    return names[:count]


PLAYERS = roster(60)

# (preset, share of tables, overrides): classic-5 dominates, as in Wisconsin clubs.
PRESET_MIX: list[tuple[str, int, dict[str, Any]]] = [
    ("classic-5", 38, {}),
    ("classic-5", 8, {"no_pick": "doubler"}),
    ("jack-of-diamonds-5", 10, {}),
    ("penny", 5, {}),
    ("six-handed", 7, {}),
    ("cutthroat-4", 5, {}),
    ("partners-4", 4, {}),
    ("three-handed", 3, {}),
    ("seven-handed", 4, {}),
    ("schafkopf", 6, {"all_pass": "pot"}),
    ("schafkopf", 4, {"bock_after": ["schwarz", "lost-kontra"]}),
    ("schafkopf-10-50", 6, {}),
]
STAKES = (5, 10, 25, 50)
CALLS = {
    "called-ace": [
        "ace-clubs",
        "ace-clubs",
        "ace-spades",
        "ace-hearts",
        "ten-hearts",
        "under-clubs",
    ],
    "jack-of-diamonds": ["jack-of-diamonds"],
    "black-queens": ["black-queens"],
}


def _rules(preset: str, overrides: dict[str, Any], stake: int) -> tuple[Any, RuleSet]:
    document_rules: dict[str, Any] = {"preset": preset, **overrides, "stake_cents": stake}
    rules, problems = parse_rules(document_rules)
    assert rules is not None, problems
    return document_rules, rules


def _side(rng: random.Random, tricks: int, blind: int) -> tuple[int, int]:
    """The picking side's card points and tricks: mostly near 70, sometimes a schneider
    either way, now and then every trick or none."""
    roll = rng.random()
    if roll < 0.03:
        return 120, tricks
    if roll < 0.05:
        return rng.randint(0, 11 * blind) if blind else 0, 0
    points = min(119, max(1, int(rng.gauss(72, 20))))
    won = max(1, min(tricks - 1, round(points / 120 * tricks)))
    return points, won


def sheepshead_hand(rng: random.Random, rules: RuleSet, active: list[str]) -> dict[str, Any]:
    roll = rng.random()
    leasters = rules.no_pick in ("leaster", "doubler")
    if roll < 0.025:
        return {"type": "misplay", "misplays": [rng.choice(active)]}
    if roll < 0.10 and leasters:
        if rules.no_pick == "doubler":
            return {"type": "no-pick"}
        return {"type": "leaster", "winner": rng.choice(active)}
    picker = rng.choice(active)
    points, tricks = _side(rng, rules.tricks, rules.blind)
    hand: dict[str, Any] = {
        "type": "pick",
        "picker": picker,
        "partners": [],
        "points": points,
        "tricks": tricks,
    }
    alone = rules.max_partners == 0 or rng.random() < 0.1
    if not alone:
        hand["partners"] = [rng.choice([p for p in active if p != picker])]
        if rules.partner in CALLS:
            hand["call"] = rng.choice(CALLS[rules.partner])
    elif rules.max_partners:
        hand["call"] = "alone"
    if rng.random() < 0.08:
        hand["doublers"] = ["crack"] if rng.random() < 0.8 else ["crack", "re-crack"]
    if rng.random() < 0.01:
        hand["misplays"] = [rng.choice(active)]
    return hand


def _ramsch(rng: random.Random, active: list[str]) -> dict[str, Any]:
    while True:
        cuts = sorted(rng.sample(range(1, 120), 3))
        points = [a - b for a, b in zip([*cuts, 120], [0, *cuts], strict=True)]
        tricks = [max(1, min(5, round(p / 15))) for p in points]
        tricks[-1] += 8 - sum(tricks)
        if tricks[-1] >= 1:
            break
    record: dict[str, Any] = {
        "type": "ramsch",
        "points": dict(zip(active, points, strict=True)),
        "tricks": dict(zip(active, tricks, strict=True)),
    }
    most = max(points)
    tied = [p for p in active if record["points"][p] == most]
    top = max(record["tricks"][p] for p in tied)
    tied = [p for p in tied if record["tricks"][p] == top]
    if len(tied) > 1:
        record["loser"] = tied[0]
    return record


SOLO_GAMES = ["solo", "solo", "solo", "wenz", "wenz", "geier", "farbwenz"]


def schafkopf_hand(rng: random.Random, rules: RuleSet, active: list[str]) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.02:
        return {"type": "misplay", "misplays": [rng.choice(active)]}
    if roll < 0.12:
        if rules.all_pass == "ramsch":
            return _ramsch(rng, active)
        if rules.all_pass == "leaster":
            return {"type": "leaster", "winner": rng.choice(active)}
        return {"type": "pass"}
    declarer = rng.choice(active)
    if roll < 0.14:
        return {"type": "null", "declarer": declarer, "tricks": rng.choice([0, 0, 0, 1])}
    points, tricks = _side(rng, 8, 0)
    record: dict[str, Any] = {"declarer": declarer, "points": points, "tricks": tricks}
    if roll < 0.32:
        record["type"] = "solo"
        record["game"] = rng.choice(SOLO_GAMES)
        if rng.random() < 0.03:
            record["tout"] = True
    else:
        record["type"] = "call"
        record["partners"] = [rng.choice([p for p in active if p != declarer])]
    record["laufende"] = rng.choice([0, 0, 0, 0, 1, 2, 3, 4])
    if rng.random() < 0.15:
        record["knocks"] = 1
    if rng.random() < 0.1:
        record["kontra"] = 1 if rng.random() < 0.8 else 2
    if rng.random() < 0.03:
        record["bid"] = rng.choice([70, 80, 90])
    return record


def night_document(
    rng: random.Random,
    *,
    date: dt.date,
    season: str,
    table: int,
    players: list[str],
    mix: tuple[str, Any, RuleSet],
    hands: int,
) -> dict[str, Any]:
    _preset, document_rules, rules = mix
    records = []
    for number in range(hands):
        dealer = players[number % len(players)]
        active = [p for p in players if not (len(players) > rules.dealt_in and p == dealer)]
        if rules.game == "schafkopf":
            hand = schafkopf_hand(rng, rules, active)
        else:
            hand = sheepshead_hand(rng, rules, active)
        hand["dealer"] = dealer
        records.append(hand)
    if records and rules.last_hand_doubler:
        records[-1]["last_hand"] = True
    return {
        "format": "sheepshead-night/1",
        "date": date.isoformat(),
        "league": LEAGUE,
        "season": season,
        "table": str(table),
        "rules": document_rules,
        "players": players,
        "hands": records,
    }


def league_documents(
    hands: int = FULL, *, seed: int = 20, players: int = len(PLAYERS)
) -> list[dict[str, Any]]:
    """Night documents holding exactly HANDS hands in all, over 20 seasons, among
    PLAYERS players (60: PLAYERS)."""
    rng = random.Random(seed)
    everyone = roster(players)
    most_tables = max(4, len(everyone) // 8)  # a club of 200 sits 25 tables
    nights = SEASONS * NIGHTS_PER_SEASON
    per_night = hands / nights
    weights = [share for _, share, _ in PRESET_MIX]
    mixes = [
        (preset, *_rules(preset, overrides, rng.choice(STAKES)))
        for preset, _, overrides in PRESET_MIX
    ]
    documents: list[dict[str, Any]] = []
    made = 0
    for index in range(nights):
        season_year = 2007 + index // NIGHTS_PER_SEASON
        week = index % NIGHTS_PER_SEASON
        date = dt.date(season_year, 1, 2) + dt.timedelta(weeks=week + (6 if week >= 24 else 0))
        season = f"Season {season_year}"
        target = round(per_night * (index + 1)) - made  # hands tonight, all tables
        tables = max(1, min(most_tables, round(target / 30)))
        present = rng.sample(everyone, min(len(everyone), 8 * tables))
        for table in range(tables):
            mix = rng.choices(mixes, weights)[0]
            rules = mix[2]
            seated = rules.dealt_in + (1 if rng.random() < 0.4 and rules.dealt_in < 8 else 0)
            if rules.game == "schafkopf":
                seated = min(seated, 5)
            players, present = present[:seated], present[seated:]
            count = target // tables + (1 if table < target % tables else 0)
            documents.append(
                night_document(
                    rng,
                    date=date,
                    season=season,
                    table=table + 1,
                    players=players,
                    mix=mix,
                    hands=count,
                )
            )
            made += count
    assert made == hands, (made, hands)
    return documents


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, help="where to write the documents (JSON list)")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help=f"{QUICK:,} hands")
    size.add_argument("--huge", action="store_true", help=f"{HUGE:,} hands, {HUGE_PLAYERS} players")
    parser.add_argument("--hands", type=int, help="exactly this many hands")
    parser.add_argument("--players", type=int, help="this many players (60; --huge: 200)")
    args = parser.parse_args(argv)
    if args.players is not None and not 1 <= args.players <= len(roster_names()):
        parser.error(f"--players: between 1 and {len(roster_names())}, not {args.players}")
    hands = args.hands or (QUICK if args.quick else HUGE if args.huge else FULL)
    players = args.players or (HUGE_PLAYERS if args.huge else len(PLAYERS))
    documents = league_documents(hands, players=players)
    args.output.write_text(json.dumps(documents, ensure_ascii=False), encoding="utf-8")
    print(f"{len(documents)} nights, {hands} hands -> {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
