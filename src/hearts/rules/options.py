"""The choices of a form that are one value each: the enums (:class:`PassDirection`,
:class:`Moon`, :class:`SettlementMethod`, ...), the cards each strip lays aside
(:func:`stripped_cards`), and the helpers that read an option from plain data (an enum from its
value, a whole number, a flag) or refuse it in a sentence that names it. The parts
(:mod:`hearts.rules.parts`) and the rules (:mod:`hearts.rules.form`) are built of these.

>>> Moon("old"), _whole("target", 100), stripped_cards(3, Strip.FOSTER) == 1 << Card.parse("2S")
(<Moon.OLD: 'old'>, 100, True)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from hearts.cards import Card, Rank, Suit
from hearts.errors import InvalidCard, InvalidRules

__all__ = [
    "PassDirection",
    "FirstLead",
    "Moon",
    "SettlementMethod",
    "GameEnd",
    "TieRule",
    "Strip",
    "Widow",
    "Leftover",
    "LastTrick",
    "stripped_cards",
]


class PassDirection(enum.Enum):
    """Where the cards passed after the deal go."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"

    def offset(self, players: int) -> int:
        """Seats clockwise from the passer to the receiver (0 for a hold hand).

        >>> PassDirection.RIGHT.offset(4), PassDirection.ACROSS.offset(6)
        (3, 3)
        """
        if self is PassDirection.LEFT:
            return 1
        if self is PassDirection.RIGHT:
            return players - 1
        if self is PassDirection.ACROSS:
            return players // 2
        return 0


class FirstLead(enum.Enum):
    """Who leads the first trick, and with what."""

    ELDEST = "eldest"
    """The eldest hand (dealer's left) leads any card (the laws; Hoyle 1913)."""
    LOWEST_CLUB = "lowest-club"
    """The holder of the 2♣ (the lowest club in play if it is stripped) must lead it (modern)."""
    ANY_CLUB = "any-club"
    """The holder of the 2♣ (or the lowest club in play) leads, but may lead any club (a house
    rule some programs offer, OpenSpiel's ``can_lead_any_club``)."""


class Moon(enum.Enum):
    """Shooting the moon: one seat takes every card that counts against (docs/rules.md §6.4)."""

    OFF = "off"
    OLD = "old"
    """The shooter scores nothing for them; every other seat scores their total (26)."""
    NEW = "new"
    """The shooter subtracts their total (−26); the others score nothing for them."""
    CHOICE = "choice"
    """The shooter chooses old or new, as a move of theirs after the last trick."""


class SettlementMethod(enum.Enum):
    """How a hand's penalties turn into points or counters (docs/rules.md §3, §6.4)."""

    POINTS = "points"
    """Penalty points add to a running score; lowest total wins (the modern game)."""
    SWEEPSTAKES = "sweepstakes"
    """Pay one counter per heart into a pool; a sole clear player takes it; Jacks (law 29)."""
    HOWELL = "howell"
    """Pay (N−1) per heart, take out (T − hearts): net T − N·h (Howell's settling)."""
    SIMPLE = "simple"
    """Pay one per heart; the fewest hearts take the pool (Hoyle 1913)."""
    EXCESS = "excess"
    """Three-handed: the most hearts pays each other player the difference (Foster)."""
    TWO_HANDED = "two-handed"
    """Two-handed: more hearts pays the difference (option: first hearts free)."""


class GameEnd(enum.Enum):
    """When a game is over."""

    TARGET = "target"
    """Points: after the hand in which a seat reaches ``target``; lowest total wins."""
    DEALS = "deals"
    """After ``deals`` hands (one, by default: "each deal is a game in itself", Hoyle 1913)."""
    BANKRUPT = "bankrupt"
    """Counters: the first seat to lose all its ``start_counters`` loses; the richest wins."""
    GAIN = "gain"
    """Counters: the first seat to win ``target`` counters (net gain) wins."""


class TieRule(enum.Enum):
    """What happens when seats tie for the win at the end."""

    CONTINUE = "continue"
    """Play more hands until one seat stands alone (docs/rules.md §6.4 default)."""
    SHARE = "share"
    """The tied seats share the win."""


class Strip(enum.Enum):
    """Which cards are taken out of the pack for three, five and six players."""

    FOSTER = "foster"
    """Law 3: three players 2♠; five both black deuces; six (and seven) all four deuces."""
    MODERN = "modern"
    """pagat for three (2♦) and five (2♦ 2♣); BLU for six (2♣ 3♣ 2♦ 2♠): all hearts stay."""


class JackRule(enum.Enum):
    """Who may win a Jack (a pool carried over unwon) in the sweepstakes."""

    SOLE_CLEAR = "sole-clear"
    """Only a single clear player, every other having taken a heart (law 29)."""
    ANY_CLEAR = "any-clear"
    """As an ordinary pool: one clear player takes it, two divide it (Hoyle 1913's reading)."""


class HeartValue(enum.Enum):
    """What each heart counts."""

    ONE = "one"
    """Every heart counts one."""
    PIPS = "pips"
    """Spot Hearts: a heart counts its pips, J 11, Q 12, K 13, A 14 (104 in all)."""


class Widow(enum.Enum):
    """Heartsette (docs/rules.md §5.5): cards left face down after the deal, and where they go."""

    NONE = "none"
    """No widow: the pack deals out (after any strip)."""
    DISCARD = "discard"
    """The winner of the first trick takes the widow into his hand and discards as many cards
    face down; the discards count against him (docs/rules.md §5.5 default)."""
    FIRST_TRICK = "first-trick"
    """The widow is added to the first trick, for its winner (the widely used alternative)."""
    LAST_TRICK = "last-trick"
    """The widow is laid aside and taken with the last trick (Parlett)."""


