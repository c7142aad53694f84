"""What a hand adds to the league figures both card games keep (`Game.figures`):
hands declared and won, schneiders won and lost, leasters won."""

from __future__ import annotations

from scorekeeper.games.base import FigureCounts
from scorekeeper.results import HandResult

DECLARERS = frozenset({"picker", "partner"})


def side_won(result: HandResult, player: str) -> bool:
    """Whether PLAYER's side won RESULT, a hand someone declared (False for any other)."""
    if result.outcome not in ("win", "loss"):
        return False
    return (result.roles[player] in DECLARERS) == (result.outcome == "win")


def declared_counts(result: HandResult, *, leasters: bool = True) -> FigureCounts:
    """What a hand adds to the league figures both card games keep (`Game.figures`):
    to its declarer's hands declared ("picks") and those won ("picker_wins"); to
    each player's schneiders (or better) won and lost by their side; and, with
    LEASTERS, to a leaster's winners' leasters won."""
    counts: FigureCounts = {}
    big = result.level != "normal" and result.outcome in ("win", "loss")
    for player in result.active:
        role = result.roles[player]
        mine: dict[str, int] = {}
        if role == "picker":
            mine["picks"] = 1
            if result.outcome == "win":
                mine["picker_wins"] = 1
        if big:
            mine["schneiders_won" if side_won(result, player) else "schneiders_lost"] = 1
        if leasters and role == "leaster-winner":
            mine["leasters_won"] = 1
        if mine:
            counts[player] = mine
    return counts
