"""Auction Hearts (laws 24, 29, 30): each seat bids once, and the highest bidder names the suit.

After the deal each seat bids once, from the eldest hand to the dealer: a number of counters
above the high bid, or a pass (``Bid(0)``). The highest bidder names the suit to avoid (each card
of it counts one against its taker) and leads the first trick. Nobody bidding, hearts are the
suit and the eldest hand leads. A deal played for a Jack has no bidding: the last successful
bidder names the suit again (his seat is the hand's ``namer``).

>>> from hearts import Deal, variants
>>> deal = Deal.from_hands(variants.get("auction"), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"])
>>> deal.phase.value, deal.to_act, deal.legal_moves()[:3]
('bid', 0, [Bid(0), Bid(1), Bid(2)])
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any, ClassVar

from hearts.cards import SUIT_MASKS, Suit
from hearts.errors import IllegalMove
from hearts.events import BidMade, Event, SuitNamed
from hearts.hand.mechanic import Hand, Mechanic
from hearts.hand.phase import Phase
from hearts.moves import Bid, Move, NameSuit
from hearts.rules import Rules

__all__ = ["Auction", "AuctionView"]

_BID, _NAME, _PLAY = Phase.BID, Phase.NAME, Phase.PLAY


@functools.cache
def _suit_values(pack: int, suit: Suit) -> tuple[int, ...]:
    """The value of each card id when ``suit`` is named (one a card of it)."""
    named = pack & SUIT_MASKS[suit]
    return tuple(named >> card & 1 for card in range(128))


@dataclasses.dataclass(frozen=True, slots=True)
class AuctionView:
    """Auction Hearts, as every seat sees it: the bidding is public (law 30).

    >>> from hearts import Game, variants
    >>> Game(variants.get("auction"), seed=1).view(0).auction
    AuctionView(bids=(None, None, None, None), high_bid=0, bidder=None, named_suit=None)
    """

    bids: tuple[int | None, ...]
    """Each seat's bid so far, in seat order (0 a pass, None not yet bid)."""
    high_bid: int
    """The highest bid so far (0 while nobody has bid, and in a Jack's hand)."""
    bidder: int | None
    """The highest bidder so far, or the seat that names again for a Jack."""
    named_suit: Suit | None
    """The suit to avoid this hand, once named (hearts when nobody bid)."""


