"""The page's deliberate pauses, as the turn timer counts them.

The page shows a table's states one after another at a pace a person can follow (its
``static/pace.js``): another seat's card (or bid) a moment after the one before, a finished trick
held and then gathered toward its winner, the deal dealt. A person's time for a move should not
run while the page is still showing what came before it, so the table adds to a turn's time
the pauses the page makes before that turn at its slowest speed (:data:`SLOW`, the page's own
numbers), counted over the events since the person's last move, and never more than
:data:`MOST` seconds. Nothing a client sends can lengthen it: the server counts it from the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts.events import (
    BidMade,
    CardPlayed,
    Dealt,
    Discarded,
    Event,
    MoonChosen,
    Passed,
    SuitNamed,
    TrickCarried,
    TrickWon,
)

SLOW: Final[dict[str, float]] = {"card": 0.8, "hold": 1.8, "gather": 0.4, "deal": 1.4}
"""Seconds of the page's slowest pauses (``SPEEDS.slow`` in static/pace.js): before another
seat's card or bid, a finished trick held, its gathering, the deal."""
MOST: Final[float] = 10.0
"""The most seconds added to a turn's time for the page's pauses."""
_MOVES: Final = (CardPlayed, Passed, BidMade, SuitNamed, Discarded, MoonChosen)
"""Events that are a seat's own move (``seat`` the mover; a revoke is a card played)."""


def pauses_before(events: Sequence[Event], seat: int) -> float:
    """Seconds the page pauses, at its slowest, between ``seat``'s last move in ``events`` (a
    game's log) and the end of the log, at most :data:`MOST`: another seat's card or bid, a
    trick's hold and gathering, a deal.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("classic"), seed=3)
    >>> pauses_before(game.events, 0)  # (the deal)
    1.4
    >>> while game.to_act != 0:  # (three others lead and follow)
    ...     _ = game.play(game.legal_moves()[0])
    >>> pauses_before(game.events, 0)  # (the deal and three cards)
    3.8
    >>> _ = game.play(game.legal_moves()[0])  # (0 ends the trick: its hold; 1 saw three cards)
    >>> pauses_before(game.events, 0), pauses_before(game.events, 1)
    (2.2, 4.6)
    """
    total = 0.0
    for event in reversed(events):
        if isinstance(event, _MOVES) and getattr(event, "seat", None) == seat:
            break
        if isinstance(event, CardPlayed | BidMade | SuitNamed):
            total += SLOW["card"]
        elif isinstance(event, TrickWon | TrickCarried):
            total += SLOW["hold"] + SLOW["gather"]
        elif isinstance(event, Dealt):
            total += SLOW["deal"]
        if total >= MOST:
            return MOST
    return round(total, 6)
