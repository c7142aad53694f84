"""The games registry, and the facts each game decides once when a hand is scored:
what the sheet, the reports and the statistics read instead of the raw hand."""

from __future__ import annotations

import pytest

from scorekeeper.document import load_night
from scorekeeper.games import (
    all_games,
    all_presets,
    game_named,
    game_of,
    game_of_preset,
    one_game,
    preset_rules,
    register,
)
from scorekeeper.games.cards import CardRules
from scorekeeper.games.sheepshead import Sheepshead
from scorekeeper.night import score_night
from scorekeeper.rules import RuleSet
from tests.sheet import leaster, misplay, night_doc, no_pick, pick, score_doc
from tests.store.corpus import corpus

FOUR = ["Ann", "Bob", "Cal", "Dee"]


def test_every_preset_is_played_at_exactly_one_registered_game() -> None:
    assert [g.name for g in all_games()] == ["sheepshead", "schafkopf"]
    assert sorted(p for g in all_games() for p in g.presets) == sorted(all_presets())
    for preset in all_presets():
        rules = preset_rules(preset)
        assert game_of(rules) is game_of_preset(preset) is game_named(rules.game)
    assert game_named("schafkopf").title == "Schafkopf"
    assert one_game(["schafkopf", "schafkopf"]).title == "Schafkopf"
    assert one_game(["schafkopf", "sheepshead"]).title == "Sheepshead"  # mixed: the app's own


def test_each_option_belongs_to_the_games_it_means_something_at() -> None:
    for game in all_games():
        shared = {o.name for o in CardRules.declared()}
        assert shared <= {o.name for o in game.options}
        assert {o.name for o in RuleSet.declared()} == {"dealt_in", "stake_cents"}
    assert "jungfrau" in [o.name for o in game_named("schafkopf").options]
    assert "partner" not in [o.name for o in game_named("schafkopf").options]


def test_a_game_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register(Sheepshead())


def test_sheepshead_hands_say_who_went_alone_and_what_the_sheet_shows() -> None:
    result = score_doc(
        night_doc(
            {"preset": "classic-5", "no_pick": "doubler"},
            [
                pick("Bob", "Dee", points=74, tricks=4, dealer="Ann"),  # no `call` field
                pick("Cal", points=30, tricks=2, call="alone", dealer="Bob"),
                leaster("Eve", dealer="Cal"),
                no_pick(dealer="Dee"),
                misplay("Ann", dealer="Eve"),
            ],
        )
    )
    hands = result.hands
    assert [h.alone for h in hands] == [False, True, None, None, None]
    assert [h.game for h in hands] == ["pick", "pick", "leaster", "no-pick", "misplay"]
    assert [h.summary for h in hands] == [
        "Bob and Dee: 74 (4 tricks) win",
        "Cal alone: 30 (2 tricks) loss, schneider",
        "Leaster: Eve",
        "Nobody picked (doubler)",
        "Misplay: Ann",
    ]
    assert hands[0].marks == {"Bob": "P", "Dee": "p", "Ann": "D"}
    assert hands[2].marks == {"Eve": "L", "Cal": "D"}
    assert hands[4].marks == {"Ann": "M", "Eve": "D"}


