"""The one door every JSON document comes in by: bounded, strict, and never a crash.

A night document, a league's history or a backup dump are read here before anything
looks at their meaning.  The text is refused, with a problem that says why, when it is
larger than the door allows, is empty, is not UTF-8 (a UTF-8 byte-order mark is
accepted), is not JSON, nests deeper than any document of ours, holds a key twice in one
object, a number of more digits than an amount can have (or NaN, Infinity, or one too
large for a float), or a string that is not text (a lone surrogate such as "\\ud800",
which no file or database can store).  A number or a string is refused by the field
that holds it (`hands[3].points`), not by the file alone.  These limits are documented
in `docs/reliability.md`.

`show_value` writes a value of a document in a message the way JSON writes it (true,
false, null), every string quoted and escaped as names are (`names.quoted`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from scorekeeper.i18n import N_, _
from scorekeeper.names import quoted
from scorekeeper.problems import Problem

MiB = 1024 * 1024
MAX_DOCUMENT_BYTES = 16 * MiB  # a night of 10,000 hands is under 2 MiB
MAX_DEPTH = 16  # a night document nests 4 deep; a dump 4 deep
MAX_DIGITS = 18  # every amount fits in 64 bits; 19 digits may not
BOM = b"\xef\xbb\xbf"

# Where in a document a problem was found: keys and list positions from the top.
Path = tuple[str | int, ...]
# Turns the place of a bad value and what is wrong with it into a problem naming it.
Locate = Callable[[Path, str], Problem]


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


class _Refused:
    """What the parser leaves where a number JSON should not hold was written (NaN, a
    number of too many digits): the document is read whole, then each is named by the
    field that holds it."""

    def __init__(self, message: str) -> None:
        self.message = message


READ_CHUNK = MiB  # what read_limited asks a stream for at a time


def read_limited(stream: Any, limit: int = MAX_DOCUMENT_BYTES) -> bytes | None:
    """Up to LIMIT bytes of a binary stream, or None when it holds more (never reads
    past LIMIT + 1 bytes, so /dev/zero or a huge file costs no memory).  Read a chunk
    at a time: the memory taken follows what the stream holds, never the limit (a read
    of LIMIT + 1 bytes at once asked the system for the whole limit first, 4 GiB for a
    dump, and failed where it would not give that much)."""
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk: bytes = stream.read(min(READ_CHUNK, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return None if total > limit else b"".join(chunks)


def too_large(limit: int = MAX_DOCUMENT_BYTES) -> Problem:
    """The problem of a document over the size limit."""
    message = _("is larger than {size} MiB, more than any night document")
    return Problem(_("file"), message.format(size=limit // MiB))


def parse_json(
    data: bytes, *, limit: int = MAX_DOCUMENT_BYTES, locate: Locate | None = None
) -> tuple[Any, list[Problem]]:
    """The parsed document, or None and the problems that make it unreadable.

    LOCATE turns the path of a bad value (a string that is not text, a number too long)
    and what is wrong with it into a problem naming its field; by default the path is
    written out (`hands[3].note`).
    """
    if len(data) > limit:
        return None, [too_large(limit)]
    if data.startswith(BOM):
        data = data[len(BOM) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = _("is not UTF-8 text (a wrong byte at {position})")
        return None, [Problem(_("file"), message.format(position=error.start))]
    if not text.strip():
        return None, [Problem(_("file"), _("is empty"))]
    nesting = _deepest(text)
    if nesting > MAX_DEPTH:
        message = _("nests {depth} deep; a document nests {most} at most")
        return None, [Problem(_("file"), message.format(depth=nesting, most=MAX_DEPTH))]
    try:
        document = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_whole,
            parse_float=_finite,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as error:
        message = _("is not JSON ({detail})").format(detail=_json_error(error))
        return None, [Problem(_("file"), message)]
    except _DuplicateKey as error:
        message = _("has the key {key} twice in one object").format(key=quoted(error.key))
        return None, [Problem(_("file"), message)]
    name = _default_locate if locate is None else locate
    bad = [name(path, message) for path, message in _refused(document)]
    return (None, bad) if bad else (document, [])


# The parser's complaints (json.decoder, without a trailing " at"), marked so that the
# catalogue holds them; one not here (a newer Python's) is said as the parser words it.
JSON_WORDS = (
    N_("Expecting value"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Unterminated string starting"),
    N_("Invalid control character"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Extra data"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
)


def why_not_json(error: ValueError) -> str:
    """What a JSON decoder's ERROR found, in words (a `UnicodeDecodeError`: bytes
    that are not UTF-8 text), never its exception's name."""
    if isinstance(error, json.JSONDecodeError):
        return _json_error(error)
    return _("bytes that are not UTF-8 text")


def _json_error(error: json.JSONDecodeError) -> str:
    """The parser's complaint and where: "Unterminated string starting at line 1
    column 147" (some of its messages end in "at" already, which is not repeated)."""
    complaint = error.msg.removesuffix(" at")
    said = _(complaint) if complaint in JSON_WORDS else complaint
    return _("{problem} at line {line} column {column}").format(
        problem=said, line=error.lineno, column=error.colno
    )


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _DuplicateKey(key)
        found[key] = value
    return found


def _constant(word: str) -> _Refused:
    return _Refused(_("is {word}, which JSON does not allow").format(word=word))


def _finite(text: str) -> float | _Refused:
    value = float(text)
    if math.isinf(value):
        return _Refused(_("is {number}, too large to be a number").format(number=text[:20]))
    return value


def _whole(digits: str) -> int | _Refused:
    count = len(digits.lstrip("-"))
    if count > MAX_DIGITS:
        message = _("is a number of {count} digits; at most {most}")
        return _Refused(message.format(count=count, most=MAX_DIGITS))
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


def _refused(value: Any, path: Path = ()) -> Iterator[tuple[Path, str]]:
    """The path of every value the document may not hold, in the order it is written,
    and what is wrong with it: a key or string that cannot be written as UTF-8, a
    number the parser refused."""
    if isinstance(value, _Refused):
        yield path, value.message
    elif isinstance(value, str):
        if not _is_text(value):
            yield path, _(NOT_TEXT)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _refused(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            if not _is_text(key):
                yield (*path, key), _(NOT_TEXT)
            else:
                yield from _refused(item, (*path, key))


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def show_path(path: Path, whole: str | None = None) -> str:
    """A path as a reader writes it: `hands[3].note` (list positions counted from 1).
    WHOLE names where the path starts: the top itself, or a list there (`file[2]`);
    the file, in the user's language, unless it is given."""
    whole = _("file") if whole is None else whole
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


def show_value(value: Any) -> str:
    """A value of a document as a message shows it: the way JSON writes it (`true`,
    `false`, `null`, `74`, `[1, 2]`), every string quoted and escaped as a name is
    (`names.quoted`: `'pick'`, `'\\x1b[2J'`), in a list or object too."""
    if isinstance(value, str):
        return quoted(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return f"[{', '.join(show_value(item) for item in value)}]"
    if isinstance(value, Mapping):
        pairs = (f"{show_value(key)}: {show_value(item)}" for key, item in value.items())
        return f"{{{', '.join(pairs)}}}"
    return repr(value)


NOT_TEXT = N_("holds a lone surrogate (such as \\ud800), which is not text")


def _default_locate(path: Path, message: str) -> Problem:
    return Problem(show_path(path), message)