class Auction(Mechanic):
    """The bidding and the suit named: each seat's bid, the high bidder, the suit."""

    __slots__ = ("bidder", "bids", "max_bid", "named", "namer")

    phases: ClassVar = (_BID, _NAME)
    moves: ClassVar = (Bid, NameSuit)

    def __init__(self, hand: Hand, namer: int | None = None) -> None:
        assert hand.rules.auction is not None  # (built only for a form with an auction)
        self.max_bid = hand.rules.auction.max_bid
        self.bids = [-1] * hand.rules.players  # each seat's bid (0 a pass; -1 not yet)
        self.bidder = -1  # the highest bidder so far (or the namer of a Jack); -1: none
        self.named: Suit | None = None
        self.namer = namer

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return bool(rules.auction)

    @classmethod
    def absent(cls, move: Move) -> str:
        return "this form has no auction: there is nothing to bid for and no suit to name"

    def begin(self, hand: Hand) -> bool:
        if self.namer is None:
            hand.turn_to(hand.leader, _BID)
        else:
            self.bidder = self.namer
            hand.turn_to(self.namer, _NAME)
        return True

    @property
    def high_bid(self) -> int:
        """The highest bid so far (0 while nobody has bid)."""
        return max(0, *self.bids)

    def legal_moves(self, hand: Hand, seat: int | None) -> Sequence[Move]:
        if seat is not None and hand.seat_number(seat) != hand.acting:
            return []
        if hand.phase is _BID:
            return [Bid(0), *map(Bid, range(self.high_bid + 1, self.max_bid + 1))]
        return [NameSuit(suit) for suit in Suit]

    def verify(self, hand: Hand, move: Move, seat: int | None) -> None:
        to_act = hand.acting
        phase = hand.phase
        if phase is _PLAY:
            if isinstance(move, Bid):
                raise IllegalMove(
                    "the bidding is over, and there is no second bid (law 30)", seat=seat, move=move
                )
            suit = "none" if self.named is None else self.named.name.lower()
            raise IllegalMove(f"the suit to avoid is named already: {suit}", seat=seat, move=move)
        if phase is _BID:
            if seat is not None and hand.seat_number(seat) != to_act:
                if self.bids[seat] >= 0:
                    raise IllegalMove(
                        "{seat} has bid already: there is no second bid (law 30)",
                        seat=seat,
                        move=move,
                    )
                raise IllegalMove(
                    "it is {to_act}'s turn to bid, not {seat}'s: the eldest hand bids "
                    "first and the dealer last (law 30)",
                    seat=seat,
                    move=move,
                    to_act=to_act,
                )
            high = self.high_bid
            if isinstance(move, NameSuit):
                raise IllegalMove(
                    "the bidding is not over: the highest bidder names the suit when all have bid",
                    seat=seat,
                    move=move,
                )
            if not isinstance(move, Bid):
                raise IllegalMove(
                    f"it is time to bid: bid more than {high} counters, or pass",
                    seat=seat,
                    move=move,
                )
            if move.amount and move.amount <= high:
                raise IllegalMove(
                    f"a bid must be higher than the high bid of {high}: bid more, or pass",
                    seat=seat,
                    move=move,
                )
            if move.amount > self.max_bid:
                raise IllegalMove(
                    f"a bid may be at most {self.max_bid} counters (auction.max_bid), "
                    f"not {move.amount}",
                    seat=seat,
                    move=move,
                )
            return
        if seat is not None and hand.seat_number(seat) != to_act:
            raise IllegalMove(
                "{seat} did not win the auction: {to_act} names the suit to avoid",
                seat=seat,
                move=move,
                to_act=to_act,
            )
        if isinstance(move, Bid):
            raise IllegalMove(
                "the bidding is over, and there is no second bid (law 30): {to_act} "
                "names the suit to avoid",
                seat=seat,
                move=move,
                to_act=to_act,
            )
        if not isinstance(move, NameSuit):
            raise IllegalMove(
                "{to_act} names the suit to avoid first: 'name hearts', 'name spades', ...",
                seat=seat,
                move=move,
                to_act=to_act,
            )

    def apply(self, hand: Hand, move: Move, seat: int | None) -> Event:
        # A short record undoes a bid or the naming: the turn, this mechanic's state, the log
        # (and the card values, which are the rules' until a suit is named).
        hand.remember((self, hand.phase, hand.acting, hand.leader, self.save(), hand.event_count))
        seat = hand.acting
        if isinstance(move, NameSuit):
            event = self._name(hand, move.suit, seat)
            self.end(hand)
            return event
        assert isinstance(move, Bid)
        if move.amount:  # checked above the high bid
            self.bidder = seat
        self.bids[seat] = move.amount
        event = hand.log(BidMade(seat=seat, amount=move.amount))
        if any(self.bids[s] < 0 for s in hand.seats):
            hand.turn_to(hand.next_seat(seat))
        elif self.bidder >= 0:
            hand.turn_to(self.bidder, _NAME)
        else:
            # Nobody bid: hearts, and the eldest leads (our reading: the sources are silent).
            self._name(hand, Suit.HEARTS, -1)
            self.end(hand)
        return event

    def end(self, hand: Hand) -> None:
        """The suit is named: the highest bidder leads to the first trick, whatever his seat
        (the eldest hand, when nobody bid)."""
        hand.start_play(self.bidder if self.bidder >= 0 else hand.eldest())

    def undo(self, hand: Hand, record: tuple[Any, ...]) -> None:
        _, phase, to_act, leader, state, events = record
        self.load(state)
        if self.named is None:
            hand.count_as(hand.rules.values, hand.rules.penalty_mask)
        hand.turn_to(to_act, phase, leader=leader)
        hand.unlog(hand.event_count - events)

    def _name(self, hand: Hand, suit: Suit, seat: int) -> Event:
        """This hand's penalties: one unit a card of the named suit."""
        self.named = suit
        hand.count_as(_suit_values(hand.rules.pack, suit), hand.rules.pack & SUIT_MASKS[suit])
        return hand.log(SuitNamed(seat=seat, suit=suit.name.lower()))

    def copy(self) -> Auction:
        other = object.__new__(Auction)
        other.max_bid = self.max_bid
        other.bids = self.bids.copy()
        other.bidder = self.bidder
        other.named = self.named
        other.namer = self.namer
        return other

    def save(self) -> Any:
        return (tuple(self.bids), self.bidder, self.named)

    def load(self, state: Any) -> None:
        bids, self.bidder, self.named = state
        self.bids = list(bids)

    def view(self, hand: Hand, seat: int | None) -> dict[str, Any]:
        return {
            "auction": AuctionView(
                bids=tuple(None if bid < 0 else bid for bid in self.bids),
                high_bid=self.high_bid,
                bidder=None if self.bidder < 0 else self.bidder,
                named_suit=self.named,
            )
        }
