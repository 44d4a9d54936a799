"""Moves: the values a seat plays to a deal.

A move is a :class:`~hearts.cards.Card` to play, a :class:`Pass` of the cards to pass, a
:class:`MoonChoice` when the shooter chooses how the moon is scored, or in Auction Hearts a
:class:`Bid` and the winner's :class:`NameSuit`. :func:`parse_move` reads the short text forms
that the command line and records use.

>>> parse_move("qs"), parse_move("pass 2c 3c 4c"), parse_move("moon new")
(Card.parse('QS'), Pass(CardSet.parse('2C 3C 4C')), <MoonChoice.NEW: 'new'>)
>>> parse_move("bid 5"), parse_move("bid pass"), parse_move("name spades")
(Bid(5), Bid(0), NameSuit(Suit.SPADES))

Under the laws option (``Rules(laws=True)``) a seat may also revoke, correct a revoke, claim a
revoke, call an exposed card, and let the cards be gathered:

>>> parse_move("revoke 5h"), parse_move("correct"), parse_move("claim 2"), parse_move("call 7c")
(Revoke(Card.parse('5H')), Correct(), Claim(2), Call(Card.parse('7C')))

:func:`coerce_move` turns whatever a caller gives as a move (a move, a card, its name or number,
move text) into a move. A value that is no move at all, or a move value that cannot be made
(``Bid(-1)``), raises :class:`~hearts.errors.InvalidArgument` whatever the position; whether a
move is allowed now is for the deal to say (:class:`~hearts.errors.IllegalMove`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final, TypeAlias

from hearts.cards import Card, CardLike, CardSet, Suit
from hearts.errors import HeartsError, InvalidArgument, InvalidCard

__all__ = [
    "Pass",
    "Discard",
    "MoonChoice",
    "Bid",
    "NameSuit",
    "Revoke",
    "Correct",
    "Claim",
    "Call",
    "Gather",
    "LAWS_MOVES",
    "Move",
    "parse_move",
    "coerce_move",
    "move_text",
]


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
                raise InvalidArgument(f"a pass is cards, not {cards!r}")
            else:
                cards = CardSet(cards)
        _set_cards(self, cards)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Pass is immutable")

    def __reduce__(self) -> tuple[type[Pass], tuple[CardSet]]:
        # (pickled by its cards: a pass goes to a bot in another process)
        return (Pass, (self.cards,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass) and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(("Pass", self.cards.mask))

    def __repr__(self) -> str:
        return f"Pass({self.cards!r})"

    def __str__(self) -> str:
        return f"pass {self.cards}"


_set_cards = Pass.__dict__["cards"].__set__  # sets the slot past the immutability guard
_new = object.__new__


def _pass(cards: CardSet) -> Pass:
    """The :class:`Pass` of a :class:`~hearts.cards.CardSet` the engine made: no checks and no
    ``__init__`` (a random pass is picked by the thousand in a simulation).

    >>> _pass(CardSet.parse("2C 3C 4C")) == Pass("2C 3C 4C")
    True
    """
    move: Pass = _new(Pass)
    _set_cards(move, cards)
    return move


class Discard:
    """Heartsette (docs/rules.md §5.5): the cards the taker of the widow lays face down in its place.

    >>> Discard("2C 3C 4C"), str(Discard("4C 2C 3C"))
    (Discard(CardSet.parse('2C 3C 4C')), 'discard 2C 3C 4C')
    """

    __slots__ = ("cards",)
    cards: CardSet

    def __init__(self, cards: CardSet | Iterable[CardLike] | str) -> None:
        if isinstance(cards, str):
            cards = CardSet.parse(cards)
        elif not isinstance(cards, CardSet):
            if isinstance(cards, int) or not isinstance(cards, Iterable):
                raise InvalidArgument(f"a discard is cards, not {cards!r}")
            cards = CardSet(cards)
        _set_discard_cards(self, cards)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Discard is immutable")

    def __reduce__(self) -> tuple[type[Discard], tuple[CardSet]]:
        return (Discard, (self.cards,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discard) and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(("Discard", self.cards.mask))

    def __repr__(self) -> str:
        return f"Discard({self.cards!r})"

    def __str__(self) -> str:
        return f"discard {self.cards}"


_set_discard_cards = Discard.__dict__["cards"].__set__


class MoonChoice(enum.Enum):
    """How a shooter scores the moon under ``settlement=Points(moon="choice")``: old (others +26)
    or new (−26)."""

    OLD = "old"
    NEW = "new"

    def __str__(self) -> str:
        return f"moon {self.value}"


class Bid:
    """Auction Hearts (law 30): a bid of counters for the right to name the suit; 0 passes.

    >>> Bid(3), str(Bid(3)), str(Bid(0)), Bid(0).is_pass
    (Bid(3), 'bid 3', 'bid pass', True)
    >>> Bid(-1)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: a bid is a whole number of counters (0 to pass), not -1
    """

    __slots__ = ("amount",)
    amount: int

    def __init__(self, amount: int) -> None:
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise InvalidArgument(
                f"a bid is a whole number of counters (0 to pass), not {amount!r}"
            )
        object.__setattr__(self, "amount", int(amount))

    @property
    def is_pass(self) -> bool:
        """Whether the seat passes (bids nothing)."""
        return self.amount == 0

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Bid is immutable")

    def __reduce__(self) -> tuple[type[Bid], tuple[int]]:
        return (Bid, (self.amount,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bid) and other.amount == self.amount

    def __hash__(self) -> int:
        return hash(("Bid", self.amount))

    def __repr__(self) -> str:
        return f"Bid({self.amount})"

    def __str__(self) -> str:
        return "bid pass" if self.is_pass else f"bid {self.amount}"


class NameSuit:
    """Auction Hearts: the highest bidder names the suit to avoid (any suit, hearts included).

    >>> NameSuit("h"), str(NameSuit("♠"))
    (NameSuit(Suit.HEARTS), 'name spades')
    """

    __slots__ = ("suit",)
    suit: Suit

    def __init__(self, suit: Suit | int | str) -> None:
        try:
            if isinstance(suit, str):
                value = Suit.parse(suit)
            elif isinstance(suit, int) and not isinstance(suit, bool):
                value = Suit(suit)
            else:
                raise ValueError
        except (InvalidCard, ValueError):
            raise InvalidArgument(
                f"{suit!r} is not a suit to name: clubs, diamonds, spades or hearts"
            ) from None
        object.__setattr__(self, "suit", value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("NameSuit is immutable")

    def __reduce__(self) -> tuple[type[NameSuit], tuple[Suit]]:
        return (NameSuit, (self.suit,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NameSuit) and other.suit is self.suit

    def __hash__(self) -> int:
        return hash(("NameSuit", self.suit))

    def __repr__(self) -> str:
        return f"NameSuit(Suit.{self.suit.name})"

    def __str__(self) -> str:
        return f"name {self.suit.name.lower()}"


class _CardMove:
    """A move that names one card (a singleton shape: ``Revoke``, ``Call``)."""

    __slots__ = ("card",)
    card: Card
    word = ""
    what = "a card"

    def __init__(self, card: CardLike) -> None:
        try:
            value = Card.coerce(card)
        except InvalidCard:
            raise InvalidArgument(f"a {self.word} {self.what}, not {card!r}") from None
        object.__setattr__(self, "card", value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[type[_CardMove], tuple[Card]]:
        return (type(self), (self.card,))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.card == self.card

    def __hash__(self) -> int:
        return hash((self.word, self.card))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card!r})"

    def __str__(self) -> str:
        return f"{self.word} {self.card}"


class Revoke(_CardMove):
    """The laws at a real table (``Rules(laws=True)``): play a card the laws forbid, knowingly or
    (as a face confirms) by mistake: a card off the suit led while holding it (law 22), or
    another card than an exposed card lawfully called (law 27). Bots never revoke.

    >>> Revoke("5H"), str(Revoke("5H"))
    (Revoke(Card.parse('5H')), 'revoke 5H')
    >>> Revoke("5X")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: a revoke plays a card, not '5X'
    """

    __slots__ = ()
    word = "revoke"
    what = "plays a card"


class _Word:
    """A move that is one word (a singleton per class)."""

    __slots__ = ()
    word = ""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.word)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __str__(self) -> str:
        return self.word


class Correct(_Word):
    """The laws (law 22): a revoker takes back the card he revoked with, before the trick is
    complete; it becomes an exposed card, the seats that played after him take back theirs, and
    he plays again, following suit. It names its seat (``play(Correct(), seat=...)``): only the
    revoker knows it revoked.

    >>> Correct() == Correct(), str(Correct())
    (True, 'correct')
    """

    __slots__ = ()
    word = "correct"


class Gather(_Word):
    """The laws (laws 25–26): after the last trick, each seat in turn lets the cards be gathered
    for the next deal; when every seat has, claims of a revoke close and the hand is settled.

    >>> str(Gather())
    'gather'
    """

    __slots__ = ()
    word = "gather"


class Claim:
    """The laws (laws 25–26): claim that a seat revoked this hand; any other seat may, at any
    time until the cards are gathered for the next deal. The claim is recorded for every seat
    to see and judged when the hand has been played out (laws 23, 25), on the revokes the
    accused made before it; until then it tells nobody whether it is true.

    >>> Claim(2), str(Claim(2))
    (Claim(2), 'claim 2')
    """

    __slots__ = ("seat",)
    seat: int

    def __init__(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise InvalidArgument(f"a claim names the seat that revoked (a number), not {seat!r}")
        object.__setattr__(self, "seat", seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Claim is immutable")

    def __reduce__(self) -> tuple[type[Claim], tuple[int]]:
        return (Claim, (self.seat,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Claim) and other.seat == self.seat

    def __hash__(self) -> int:
        return hash(("Claim", self.seat))

    def __repr__(self) -> str:
        return f"Claim({self.seat})"

    def __str__(self) -> str:
        return f"claim {self.seat}"


class Call(_CardMove):
    """The laws (law 19): call an exposed card of the seat to act, which must then play it if it
    can do so without revoking (failing to is a revoke, law 27).

    >>> Call("7C"), str(Call("7C")), Call("7C") == Revoke("7C")
    (Call(Card.parse('7C')), 'call 7C', False)
    """

    __slots__ = ()
    word = "call"
    what = "names an exposed card"


Move: TypeAlias = (
    Card | Pass | Discard | MoonChoice | Bid | NameSuit | Revoke | Correct | Claim | Call | Gather
)
"""Any move a seat may make."""

LAWS_MOVES: Final = (Revoke, Correct, Claim, Call, Gather)
"""The moves that exist only under the laws option (``Rules(laws=True)``)."""


def parse_move(text: str) -> Move:
    """Read a move from text: a card name, ``pass`` and cards, ``moon old``/``moon new``, or in
    Auction Hearts ``bid 5``/``bid pass`` and ``name hearts``.

    >>> parse_move("pass 2c")
    Pass(CardSet.parse('2C'))
    >>> parse_move("hello")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: 'hello' is not a move: name a card (QS), 'pass' and cards, or 'moon old'/'moon new'
    """
    if not isinstance(text, str):
        raise InvalidArgument(
            f"{text!r} is not a move: name a card (QS), 'pass' and cards, or 'moon old'"
        )
    words = text.strip().split()
    try:
        if words and words[0].lower() == "pass":
            return Pass(CardSet.parse(" ".join(words[1:])))
        if len(words) > 1 and words[0].lower() == "discard":
            return Discard(CardSet.parse(" ".join(words[1:])))
        if len(words) == 2 and words[0].lower() == "moon":
            return MoonChoice(words[1].lower())
        if len(words) == 2 and words[0].lower() == "bid":
            amount = words[1].lower()
            return Bid(0 if amount == "pass" else int(amount))
        if len(words) == 2 and words[0].lower() == "name":
            return NameSuit(words[1])
        if len(words) == 2 and words[0].lower() == "revoke":
            return Revoke(Card.parse(words[1]))
        if len(words) == 2 and words[0].lower() == "claim":
            return Claim(int(words[1]))
        if len(words) == 2 and words[0].lower() == "call":
            return Call(Card.parse(words[1]))
        if len(words) == 1 and words[0].lower() == "correct":
            return Correct()
        if len(words) == 1 and words[0].lower() == "gather":
            return Gather()
        if len(words) == 1:
            return Card.parse(words[0])
    except (HeartsError, ValueError):
        pass
    raise InvalidArgument(
        f"{text!r} is not a move: name a card (QS), 'pass' and cards, or 'moon old'/'moon new'"
    )


_MOVES: Final = (Card, Pass, Discard, MoonChoice, Bid, NameSuit, *LAWS_MOVES)
"""The types of move (a card is a move: the card played)."""


def coerce_move(move: object) -> Move:
    """The move a caller means: a move as it is (a :class:`~hearts.cards.Card`, :class:`Pass`,
    :class:`MoonChoice`, ...), a card's number or name, or move text (:func:`parse_move`).

    Anything else raises :class:`~hearts.errors.InvalidArgument`, saying it is not a move (a
    list, tuple or set of cards saying how to pass them). It does not say whether the move is
    allowed now: the deal does.

    >>> coerce_move("QS"), coerce_move(int(Card.parse("QS"))), coerce_move("pass 2c 3c 4c")
    (Card.parse('QS'), Card.parse('QS'), Pass(CardSet.parse('2C 3C 4C')))
    >>> coerce_move(MoonChoice.NEW)
    <MoonChoice.NEW: 'new'>
    >>> coerce_move(["2C", "3C", "4C"])
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: a list of cards is not a move: pass them as hearts.Pass([...])
    >>> coerce_move(None)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: None is not a move
    """
    if isinstance(move, _MOVES):
        return move
    if isinstance(move, str):
        return parse_move(move)
    if isinstance(move, int) and not isinstance(move, bool):
        try:
            return Card.coerce(move)
        except InvalidCard:
            raise InvalidArgument(f"{move!r} is not a move: no card has that number") from None
    if isinstance(move, CardSet):
        raise InvalidArgument("a CardSet is not a move: pass its cards as hearts.Pass(cards)")
    if isinstance(move, list | tuple | set | frozenset) and _all_cards(move):
        kind = "list" if isinstance(move, list) else "tuple" if isinstance(move, tuple) else "set"
        raise InvalidArgument(f"a {kind} of cards is not a move: pass them as hearts.Pass([...])")
    raise InvalidArgument(f"{move!r} is not a move")


def _all_cards(values: Iterable[object]) -> bool:
    """Whether every value names a card (a card, its number or its name)."""
    for value in values:
        try:
            Card.coerce(value)  # type: ignore[arg-type]
        except InvalidCard:
            return False
    return True


def move_text(move: Move) -> str:
    """The text form of a move, which :func:`parse_move` reads back.

    >>> move_text(Card.parse("QS")), move_text(Pass("2C 3C 4C"))
    ('QS', 'pass 2C 3C 4C')
    """
    return str(move)
