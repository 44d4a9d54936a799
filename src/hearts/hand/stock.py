"""Two-handed Hearts' stock: after each trick the winner draws its top card, then the other seat.

Thirteen cards each are dealt and the rest of the pack lies face down as the stock, in order (the
Dealt event's stock, top first). Each seat sees its own draws only; the others' are counted.

>>> from hearts import Game, variants
>>> deal = Game(variants.get("two-handed"), seed=1).deal
>>> len(deal.stock), len(deal.hand(0))
(26, 13)
"""

from __future__ import annotations

from typing import ClassVar

from hearts.hand.mechanic import Hand, Mechanic
from hearts.rules import Rules

__all__ = ["Stock"]


class Stock(Mechanic):
    """The draws after each trick (the stock itself is the hand's undealt cards)."""

    __slots__ = ()

    hooks: ClassVar = frozenset({"after_trick"})

    def __init__(self, hand: Hand) -> None:
        pass

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.stock

    def after_trick(self, hand: Hand, winner: int) -> bool:
        """The winner draws the top card of the stock, then the other seat."""
        seat = winner
        for _ in range(2):
            if not hand.draw(seat):
                break  # (the stock is out)
            seat = hand.next_seat(seat)
        return False
