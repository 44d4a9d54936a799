"""A second, plain encoding of a seat's view, written straight from the layout table of
:mod:`hearts.envs.aec`, card by card and field by field: the oracle the environment's fast
:class:`~hearts.envs.aec.Encoder` is checked against (tests/envs/test_aec.py)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hearts.cards import Card, CardSet
from hearts.envs.encoding import CARD_SLOTS, DIRECTIONS, PHASES, layout
from hearts.events import CardPlayed, Discarded
from hearts.observation import SeatView


def _cards_into(out: np.ndarray, start: int, cards: CardSet | Sequence[Card]) -> None:
    for card in cards:
        out[start + int(card)] = 1.0


def reference_encode(view: SeatView, choosing: CardSet = CardSet()) -> np.ndarray:  # noqa: B008
    """The observation vector of one seat, from its view alone (and the cards it has chosen so
    far for a pass or discard): see the module's table for the layout."""
    players = view.players
    fields = layout(players)
    out = np.zeros(fields["cancelled"].stop, dtype=np.float32)
    seat = view.seat

    def rel(other: int) -> int:
        return (other - seat) % players

    _cards_into(out, fields["hand"].start, view.hand)
    played, trick = fields["played"].start, fields["trick"].start
    voids = fields["voids"].start
    # Who played each card, as the log says (a trick does not go round from its leader when
    # the dealer sits out, at seven, or a seat is out of Domino Hearts).
    player = {event.card: event.seat for event in view.events if isinstance(event, CardPlayed)}
    tricks = [trick.cards for trick in view.tricks]
    tricks.append(tuple(card for _, card in view.trick))
    for number, cards in enumerate(tricks):
        current = number == len(tricks) - 1
        if not cards:
            continue
        led = cards[0].suit
        for card in cards:
            who = player[card]
            out[played + rel(who) * CARD_SLOTS + int(card)] = 1.0
            if current:
                out[trick + rel(who) * CARD_SLOTS + int(card)] = 1.0
            if card.suit != led:
                out[voids + rel(who) * 4 + int(led)] = 1.0
    if view.trick:
        out[fields["leader"].start + rel(view.leader)] = 1.0
    if view.passed is not None:
        _cards_into(out, fields["passed"].start, view.passed)
    if view.received is not None:
        _cards_into(out, fields["received"].start, view.received)
    _cards_into(out, fields["choosing"].start, choosing)
    for event in view.events:
        if isinstance(event, Discarded) and event.seat == seat:
            _cards_into(out, fields["discarded"].start, event.cards)
    for name, values in (
        ("penalties", view.penalties),
        ("tricks_won", view.tricks_won),
        ("hand_sizes", view.hand_sizes),
        ("scores", view.scores),
    ):
        start = fields[name].start
        for other, value in enumerate(values):
            out[start + rel(other)] = value
    out[fields["pool"].start] = view.pool
    out[fields["jack"].start] = float(view.jack)
    out[fields["direction"].start + DIRECTIONS.index(view.pass_direction)] = 1.0
    out[fields["phase"].start + PHASES.index(view.phase)] = 1.0
    if view.to_act is not None:
        out[fields["to_act"].start + rel(view.to_act)] = 1.0
    out[fields["hearts_broken"].start] = float(view.hearts_broken)
    auction = view.auction
    if auction is not None:
        for other, bid in enumerate(auction.bids):
            if bid is not None:
                out[fields["bids"].start + rel(other)] = bid
                out[fields["has_bid"].start + rel(other)] = 1.0
        out[fields["high_bid"].start] = auction.high_bid
        if auction.bidder is not None:
            out[fields["bidder"].start + rel(auction.bidder)] = 1.0
        if auction.named_suit is not None:
            out[fields["named_suit"].start + int(auction.named_suit)] = 1.0
    widow = view.widow
    if widow is not None:
        out[fields["widow_size"].start] = widow.size
        if widow.taker is not None:
            out[fields["widow_taker"].start + rel(widow.taker)] = 1.0
    out[fields["stock_size"].start] = view.stock_size
    _cards_into(out, fields["cancelled"].start, view.cancelled)
    return out
