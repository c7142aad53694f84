"""The night document (`docs/rules/night-format.md`): JSON in, `Night` out, and back.

Reading checks the shape of the document (types, known fields, seated names) and
reports every problem at once; the rules of the game are checked by
`scorekeeper.validation`.  `load_night` does both, and is what every door (command
line, import, tests) uses to turn a document into a night.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.formatting import DEFAULT_CURRENCY, is_currency_code, not_a_currency_code
from scorekeeper.games import hand_type, hand_types, parse_rules, seats_of_preset
from scorekeeper.hand_reader import COMMON_FIELDS, HandReader
from scorekeeper.i18n import N_, _
from scorekeeper.json_input import Path, key_name, parse_json, show_path, show_value
from scorekeeper.limits import MAX_AMOUNT
from scorekeeper.names import LABEL_LENGTH, TITLE_LENGTH, clean_name, name_key, quoted
from scorekeeper.problems import Problem, grouped
from scorekeeper.records import Hand, Night, NightInfo, NightPayment
from scorekeeper.results import POT  # never a party to a payment
from scorekeeper.rules import RuleSet, is_whole
from scorekeeper.validation import CheckedNight, check_night, validate_hand, validate_night

FORMAT = "sheepshead-night/1"
MAX_HANDS = 10_000  # a long night is 100 hands; a document of more is not a night
DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
INFO_FIELDS = ("date", "league", "season", "table", "title")
MONEY_FIELDS = ("currency", "closed", "settled", "payments")
TOP_FIELDS = ("format", "rules", "players", "hands", *INFO_FIELDS, *MONEY_FIELDS)
PAYMENT_FIELDS = ("from", "to", "cents", "date")
MAX_PAYMENTS = 1_000  # a night settles in at most seven payments; a document of more is wrong
__all__ = ["COMMON_FIELDS", "FORMAT", "TOP_FIELDS", "load_night", "read_hand", "read_night"]


def load_night(document: Any) -> tuple[CheckedNight | None, list[Problem]]:
    """Read and validate a parsed night document: the night, or every problem in it.

    The night comes checked (`validation.check_night`), so `score_night` does not
    validate it again.  Hands that read cleanly are checked against the game's rules
    even when another hand could not be read, so a user sees every mistake at once.
    """
    read = _read_document(document)
    if read.night is not None:  # read whole: the night is checked as it will be scored
        return check_night(read.night)
    problems = list(read.problems)
    if read.rules is not None and read.players is not None:
        seats = Night(rules=read.rules, players=read.players)
        seat_problems = validate_night(seats)
        problems += seat_problems
        if not seat_problems:
            for number, hand in read.hands:
                problems += [
                    p.in_hand(number) for p in validate_hand(hand, read.rules, read.players)
                ]
    problems.sort(key=lambda p: p.hand or 0)
    if not problems:  # a reader's bug must not pass as "no problems"
        problems = [Problem(_("file"), _("could not be read as a night"))]
    return None, problems


def loads_night(text: str | bytes) -> tuple[CheckedNight | None, list[Problem]]:
    """Like `load_night`, from the document's JSON text (read through the one JSON door,
    `scorekeeper.json_input`: bounded, strict, never a crash)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    document, problems = parse_night_json(data)
    if problems:
        return None, problems
    return load_night(document)


def parse_night_json(data: bytes) -> tuple[Any, list[Problem]]:
    """A night document's JSON parsed through the one door, its problems named as the
    other checks of a night name fields."""
    return parse_json(data, locate=_locate)


def _locate(path: Path, message: str) -> Problem:
    """A problem at PATH in a night document, named as the other checks name fields."""
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        return Problem(show_path(path[2:], whole=_("hand")), message, hand=path[1] + 1)
    return Problem(show_path(path), message)


@dataclass
class _Read:
    """What could be read of a document, and the problems with its shape."""

    problems: list[Problem]
    rules: RuleSet | None = None
    players: tuple[str, ...] | None = None
    hands: list[tuple[int, Hand]] = field(default_factory=list)
    night: Night | None = None


def read_night(document: Any) -> tuple[Night | None, list[Problem]]:
    """Read a document's shape into a `Night`, without the game's rules checks."""
    read = _read_document(document)
    return read.night, read.problems


