"""Make a sample of each report from the sample league and turn its pages into PNGs:

    .venv/bin/python scripts/report_samples.py docs/samples

Needs pdftoppm (poppler-utils).  The night is the sample night with players renamed
to names that reportlab's own fonts and markup get wrong.  In the system's language:
with LANG=de_DE.UTF-8 the German reports (euros, German dates, A4) go to DIR/de/.
"""

import subprocess
import sys
import tempfile
from pathlib import Path

from scorekeeper import i18n
from scorekeeper.formatting import locale_currency
from scorekeeper.reports import build
from scorekeeper.sample import sample_league_documents, sample_schafkopf_document
from scorekeeper.store.database import open_database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.people import rename_player
from scorekeeper.store.tonight import set_closed


def main() -> None:
    out = Path(sys.argv[1])
    language = i18n.set_language()
    if language != "en":
        out = out / language
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp())
    db = open_database(f"sqlite:///{work / 'league.sqlite3'}")
    currency = {"currency": locale_currency()}  # a German table's money is in euros
    ids = [import_night(db, document | currency) for document in sample_league_documents()]
    for night_id in ids[:-1]:
        set_closed(db, night_id=night_id, closed=True)
    for old, new in (("Jon", "Łukasz"), ("Ida", "Zoë <b>&"), ("Hal", "O'Neil")):
        rename_player(db, old=old, new=new)
    reports = {
        "night": build.night_pdf(db, night_id=ids[0]),
        "league": build.league_pdf(db, league="Tuesday Night League"),
        "statement": build.statements_pdf(db, league="Tuesday Night League", players=["Zoë <b>&"]),
        "pad": build.pad_pdf(["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]),
        "schafkopf-night": build.night_pdf(
            db, night_id=import_night(db, sample_schafkopf_document() | currency)
        ),
    }
    for name, data in reports.items():
        pdf = work / f"{name}.pdf"
        pdf.write_bytes(data)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "2", str(pdf), str(out / name)],
            check=True,
        )
        print(f"{name}: {sorted(p.name for p in out.glob(name + '-*.png'))}")


if __name__ == "__main__":
    main()
