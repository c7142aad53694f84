"""What both hand-entry forms share: the fields, and `EntryForm`, the form's state
(which hand, who is seated, the heading), the check against the core that shows each
problem beside its field, the live preview of the hand's score, and Enter to save.
Each game's form is in `ui.games` (`ui.games.sheepshead`, `ui.games.schafkopf`), which
registers it for its game.

The form's contract (docs/manual.md "Recording a hand", Help ▸ Keyboard):

- every key lands in the field that has the focus;
- a field moves on by itself only when what was typed is complete and could not go
  on: a single seat digit (seats are 1 to 8, and 0 means "alone" in a partner field);
  a name or a number could go on, so it waits for Tab (next field) or Enter;
- no number is ever split or merged: what is typed into a field stays in it;
- nothing that changes the score is filled in silently: a proposal (the tricks from
  the points, the next dealer) is shown in its field, selected, so typing replaces it;
- a blank required field is "missing", never a default meaning;
- Enter saves the hand when nothing is missing or wrong, else goes to the first field
  that needs something; the preview under the form says what Enter will save.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from scorekeeper.document import read_hand
from scorekeeper.games.cards import CardRules
from scorekeeper.games.result import MAX_RESULT_HANDS, RESULT
from scorekeeper.i18n import _, ngettext
from scorekeeper.problems import InvalidNight, Problem
from scorekeeper.results import HandResult
from scorekeeper.validation import validate_hand, who_sits_out

from .entry_fields import (
    EntryCheck,
    EntryRadio,
    EntrySpin,
    NumberField,
    SeatField,
    entry_line,
    players_meant,
)
from .labels import PROBLEM_COLOUR, FittedText, in_words
from .session import HandLine, NightView

PREVIEW_LINES = 2  # what the preview under the form always has room for


def _field_of(problem: Problem) -> str:
    """The hand's field a problem is about: `points` for `points.Ann`, and a rule the
    hand runs into (`rules.stake_cents`) by the rule's own name."""
    return problem.field.removeprefix("rules.").split(".")[0]


class Found(NamedTuple):
    """A problem the form shows beside its field KEY.  MISSING marks a required field
    left blank (the core's `Problem.missing`): it is said only once a save was tried,
    and the preview lists its field under "Still to type"."""

    key: str
    message: str
    missing: bool = False


Row = tuple[str | None, str | None]  # a grid row: its left and right field's key, or None

# What every hand type's rows end with (`EntryForm.kind_rows`): the doublers and the other
# misplayers, the dealer and the note, and who sits out; each where the type shows it.
COMMON_ROWS: tuple[Row, ...] = (
    ("doublers", "misplays"),
    ("dealer", "note"),
    ("sitting_out", None),
)


def _numbers(text: str, *, signed: bool = True) -> list[int] | None:
    """The whole numbers of TEXT, comma or space between ('−4', a typographic minus,
    is -4); None when any part is not one (or, unless SIGNED, has a sign)."""
    parts = text.replace(",", " ").replace("\u2212", "-").split()
    digits = [p[1:] if signed and p[:1] in "+-" else p for p in parts]
    if not all(d.isascii() and d.isdigit() for d in digits):
        return None
    return [int(p) for p in parts]


