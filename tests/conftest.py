"""Shared test set-up: Qt is forced offscreen before any QApplication exists."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
