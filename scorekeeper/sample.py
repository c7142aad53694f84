"""A sample night, so that a newcomer opening the app for the first time sees something."""

from __future__ import annotations

import random
from typing import Any

SAMPLE_LEAGUE = "Tuesday Night League"  # the made-up league a first start shows


def sample_night_document() -> dict[str, Any]:
    """A short classic-5 night at six seats, with every kind of hand."""
    players = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]

    def dealer(n: int) -> str:
        return players[n % len(players)]

    hands: list[dict[str, Any]] = [
        {
            "type": "pick",
            "picker": "Bob",
            "partners": ["Dee"],
            "call": "ace-hearts",
            "points": 74,
            "tricks": 4,
        },
        {
            "type": "pick",
            "picker": "Cal",
            "partners": ["Eve"],
            "call": "ace-clubs",
            "points": 93,
            "tricks": 5,
            "doublers": ["crack"],
        },
        {"type": "leaster", "winner": "Fay"},
        {
            "type": "pick",
            "picker": "Eve",
            "partners": [],
            "call": "alone",
            "points": 48,
            "tricks": 2,
        },
        {"type": "misplay", "misplays": ["Ann"]},
        {
            "type": "pick",
            "picker": "Ann",
            "partners": ["Cal"],
            "call": "ace-spades",
            "points": 120,
            "tricks": 6,
        },
        {
            "type": "pick",
            "picker": "Dee",
            "partners": ["Bob"],
            "call": "ten-hearts",
            "points": 30,
            "tricks": 1,
            "last_hand": True,
        },
    ]
    for number, hand in enumerate(hands):
        hand["dealer"] = dealer(number)
    return {
        "format": "sheepshead-night/1",
        "date": "2026-11-17",
        "league": SAMPLE_LEAGUE,
        "season": "Fall 2026",
        "table": "1",
        "title": "Sample night",
        "rules": {"preset": "classic-5", "stake_cents": 25},
        "players": players,
        "hands": hands,
    }


ROSTER = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kay", "Lou"]


def sample_schafkopf_document() -> dict[str, Any]:
    """A Schafkopf night at a Stammtisch of five (the dealer sits out): Sauspiele, a Wenz
    with Laufende and Kontra, a Ramsch with a Jungfrau, a Null, a Tout and a Bock round."""
    players = ["Ann", "Bob", "Cal", "Dee", "Eve"]
    hands: list[dict[str, Any]] = [
        {"type": "call", "declarer": "Bob", "partners": ["Dee"], "points": 75, "tricks": 5},
        {
            "type": "solo",
            "game": "wenz",
            "declarer": "Cal",
            "points": 82,
            "tricks": 5,
            "laufende": 2,
            "kontra": 1,
        },
        {
            "type": "ramsch",
            "points": {"Ann": 30, "Bob": 50, "Cal": 40, "Eve": 0},
            "tricks": {"Ann": 3, "Bob": 3, "Cal": 2, "Eve": 0},
        },
        {
            "type": "call",
            "declarer": "Eve",
            "partners": ["Ann"],
            "points": 120,
            "tricks": 8,
            "laufende": 3,
        },
        {"type": "null", "declarer": "Ann", "tricks": 0, "knocks": 1},
        {"type": "call", "declarer": "Dee", "partners": ["Cal"], "points": 44, "tricks": 3},
        {
            "type": "solo",
            "declarer": "Dee",
            "points": 120,
            "tricks": 8,
            "tout": True,
            "laufende": 4,
        },
        {"type": "solo", "game": "geier", "declarer": "Eve", "points": 58, "tricks": 4},
    ]
    for number, hand in enumerate(hands):
        hand["dealer"] = players[number % len(players)]
    hands[2]["dealer"] = "Dee"  # Dee deals the Ramsch and sits it out
    return {
        "format": "sheepshead-night/1",
        "date": "2026-11-19",
        "title": "Schafkopf at the Stammtisch",
        "rules": {
            "preset": "schafkopf",
            "all_pass": "ramsch",
            "bock_after": ["schwarz"],
            "stake_cents": 5,
        },
        "players": players,
        "hands": hands,
    }


def _sample_hand(rng: random.Random, seated: list[str], number: int) -> dict[str, Any]:
    """One plausible hand: mostly picks with a partner, some alone, leasters, misplays."""
    dealer = seated[number % len(seated)]
    active = [p for p in seated if not (len(seated) == 6 and p == dealer)]
    roll = rng.random()
    hand: dict[str, Any]
    if roll < 0.08:
        hand = {"type": "leaster", "winner": rng.choice(active)}
    elif roll < 0.11:
        hand = {"type": "misplay", "misplays": [rng.choice(active)]}
    else:
        picker = rng.choice(active)
        alone = rng.random() < 0.12
        partners = [] if alone else [rng.choice([p for p in active if p != picker])]
        points = min(120, max(0, int(rng.gauss(70, 22))))
        tricks = (
            6
            if points == 120
            else (0 if points <= 11 and rng.random() < 0.5 else max(1, min(5, points // 20)))
        )
        if tricks == 0:
            points = min(points, 22)
        hand = {
            "type": "pick",
            "picker": picker,
            "partners": partners,
            "call": "alone" if alone else rng.choice(["ace-clubs", "ace-spades", "ace-hearts"]),
            "points": points,
            "tricks": tricks,
        }
        if rng.random() < 0.07:
            hand["doublers"] = ["crack"]
    hand["dealer"] = dealer
    return hand


def sample_league_documents() -> list[dict[str, Any]]:
    """A small league to open the app on the first time: two seasons, two tables some
    nights, twelve players.  The same every time (a fixed random seed)."""
    return generated_league_documents(seed=2026, seasons=SAMPLE_SEASONS, stakes=(10,))


SAMPLE_SEASONS = {
    "Spring 2026": ["2026-03-03", "2026-03-17", "2026-04-07"],
    "Fall 2026": ["2026-10-06", "2026-10-20", "2026-11-03"],
}


def generated_league_documents(
    *,
    seed: int,
    seasons: dict[str, list[str]],
    stakes: tuple[int, ...] = (10,),
    roster: list[str] | None = None,
    league: str = SAMPLE_LEAGUE,
) -> list[dict[str, Any]]:
    """Night documents of a league: for each season, its dates (ISO), one or two tables
    a night of five or six players drawn from ROSTER, stakes drawn from STAKES."""
    rng = random.Random(seed)
    roster = roster or ROSTER
    nights: list[dict[str, Any]] = []
    for season, dates in seasons.items():
        for date in dates:
            tables = 2 if rng.random() < 0.5 else 1
            sizes = [5 + rng.randint(0, 1) for _ in range(tables)]  # six: the dealer sits out
            players = rng.sample(roster, sum(sizes))
            stake = rng.choice(stakes)
            for table, size in enumerate(sizes):
                start = sum(sizes[:table])
                seated = players[start : start + size]
                count = rng.randint(14, 24)
                hands = [_sample_hand(rng, seated, n) for n in range(count)]
                hands[-1]["last_hand"] = True
                nights.append(
                    {
                        "format": "sheepshead-night/1",
                        "date": date,
                        "league": league,
                        "season": season,
                        "table": str(table + 1),
                        "rules": {
                            "preset": "classic-5",
                            "stake_cents": stake,
                            "no_pick": "leaster",
                        },
                        "players": seated,
                        "hands": hands,
                    }
                )
    return nights
