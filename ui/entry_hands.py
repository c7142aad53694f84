"""What both card games' entry forms record alike (`CardHandFields`): the leaster
(its winner, those tied with it, a second, or under loser-pays its loser, every
player's points and tricks), the result hand (each player's points in seat order,
signed, and the hands it stands for) and the note; and the names and numbers typed
for the players dealt in, in seat order, each problem said with how to type them."""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtWidgets import QLineEdit, QWidget

from scorekeeper.games.cards import CardRules
from scorekeeper.games.result import MAX_RESULT_HANDS, RESULT
from scorekeeper.i18n import _, ngettext
from scorekeeper.validation import who_sits_out

from .entry_fields import NumberField, SeatField, entry_line, players_meant
from .entry_grid import FieldGrid, Row
from .session import NightView


class Found(NamedTuple):
    """A problem the form shows beside its field KEY.  MISSING marks a required field
    left blank (the core's `Problem.missing`): it is said only once a save was tried,
    and the preview lists its field under "Still to type"."""

    key: str
    message: str
    missing: bool = False


def _numbers(text: str, *, signed: bool = True) -> list[int] | None:
    """The whole numbers of TEXT, comma or space between ('−4', a typographic minus,
    is -4); None when any part is not one (or, unless SIGNED, has a sign)."""
    parts = text.replace(",", " ").replace("\u2212", "-").split()
    digits = [p[1:] if signed and p[:1] in "+-" else p for p in parts]
    if not all(d.isascii() and d.isdigit() for d in digits):
        return None
    return [int(p) for p in parts]


