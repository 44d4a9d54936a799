"""Every way to choose some cards of a hand: the legal passes (and Heartsette's discards).

>>> choices = PassChoices(CardSet.parse("2C 3C 4C 5C"), 3)
>>> len(choices), choices[0], Pass("3C 4C 5C") in choices
(4, Pass(CardSet.parse('2C 3C 4C')), True)
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Iterator, Sequence
from typing import overload

from hearts.cards import CardSet, _cardset, cards_of, mask_of
from hearts.moves import Discard, Pass, _pass

__all__ = ["PassChoices"]

_COMBINATIONS: dict[tuple[int, int], tuple[tuple[int, ...], ...] | None] = {}
_UNKNOWN: tuple[tuple[int, ...], ...] = ((-1,),)
"""Not yet in :data:`_COMBINATIONS` (read inline on the hot path: no call when it is)."""


_BY_SIZE: dict[int, tuple[tuple[int, ...], ...]] = {}
"""The tables of :data:`_COMBINATIONS` listed so far, by ``n << 8 | k`` (one int to hash)."""


def _combinations(n: int, k: int) -> tuple[tuple[int, ...], ...] | None:
    """Every choice of k positions out of n, in lexicographic order, when there are few."""
    try:
        return _COMBINATIONS[n, k]
    except KeyError:
        table = tuple(itertools.combinations(range(n), k)) if math.comb(n, k) <= 4096 else None
        _COMBINATIONS[n, k] = table
        if table is not None and k < 256:
            _BY_SIZE[n << 8 | k] = table
        return table


class PassChoices(Sequence[Pass | Discard]):
    """Every pass a seat may make: all ways to choose ``count`` cards of its hand, built lazily.

    It is a sequence, so ``random.choice`` picks a uniform pass without building all of them.
    Heartsette's discards are chosen the same way (``kind=Discard``).
    """

    __slots__ = ("_cards", "_count", "_kind", "_len")

    def __init__(
        self, hand: CardSet | int, count: int, kind: type[Pass] | type[Discard] = Pass
    ) -> None:
        self._cards = cards_of(hand if type(hand) is int else hand.mask)  # type: ignore[union-attr]
        self._count = count
        self._len = math.comb(len(self._cards), count)
        self._kind = kind

    def __len__(self) -> int:
        return self._len

    @property
    def per_choice(self) -> int:
        """Cards in each choice (3 for the usual pass; a Heartsette discard, the widow's size)."""
        return self._count

    @overload
    def __getitem__(self, index: int) -> Pass | Discard: ...

    @overload
    def __getitem__(self, index: slice) -> list[Pass | Discard]: ...

    def __getitem__(self, index: int | slice) -> Pass | Discard | list[Pass | Discard]:
        if type(index) is int and 0 <= index < self._len and self._kind is Pass:
            # The common case (random.choice of a pass): the positions listed, one lookup.
            cards = self._cards
            table = _BY_SIZE.get(len(cards) << 8 | self._count)
            if table is not None:
                mask = 0
                for i in table[index]:
                    mask |= 1 << cards[i]
                return _pass(_cardset(mask))
        if type(index) is not int:
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(self._len))]
            index = operator.index(index)
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("pass choice out of range")
        cards = self._cards
        mask = 0
        table = _COMBINATIONS.get((len(cards), self._count), _UNKNOWN)
        if table is _UNKNOWN:
            table = _combinations(len(cards), self._count)
        if table is not None:
            for i in table[index]:
                mask |= 1 << cards[i]
            return _pass(_cardset(mask)) if self._kind is Pass else self._kind(_cardset(mask))
        # Too many to list: unrank the index-th combination in lexicographic order.
        comb = math.comb
        n, k, start = len(cards), self._count, 0
        while k:
            for i in range(start, n):
                block = comb(n - i - 1, k - 1)
                if index < block:
                    mask |= 1 << cards[i]
                    start, k = i + 1, k - 1
                    break
                index -= block
        return self._kind(_cardset(mask))

    def __iter__(self) -> Iterator[Pass | Discard]:
        kind = self._kind
        for combo in itertools.combinations(self._cards, self._count):
            yield kind(combo)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, self._kind):
            return False
        mask = move.cards.mask
        return mask.bit_count() == self._count and mask & ~mask_of(self._cards) == 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PassChoices):
            return NotImplemented
        return (
            self._count == other._count
            and self._cards == other._cards
            and self._kind is other._kind
        )

    def __hash__(self) -> int:
        return hash((self._count, tuple(self._cards)))

    def __repr__(self) -> str:
        verb = "pass" if self._kind is Pass else "discard"
        return f"<PassChoices: {self._len} ways to {verb} {self._count}>"
