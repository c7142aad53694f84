"""How a card game's hands show themselves at the table, whatever their kind: the
sheet's letters (the declarer, a partner, a leaster's winners, a misplayer, the
dealer), the declarer's side in the statistics' roles, and the words for the rest of
the players in a sentence."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.games.base import Words, shared_letter
from scorekeeper.i18n import N_
from scorekeeper.records import Hand

EVERYONE_ELSE = N_("everyone else")  # the rest of the players, each the same amount


def table_marks(
    words: Words,
    hand: Hand,
    *,
    declarer: str | None = None,
    partners: Iterable[str] = (),
    winners: Iterable[str] = (),
    second: str | None = None,
) -> dict[str, str]:
    """The sheet's letters for each player who has one: the declarer, a partner, a
    leaster's winner and its SECOND winner, a misplayer, the dealer (in that order)."""
    marks: dict[str, str] = {}

    def add(player: str, letter: str) -> None:
        marks[player] = marks.get(player, "") + letter

    if declarer is not None:
        add(declarer, words.declarer_mark)
    for player in partners:
        add(player, words.partner_mark)
    for player in winners:
        add(player, shared_letter(words, "leaster"))
    if second is not None:
        add(second, shared_letter(words, "leaster") + "2")  # the second: L2
    for player in dict.fromkeys(hand.misplays):
        add(player, shared_letter(words, "misplay"))
    if hand.dealer is not None:
        add(hand.dealer, shared_letter(words, "dealer"))
    return marks


def declarer_roles(declarer: str, partners: Iterable[str], active: Sequence[str]) -> dict[str, str]:
    """The declarer ("picker"), partners and defenders of a hand, for statistics."""
    side = set(partners)
    return {
        p: "picker" if p == declarer else "partner" if p in side else "defender" for p in active
    }
