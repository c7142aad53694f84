"""Recording a hand, keyboard first: picker, partner, points, Enter.

A seat field takes a seat number (1 is the first seat clockwise; 0 in the partner field
means alone), which moves on by itself, or a name (or the start of one), which waits
for Tab.  Points wait for Tab.  The tricks field, when it takes the focus empty,
proposes the pickers' tricks from their points (none for 0, all for 120), selected, so
typing replaces it.  Enter saves from any field when the hand is complete, else goes to
the first field that needs something.  See `ui.entry_form` for the whole contract;
`ui.games` registers this form as Sheepshead's.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit, QVBoxLayout

from scorekeeper.games.cards import CARD_POINTS
from scorekeeper.games.sheepshead import call_name
from scorekeeper.games.sheepshead.hands import CALLS
from scorekeeper.games.sheepshead.rules import SheepsheadRules
from scorekeeper.i18n import N_, _, pgettext

from ..entry_fields import (
    EntryCheck,
    EntrySpin,
    NumberField,
    ProposedNumber,
    SeatField,
    entry_line,
    estimate_tricks,
)
from ..entry_form import EntryForm
from ..entry_grid import Row
from ..entry_hands import Found
from ..session import HandLine

# Each hand type's key and its button's label (translated where the form is built).
TYPES = (
    ("pick", N_("&Pick")),
    ("leaster", N_("Lea&ster")),
    ("no-pick", N_("Nobod&y picked")),
    ("misplay", N_("&Misplay")),
    ("result", N_("Res&ult")),
)
CALLS_BY_RULE = {
    "called-ace": [c for c in CALLS if c.split("-")[0] in ("ace", "ten", "under")],
    "jack-of-diamonds": [c for c in CALLS if c.startswith("jack")],
    "black-queens": ["black-queens"],
    "none": [],
}


class SheepsheadForm(EntryForm):
    # What a typical hand takes, key by key (the manual has the same): Help ▸ Keyboard.
    # Marked here, translated where shown (`ui.games.typing_examples`).
    EXAMPLES = (
        (
            N_("Sheepshead: Bob (seat 2) picks, Dee (4) partners, they take 74"),
            N_(
                "2  4  7 4  Tab  Enter   "
                "(Enter takes the proposed tricks; or type them, then Enter)"
            ),
        ),
        (N_("Picker alone, 61 points, by name"), N_("Bob Tab  0  6 1  Tab  Enter")),
    )
    """The Sheepshead form: pick, leaster, nobody picked, misplay."""

    # A pick recorded alone without saying so (no call): the Partner field's text as
    # loaded, so that the hand saved unchanged does not gain "call": "alone".
    _alone_unsaid: str | None = None

    def kind_rows(self, kind: str) -> tuple[Row, ...]:
        """Each hand type's rows: the pick's picker and partner, points and tricks, and
        the call; the leaster's; the misplayer and the others who misplayed; the
        result's points and hands (`COMMON_ROWS` follow)."""
        return {
            "pick": (("picker", "partners"), ("points", "tricks"), ("call", None)),
            "leaster": self.leaster_layout("loser"),
            "misplay": (("misplayer", "misplays"),),
            "result": (("result_points", "hands"),),
        }.get(kind, ())

    def _build(self) -> None:
        type_row = self.type_row([(kind, _(label)) for kind, label in TYPES])
        self.picker = SeatField(_("Picker"))
        self.partner = SeatField(
            _("Partner"),
            # Translators: typed or shown in the Partner field for a picker with no partner.
            none_word=_("alone"),
        )
        self.call = QComboBox()
        self.call.setAccessibleName(_("Call"))
        self.points = NumberField(pgettext("card points", "Points"), CARD_POINTS)
        self.defenders = EntryCheck(_("&Defenders' points"))
        self.tricks = ProposedNumber(_("Tricks"), 10, self._propose_tricks)
        self.doublers = EntrySpin()
        self.doublers.setRange(0, 16)
        self.doublers.setAccessibleName(_("Cracks and other doublers"))
        # Alt+I: H is the Help menu's, A the call's, D the defenders' points'.
        self.last_hand = EntryCheck(_("Last hand of the n&ight"))
        # Short hints, whole in a narrow field; the tooltips say them in full.
        names_hint, names_tip = _("seats or names"), _("seats or names, comma between")
        self.misplays = entry_line(_("Misplays"), names_hint, names_tip)
        self.sitting_out = entry_line(_("Sitting out"), names_hint, names_tip)
        self.leaster_widgets()
        self.loser = SeatField(_("Leaster loser"))
        self.misplayer = SeatField(_("Misplayer"))

        fields = [
            # Laid out by hand type (`kind_rows`).  Alt letters clash neither with
            # each other nor with the menus (F, E, N, L, H), in English as in German, among
            # what a hand type shows (tests/ui/test_mnemonics.py); the picker has none:
            # Alt+P (Pick) goes to it.
            (_("Picker"), self.picker, "picker"),
            (_("Pa&rtner"), self.partner, "partners"),
            (_("Poin&ts"), self.points, "points"),
            (_("Tric&ks"), self.tricks, "tricks"),
            (_("&Winner"), self.winner, "winner"),
            (_("Tied with"), self.tied, "tied"),
            (_("Second"), self.second, "second"),
            (_("Loser (pays each)"), self.loser, "loser"),
            (_("Misplayed &by"), self.misplayer, "misplayer"),
            (_("Le&aster points"), self.leaster_points, "leaster_points"),
            (_("Leaster tricks"), self.leaster_tricks, "leaster_tricks"),
            (_("C&all"), self.call, "call"),
            (_("Dealer"), self.dealer, "dealer"),
            (_("&Cracks/doublers"), self.doublers, "doublers"),
            (_("Misplays (&x)"), self.misplays, "misplays"),
            (_("Sittin&g out"), self.sitting_out, "sitting_out"),
            *self.result_fields(),
            self.note_field(_("N&ote")),
        ]
        grid = self.field_grid(fields)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(type_row)
        layout.addLayout(grid)
        layout.addLayout(self.button_row(self.defenders, self.last_hand))
        layout.addWidget(self.preview)

        self.chain_tabs(self.defenders, self.last_hand)
        for field in (
            self.dealer,
            self.picker,
            self.partner,
            self.points,
            self.tricks,
            self.misplays,
            self.sitting_out,
            self.loser,
            self.misplayer,
        ):
            field.textChanged.connect(self.check)
        for box in (self.defenders, self.last_hand):
            box.toggled.connect(self.check)
        self.doublers.valueChanged.connect(self.check)
        self.call.currentIndexChanged.connect(self.check)
        self.points.textEdited.connect(lambda _: self.tricks.withdraw())
        self.defenders.toggled.connect(lambda _: self.tricks.withdraw())

    # -- state ---------------------------------------------------------------------

    def night_rules(self) -> SheepsheadRules | None:
        """The night's rules, a Sheepshead rule set (the form of Sheepshead nights)."""
        rules = self.view.rules if self.view else None
        assert rules is None or isinstance(rules, SheepsheadRules)
        return rules

    def start_edit(self, line: HandLine) -> None:
        """Load a recorded hand into the form to change it."""
        self.editing, self.insert_at = line, None
        self._reset()
        record = line.record
        self.set_kind(record["type"])
        self.load_common(record)
        if record["type"] == "pick":
            self.picker.set_value(record["picker"])
            named = record.get("partner")
            partners = record.get("partners") or ([named] if named else [])
            self.partner.set_value(partners[0] if partners else None, none=not partners)
            # Alone, and not said so: saved unchanged it stays unsaid.
            self._alone_unsaid = None if partners or record.get("call") else self.partner.text()
            self.points.load(record["points"])
            self.tricks.load(record["tricks"])
            found = self.call.findData(record.get("call") or "")
            if record.get("call") and found >= 0:
                self.call.setCurrentIndex(found)
        if record["type"] == "leaster":
            self.load_leaster(record, self.loser)
        if record["type"] == "result":
            self.load_result(record)
        if record["type"] == "misplay":
            self.misplayer.set_value(record["misplays"][0])
            self.misplays.setText(", ".join(record["misplays"][1:]))
        elif record.get("misplays"):
            self.misplays.setText(", ".join(record["misplays"]))
        self._type_changed()  # the rows the loaded hand needs (a tie, a second, who sits out)
        self.started_edit()

    def _reset(self) -> None:
        seated = self.seated()
        self._doubler_names: list[str] = []
        self._alone_unsaid = None
        for field in (
            self.dealer,
            self.picker,
            self.partner,
            self.loser,
            self.misplayer,
        ):
            field.set_players(seated)
            field.clear_value()
        for line_edit in (
            self.points,
            self.tricks,
            self.misplays,
            self.sitting_out,
            self.note,
        ):
            line_edit.clear()
        self.clear_leaster()
        self.defenders.setChecked(False)
        self.last_hand.setChecked(False)
        self.doublers.setValue(0)
        self.clear_result()
        rules = self.night_rules()
        calls = [("", "")]
        if rules is not None:  # the table's words, the key kept
            calls += [(call_name(call), call) for call in CALLS_BY_RULE[rules.partner]]
            self.tricks.maximum = rules.tricks
        shown = [(self.call.itemText(i), self.call.itemData(i)) for i in range(self.call.count())]
        if shown != calls:  # the list made again only when it changes: it repaints
            self.call.clear()
            for text, call in calls:
                self.call.addItem(text, call)
        self.call.setCurrentIndex(0)
        self.types.button(0).setChecked(True)
        self._type_changed()

    def _type_changed(self) -> None:
        kind = self.kind
        loser_pays = self.loser_pays()
        show = {
            "dealer": True,
            "picker": kind == "pick",
            "partners": kind == "pick",
            "call": kind == "pick",
            "points": kind == "pick",
            "tricks": kind == "pick",
            **self.leaster_rows(),
            "loser": kind == "leaster" and loser_pays,
            "misplayer": kind == "misplay",
            "doublers": self.shows_doubling(kind not in ("no-pick", "result")),
            "misplays": kind in ("pick", "leaster", "misplay"),
            "sitting_out": self.shows_sitting_out(),
            "note": True,
            **self.result_rows(),
        }
        rules = self.night_rules()
        if rules is not None and rules.max_partners == 0:
            show["partners"] = show["call"] = False
        self.show_rows(show)
        self.defenders.setVisible(kind == "pick")
        self.last_hand.setVisible(self.shows_doubling(kind not in ("no-pick", "result")))
        self.check()
        self._first_field_focus()

    def _first_field_focus(self) -> None:
        first = {
            "pick": self.picker,
            "leaster": self.loser if self.loser_pays() else self.winner,
            "misplay": self.misplayer,
            "no-pick": self.save,
            "result": self.result_points,
        }[self.kind]
        first.setFocus()
        if isinstance(first, QLineEdit):
            first.selectAll()  # typing replaces what is there, focused before or not

    def _propose_tricks(self) -> int | None:
        points = self.picking_points()
        rules = self.night_rules()
        if points is None or rules is None or not 0 <= points <= CARD_POINTS:
            return None
        return estimate_tricks(points, rules.tricks)

    def form_problems(self) -> list[Found]:
        """A blank partner is missing (0 is alone), when the rules allow a partner."""
        blank = not self.partner.text().strip()
        if self.kind == "pick" and self.partner.isVisibleTo(self) and blank:
            said = _("missing: a seat or a name, or 0 for alone")
            return [Found("partners", said, missing=True)]
        return []

    def picking_points(self) -> int | None:
        value = self.points.value()
        if value is None:
            return None
        return CARD_POINTS - value if self.defenders.isChecked() else value

    # -- the hand ------------------------------------------------------------------

    def hand(self) -> dict[str, Any]:
        """The hand as the night document writes it, from what is in the form."""
        kind = self.kind
        hand: dict[str, Any] = {"type": kind}
        # First: who is dealt in (the dealer, who sits out) orders the per-player fields.
        self.common_fields(hand, played=kind not in ("no-pick", "result"))
        if kind == "pick":
            hand["picker"] = self.picker.entered()
            partner = None if self.partner.is_none else self.partner.entered()
            hand["partners"] = [partner] if partner else []
            if self.partner.is_none and self.partner.text() != self._alone_unsaid:
                hand["call"] = "alone"
            elif self.call.currentData():
                hand["call"] = self.call.currentData()
            hand["points"] = self.picking_points()
            hand["tricks"] = self.tricks.value()
        elif kind == "leaster":
            self.leaster_into(hand, self.loser)
        elif kind == "misplay":
            who = self.misplayer.entered()
            hand["misplays"] = [who] if who else []
        elif kind == "result":
            self.result_hand(hand)
        if kind in ("pick", "leaster", "misplay") and self.misplays.text().strip():
            hand["misplays"] = [*hand.get("misplays", []), *self.names_in(self.misplays.text())]
        return {k: v for k, v in hand.items() if v is not None}
