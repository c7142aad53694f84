"""House rules: every option declared once with its default and plain meaning, and presets.

Rules of play are data, not code paths.  A night is scored under one `RuleSet`, chosen
when it starts and stored with it (as `to_json()`), so history can always be rescored
exactly as it was played.  Every option and preset is described, for the people who use
the app, in `docs/rules/sheepshead.md` and `docs/rules/schafkopf.md`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from scorekeeper.json_input import key_name, show_value
from scorekeeper.problems import Problem

Partner = Literal["called-ace", "jack-of-diamonds", "black-queens", "none"]
NoPick = Literal["leaster", "doubler", "forced"]
NoTrickLoss = Literal["team", "picker-pays"]
DoublerStack = Literal["stack", "multiply"]
LeasterTie = Literal["draw", "all-win", "void"]
Game = Literal["sheepshead", "schafkopf"]
AllPass = Literal["redeal", "ramsch", "leaster", "pot", "forced"]
Jungfrau = Literal["double", "double-to-jungfrau", "none"]
Durchmarsch = Literal["solo", "solo-schwarz"]

DECK_CARDS = 32
CARD_POINTS = 120
BLIND_CARD_MAX_POINTS = 11
LARGE = 10_000  # a sane ceiling for units and factors, so amounts stay in 64 bits

# Schafkopf: the game classes a Laufende minimum is set for, and what starts a Bock round.
LAUFENDE_CLASSES = ("call", "solo", "wenz", "geier", "other")
BOCK_TRIGGERS = ("schwarz", "lost-solo", "lost-kontra", "kontra")
LaufendeMin = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Option:
    """The declaration of one house-rule option: its kind, range and plain meaning."""

    name: str
    meaning: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    is_bool: bool = False
    game: Game | None = None  # the one game it belongs to; None for both
    keys: tuple[str, ...] = ()  # an object of whole numbers with these keys
    many: bool = False  # a list of distinct `choices`

    def check(self, value: Any) -> str | None:
        """A message saying what is wrong with `value` for this option, or None."""
        if self.keys:
            return self._check_keys(value)
        if self.many:
            if (
                not isinstance(value, list | tuple)
                or not all(isinstance(v, str) for v in value)
                or len(set(value)) != len(value)
            ):
                return f"{show_value(value)} is not a list of distinct names"
            wrong = [v for v in value if v not in self.choices]
            return (
                f"{show_value(wrong[0])} is not one of {', '.join(self.choices)}" if wrong else None
            )
        if self.is_bool:
            return None if isinstance(value, bool) else f"{show_value(value)} is not true or false"
        if self.choices:
            if value in self.choices:
                return None
            return f"{show_value(value)} is not one of {', '.join(self.choices)}"
        if not is_whole(value):
            return f"{show_value(value)} is not a whole number"
        if not self.minimum <= value <= self.maximum:
            return f"{value} is not between {self.minimum} and {self.maximum}"
        return None

    def _check_keys(self, value: Any) -> str | None:
        if not isinstance(value, Mapping):
            return f"must be an object of {', '.join(self.keys)}"
        for key, count in value.items():
            if key not in self.keys:
                return f"{show_value(key)} is not one of {', '.join(self.keys)}"
            if not is_whole(count) or not self.minimum <= count <= self.maximum:
                return (
                    f"{key}: {show_value(count)} is not between {self.minimum} and {self.maximum}"
                )
        return None

    def applies_to(self, game: Game) -> bool:
        """True when the option has a meaning in GAME."""
        return self.game is None or self.game == game


def is_whole(value: Any) -> bool:
    """True for a whole number (an int that is not a bool, as JSON gives them)."""
    return isinstance(value, int) and not isinstance(value, bool)


SHEEP: Game = "sheepshead"
SCHAF: Game = "schafkopf"
GAME_NAMES: dict[Game, str] = {SHEEP: "Sheepshead", SCHAF: "Schafkopf"}

OPTIONS: tuple[Option, ...] = (
    Option("dealt_in", "players dealt into a hand", minimum=3, maximum=8),
    Option("tricks", "tricks in a hand (cards each player holds)", minimum=4, maximum=10),
    Option("blind", "cards in the blind", minimum=0, maximum=4),
    Option(
        "partner",
        "how the picker's partner is found",
        choices=("called-ace", "jack-of-diamonds", "black-queens", "none"),
        game=SHEEP,
    ),
    Option("partner_units", "a partner's share of the unit", minimum=0, maximum=LARGE, game=SHEEP),
    Option(
        "no_pick",
        "what happens when everyone passes: a leaster, a doubler on the next hand, "
        "or someone must pick",
        choices=("leaster", "doubler", "forced"),
        game=SHEEP,
    ),
    Option("double_on_the_bump", "a lost hand costs the pickers double", is_bool=True, game=SHEEP),
    Option(
        "no_trick_loss",
        "who pays when the picking side takes no trick: the whole team, or the picker alone",
        choices=("team", "picker-pays"),
        game=SHEEP,
    ),
    Option(
        "win_at", "card points the picking side needs to win", minimum=0, maximum=120, game=SHEEP
    ),
    Option("schneider_at", "card points that win schneider", minimum=0, maximum=120, game=SHEEP),
    Option(
        "schneidered_at",
        "card points at or below which the picking side loses schneider",
        minimum=0,
        maximum=120,
        game=SHEEP,
    ),
    Option("schneider_factor", "what a schneider multiplies", minimum=1, maximum=LARGE, game=SHEEP),
    Option(
        "no_trick_factor", "what a no-trick hand multiplies", minimum=1, maximum=LARGE, game=SHEEP
    ),
    Option(
        "leaster_units", "what each loser of a leaster pays each winner", minimum=1, maximum=LARGE
    ),
    Option(
        "misplay_units",
        "what a misplayer pays each other player in the hand",
        minimum=1,
        maximum=LARGE,
    ),
    Option(
        "misplay_multiplied",
        "the hand's doublers also multiply misplay penalties",
        is_bool=True,
    ),
    Option("last_hand_doubler", "the last hand of the night counts double", is_bool=True),
    Option(
        "doubler_stack",
        "queued doublers: one on each following hand, or all on the next hand",
        choices=("stack", "multiply"),
        game=SHEEP,
    ),
    Option(
        "max_multiplier",
        "the most a hand can be multiplied by doublers (0: no cap)",
        minimum=0,
        maximum=1 << 20,
    ),
    Option(
        "leaster_tie",
        "a tie for the fewest points in a leaster: the table draws, all tied win, or nobody pays",
        choices=("draw", "all-win", "void"),
    ),
    Option("stake_cents", "cents a point is worth", minimum=0, maximum=1_000_000),
    Option(
        "tariff_call",
        "a Sauspiel (call game), Renonce or forced game is worth",
        minimum=1,
        maximum=LARGE,
        game=SCHAF,
    ),
    Option(
        "tariff_solo",
        "every solo (Farbsolo, Wenz, Geier and the rest) is worth",
        minimum=1,
        maximum=LARGE,
        game=SCHAF,
    ),
    Option("tariff_null", "a Null (Bettel) is worth", minimum=1, maximum=LARGE, game=SCHAF),
    Option(
        "tariff_extra",
        "one extra: for Schneider, for Schwarz, and for each counted Laufender",
        minimum=0,
        maximum=LARGE,
        game=SCHAF,
    ),
    Option(
        "tariff_ramsch",
        "what the Ramsch loser pays each other player",
        minimum=1,
        maximum=LARGE,
        game=SCHAF,
    ),
    Option(
        "laufende_min",
        "top trumps in a row that count, from",
        minimum=1,
        maximum=14,
        keys=LAUFENDE_CLASSES,
        game=SCHAF,
    ),
    Option("tout_factor", "a Tout (every trick) multiplies", minimum=1, maximum=64, game=SCHAF),
    Option("sie_factor", "a Sie (all top trumps) multiplies", minimum=1, maximum=64, game=SCHAF),
    Option(
        "all_pass",
        "when all four pass: deal again, play a Ramsch or a leaster, pay into the pot, "
        "or the club queen must play (forced game)",
        choices=("redeal", "ramsch", "leaster", "pot", "forced"),
        game=SCHAF,
    ),
    Option(
        "jungfrau",
        "a Ramsch player who took no trick (Jungfrau): doubles the Ramsch for everyone, "
        "is paid double, or changes nothing",
        choices=("double", "double-to-jungfrau", "none"),
        game=SCHAF,
    ),
    Option(
        "durchmarsch_value",
        "a Durchmarsch (one player takes every Ramsch trick) is paid as a won solo, "
        "or as a solo won Schwarz",
        choices=("solo", "solo-schwarz"),
        game=SCHAF,
    ),
    Option(
        "bock_after",
        "what starts a Bock round (hands that count double)",
        choices=BOCK_TRIGGERS,
        many=True,
        game=SCHAF,
    ),
    Option("bock_hands", "hands in a Bock round", minimum=1, maximum=32, game=SCHAF),
)
OPTION_BY_NAME: dict[str, Option] = {o.name: o for o in OPTIONS}


@dataclass(frozen=True)
class RuleSet:
    """A complete set of house rules: the preset it started from and every option's value."""

    preset: str = "classic-5"
    dealt_in: int = 5
    tricks: int = 6
    blind: int = 2
    partner: Partner = "called-ace"
    partner_units: int = 1
    no_pick: NoPick = "leaster"
    double_on_the_bump: bool = False
    no_trick_loss: NoTrickLoss = "team"
    win_at: int = 61
    schneider_at: int = 91
    schneidered_at: int = 30
    schneider_factor: int = 2
    no_trick_factor: int = 3
    leaster_units: int = 1
    misplay_units: int = 1
    misplay_multiplied: bool = False
    last_hand_doubler: bool = True
    doubler_stack: DoublerStack = "stack"
    max_multiplier: int = 0
    leaster_tie: LeasterTie = "draw"
    stake_cents: int = 5
    # Schafkopf (`docs/rules/schafkopf.md`); a Sheepshead night ignores these.
    tariff_call: int = 20
    tariff_solo: int = 50
    tariff_null: int = 30
    tariff_extra: int = 10
    tariff_ramsch: int = 20
    laufende_min: LaufendeMin = (("call", 3), ("solo", 3), ("wenz", 2), ("geier", 2), ("other", 3))
    tout_factor: int = 2
    sie_factor: int = 4
    all_pass: AllPass = "redeal"
    jungfrau: Jungfrau = "double"
    durchmarsch_value: Durchmarsch = "solo"
    bock_after: tuple[str, ...] = ()
    bock_hands: int = 4

    @property
    def game(self) -> Game:
        """The game the night is played at: Sheepshead, or Bavarian Schafkopf."""
        return SCHAF if self.preset in SCHAFKOPF_PRESETS else SHEEP

    @property
    def max_partners(self) -> int:
        """How many partners a picker can have under this partner rule."""
        return 0 if self.partner == "none" else 1

    @property
    def has_pot(self) -> bool:
        """True when passed hands pay into a pot (Schafkopf `all_pass` pot)."""
        return self.game == SCHAF and self.all_pass == "pot"

    def laufende_minimum(self, game_class: str) -> int:
        """From how many Laufende the extras count in a game of GAME_CLASS."""
        return dict(self.laufende_min)[game_class]

    def options(self) -> dict[str, Any]:
        """The value of every option of this night's game, without the preset name
        (as JSON values: the Laufende minimum an object, the Bock triggers a list)."""
        values = asdict(self)
        del values["preset"]
        values["laufende_min"] = dict(self.laufende_min)
        values["bock_after"] = list(self.bock_after)
        return {k: v for k, v in values.items() if OPTION_BY_NAME[k].applies_to(self.game)}

    def overrides(self) -> dict[str, Any]:
        """The options whose value differs from the preset's own."""
        base = preset_rules(self.preset).options()
        return {k: v for k, v in self.options().items() if base[k] != v}

    def to_json(self) -> dict[str, Any]:
        """The full rule set as a JSON object: what a stored night is scored under."""
        return {"preset": self.preset, **self.options()}

    def to_document(self) -> str | dict[str, Any]:
        """The shortest night-document form: the preset name, or it and the overrides."""
        changed = self.overrides()
        return {"preset": self.preset, **changed} if changed else self.preset


