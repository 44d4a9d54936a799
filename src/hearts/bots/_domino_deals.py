"""Domino Hearts' deals imagined for one seat: the hands dealt and the stock, in order.

In Domino Hearts (docs/rules.md §5.6) a seat that cannot follow draws from the stock in sight of
all, one card at a time, until it can; only the drawer sees the cards. A seat's view therefore
holds, for every other seat, when it drew and how many cards, and what it played. Read in
order, that fixes a *place* for each card another seat has held (one of the six dealt to it, or
its n-th draw) and what each place may be:

- a card drawn before the last of a turn's draws is not of the suit led (it drew again); the
  last is the card then played when it follows, or not of the suit led when the stock ran out;
  the cards a seat held when it began to draw are not of that suit either;
- a seat that did not follow without drawing (the stock was out) held none of the suit led;
- a heart led before hearts were broken, where that is a rule, means the leader held only hearts;
- a card played comes from one of the seat's places that may hold it (chosen at random).

The cards nobody has seen then fill the places still open (the most constrained first, each a
card at random among those it may hold) and the rest of the stock, shuffled. The hand is played
again from the imagined deal by the engine, which draws for every seat itself: a deal in which a
recorded move would be illegal, or the draws would not come as the view shows them, is thrown
away and another drawn.

Like the rest of the sampler, every deal consistent with the view can be drawn, but not each
exactly as often as another: the choices above are uniform where they are made, not weighted by
how many whole deals follow from each.
"""

from __future__ import annotations

import random

from hearts.bots._imagined import _TRIES, _replay, _seats
from hearts.cards import SUIT_MASKS, Card, Suit, cards_of
from hearts.deal import Deal
from hearts.errors import InvalidArgument
from hearts.events import CardPlayed, Dealt, StockDrawn, TrickCarried, TrickWon
from hearts.moves import Move
from hearts.observation import SeatView

__all__ = ["DominoDeals"]

_HEARTS = SUIT_MASKS[Suit.HEARTS]
_ALL = (1 << 128) - 1
"""Every card of one or two packs, as a mask."""


class _Place:
    """Where another seat's card was: dealt to it or drawn by it. ``barred`` is the mask of the
    cards it cannot be; ``card`` the card once it is known (played)."""

    __slots__ = ("barred", "card")

    def __init__(self, barred: int = 0) -> None:
        self.barred = barred
        self.card: int | None = None

    def admits(self, card: int) -> bool:
        return self.card is None and not self.barred >> card & 1