class Leftover(enum.Enum):
    """Cancellation Hearts (docs/rules.md §7.2): where the cards left over from dealing two packs (the
    widow) go."""

    FIRST_TRICK = "first-trick"
    """To the seat that takes the first trick (Bicycle; the default)."""
    LAST_TRICK = "last-trick"
    """Laid aside, and taken with the last trick (Parlett)."""


class LastTrick(enum.Enum):
    """Cancellation Hearts (docs/rules.md §7.6): who takes a last trick whose cards of the suit led
    all cancel."""

    LEADER = "leader"
    """Its leader (Wikipedia; the default)."""
    SECOND_OF_PAIR = "second-of-pair"
    """The seat that played the second of the two highest cards (Grace)."""


_DOMINO_HAND: Final = 6
"""Domino Hearts: cards dealt to each seat (docs/rules.md §5.6.1)."""
_WIDOW_HANDS: Final = {3: 16, 4: 12, 5: 10, 6: 8}
"""Heartsette: cards dealt to each seat, by players (the rest lie face down as the widow)."""
_WIDOW_STRIP: Final = {
    3: 1 << Card.of(Rank.TWO, Suit.SPADES),
    4: 1 << Card.of(Rank.TWO, Suit.SPADES),
}
"""Heartsette: three or four players lay aside the 2♠; five or six play the full pack."""


def _deuces(*suits: Suit) -> int:
    return sum(1 << Card.of(Rank.TWO, suit) for suit in suits)


_TWO_OF_HEARTS: Final = Card.of(Rank.TWO, Suit.HEARTS)
_MAX_BID: Final = 13
"""The highest bid unless told otherwise (Auction Hearts; our choice: no source bounds a bid)."""
_JOKER_PENALTY: Final = 5
"""The joker's value unless told otherwise (docs/rules.md §5.2: "often quoted as five", UNVERIFIED)."""
_MODERN_CYCLE: Final = (
    PassDirection.LEFT,
    PassDirection.RIGHT,
    PassDirection.ACROSS,
    PassDirection.HOLD,
)

_FOSTER_STRIP: Final = {
    2: 0,
    3: _deuces(Suit.SPADES),
    4: 0,
    5: _deuces(Suit.SPADES, Suit.CLUBS),
    6: _deuces(*Suit),
    7: _deuces(*Suit),
}
_MODERN_STRIP: Final = {
    2: 0,
    3: _deuces(Suit.DIAMONDS),
    4: 0,
    5: _deuces(Suit.DIAMONDS, Suit.CLUBS),
    6: _deuces(Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES) | 1 << Card.of(Rank.THREE, Suit.CLUBS),
    7: _deuces(Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES) | 1 << Card.of(Rank.THREE, Suit.CLUBS),
}


def stripped_cards(players: int, strip: Strip) -> int:
    """The mask of the cards laid aside for a number of players (law 3; docs/rules.md §1.1, §6.1).

    >>> from hearts.cards import CardSet
    >>> str(CardSet(stripped_cards(5, Strip.FOSTER))), str(CardSet(stripped_cards(5, Strip.MODERN)))
    ('2C 2S', '2C 2D')
    """
    table = _FOSTER_STRIP if strip is Strip.FOSTER else _MODERN_STRIP
    return table.get(players, 0)


def _names(cards: tuple[Card, ...]) -> str:
    return ",".join(str(card) for card in cards)


def _normalise_removed(raw: Any) -> tuple[Card, ...]:
    """The cards of ``removed`` in pack order, from cards, ids or names ("2C" or "2C 3C")."""
    try:
        if isinstance(raw, str):
            cards = [Card.parse(part) for part in raw.replace(",", " ").split()]
        else:
            cards = [Card.coerce(card) for card in raw]
    except (InvalidCard, TypeError, ValueError):
        raise InvalidRules(f"removed={raw!r} must list cards, as ('2C',)") from None
    if len(set(cards)) != len(cards):
        raise InvalidRules("removed names a card twice")
    return tuple(sorted(cards))


def _normalise_card_values(raw: Any) -> tuple[tuple[Card, int], ...]:
    """The (card, value) pairs of ``card_values``, from pairs or a mapping, cards by name."""
    items = raw.items() if isinstance(raw, Mapping) else raw
    try:
        pairs = tuple((Card.coerce(card), value) for card, value in items)
    except (InvalidCard, TypeError, ValueError):
        raise InvalidRules(
            f"card_values={raw!r} must pair cards with values, as (('QS', 13),)"
        ) from None
    for card, value in pairs:
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidRules(f"card_values gives {card} the value {value!r}: not a whole number")
    if len({card for card, _ in pairs}) != len(pairs):
        raise InvalidRules("card_values names a card twice")
    return pairs


def _enum_value(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


def _plain(value: object) -> object:
    """An option as JSON data: enums by value, tuples as lists."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return _enum_value(value)


def _whole(name: str, value: object) -> int:
    """A whole number option (not a bool), or the sentence that says it is not one."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRules(f"{name}={value!r} is not a whole number")
    return value


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidRules(f"{name}={value!r} must be true or false")
    return value


_E = TypeVar("_E", bound=enum.Enum)


def _member(name: str, kind: type[_E], value: object) -> _E:
    """An enum option from its member or its value ("old" for ``Moon.OLD``)."""
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in kind)
        raise InvalidRules(f"{name}={value!r} is not one of: {choices}") from None
