"""The panel beside the sheet that the first screen shows: the selected hand's
explanation and what is pending for the next hand.  The panels of the other tabs, the
running-total chart (ui/night_chart.py) and the settlement (ui/settlement_panel.py), are
made once the window is painted (`MainWindow.make_panels`)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from scorekeeper.explain import said
from scorekeeper.formatting import money
from scorekeeper.games import game_of
from scorekeeper.i18n import _, ngettext
from scorekeeper.validation import who_sits_out

from .labels import plain_label
from .session import NightView


def bold_label(text: str) -> QLabel:
    """A panel's heading: TEXT in bold, never read as markup."""
    label = plain_label(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


class HandPanel(QWidget):
    """The selected hand's explanation, and what is pending for the next hand."""

    def __init__(self) -> None:
        super().__init__()
        self.explanation = plain_label(name=_("Explanation of the hand"))
        self.pending = plain_label(name=_("Pending for the next hand"))
        self.balance = plain_label(name=_("Zero-sum check"))
        layout = QVBoxLayout(self)
        layout.addWidget(bold_label(_("The hand")))
        layout.addWidget(self.explanation)
        layout.addSpacing(12)
        layout.addWidget(bold_label(_("Next hand")))
        layout.addWidget(self.pending)
        layout.addSpacing(12)
        layout.addWidget(self.balance)
        layout.addStretch()

    def show_view(self, view: NightView | None, selected: int | None) -> None:
        if view is None:
            for label in (self.explanation, self.pending, self.balance):
                label.clear()
            return
        line = view.lines[selected] if selected is not None and selected < len(view.lines) else None
        if line is None and view.lines:
            line = view.lines[-1]
        self.explanation.setText(
            _("Hand {number}: {explanation}").format(
                number=line.number, explanation=line.result.explanation
            )
            if line
            else _("No hand yet.")
        )
        dealer = view.next_dealer()
        # One more at the table than the game deals in: the dealer sits the hand out.
        out = who_sits_out(None, dealer, view.rules, view.seated_next)
        playing = ", ".join(p for p in view.seated_next if p not in out)
        result = view.result
        waiting_line = game_of(view.rules).waiting(result, view.currency)  # doublers, Bock, pot
        table = (
            said(_("Playing: {players} ({out} sits out)."), players=playing, out=", ".join(out))
            if out
            else said(_("At the table: {players}."), players=playing)
        )
        lines = (
            said(
                _("Hand {number}, dealt by {dealer}."),
                number=view.next_number,
                dealer=dealer or "—",
            ),
            waiting_line,
            table,
        )
        self.pending.setText("\n".join(line for line in lines if line))
        self.balance.setText(self._balance(view))

    @staticmethod
    def _balance(view: NightView) -> str:
        """The zero-sum check in words: what the totals sum to, with the pot's."""
        result = view.result
        points = sum(result.total_points.values())
        amount = money(sum(result.total_cents.values()), view.currency)
        if result.pot:
            return ngettext(
                "Totals sum to {points} point and {money}; with the pot's {pot}, to {whole}.",
                "Totals sum to {points} points and {money}; with the pot's {pot}, to {whole}.",
                abs(points),
            ).format(points=points, money=amount, pot=result.pot, whole=points + result.pot)
        return ngettext(
            "Totals sum to {points} point and {money}.",
            "Totals sum to {points} points and {money}.",
            abs(points),
        ).format(points=points, money=amount)