def _read_document(document: Any) -> _Read:
    if not isinstance(document, Mapping):
        return _Read([Problem(_("file"), _("must hold one JSON object (a night)"))])
    problems = [
        Problem(key_name(k), _("is not a field of a night"))
        for k in document
        if k not in TOP_FIELDS
    ]
    if document.get("format") != FORMAT:
        got = show_value(document.get("format"))
        message = _("must be {format}, not {value}").format(format=quoted(FORMAT), value=got)
        problems.append(Problem("format", message))
    rules, rule_problems = parse_rules(document.get("rules", None))
    problems += rule_problems
    players = _read_players(document.get("players"), _seats(document.get("rules")), problems)
    info = _read_info(document, players, problems)
    read = _Read(problems, rules, players)
    hands = _read_hands(document.get("hands"), players, rules, problems, read.hands)
    if not problems and rules is not None and players is not None and hands is not None:
        read.night = Night(rules=rules, players=players, hands=hands, info=info)
    return read


def _seats(rules: Any) -> tuple[int, int]:
    """The fewest and the most a table seats at the game of a document's RULES (a
    preset's name, or an object naming one), asked of the game."""
    return seats_of_preset(rules.get("preset") if isinstance(rules, Mapping) else rules)


def _read_players(
    value: Any, seats: tuple[int, int], problems: list[Problem]
) -> tuple[str, ...] | None:
    """The seated names, if each is a name and the table (SEATS: the fewest and the
    most its game seats) holds them; else None and the problems."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(Problem("players", _("must be a list of names")))
        return None
    cleaned = [clean_name(v) for v in value]
    names = tuple(name for name, _problem in cleaned)
    start = len(problems)
    fewest, most = seats
    if not fewest <= len(names) <= most:
        message = _("{count} seated; a table seats {fewest} to {most}")
        problems.append(
            Problem("players", message.format(count=len(names), fewest=fewest, most=most))
        )
    seen: dict[str, str] = {}
    for name, problem in cleaned:
        if problem is not None:
            problems.append(Problem("players", problem))
        elif name_key(name) in seen:
            first = seen[name_key(name)]
            message = _("{first} and {second} are the same name")
            problems.append(
                Problem("players", message.format(first=quoted(first), second=quoted(name)))
            )
        seen.setdefault(name_key(name), name)
    return names if len(problems) == start else None


# The longest each label may be (a night's title is a heading, and wraps where printed).
LABEL_LENGTHS = dict.fromkeys(("league", "season", "table"), LABEL_LENGTH) | {"title": TITLE_LENGTH}


def _read_info(
    document: Mapping[str, Any], players: tuple[str, ...] | None, problems: list[Problem]
) -> NightInfo:
    values: dict[str, str | None] = {}
    for key in INFO_FIELDS:
        value = document.get(key)
        if value is not None and not isinstance(value, str):
            problems.append(Problem(key, _("must be text")))
            value = None
        elif value is not None and key != "date":
            value, problem = clean_name(value, limit=LABEL_LENGTHS[key])
            if problem is not None:
                problems.append(Problem(key, problem))
        values[key] = value
    date = values["date"]
    problem = None if date is None else date_problem(date)
    if problem is not None:
        problems.append(Problem("date", problem))
    closed = document.get("closed", False)
    if not isinstance(closed, bool):
        message = _("{value} is not true or false").format(value=show_value(closed))
        problems.append(Problem("closed", message))
        closed = False
    settled = document.get("settled", False)
    if not isinstance(settled, bool):
        message = _("{value} is not true or false").format(value=show_value(settled))
        problems.append(Problem("settled", message))
        settled = False
    payments = _read_payments(document.get("payments", []), players or (), problems)
    currency = document.get("currency", DEFAULT_CURRENCY)
    if not isinstance(currency, str) or not is_currency_code(currency):
        problems.append(Problem("currency", not_a_currency_code(show_value(currency))))
        currency = DEFAULT_CURRENCY
    return NightInfo(**values, closed=closed, settled=settled, payments=payments, currency=currency)


def _read_payments(
    value: Any, players: tuple[str, ...], problems: list[Problem]
) -> tuple[NightPayment, ...]:
    """The money already handed over: each payment's payer and payee (a seated player's
    name as seated, or another person's in its stored form), cents and date."""
    if not isinstance(value, list):
        problems.append(Problem("payments", _("must be a list of payments")))
        return ()
    if len(value) > MAX_PAYMENTS:
        message = _("{count} payments; a night holds {most} at most").format(
            count=grouped(len(value)), most=grouped(MAX_PAYMENTS)
        )
        problems.append(Problem("payments", message))
        return ()
    seated = {name_key(p): p for p in players}
    read = [
        _read_payment(item, f"payments[{n}]", seated, problems) for n, item in enumerate(value, 1)
    ]
    return tuple(p for p in read if p is not None)


