"""The rules in `docs/rules/` say what the code does.

Every list here is read from the code: each house-rule option and preset is described in
the page of each game it belongs to, with the default and the preset values the code
has; each solo, hand type, document field and limit of the night document is named; and
every worked example of `tests/data/spec-examples.json` and
`tests/data/examples-more.json` is explained in `examples.md`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.document import COMMON_FIELDS, FORMAT, MAX_HANDS, TOP_FIELDS
from scorekeeper.games import all_games, game_named, hand_types
from scorekeeper.games.schafkopf.kinds import SOLO_GAMES
from scorekeeper.games.schafkopf.rules import SHORT_DECK_TRICKS
from scorekeeper.hand_reader import MAX_DOUBLERS
from scorekeeper.json_input import MAX_DEPTH, MAX_DIGITS, MAX_DOCUMENT_BYTES, MiB
from scorekeeper.names import LABEL_LENGTH, NAME_LENGTH, TITLE_LENGTH

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
EXAMPLES = ROOT / "tests" / "data" / "spec-examples.json"
MORE_EXAMPLES = ROOT / "tests" / "data" / "examples-more.json"
GAME_PAGES: dict[str, str] = {"sheepshead": "sheepshead.md", "schafkopf": "schafkopf.md"}

Table = list[dict[str, str]]


def page(name: str) -> str:
    return (RULES / name).read_text("utf-8")


def plain(cell: str) -> str:
    """A table cell without its code marks: '`classic-5`' is 'classic-5'."""
    return cell.strip().strip("`")


def tables(text: str) -> list[Table]:
    """Every Markdown table of TEXT, each a list of rows keyed by the plain header."""
    found: list[Table] = []
    lines: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            lines.append([c.strip() for c in line.strip().strip("|").split("|")])
            continue
        if lines:
            header = [plain(c) for c in lines[0]]
            found.append([dict(zip(header, row, strict=True)) for row in lines[2:]])
            lines = []
    return found


def rows_by(text: str, first: str) -> dict[str, dict[str, str]]:
    """The rows of the tables whose first column is FIRST, by that column's plain value."""
    rows: dict[str, dict[str, str]] = {}
    for table in tables(text):
        for row in table:
            if first in row and next(iter(row)) == first:
                rows[plain(row[first])] = row
    return rows


def shown(value: Any) -> str:
    """An option's value as the pages write it: as in a night document's JSON."""
    return value if isinstance(value, str) else json.dumps(value)


@pytest.mark.parametrize("game", GAME_PAGES)
def test_every_option_of_a_game_is_described_in_its_page(game: str) -> None:
    rows = rows_by(page(GAME_PAGES[game]), "option")
    options = game_named(game).options
    assert set(rows) == {o.name for o in options}
    for option in options:
        owners = [g.title for g in all_games() if option in g.options]
        games = "both" if len(owners) > 1 else owners[0]
        assert plain(rows[option.name]["games"]) == games, option.name


@pytest.mark.parametrize("game", GAME_PAGES)
def test_the_defaults_and_preset_values_are_the_code_s(game: str) -> None:
    played = game_named(game).rules
    defaults = played().options()
    set_by_every_preset = {
        name for name in defaults if all(name in played.presets[p] for p in played.presets)
    }
    for name, row in rows_by(page(GAME_PAGES[game]), "option").items():
        if "default" in row:
            want = "by preset" if name in set_by_every_preset else shown(defaults[name])
            assert plain(row["default"]) == want, name
        for preset in played.presets:
            if preset in row:
                assert plain(row[preset]) == shown(played.of_preset(preset).options()[name]), (
                    preset,
                    name,
                )


@pytest.mark.parametrize("game", GAME_PAGES)
def test_every_preset_of_a_game_is_described_in_its_page(game: str) -> None:
    rows = rows_by(page(GAME_PAGES[game]), "preset")
    played = game_named(game).rules
    assert set(rows) == set(played.presets)
    for preset, row in rows.items():
        options = played.of_preset(preset).options()
        for column, cell in row.items():
            if column in options:
                assert plain(cell) == shown(options[column]), (preset, column)


def test_every_solo_is_described_with_its_laufende_in_both_decks() -> None:
    rows = rows_by(page("schafkopf.md"), "game")
    assert set(rows) == {g.key for g in SOLO_GAMES}
    for game in SOLO_GAMES:
        cells = [plain(c) for c in rows[game.key].values()]
        assert cells[1] == game.name
        want = [game.laufende_class, str(game.trumps), str(game.trumps_in(SHORT_DECK_TRICKS))]
        assert cells[-3:] == want, game.key


def test_every_field_of_the_night_document_is_described() -> None:
    text = page("night-format.md")
    assert f'"{FORMAT}"' in text
    fields = {*TOP_FIELDS, *COMMON_FIELDS, *hand_types()}
    fields |= {f for kind in hand_types().values() for f in kind.FIELDS}
    assert [f for f in sorted(fields) if f"`{f}`" not in text] == []


@pytest.mark.parametrize(
    "words",
    [
        f"at most {MAX_HANDS:,}",
        f"At most {MAX_DOUBLERS}",
        f"larger than {MAX_DOCUMENT_BYTES // MiB} MiB",
        f"more than {MAX_DEPTH} deep",
        f"more than {MAX_DIGITS} digits",
        f"at most {NAME_LENGTH} characters",
        f"up to {LABEL_LENGTH} characters",
        f"up to {TITLE_LENGTH} characters",
    ],
)
def test_the_night_document_s_limits_are_the_code_s(words: str) -> None:
    assert words in page("night-format.md")


@pytest.mark.parametrize("examples", [EXAMPLES, MORE_EXAMPLES], ids=lambda p: p.name)
def test_every_worked_example_is_explained(examples: Path) -> None:
    text = page("examples.md")
    names = [e["name"] for e in json.loads(examples.read_text("utf-8"))]
    assert [n for n in names if f"Id: `{n}`" not in text] == []


@pytest.mark.parametrize("name", sorted(p.name for p in RULES.glob("*.md")))
def test_every_link_between_the_pages_leads_somewhere(name: str) -> None:
    links = re.findall(r"\]\(([^)#]+)[^)]*\)", page(name))
    assert [link for link in links if not (RULES / link).exists()] == []
