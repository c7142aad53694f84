"""Converting between stored hand records (player ids) and night-document hands (names).

A stored record is the hand's canonical night-document form with every player named by
id, so renaming a player changes no stored hand.  Ids stand as numbers where the
document has a name, and as decimal strings where the document has a name as a key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

NAME_FIELDS = ("dealer", "picker", "winner", "declarer", "loser")
NAME_LIST_FIELDS = ("sitting_out", "misplays", "partners", "winners")
NAME_MAP_FIELDS = ("points", "tricks")


def _convert(record: Mapping[str, Any], one: Callable[[Any], Any]) -> dict[str, Any]:
    out = dict(record)
    for key in NAME_FIELDS:
        if out.get(key) is not None:
            out[key] = one(out[key])
    for key in NAME_LIST_FIELDS:
        if isinstance(out.get(key), list):
            out[key] = [one(v) for v in out[key]]
    for key in NAME_MAP_FIELDS:
        if isinstance(out.get(key), Mapping):
            out[key] = {str(one(k)): v for k, v in out[key].items()}
    return out


def to_stored(hand: Mapping[str, Any], ids: Mapping[str, int]) -> dict[str, Any]:
    """A canonical document hand with names replaced by player ids."""
    return _convert(hand, lambda name: ids[name])


def from_stored(record: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """A stored record back to a document hand, with each player's current name."""
    out = _convert(record, lambda pid: names[int(pid)])
    for key in NAME_MAP_FIELDS:
        if isinstance(out.get(key), Mapping):
            out[key] = {k: v for k, v in out[key].items()}
    return out
