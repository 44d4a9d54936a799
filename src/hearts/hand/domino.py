"""Domino Hearts: draws to follow suit, and seats that run out of cards drop out.

Six cards each are dealt from the whole pack; the rest is a face-down stock. A seat that cannot
follow suit draws from the stock, one card at a time, until it can (once the stock is out, it
may play anything). When a trick closes, the seats out of cards drop out and the lead passes
from a winner with no cards to the next seat still in. When one seat (or none) is left holding
cards, it keeps them and the rest of the stock, and play is over; if every seat ran out
together, the stock goes to the winner of the last trick (our reading: the sources are silent).

>>> from hearts import Game, variants
>>> deal = Game(variants.get("domino"), seed=1).deal
>>> len(deal.hand(0)), len(deal.stock)
(6, 28)
"""

from __future__ import annotations

from typing import Any, ClassVar

from hearts.cards import SUIT_MASKS, Card, CardSet, mask_of
from hearts.events import CardsKept, Event, StockDrawn
from hearts.hand.core import STATE, HandCore
from hearts.hand.mechanic import Mechanic
from hearts.rules import Rules

__all__ = ["Domino"]


class Domino(Mechanic):
    """Plays every card itself: the seats in a trick change as they run out of cards."""

    __slots__ = ("in_play",)

    hooks: ClassVar = frozenset({"play_card"})

    def __init__(self, hand: HandCore) -> None:
        self.in_play = len(hand._fixed.active)  # the seats still holding cards
        hand._fixed.closing = 0  # every card takes this mechanic's way

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.domino

    def copy(self) -> Domino:
        other = object.__new__(Domino)
        other.in_play = self.in_play
        return other

    def save(self) -> Any:
        return self.in_play

    def load(self, state: Any) -> None:
        self.in_play = state

    def play_card(self, hand: HandCore, seat: int, card: Card) -> Event:
        """Play a card; draw for the next seat; close the trick and drop seats out."""
        hand._stack.append((STATE, hand.snapshot()))
        event = hand.put_card(seat, card)
        trick = hand._trick
        if len(trick) < self.in_play:
            hand._to_act = hand._next[seat]
            self._draw_to_follow(hand, hand._to_act)
            return event
        leader = hand._leader
        cards = tuple(trick)
        mask = mask_of(cards)
        winner = hand.seat_at(leader, hand.winner_at(cards, mask))
        hand.take(winner, leader, cards, mask, hand.card_value_sum(mask))
        hand._trick = []
        holding = [s for s in hand._fixed.active if hand._hands[s]]
        if len(holding) <= 1:
            keeper = holding[0] if holding else winner
            kept = hand._hands[keeper] | mask_of(hand._fixed.stock[hand._stock_pos :])
            kept_points = hand.card_value_sum(kept)
            hand._hands[keeper] = 0
            hand._stock_pos = len(hand._fixed.stock)
            hand._taken[keeper] |= kept
            hand._points[keeper] += kept_points
            hand._events.append(CardsKept(keeper, CardSet(kept), kept_points))
            hand._leader = hand._to_act = keeper
            hand.end_of_play()
            return event
        if len(holding) < self.in_play:
            self.in_play = len(holding)
            players = hand._fixed.players
            following = []
            for s in range(players):
                after = (s + 1) % players
                while not hand._hands[after]:
                    after = (after + 1) % players
                following.append(after)
            hand._next = tuple(following)
        hand._leader = hand._to_act = winner if hand._hands[winner] else hand._next[winner]
        return event

    def _draw_to_follow(self, hand: HandCore, seat: int) -> None:
        """``seat`` draws the top card of the stock until it holds a card of the suit led, or
        the stock is out."""
        follow = SUIT_MASKS[hand._trick[0] >> 4 & 3]
        stock = hand._fixed.stock
        while not hand._hands[seat] & follow and hand._stock_pos < len(stock):
            drawn = stock[hand._stock_pos]
            hand._stock_pos += 1
            hand._hands[seat] |= 1 << drawn
            hand._events.append(StockDrawn(seat=seat, card=drawn))
