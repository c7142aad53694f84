"""Recording a Schafkopf hand, keyboard first: the game, the declarer, the partner who
held the called ace, the points, Enter.

The same seat and number fields as the Sheepshead form, under the same contract
(`ui.entry_form`): a seat digit moves on by itself, a name or a number waits for Tab;
the tricks are proposed from the points when the field takes the focus, selected; a
choice (the game, Kontra, Tout or Sie, the bid) is made by typing the start of its
words (Kontra steps and bids by their number).  The choices follow the night's rules: a
Ramsch, a leaster or a passed hand is offered only under the `all_pass` rule that plays
it, and "forced" only when the club queen must play.  The table's German words stand
beside their English meaning.  `ui.games` registers this form as Schafkopf's.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit, QVBoxLayout, QWidget

from scorekeeper.games.cards import CARD_POINTS
from scorekeeper.games.schafkopf.kinds import CALL_GAME
from scorekeeper.games.schafkopf.rules import SchafkopfRules
from scorekeeper.games.schafkopf.tariff import BIDS, KONTRA_STEPS, SOLO_GAMES, kontra_words
from scorekeeper.i18n import N_, _, pgettext

from ..entry_fields import (
    ChoiceBox,
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
    ("call", N_("&Call game (Sauspiel)")),
    ("solo", N_("S&olo")),
    ("null", N_("N&ull (Bettel)")),
    ("ramsch", N_("&Ramsch")),
    ("leaster", N_("Leaste&r")),  # R as Ramsch's: a night offers one of the two
    ("pass", N_("All passe&d")),
    ("misplay", N_("&Misplay")),
    ("result", N_("Re&sult")),
)
DECLARED = (
    ("", "—"),
    ("tout", N_("Tout (must take every trick)")),
    ("sie", N_("Sie (all top trumps)")),
)
# Which hand type each `all_pass` rule plays when all four pass.
ALL_PASS_TYPES = {"redeal": "pass", "pot": "pass", "ramsch": "ramsch", "leaster": "leaster"}


def solo_games() -> list[tuple[str | None, str]]:
    """The solos to choose from, each its name and meaning in the language spoken.  The
    kind of solo is chosen, never assumed: the list starts blank (no Farbsolo by
    default)."""
    return [
        (None, ""),
        *(
            (g.key, _("{game} ({meaning})").format(game=_(g.name), meaning=_(g.meaning)))
            for g in SOLO_GAMES
        ),
    ]


def combo(name: str, items: Any) -> QComboBox:
    """A choice box of (data, text) items with an accessible name."""
    box = ChoiceBox()
    box.setAccessibleName(name)
    for data, text in items:
        box.addItem(text, data)
    return box


class SchafkopfForm(EntryForm):
    # What a typical hand takes, key by key (the manual has the same): Help ▸ Keyboard.
    # Marked here, translated where shown (`ui.games.typing_examples`).
    EXAMPLES = (
        (
            N_("Schafkopf: Ann (1) plays a Sauspiel with Cal (3), takes 75 in 5 tricks"),
            N_("1  3  7 5  Tab  5  Enter"),
        ),
        # Translators: the keys typed; Alt+O is the Solo button's Alt letter.
        (N_("A Wenz (solo) by Bob"), N_("Alt+O  2  W  Tab  8 2  Tab  Enter")),
    )
    """The Schafkopf form: call games, solos, Null, Ramsch, passes, leasters, misplays."""

    def kind_rows(self, kind: str) -> tuple[Row, ...]:
        """Each hand type's rows, in the order a hand is told: who played with whom (or
        what), the points and tricks, the Laufende, knocks and Kontra steps, the bid,
        and a call game's renonce or a solo's Tout; a Null's tricks beside its declarer;
        the Ramsch's points and tricks; the leaster's; the misplayer and the others who
        misplayed; the result's points and hands (`COMMON_ROWS` follow).  A call game
        and a solo have as many rows, so choosing one or the other moves nothing."""
        game = (("points", "tricks"), ("laufende", "knocks"), ("kontra", "bid"))
        return {
            "call": (("declarer", "partners"), *game, ("renonce", "forced")),
            "solo": (("declarer", "game"), *game, ("declared", None)),
            "null": (("declarer", "tricks"), ("kontra", "knocks")),
            "ramsch": (("ramsch_points", "ramsch_tricks"), ("loser", "knocks")),
            "leaster": self.leaster_layout("leaster_loser"),
            "misplay": (("misplayer", "misplays"),),
            "result": (("result_points", "hands"),),
        }.get(kind, ())

    def _build(self) -> None:
        type_row = self.type_row([(kind, _(label)) for kind, label in TYPES])
        self.declarer = SeatField(_("Declarer (Spieler)"))
        self.partner = SeatField(_("Partner (held the called ace)"))
        self.game = combo(_("Game"), solo_games())
        self.points = NumberField(pgettext("card points", "Points"), CARD_POINTS)
        self.tricks = ProposedNumber(_("Tricks"), 8, self._propose_tricks)
        self.laufende = EntrySpin()
        self.laufende.setRange(0, 14)
        self.laufende.setAccessibleName(_("Laufende (top trumps in a row)"))
        self.knocks = EntrySpin()
        self.knocks.setRange(0, 4)
        self.knocks.setAccessibleName(_("Knocks (Klopfen)"))
        self.kontra = combo(
            _("Kontra steps"),
            [(0, "0 —")]
            + [
                # Translators: a Kontra step in its list: "2 Kontra and Re (x4)".
                (
                    n,
                    _("{steps} {words} (x{factor})").format(
                        steps=n, words=kontra_words(n), factor=2**n
                    ),
                )
                for n in range(1, len(KONTRA_STEPS) + 1)
            ],
        )
        self.declared = combo(
            _("Tout or Sie"), [(key, _(text) if key else text) for key, text in DECLARED]
        )
        self.bid = combo(
            _("Bid"),
            [(None, _("no bid"))]
            + [
                (b, _("{bid} ({needed} needed)").format(bid=b, needed=b + 1))
                if b < CARD_POINTS
                else (b, "120")
                for b in BIDS
            ],
        )
        self.forced = EntryCheck(_("Forced (the club queen had to play)"))
        self.renonce = EntryCheck(_("Renonce (holding all four aces)"))
        # Short hints, whole in a narrow field; the tooltips say them in full.
        self.ramsch_points = entry_line(
            _("Ramsch points, in seat order"),
            _("in seat order"),
            _("each player's card points, seat order"),
        )
        self.ramsch_tricks = entry_line(
            _("Ramsch tricks, in seat order"),
            _("in seat order"),
            _("each player's tricks, seat order"),
        )
        self.loser = SeatField(_("Ramsch loser (for a tie)"))
        self.leaster_widgets()
        self.leaster_loser = SeatField(_("Leaster loser"))
        self.misplayer = SeatField(_("Misplayer"))
        names_hint, names_tip = _("seats or names"), _("seats or names, comma between")
        self.misplays = entry_line(_("Misplays"), names_hint, names_tip)
        self.doublers = EntrySpin()
        self.doublers.setRange(0, 16)
        self.doublers.setAccessibleName(_("Other doublers"))
        self.sitting_out = entry_line(_("Sitting out"), names_hint, names_tip)
        self.last_hand = EntryCheck(_("L&ast hand"))

        grid = self.field_grid(
            [
                # Alt letters clash neither with each other nor with the menus (F, E, N, L,
                # H), in English as in German, among what a hand type shows
                # (tests/ui/test_mnemonics.py).  Every letter is spoken for, so the fields
                # the typing reaches by itself have none: the declarer (the hand type's
                # Alt letter goes to it), the game after it and the tricks after the points.
                (_("Declarer (Spieler)"), self.declarer, "declarer"),
                (_("Partner (&who held the called ace)"), self.partner, "partners"),
                (_("Game (solo kind)"), self.game, "game"),
                (_("&Points"), self.points, "points"),
                (_("Tricks"), self.tricks, "tricks"),
                (_("Laufende (top trumps &in a row)"), self.laufende, "laufende"),
                (_("&Knocks (Klopfen)"), self.knocks, "knocks"),
                (_("Kontra, Re … (dou&bles)"), self.kontra, "kontra"),
                (_("Tout / Sie"), self.declared, "declared"),
                (_("Bid (auction)"), self.bid, "bid"),
                (_("Ramsch points"), self.ramsch_points, "ramsch_points"),
                (_("Ramsch tricks"), self.ramsch_tricks, "ramsch_tricks"),
                (_("Loser (a tie only)"), self.loser, "loser"),
                (_("Leaster winner"), self.winner, "winner"),
                (_("Tied with"), self.tied, "tied"),
                (_("Second"), self.second, "second"),
                (_("Leaster loser (pays each)"), self.leaster_loser, "leaster_loser"),
                (_("Leaster points"), self.leaster_points, "leaster_points"),
                (_("Leaster tricks"), self.leaster_tricks, "leaster_tricks"),
                (_("Misplayed &by"), self.misplayer, "misplayer"),
                (_("Misplays (&x)"), self.misplays, "misplays"),
                (_("Other doublers"), self.doublers, "doublers"),
                (_("Sittin&g out"), self.sitting_out, "sitting_out"),
                (_("Dealer"), self.dealer, "dealer"),
                ("", self.renonce, "renonce"),
                ("", self.forced, "forced"),
                *self.result_fields(),
                self.note_field(_("No&te")),
            ]
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(type_row)
        layout.addLayout(grid)
        layout.addLayout(self.button_row(self.last_hand))
        layout.addWidget(self.preview)

        self.points.textEdited.connect(lambda _: self.tricks.withdraw())
        self.chain_tabs(self.last_hand)
        for field in (
            self.dealer,
            self.declarer,
            self.partner,
            self.points,
            self.tricks,
            self.ramsch_points,
            self.ramsch_tricks,
            self.loser,
            self.leaster_loser,
            self.misplayer,
            self.misplays,
            self.sitting_out,
        ):
            field.textChanged.connect(self.check)
        for spin in (self.laufende, self.knocks, self.doublers):
            spin.valueChanged.connect(self.check)
        for box in (self.game, self.kontra, self.declared, self.bid):
            box.currentIndexChanged.connect(self.check)
        for check in (self.forced, self.renonce, self.last_hand):
            check.toggled.connect(self.check)
        self.forced.toggled.connect(lambda _: self._show_fields())

    def form_problems(self) -> list[Found]:
        """A solo whose kind is not chosen is missing it (the document's default, a
        Farbsolo, is never filled in for the user); a call game's blank partner is
        missing (every call game has one), said with whatever else is still to type (a
        trial: "Still to type" left it out until the rest was typed)."""
        if self.kind == "solo" and self.game.currentData() is None:
            said = _("missing: type the start of the solo's name (W for Wenz)")
            return [Found("game", said, missing=True)]
        if self.kind == "call" and not self.partner.text().strip():
            said = _("missing: a seat or a name, who held the called ace")
            return [Found("partners", said, missing=True)]
        return []

    def seat_order_fields(self) -> list[str]:
        """A Ramsch's points and tricks, with the leaster's: a number for each player."""
        if self.kind == "ramsch":
            return ["ramsch_points", "ramsch_tricks"]
        return super().seat_order_fields()

    # -- state ---------------------------------------------------------------------

    def night_rules(self) -> SchafkopfRules | None:
        """The night's rules, a Schafkopf rule set (the form of Schafkopf nights)."""
        rules = self.view.rules if self.view else None
        assert rules is None or isinstance(rules, SchafkopfRules)
        return rules

    def allowed_types(self) -> set[str]:
        """The hand types this night's rules let happen."""
        rules = self.night_rules()
        kinds = {"call", "solo", "null", "misplay", "result"}
        if rules is not None and rules.all_pass in ALL_PASS_TYPES:
            kinds.add(ALL_PASS_TYPES[rules.all_pass])
        return kinds

    def _reset(self) -> None:
        seated = self.seated()
        self._doubler_names = []
        for field in (
            self.dealer,
            self.declarer,
            self.partner,
            self.loser,
            self.leaster_loser,
            self.misplayer,
        ):
            field.set_players(seated)
            field.clear_value()
        for line in (
            self.points,
            self.tricks,
            self.ramsch_points,
            self.ramsch_tricks,
            self.misplays,
            self.sitting_out,
            self.note,
        ):
            line.clear()
        self.clear_leaster()
        for spin in (self.laufende, self.knocks, self.doublers):
            spin.setValue(0)
        for box in (self.game, self.kontra, self.declared, self.bid):
            box.setCurrentIndex(0)
        for check in (self.forced, self.renonce, self.last_hand):
            check.setChecked(False)
        self.clear_result()
        rules = self.night_rules()
        tricks = rules.tricks if rules is not None else 8
        self.tricks.maximum = tricks
        self.laufende.setMaximum(max(g.trumps_in(tricks) for g in (CALL_GAME, *SOLO_GAMES)))
        allowed = self.allowed_types()
        for button in self.types.buttons():
            button.setVisible(button.property("kind") in allowed)
        self.set_kind("call")
        self._type_changed()

    def start_edit(self, line: HandLine) -> None:
        """Load a recorded hand into the form to change it."""
        self.editing, self.insert_at = line, None
        self._reset()
        record = line.record
        kind = record["type"]
        self.set_kind(kind)
        self.load_common(record)
        if kind in ("call", "solo", "null"):
            self.declarer.set_value(record["declarer"])
            self.tricks.load(record["tricks"])  # as recorded: new points keep it
            self.knocks.setValue(record.get("knocks", 0))
            self.kontra.setCurrentIndex(record.get("kontra", 0))
        if kind in ("call", "solo"):
            self.points.load(record["points"])
            self.laufende.setValue(record.get("laufende", 0))
            self.bid.setCurrentIndex(max(0, self.bid.findData(record.get("bid"))))
        if kind == "call":
            partners = record.get("partners") or [record.get("partner")]
            self.partner.set_value(partners[0] if partners else None)
            self.forced.setChecked(bool(record.get("forced")))
            self.renonce.setChecked(bool(record.get("renonce")))
        if kind == "solo":
            self.game.setCurrentIndex(max(0, self.game.findData(record.get("game", "solo"))))
            declared = "tout" if record.get("tout") else "sie" if record.get("sie") else ""
            self.declared.setCurrentIndex(self.declared.findData(declared))
        if kind == "ramsch":
            self.knocks.setValue(record.get("knocks", 0))
            order = [p for p in self.seated() if p in record["points"]]
            self.ramsch_points.setText(", ".join(str(record["points"][p]) for p in order))
            self.ramsch_tricks.setText(", ".join(str(record["tricks"][p]) for p in order))
            if record.get("loser"):
                self.loser.set_value(record["loser"])
        if kind == "leaster":
            self.load_leaster(record, self.leaster_loser)
        if kind == "result":
            self.load_result(record)
        if kind == "misplay":
            self.misplayer.set_value(record["misplays"][0])
            self.misplays.setText(", ".join(record["misplays"][1:]))
        elif record.get("misplays"):
            self.misplays.setText(", ".join(record["misplays"]))
        self._show_fields()  # the rows the loaded hand needs (a tie, who sits out)
        self.started_edit()

    def _type_changed(self) -> None:
        self._show_fields()
        self._first_field_focus()

    def _show_fields(self) -> None:
        """Show the fields the hand type needs (fewer for a forced game), then check."""
        kind = self.kind
        game = kind in ("call", "solo")
        rules = self.night_rules()
        forced = kind == "call" and self.forced.isChecked()
        self.show_rows(
            {
                "dealer": True,
                "declarer": kind in ("call", "solo", "null"),
                "partners": kind == "call",
                "game": kind == "solo",
                "points": game,
                "tricks": kind in ("call", "solo", "null"),
                "laufende": game,
                "knocks": kind in ("call", "solo", "null", "ramsch") and not forced,
                "kontra": kind in ("call", "solo", "null") and not forced,
                "declared": kind == "solo",
                "bid": game and not forced,
                "ramsch_points": kind == "ramsch",
                "ramsch_tricks": kind == "ramsch",
                "loser": kind == "ramsch",
                **self.leaster_rows(),
                "leaster_loser": kind == "leaster" and self.loser_pays(),
                "misplayer": kind == "misplay",
                "doublers": self.shows_doubling(kind not in ("pass", "result")),
                "misplays": kind not in ("pass", "result"),
                "sitting_out": self.shows_sitting_out(),
                "note": True,
                "renonce": kind == "call",
                "forced": kind == "call" and rules is not None and rules.all_pass == "forced",
                **self.result_rows(),
            }
        )
        self.last_hand.setVisible(self.shows_doubling(kind not in ("pass", "result")))
        self.check()

    def _first_field_focus(self) -> None:
        first: QWidget = {
            "call": self.declarer,
            "solo": self.declarer,
            "null": self.declarer,
            "ramsch": self.ramsch_points,
            "leaster": self.leaster_loser if self.loser_pays() else self.winner,
            "misplay": self.misplayer,
            "pass": self.save,
            "result": self.result_points,
        }[self.kind]
        first.setFocus()
        if isinstance(first, QLineEdit):
            first.selectAll()

    def _propose_tricks(self) -> int | None:
        """The declarers' tricks in proportion to their points (a game with points), in
        the night's deck (eight tricks, six in the short deck)."""
        points = self.points.value()
        if points is None or points > CARD_POINTS or self.kind not in ("call", "solo"):
            return None
        return estimate_tricks(points, self.tricks.maximum)

    # -- the hand ------------------------------------------------------------------

    def field_for(self, field: str) -> str:
        if field in ("tout", "sie"):
            return "declared"
        if field == "partner":
            return "partners"
        if self.kind == "ramsch" and field in ("points", "tricks"):
            return f"ramsch_{field}"
        if self.kind == "leaster" and field == "loser":
            return "leaster_loser"
        return super().field_for(field)

    def hand(self) -> dict[str, Any]:
        """The hand as the night document writes it, from what is in the form."""
        kind = self.kind
        hand: dict[str, Any] = {"type": kind}
        self.common_fields(hand, played=kind not in ("pass", "result"))
        if kind in ("call", "solo", "null"):
            hand["declarer"] = self.declarer.entered()
            hand["tricks"] = self.tricks.value()
            forced = kind == "call" and self.forced.isChecked() and self.forced.isVisible()
            if not forced:
                if self.knocks.value():
                    hand["knocks"] = self.knocks.value()
                if self.kontra.currentData():
                    hand["kontra"] = self.kontra.currentData()
        if kind in ("call", "solo"):
            hand["points"] = self.points.value()
            if self.laufende.value():
                hand["laufende"] = self.laufende.value()
            if self.bid.currentData() is not None:
                hand["bid"] = self.bid.currentData()
        if kind == "call":
            partner = self.partner.entered()
            hand["partners"] = [partner] if partner else []
            if self.forced.isChecked() and self.forced.isVisible():
                hand["forced"] = True
            if self.renonce.isChecked():
                hand["renonce"] = True
        if kind == "solo" and self.game.currentData() is not None:
            hand["game"] = self.game.currentData()
            if self.declared.currentData():
                hand[self.declared.currentData()] = True
        if kind == "ramsch":
            for key, field in (("points", self.ramsch_points), ("tricks", self.ramsch_tricks)):
                if field.text().strip():
                    hand[key] = self.per_player(field.text(), hand)
            loser = self.loser.entered()
            if loser:
                hand["loser"] = loser
            if self.knocks.value():
                hand["knocks"] = self.knocks.value()
        if kind == "leaster":
            self.leaster_into(hand, self.leaster_loser)
        if kind == "result":
            self.result_hand(hand)
        if kind == "misplay":
            who = self.misplayer.entered()
            hand["misplays"] = [who] if who else []
        if kind not in ("pass", "result") and self.misplays.text().strip():
            hand["misplays"] = [*hand.get("misplays", []), *self.names_in(self.misplays.text())]
        return {k: v for k, v in hand.items() if v is not None}
