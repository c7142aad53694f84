"""Every door reads a file or standard input through `read_limited`: the whole of it
when it holds at most the limit, None when more, never reading past the limit, and a
chunk at a time (issue 34, point 1: one read of the limit asked for the whole limit)."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import json_input
from scorekeeper.json_input import read_limited


class Trickle(io.RawIOBase):
    """A stream that gives at most 7 bytes a read (a pipe), and counts what it was
    asked for."""

    def __init__(self, data: bytes) -> None:
        self.data, self.asked = data, []

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        self.asked.append(size)
        out, self.data = self.data[: min(size, 7)], self.data[min(size, 7) :]
        return out


@given(data=st.binary(max_size=300), limit=st.integers(0, 300), chunk=st.integers(1, 64))
def test_the_whole_stream_or_none_never_past_the_limit(data: bytes, limit: int, chunk: int) -> None:
    original = json_input.READ_CHUNK
    json_input.READ_CHUNK = chunk
    try:
        stream = Trickle(data)
        got = read_limited(stream, limit)
        assert got == (data if len(data) <= limit else None)
        assert max(stream.asked) <= min(chunk, limit + 1)  # never the limit at once
        assert len(data) - len(stream.data) <= limit + 1  # nothing read past it
    finally:
        json_input.READ_CHUNK = original
