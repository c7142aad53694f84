"""Labels the windows share: text that is shown as it reads, never as markup."""

from __future__ import annotations

import itertools
import re

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy

from scorekeeper.games import all_options

PROBLEM_COLOUR = "#b00020"


def plain_label(text: str = "", name: str = "") -> QLabel:
    """A label that never reads markup (names may hold < or &)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if name:
        label.setAccessibleName(name)
    return label


def problem_label(name: str) -> QLabel:
    """A plain label for a problem, in the problem colour, empty until one is said."""
    label = plain_label(name=name)
    label.setStyleSheet(f"color: {PROBLEM_COLOUR}")
    return label


def in_words(message: str) -> str:
    """A core message as the window says it: each house-rule option the message spells
    as the night document does (`leaster_pay 'loser-pays'`) named in words, in the
    language spoken (“Who pays a leaster: the loser pays”).  The command line keeps the
    document's spelling, which is what its user types."""
    for option in sorted(all_options(), key=lambda o: -len(o.name)):
        if option.name not in message:
            continue
        for choice in option.choices:
            words = f"“{option.shown_name()}: {option.shown_choice(choice)}”"
            message = message.replace(f"{option.name} '{choice}'", words)
        if "_" in option.name:  # a one-word name ("partner") is a word in a sentence too
            message = re.sub(rf"\b{option.name}\b", f"“{option.shown_name()}”", message)
    return message


class FittedText(QLabel):
    """Plain text in at most LINES lines, always as tall as LINES lines: what it says
    never moves what is above or under it (a trial: the entry form's warnings, wrapped,
    squeezed the score sheet to six rows).  Text that needs more lines than it has is
    cut with "…" at the end of the last, and said whole in the tooltip; `text()` is
    always the whole text (what a screen reader reads)."""

    def __init__(self, lines: int = 1, name: str = "") -> None:
        super().__init__()
        self.lines = lines
        self.setTextFormat(Qt.TextFormat.PlainText)
        if name:
            self.setAccessibleName(name)
        # As wide as it is given (none of it is needed), as tall as its lines.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._shown: list[str] = []

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def set_lines(self, lines: int) -> None:
        """Show at most LINES lines from now on (and be as tall)."""
        if lines != self.lines:
            self.lines = lines
            self.updateGeometry()
            self._fit()

    def sizeHint(self) -> QSize:
        chrome = self.height() - self.contentsRect().height() + 2 * self.margin()
        return QSize(0, self.lines * self.fontMetrics().lineSpacing() + chrome)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _room(self) -> int:
        return max(0, self.contentsRect().width() - 2 * self.margin())

    def _fit(self) -> None:
        """The lines shown at the width there is, and the tooltip when they are cut."""
        text = " ".join(self.text().split("\n"))
        width = self._room()
        metrics = self.fontMetrics()
        layout = QTextLayout(text, self.font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        starts = []
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            starts.append(line.textStart())
        layout.endLayout()
        if len(starts) <= self.lines:
            ends = [*starts[1:], len(text)]
            self._shown = [text[a:b].rstrip() for a, b in zip(starts, ends, strict=True)]
            self.setToolTip("")
        else:
            kept = starts[: self.lines]
            whole = [text[a:b].rstrip() for a, b in itertools.pairwise(kept)]
            rest = text[kept[-1] :]
            cut = metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)
            self._shown = [*whole, cut]
            self.setToolTip(self.text())
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        QFrame.paintEvent(self, event)  # the frame a style sheet gives it
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        rect = self.contentsRect().adjusted(
            self.margin(), self.margin(), -self.margin(), -self.margin()
        )
        metrics = self.fontMetrics()
        y = rect.top() + metrics.ascent()
        for line in self._shown:
            painter.drawText(rect.left(), y, line)
            y += metrics.lineSpacing()
        painter.end()