def _read_payment(
    item: Any, where: str, seated: Mapping[str, str], problems: list[Problem]
) -> NightPayment | None:
    if not isinstance(item, Mapping):
        problems.append(Problem(where, _("must be an object with from, to and cents")))
        return None
    start = len(problems)
    problems += [
        Problem(f"{where}.{key_name(k)}", _("is not a field of a payment"))
        for k in item
        if k not in PAYMENT_FIELDS
    ]
    payer = _payment_party(item.get("from"), f"{where}.from", seated, problems)
    payee = _payment_party(item.get("to"), f"{where}.to", seated, problems)
    if payer is not None and payee is not None and name_key(payer) == name_key(payee):
        message = _("{player} cannot pay themselves").format(player=payee)
        problems.append(Problem(f"{where}.to", message))
    given: Any = item.get("cents")
    cents: int | None = given if is_whole(given) and 1 <= given <= MAX_AMOUNT else None
    if given is None:
        problems.append(Problem(f"{where}.cents", _("missing"), missing=True))
    elif cents is None:
        message = _("{value} is not a whole number of cents from 1 to {most}").format(
            value=show_value(given), most=grouped(MAX_AMOUNT)
        )
        problems.append(Problem(f"{where}.cents", message))
    date = item.get("date")
    if date is not None:
        problem = date_problem(date) if isinstance(date, str) else _("must be text")
        if problem is not None:
            problems.append(Problem(f"{where}.date", problem))
    if len(problems) > start or payer is None or payee is None or cents is None:
        return None
    return NightPayment(payer, payee, cents, date)


def _payment_party(
    value: Any, where: str, seated: Mapping[str, str], problems: list[Problem]
) -> str | None:
    """Who paid or was paid: a seated player as seated ('ann' is Ann), else a person's
    name in its stored form; never the pot, which is settled at the table."""
    if value is None:
        problems.append(Problem(where, _("missing"), missing=True))
        return None
    if not isinstance(value, str):
        message = _("{value} is not a player's name").format(value=show_value(value))
        problems.append(Problem(where, message))
        return None
    name, problem = clean_name(value)
    if name == POT:
        message = _("{pot} is the table's pot, not a person").format(pot=POT)
        problems.append(Problem(where, message))
        return None
    if problem is not None:
        problems.append(Problem(where, problem))
        return None
    return seated.get(name_key(name), name)


# A month's name in a message, in the user's language (translated where it is said;
# calendar.month_name would follow the process's locale, not the app's language).
MONTHS: tuple[str, ...] = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


def not_a_real_date(shown: str, why: str) -> str:
    """ "'2026-02-30' is not a real date (February 2026 has 28 days)": a date as written
    (SHOWN: quoted, and how it was read), and WHY it is not a day of the calendar."""
    return _("{date} is not a real date ({why})").format(date=shown, why=why)


def month_length(year: int, month: int) -> str:
    """'February 2026 has 28 days', in the user's language: why a day past a month's
    end is not a date."""
    days = calendar.monthrange(year, month)[1]
    return _("{month} {year} has {days} days").format(
        month=_(MONTHS[month - 1]), year=year, days=days
    )


def date_problem(text: str) -> str | None:
    """What is wrong with a night's date, or None: it must be written YYYY-MM-DD and be
    a day of the calendar ('2026-02-30' is written right, but February has 28 days)."""
    if not DATE.fullmatch(text):
        return _("{date} is not a date written YYYY-MM-DD").format(date=quoted(text))
    year, month, day = (int(part) for part in text.split("-"))
    if year == 0:
        return not_a_real_date(quoted(text), _("the years start at 0001"))
    if not 1 <= month <= 12:
        no_month = _("there is no month {month}").format(month=f"{month:02d}")
        return not_a_real_date(quoted(text), no_month)
    if not 1 <= day <= calendar.monthrange(year, month)[1]:
        return not_a_real_date(quoted(text), month_length(year, month))
    return None