PRESETS: dict[str, dict[str, Any]] = {
    "classic-5": dict(
        dealt_in=5,
        tricks=6,
        blind=2,
        partner="called-ace",
        no_pick="leaster",
        no_trick_loss="picker-pays",
        double_on_the_bump=False,
    ),
    "jack-of-diamonds-5": dict(
        dealt_in=5,
        tricks=6,
        blind=2,
        partner="jack-of-diamonds",
        no_pick="leaster",
        no_trick_loss="picker-pays",
        double_on_the_bump=False,
    ),
    "cutthroat-4": dict(
        dealt_in=4,
        tricks=7,
        blind=4,
        partner="none",
        no_pick="leaster",
        no_trick_loss="team",
        double_on_the_bump=False,
    ),
    "partners-4": dict(
        dealt_in=4,
        tricks=8,
        blind=0,
        partner="black-queens",
        no_pick="forced",
        no_trick_loss="team",
        double_on_the_bump=False,
    ),
    "three-handed": dict(
        dealt_in=3,
        tricks=10,
        blind=2,
        partner="none",
        no_pick="leaster",
        no_trick_loss="team",
        double_on_the_bump=False,
    ),
    "six-handed": dict(
        dealt_in=6,
        tricks=5,
        blind=2,
        partner="jack-of-diamonds",
        no_pick="leaster",
        no_trick_loss="team",
        double_on_the_bump=False,
    ),
    "seven-handed": dict(
        dealt_in=7,
        tricks=4,
        blind=4,
        partner="black-queens",
        no_pick="forced",
        no_trick_loss="team",
        double_on_the_bump=False,
    ),
    "penny": dict(
        dealt_in=5,
        tricks=6,
        blind=2,
        partner="called-ace",
        no_pick="leaster",
        no_trick_loss="team",
        double_on_the_bump=True,
    ),
    "schafkopf": dict(
        dealt_in=4,
        tricks=8,
        blind=0,
        stake_cents=1,
        misplay_units=20,
        last_hand_doubler=False,
    ),
    "schafkopf-10-50": dict(
        dealt_in=4,
        tricks=8,
        blind=0,
        stake_cents=1,
        misplay_units=10,
        last_hand_doubler=False,
        tariff_call=10,
        all_pass="ramsch",
        jungfrau="double-to-jungfrau",
        durchmarsch_value="solo-schwarz",
    ),
}
SCHAFKOPF_PRESETS = ("schafkopf", "schafkopf-10-50")
SHEEPSHEAD_PRESETS = tuple(p for p in PRESETS if p not in SCHAFKOPF_PRESETS)


