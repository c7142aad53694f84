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
