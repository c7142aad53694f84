"""Reading one hand of a night document, field by field (`docs/rules/night-format.md`).

A `HandReader` reads the fields every hand has (`common`) and offers a reader for each
kind of field a game's hand may have (a seated player's name, a list of names, a map of
names to counts, a whole number, a flag, text).  Each adds a problem naming the field,
in the player's words, for a value that is wrong, and the hand's own class (each game
declares its hand types, `scorekeeper.games`) reads the rest with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.i18n import _
from scorekeeper.json_input import key_name, show_value
from scorekeeper.names import clean_key, clean_name, fold_name, name_key, quoted
from scorekeeper.problems import Problem
from scorekeeper.rules import is_whole

MAX_DOUBLERS = 16
COMMON_FIELDS = ("type", "dealer", "sitting_out", "doublers", "last_hand", "misplays", "note")


class HandReader:
    """Reads one hand's fields, adding a problem for each one that is wrong."""

    def __init__(
        self,
        item: Any,
        number: int,
        seated: dict[str, str] | None,
        problems: list[Problem],
    ) -> None:
        self.item: Mapping[str, Any] = item if isinstance(item, Mapping) else {}
        self.number = number
        self.seated = seated
        self.problems = problems
        self.ok = True

    def problem(self, field: str, message: str, *, missing: bool = False) -> None:
        """A problem with FIELD of the hand being read (MISSING: it is required and
        not given)."""
        self.problems.append(Problem(field, message, hand=self.number, missing=missing))
        self.ok = False

    def common(self) -> dict[str, Any]:
        """The fields every hand has, as the keyword arguments of its record."""
        doublers, doubler_names = self.doublers()
        sitting_out = self.names("sitting_out") if "sitting_out" in self.item else None
        return dict(
            dealer=self.name("dealer", required=False),
            sitting_out=sitting_out,
            doublers=doublers,
            doubler_names=doubler_names,
            last_hand=self.flag("last_hand"),
            misplays=self.names("misplays"),
            note=self.text("note"),
        )

    def partners(self) -> tuple[str, ...]:
        """A declarer's partners: `partner` (one name) or `partners` (a list)."""
        if "partner" in self.item and "partners" in self.item:
            self.problem("partner", _("give either partner or partners, not both"))
        if "partner" in self.item:
            one = self.name("partner", required=False)
            return (one,) if one else ()
        return self.names("partners")

    def resolve(self, field: str, value: Any) -> str | None:
        """The seated player a name in a hand means (names compared in their stored
        form, so "Ａｎｎ" is Ann), or None with the problem added."""
        if self.seated is not None and isinstance(value, str):
            clean = clean_key(value)  # the common case: a clean name, seated
            if clean is not None and clean[1] in self.seated:
                return self.seated[clean[1]]
        if not isinstance(value, str) or not fold_name(value):
            self.problem(field, _("{value} is not a player's name").format(value=show_value(value)))
            return None
        typed, problem = clean_name(value)
        if self.seated is None:
            if problem is not None:
                self.problem(field, problem)
            return typed if problem is None else None
        name = self.seated.get(name_key(typed))
        if name is None:
            unseated = _("{name} is not seated at this table").format(name=quoted(typed))
            self.problem(field, problem or unseated)
        return name

    def name(self, field: str, *, required: bool) -> str | None:
        value = self.item.get(field)
        if value is None:
            if required:
                self.problem(field, _("missing"), missing=True)
            return None
        return self.resolve(field, value)

    def names(self, field: str) -> tuple[str, ...]:
        value = self.item.get(field, [])
        if not isinstance(value, list):
            self.problem(field, _("must be a list of names"))
            return ()
        names = [self.resolve(field, v) for v in value]
        return tuple(n for n in names if n is not None)

    def name_map(self, field: str, *, signed: bool = False) -> dict[str, int] | None:
        """An object from seated players' names to whole numbers (of 0 or more, unless
        SIGNED); None when the field is not given."""
        value = self.item.get(field)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.problem(field, _("must map each player's name to a whole number"))
            return None
        result: dict[str, int] = {}
        for key, amount in value.items():
            name = self.resolve(field, key)
            where = f"{field}.{key_name(key)}"
            if not is_whole(amount) or (amount < 0 and not signed):
                wrong = (
                    _("{value} is not a whole number")
                    if signed
                    else _("{value} is not a whole number of 0 or more")
                )
                self.problem(where, wrong.format(value=show_value(amount)))
            elif name is not None and name in result:
                self.problem(where, _("{name} is named twice").format(name=name))
            elif name is not None:
                result[name] = amount
        return result

    def whole(self, field: str) -> int | None:
        value = self.item.get(field)
        if value is None:
            self.problem(field, _("missing"), missing=True)
            return None
        if not is_whole(value):
            self.problem(field, _("{value} is not a whole number").format(value=show_value(value)))
            return None
        return int(value)

    def optional_whole(self, field: str) -> int | None:
        """A whole number that may be left out (None)."""
        value = self.item.get(field)
        if value is not None and not is_whole(value):
            self.problem(field, _("{value} is not a whole number").format(value=show_value(value)))
            return None
        return None if value is None else int(value)

    def count(self, field: str) -> int:
        """An optional count of 0 or more (Laufende, knocks, Kontra steps)."""
        value = self.item.get(field, 0)
        if not is_whole(value) or value < 0:
            self.problem(
                field, _("{value} is not a count of 0 or more").format(value=show_value(value))
            )
            return 0
        return int(value)

    def flag(self, field: str) -> bool:
        value = self.item.get(field, False)
        if not isinstance(value, bool):
            self.problem(field, _("{value} is not true or false").format(value=show_value(value)))
            return False
        return value

    def text(self, field: str) -> str:
        value = self.item.get(field, "")
        if not isinstance(value, str):
            self.problem(field, _("must be text"))
            return ""
        return value

    def choice_text(self, field: str, default: str, example: str) -> str:
        """Text naming one of a game's choices (checked by the game): EXAMPLE is
        what the message offers ("text such as 'solo', 'wenz' or 'geier'", in the
        user's language: the game translates it)."""
        value = self.item.get(field, default)
        if not isinstance(value, str):
            # Translators: {example} says what the field holds: "text such as 'solo',
            # 'wenz' or 'geier'".
            self.problem(field, _("must be {example}").format(example=_(example)))
            return default
        return value

    def doublers(self) -> tuple[int, tuple[str, ...]]:
        value = self.item.get("doublers", 0)
        if isinstance(value, list):
            clean = [clean_key(v) if isinstance(v, str) else None for v in value]
            if all(c is not None for c in clean):  # the common case: names that may be kept
                names = tuple(c[0] for c in clean if c is not None)
            else:
                if not all(isinstance(v, str) and fold_name(v) for v in value):
                    self.problem("doublers", _("must be a count or a list of doubler names"))
                    return 0, ()
                cleaned = [clean_name(v) for v in value]
                for problem in dict.fromkeys(p for _name, p in cleaned if p is not None):
                    self.problem("doublers", problem)
                names = tuple(name for name, _problem in cleaned)
            count = len(names)
        elif is_whole(value) and value >= 0:
            names, count = (), int(value)
        else:
            wrong = _("{value} is not a count of 0 or more")
            self.problem("doublers", wrong.format(value=show_value(value)))
            return 0, ()
        if count > MAX_DOUBLERS:
            message = _("{count} doublers on one hand; at most {most}")
            self.problem("doublers", message.format(count=count, most=MAX_DOUBLERS))
        return count, names
