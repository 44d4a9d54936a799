"""The phases of a hand: where a deal stands, and so which mechanic answers for its moves.

Its own module so that the hand's core and the mechanics' interface
(:mod:`hearts.hand.mechanic`) both name the phases without importing each other.

>>> Phase.PASS.value, Phase("moon") is Phase.MOON
('pass', True)
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """Where a deal stands."""

    # Hashed by identity (each phase is one object, and equal only to itself): a hand looks
    # phases up in a dict at every pass and in a set at its end, and Enum's own hash (of the
    # name) is a Python call each time.
    __hash__ = object.__hash__

    BID = "bid"
    """Auction Hearts: each seat bids once, from the eldest hand to the dealer (law 30)."""
    NAME = "name"
    """Auction Hearts: the highest bidder names the suit to avoid."""
    PASS = "pass"
    """Seats choose the cards they pass."""
    PLAY = "play"
    """Tricks are played."""
    DISCARD = "discard"
    """Heartsette: the winner of the first trick, the widow in his hand, discards as many cards."""
    MOON = "moon"
    """The shooter chooses how the moon is scored (``settlement=Points(moon="choice")``)."""
    GATHER = "gather"
    """The laws option: the last trick is taken; each seat in turn lets the cards be gathered
    for the next deal (``Gather``), and until all have, any seat may claim a revoke (laws
    25–26)."""
    OVER = "over"
    """Every card has been played; the hand is ready to settle."""
