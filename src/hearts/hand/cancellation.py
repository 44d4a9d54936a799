"""Cancellation Hearts' tricks: two packs, and two identical cards in one trick cancel.

Neither of two identical cards can win the trick they are played to (they still count): the
highest card of the suit led whose twin is not in the trick takes it. If every card of the suit
led is cancelled, nobody wins: the trick goes with the next trick (the hand's carried cards)
and its leader leads again. The last such trick goes to its leader, or, with
``Cancellation(unwon_last_trick="second-of-pair")``, to the seat that played the second of its two highest
cards.

>>> from hearts import variants
>>> Cancellation.applies(variants.get("cancellation")), Cancellation.applies(variants.get("modern"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from hearts.cards import Card
from hearts.hand.core import HandCore
from hearts.hand.mechanic import Mechanic
from hearts.rules import LastTrick, Rules

__all__ = ["Cancellation"]


class Cancellation(Mechanic):
    """Who takes a trick when identical cards cancel (it keeps no state of its own)."""

    __slots__ = ("second_of_pair",)

    hooks: ClassVar = frozenset({"winner_at"})

    def __init__(self, hand: HandCore) -> None:
        options = hand.rules.cancellation
        assert options is not None  # (built only for two packs)
        self.second_of_pair = options.unwon_last_trick is LastTrick.SECOND_OF_PAIR

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.packs > 1

    def winner_at(self, hand: HandCore, cards: Sequence[Card], last: bool) -> int:
        """The position in ``cards`` of the card that takes the trick; -1 when it is carried."""
        mask = 0
        for card in cards:
            mask |= 1 << card
        suit = hand._fixed.win_masks[cards[0] >> 4 & 3]
        best = best_at = -1
        for i, card in enumerate(cards):
            # card ^ 64 is its twin of the other pack: both in the trick, neither can win.
            if suit >> card & 1 and not mask >> (card ^ 64) & 1 and card & 63 > best:
                best, best_at = card & 63, i
        if best_at >= 0 or not last:
            return best_at
        if self.second_of_pair:
            # A last trick nobody wins, to the second of its two highest cards (Grace).
            top = max(card & 63 for card in cards if suit >> card & 1)
            return max(i for i, card in enumerate(cards) if card & 63 == top)
        return 0  # a last trick that nobody wins goes to its leader
