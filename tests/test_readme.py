"""Every command the README shows works as written (issue 32): the command line's, run
here on the sample league the app's first start files, in the default database of a
fresh profile; the install commands, which need a clean machine or a network, run by
`scripts/try-clean-machine` and CI, each named below, so that a command added to the
README is either run here or said to be run elsewhere."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.store.database import open_database
from scorekeeper.store.location import default_path
from scorekeeper.store.seed import seed_sample_league

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CHECKOUT_SCOREKEEPER = ".venv/bin/scorekeeper"

# The README's commands that are not run here, and what runs them as written.
RUN_ELSEWHERE = {
    "git clone https://github.com/sheepshead-scorekeeper/sheepshead-scorekeeper.git": (
        "the checkout: scripts/try-clean-machine clones one the same way"
    ),
    "cd sheepshead-scorekeeper": "scripts/try-clean-machine, in the clone",
    "scripts/run": "scripts/try-clean-machine, steps 1 and 3",
    "scripts/test": ".ci/run; scripts/try-clean-machine, steps 2 and 4",
    "sudo apt install pipx": "scripts/try-clean-machine, step 5 (apt-get -y, the same package)",
    "pipx ensurepath": "scripts/try-clean-machine, step 5",
    "packaging/build wheel dist": "scripts/test-packaging; scripts/try-clean-machine, step 5",
    "pipx install ./dist/sheepshead_scorekeeper-*.whl": "scripts/try-clean-machine, step 5",
    "packaging/build": "scripts/try-clean-machine, step 6",
    "dist/sheepshead-scorekeeper/sheepshead-scorekeeper": (
        "packaging/smoke on the frozen folder; scripts/try-clean-machine, step 6"
    ),
}


def readme_commands() -> list[str]:
    """Each command of the README's code blocks, as written: every line of a bash block,
    each `$ ` line of a console block; comments after `#` left out."""
    commands = []
    for language, block in re.findall(r"```(\w*)\n(.*?)```", README.read_text("utf-8"), re.S):
        for line in block.splitlines():
            if language == "console":
                if not line.startswith("$ "):
                    continue
                line = line[2:]
            elif language != "bash":
                continue
            command = line.split("  #")[0].strip()
            if command and not command.startswith("#"):
                commands.append(command)
    return commands


def test_every_command_of_the_readme_is_run_here_or_by_what_is_named() -> None:
    commands = readme_commands()
    run_here = [c for c in commands if c.startswith(CHECKOUT_SCOREKEEPER + " ")]
    assert len(run_here) >= 3
    assert set(commands) - set(run_here) == set(RUN_ELSEWHERE)


@pytest.fixture
def fresh_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A new user's folders, their default database holding the sample league as the
    app's first start files it; the environment the commands run in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env["HOME"] = str(tmp_path / "home")
    for variable, folder in [
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_STATE_HOME", ".local/state"),
        ("XDG_CACHE_HOME", ".cache"),
    ]:
        env[variable] = str(tmp_path / "home" / folder)
        monkeypatch.setenv(variable, env[variable])
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    path = default_path()
    path.parent.mkdir(parents=True)
    db = open_database(f"sqlite:///{path}")
    assert seed_sample_league(db) == list(range(1, 9))
    db.dispose()
    (tmp_path / "work").mkdir()
    return env


def test_the_readme_s_command_line_runs_as_written_on_the_sample_league(
    fresh_profile: dict[str, str], tmp_path: Path
) -> None:
    outputs = {}
    for command in readme_commands():
        if not command.startswith(CHECKOUT_SCOREKEEPER + " "):
            continue
        argv = shlex.split(command)
        argv[0] = str(Path(sys.executable).with_name("scorekeeper"))  # this .venv's
        done = subprocess.run(
            argv, cwd=tmp_path / "work", env=fresh_profile, capture_output=True, text=True
        )
        assert done.returncode == 0, (command, done.stderr)
        assert "Traceback" not in done.stderr, (command, done.stderr)
        outputs[argv[1]] = done.stdout
    # What each shows: the sample's eight nights, the season's standings, a PDF.
    nights = [line.split()[0] for line in outputs["nights"].splitlines()[1:]]
    assert nights == [str(n) for n in range(8, 0, -1)]
    standings = outputs["standings"].splitlines()
    assert standings[0].split()[:2] == ["#", "Player"]
    assert {line.split()[1] for line in standings[1:6]} <= {
        "Jon", "Ida", "Dee", "Hal", "Cal", "Eve", "Lou", "Ann", "Bob", "Fay", "Kay", "Gus",
    }  # fmt: skip
    assert (tmp_path / "work" / "night.pdf").read_bytes().startswith(b"%PDF")
