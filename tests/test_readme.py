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
from tests.profile import XDG_FOLDERS, new_user_folders

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CHECKOUT_SCOREKEEPER = ".venv/bin/scorekeeper"

CLEAN_ROOM = ROOT / "scripts" / "try-clean-machine"

# The README's commands that are not run here, and what runs them: the clean-room script
# runs the blocks it reads from the README as written, and the two commands by name.
RUN_ELSEWHERE = {
    "git clone https://github.com/sheepshead-scorekeeper/sheepshead-scorekeeper.git": (
        "the checkout: scripts/try-clean-machine clones one (of this repository's HEAD)"
    ),
    "cd sheepshead-scorekeeper": "scripts/try-clean-machine, in its clone",
    "scripts/run": "scripts/try-clean-machine, steps 1 and 3",
    "scripts/test": ".ci/run; scripts/try-clean-machine, steps 2 and 4",
    "sudo apt install pipx": "scripts/try-clean-machine, step 5 (the README's block)",
    "pipx ensurepath": "scripts/try-clean-machine, step 5 (the README's block)",
    "packaging/build wheel dist": "scripts/try-clean-machine, step 5 (the README's block)",
    "pipx install ./dist/sheepshead_scorekeeper-*.whl": "scripts/try-clean-machine, step 5",
    "packaging/build": "scripts/try-clean-machine, step 6 (the README's block)",
    "dist/sheepshead-scorekeeper/sheepshead-scorekeeper": "scripts/try-clean-machine, step 6",
}


def readme_commands(text: str | None = None) -> list[str]:
    """Each command of the README's code blocks (or TEXT's), as written: every line of a
    bash block, each `$ ` line of a console block; comments after `#` left out."""
    commands = []
    text = README.read_text("utf-8") if text is None else text
    for language, block in re.findall(r"```(\w*)\n(.*?)```", text, re.S):
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


def test_the_clean_room_runs_the_readme_s_install_commands_as_written() -> None:
    """The blocks the clean-room script reads from the README (`readme_block MARKER`:
    the first bash block after MARKER) hold every install command but the checkout's,
    and the script runs the two commands by name."""
    script = CLEAN_ROOM.read_text("utf-8")
    text = README.read_text("utf-8")
    read = set()
    for marker in re.findall(r'readme_block "([^"]+)"', script):
        after = text[text.index(marker) :]
        block = re.search(r"```bash\n.*?```", after, re.S)
        assert block is not None, marker
        read |= set(readme_commands(block.group(0)))
    by_name = {"scripts/run", "scripts/test"}
    assert all(f'"{name}' in script for name in by_name)
    checkout = {c for c in RUN_ELSEWHERE if c.startswith(("git clone", "cd "))}
    assert read == set(RUN_ELSEWHERE) - by_name - checkout


@pytest.fixture
def fresh_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A new user's folders, their default database holding the sample league as the
    app's first start files it; the environment the commands run in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env |= new_user_folders(tmp_path / "home")
    for variable in XDG_FOLDERS:
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
        "Jon",
        "Ida",
        "Dee",
        "Hal",
        "Cal",
        "Eve",
        "Lou",
        "Ann",
        "Bob",
        "Fay",
        "Kay",
        "Gus",
    }
    assert (tmp_path / "work" / "night.pdf").read_bytes().startswith(b"%PDF")
