"""What each report says, computed before any layout: every number comes from the core
(scoring, standings, statistics, the ledger) and the store; the renderers only place
the strings and series made here on the page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.formatting import decimal, dollars, percent
from scorekeeper.night import HandResult, NightResult
from scorekeeper.records import (
    CallHand,
    Hand,
    LeasterHand,
    MisplayHand,
    Night,
    NightInfo,
    NullHand,
    PassHand,
    PickHand,
    RamschHand,
    SoloHand,
)
from scorekeeper.rules import RuleSet
from scorekeeper.schafkopf import SOLO_BY_KEY
from scorekeeper.standings import NightLine, Standing, Standings
from scorekeeper.store.league import LeagueInfo

Series = tuple[str, tuple[tuple[float, float], ...]]  # a chart line: name, (x, y) points


@dataclass(frozen=True)
class NightReport:
    """The session report of one night."""

    title: str
    filing: tuple[tuple[str, str], ...]  # label, value: league, season, date, table
    rules: tuple[str, ...]  # the house rules, short and readable
    players: tuple[str, ...]
    header: tuple[str, ...]  # the hand columns before the players'
    rows: tuple[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], ...]  # cells, per player
    total_points: tuple[str, ...]
    total_money: tuple[str, ...]
    settlement: tuple[str, ...]  # "Ann pays Bob $1.25"
    figures_header: tuple[str, ...]
    figures: tuple[tuple[str, ...], ...]
    running: tuple[Series, ...]


HAND_HEADER = ("#", "Dealer", "Picker", "Partner", "Pts", "Tr.", "Outcome", "×")
FIGURES_HEADER = ("Player", "Hands", "Picked", "Won as picker", "Partner", "Leasters won",
                  "Misplays", "Points", "Money")  # fmt: skip
# A Schafkopf night's words for the same columns.
SCHAFKOPF_HAND_HEADER = ("#", "Dealer", "Declarer", "Partner", "Pts", "Tr.", "Game", "×")
SCHAFKOPF_FIGURES_HEADER = ("Player", "Hands", "Declared", "Won declaring", "Partner",
                            "Leasters won", "Misplays", "Points", "Money")  # fmt: skip


def signed(value: int) -> str:
    """'+3', '-2', '0'."""
    return f"{value:+d}" if value else "0"


def rules_summary(rules: RuleSet) -> tuple[str, ...]:
    """The house rules in a few short lines, as a score sheet's header would say them."""
    if rules.game == "schafkopf":
        return _schafkopf_rules_summary(rules)
    partner = {"called-ace": "partner by called ace", "jack-of-diamonds":
               "jack of diamonds partners", "black-queens": "the black queens are partners",
               "none": "no partners"}[rules.partner]  # fmt: skip
    nobody = {"leaster": "a leaster when all pass", "doubler": "a doubler when all pass",
              "forced": "the dealer must pick when all pass"}[rules.no_pick]  # fmt: skip
    lines = [
        f"{rules.preset}: {rules.dealt_in} dealt in, {partner}, {nobody}.",
        f"Win at {rules.win_at}; schneider at {rules.schneider_at} or held to "
        f"{rules.schneidered_at} (×{rules.schneider_factor}); no trick ×{rules.no_trick_factor}"
        + ("; double on the bump" if rules.double_on_the_bump else "")
        + ("; the last hand doubles" if rules.last_hand_doubler else "") + ".",
        f"Stake {dollars(rules.stake_cents)} a point"
        + (f"; multiplier at most ×{rules.max_multiplier}" if rules.max_multiplier else "")
        + ".",
    ]  # fmt: skip
    changed = rules.overrides()
    changed.pop("stake_cents", None)
    if changed:
        words = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in changed.items())
        lines.append(f"Changed from the preset: {words}.")
    return tuple(lines)


def _schafkopf_rules_summary(rules: RuleSet) -> tuple[str, ...]:
    laufende = dict(rules.laufende_min)
    passed = {
        "redeal": "deal again",
        "ramsch": "a Ramsch",
        "leaster": "a leaster",
        "pot": "everyone pays into the pot",
        "forced": "the club queen must play",
    }
    lines = [
        f"{rules.preset}: Schafkopf, four dealt in. Sauspiel {rules.tariff_call}, solo "
        f"{rules.tariff_solo}, Null {rules.tariff_null}, each extra {rules.tariff_extra}, "
        f"Ramsch {rules.tariff_ramsch}.",
        f"Laufende count from {laufende['call']} (Sauspiel), {laufende['solo']} (solo), "
        f"{laufende['wenz']} (Wenz), {laufende['geier']} (Geier), {laufende['other']} (other); "
        f"Tout ×{rules.tout_factor}, Sie ×{rules.sie_factor}; when all pass, "
        f"{passed[rules.all_pass]}.",
        f"Stake {dollars(rules.stake_cents)} a point"
        + (f"; Bock rounds of {rules.bock_hands} after {', '.join(rules.bock_after)}"
           if rules.bock_after else "")
        + (f"; multiplier at most ×{rules.max_multiplier}" if rules.max_multiplier else "")
        + ".",
    ]  # fmt: skip
    return tuple(lines)