def preset_rules(name: str) -> RuleSet:
    """The rule set of a preset, every other option at its default."""
    return RuleSet(preset=name, **PRESETS[name])


def parse_rules(value: Any) -> tuple[RuleSet | None, list[Problem]]:
    """Read the `rules` of a night document: a preset name, or an object with overrides.

    Returns the rule set, or None with every problem found (unknown preset or option,
    a value out of range, options that contradict each other).
    """
    if isinstance(value, str):
        value = {"preset": value}
    if not isinstance(value, Mapping):
        return None, [Problem("rules", "must be a preset name or an object with a preset")]
    preset = value.get("preset")
    if preset is None:
        return None, [Problem("rules.preset", "missing: name the preset the night starts from")]
    if not isinstance(preset, str) or preset not in PRESETS:
        names = ", ".join(PRESETS)
        return None, [
            Problem("rules.preset", f"{show_value(preset)} is not a preset (one of {names})")
        ]
    problems = []
    overrides: dict[str, Any] = {}
    base = preset_rules(preset)
    for key, option_value in value.items():
        if key == "preset":
            continue
        option = OPTION_BY_NAME.get(key)
        if option is None:
            problems.append(Problem(f"rules.{key_name(key)}", "is not a house-rule option"))
            continue
        if not option.applies_to(base.game):
            problems.append(
                Problem(
                    f"rules.{key_name(key)}",
                    f"is a {GAME_NAMES[option.game or base.game]} option, and {preset} is "
                    f"a {GAME_NAMES[base.game]} preset",
                )
            )
            continue
        message = option.check(option_value)
        if message:
            problems.append(Problem(f"rules.{key_name(key)}", message))
        else:
            overrides[key] = _stored_value(base, key, option_value)
    if problems:
        return None, problems
    rules = replace(base, **overrides)
    problems = check_consistency(rules)
    return (None, problems) if problems else (rules, [])


