"""`scorekeeper import / export / nights / backup / restore` on a real database."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.sample import sample_night_document
from tests.cli.test_score_cli import BAD, NEW_CASES
from tests.store.test_nights import thirty_hands


def run(*args: str, capsys) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'league.sqlite3'}"


def write(tmp_path: Path, document: object, name: str = "night.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_import_prints_the_id_and_export_gives_the_document_back(url, tmp_path, capsys) -> None:
    document = sample_night_document()
    status, out, _ = run("--database", url, "import", write(tmp_path, document), capsys=capsys)
    assert status == 0 and out.strip().isdigit()
    night_id = out.strip()
    status, out, _ = run("--database", url, "export", "--night", night_id, capsys=capsys)
    assert status == 0 and json.loads(out) == document
    target = tmp_path / "back.json"
    assert (
        run("--database", url, "export", "--night", night_id, "-o", str(target), capsys=capsys)[0]
        == 0
    )
    assert json.loads(target.read_text("utf-8")) == document


def test_scoring_the_export_matches_scoring_the_import(url, tmp_path, capsys) -> None:
    source = write(tmp_path, thirty_hands())
    night_id = run("--database", url, "import", source, capsys=capsys)[1].strip()
    exported = tmp_path / "exported.json"
    run("--database", url, "export", "--night", night_id, "-o", str(exported), capsys=capsys)
    assert run("score", source, capsys=capsys)[1] == run("score", str(exported), capsys=capsys)[1]


def test_a_bad_document_is_refused_like_score_and_writes_nothing(url, tmp_path, capsys) -> None:
    document = thirty_hands()
    document["hands"][4]["points"] = 130
    path = write(tmp_path, document)
    scored = run("score", path, capsys=capsys)
    imported = run("--database", url, "import", path, capsys=capsys)
    assert (
        scored == imported == (2, "", "scorekeeper: hand 5: points: 130 is not between 0 and 120\n")
    )
    assert run("--database", url, "nights", capsys=capsys)[1] == "No nights yet.\n"


def test_each_new_case_is_one_of_the_bad_documents() -> None:
    assert set(NEW_CASES) <= {why for why, _, _ in BAD}


@pytest.mark.parametrize("case", [b for b in BAD if b[0] in NEW_CASES], ids=lambda b: b[0])
def test_every_new_bad_input_is_refused_on_import_as_by_score_and_files_nothing(
    url, tmp_path, capsys, case
) -> None:
    why, document, message = case
    path = write(tmp_path, document)
    scored = run("score", path, capsys=capsys)
    imported = run("--database", url, "import", path, capsys=capsys)
    assert scored == imported, why
    status, out, err = imported
    assert (status, out) == (2, "") and err.startswith(f"scorekeeper: {message}"), (why, err)
    assert run("--database", url, "nights", capsys=capsys)[1] == "No nights yet.\n"


def test_a_night_s_money_is_checked_on_import_and_comes_back_on_export(
    url, tmp_path, capsys
) -> None:
    document = sample_night_document()
    bad = {**document, "closed": True, "payments": [{"from": "Ann", "to": "(pot)", "cents": 5}]}
    refused = run("--database", url, "import", write(tmp_path, bad), capsys=capsys)
    assert refused == (
        2,
        "",
        "scorekeeper: payments[1].to: (pot) is the table's pot, not a person\n",
    )
    assert run("--database", url, "nights", capsys=capsys)[1] == "No nights yet.\n"
    paid = {**bad, "payments": [{"from": "Ann", "to": "Bob", "cents": 5, "date": "2026-11-24"}]}
    night_id = run("--database", url, "import", write(tmp_path, paid), capsys=capsys)[1].strip()
    exported = run("--database", url, "export", "--night", night_id, capsys=capsys)[1]
    assert json.loads(exported) == paid


def test_nights_lists_each_night_readably(url, tmp_path, capsys) -> None:
    run("--database", url, "import", write(tmp_path, sample_night_document()), capsys=capsys)
    status, out, _ = run(
        "--database", url, "nights", "--league", "Tuesday Night League", capsys=capsys
    )
    assert status == 0
    header, row = out.splitlines()
    assert header.split()[:6] == ["id", "date", "league", "season", "table", "hands"]
    assert "2026-11-17" in row and "Tuesday Night League" in row and "Fall 2026" in row
    assert row.endswith("Ann, Bob, Cal, Dee, Eve, Fay")
    assert run("--database", url, "nights", "--league", "Nope", capsys=capsys)[0] == 2


def test_export_of_a_missing_night_is_a_clear_error(url, capsys) -> None:
    status, out, err = run("--database", url, "export", "--night", "99", capsys=capsys)
    assert (status, out) == (2, "")
    assert "there is no night 99" in err


def test_backup_and_restore_a_sqlite_file(url, tmp_path, capsys) -> None:
    run("--database", url, "import", write(tmp_path, sample_night_document()), capsys=capsys)
    copy = tmp_path / "copy.sqlite3"
    assert run("--database", url, "backup", str(copy), capsys=capsys)[0] == 0
    with sqlite3.connect(copy) as check:
        assert check.execute("SELECT count(*) FROM hand").fetchone() == (7,)
    run("--database", url, "import", write(tmp_path, thirty_hands(), "b.json"), capsys=capsys)
    status, _, err = run("--database", url, "restore", str(copy), capsys=capsys)
    assert status == 2 and "--force" in err
    assert len(run("--database", url, "nights", capsys=capsys)[1].splitlines()) == 3
    assert run("--database", url, "restore", str(copy), "--force", capsys=capsys)[0] == 0
    assert len(run("--database", url, "nights", capsys=capsys)[1].splitlines()) == 2
    assert list(tmp_path.glob("league.sqlite3.*before-restore.bak"))  # the replaced data


def test_a_json_dump_restores_into_an_empty_database(url, tmp_path, capsys) -> None:
    run("--database", url, "import", write(tmp_path, sample_night_document()), capsys=capsys)
    dump = tmp_path / "dump.json"
    run("--database", url, "backup", str(dump), capsys=capsys)
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    assert run("--database", other, "restore", str(dump), capsys=capsys)[0] == 0
    first = run("--database", url, "export", "--night", "1", capsys=capsys)[1]
    assert run("--database", other, "export", "--night", "1", capsys=capsys)[1] == first


def test_the_default_database_lives_in_the_user_data_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "nights"],
        capture_output=True,
        text=True,
        check=False,
        env={**__import__("os").environ},
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "data" / "sheepshead-scorekeeper" / "scorekeeper.sqlite3").exists()


def test_the_environment_chooses_the_database(tmp_path, monkeypatch, capsys) -> None:
    path = tmp_path / "env.sqlite3"
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{path}")
    assert run("nights", capsys=capsys)[0] == 0
    assert path.exists()


def test_an_import_reads_and_checks_its_night_once(
    url, tmp_path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`import` reads the document and checks each hand once, before the database is
    opened, and files that night: the store does not read and check it again (it did
    twice more: the document once more, then the night as stored), and scoring does
    not validate again the night `load_night` checked (`CheckedNight`)."""
    import scorekeeper.document as document_module
    import scorekeeper.night as night_module
    import scorekeeper.validation as validation_module

    calls = {"read": 0, "checked": 0, "scored": 0}

    def counting(name: str, function: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return function(*args, **kwargs)

        return counted

    monkeypatch.setattr(
        document_module, "_read_document", counting("read", document_module._read_document)
    )
    checking = counting("checked", validation_module.validate_hand)
    monkeypatch.setattr(document_module, "validate_hand", checking)
    monkeypatch.setattr(validation_module, "validate_hand", checking)
    monkeypatch.setattr(
        night_module, "validate_night", counting("scored", night_module.validate_night)
    )
    document = thirty_hands()
    status, out, err = run("--database", url, "import", write(tmp_path, document), capsys=capsys)
    assert status == 0, err
    assert calls == {"read": 1, "checked": len(document["hands"]), "scored": 0}
    status, out, _ = run("--database", url, "export", "--night", out.strip(), capsys=capsys)
    assert status == 0 and json.loads(out)["hands"] == document["hands"]


def test_a_leasters_second_winner_is_in_the_statistics(url: str, tmp_path: Path, capsys) -> None:
    """Issue 33: `leaster_second` in the statistics too: the player page says in how many
    leasters a player came second (a second was counted as a leaster not won)."""
    from tests.sheet import leaster, night_doc

    document = night_doc(
        {"preset": "classic-5", "leaster_second": True},
        [leaster("Cal", second="Bob"), leaster("Bob", second="Cal"), leaster("Cal", second="Bob")],
    )
    document |= {"league": "Office", "date": "2026-11-03"}
    assert run("--database", url, "import", write(tmp_path, document), capsys=capsys)[0] == 0
    status, out, err = run(
        "--database", url, "stats", "--league", "Office", "--player", "Bob", capsys=capsys
    )
    assert status == 0, err
    line = next(line for line in out.splitlines() if "Leasters won" in line)
    assert line.rstrip().endswith("; second in 2"), line
