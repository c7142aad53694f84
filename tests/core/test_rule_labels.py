"""Every house-rule option is shown by its label, and each of its choices and keys in
words: the start dialog, the house-rules dialog and the rules section of a night's PDF
name no option by its night-document key."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper import i18n
from scorekeeper.games import all_games, game_named
from scorekeeper.i18n import N_
from scorekeeper.rules import Option, option

EVERY_OPTION = [(game.name, o) for game in all_games() for o in game.options]


@pytest.mark.parametrize(
    ("game", "declared"), EVERY_OPTION, ids=[f"{g}.{o.name}" for g, o in EVERY_OPTION]
)
def test_every_option_of_every_game_has_a_label_and_words_for_each_choice_and_key(
    game: str, declared: Option
) -> None:
    assert declared.label.strip(), f"{game}'s {declared.name} has no label"
    assert declared.shown_name() == declared.label
    assert len(declared.choice_labels) == len(declared.choices)
    assert len(declared.labels) == len(declared.keys)
    for value in (*declared.choices, *declared.keys):
        words = declared.shown_choice(value)
        assert words.strip() and words != value, f"{game}'s {declared.name}: {value}"


def test_the_labels_of_one_game_name_its_options_apart() -> None:
    for game in all_games():
        labels = [o.label for o in game.options]
        assert len(labels) == len(set(labels)), game.name


def test_an_option_declared_without_words_for_a_choice_is_refused() -> None:
    with pytest.raises(ValueError, match="needs its label"):
        option(
            "a",
            N_("what it means"),
            label=N_("Some rule"),
            choices=("a", "b"),
            choice_labels={"a": N_("the first")},
        )
    with pytest.raises(ValueError, match="needs its label"):
        option({}, N_("counts"), label=N_("Counts"), keys=("x", "y"), minimum=1, maximum=2)


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def test_an_option_and_its_choices_are_said_in_german(german: None) -> None:
    options = {o.name: o for o in game_named("schafkopf").options}
    leaster_pay, all_pass = options["leaster_pay"], options["all_pass"]
    assert leaster_pay.shown_name() == "Wer im Leaster zahlt"
    assert leaster_pay.shown_choice("winner-collects") == "der Gewinner kassiert"
    assert all_pass.shown_choice("pot") == "alle zahlen in den Stock"
    assert options["stake_cents"].shown_name() == "Einsatz je Punkt"
    assert options["laufende_min"].shown_choice("other") == "die übrigen Soli"