def _schafkopf_cells(hand: Hand, result: HandResult) -> tuple[str, str, str, str, str]:
    """Declarer, partner, points, tricks, and the game with how it ended."""
    level = "" if result.level == "normal" else f" {result.level.capitalize()}"
    ended = f"{'won' if result.outcome == 'win' else 'lost'}{level}"
    if isinstance(hand, CallHand):
        return (hand.declarer, ", ".join(hand.partners), str(hand.points), str(hand.tricks),
                f"Sauspiel {ended}")  # fmt: skip
    if isinstance(hand, SoloHand):
        game = SOLO_BY_KEY[hand.game].name + (" Tout" if hand.tout else " Sie" if hand.sie
                                               else "")  # fmt: skip
        return hand.declarer, "", str(hand.points), str(hand.tricks), f"{game} {ended}"
    if isinstance(hand, NullHand):
        return hand.declarer, "", "", str(hand.tricks), f"Null {ended}"
    if isinstance(hand, RamschHand):
        paid = [p for p, v in result.points.items() if p in result.active and v < 0]
        return "", "", "", "", f"Ramsch: {', '.join(paid)} paid"
    return "", "", "", "", "all passed" + ("" if result.pot is None else f", pot {result.pot}")


def _hand_cells(number: int, hand: Hand, result: HandResult) -> tuple[str, ...]:
    dealer = hand.dealer or ""
    multiplier = f"×{result.multiplier}" if result.multiplier > 1 else ""
    level = "" if result.level == "normal" else f", {result.level}"
    if isinstance(hand, CallHand | SoloHand | NullHand | RamschHand | PassHand):
        return (str(number), dealer, *_schafkopf_cells(hand, result), multiplier)
    if isinstance(hand, PickHand):
        partner = ", ".join(hand.partners) or "alone"
        return (str(number), dealer, hand.picker, partner, str(hand.points), str(hand.tricks),
                f"{result.outcome}{level}", multiplier)  # fmt: skip
    if isinstance(hand, LeasterHand):
        won = ", ".join(hand.winners)
        return (str(number), dealer, "leaster", "", "", "", f"{won} won", multiplier)
    if isinstance(hand, MisplayHand):
        return (str(number), dealer, "misplay", "", "", "", ", ".join(hand.misplays), multiplier)
    return (str(number), dealer, "nobody picked", "", "", "", "", "")


def _figures(night: Night, result: NightResult) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for player in night.players:
        roles = [h.roles.get(player) for h in result.hands if player in h.active]
        picked = [h for h in result.hands if h.roles.get(player) == "picker"]
        won = sum(1 for h in picked if h.outcome == "win")
        misplays = sum(h.misplays.count(player) for h in night.hands)
        rows.append((player, str(len(roles)), str(len(picked)), f"{won} of {len(picked)}",
                     str(roles.count("partner")), str(roles.count("leaster-winner")),
                     str(misplays), signed(result.total_points[player]),
                     dollars(result.total_cents[player])))  # fmt: skip
    return rows


def night_report(night: Night, result: NightResult, *, night_id: int | None = None) -> NightReport:
    """The session report of a scored night."""
    info = night.info
    running = result.running_points()
    rows = []
    for number, (hand, scored, after) in enumerate(
        zip(night.hands, result.hands, running, strict=True), start=1
    ):
        cells = tuple((signed(scored.points[p]) if p in scored.active else "—", str(after[p]))
                      for p in night.players)  # fmt: skip
        rows.append((_hand_cells(number, hand, scored), cells))
    figures = _figures(night, result)
    schafkopf = night.rules.game == "schafkopf"
    return NightReport(
        title=_night_title(info, night_id),
        filing=_filing(info),
        rules=rules_summary(night.rules),
        players=night.players,
        header=SCHAFKOPF_HAND_HEADER if schafkopf else HAND_HEADER,
        rows=tuple(rows),
        total_points=tuple(signed(result.total_points[p]) for p in night.players),
        total_money=tuple(dollars(result.total_cents[p]) for p in night.players),
        settlement=tuple(f"{p.payer} pays {p.payee} {dollars(p.cents)}" for p in result.settlement),
        figures_header=SCHAFKOPF_FIGURES_HEADER if schafkopf else FIGURES_HEADER,
        figures=tuple(figures),
        running=tuple(_line(p, [0, *(r[p] for r in running)]) for p in night.players),
    )


