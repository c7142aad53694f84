"""House rules, as every game declares them: options, rule sets and their JSON form.

Rules of play are data, not code paths.  Each game (`scorekeeper.games`) declares its
rule set once, as a frozen dataclass whose fields are its house-rule options: each field
made with `option()`, which gives its default, its plain meaning and the values it
takes.  A night is scored under one `RuleSet`, chosen when it starts and stored with it
(as `to_json()`), so history can always be rescored exactly as it was played.  The
presets, and reading a night document's `rules`, are the games' registry's
(`scorekeeper.games.parse_rules`).  Every option and preset is described, for the
people who use the app, in `docs/rules/`.

An option's label (its short name in words), its meaning, and its keys' and choices'
labels are marked (`N_`) where a game declares them and translated (`_()`) where they
are shown (`Option.shown_name`, `Option.shown_choice`); its name, keys and choices are
the night document's and never translated: the JSON, the command line and a message
naming a document's field keep them.  What `Option.check` says is in the language
spoken now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, asdict, dataclass, field, fields, replace
from typing import Any, ClassVar, Self

from scorekeeper.i18n import N_, _
from scorekeeper.json_input import show_value
from scorekeeper.problems import Problem

LARGE = 10_000  # a sane ceiling for units and factors, so amounts stay in 64 bits


@dataclass(frozen=True)
class Option:
    """The declaration of one house-rule option: its kind, range and plain meaning."""

    name: str
    meaning: str  # marked (`N_`); translated where shown
    label: str = ""  # its short name in words ("Dealt in"), marked; translated where shown
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    is_bool: bool = False
    keys: tuple[str, ...] = ()  # an object of whole numbers with these keys
    many: bool = False  # a list of distinct `choices`
    sparse: bool = False  # an object of `keys` naming only some of them, given whole
    follows: str = ""  # null (None), or a sparse option's key not named: this option's value
    labels: tuple[str, ...] = ()  # the names people use for `keys`, in their order (marked)
    choice_labels: tuple[str, ...] = ()  # the words for `choices`, in their order (marked)
    money: bool = False  # a whole number of cents, shown as money

    def shown_name(self) -> str:
        """The option's name on screen and paper, in the language spoken now: its label,
        else its name in words ("tariff extra")."""
        return _(self.label) if self.label else self.name.replace("_", " ")

    def shown_choice(self, choice: str) -> str:
        """One of its CHOICES (or keys) in words, in the language spoken now ("the winner
        collects" for winner-collects); one without a label as the document spells it."""
        words = dict(zip(self.choices, self.choice_labels, strict=False))
        words |= dict(zip(self.keys, self.labels, strict=False))
        label = words.get(choice, "")
        return _(label) if label else choice

    def check(self, value: Any) -> str | None:
        """A message saying what is wrong with `value` for this option (in the language
        spoken now), or None."""
        if value is None and self.follows and not self.keys:
            return None
        if self.keys:
            return self._check_keys(value)
        if self.many:
            if (
                not isinstance(value, list | tuple)
                or not all(isinstance(v, str) for v in value)
                or len(set(value)) != len(value)
            ):
                return _("{value} is not a list of distinct names").format(value=show_value(value))
            wrong = [v for v in value if v not in self.choices]
            return _not_one_of(wrong[0], self.choices) if wrong else None
        if self.is_bool:
            if isinstance(value, bool):
                return None
            return _("{value} is not true or false").format(value=show_value(value))
        if self.choices:
            return None if value in self.choices else _not_one_of(value, self.choices)
        if not is_whole(value):
            return _("{value} is not a whole number").format(value=show_value(value))
        if not self.minimum <= value <= self.maximum:
            return _between(value, self.minimum, self.maximum)
        return None

    def _check_keys(self, value: Any) -> str | None:
        if not isinstance(value, Mapping):
            # Translators: KEYS are the option's keys as the night document spells them.
            return _("must be an object of {keys}").format(keys=", ".join(self.keys))
        for key, count in value.items():
            if key not in self.keys:
                return _not_one_of(key, self.keys)
            if not is_whole(count) or not self.minimum <= count <= self.maximum:
                # Translators: KEY is one key of the option, as the document spells it.
                return _("{key}: {problem}").format(
                    key=key, problem=_between(show_value(count), self.minimum, self.maximum)
                )
        return None

    def stored(self, before: Any, value: Any) -> Any:
        """A checked JSON VALUE as the rule set holds it: an object of counts (given
        whole or in part, over BEFORE; a sparse one whole) as pairs in the order of its
        keys, a list as a tuple in the order of the choices."""
        if self.sparse:
            given = dict(value)
            return tuple((k, given[k]) for k in self.keys if k in given)
        if self.keys:
            merged = dict(before) | dict(value)
            return tuple((k, merged[k]) for k in self.keys)
        if self.many:
            return tuple(c for c in self.choices if c in value)
        return value

    def json(self, value: Any) -> Any:
        """The value as JSON holds it: pairs as an object, a tuple as a list."""
        if self.keys:
            return dict(value)
        if self.many:
            return list(value)
        return value


def _not_one_of(value: Any, choices: tuple[str, ...]) -> str:
    # Translators: CHOICES are the values the night document takes, kept as they are.
    return _("{value} is not one of {choices}").format(
        value=show_value(value), choices=", ".join(choices)
    )


def _between(value: Any, minimum: int, maximum: int) -> str:
    return _("{value} is not between {minimum} and {maximum}").format(
        value=value, minimum=minimum, maximum=maximum
    )


def option(
    default: Any,
    meaning: str,
    *,
    label: str,
    choices: tuple[str, ...] = (),
    choice_labels: Mapping[str, str] | None = None,
    minimum: int = 0,
    maximum: int = 0,
    keys: tuple[str, ...] = (),
    many: bool = False,
    sparse: bool = False,
    follows: str = "",
    labels: tuple[str, ...] = (),
    money: bool = False,
) -> Any:
    """A rule set's field that is a house-rule option: its DEFAULT, its plain MEANING
    and its LABEL, a short name in words (both marked with `N_`, translated where
    shown), and the values it takes (a yes/no option is one whose default is a bool).
    CHOICE_LABELS give each of its CHOICES its words (marked), every one of them.  KEYS
    make it an object of whole numbers: every key (given in part, the rest kept), or
    with SPARSE only those named (given whole; a key not named has no value), and
    LABELS are the keys' names on screen (marked).  FOLLOWS names the option whose
    value it takes while it is None (JSON null; for a sparse option, a key not named): a
    price that defaults to another price, so rules stored before it existed score the
    same.  MONEY: its value is cents, shown as money in the night's currency."""
    words = dict(choice_labels or {})
    if set(words) != set(choices) or len(labels) != len(keys):
        raise ValueError(f"every choice and key of option {label!r} needs its label")
    declared = Option(
        "",
        meaning,
        label=label,
        choices=choices,
        choice_labels=tuple(words[c] for c in choices),
        minimum=minimum,
        maximum=maximum,
        is_bool=isinstance(default, bool),
        keys=keys,
        many=many,
        sparse=sparse,
        follows=follows,
        labels=labels,
        money=money,
    )
    return field(default=default, metadata={"option": declared})


def is_whole(value: Any) -> bool:
    """True for a whole number (an int that is not a bool, as JSON gives them)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class RuleSet:
    """What every game's rules hold: the preset a night started from, how many players
    are dealt into a hand (one more at the table sits out, by the deal), and what a
    point is worth.  Each game's rule set adds its own options (`option()`)."""

    game: ClassVar[str] = ""  # the name of the game these rules are of
    # Each preset by name: the options it sets (the rest keep their defaults).
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    # The order people read the options in (the start dialog, a stored night's rules):
    # these first, the rest as declared.  Fields inherited come first otherwise.
    ORDER: ClassVar[tuple[str, ...]] = ()
    preset: str = ""
    dealt_in: int = option(
        5, N_("players dealt into a hand"), label=N_("Dealt in"), minimum=3, maximum=8
    )
    stake_cents: int = option(
        5,
        N_("the money a point is worth"),
        label=N_("Stake a point"),
        minimum=0,
        maximum=1_000_000,
        money=True,
    )

    @property
    def has_pot(self) -> bool:
        """True when the rules keep a pot beside the players (a party to the
        settlement, which the night's points sum to zero with)."""
        return False

    @classmethod
    def of_preset(cls, name: str) -> Self:
        """The rule set of the preset NAME, every other option at its default."""
        return cls(preset=name, **cls.presets[name])

    @classmethod
    def declared(cls) -> tuple[Option, ...]:
        """Every option of this rule set, in its `ORDER`, the rest as declared."""
        return _declared(cls)

    def options(self) -> dict[str, Any]:
        """The value of every option, without the preset name (as JSON values: an
        object of counts as an object, a list of choices as a list)."""
        values = asdict(self)
        return {o.name: o.json(values[o.name]) for o in self.declared()}

    def effective(self, name: str) -> Any:
        """The value option NAME has in play: its own, or while it is None, the value
        of the option it follows (`option(follows=...)`)."""
        value = getattr(self, name)
        if value is None:
            follows = _follows(type(self)).get(name, "")
            if follows:
                return self.effective(follows)
        return value

    def with_options(self, values: Mapping[str, Any]) -> Self:
        """These rules with VALUES (checked JSON values of its options) set."""
        by_name = {o.name: o for o in self.declared()}
        changes = {k: by_name[k].stored(getattr(self, k), v) for k, v in values.items()}
        return replace(self, **changes)

    def problems(self) -> list[Problem]:
        """Problems with options that are each valid but cannot hold together."""
        return []

    def deal_all_in(self, players: int) -> dict[str, Any]:
        """The options to change so that a hand deals all PLAYERS in and nobody sits
        out (a league's spreadsheet's sitting, `league_sheet`): `dealt_in`, and what
        else a game's deal must change with it."""
        return {"dealt_in": players}

    def overrides(self) -> dict[str, Any]:
        """The options whose value differs from the preset's own."""
        base = self.of_preset(self.preset).options()
        return {k: v for k, v in self.options().items() if base[k] != v}

    def to_json(self) -> dict[str, Any]:
        """The full rule set as a JSON object: what a stored night is scored under."""
        return {"preset": self.preset, **self.options()}

    def to_document(self) -> str | dict[str, Any]:
        """The shortest night-document form: the preset name, or it and the overrides."""
        changed = self.overrides()
        return {"preset": self.preset, **changed} if changed else self.preset


def _is_option(f: Field[Any]) -> bool:
    return "option" in f.metadata


_DECLARED: dict[type, tuple[Option, ...]] = {}
_FOLLOWS: dict[type, dict[str, str]] = {}


def _declared(cls: type[RuleSet]) -> tuple[Option, ...]:
    """`RuleSet.declared`, worked out once a class (a scorer asks it on every hand)."""
    if cls not in _DECLARED:
        found = [replace(f.metadata["option"], name=f.name) for f in fields(cls) if _is_option(f)]
        rank = {name: place for place, name in enumerate(cls.ORDER)}
        _DECLARED[cls] = tuple(sorted(found, key=lambda o: rank.get(o.name, len(rank))))
    return _DECLARED[cls]


def _follows(cls: type[RuleSet]) -> dict[str, str]:
    """Each option of CLS that follows another, and the one it follows."""
    if cls not in _FOLLOWS:
        _FOLLOWS[cls] = {o.name: o.follows for o in _declared(cls) if o.follows}
    return _FOLLOWS[cls]
