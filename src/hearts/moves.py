"""Moves: the values a seat plays to a deal.

A move is a :class:`~hearts.cards.Card` to play, a :class:`Pass` of the cards to pass, or a
:class:`MoonChoice` when the shooter chooses how the moon is scored. :func:`parse_move` reads the
short text forms that the command line and records use.

>>> parse_move("qs"), parse_move("pass 2c 3c 4c"), parse_move("moon new")
(Card.parse('QS'), Pass(CardSet.parse('2C 3C 4C')), <MoonChoice.NEW: 'new'>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TypeAlias

from hearts.cards import Card, CardLike, CardSet
from hearts.errors import HeartsError, IllegalMove

__all__ = ["Pass", "MoonChoice", "Move", "parse_move", "move_text"]


class Pass:
    """The cards a seat passes after the deal.

    >>> Pass(["2C", "3C", "QS"]).cards
    CardSet.parse('2C 3C QS')
    >>> Pass("2C 3C QS") == Pass(CardSet.parse("QS 3C 2C"))
    True
    """

    __slots__ = ("cards",)
    cards: CardSet

    def __init__(self, cards: CardSet | Iterable[CardLike] | str) -> None:
        if type(cards) is not CardSet:
            if isinstance(cards, str):
                cards = CardSet.parse(cards)
            elif isinstance(cards, CardSet):
                pass
            elif isinstance(cards, int) or not isinstance(cards, Iterable):
                raise IllegalMove(f"a pass is cards, not {cards!r}")
            else:
                cards = CardSet(cards)
        _set_cards(self, cards)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Pass is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass) and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(("Pass", self.cards.mask))

    def __repr__(self) -> str:
        return f"Pass({self.cards!r})"

    def __str__(self) -> str:
        return f"pass {self.cards}"


_set_cards = Pass.__dict__["cards"].__set__  # sets the slot past the immutability guard


class MoonChoice(enum.Enum):
    """How a shooter scores the moon under ``moon=choice``: old (others +26) or new (−26)."""

    OLD = "old"
    NEW = "new"

    def __str__(self) -> str:
        return f"moon {self.value}"


Move: TypeAlias = Card | Pass | MoonChoice
"""Any move a seat may make."""


def parse_move(text: str) -> Move:
    """Read a move from text: a card name, ``pass`` and cards, or ``moon old``/``moon new``.

    >>> parse_move("pass 2c")
    Pass(CardSet.parse('2C'))
    >>> parse_move("hello")
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMove: 'hello' is not a move: name a card (QS), 'pass' and cards, or 'moon old'/'moon new'
    """
    if not isinstance(text, str):
        raise IllegalMove(
            f"{text!r} is not a move: name a card (QS), 'pass' and cards, or 'moon old'"
        )
    words = text.strip().split()
    try:
        if words and words[0].lower() == "pass":
            return Pass(CardSet.parse(" ".join(words[1:])))
        if len(words) == 2 and words[0].lower() == "moon":
            return MoonChoice(words[1].lower())
        if len(words) == 1:
            return Card.parse(words[0])
    except (HeartsError, ValueError):
        pass
    raise IllegalMove(
        f"{text!r} is not a move: name a card (QS), 'pass' and cards, or 'moon old'/'moon new'"
    )


def move_text(move: Move) -> str:
    """The text form of a move, which :func:`parse_move` reads back.

    >>> move_text(Card.parse("QS")), move_text(Pass("2C 3C 4C"))
    ('QS', 'pass 2C 3C 4C')
    """
    return str(move)
