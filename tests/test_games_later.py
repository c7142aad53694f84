"""A game registered for later (`scorekeeper.games.Later`): its module is imported the
first time the game is asked for, not to show a night of another game (Schafkopf's
rules were about 14 ms of the app's start before a Sheepshead night's first paint),
and the game loaded must be the one declared."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.games import SCHAFKOPF_LATER, Later, game_named, register, unregister

ROOT = Path(__file__).resolve().parent.parent

# A Sheepshead night stored and read back, and its hands' kinds looked up as the store
# does (`hand_type` without rules): then whether the second game was imported.
READ_A_SHEEPSHEAD_NIGHT = """
import sys
from scorekeeper.store.database import open_database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.night_reads import load_stored_night
from tests.sheet import leaster, night_doc
db = open_database("sqlite:///" + sys.argv[1])
night = import_night(db, night_doc("classic-5", [leaster("Ann"), leaster("Bob")]))
load_stored_night(db, night_id=night)
print("scorekeeper.games.schafkopf" in sys.modules)
"""


def test_a_sheepshead_night_is_stored_and_read_without_schafkopf(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", READ_A_SHEEPSHEAD_NIGHT, str(tmp_path / "x.sqlite")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.strip().splitlines()[-1] == "False"


def test_the_game_declared_for_later_is_the_game_its_module_makes() -> None:
    schafkopf = game_named(SCHAFKOPF_LATER.name)
    assert (schafkopf.name, schafkopf.presets) == (SCHAFKOPF_LATER.name, SCHAFKOPF_LATER.presets)


def test_a_game_declared_otherwise_than_its_module_makes_it_is_refused() -> None:
    wrong = Later("other", ("other-preset",), SCHAFKOPF_LATER.module, SCHAFKOPF_LATER.attribute)
    register(wrong)
    try:
        with pytest.raises(ValueError, match="is not the game 'other'"):
            game_named("other")
    finally:
        unregister(wrong)
