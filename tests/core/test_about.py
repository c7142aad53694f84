"""What Help ▸ About and `--version` say the program is: the version and licence that
pyproject.toml gives the distribution, read through one function whichever place holds
the version."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper import about

PROJECT = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]


def test_the_licence_is_the_distribution_s() -> None:
    assert PROJECT["license"] == about.LICENCE


def test_the_version_is_the_distribution_s() -> None:
    if "version" in PROJECT:
        assert about.version() == PROJECT["version"]
    assert about.version()[0].isdigit()


def test_without_a_version_in_the_package_the_installed_one_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(scorekeeper, "__version__", raising=False)
    monkeypatch.setattr(metadata, "version", lambda name: {about.DISTRIBUTION: "9.8.7"}[name])
    assert about.version() == "9.8.7"

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert about.version() == "unknown"
