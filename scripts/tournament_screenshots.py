"""The README's tournament pictures, of a made-up day of 40 players and two late entries:

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/tournament_screenshots.py OUTDIR
    pdftoppm -png -r 60 OUTDIR/sheet-en.pdf OUTDIR/sheet-en    # and the payout list

The draw tab and the board during round 2 (its clock at 47 minutes, three tables still
to report), the standings tab; a six-handed table's sheet (24 rows), the prize list and
the standings as PDFs.  With LANG=de_DE.UTF-8, the German ones (`-de` names)."""
import datetime as dt
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from benchmarks.tournament import SEEDS, play_session
from scorekeeper.games import preset_rules
from scorekeeper.store.database import open_database
from scorekeeper.store.tables import DrawRow
from scorekeeper.store.tournament_draw import draw_session, start_round
from scorekeeper.store.tournament_results import add_penalty, set_checked, table_statuses
from scorekeeper.store.tournaments import create_tournament, keep_apart, register
from scorekeeper.reports import tournament_build
from ui.app import identify
from ui.language import apply_language
from ui.tournament.board import TournamentBoardWindow
from ui.tournament.window import TournamentWindow

FIRST = "Ann Bob Cal Dee Eve Fay Gus Hal Ida Jon Kay Lou Max Ned Ola Pam Quin Ray Sue Tom Uma Vic Wes Xia Yves Zoe".split()
LAST = "Weber Krause Olson Schmitz Nowak Jansen Becker Lindqvist Huber Meyer".split()


def day(db, name, played, sessions=3):
    rng = random.Random(36)
    t = create_tournament(db, name=name, date=dt.date(2026, 10, 4), rules=preset_rules("jack-of-diamonds-5"),
                          sessions=sessions, hands=20, entry_cents=2000, currency="USD")
    names = sorted({f"{f} {l}" for f in FIRST for l in LAST}, key=lambda n: random.Random(n).random())[:40]
    register(db, t, names, paid=True)
    keep_apart(db, t, names[0], names[1])
    for session in range(1, played + 1):
        if session == 2:
            register(db, t, ["Liesl Late", "Lou Lately"], paid=True)
        draw_session(db, t, session, seed=SEEDS[session - 1])
        play_session(db, rng, t, session, leave=3 if session == played < sessions else 0)
        table = table_statuses(db, t, session)[0]
        set_checked(db, t, session, table.number, checked=False)
        add_penalty(db, t, session, table.players[0], 4, "commented while sitting out")
    return t


def main():
    out = Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    identify()
    work = Path(tempfile.mkdtemp())
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(work))
    language = apply_language(app, "system")
    db = open_database(f"sqlite:///{work / 'day.sqlite3'}")
    whole = day(db, "Door County Open 2026", played=3)
    t = day(db, "Kohler Falls Oktoberfest", played=2)
    start_round(db, t, 2)
    with db.transaction() as s:
        row = s.get(DrawRow, (t.id, 2)); row.started_at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=47)
    w = TournamentWindow(db)
    w.resize(1100, 700)
    w.show()
    w.choose(t.name)
    w.tabs.setCurrentWidget(w.draw)
    w.draw.session.setValue(2)
    w.draw.show_session()
    app.processEvents()
    w.grab().save(str(out / f"draw-{language}.png"))
    w.tabs.setCurrentWidget(w.standings)
    w.standings.after.setValue(2)
    w.standings.show_standings()
    app.processEvents()
    w.grab().save(str(out / f"standings-{language}.png"))
    b = TournamentBoardWindow(db, t)
    b.resize(1280, 720)
    b.show(); app.processEvents(); b.refresh(); app.processEvents()
    b.grab().save(str(out / f"board-{language}.png"))
    six = next(s for s in table_statuses(db, t, 2) if len(s.players) == 6)
    (out / f"sheet-{language}.pdf").write_bytes(tournament_build.sheets_pdf(db, t, 2, table=six.number))
    (out / f"payout-{language}.pdf").write_bytes(tournament_build.payout_pdf(db, whole))
    (out / f"standings-{language}.pdf").write_bytes(tournament_build.standings_pdf(db, whole))
    print(language, "ok")


main()
