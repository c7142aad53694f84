"""Converting between stored hand records (player ids) and night-document hands (names).

A stored record is the hand's canonical night-document form with every player named by
id, so renaming a player changes no stored hand.  Ids stand as numbers where the
document has a name, and as decimal strings where the document has a name as a key.
Which fields name players each kind of hand declares (`Hand.PLAYER_FIELDS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.games import hand_type
from scorekeeper.records import Hand


def _player_fields(record: Mapping[str, Any]) -> Mapping[str, str]:
    kind = record.get("type")
    found = hand_type(kind, None) if isinstance(kind, str) else None
    return (found or Hand).PLAYER_FIELDS


def _convert(record: Mapping[str, Any], one: Callable[[Any], Any]) -> dict[str, Any]:
    out = dict(record)
    for key, how in _player_fields(record).items():
        value = out.get(key)
        if how == "one" and value is not None:
            out[key] = one(value)
        elif how == "list" and isinstance(value, list):
            out[key] = [one(v) for v in value]
        elif how == "map" and isinstance(value, Mapping):
            out[key] = {str(one(k)): v for k, v in value.items()}
    return out


def to_stored(hand: Mapping[str, Any], ids: Mapping[str, int]) -> dict[str, Any]:
    """A canonical document hand with names replaced by player ids."""
    return _convert(hand, lambda name: ids[name])


def from_stored(record: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """A stored record back to a document hand, with each player's current name."""
    return _convert(record, lambda pid: names[int(pid)])


def with_player(record: Mapping[str, Any], old: int, new: int) -> dict[str, Any]:
    """A stored record with player id OLD written as NEW wherever it names a player (a
    merge of two players, or its undo); every other id as it was."""
    return _convert(record, lambda pid: new if int(pid) == old else pid)
