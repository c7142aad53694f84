"""The one door every JSON document comes in by: bounded, strict, and never a crash.

A night document, a league's history or a backup dump are read here before anything
looks at their meaning.  The text is refused, with a problem that says why, when it is
larger than the door allows, is not UTF-8 (a UTF-8 byte-order mark is accepted), is not
JSON, nests deeper than any document of ours, holds a number of more digits than an
amount can have, a key twice in one object, or a string that is not text (a lone
surrogate such as "\\ud800", which no file or database can store).  These limits are
documented in `docs/reliability.md`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from typing import Any

from scorekeeper.names import quoted
from scorekeeper.problems import Problem

MiB = 1024 * 1024
MAX_DOCUMENT_BYTES = 16 * MiB  # a night of 10,000 hands is under 2 MiB
MAX_DEPTH = 16  # a night document nests 4 deep; a dump 4 deep
MAX_DIGITS = 18  # every amount fits in 64 bits; 19 digits may not
BOM = b"\xef\xbb\xbf"

# Where in a document a problem was found: keys and list positions from the top.
Path = tuple[str | int, ...]
Locate = Callable[[Path], Problem]


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


class _NotANumber(Exception):
    def __init__(self, word: str) -> None:
        self.word = word


class _LongNumber(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


def read_limited(stream: Any, limit: int = MAX_DOCUMENT_BYTES) -> bytes | None:
    """Up to LIMIT bytes of a binary stream, or None when it holds more (never reads
    past LIMIT + 1 bytes, so /dev/zero or a huge file costs no memory)."""
    data: bytes = stream.read(limit + 1)
    return None if len(data) > limit else data


def too_large(limit: int = MAX_DOCUMENT_BYTES) -> Problem:
    """The problem of a document over the size limit."""
    return Problem("file", f"is larger than {limit // MiB} MiB, more than any night document")


def parse_json(
    data: bytes, *, limit: int = MAX_DOCUMENT_BYTES, locate: Locate | None = None
) -> tuple[Any, list[Problem]]:
    """The parsed document, or None and the problems that make it unreadable.

    LOCATE turns the path of a bad string into a problem naming its field; by default
    the path is written out (`hands[3].note`).
    """
    if len(data) > limit:
        return None, [too_large(limit)]
    if data.startswith(BOM):
        data = data[len(BOM) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return None, [Problem("file", f"is not UTF-8 text (a wrong byte at {error.start})")]
    nesting = _deepest(text)
    if nesting > MAX_DEPTH:
        return None, [
            Problem("file", f"nests {nesting} deep; a document nests {MAX_DEPTH} at most")
        ]
    try:
        document = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_whole,
            parse_float=_finite,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        return None, [Problem("file", f"is not JSON ({error.msg} at {where})")]
    except _DuplicateKey as error:
        return None, [Problem("file", f"has the key {error.key!r} twice in one object")]
    except _NotANumber as error:
        return None, [Problem("file", f"holds {error.word}, which JSON does not allow")]
    except _LongNumber as error:
        return None, [
            Problem("file", f"holds a number of {error.digits} digits; at most {MAX_DIGITS}")
        ]
    bad = [
        _default_locate(path) if locate is None else locate(path) for path in _not_text(document)
    ]
    return (None, bad) if bad else (document, [])


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _DuplicateKey(key)
        found[key] = value
    return found


def _constant(word: str) -> Any:
    raise _NotANumber(word)


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _NotANumber(f"{text[:20]} (too large to be a number)")
    return value


def _whole(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_DIGITS:
        raise _LongNumber(count)
    return int(digits)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def _deepest(text: str) -> int:
    """How deep the brackets outside strings nest (before parsing, so that a hostile
    document cannot exhaust the parser's recursion)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _not_text(value: Any, path: Path = ()) -> Iterator[Path]:
    """The path of every key or string that cannot be written as UTF-8."""
    if isinstance(value, str):
        if not _is_text(value):
            yield path
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _not_text(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            if not _is_text(key):
                yield (*path, key)
            else:
                yield from _not_text(item, (*path, key))


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def show_path(path: Path, whole: str = "file") -> str:
    """A path as a reader writes it: `hands[3].note` (list positions counted from 1).
    WHOLE names where the path starts: the top itself, or a list there (`file[2]`)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out = f"{out or whole}[{part + 1}]"
        else:
            out = f"{out}.{key_name(part)}" if out else key_name(part)
    return out or whole


def key_name(key: str) -> str:
    """A key as a message names it: quoted unless it is one plain word ('' for the
    empty key, ' Ann ' for one with spaces), escaped where it could act on a terminal
    (`names.quoted`)."""
    return key if re.fullmatch(r"[A-Za-z_][\w-]*", key, re.ASCII) else quoted(key)


NOT_TEXT = "holds a lone surrogate (such as \\ud800), which is not text"


def _default_locate(path: Path) -> Problem:
    return Problem(show_path(path), NOT_TEXT)