class DominoDeals:
    """Imagined Domino Hearts deals for one view (see the module docstring)."""

    def __init__(self, view: SeatView, moves: list[tuple[int, Move]]) -> None:
        rules = view.rules
        if not rules.domino:
            raise InvalidArgument("these rules are not Domino Hearts'")
        self.view = view
        self.moves = moves
        me = view.seat
        dealt = next(event for event in view.events if isinstance(event, Dealt))
        self.dealt = dealt.hands[me].mask
        self.known = self.dealt
        """Every card this seat has seen: its own, those it drew and every card played."""
        self.draws: list[tuple[int, Card | None]] = []
        """The draws as this seat saw them: (seat, card, or None for another's)."""
        for event in view.events:
            if isinstance(event, StockDrawn):
                self.draws.append((event.seat, event.card))
                if event.card is not None:
                    self.known |= 1 << event.card
            elif isinstance(event, CardPlayed):
                self.known |= 1 << event.card
        self.free = [int(card) for card in cards_of(rules.pack & ~self.known)]
        """The cards this seat has not seen: in other hands or in the stock."""
        self.seats = _seats(view)
        others = sum(view.hand_sizes[seat] for seat in self.seats if seat != me)
        if len(self.free) != others + view.stock_size:
            raise InvalidArgument("the view's hand sizes do not add up to the cards not seen")

    def sample(self, rng: random.Random) -> Deal | None:
        """A deal consistent with the view, in the view's state; None if no attempt fitted."""
        for _ in range(_TRIES):
            deal = self._attempt(rng)
            if deal is not None:
                return deal
        return None

    def _attempt(self, rng: random.Random) -> Deal | None:
        """One try: None if a choice made on the way leaves a card no place (or the replay
        would not draw as the view shows)."""
        view = self.view
        rules = view.rules
        me = view.seat
        held: dict[int, list[_Place]] = {
            seat: [_Place() for _ in range(rules.hand_size)] for seat in self.seats if seat != me
        }
        dealt = {seat: list(places) for seat, places in held.items()}
        stock: list[Card | _Place] = []
        drawing: dict[int, list[_Place]] = {}  # a seat's draws this turn, before it plays
        led: int | None = None  # the mask of the suit led to the trick on the table
        broken = False
        for event in view.events:
            if isinstance(event, StockDrawn):
                if event.seat == me:
                    assert event.card is not None
                    stock.append(event.card)
                    continue
                assert led is not None  # a seat draws to follow a card led
                if event.seat not in drawing:  # it held none of the suit when it began
                    for place in held[event.seat]:
                        place.barred |= led
                    drawing[event.seat] = []
                place = _Place(led)  # (unless it is the last of the turn: see below)
                held[event.seat].append(place)
                drawing[event.seat].append(place)
                stock.append(place)
            elif isinstance(event, CardPlayed):
                card, seat = int(event.card), event.seat
                suit = SUIT_MASKS[card >> 4 & 3]
                if seat != me:
                    places = held[seat]
                    drew = drawing.pop(seat, None)
                    if led is not None and drew and suit == led:
                        chosen: _Place | None = drew[-1]  # the card that let it follow
                    else:
                        if led is not None and suit != led:
                            for place in places:  # it held none of the suit led
                                place.barred |= led
                        elif (
                            led is None
                            and suit == _HEARTS
                            and not broken
                            and rules.hearts_must_be_broken
                        ):
                            for place in places:  # a heart led unbroken: it held no other
                                place.barred |= _ALL & ~_HEARTS
                        fits = [place for place in places if place.admits(card)]
                        chosen = rng.choice(fits) if fits else None
                    if chosen is None:
                        return None
                    chosen.card = card
                    chosen.barred = 0
                    places.remove(chosen)
                if led is None:
                    led = suit
                broken |= suit == _HEARTS
            elif isinstance(event, TrickWon | TrickCarried):
                led = None
        for drew in drawing.values():  # the seat to play, after its draws
            assert led is not None
            # It drew until it held the suit led, unless the stock ran out first.
            drew[-1].barred = _ALL & ~led if view.stock_size else 0
        # The places still open (the cards held now) and the rest of the stock take the unseen
        # cards, each a card it may be.
        open_places = [place for places in held.values() for place in places]
        rest = [_Place() for _ in range(view.stock_size)]
        if not _fill(open_places + rest, self.free, rng):
            return None  # (a card played was given a place another card needed)
        order = [entry if isinstance(entry, Card) else _card(entry) for entry in stock]
        order += [_card(place) for place in rest]
        hands = [0] * rules.players
        hands[me] = self.dealt
        for seat, places in dealt.items():
            for place in places:
                hands[seat] |= 1 << _card(place)
        deal = _replay(view, hands, order, self.moves, None)
        if deal is None:
            return None
        draws = [
            (event.seat, event.card if event.seat == me else None)
            for event in deal.events
            if isinstance(event, StockDrawn)
        ]
        return deal if draws == self.draws else None


def _fill(places: list[_Place], cards: list[int], rng: random.Random) -> bool:
    """Give each place one of ``cards`` (as many) that it may be, at random: each place in turn,
    the most constrained first, takes a card at random among those left that it admits, and a
    place left without is matched by taking a card from another place that can take another
    (an augmenting path), so that the cards are placed whenever they can be. False if they
    cannot."""
    order = list(cards)
    rng.shuffle(order)
    admitted = [[card for card in order if not place.barred >> card & 1] for place in places]
    owner: dict[int, int] = {}  # card -> the place holding it
    held: list[int | None] = [None] * len(places)
    for index in sorted(range(len(places)), key=lambda i: len(admitted[i])):
        card = next((card for card in admitted[index] if card not in owner), None)
        if card is not None:
            owner[card] = index
            held[index] = card

    def augment(index: int, tried: set[int]) -> bool:
        for card in admitted[index]:
            if card in tried:
                continue
            tried.add(card)
            other = owner.get(card)
            if other is None or augment(other, tried):
                owner[card] = index
                held[index] = card
                return True
        return False

    for index in range(len(places)):
        if held[index] is None and not augment(index, set()):
            return False
    for place, card in zip(places, held, strict=True):
        place.card = card
    return True


def _card(place: _Place) -> Card:
    """The card a place was given."""
    assert place.card is not None
    return Card(place.card)
