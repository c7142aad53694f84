"""The translation catalogue's upkeep (used by `scripts/translations` and the tests):
the strings the code marks, the German catalogue, and what is missing or stale.

Not imported by the app: it reads the source with Babel's extractor.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from scorekeeper.i18n import DOMAIN, locale_dir

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("scorekeeper", "ui")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TRANSLATED = ("de",)
PROJECT = "Sheepshead Scorekeeper"
DATE = dt.datetime(2026, 11, 23, tzinfo=dt.UTC)  # fixed: the header does not churn
_FIELD = re.compile(r"\{[^{}]*\}|%\(\w+\)[a-z]|%[a-z]")


def extract(paths: tuple[str, ...] | None = None) -> Catalog:
    """Every string the code under PATHS (folders or files below the repository) marks
    for translation, with where it is."""
    catalog = Catalog(domain=DOMAIN, project=PROJECT, fuzzy=False, creation_date=DATE)
    for source in SOURCES if paths is None else paths:
        if (ROOT / source).is_file():
            folder, only = (ROOT / source).parent, (ROOT / source).name
            source = str(Path(source).parent)
        else:
            folder, only = ROOT / source, None
        messages = extract_from_dir(
            folder,
            method_map=[("**/migrations/**.py", "ignore"), ("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in messages:
            if only is not None and filename != only:
                continue
            catalog.add(
                message,
                None,
                [(f"{source}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return catalog


def po_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, domain=DOMAIN, project=PROJECT, fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def read_file(path: Path, language: str = "de") -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, include_lineno=False)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def fields(text: str) -> set[str]:
    """The placeholders of TEXT: '{name}', '%s', '%(prog)s'."""
    return set(_FIELD.findall(text))


def _texts(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return [""]
    return [value] if isinstance(value, str) else list(value)


def problems(language: str) -> list[str]:
    """What is wrong with LANGUAGE's catalogue, each a line: a string the code marks
    that it does not translate (missing, empty or fuzzy), one it translates that the
    code no longer marks (stale), a placeholder lost or added, a `.mo` out of date."""
    source = extract()
    catalog = read(language)
    found: list[str] = []
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in source if m.id}
    for message in source:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        entry: Message | None = catalog.get(message.id, context=message.context)
        place = ", ".join(f"{f}:{n}" for f, n in message.locations[:1])
        if entry is None or not all(_texts(entry.string)) or entry.fuzzy:
            found.append(f"missing: {key!r} ({place})")
            continue
        english = _texts(message.id)
        forms = _texts(entry.string)
        every = set().union(*(fields(text) for text in english))
        for number, translated in enumerate(forms):
            # A plural's first form may say 'one' instead of its count's placeholder.
            exact = number == len(forms) - 1 or len(english) == 1
            wanted_fields = fields(english[-1] if number else english[0])
            if (exact and fields(translated) != wanted_fields) or not fields(translated) <= every:
                found.append(f"placeholders differ: {key!r} -> {translated!r}")
    for entry in catalog:
        key = entry.id if isinstance(entry.id, str) else entry.id[0]
        if entry.id and (key, entry.context) not in wanted:
            found.append(f"stale: {key!r}")
    mo = po_path(language).with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != compiled(catalog):
        found.append(f"{mo.name} is not compiled from {po_path(language).name}")
    return found


def update() -> None:
    """Add the strings the code marks to each catalogue, drop those it no longer marks,
    compile the `.mo`."""
    template = extract()
    for language in TRANSLATED:
        catalog = read(language)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        save(catalog, language)
        untranslated = sum(1 for m in catalog if m.id and (not m.string or m.fuzzy))
        print(f"{po_path(language)}: {len(catalog)} strings, {untranslated} to translate")


def save(catalog: Catalog, language: str) -> None:
    path = po_path(language)
    write(catalog, path)
    path.with_suffix(".mo").write_bytes(compiled(read(language)))


def todo(part_path: Path, paths: tuple[str, ...]) -> None:
    """Write PART_PATH with the strings marked in PATHS, keeping the translations it or
    the German catalogue already has (a translator's share of the work)."""
    part = extract(paths)
    part.locale = read("de").locale
    known = [read("de")]
    if part_path.exists():
        known.insert(0, read_file(part_path))
    for message in part:
        for source in known:
            entry = source.get(message.id, context=message.context)
            if entry is not None and entry.string and not entry.fuzzy:
                message.string = entry.string
                break
    write(part, part_path)
    count = sum(1 for m in part if m.id)
    empty = sum(1 for m in part if m.id and not all(_texts(m.string)))
    print(f"{part_path}: {count} strings, {empty} to translate")


def merge(parts: list[Path]) -> None:
    """Copy the translations of PARTS into the German catalogue (updated first)."""
    catalog = read("de")
    catalog.update(extract(), no_fuzzy_matching=True)
    catalog.obsolete.clear()
    for part in parts:
        for message in read_file(part):
            entry = catalog.get(message.id, context=message.context)
            if message.id and all(_texts(message.string)) and entry is not None:
                entry.string = message.string
                entry.flags.discard("fuzzy")
    save(catalog, "de")
    empty = sum(1 for m in catalog if m.id and not all(_texts(m.string)))
    print(f"{po_path('de')}: {empty} to translate")


def main(argv: list[str]) -> int:
    """`python -m scorekeeper.catalogue update|check|todo PART PATH...|merge PART...`
    (scripts/translations)."""
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "todo" and len(argv) >= 3:
        todo(Path(argv[1]), tuple(argv[2:]))
    elif command == "merge" and len(argv) >= 2:
        merge([Path(name) for name in argv[1:]])
    elif command == "check":
        found = [line for language in TRANSLATED for line in problems(language)]
        print("\n".join(found) or "every string is translated")
        return 1 if found else 0
    else:
        print("usage: scripts/translations update|check|todo PART.po PATH...|merge PART.po...")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
