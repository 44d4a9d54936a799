"""Errors raised by the Hearts engine.

Every error a user can cause is a :class:`HeartsError` (a :class:`ValueError`), whose message is a
sentence in the game's own words. The engine checks before it changes anything, so the state of a
deal or a game is exactly as it was after any of these is raised.

>>> try:
...     raise IllegalMove("you must follow suit: you hold a club")
... except HeartsError as error:
...     print(error)
you must follow suit: you hold a club
"""

from __future__ import annotations

__all__ = ["HeartsError", "IllegalMove", "InvalidRules", "InvalidRecord", "InvalidCard"]


class HeartsError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidCard(HeartsError):
    """A card name or card number that does not denote a card (``"1X"``, ``99``)."""


class IllegalMove(HeartsError):
    """A move the rules do not allow now: wrong seat, wrong phase, or against a rule of play."""


class InvalidRules(HeartsError):
    """A :class:`~hearts.rules.Rules` value whose options are out of range or contradict each other."""


class InvalidRecord(HeartsError):
    """A game record (JSON) that is malformed or does not match the game it claims to be."""
