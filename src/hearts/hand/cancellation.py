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

Which cards of a trick cancel is the engine's to say (:func:`cancelled_in`): a view carries the
trick on the table's (``SeatView.cancelled``), and the server each trick's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from hearts.cards import Card, CardSet
from hearts.hand.mechanic import Hand, Mechanic
from hearts.rules import LastTrick, Rules

__all__ = ["Cancellation", "cancelled_in"]


def cancelled_in(cards: Iterable[Card]) -> CardSet:
    """The cards of a trick (or of the part of it played so far) that are cancelled: those whose
    twin of the other pack is in it too. Neither card of such a pair can win the trick (they
    still count against its taker). One pack has no twins: nothing is ever cancelled.

    >>> cancelled_in(Card.parse(name) for name in ("QS", "KS", "QS'", "2S"))
    CardSet.parse("QS QS'")
    >>> cancelled_in(Card.parse(name) for name in ("QS", "KS", "AS", "2S"))
    CardSet.parse('')
    """
    mask = 0
    for card in cards:
        mask |= 1 << card
    # card ^ 64 is its twin: a pair is a bit set in both halves of the mask.
    pairs = mask & (mask >> 64) & ((1 << 64) - 1)
    return CardSet(pairs | pairs << 64)


class Cancellation(Mechanic):
    """Who takes a trick when identical cards cancel (it keeps no state of its own)."""

    __slots__ = ("second_of_pair",)

    hooks: ClassVar = frozenset({"winner_at"})

    def __init__(self, hand: Hand) -> None:
        options = hand.rules.cancellation
        assert options is not None  # (built only for two packs)
        self.second_of_pair = options.unwon_last_trick is LastTrick.SECOND_OF_PAIR

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.packs > 1

    def view(self, hand: Hand, seat: int | None) -> dict[str, Any]:
        """The cancelled cards of the trick on the table (public: every card played is)."""
        return {"cancelled": cancelled_in(hand.trick_cards)}

    def winner_at(self, hand: Hand, cards: Sequence[Card], last: bool) -> int:
        """The position in ``cards`` of the card that takes the trick; -1 when it is carried."""
        mask = 0
        for card in cards:
            mask |= 1 << card
        suit = hand.win_masks[cards[0] >> 4 & 3]
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