def test_schafkopf_hands_say_the_game_the_loser_and_the_jungfrauen() -> None:
    rules = {"preset": "schafkopf", "all_pass": "ramsch"}
    result = score_doc(
        night_doc(
            rules,
            [
                {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 75, "tricks": 5},
                {
                    "type": "solo",
                    "declarer": "Bob",
                    "game": "wenz",
                    "tout": True,
                    "points": 120,
                    "tricks": 8,
                },
                {"type": "null", "declarer": "Dee", "tricks": 1},
                {
                    "type": "ramsch",
                    "points": {"Ann": 30, "Bob": 50, "Cal": 40, "Dee": 0},
                    "tricks": {"Ann": 3, "Bob": 3, "Cal": 2, "Dee": 0},
                },
                {
                    "type": "ramsch",
                    "points": {"Ann": 120, "Bob": 0, "Cal": 0, "Dee": 0},
                    "tricks": {"Ann": 8, "Bob": 0, "Cal": 0, "Dee": 0},
                },
            ],
            FOUR,
        )
    )
    hands = result.hands
    assert [h.game for h in hands] == ["Sauspiel", "Wenz Tout", "Null", "Ramsch", "Ramsch"]
    assert [h.alone for h in hands] == [False, True, True, None, None]
    assert (hands[3].loser, hands[3].jungfrauen, hands[3].durchmarsch) == ("Bob", ("Dee",), None)
    assert (hands[4].loser, hands[4].jungfrauen, hands[4].durchmarsch) == (None, (), "Ann")
    assert [h.summary for h in hands] == [
        "Sauspiel Ann+Cal: 75 won",
        "Wenz Tout Bob: 8 tricks won",  # a Tout has no Schwarz: its name says Tout
        "Null Dee: 1 trick lost",
        "Ramsch: Bob lost with 50, Jungfrau Dee",
        "Ramsch: Durchmarsch Ann",
    ]
    assert hands[0].marks == {"Ann": "S", "Cal": "s"}


def test_a_tout_or_a_sie_is_won_or_lost_never_schneider_or_schwarz() -> None:
    """A trial: a won Tout was labelled "won Schwarz" on the sheet and on paper, and a
    Sie lost with 30 points "lost Schneider": their value knows no Schneider or
    Schwarz, and the game's name says Tout (or Sie)."""

    hands = [
        {"declarer": "Ann", "game": "solo", "points": 120, "tricks": 8, "tout": True},
        {"declarer": "Bob", "game": "wenz", "points": 30, "tricks": 7, "sie": True},
        {"declarer": "Cal", "game": "geier", "points": 0, "tricks": 0, "tout": True},
    ]
    night, problems = load_night(
        night_doc("schafkopf", [{"type": "solo", **hand} for hand in hands], FOUR)
    )
    assert night is not None and not problems
    result = score_night(night)
    assert [h.summary for h in result.hands] == [
        "Farbsolo Tout Ann: 8 tricks won",
        "Wenz Sie Bob: 7 tricks lost",
        "Geier Tout Cal: 0 tricks lost",
    ]
    game = game_of(night.rules)
    cells = [game.report_cells(h, r)[4] for h, r in zip(night.hands, result.hands, strict=True)]
    assert cells == ["Farbsolo Tout won", "Wenz Sie lost", "Geier Tout lost"]


def test_alone_is_a_declarer_with_no_partner_in_the_cached_roles() -> None:
    """What the store derives from the score cache (a hand with a declarer and no
    "partner" role) is the scorer's `alone`, for every hand of the corpus."""
    for document in corpus():
        for hand in score_doc(document).hands:
            declared = hand.outcome in ("win", "loss")
            expected = (not any(r == "partner" for r in hand.roles.values())) if declared else None
            assert hand.alone == expected, (document.get("title"), hand.number, hand.summary)


def test_a_tout_s_factor_multiplies_a_misplay_as_its_doublings_do_and_the_sentence_says_so() -> (
    None
):
    """With misplay_multiplied, a misplay on a Tout pays the unit times the hand's whole
    multiplier, the Tout's factor included (docs/rules/schafkopf.md, Misplays), and the
    sentence names what each misplayer pays: the amount it adds."""
    from scorekeeper.document import load_night
    from scorekeeper.night import score_night

    night, problems = load_night(
        {
            "format": "sheepshead-night/1",
            "rules": {"preset": "schafkopf", "misplay_multiplied": True},
            "players": FOUR,
            "hands": [
                {
                    "type": "solo",
                    "declarer": "Ann",
                    "game": "wenz",
                    "tout": True,
                    "points": 120,
                    "tricks": 8,
                    "misplays": ["Bob"],
                },
            ],
        }
    )
    assert night is not None, problems
    hand = score_night(night).hands[0]
    assert hand.multiplier == 2  # the Tout's factor
    penalty = 20 * 2
    assert hand.points["Bob"] == -50 * 2 - 3 * penalty  # the Tout, then 40 to each other
    assert hand.explanation.endswith(
        f"Bob misplayed: {penalty} to each other player from each misplayer."
    )