def _read_hands(
    value: Any,
    players: tuple[str, ...] | None,
    rules: RuleSet | None,
    problems: list[Problem],
    numbered: list[tuple[int, Hand]],
) -> tuple[Hand, ...] | None:
    if not isinstance(value, list):
        problems.append(Problem("hands", _("must be a list of hands")))
        return None
    if len(value) > MAX_HANDS:
        message = _("{count} hands; a night holds {most} at most").format(
            count=len(value), most=MAX_HANDS
        )
        problems.append(Problem("hands", message))
        return None
    seated = {name_key(p): p for p in players or ()}
    hands = []
    for number, item in enumerate(value, start=1):
        hand = _read_hand(item, number, seated if players else None, problems, rules)
        if hand is not None:
            hands.append(hand)
            numbered.append((number, hand))
    return tuple(hands) if len(hands) == len(value) else None


def _read_hand(
    item: Any,
    number: int,
    seated: dict[str, str] | None,
    problems: list[Problem],
    rules: RuleSet | None,
) -> Hand | None:
    """One hand: its type (a kind the night's game plays, `scorekeeper.games`), the
    fields every hand has, then its own, each wrong one a problem."""
    reader = HandReader(item, number, seated, problems)
    if not isinstance(item, Mapping):
        reader.problem(_("hand"), _("must be an object"))
        return None
    name = reader.item.get("type")
    kind = hand_type(name, rules) if isinstance(name, str) else None
    if kind is None:
        known = ", ".join(hand_types())
        message = _("{value} is not a hand type ({types})")
        reader.problem("type", message.format(value=show_value(name), types=known))
        return None
    allowed = COMMON_FIELDS + kind.FIELDS
    for key in reader.item:
        if key not in allowed:
            # Translators: {type} is a hand's type as the document writes it ('pick').
            reader.problem(key_name(key), _("is not a field of a {type} hand").format(type=name))
    hand = kind.read(reader, reader.common())
    return hand if reader.ok else None


def night_to_document(night: Night) -> dict[str, Any]:
    """The night document of a night: what `export` writes and `import` reads back."""
    document: dict[str, Any] = {"format": FORMAT}
    for key in INFO_FIELDS:
        value = getattr(night.info, key)
        if value is not None:
            document[key] = value
    document |= money_to_document(night.info)
    document["rules"] = night.rules.to_document()
    document["players"] = list(night.players)
    document["hands"] = [hand_to_document(h) for h in night.hands]
    return document


def money_to_document(info: NightInfo) -> dict[str, Any]:
    """A night's `currency`, `closed`, `settled` and `payments` as the document writes
    them (left out when they are US dollars, the night is open, not settled at the
    table and nothing was paid: what a document without them means)."""
    out: dict[str, Any] = {}
    if info.currency != DEFAULT_CURRENCY:
        out["currency"] = info.currency
    if info.closed:
        out["closed"] = True
    if info.settled:
        out["settled"] = True
    if info.payments:
        out["payments"] = [payment_to_document(p) for p in info.payments]
    return out


def payment_to_document(payment: NightPayment) -> dict[str, Any]:
    """One payment as the document writes it."""
    out: dict[str, Any] = {"from": payment.payer, "to": payment.payee, "cents": payment.cents}
    return out | ({"date": payment.date} if payment.date is not None else {})


def hand_to_document(hand: Hand) -> dict[str, Any]:
    """One hand in the night document's canonical form (defaults left out)."""
    out: dict[str, Any] = {"type": hand.type}
    if hand.dealer is not None:
        out["dealer"] = hand.dealer
    if hand.sitting_out is not None:
        out["sitting_out"] = list(hand.sitting_out)
    out |= hand.own_fields()
    if hand.doubler_names:
        out["doublers"] = list(hand.doubler_names)
    elif hand.doublers:
        out["doublers"] = hand.doublers
    if hand.last_hand:
        out["last_hand"] = True
    if hand.misplays:
        out["misplays"] = list(hand.misplays)
    if hand.note:
        out["note"] = hand.note
    return out


def read_hand(
    item: Any, players: tuple[str, ...], rules: RuleSet, number: int = 1
) -> tuple[Hand | None, list[Problem]]:
    """Read one hand of a night document (its shape and names) for the given seats,
    at a night under RULES."""
    problems: list[Problem] = []
    seated = {name_key(p): p for p in players}
    hand = _read_hand(item, number, seated, problems, rules)
    return (hand if not problems else None), problems