def _line(name: str, values: Sequence[int]) -> Series:
    """A chart line through VALUES at x = 0, 1, 2, ..."""
    return (name, tuple((float(x), float(y)) for x, y in enumerate(values)))


def _night_title(info: NightInfo, night_id: int | None) -> str:
    parts = [info.title or (f"Night {night_id}" if night_id else "A night of Sheepshead")]
    if info.date:
        parts.append(info.date)
    return " — ".join(parts)


def _filing(info: NightInfo) -> tuple[tuple[str, str], ...]:
    pairs = (("League", info.league), ("Season", info.season), ("Date", info.date),
             ("Table", info.table))  # fmt: skip
    return tuple((label, value) for label, value in pairs if value)


# -- the league ----------------------------------------------------------------------


@dataclass(frozen=True)
class NightListing:
    """One night in the league report's table of nights."""

    date: str
    table: str
    players: str
    hands: str


@dataclass(frozen=True)
class LeagueReport:
    """The league report: standings, how they are ranked, a chart, the nights."""

    title: str
    period: str
    header: tuple[str, ...]
    qualified: tuple[tuple[str, ...], ...]
    not_qualified: tuple[tuple[str, ...], ...]
    rules: tuple[str, ...]
    leaders: tuple[Series, ...]  # cumulative points night by night
    nights: tuple[NightListing, ...]


STANDINGS_HEADER = ("#", "Player", "Nights", "Hands", "Points", "Money", "Pts/hand", "Picks",
                    "Picks won", "Schneiders", "Leasters won")  # fmt: skip


def _standing_cells(row: Standing) -> tuple[str, ...]:
    return (str(row.rank) if row.rank else "—", row.player, str(row.nights), str(row.hands),
            signed(row.points), dollars(row.cents), decimal(row.points_per_hand),
            str(row.picks), percent(row.picker_win_rate), str(row.schneiders_won),
            str(row.leasters_won))  # fmt: skip


def league_report(
    info: LeagueInfo,
    standings: Standings,
    lines: Sequence[NightLine],
    *,
    season: str | None,
    nights: Sequence[NightListing],
    leaders: int = 6,
) -> LeagueReport:
    """The league report from its standings, the night lines they were ranked from, and
    its nights."""
    dates = {line.night_id: line.date or "" for line in lines}
    order = sorted(dates, key=lambda n: (dates[n], n))
    top = [row.player for row in standings.everyone[:leaders]]
    return LeagueReport(
        title=info.name,
        period=f"Season {season}" if season else "All seasons",
        header=STANDINGS_HEADER,
        qualified=tuple(_standing_cells(r) for r in standings.qualified),
        not_qualified=tuple(_standing_cells(r) for r in standings.not_qualified),
        rules=tuple(standings.options.describe()),
        leaders=_cumulative(lines, order, top),
        nights=tuple(nights),
    )


def _cumulative(lines: Sequence[NightLine], order: list[int], players: list[str]
                ) -> tuple[Series, ...]:  # fmt: skip
    """Each leading player's points after each night of the league (flat on nights they
    did not play)."""
    points = {(line.night_id, line.player): line.points for line in lines}
    series = []
    for player in players:
        total, path = 0, [(0.0, 0.0)]
        for index, night in enumerate(order, start=1):
            total += points.get((night, player), 0)
            path.append((float(index), float(total)))
        series.append((player, tuple(path)))
    return tuple(series)


# -- statements and the pad ----------------------------------------------------------


@dataclass(frozen=True)
class Statement:
    """One player's page: their nights, totals, and what they owe or are owed."""

    player: str
    league: str
    period: str
    nights: tuple[tuple[str, str, str, str], ...]  # date, table, points, money
    total_points: str
    total_money: str
    paid: tuple[str, ...]  # payments made and received
    balance_words: str  # "Ann owes $0.80."
    owed: tuple[str, ...]  # the payments that would square this player up


@dataclass(frozen=True)
class PadReport:
    """A blank score pad for a table of players."""

    players: tuple[str, ...]
    rows: int = 23  # what fits one page, with the total
    header: tuple[str, ...] = field(default=HAND_HEADER)
