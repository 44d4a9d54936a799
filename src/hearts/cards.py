"""Cards, suits, ranks and sets of cards.

A card is a small int (``Card`` subclasses :class:`int`) so that the engine can keep sets of cards
as bitmasks; :class:`CardSet` wraps such a mask at the API's edge. The numbering is::

    id = copy * 64 + suit * 16 + rank_index        rank_index 0 (deuce) .. 12 (ace)

Each suit owns sixteen bits, so "the cards of a suit" is one mask and the rank order inside a suit
is the bit order. The joker of Joker Hearts takes the slot just above the ace of hearts (it ranks
as the highest heart and follows hearts). The second pack of Cancellation Hearts has
``copy == 1`` and ids 64 and up, so two identical cards are distinct members of one set.

>>> Card.parse("Q♠"), Card.parse("qs"), Card.parse("10h")
(Card.parse('QS'), Card.parse('QS'), Card.parse('TH'))
>>> QUEEN_OF_SPADES.suit, QUEEN_OF_SPADES.rank
(<Suit.SPADES: 2>, <Rank.QUEEN: 12>)
>>> hand = CardSet.parse("2C 5C AH QS")
>>> str(hand), len(hand), QUEEN_OF_SPADES in hand
('2C 5C QS AH', 4, True)
>>> str(hand.of_suit(Suit.CLUBS))
'2C 5C'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeAlias

from hearts.errors import InvalidCard

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "CardLike",
    "FULL_PACK",
    "SUIT_MASKS",
    "HEARTS_MASK",
    "QUEEN_OF_SPADES",
    "JACK_OF_SPADES",
    "JACK_OF_DIAMONDS",
    "TWO_OF_CLUBS",
    "JOKER",
    "cards_of",
    "mask_of",
]


class Suit(enum.IntEnum):
    """The four suits, in the order a hand is sorted (black and red alternate)."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        """One-letter code: ``C``, ``D``, ``S``, ``H``."""
        return "CDSH"[self]

    @property
    def symbol(self) -> str:
        """The suit's sign: ♣ ♦ ♠ ♥."""
        return "♣♦♠♥"[self]

    @property
    def singular(self) -> str:
        """The suit's name for one card of it, as in "you hold a club"."""
        return ("club", "diamond", "spade", "heart")[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter, sign or name.

        >>> Suit.parse("h"), Suit.parse("♠"), Suit.parse("clubs")
        (<Suit.HEARTS: 3>, <Suit.SPADES: 2>, <Suit.CLUBS: 0>)
        """
        if not isinstance(text, str):
            raise InvalidCard(f"{text!r} is not a suit: use C, D, S or H (or ♣ ♦ ♠ ♥)")
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.letter.lower(), suit.symbol, suit.name.lower(), suit.singular):
                return suit
        raise InvalidCard(f"{text!r} is not a suit: use C, D, S or H (or ♣ ♦ ♠ ♥)")


class Rank(enum.IntEnum):
    """Ranks in play order, deuce low and ace high; the joker ranks above the ace."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        """One-character code: ``2``–``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` (``*`` for the joker)."""
        return "23456789TJQKA*"[self - 2]

    @property
    def cut_value(self) -> int:
        """Value when cutting for deal, where the ace is low (law 2): ace 1, deuce 2, ..., king 13."""
        return 1 if self is Rank.ACE else int(self)


_RANK_LETTERS: Final = {
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}
_SUIT_LETTERS: Final = {
    "C": 0,
    "D": 1,
    "S": 2,
    "H": 3,
    "♣": 0,
    "♦": 1,
    "♠": 2,
    "♥": 3,
    "♧": 0,
    "♢": 1,
    "♤": 2,
    "♡": 3,
}
_MAX_ID: Final = 128


_RANK_WORDS: Final = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
"""Each rank in words (:attr:`Card.name`)."""


class Card(int):
    """One card, as an int id (see the module docstring for the numbering).

    ``Card`` values are shared: ``Card(50) is Card(50)``. Build them with :meth:`of` or
    :meth:`parse`; the constructor also accepts a card's id.

    >>> Card.of(Rank.QUEEN, Suit.SPADES)
    Card.parse('QS')
    >>> str(Card.parse("10♥")), Card.parse("10♥").symbol
    ('TH', '10♥')
    >>> int(Card.parse("2C")), int(JOKER), str(JOKER)
    (0, 61, 'JK')
    """

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        try:
            card = _CARDS[value]
        except NameError:  # while the table itself is being built
            return super().__new__(cls, value)
        except (IndexError, TypeError):
            raise InvalidCard(f"{value!r} is not a card number") from None
        if type(value) is not int or value < 0 or card not in _VALID:
            if isinstance(value, Card):
                return value
            raise InvalidCard(f"{value!r} is not a card number")
        return card

    @classmethod
    def of(cls, rank: int, suit: int, copy: int = 0) -> Card:
        """The card of a rank and suit (``copy`` 1 is the second pack's)."""
        if not 2 <= rank <= 14 or not 0 <= suit <= 3 or copy not in (0, 1):
            raise InvalidCard(f"no card has rank {rank!r}, suit {suit!r}, copy {copy!r}")
        return _CARDS[copy * 64 + suit * 16 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its name: ``"QS"``, ``"Q♠"``, ``"qs"``, ``"10h"``, ``"TH"``, ``"JK"``.

        A trailing ``'`` marks the second pack's copy (Cancellation Hearts): ``"QS'"``.

        >>> Card.parse(" 10♦ ") == Card.of(Rank.TEN, Suit.DIAMONDS)
        True
        >>> Card.parse("1Z")
        Traceback (most recent call last):
        ...
        hearts.errors.InvalidCard: '1Z' is not a card: write rank then suit, as QS, 10H or Q♠
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCard(f"{text!r} is not a card: write rank then suit, as QS, 10H or Q♠")
        key = text.strip().upper()
        copy = 0
        if key.endswith("'"):
            copy, key = 1, key[:-1]
        if key in ("JK", "JOKER", "*"):
            if copy:
                raise InvalidCard(f"{text!r} is not a card: there is one joker")
            return JOKER
        rank = _RANK_LETTERS.get(key[:-1])
        suit = _SUIT_LETTERS.get(key[-1:]) if key else None
        if rank is None or suit is None:
            raise InvalidCard(f"{text!r} is not a card: write rank then suit, as QS, 10H or Q♠")
        return _CARDS[copy * 64 + suit * 16 + rank - 2]

    @classmethod
    def coerce(cls, value: CardLike) -> Card:
        """A card from a :class:`Card`, an id or a name; raises :class:`InvalidCard` otherwise."""
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _MAX_ID:
            card = _CARDS[value]
            if card in _VALID:
                return card
        raise InvalidCard(f"{value!r} is not a card")

    @property
    def suit(self) -> Suit:
        """The card's suit (the joker is a heart)."""
        return _SUITS[(self >> 4) & 3]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANKS[self & 15]

    @property
    def copy(self) -> int:
        """0 for the first pack, 1 for the second (Cancellation Hearts)."""
        return self >> 6

    @property
    def is_joker(self) -> bool:
        """Whether this is the joker."""
        return self & 63 == 61

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self

    @property
    def symbol(self) -> str:
        """The card with its suit sign and a two-digit ten: ``Q♠``, ``10♥``."""
        if self.is_joker:
            return "🃏"
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.symbol + ("'" if self.copy else "")

    @property
    def name(self) -> str:
        """The card in words, the second pack's said so.

        >>> Card.parse("QS").name, Card.parse("TH'").name
        ('queen of spades', 'ten of hearts, second pack')
        """
        if self.is_joker:
            return "joker"
        words = f"{_RANK_WORDS[self.rank]} of {self.suit.name.lower()}"
        return words + (", second pack" if self.copy else "")

    def __str__(self) -> str:
        return _NAMES[self]

    def _spelled(self) -> str:
        """The card's short name, spelled out (:data:`_NAMES` holds every card's)."""
        if self.is_joker:
            return "JK"
        return self.rank.letter + self.suit.letter + ("'" if self.copy else "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


CardLike: TypeAlias = Card | int | str
"""Anything that names a card: a :class:`Card`, its id, or its name."""

_SUITS: Final = tuple(Suit)
_RANKS: Final = tuple(Rank(r + 2) if r + 2 <= 15 else Rank.JOKER for r in range(16))
_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(_MAX_ID))
_NAMES: Final = tuple(card._spelled() for card in _CARDS)
"""Each card's short name by its id (``str(card)``, asked for at every card a face shows)."""
_VALID: Final = frozenset(
    _CARDS[copy * 64 + suit * 16 + r] for copy in (0, 1) for suit in range(4) for r in range(13)
) | {_CARDS[61]}

_ALL_CARDS: Final = sum(1 << card for card in _VALID)
_NOT_CARDS: Final = ~_ALL_CARDS

SUIT_MASKS: Final[tuple[int, int, int, int]] = tuple(  # type: ignore[assignment]
    (0x3FFF << (16 * s)) | (0x3FFF << (64 + 16 * s)) for s in range(4)
)
"""For each suit, the mask of every card of that suit in both packs (and the joker for hearts)."""
HEARTS_MASK: Final = SUIT_MASKS[Suit.HEARTS]
FULL_PACK: Final = sum(1 << (s * 16 + r) for s in range(4) for r in range(13))
"""The mask of the 52 cards of one pack."""

QUEEN_OF_SPADES: Final = Card.of(Rank.QUEEN, Suit.SPADES)
JACK_OF_SPADES: Final = Card.of(Rank.JACK, Suit.SPADES)
JACK_OF_DIAMONDS: Final = Card.of(Rank.JACK, Suit.DIAMONDS)
TWO_OF_CLUBS: Final = Card.of(Rank.TWO, Suit.CLUBS)
JOKER: Final = _CARDS[61]


class _Chunk(dict[int, tuple[Card, ...]]):
    """The cards of each value of one 16-bit field of a mask, built on first use."""

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base

    def __missing__(self, bits: int) -> tuple[Card, ...]:
        cards = tuple(_CARDS[self.base + i] for i in range(16) if bits >> i & 1)
        self[bits] = cards
        return cards


_CHUNKS: Final = tuple(_Chunk(16 * i) for i in range(8))
_C0, _C1, _C2, _C3 = _CHUNKS[:4]
_ONE_PACK: Final = 1 << 64


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in id order (suit order, then rank).

    >>> cards_of(0b101)
    [Card.parse('2C'), Card.parse('4C')]
    """
    if mask < _ONE_PACK:  # one pack: four table look-ups (this is on the engine's hot path)
        return [
            *_C0[mask & 0xFFFF],
            *_C1[mask >> 16 & 0xFFFF],
            *_C2[mask >> 32 & 0xFFFF],
            *_C3[mask >> 48],
        ]
    result: list[Card] = []
    for chunk in _CHUNKS:
        result.extend(chunk[mask & 0xFFFF])
        mask >>= 16
    return result


def mask_of(cards: Iterable[CardLike]) -> int:
    """The bitmask of some cards (names, ids or :class:`Card` values).

    >>> mask_of(["2C", "4C"])
    5
    """
    fast = _MASK_OF_CARDS
    if fast is not None and (type(cards) is list or type(cards) is tuple):
        known = fast(cards)  # (a list or tuple of Card values of one pack, read in C)
        if known is not None:
            return known
    mask = 0
    for card in cards:
        mask |= 1 << (card if type(card) is Card else Card.coerce(card))
    return mask


_MASK_OF_CARDS: Callable[[Sequence[Card]], int | None] | None = None
"""The C accelerator's reading of a list or tuple of cards (None for any other), when
:func:`use_mask_of` has checked it; else :func:`mask_of` reads card by card."""


def use_mask_of(fast: Callable[[Sequence[Card]], int | None] | None) -> bool:
    """Let :func:`mask_of` read a list or tuple of :class:`Card` values with ``fast(cards)``
    (the C accelerator's, which :mod:`hearts.deal` installs; it returns None for what it does not
    read), if it reads a few checked cases as the loop does; None: the loop alone. Returns
    whether it is in use.

    >>> installed = _MASK_OF_CARDS
    >>> use_mask_of(lambda cards: 0)  # (a reading that is wrong is not used)
    False
    >>> use_mask_of(installed) == (installed is not None)
    True
    """
    global _MASK_OF_CARDS
    _MASK_OF_CARDS = None
    if fast is None:
        return False
    pack = cards_of(FULL_PACK)
    cases: list[tuple[Sequence[Any], int | None]] = [
        ([], 0),
        (pack, FULL_PACK),
        (tuple(pack[::-3]), mask_of(pack[::-3])),
        ([pack[5], pack[5], pack[7]], 1 << 5 | 1 << 7),
        ([pack[1], 2], None),  # (an id, not a Card: the loop reads it)
        (cards_of(FULL_PACK << 64)[:3], None),  # (a second pack's cards: the loop reads them)
    ]
    try:
        agrees = all(fast(cards) == mask for cards, mask in cases)
    except Exception:  # (a reading that fails on a case is not used either)
        agrees = False
    _MASK_OF_CARDS = fast if agrees else None
    return agrees


class CardSet:
    """An immutable set of cards, kept as a bitmask.

    >>> a = CardSet.parse("AH KH QS")
    >>> b = CardSet.parse("QS 2C")
    >>> str(a | b), str(a & b), str(a - b)
    ('2C QS KH AH', 'QS', 'KH AH')
    >>> CardSet.parse("AH KH") == CardSet.parse("KH AH")
    True
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[CardLike] | int = 0) -> None:
        if type(cards) is int and cards >= 0 and not cards & _NOT_CARDS:  # the engine's masks
            _set_mask(self, cards)
            return
        if isinstance(cards, Card):
            mask = 1 << cards
        elif isinstance(cards, int):
            if cards < 0 or isinstance(cards, bool) or cards & ~_ALL_CARDS:
                raise InvalidCard(f"{cards!r} is not a card mask")
            mask = cards
        else:
            mask = mask_of(cards)
        _set_mask(self, mask)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas: ``"2C 10H Q♠"``."""
        if not isinstance(text, str):
            raise InvalidCard(f"{text!r} is not card names: write them as '2C 10H Q♠'")
        parts = text.replace(",", " ").split()
        return cls(mask_of(Card.parse(part) for part in parts))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        try:
            return bool(self.mask >> Card.coerce(card) & 1)  # type: ignore[arg-type]
        except (InvalidCard, TypeError):
            return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def of_suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit in this set."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def cards(self) -> list[Card]:
        """The cards as a list, in suit then rank order."""
        return cards_of(self.mask)

    def __str__(self) -> str:
        return " ".join(str(card) for card in cards_of(self.mask))

    def symbols(self) -> str:
        """The cards with suit signs: ``2♣ 10♥ Q♠``."""
        return " ".join(card.symbol for card in cards_of(self.mask))

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return (CardSet, (self.mask,))


_set_mask = CardSet.__dict__["mask"].__set__  # sets the slot past the immutability guard
_new = object.__new__


def _cardset(mask: int) -> CardSet:
    """The :class:`CardSet` of a mask the engine made (a valid one): no check, no ``__init__``
    (a class call with a Python ``__init__`` costs about twice as much, on the engine's hot path).

    >>> _cardset(0b11) == CardSet.parse("2C 3C")
    True
    """
    cards: CardSet = _new(CardSet)
    _set_mask(cards, mask)
    return cards
