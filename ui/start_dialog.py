"""Starting a night: who sits where, which league, which rules, what stake.

Every house-rule option of the core is offered with its plain meaning, the stake
first (ui/rules_editor.py); the table's last choices are remembered (QSettings) and
offered again next time.  Enter never starts a night by itself: it seats the player
typed, and only the "Start the night" button (Alt+N, or Enter on the button) starts it.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QDate, QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper import i18n
from scorekeeper.formatting import amount_text, locale_currency, money
from scorekeeper.games import all_options, game_of, parse_rules, preset_rules
from scorekeeper.i18n import _, ngettext
from scorekeeper.names import (
    LABEL_LENGTH,
    clean_name,
    fold_name,
    looks_alike,
    name_key,
    quoted,
)
from scorekeeper.rules import RuleSet

from .currency import CurrencyChoice
from .date_edit import TypedDateEdit
from .language import date_format
from .no_enter import NoEnterDialog
from .rules_editor import RulesEditor, option_label

SETTINGS_KEY = "start/last"


class StartNightDialog(NoEnterDialog):
    """Choose the players in clockwise order, the filing, the rules and the stake."""

    def __init__(
        self,
        roster: list[str],
        leagues: list[str],
        parent: QWidget | None = None,
        defaults: Callable[[str, str | None], RuleSet | None] | None = None,
        currency_of: Callable[[str], str | None] | None = None,
        taken: Callable[[str, dt.date, str | None], str | None] | None = None,
        season_of: Callable[[str], str | None] | None = None,
    ):
        super().__init__(parent)
        self.defaults = defaults  # a league's (or season's) own rules, when it has them
        self.currency_of = currency_of  # a stored league's currency (None: a new league)
        # Why the league has this night already (the same date and table), or None.
        self.taken = taken
        # The season a stored league's newest night is filed under (None: none).
        self.season_of = season_of
        self.setWindowTitle(_("Start a night"))
        self.setAccessibleName(_("Start a night"))
        self.roster = roster

        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setAccessibleName(_("What the night starts with"))
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("font-weight: bold;")

        self.league = QComboBox()
        self.league.setEditable(True)
        self.league.addItems(["", *leagues])
        self.league.setAccessibleName(_("League"))
        self.season = QLineEdit()
        self.season.setAccessibleName(_("Season"))
        self.table = QLineEdit()
        self.table.setAccessibleName(_("Table"))
        self.date = TypedDateEdit(QDate.currentDate())
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat(date_format())
        self.date.setAccessibleName(_("Date"))
        filing = QFormLayout()
        filing.addRow(_("&League (optional)"), self.league)
        filing.addRow(_("S&eason (optional)"), self.season)
        filing.addRow(_("&Table"), self.table)
        filing.addRow(_("D&ate"), self.date)
        # A night without a league keeps its own currency; one in a league has its
        # league's (shown, not chosen); a new league's is the one chosen here.
        self.currency = CurrencyChoice()
        self.currency.currentTextChanged.connect(lambda _: self.update_summary())
        # Chosen here by hand: a new league typed afterwards keeps it.
        self._currency_chosen = False
        self.currency.activated.connect(lambda _: setattr(self, "_currency_chosen", True))
        typed = self.currency.lineEdit()
        if typed is not None:
            typed.textEdited.connect(lambda _: setattr(self, "_currency_chosen", True))
        self._league_rules: RuleSet | None = None  # the chosen league's own, when it has any
        filing.addRow(_("Currenc&y"), self.currency)

        self.seated = QListWidget()
        self.seated.setAccessibleName(_("Seats, clockwise"))
        self.seated.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.add_name = QComboBox()
        self.add_name.setEditable(True)
        self.add_name.addItems(roster)
        self.add_name.setCurrentText("")
        self.add_name.setAccessibleName(_("Player to seat"))
        # Qt takes None (no completer: "Jo" typed is Jo, never completed to Jon); its stubs do not.
        self.add_name.setCompleter(None)  # type: ignore[arg-type]
        typed = self.add_name.lineEdit()
        assert typed is not None  # an editable combo box always has its line edit
        typed.returnPressed.connect(self.add_player)
        self.add_name.editTextChanged.connect(lambda _: self.typed_changed())
        self.add_name.installEventFilter(self)  # leaving it with a name typed
        typed.setPlaceholderText(_("a name, then Enter to seat"))
        add = QPushButton(_("&Seat player"))
        add.clicked.connect(self.add_player)
        remove = QPushButton(_("&Remove"))
        remove.clicked.connect(self.remove_seated)
        up = QPushButton(_("Move &up"))
        up.clicked.connect(lambda: self.move(-1))
        down = QPushButton(_("Move &down"))
        down.clicked.connect(lambda: self.move(+1))
        people = QGroupBox(_("Players, clockwise from the first dealer"))
        people_layout = QVBoxLayout(people)
        adder = QHBoxLayout()
        adder.addWidget(self.add_name, 1)
        adder.addWidget(add)
        people_layout.addLayout(adder)
        people_layout.addWidget(self.seated)
        movers = QHBoxLayout()
        for button in (up, down, remove):
            button.setAutoDefault(False)
            movers.addWidget(button)
        add.setAutoDefault(False)
        people_layout.addLayout(movers)

        self.editor = RulesEditor(self.currency.code() or locale_currency())
        self.currency.currentTextChanged.connect(lambda _: self._stake_in_currency())
        self.preset = self.editor.preset
        self.option_widgets = self.editor.option_widgets
        self.editor.changed.connect(self.update_summary)
        rules_box = QGroupBox(_("House rules"))
        QVBoxLayout(rules_box).addWidget(self.editor)

        self.problem, buttons = self.problem_and_buttons()
        self.refused = False  # the name typed was refused, and Start waits for it
        self.unseated = False  # the problem line says a name is typed but not seated
        self.start = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start.setText(_("Start the &night"))
        self.plain_buttons(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        left = QVBoxLayout()
        left.addLayout(filing)
        left.addWidget(people, 1)
        body = QHBoxLayout()
        body.addLayout(left, 2)
        body.addWidget(rules_box, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(body, 1)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(1000, 640)
        self.restore_last()
        # After the table's last choices: choosing another league or season from here on
        # brings that league's (or season's) default rules and stake.
        self.league.currentTextChanged.connect(lambda _: self.load_filing_defaults())
        self.league.currentTextChanged.connect(lambda _: self.follow_league())
        self.league.currentTextChanged.connect(lambda _: self.update_summary())
        self.season.editingFinished.connect(self.load_filing_defaults)
        self._league_rules = self.league_own_rules()  # the last choices stay as they were
        self.follow_league()
        self.update_summary()
        self.add_name.setFocus()

    def update_summary(self) -> None:
        """The line at the top: league, game, stake and players, as the night will start."""
        rules = self.editor.rules()
        league = self.league.currentText().strip() or _("no league")
        count = len(self.players())
        seated = (
            ngettext("{count} player", "{count} players", count).format(count=count)
            if count
            else _("no players yet")
        )
        code = self.currency.code()  # none typed yet: the stake without a currency
        stake = amount_text(rules.stake_cents) if code is None else money(rules.stake_cents, code)
        # Translators: the start dialog's top line: "Tuesday League · classic-5 · $0.05 a
        # point · 5 players".
        line = _("{league} · {preset} · {stake} a point · {players}")
        text = line.format(league=league, preset=rules.preset, stake=stake, players=seated)
        own = self._league_rules
        if own is not None and self.league.currentText().strip() and own != rules:
            kept = amount_text(own.stake_cents) if code is None else money(own.stake_cents, code)
            differ = [
                option_label(o)
                for o in all_options()
                if getattr(own, o.name, None) != getattr(rules, o.name, None)
            ]
            if own.preset != rules.preset:
                differ.insert(0, _("Preset"))
            # Translators: after the top line when this night's rules are not its league's:
            # "changed for this night: Stake, Tie in a leaster (the league's: classic-5, $0.25)".
            text += " — " + _(
                "changed for this night: {options} (the league's: {preset}, {stake})"
            ).format(options=", ".join(differ), preset=own.preset, stake=kept)
        self.summary.setText(text)

    def _stake_in_currency(self) -> None:
        """The stake is read in the currency chosen (one that is not a code is refused
        on its own)."""
        code = self.currency.code()
        if code is not None:
            self.editor.set_currency(code)

    def follow_league(self) -> None:
        """A stored league chosen: its currency shown, not to be chosen (its nights all
        keep their money in it), and its season proposed (typed over to change it);
        no league, or a new one: the currency is chosen."""
        league = self.league.currentText().strip()
        if self.season_of is not None and not self.season.isModified():
            # The league's current season (its standings count the night), or none.
            self.season.setText((self.season_of(league) if league else None) or "")
        kept = self.currency_of(league) if self.currency_of and league else None
        if kept is not None:
            self.currency.set_code(kept)
        elif league and not self._currency_chosen:  # a new league: the locale's money
            self.currency.set_code(locale_currency())
        self.currency.setEnabled(kept is None)

    def load_filing_defaults(self) -> None:
        """Put the chosen league's (or season's) default rules into every option."""
        self._league_rules = rules = self.league_own_rules()
        if rules is not None:
            self.set_rules(rules)

    def league_own_rules(self) -> RuleSet | None:
        """The chosen league's (or season's) own rules: set for it, else its newest
        night's; None without a league, or for a new one."""
        league = self.league.currentText().strip()
        if self.defaults is None or not league:
            return None
        return self.defaults(league, self.season.text().strip() or None)

    def load_preset(self, name: str) -> None:
        self.editor.load_preset(name)

    def set_rules(self, rules: RuleSet) -> None:
        self.editor.set_rules(rules)

    def rules(self) -> RuleSet:
        """The rule set the dialog shows."""
        return self.editor.rules()

    def add_player(self) -> None:
        """Seat the typed name in its stored form (the roster's spelling when known); a
        name that cannot be one, or a player seated already, stays typed, its problem on
        the problem line, and Start waits until it is corrected or cleared."""
        problem = self.typed_problem()
        if problem is not None:
            self.problem.setText("⚠ " + _("Player to seat: {problem}").format(problem=problem))
            self.refused = True
            self.start.setEnabled(False)
            self.add_name.setFocus()
            return
        self.problem.clear()
        self.unseated = False
        name = fold_name(self.add_name.currentText())
        if name:
            known = next((r for r in self.roster if name_key(r) == name_key(name)), name)
            self.seated.addItem(known)
        self.add_name.setCurrentText("")
        self.add_name.setFocus()
        self.update_summary()

    def typed_problem(self) -> str | None:
        """What stops the name typed in "Player to seat" from being seated: it cannot be
        a name, or it is the name of a player seated already (`name_key`: case, runs of
        spaces and full-width letters do not matter); None when nothing is typed."""
        typed = self.add_name.currentText()
        if not fold_name(typed):
            return None
        name, problem = clean_name(typed)
        if problem is not None:
            return problem
        if name.replace(" ", "").isdigit():  # a seat number typed here, or a stray key
            return _("{name} is a number; a player is seated by name").format(name=quoted(name))
        seated = next((p for p in self.players() if name_key(p) == name_key(name)), None)
        if seated is None:
            return self.look_alike_problem(name)
        if seated == name:
            return _("{name} is already seated; two players need two different names").format(
                name=quoted(name)
            )
        return _(
            "{name} is already seated as {seated}; two players need two different names"
        ).format(name=quoted(name), seated=quoted(seated))

    def look_alike_problem(self, name: str) -> str | None:
        """NAME, no player's yet, looks like a player's on the roster or seated ("B0b",
        "Bоb" with a Cyrillic "о", beside Bob: `names.looks_alike`), which the store
        would refuse at Start; None when it does not, or it is a roster name."""
        if any(name_key(known) == name_key(name) for known in self.roster):
            return None
        other = next((o for o in (*self.players(), *self.roster) if looks_alike(o, name)), None)
        if other is None:
            return None
        return _(
            "{name} looks the same as {other}, another player's name: type {other} "
            "for that player, or a name that looks different"
        ).format(name=quoted(name), other=quoted(other))

    def unseated_problem(self) -> str | None:
        """A name typed in "Player to seat" that could be seated and is not yet."""
        typed = fold_name(self.add_name.currentText())
        if not typed or self.typed_problem() is not None:
            return None
        return _(
            "{name} is typed but not seated; press Enter to seat them, or clear the field"
        ).format(name=quoted(typed))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Leaving "Player to seat" with a name typed and not seated (Tab, a click on
        another field or button) says so at once, not only when Start is pressed; its
        own list opening, or another window taking the keyboard, is no leaving."""
        if (
            event.type() == QEvent.Type.FocusOut
            and isinstance(event, QFocusEvent)
            and event.reason()
            not in (Qt.FocusReason.PopupFocusReason, Qt.FocusReason.ActiveWindowFocusReason)
        ):
            self.point_out_unseated()
        return super().eventFilter(watched, event)

    def point_out_unseated(self) -> None:
        """Name, on the problem line, the name typed but not seated (if any, and if no
        refusal is named there already)."""
        problem = self.unseated_problem()
        if problem is not None and not self.refused:
            self.problem.setText("⚠ " + _("Player to seat: {problem}").format(problem=problem))
            self.unseated = True

    def typed_changed(self) -> None:
        """The name in "Player to seat" changed: one said to be typed but not seated is
        being seen to, and the line clears (to say it again if the field is left again
        with a name in it); a refused one is checked again."""
        if self.unseated:
            self.unseated = False
            self.problem.clear()
        self.recheck_typed()

    def recheck_typed(self) -> None:
        """After a refused name is changed (or the player it repeated is removed): the
        problem line says what is still wrong, or clears and lets Start start."""
        if not self.refused:
            return
        problem = self.typed_problem()
        if problem is not None:
            self.problem.setText("⚠ " + _("Player to seat: {problem}").format(problem=problem))
            return
        self.refused = False
        self.problem.clear()
        self.start.setEnabled(True)

    def remove_seated(self) -> None:
        """Remove the player selected; the problem line said after Start ("a table seats
        at most 8") is said again as it now stands, or cleared."""
        self.seated.takeItem(self.seated.currentRow())
        self.update_summary()
        self.recheck_typed()
        if self.problem.text() and not (self.refused or self.unseated):
            found = self.problems()
            self.problem.setText("⚠ " + "; ".join(found) if found else "")

    def move(self, step: int) -> None:  # type: ignore[override]  # owner: rename (shadows QWidget.move)
        row = self.seated.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.seated.count():
            return
        item = self.seated.takeItem(row)
        self.seated.insertItem(target, item)
        self.seated.setCurrentRow(target)

    def players(self) -> list[str]:
        return [self.seated.item(i).text() for i in range(self.seated.count())]

    def labels(self) -> dict[str, tuple[str, str | None]]:
        """League, season and table as typed, each in its stored form with its problem
        (a field left empty is no problem: each is optional)."""
        typed = {
            "league": self.league.currentText(),
            "season": self.season.text(),
            "table": self.table.text(),
        }
        return {
            key: clean_name(text, limit=LABEL_LENGTH) if fold_name(text) else ("", None)
            for key, text in typed.items()
        }

    def choices(self) -> dict[str, Any]:
        """What the night starts with, as `NightSession.start_night` takes it."""
        date = self.date.date()
        labels = {key: name or None for key, (name, _problem) in self.labels().items()}
        return {
            "players": self.players(),
            "rules": self.rules(),
            "date": dt.date(date.year(), date.month(), date.day()),
            "currency": self.currency.code(),
            **labels,
        }

    def problems(self) -> list[str]:
        rules = self.rules()
        found = self.editor.problems()
        players = self.players()
        if len(players) < rules.dealt_in:
            found.append(
                _("{preset} deals {count} in: seat at least that many").format(
                    preset=rules.preset, count=rules.dealt_in
                )
            )
        most = game_of(rules).seats[1]
        if len(players) > most:
            found.append(_("a table seats at most {most}").format(most=most))
        currency = self.currency.problem()
        if currency is not None:
            found.append(currency)
        if self.season.text().strip() and not self.league.currentText().strip():
            found.append(_("a season belongs to a league: choose the league too"))
        fields = {"league": _("League"), "season": _("Season"), "table": _("Table")}
        for key, (_name, problem) in self.labels().items():
            if problem is not None:
                found.append(_("{field}: {problem}").format(field=fields[key], problem=problem))
        choices = self.choices()
        if self.taken is not None and choices["league"] is not None:
            taken = self.taken(choices["league"], choices["date"], choices["table"])
            if taken is not None:
                found.append(_("{field}: {problem}").format(field=fields["table"], problem=taken))
        for name in players:  # seated from the last night remembered, say
            problem = clean_name(name)[1]
            if problem is not None:
                found.append(_("Seats: {problem}").format(problem=problem))
        typed = self.typed_problem() or self.unseated_problem()  # Enter not yet pressed
        if typed is not None:
            found.append(_("Player to seat: {problem}").format(problem=typed))
        return found

    def accept(self) -> None:
        found = self.problems()
        if found:
            self.problem.setText("⚠ " + "; ".join(found))
            return
        self.remember()
        super().accept()

    # -- remembered choices --------------------------------------------------------

    def remember(self) -> None:
        choices = self.choices()
        saved = {
            "players": choices["players"],
            "rules": choices["rules"].to_json(),
            "league": choices["league"],
            "season": choices["season"],
            "table": choices["table"],
            "currency": choices["currency"],
        }
        settings = QSettings()
        settings.setValue(SETTINGS_KEY, json.dumps(saved))
        settings.sync()

    def restore_last(self) -> None:
        raw = QSettings().value(SETTINGS_KEY)
        if not raw:
            self.first_rules()
            return
        try:
            saved = json.loads(str(raw))
            rules, _problems = parse_rules(saved["rules"])
        except (ValueError, KeyError, TypeError):
            return
        if rules is not None:
            self.set_rules(rules)
        for name in saved.get("players", []):
            self.seated.addItem(name)
        self.league.setCurrentText(saved.get("league") or "")
        if isinstance(saved.get("currency"), str):
            self.currency.set_code(saved["currency"])
        self.season.setText(saved.get("season") or "")
        self.table.setText(saved.get("table") or "")

    def first_rules(self) -> None:
        """The rules offered before any night was started here: in German, Schafkopf's
        (the game a German table plays); else Sheepshead's, the first preset."""
        if i18n.language() == "de":
            self.set_rules(preset_rules("schafkopf"))