def check_consistency(rules: RuleSet) -> list[Problem]:
    """Problems with options that are each valid but cannot hold together."""
    problems = []
    cards = rules.dealt_in * rules.tricks + rules.blind
    if cards != DECK_CARDS:
        problems.append(
            Problem(
                "rules.tricks",
                f"{rules.dealt_in} players with {rules.tricks} cards each and a blind of "
                f"{rules.blind} make {cards} cards, but the deck has {DECK_CARDS}",
            )
        )
    if not rules.schneidered_at < rules.win_at <= rules.schneider_at:
        problems.append(
            Problem(
                "rules.win_at",
                f"schneidered_at ({rules.schneidered_at}) must be below win_at "
                f"({rules.win_at}), and win_at no more than schneider_at ({rules.schneider_at})",
            )
        )
    m = rules.max_multiplier
    if m and m & (m - 1):
        problems.append(Problem("rules.max_multiplier", f"{m} is not 0 or a power of 2"))
    if rules.game == SCHAF and (rules.dealt_in, rules.tricks, rules.blind) != (4, 8, 0):
        problems.append(
            Problem("rules.dealt_in", "Schafkopf deals four players in, eight cards each, no blind")
        )
    return problems


def _stored_value(base: RuleSet, key: str, value: Any) -> Any:
    """An option's checked JSON value as the rule set holds it: the Laufende minimum
    (given whole or in part) as pairs in a fixed order, the Bock triggers as a tuple."""
    if key == "laufende_min":
        merged = dict(base.laufende_min) | dict(value)
        return tuple((c, merged[c]) for c in LAUFENDE_CLASSES)
    if key == "bock_after":
        return tuple(t for t in BOCK_TRIGGERS if t in value)
    return value


def option_names() -> tuple[str, ...]:
    """Names of every option of a rule set, in declaration order."""
    return tuple(f.name for f in fields(RuleSet) if f.name != "preset")


def preset_game(name: str) -> Game:
    """The game a preset is played at."""
    return SCHAF if name in SCHAFKOPF_PRESETS else SHEEP