class CardHandFields(FieldGrid):
    """The leaster's, the result's and the note's fields, and reading what is typed for
    each player dealt in; the form (`ui.entry_form.EntryForm`) says who is seated, and
    checks the hand as each field changes."""

    view: NightView | None  # the night the form is on (EntryForm.set_view)

    def seated(self) -> tuple[str, ...]:
        """Who is at the table for the hand being typed (the form's)."""
        raise NotImplementedError

    def check(self) -> list[str]:
        """Find every problem with the hand as typed, and show it (the form's)."""
        raise NotImplementedError

    def hand_common(self) -> dict[str, Any]:
        """The dealer and who sits out, as typed (the form's)."""
        raise NotImplementedError

    def result_fields(self) -> list[tuple[str, QWidget, str]]:
        """The result hand's rows, for a form's grid (both card games record one): each
        player's points in seat order, and how many hands it stands for."""
        self.result_points = entry_line(
            _("Each player's points, in seat order"), _("seat order, sum 0")
        )
        self.result_points.setToolTip(
            _(
                "Each player's points, in seat order (a player sitting out skipped), commas "
                "or spaces between; they sum to 0"
            )
        )
        # A number exactly as typed (a spin box would keep its last value for a key it
        # refuses): blank is one hand, as in the night document.
        self.result_hands = NumberField(_("Hands it stands for"), MAX_RESULT_HANDS, minimum=1)
        self.result_hands.setPlaceholderText("1")
        self.result_points.textChanged.connect(self.check)
        self.result_hands.textChanged.connect(self.check)
        return [
            (_("Each player's points"), self.result_points, "result_points"),
            (_("Hands it stands for"), self.result_hands, "hands"),
        ]

    def leaster_widgets(self) -> None:
        """The leaster's fields both games' forms have (each its own loser field): the
        winner, those tied with it, a second winner, and every player's points and
        tricks."""
        names_hint = _("seats or names")
        self.winner = SeatField(_("Leaster winner"))
        self.tied = entry_line(
            _("Tied with the winner"),
            names_hint,
            _("under the house rules a tie wins together: the others tied, comma between"),
        )
        self.second = SeatField(_("Second winner"))
        self.leaster_points = entry_line(
            _("Leaster points, in seat order"),
            _("optional, seat order"),
            _("optional: each player's points, seat order"),
        )
        self.leaster_tricks = entry_line(
            _("Leaster tricks, in seat order"),
            _("optional, seat order"),
            _("optional: each player's tricks, seat order"),
        )
        for field in (
            self.winner,
            self.tied,
            self.second,
            self.leaster_points,
            self.leaster_tricks,
        ):
            field.textChanged.connect(self.check)

    def clear_leaster(self) -> None:
        seated = self.seated()
        for seat in (self.winner, self.second):
            seat.set_players(seated)
            seat.clear_value()
        self.second.setPlaceholderText(_("optional: seat or name"))
        for line in (self.tied, self.leaster_points, self.leaster_tricks):
            line.clear()

    def night_rules(self) -> CardRules | None:
        """The night's rules, as this form's game has them (each form narrows it)."""
        raise NotImplementedError

    def loser_pays(self) -> bool:
        """True when the night's leaster is paid by its loser (`leaster_pay`)."""
        rules = self.night_rules()
        return rules is not None and rules.leaster_pay == "loser-pays"

    def leaster_rows(self) -> dict[str, bool]:
        """Which of the leaster's rows show: the winner, and those tied with it where a
        tie wins together (`leaster_tie` all-win or void) or the hand edited records
        one; a second where the rules pay one (`leaster_second`) or the hand names
        one; points and tricks."""
        leaster = self.kind == "leaster"
        winning = leaster and not self.loser_pays()
        rules = self.night_rules()
        ties = rules is not None and rules.leaster_tie != "draw"
        second = rules is not None and rules.pays_a_second
        return {
            "winner": winning,
            "tied": winning and (ties or bool(self.tied.text())),
            "second": winning and (second or bool(self.second.text())),
            "leaster_points": leaster,
            "leaster_tricks": leaster,
        }

    def load_leaster(self, record: dict[str, Any], loser: SeatField) -> None:
        """A leaster's winner (and those tied with it), second, or LOSER, and every
        player's points and tricks when recorded, in seat order."""
        winners = record.get("winners") or ([record["winner"]] if record.get("winner") else [])
        if winners:
            self.winner.set_value(winners[0])
            self.tied.setText(", ".join(winners[1:]))
        if record.get("second"):
            self.second.set_value(record["second"])
        if record.get("loser"):
            loser.set_value(record["loser"])
        dealt_in = self.dealt_in(record)
        for key, field in (("points", self.leaster_points), ("tricks", self.leaster_tricks)):
            if isinstance(record.get(key), dict):
                field.setText(", ".join(str(record[key].get(p, "")) for p in dealt_in))

    def leaster_into(self, hand: dict[str, Any], loser: SeatField) -> None:
        """The leaster as typed into HAND: its winner (or winners), second, or LOSER, and
        every player's points and tricks when typed."""
        if self.loser_pays():
            hand["loser"] = loser.entered()
        else:
            winner = self.winner.entered()
            tied = self.names_in(self.tied.text()) if self.tied.isVisibleTo(self) else []
            if tied:
                hand["winners"] = [winner, *tied] if winner else tied
            else:
                hand["winner"] = winner
            if self.second.isVisibleTo(self) and self.second.text().strip():
                hand["second"] = self.second.entered() or self.second.text().strip()
        for key, field in (("points", self.leaster_points), ("tricks", self.leaster_tricks)):
            if field.text().strip():
                hand[key] = self.per_player(field.text(), hand)

    def note_field(self, label: str) -> tuple[str, QWidget, str]:
        """The note's row, for a form's grid (every hand of both games may have one):
        free text, kept with the hand and shown, never scored; LABEL with the form's own
        Alt letter for it."""
        self.note = entry_line(
            _("Note"), _("optional"), _("optional: free text kept with the hand, never scored")
        )
        self.note.textChanged.connect(self.check)
        return (label, self.note, "note")

    def clear_result(self) -> None:
        self.result_points.clear()
        self.result_hands.clear()
        self._result_named: set[str] | None = None  # who the result being edited names

    def load_result(self, record: dict[str, Any]) -> None:
        """A recorded result hand's points (a player it does not name scored 0) and
        hands into the form."""
        points = record.get("points", {})
        self.result_points.setText(", ".join(str(points.get(p, 0)) for p in self.dealt_in(record)))
        self._result_named = set(points)
        hands = record.get("hands", 1)
        self.result_hands.load(None if hands == 1 else hands)

    def result_hand(self, hand: dict[str, Any]) -> None:
        """The result hand's points and hands, as typed, into HAND (a player the hand
        being edited did not name, still at 0, still not named)."""
        points = self.per_player(self.result_points.text(), hand, signed=True)
        if isinstance(points, dict) and self._result_named is not None:
            points = {p: v for p, v in points.items() if v or p in self._result_named}
        hand["points"] = points
        if self.result_hands.value() is not None:  # as typed, 0 too: the core names it
            hand["hands"] = self.result_hands.value()

    def result_problems(self) -> list[Found]:
        """The result's points: missing (all of them, or the last players'), or typed
        otherwise than `seat_order_problems` says."""
        if self.kind != RESULT:
            return []
        text = self.result_points.text()
        if not text.strip():
            said = _("missing: each player's points, in seat order")
            return [Found("result_points", said, missing=True)]
        players = self.dealt_in(self.hand_common())
        numbers = _numbers(text)
        if numbers is not None and len(numbers) < len(players):
            rest = ", ".join(players[len(numbers) :])
            said = _("missing: the points of {players}").format(players=rest)
            return [Found("result_points", said, missing=True)]
        return self.seat_order_problems("result_points", signed=True)

    def seat_order_fields(self) -> list[str]:
        """The keys of the fields of the hand type being typed that take a number for
        each player dealt in, in seat order, as the result's points do (those each form
        adds: a Ramsch's points and tricks)."""
        return ["leaster_points", "leaster_tricks"] if self.kind == "leaster" else []

    def seat_order_problems(self, key: str, *, signed: bool = False) -> list[Found]:
        """What is wrong with the numbers typed into the field KEY, said with how they
        are typed: a whole number (SIGNED: a sign allowed) for each player dealt in,
        named, in seat order, comma or space between (a trial: the leaster's points typed
        "10 20" were refused as "must map each player's name to a whole number", which
        said neither the field nor how to type it).  A blank field is none of this."""
        field = self.rows[key][1]
        assert isinstance(field, QLineEdit), "numbers in seat order are typed in a line"
        text = field.text()
        if not text.strip():
            return []
        players = self.dealt_in(self.hand_common())
        names = ", ".join(players)
        numbers = _numbers(text, signed=signed)
        if numbers is None:
            if signed:
                # Translators: NAMES are the players dealt in, in seat order.
                said = _(
                    "whole numbers only: one for each player, in seat order ({names}), "
                    "comma or space between"
                )
            else:
                said = _(
                    "whole numbers of 0 or more only: one for each player, in seat order "
                    "({names}), comma or space between"
                )
            return [Found(key, said.format(names=names))]
        if len(numbers) != len(players):
            typed = ngettext("{count} number", "{count} numbers", len(numbers))
            dealt = ngettext("{count} player", "{count} players", len(players))
            # Translators: "2 numbers for 4 players dealt in: one for each, in seat order
            # (Ann, Bob, Cal, Dee), comma or space between".
            said = _(
                "{numbers} for {players} dealt in: one for each, in seat order ({names}), "
                "comma or space between"
            ).format(
                numbers=typed.format(count=len(numbers)),
                players=dealt.format(count=len(players)),
                names=names,
            )
            return [Found(key, said)]
        return []

    def leaster_layout(self, loser: str) -> tuple[Row, ...]:
        """The leaster's rows (`kind_rows`): its winner and those tied with it, or its
        LOSER (the form's key for it), a second winner, then the points and tricks."""
        return (
            ("winner", "tied"),
            (loser, None),
            ("second", None),
            ("leaster_points", "leaster_tricks"),
        )

    def field_for(self, field: str) -> str:
        """The form field that shows a problem with the document's FIELD: what every
        card game's form names alike (a misplay's misplayer, a leaster's winner, a
        result's points); a form maps its own fields first."""
        if self.kind == "misplay" and field == "misplays":
            return "misplayer"
        if field == "winners":
            return "winner"
        if self.kind == "leaster" and field in ("points", "tricks"):
            return f"leaster_{field}"
        if self.kind == RESULT and field == "points":
            return "result_points"
        return field

    def result_rows(self) -> dict[str, bool]:
        """The result hand's rows, shown for a result (for a form's `show_rows`)."""
        shown = self.kind == RESULT
        return {"result_points": shown, "hands": shown}

    def names_in(self, text: str) -> list[str]:
        """Names from 'seats or names, comma between'; unknown entries kept as typed."""
        seated = self.seated()
        out = []
        for part in (p.strip() for p in text.split(",")):
            if not part:
                continue
            if part.isdigit() and 1 <= int(part) <= len(seated):
                out.append(seated[int(part) - 1])
                continue
            matches = players_meant(part, seated)
            out.append(matches[0] if len(matches) == 1 else part)
        return out

    def dealt_in(self, hand: dict[str, Any]) -> list[str]:
        """Those dealt into the hand as entered, clockwise."""
        seated = list(self.seated())
        named = hand.get("sitting_out") or None
        if self.view is None:
            out = set(named or ())
        else:
            out = set(who_sits_out(named, hand.get("dealer"), self.view.rules, seated))
        return [p for p in seated if p not in out]

    def per_player(self, text: str, hand: dict[str, Any], *, signed: bool = False) -> Any:
        """'30, 41, 12, 37, 0' in seat order as {player: number} (with SIGNED, '-4' and
        '+4' too); anything else is passed on as typed, so the core names the problem."""
        numbers = _numbers(text, signed=signed)
        players = self.dealt_in(hand)
        if numbers is None or len(numbers) != len(players):
            return text.strip()
        return dict(zip(players, numbers, strict=True))
