"""An unexpected error is written to the log in the user's folder and shown as one
sentence naming that file: never a traceback on screen."""

import logging
import sys

import pytest

from ui import errors


@pytest.mark.expects_errors
def test_an_unexpected_error_is_logged_and_told_in_a_sentence(tmp_path, monkeypatch, shown_errors):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    path = errors.start_logging()
    try:
        raise KeyError("Zoë")
    except KeyError:
        errors.unexpected(*sys.exc_info())
    for handler in logging.getLogger("scorekeeper").handlers:
        handler.flush()
    logged = path.read_text(encoding="utf-8")
    assert path.is_relative_to(tmp_path)
    assert "Traceback" in logged and "KeyError: 'Zoë'" in logged
    (message,) = shown_errors
    assert "Traceback" not in message and str(path) in message
    assert message.count("\n") == 0


def test_the_damaged_file_message_is_shown_as_a_sentence(qapp, tmp_path) -> None:
    """A trial: the refusal of a damaged file began with a small letter (the store's
    refusals are clauses, for the command line's "error: "); one that begins with the
    file's path keeps the path as it is."""
    from scorekeeper.store.database import open_database
    from scorekeeper.store.errors import StorageError

    path = tmp_path / "league.sqlite3"
    open_database(f"sqlite:///{path}").dispose()
    with path.open("r+b") as file:  # a page of the file overwritten
        file.seek(2 * 4096)
        file.write(b"\xff" * 4096)
    with pytest.raises(StorageError) as refused:
        open_database(f"sqlite:///{path}")
    message = str(refused.value)
    assert message.startswith("the database ")  # as the command line says it
    assert errors.error_box(message).text() == "T" + message[1:]
    garbage = tmp_path / "notes.sqlite3"
    garbage.write_bytes(b"x" * 8192)
    with pytest.raises(StorageError) as not_ours:
        open_database(f"sqlite:///{garbage}")
    assert errors.error_box(str(not_ours.value)).text() == str(not_ours.value)


def test_an_error_before_the_first_paint_is_in_the_file_when_it_is_told(
    tmp_path, monkeypatch
) -> None:
    """An unexpected error before the first paint (the log not yet rotated): the file
    the message names holds the story when it is read."""
    from scorekeeper import logs

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    path = errors.start_logging(early=True)
    in_file_when_told: list[str] = []

    def told(message: str, title: str = "") -> None:
        in_file_when_told.append(path.read_text(encoding="utf-8") if path.exists() else "")

    monkeypatch.setattr(errors, "show_error", told)
    try:
        raise KeyError("Zoë")
    except KeyError:
        errors.unexpected(*sys.exc_info())
    logs.stop_logging()
    (logged,) = in_file_when_told
    assert "started" in logged and "KeyError: 'Zoë'" in logged
