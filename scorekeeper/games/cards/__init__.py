"""What the two card games share (`docs/rules/sheepshead.md`, `docs/rules/schafkopf.md`),
a module a job: `rules` (the 32-card deck, the table's seats, `CardRules`: the rule set
both games' rules extend), `hands` (the leaster and the misplay, kinds of hand both
play), `doubling` (a hand's multiplier: doublers, the last hand, the cap), `leaster`
and `misplay` (those kinds of hand as plug-ins of either game: checked, scored, shown;
a misplay's penalties on a hand played to its end), `checks` (the counts of a hand)
and `table` (the sheet's marks and the statistics' roles of a declared hand),
`figures` (what a hand adds to the league's figures).

The deck and the rules are named here too, as the rest of Scorekeeper reads them."""

from __future__ import annotations

from scorekeeper.games.cards.rules import (
    BLIND_CARD_MAX_POINTS,
    CARD_POINTS,
    DECK_CARDS,
    TABLE_SEATS,
    CardRules,
)

__all__ = ["BLIND_CARD_MAX_POINTS", "CARD_POINTS", "DECK_CARDS", "TABLE_SEATS", "CardRules"]
