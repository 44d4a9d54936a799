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
from hearts.events import CardsKept, Event
from hearts.hand.mechanic import Hand, Mechanic
from hearts.rules import Rules

__all__ = ["Domino"]


class Domino(Mechanic):
    """Plays every card itself: the seats in a trick change as they run out of cards."""

    __slots__ = ("in_play",)

    hooks: ClassVar = frozenset({"play_card"})

    def __init__(self, hand: Hand) -> None:
        self.in_play = len(hand.seats)  # the seats still holding cards

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

    def play_card(self, hand: Hand, seat: int, card: Card) -> Event:
        """Play a card; draw for the next seat; close the trick and drop seats out."""
        hand.remember_all()
        event = hand.put_card(seat, card)
        cards = hand.trick_cards
        if len(cards) < self.in_play:
            following = hand.next_seat(seat)
            hand.turn_to(following)
            # The next seat draws until it can follow suit, or the stock is out.
            hand.draw(following, until=SUIT_MASKS[cards[0] >> 4 & 3])
            return event
        leader = hand.leader
        mask = mask_of(cards)
        winner = hand.seat_at(leader, hand.winner_at(cards, mask))
        hand.take(winner, leader, cards, mask, hand.card_value_sum(mask))
        hand.quit_trick()
        holding = [s for s in hand.seats if hand.held(s)]
        if len(holding) <= 1:
            self.end_with(hand, holding[0] if holding else winner)
            return event
        if len(holding) < self.in_play:
            self.in_play = len(holding)
            players = hand.rules.players
            following_seats = []
            for s in range(players):
                after = (s + 1) % players
                while not hand.held(after):
                    after = (after + 1) % players
                following_seats.append(after)
            hand.reseat(tuple(following_seats))
        leads = winner if hand.held(winner) else hand.next_seat(winner)
        hand.turn_to(leads, leader=leads)
        return event

    def end_with(self, hand: Hand, keeper: int) -> None:
        """One seat (or none) holds cards: ``keeper`` keeps them and the rest of the stock, and
        play is over."""
        held = hand.held(keeper)
        kept = held | hand.take_stock()
        kept_points = hand.card_value_sum(kept)
        hand.remove_cards(keeper, held)
        hand.score(keeper, kept, kept_points)
        hand.log(CardsKept(keeper, CardSet(kept), kept_points))
        hand.turn_to(keeper, leader=keeper)
        hand.end_of_play()