class EntryForm(QWidget):
    """The form under the sheet that records, inserts or edits one hand.  A subclass
    builds its fields (`_build`), clears them (`_reset`), shows the ones a hand type
    needs (`_type_changed`) in the rows it lays them out in (`kind_rows`), loads a
    record (`start_edit`) and writes one (`hand`).  The fields are typed (and Tab goes)
    in the order they read (`typing_order`)."""

    submitted = Signal(dict)
    cancelled = Signal()

    # The fields every hand has, which each form builds (`type_row` the dealer's).
    dealer: SeatField
    doublers: EntrySpin
    last_hand: EntryCheck
    sitting_out: QLineEdit

    def __init__(self) -> None:
        super().__init__()
        self.view: NightView | None = None
        self.editing: HandLine | None = None
        self.insert_at: int | None = None
        self.found: list[Found] = []  # each problem, beside its field
        self.result: HandResult | None = None  # the hand's score, when it has no problem
        self.tried = False  # "missing" is said beside a field only once a save was tried
        self._checks_held = False  # while the form is cleared field by field (`start_new`)
        self._doubler_names: list[str] = []
        self._recorded: set[str] = set()  # what of these the hand being edited records
        self._baseline: tuple[Any, ...] = ()
        self.errors: dict[str, FittedText] = {}
        self.rows: dict[str, list[QWidget]] = {}  # key: its label, field and problem
        self.labels: dict[str, str] = {}
        self.checks: set[str] = set()  # the keys of the grid's check boxes
        self._places: dict[str, tuple[int, int]] = {}  # key: the row and half shown in
        self._halves: dict[str, int] = {}
        self._after: tuple[QWidget, ...] = ()
        self.types = QButtonGroup(self)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setAccessibleName(_("Which hand"))
        # Two lines, whatever it says (a longer sentence is cut, whole in its tooltip):
        # the sheet above keeps its height as the hand is typed.
        self.preview = FittedText(PREVIEW_LINES, name=_("Preview"))
        self.preview.setStyleSheet(
            "QLabel { background: palette(alternate-base); padding: 4px; "
            "border: 1px solid palette(mid); }"
        )
        self._build()
        self.types.idClicked.connect(lambda _: self._first_field_focus())

    # -- layout helpers ------------------------------------------------------------

    def type_row(self, types: Sequence[tuple[str, str]]) -> QHBoxLayout:
        """The hand-type buttons, in TYPES order (kind, label with its mnemonic), and
        the dealer field."""
        row = QHBoxLayout()
        for number, (kind, label) in enumerate(types):
            button = EntryRadio(label)
            button.setAccessibleName(label.replace("&", ""))
            button.setProperty("kind", kind)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Alt+letter; Tab skips them
            self.types.addButton(button, number)
            row.addWidget(button)
        row.addStretch()
        self.types.button(0).setChecked(True)
        self.types.idToggled.connect(self._type_toggled)
        self.dealer = SeatField(_("Dealer"))
        return row

    def field_grid(self, fields: Sequence[tuple[str, QWidget, str]]) -> QGridLayout:
        """The grid of FIELDS, each (its label, the field, its key) with its problem
        beside it.  Where each goes is each hand type's (`kind_rows`, `show_rows`): two
        halves side by side, label, field and problem each, a field always in the same
        half (`halves`); a check box (a renonce) is its own label."""
        grid = QGridLayout()
        self.grid = grid
        for label_text, widget, key in fields:
            label = QLabel(label_text)
            if isinstance(widget, QAbstractButton):
                label.clear()  # its own text says what it is, and its Alt letter
                self.checks.add(key)
                label_text = widget.text()
            else:
                label.setBuddy(widget)
                label.setWordWrap(True)  # a long label (German) wraps, the window stays narrow
            self.labels[key] = label_text.replace("&", "")
            # One line, cut with "…" and whole in its tooltip: a problem said never
            # makes its row taller, nor the sheet above shorter.
            name = _("Problem with {field}").format(field=self.labels[key])
            error = FittedText(1, name=name)
            error.setStyleSheet(f"color: {PROBLEM_COLOUR};")
            self.errors[key] = error
            self.rows[key] = [label, widget, error]
            for each in self.rows[key]:  # the form's, shown where a hand type places it
                each.setParent(self)
                each.hide()
        grid.setColumnStretch(2, 1)
        grid.setColumnStretch(5, 1)
        return grid

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

    # -- the leaster, as both card games record it --------------------------------

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

    def hand_common(self) -> dict[str, Any]:
        """The dealer and who sits out, as typed (who is dealt in follows from them)."""
        hand: dict[str, Any] = {}
        self.common_fields(hand, played=False)
        return hand

    def button_row(self, *checks: QWidget) -> QHBoxLayout:
        """Under the fields: CHECKS (the last hand's check box), the problems line,
        Cancel edit and Save hand."""
        self.general = FittedText(1, name=_("Problems"))  # one line, as a field's problem
        self.general.setStyleSheet(f"color: {PROBLEM_COLOUR};")
        self.save = QPushButton(_("Sa&ve hand"))
        self.save.setAccessibleName(_("Save hand"))
        self.save.setToolTip(_("Enter saves the hand from any field"))
        self.save.clicked.connect(self.submit)
        self.cancel = QPushButton(_("Cancel edit"))
        self.cancel.setToolTip("Esc")
        self.cancel.clicked.connect(self.cancelled.emit)
        buttons = QHBoxLayout()
        for check in checks:
            buttons.addWidget(check)
        buttons.addWidget(self.general, 1)
        buttons.addWidget(self.cancel)
        buttons.addWidget(self.save)
        return buttons

    def chain_tabs(self, *after: QWidget) -> None:
        """Tab goes through the fields shown in the order they read, then AFTER (the
        check boxes under them), Cancel edit and Save: as laid out, row by row."""
        self._after = after
        self._chain()

    def _chain(self) -> None:
        widgets = [widget for _, widget in self.field_order()] + [
            *self._after,
            self.cancel,
            self.save,
        ]
        for first, second in itertools.pairwise(widgets):
            QWidget.setTabOrder(first, second)

    def show_rows(self, show: dict[str, bool]) -> None:
        """Show the fields SHOW names, in the rows of the hand type (`kind_rows`, then
        `COMMON_ROWS`), each in its half; a row none of whose fields shows takes no
        room, so the fields of every hand type stand together.  The grid keeps its
        columns' widths, whatever is shown (`_steady_grid`), and Tab follows the rows."""
        laid = self._rows_shown(show)
        self._steady_grid(len(laid))
        self._place(laid)
        self._chain()

    def _rows_shown(self, show: dict[str, bool]) -> list[Row]:
        """The rows of this hand type that show a field, each field once (the first
        row that names it)."""
        laid: list[Row] = []
        seen: set[str] = set()
        for row in (*self.kind_rows(self.kind), *COMMON_ROWS):
            left, right = (
                key if key is not None and show.get(key) and key not in seen else None
                for key in row
            )
            seen.update(key for key in (left, right) if key is not None)
            if left is not None or right is not None:
                laid.append((left, right))
        unplaced = {key for key, shown in show.items() if shown} - seen
        assert not unplaced, f"shown in no row of a {self.kind}: {unplaced}"
        return laid

    def _place(self, laid: list[Row]) -> None:
        """Each field of LAID in its row and half; every other field hidden."""
        places = {
            key: (row, half)
            for row, cells in enumerate(laid)
            for half, key in enumerate(cells)
            if key is not None
        }
        for key, (label, field, error) in self.rows.items():
            place = places.get(key)
            if place != self._places.get(key):
                for widget in (label, field, error):
                    self.grid.removeWidget(widget)
                if place is not None:
                    row, half = place
                    column = half * 3
                    if key in self.checks:  # a check box across the label and the field
                        self.grid.addWidget(field, row, column, 1, 2)
                    else:
                        self.grid.addWidget(label, row, column)
                        self.grid.addWidget(field, row, column + 1)
                    self.grid.addWidget(error, row, column + 2)
            label.setVisible(place is not None and key not in self.checks)
            field.setVisible(place is not None)
            error.setVisible(place is not None)
        self._places = places

    def halves(self) -> dict[str, int]:
        """Each field's half of the grid (0 left, 1 right), the same at every hand type
        that shows it: so that it stays where it is when another type is chosen."""
        if not self._halves:
            kinds = [str(button.property("kind")) for button in self.types.buttons()]
            for row in (*(r for kind in kinds for r in self.kind_rows(kind)), *COMMON_ROWS):
                for half, key in enumerate(row):
                    if key is not None:
                        assert self._halves.setdefault(key, half) == half, f"{key} moves"
        return self._halves

    def _steady_grid(self, count: int) -> None:
        """Hold each label and field column of the grid as wide as the widest of its
        half's labels or fields, shown or not, and each of the COUNT rows shown as tall
        as the tallest field: what the form needs, and where each field sits across,
        are then the same at every hand type (a solo's choice boxes widened the window
        by 10 pixels, moved every field across, and the sheet's edge down)."""
        widest: dict[int, int] = {}
        tallest = 0
        halves = self.halves()
        for key, (label, field, _error) in self.rows.items():
            tallest = max(tallest, field.sizeHint().height(), label.sizeHint().height())
            if key in self.checks:
                continue  # across both columns: it widens neither
            column = halves.get(key, 0) * 3
            for offset, widget in enumerate((label, field)):
                width = widget.sizeHint().width()
                widest[column + offset] = max(widest.get(column + offset, 0), width)
        for column, width in widest.items():
            self.grid.setColumnMinimumWidth(column, width)
        for row in range(max(self.grid.rowCount(), count)):
            self.grid.setRowMinimumHeight(row, tallest if row < count else 0)
        # A field's problem in as many lines as its row has room for (two beside a label
        # of two lines), never more: a problem said never makes its row taller.
        for error in self.errors.values():
            error.set_lines(max(1, tallest // error.fontMetrics().lineSpacing()))

    @property
    def problems(self) -> list[str]:
        """Every problem with the hand as entered, "field: message"."""
        return [f"{p.key}: {p.message}" for p in self.found]

    # -- what a subclass provides --------------------------------------------------

    def _build(self) -> None:
        raise NotImplementedError

    def _reset(self) -> None:
        raise NotImplementedError

    def _type_changed(self) -> None:
        raise NotImplementedError

    def _type_toggled(self, _button: int, checked: bool) -> None:
        if checked:  # the button unchecked toggles too
            self._type_changed()

    def _first_field_focus(self) -> None:
        raise NotImplementedError

    def start_edit(self, line: HandLine) -> None:
        raise NotImplementedError

    def hand(self) -> dict[str, Any]:
        raise NotImplementedError

    def kind_rows(self, kind: str) -> Sequence[Row]:
        """The grid's rows of a hand of KIND, before `COMMON_ROWS`: each its left and
        right field's key (or None), every field the kind may show, in the order they
        read; a form's own."""
        raise NotImplementedError

    def leaster_layout(self, loser: str) -> tuple[Row, ...]:
        """The leaster's rows (`kind_rows`): its winner and those tied with it, or its
        LOSER (the form's key for it), a second winner, then the points and tricks."""
        return (
            ("winner", "tied"),
            (loser, None),
            ("second", None),
            ("leaster_points", "leaster_tricks"),
        )

    @property
    def typing_order(self) -> tuple[str, ...]:
        """The keys of the fields, those shown in the order they read (row by row, left
        to right), then the others."""
        return tuple(key for key, _ in self.field_order())

    def field_order(self) -> list[tuple[str, QWidget]]:
        """(key, widget) of every field: those shown in the order they read (the order
        they are typed, Tab's), then the others."""
        shown = sorted(self._places, key=self._places.__getitem__)
        rest = [key for key in self.rows if key not in self._places]
        return [(key, self.rows[key][1]) for key in (*shown, *rest)]

    def form_problems(self) -> list[Found]:
        """Problems the form itself sees, before the core looks."""
        return []

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

    # -- state ---------------------------------------------------------------------

    @property
    def kind(self) -> str:
        button = self.types.checkedButton()
        assert button is not None, "type_row checks the first hand type"
        return str(button.property("kind"))

    def set_kind(self, kind: str) -> None:
        for button in self.types.buttons():
            if button.property("kind") == kind:
                button.setChecked(True)

    @property
    def number(self) -> int:
        if self.editing is not None:
            return self.editing.number
        if self.insert_at is not None:
            return self.insert_at
        return self.view.next_number if self.view else 1

    def seated(self) -> tuple[str, ...]:
        if self.view is None:
            return ()
        if self.editing is not None or self.insert_at is not None:
            return self.view.seated_at(self.number)
        return self.view.seated_next

    def set_view(self, view: NightView | None) -> None:
        """A new state of the night: start the next hand (unless an edit is open)."""
        self.view = view
        if self.editing is not None and view is not None:
            self.editing = next(
                (ln for ln in view.lines if ln.hand_id == self.editing.hand_id), None
            )
        if self.editing is None:
            self.start_new(self.insert_at if view is not None else None)
        else:
            self._refresh_heading()

    def start_new(self, insert_at: int | None = None) -> None:
        """Clear the form for the next hand (or one inserted at INSERT_AT), with the
        dealer whose turn it is proposed."""
        if self.view is not None and insert_at is not None:
            insert_at = insert_at if 1 <= insert_at <= len(self.view.lines) else None
        self.editing, self.insert_at = None, insert_at
        self.tried = False
        self._recorded = set()
        # Each field cleared would check the half-cleared hand (six times a hand): the
        # new hand is checked once, when it is all there.
        self._checks_held = True
        try:
            self._reset()
            self._forget_choice_typing()
            if self.view is not None:
                self.dealer.set_value(self.view.dealer_for(self.number))
            self._refresh_heading()
        finally:
            self._checks_held = False
        self.check()
        self._baseline = self.snapshot()

    def _forget_choice_typing(self) -> None:
        """A choice list finds an item by the letters typed within a moment; a new hand
        starts its search afresh, so that "1" typed now is not read as "11"."""
        for box in self.findChildren(QComboBox):
            box.view().keyboardSearch("")

    def started_edit(self) -> None:
        """What `start_edit` does last in both forms: heading, check, focus, baseline."""
        self._forget_choice_typing()
        self._refresh_heading()
        self.check()
        self._first_field_focus()
        self._baseline = self.snapshot()

    def _refresh_heading(self) -> None:
        if self.view is None:
            self.heading.setText(_("Start a night to record hands (File ▸ New night, Ctrl+N)."))
        elif self.editing is not None:
            self.heading.setText(
                _("Editing hand {number} (Esc to cancel)").format(number=self.number)
            )
        elif self.insert_at is not None:
            self.heading.setText(
                _("Inserting a hand at {number} (Esc to cancel)").format(number=self.number)
            )
        else:
            self.heading.setText(_("Hand {number}").format(number=self.number))
        self.cancel.setVisible(self.editing is not None or self.insert_at is not None)
        closed = self.view is not None and self.view.closed
        self.setEnabled(self.view is not None and not closed)
        if closed:
            self.heading.setText(_("The night is closed. Reopen it (Settle up) to change it."))

    def _needs_sitting_out(self) -> bool:
        if self.view is None:
            return False
        return len(self.seated()) > self.view.rules.dealt_in + 1

    def shows_sitting_out(self) -> bool:
        """Whether the form asks who sits out: when two or more are seated beyond those
        dealt in, or the hand being edited names them (it may, with one more)."""
        return self._needs_sitting_out() or "sitting_out" in self._recorded

    def present_out(self, record: dict[str, Any]) -> list[str]:
        """Who of those at the table for the hand RECORD says sat it out (the night's
        document adds the players not yet come or gone home: not the hand's own)."""
        present = self.seated()
        return [p for p in record.get("sitting_out") or [] if p in present]

    def recorded_sitting_out(self, record: dict[str, Any]) -> list[str]:
        """Who RECORD names as sitting out beyond what the dealer rule says, of those at
        the table: what the form must show so that the hand saved keeps it."""
        named = self.present_out(record)
        if not named or self.view is None:
            return []
        rule = who_sits_out(None, record.get("dealer"), self.view.rules, self.seated())
        return [] if set(named) == set(rule) else named

    def shows_doubling(self, played: bool) -> bool:
        """Whether the form asks for doublers and the last-hand mark: on a hand PLAYED,
        or one edited that records them (a hand nobody played may carry them)."""
        return played or bool(self._recorded & {"doublers", "last_hand"})

    def load_common(self, record: dict[str, Any]) -> None:
        """The fields every hand has: dealer, doublers, last hand, sitting out, note."""
        self.dealer.set_value(record.get("dealer"))
        doublers = record.get("doublers", 0)
        self.doublers.setValue(len(doublers) if isinstance(doublers, list) else doublers)
        self._doubler_names = doublers if isinstance(doublers, list) else []
        self.last_hand.setChecked(bool(record.get("last_hand")))
        self._recorded = {k for k in ("doublers", "last_hand") if record.get(k)}
        named = self.recorded_sitting_out(record)
        if named:
            self._recorded.add("sitting_out")
        if named or (record.get("sitting_out") and self._needs_sitting_out()):
            self.sitting_out.setText(", ".join(named or self.present_out(record)))
        self.note.setText(record.get("note") or "")

    def common_fields(self, hand: dict[str, Any], *, played: bool) -> None:
        """Write the dealer, who sits out and the note into HAND, and when the hand was
        PLAYED, its doublers and the last-hand mark."""
        dealer = self.dealer.entered()
        if dealer:
            hand["dealer"] = dealer
        if self.shows_sitting_out() and self.sitting_out.text().strip():
            hand["sitting_out"] = self.names_in(self.sitting_out.text())
        if self.note.text().strip():
            hand["note"] = self.note.text()
        doubling = self.shows_doubling(played)
        if doubling and self.doublers.value():
            count = self.doublers.value()
            names = self._doubler_names[:count]
            hand["doublers"] = names if len(names) == count else count
        if doubling and self.last_hand.isChecked():
            hand["last_hand"] = True

    # -- typing in progress ----------------------------------------------------------

    def snapshot(self) -> tuple[Any, ...]:
        """Everything typed or chosen in the form, to tell whether anything was."""
        state: list[Any] = [self.kind]
        for widget in self.findChildren(QWidget):
            if (
                isinstance(widget, QLineEdit)
                and not isinstance(widget.parent(), QAbstractSpinBox | QComboBox)
            ) or isinstance(widget, QAbstractSpinBox):
                state.append(widget.text())
            elif isinstance(widget, QComboBox):
                state.append(widget.currentIndex())
            elif isinstance(widget, QAbstractButton) and widget.isCheckable():
                state.append(widget.isChecked())
        return tuple(state)

    def has_typing(self) -> bool:
        """True when something was typed or chosen since the form was last cleared or
        loaded (what Ctrl+Z clears before it undoes anything stored)."""
        return self.view is not None and self.snapshot() != self._baseline

    def clear_typing(self) -> None:
        """Put the form back as it was: an empty new hand, or the hand being edited as
        it is recorded."""
        if self.editing is not None:
            self.start_edit(self.editing)
        else:
            self.start_new(self.insert_at)
            self._first_field_focus()

    # -- the hand ------------------------------------------------------------------

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

    def _visible_keys(self) -> set[str]:
        return {key for key, (_, widget, _) in self.rows.items() if widget.isVisibleTo(self)}

    def field_problems(self) -> list[Found]:
        """What the visible seat and number fields cannot read, by field key."""
        found: list[Found] = []
        visible = self._visible_keys()
        for key, widget in self.field_order():
            if key in visible and isinstance(widget, SeatField | NumberField):
                problem = widget.problem()
                if problem:
                    found.append(Found(key, problem))
        return found

    def check(self) -> list[str]:
        """Find every problem with the hand as entered; show each beside its field, and
        the preview of what Enter would save."""
        if self._checks_held:
            return self.problems
        # setText, not clear(): an empty label cleared again lays out and repaints its form.
        for label in self.errors.values():
            label.setText("")
        self.general.setText("")
        self.found, self.result = [], None
        if self.view is None:
            self.save.setEnabled(False)
            self.preview.setText("")
            return self.problems
        found = self.field_problems() + self.form_problems() + self.result_problems()
        found += [p for key in self.seat_order_fields() for p in self.seat_order_problems(key)]
        seen = {p.key for p in found}
        hand = self.view.as_document_hand(self.hand(), self.number)
        parsed, problems = read_hand(hand, self.view.players, self.view.rules, self.number)
        if parsed is not None:
            problems = validate_hand(parsed, self.view.rules, self.view.players)
        found += [
            Found(key, in_words(p.message), p.missing)
            for p in problems
            if (key := self.field_for(_field_of(p))) not in seen
        ]
        for problem in found:
            self._show_problem(problem)
        if not found and parsed is not None:
            try:
                self.result = self.view.preview(parsed, self.number)
            except InvalidNight as error:
                for p in error.problems:
                    self._show_problem(
                        Found(self.field_for(_field_of(p)), in_words(p.message), p.missing)
                    )
        self.save.setEnabled(not self.found)
        self._show_preview(hand)
        return self.problems

    def _show_problem(self, problem: Found) -> None:
        self.found.append(problem)
        if problem.missing and not self.tried:
            return
        key, message = problem.key, problem.message
        label = self.errors.get(key)
        if label is not None and label.isVisibleTo(self):
            label.setText(" ".join(filter(None, [label.text(), f"⚠ {message}"])))
        else:
            name = self.labels.get(key, key)
            self.general.setText(
                " ".join(filter(None, [self.general.text(), f"⚠ {name}: {message}"]))
            )

    def _show_preview(self, hand: dict[str, Any]) -> None:
        """Under the form, always: what Enter will save, in words and numbers, or what
        is still needed; and a new hand after the one marked the night's last, said."""
        said = self._preview_text(hand)
        after = self.after_the_last_hand()
        if after is not None:
            last = _("(Hand {number} was marked the night's last hand.)").format(number=after)
            said = f"{said} {last}"
        self.preview.setText(said)

    def after_the_last_hand(self) -> int | None:
        """The number of the hand marked the night's last, when a new hand is typed at
        the end after it (hands after the last hand were taken without a word, a trial)."""
        if self.view is None or self.editing is not None or self.insert_at is not None:
            return None
        lines = self.view.lines
        return lines[-1].number if lines and lines[-1].record.get("last_hand") else None

    def _preview_text(self, hand: dict[str, Any]) -> str:
        """What Enter will save, or what is still needed."""
        if self.result is not None:
            tricks = hand.get("tricks")
            said = (
                ngettext(
                    "Hand {number} ({count} trick): {explanation} Enter saves it.",
                    "Hand {number} ({count} tricks): {explanation} Enter saves it.",
                    tricks,
                )
                if isinstance(tricks, int)
                else _("Hand {number}: {explanation} Enter saves it.")
            )
            return said.format(
                number=self.number, count=tricks, explanation=self.result.explanation
            )
        missing = {p.key for p in self.found if p.missing}
        others = [(p.key, p.message) for p in self.found if p.key not in missing]
        parts = []
        if missing:
            names = [self.labels.get(key, key) for key in self.typing_order if key in missing]
            parts.append(_("Still to type: {fields}.").format(fields=", ".join(names)))
        if others:
            key, message = others[0]
            parts.append(f"{self.labels.get(key, key)}: {message}.")
        return " ".join(parts) or _("Hand {number}").format(number=self.number)

    def first_problem_field(self) -> QWidget | None:
        """The first field, in typing order, that has a problem."""
        keys = {p.key for p in self.found}
        visible = self._visible_keys()
        for key, widget in self.field_order():
            if key in keys and key in visible and widget.isEnabled():
                return widget
        return None

    def is_as_recorded(self, hand: dict[str, Any]) -> bool:
        """Whether HAND, read as the core reads a hand, is the hand being edited as it is
        recorded: then saving it would write nothing new."""
        if self.editing is None or self.view is None:
            return False
        view, number = self.view, self.editing.number

        def read(record: dict[str, Any]) -> Any:
            parsed, problems = read_hand(
                view.as_document_hand(record, number), view.players, view.rules, number
            )
            return None if problems else parsed

        recorded = read(self.editing.record)
        return recorded is not None and read(hand) == recorded

    def submit(self) -> None:
        """Save the hand if it has no problem (Enter anywhere in the form); else go to
        the first field that needs something."""
        self.tried = True
        if self.view is None or self.view.closed:
            return
        if self.check():
            field = self.first_problem_field()
            if field is not None:
                field.setFocus(Qt.FocusReason.OtherFocusReason)
                self.check()  # the field may have proposed a value on taking the focus
            return
        self.submitted.emit(self.hand())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
            return
        if event.key() == Qt.Key.Key_Escape and (self.editing or self.insert_at):
            self.cancelled.emit()
            return
        super().keyPressEvent(event)
