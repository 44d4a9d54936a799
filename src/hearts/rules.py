"""The rules of a form of Hearts, as data.

A :class:`Rules` value is a frozen set of orthogonal choices (players, pack, passing, opening lead,
breaking hearts, penalty values, settlement, end of game). A mechanic that has options of
its own holds them in a part of its own — :class:`Passing`, :class:`Auction`, :class:`Joker`,
:class:`Cancellation` — which is None when the mechanic is off, so an option of a mechanic that
is off cannot be written. The settlement is a part whose kind is its method — :class:`Points`
(with the moon and the no-trick bonus), :class:`Sweepstakes` (with the Jack rule),
:class:`Howell`, :class:`Simple`, :class:`Excess`, :class:`TwoHanded` (with free hearts) — so an
option of another method cannot be written either. The engine reads only these choices, so a new
form is a new combination, not a new branch. Choices that contradict each other are refused when
the value is built, with a sentence that names the two options that clash.

>>> rules = Rules(players=4, settlement=Howell(), end=GameEnd.BANKRUPT)
>>> rules.hand_size, rules.penalty_total, rules.method
(13, 13, <SettlementMethod.HOWELL: 'howell'>)
>>> Rules(passing=Passing(count=2)).pass_count, Rules().pass_count
(2, 0)
>>> Rules(players=3, passing=Passing(cycle=(PassDirection.ACROSS,)))
Traceback (most recent call last):
...
hearts.errors.InvalidRules: passing.cycle=across clashes with players=3: only an even table has a seat across
>>> Rules(settlement="excess")
Traceback (most recent call last):
...
hearts.errors.InvalidRules: settlement=excess clashes with players=4: it is the three-handed settlement
>>> Rules(settlement={"method": "sweepstakes", "moon": "old"})
Traceback (most recent call last):
...
hearts.errors.InvalidRules: settlement.moon=old clashes with settlement=sweepstakes: the moon is scored only when settlement=points
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final, TypeVar

from hearts.cards import (
    FULL_PACK,
    HEARTS_MASK,
    JOKER,
    SUIT_MASKS,
    Card,
    Rank,
    Suit,
    cards_of,
    mask_of,
)
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
    "Passing",
    "Auction",
    "Joker",
    "Cancellation",
    "Settling",
    "Points",
    "NoTrickBonus",
    "Sweepstakes",
    "Howell",
    "Simple",
    "Excess",
    "TwoHanded",
    "Rules",
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


_MOVED: Final = {
    "pass_count": "it is passing.count now, as passing=Passing(count=3)",
    "pass_cycle": "it is passing.cycle now, as passing=Passing(cycle=('left',))",
    "max_bid": "it is auction.max_bid now, as auction=Auction(max_bid=13)",
    "joker_wins_any_trick": "it is joker.wins_any_trick now, as joker=Joker(wins_any_trick=False)",
    "joker_penalty": "it is joker.penalty now, as joker=Joker(penalty=5)",
    "packs": "two packs are cancellation=Cancellation() now",
    "unwon_last_trick": "it is cancellation.unwon_last_trick now, as "
    "cancellation=Cancellation(unwon_last_trick='second-of-pair')",
    "moon": "it is settlement.moon now, as settlement=Points(moon='old')",
    "no_trick_bonus": "it is settlement.no_trick now, as "
    "settlement=Points(no_trick=NoTrickBonus(points=5))",
    "jack_rule": "it is settlement.jack_rule now, as settlement=Sweepstakes(jack_rule='any-clear')",
    "free_hearts": "it is settlement.free_hearts now, as settlement=TwoHanded(free_hearts=6)",
    "method": "the method is the settlement's kind, as settlement='howell' or settlement=Howell()",
}
"""Where each flat option of the rules before their parts went (for the sentence that refuses
it). ``method``, ``moon`` and ``no_trick`` are derived values of :class:`Rules`, not options."""

_T = TypeVar("_T")


def _by_name(prefix: str) -> Callable[[type[_T]], type[_T]]:
    """Make a dataclass refuse an unknown option (or one given by position) with
    :class:`InvalidRules` naming it, where its generated ``__init__`` raises a bare ``TypeError``.
    ``prefix`` names the part in the sentence (``passing.cont``); empty for :class:`Rules`. A
    class with a ``_misplaced(name, value)`` method may say more of an option it does not have
    (a settlement part names the method the option belongs to)."""

    def wrap(cls: type[_T]) -> type[_T]:
        generated = cls.__init__
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        known = frozenset(field.name for field in fields if field.init)

        @functools.wraps(generated)
        def __init__(self: _T, *args: object, **options: object) -> None:
            if args:
                raise InvalidRules(
                    f"{cls.__name__} takes its options by name, as {cls.__name__}(option=value)"
                )
            for key, value in options.items():
                if key not in known:
                    misplaced = getattr(cls, "_misplaced", None)
                    message = misplaced(key, value) if misplaced is not None else None
                    raise InvalidRules(message or _unknown(prefix, key))
            generated(self, **options)

        setattr(cls, "__init__", __init__)  # noqa: B010 - mypy refuses assigning a method
        return cls

    return wrap


def _unknown(prefix: str, name: str) -> str:
    if prefix:
        return f"unknown option '{prefix}.{name}'"
    moved = _MOVED.get(name)
    return f"unknown option {name!r}" + (f" ({moved})" if moved else "")


def _part(name: str, kind: type[Any], value: object) -> Any:
    """A part from itself, a mapping of its options, True (its defaults) or None/False (off)."""
    if value is None or value is False:
        return None
    if value is True:
        return kind()
    if isinstance(value, kind):
        return value
    if isinstance(value, Mapping):
        if not all(isinstance(key, str) for key in value):
            raise InvalidRules(f"{name} options must be named by strings, not {dict(value)!r}")
        return kind(**value)
    raise InvalidRules(
        f"{name}={value!r} must be {kind.__name__}(...), a mapping of its options, or None"
    )


def _part_dict(part: object) -> dict[str, Any]:
    return {
        field.name: _plain(getattr(part, field.name))
        for field in dataclasses.fields(part)  # type: ignore[arg-type]
    }


@_by_name("passing")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Passing:
    """Passing after the deal (the modern game): how many cards each seat passes, and where,
    hand by hand. ``Rules(passing=None)``, the default, is no passing.

    >>> Passing().count, [d.value for d in Passing().cycle]
    (3, ['left', 'right', 'across', 'hold'])
    >>> Passing(count=3, cycle=("right",)).direction(5).value
    'right'
    >>> Passing(count=0)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: passing.count=0 must be at least one card (no passing: passing=None)
    """

    count: int = 3
    """Cards each seat passes."""
    cycle: tuple[PassDirection, ...] = _MODERN_CYCLE
    """Pass directions hand by hand, repeating (e.g. left, right, across, hold)."""

    def __post_init__(self) -> None:
        if _whole("passing.count", self.count) < 1:
            raise InvalidRules(
                f"passing.count={self.count} must be at least one card (no passing: passing=None)"
            )
        try:
            if isinstance(self.cycle, str):
                raise TypeError
            cycle = tuple(PassDirection(d) for d in self.cycle)
        except (ValueError, TypeError):
            choices = ", ".join(d.value for d in PassDirection)
            raise InvalidRules(
                f"passing.cycle={self.cycle!r} must list directions: {choices}"
            ) from None
        if all(d is PassDirection.HOLD for d in cycle):
            raise InvalidRules(
                "passing.cycle names no direction to pass to (only hold, or none): name one, "
                "or give passing=None for no passing"
            )
        object.__setattr__(self, "cycle", cycle)

    def direction(self, hand_number: int) -> PassDirection:
        """The pass of the hand with this number (0 for the first hand)."""
        return self.cycle[hand_number % len(self.cycle)]

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data.

        >>> Passing(cycle=("right",)).to_dict()
        {'count': 3, 'cycle': ['right']}
        """
        return _part_dict(self)


@_by_name("auction")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Auction:
    """Auction Hearts (laws 24, 30; docs/rules.md §5.1): after the deal each seat bids once, from the
    eldest hand to the dealer, each bid above the last or a pass; the highest bidder names the
    suit to avoid (one unit a card of it) and leads the first trick. Nobody bidding: hearts, and
    the eldest leads (docs/rules.md §5.1.8, UNVERIFIED). Classic play and sweepstakes only.

    >>> Auction().max_bid
    13
    >>> Auction(max_bid=0)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: auction.max_bid=0 must be at least one counter
    """

    max_bid: int = _MAX_BID
    """The highest bid allowed, in counters (13 by default, a whole pool's worth of the plain
    game; no source gives a limit)."""

    def __post_init__(self) -> None:
        if _whole("auction.max_bid", self.max_bid) < 1:
            raise InvalidRules(f"auction.max_bid={self.max_bid} must be at least one counter")

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data."""
        return _part_dict(self)


@_by_name("joker")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Joker:
    """Joker Hearts (law 3): the joker takes the place of the 2♥, so the pack stays 52. It is a
    heart (it follows hearts, breaks them, and ranks above the A♥). Refused where the 2♥ is laid
    aside anyway (the six-handed strip, or ``removed``): there is no 2♥ for it to replace.

    >>> Joker().penalty, Joker(wins_any_trick=False).wins_any_trick
    (5, False)
    >>> Joker(penalty="five")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: joker.penalty='five' is not a whole number
    """

    wins_any_trick: bool = True
    """It wins every trick it is played to, even discarded on another suit led. False: it wins
    only as the highest heart when hearts are led (docs/rules.md §5.2, UNVERIFIED)."""
    penalty: int = _JOKER_PENALTY
    """What it counts against the seat that takes it (docs/rules.md §5.2 reports five as the common
    figure, making T = 17: UNVERIFIED). The moon needs it when it counts."""

    def __post_init__(self) -> None:
        _flag("joker.wins_any_trick", self.wins_any_trick)
        _whole("joker.penalty", self.penalty)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data."""
        return _part_dict(self)


@_by_name("cancellation")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Cancellation:
    """Cancellation Hearts (docs/rules.md §7): two packs shuffled together, three to eleven seats.
    The pack is all 104 cards (``strip`` does not apply and ``removed`` is refused); each seat
    takes ``104 // players`` cards, the cards left over (the widow) go to the seat that takes
    the first trick (Bicycle) or with the last trick; two identical cards played to one trick
    cancel each other, and a trick whose cards of the suit led all cancel goes with the next
    trick, its leader leading again. A card in ``card_values`` counts in both packs.

    >>> Cancellation().widow, Cancellation().unwon_last_trick
    (<Leftover.FIRST_TRICK: 'first-trick'>, <LastTrick.LEADER: 'leader'>)
    >>> Cancellation(widow="last-trick").widow
    <Leftover.LAST_TRICK: 'last-trick'>
    """

    widow: Leftover = Leftover.FIRST_TRICK
    """Where the cards left over go: with the first trick (Bicycle) or the last (Parlett)."""
    unwon_last_trick: LastTrick = LastTrick.LEADER
    """Who takes a last trick that nobody wins (every card of the suit led cancelled): its
    leader, or the seat that played the second of the two highest cards (Grace)."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "widow", _member("cancellation.widow", Leftover, self.widow))
        set_(
            self,
            "unwon_last_trick",
            _member("cancellation.unwon_last_trick", LastTrick, self.unwon_last_trick),
        )

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data."""
        return _part_dict(self)


@_by_name("settlement.no_trick")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class NoTrickBonus:
    """The no-trick bonus: a seat that wins no trick in a hand subtracts ``points``. An option
    of the points settlement: ``Points(no_trick=NoTrickBonus())``.

    ``with_moon`` says whether the bonus still applies in a hand where the moon is shot (to the
    seats other than the shooter, who wins tricks). **True is the default**: the rule as its
    sources state it ("a player who wins no trick at all subtracts 5") makes no exception for
    the moon, it is what this engine did before the option existed, and every recorded game
    keeps its scores. **False is OpenSpiel's** ``avoid_all_tricks_bonus`` (found by experiment:
    in its moon hands a seat that won no trick scores the others' 26, not 21), checked hand for
    hand in ``tests/test_openspiel_differential.py``: a moon hand scores the moon alone.

    >>> NoTrickBonus().points, NoTrickBonus().with_moon
    (5, True)
    >>> NoTrickBonus(points=0)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: settlement.no_trick.points=0 must be at least one point (no bonus: no_trick=None)
    """

    points: int = 5
    """What a seat that wins no trick subtracts (5; one program gives 3)."""
    with_moon: bool = True
    """Whether it still applies in a hand where the moon is shot (OpenSpiel: False)."""

    def __post_init__(self) -> None:
        if _whole("settlement.no_trick.points", self.points) < 1:
            raise InvalidRules(
                f"settlement.no_trick.points={self.points} must be at least one point "
                "(no bonus: no_trick=None)"
            )
        _flag("settlement.no_trick.with_moon", self.with_moon)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data."""
        return _part_dict(self)


_ONLY_IN: Final = {
    "moon": (SettlementMethod.POINTS, "the moon is scored only when settlement=points"),
    "no_trick": (SettlementMethod.POINTS, "the bonus is scored only when settlement=points"),
    "jack_rule": (SettlementMethod.SWEEPSTAKES, "a Jack is a sweepstakes pool left unwon"),
    "free_hearts": (SettlementMethod.TWO_HANDED, "free hearts belong to the two-handed settlement"),
}
"""The options of one settlement method, and why no other has them (for the sentence)."""
_ONE_TABLE: Final = {
    SettlementMethod.EXCESS: (3, "it is the three-handed settlement"),
    SettlementMethod.TWO_HANDED: (2, "it is for two players"),
}
"""The methods of one size of table: its players, and the sentence for another table."""


class Settling:
    """The settlement of a form (``Rules.settlement``): a part whose kind is the method and whose
    fields are that method's options, so an option of another method cannot be written.

    :class:`Points`, :class:`Sweepstakes`, :class:`Howell`, :class:`Simple`, :class:`Excess`
    and :class:`TwoHanded`; ``method`` names the kind (``rules.method`` reads it).

    >>> Howell().method, Howell().to_dict()
    (<SettlementMethod.HOWELL: 'howell'>, {'method': 'howell'})
    >>> Howell(moon="old")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: settlement.moon=old clashes with settlement=howell: the moon is scored only when settlement=points
    """

    __slots__ = ()
    method: ClassVar[SettlementMethod]

    def to_dict(self) -> dict[str, Any]:
        """The method and its options as plain JSON data."""
        return {"method": self.method.value, **_part_dict(self)}

    @classmethod
    def _misplaced(cls, name: str, value: object) -> str | None:
        """The sentence for an option of another method (None: an unknown option)."""
        if name not in _ONLY_IN:
            return None
        shown = f"={_enum_value(value)}" if isinstance(value, (str, int, enum.Enum)) else ""
        return (
            f"settlement.{name}{shown} clashes with settlement={cls.method.value}: "
            + _ONLY_IN[name][1]
        )


@_by_name("settlement")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Points(Settling):
    """Penalty points add to a running score; lowest total wins (the modern game). Its options:
    the moon, and the no-trick bonus (None: none).

    >>> Points(moon="new").to_dict()
    {'method': 'points', 'moon': 'new'}
    >>> Points(moon="old", no_trick={"points": 5}).no_trick
    NoTrickBonus(points=5, with_moon=True)
    """

    method: ClassVar[SettlementMethod] = SettlementMethod.POINTS
    moon: Moon = Moon.OFF
    """Shooting the moon: off, old (the others score the total), new, or the shooter's choice."""
    no_trick: NoTrickBonus | None = None
    """Points off for a seat that wins no trick (None: no bonus). See :class:`NoTrickBonus`."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "moon", _member("settlement.moon", Moon, self.moon))
        set_(self, "no_trick", _part("settlement.no_trick", NoTrickBonus, self.no_trick))

    def to_dict(self) -> dict[str, Any]:
        """The method and its options as plain JSON data (no ``no_trick`` entry without one)."""
        data: dict[str, Any] = {"method": self.method.value, "moon": self.moon.value}
        if self.no_trick is not None:
            data["no_trick"] = self.no_trick.to_dict()
        return data


@_by_name("settlement")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Sweepstakes(Settling):
    """Pay one counter per heart into a pool; a sole clear player takes it, two divide it; a pool
    nobody wins is a Jack (law 29). Its option: who may win a Jack.

    >>> Sweepstakes().jack_rule
    <JackRule.SOLE_CLEAR: 'sole-clear'>
    """

    method: ClassVar[SettlementMethod] = SettlementMethod.SWEEPSTAKES
    jack_rule: JackRule = JackRule.SOLE_CLEAR
    """Who may win a Jack: a sole clear player (law 29), or any clear player (Hoyle 1913)."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "jack_rule", _member("settlement.jack_rule", JackRule, self.jack_rule))


@_by_name("settlement")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Howell(Settling):
    """Howell's settling: pay (N−1) per heart, take out (T − hearts), net T − N·h. No
    options."""

    method: ClassVar[SettlementMethod] = SettlementMethod.HOWELL


@_by_name("settlement")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Simple(Settling):
    """The simple method: pay one per heart; the fewest hearts take the pool (Hoyle 1913). No
    options."""

    method: ClassVar[SettlementMethod] = SettlementMethod.SIMPLE


@_by_name("settlement")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Excess(Settling):
    """Three-handed: the most hearts pays each other player the difference (Foster). No
    options."""

    method: ClassVar[SettlementMethod] = SettlementMethod.EXCESS


@_by_name("settlement")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TwoHanded(Settling):
    """Two-handed: more hearts pays the difference; with ``free_hearts`` (option
    B, Foster's 6) the loser's first hearts cost nothing.

    >>> TwoHanded(free_hearts=-1)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: settlement.free_hearts=-1 cannot be negative
    """

    method: ClassVar[SettlementMethod] = SettlementMethod.TWO_HANDED
    free_hearts: int = 0
    """Hearts of the loser that cost nothing (0: option A, the loser pays the difference)."""

    def __post_init__(self) -> None:
        if _whole("settlement.free_hearts", self.free_hearts) < 0:
            raise InvalidRules(f"settlement.free_hearts={self.free_hearts} cannot be negative")


_SETTLINGS: Final[dict[SettlementMethod, type[Settling]]] = {
    kind.method: kind for kind in (Points, Sweepstakes, Howell, Simple, Excess, TwoHanded)
}
"""The settlement part of each method."""


def _settling(value: object) -> Settling:
    """A settlement part from itself, its method (a member or its value: ``"howell"``, every
    option at its default), or a mapping of its method and options
    (``{"method": "points", "moon": "old"}``).

    >>> _settling("two-handed"), _settling({"method": "sweepstakes", "jack_rule": "any-clear"})
    (TwoHanded(free_hearts=0), Sweepstakes(jack_rule=<JackRule.ANY_CLEAR: 'any-clear'>))
    >>> _settling({"moon": "old"})
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: settlement={'moon': 'old'} must name its method, as {'method': 'points', 'moon': 'old'}
    """
    if isinstance(value, Settling):
        return value
    if isinstance(value, Mapping):
        if not all(isinstance(key, str) for key in value):
            raise InvalidRules(f"settlement options must be named by strings, not {dict(value)!r}")
        options = dict(value)
        if "method" not in options:
            # (the method the options belong to: points when they are its own, or none is)
            owner = next((_ONLY_IN[k][0] for k in options if k in _ONLY_IN), None)
            example = {"method": (owner or SettlementMethod.POINTS).value, **options}
            raise InvalidRules(f"settlement={options!r} must name its method, as {example!r}")
        method = _member("settlement.method", SettlementMethod, options.pop("method"))
        return _SETTLINGS[method](**options)
    if isinstance(value, (str, SettlementMethod)):
        return _SETTLINGS[_member("settlement", SettlementMethod, value)]()
    choices = ", ".join(method.value for method in SettlementMethod)
    raise InvalidRules(
        f"settlement={value!r} must be a method ({choices}), a part as Points(moon='old'), "
        "or a mapping of its method and options"
    )


_PARTS: Final[dict[str, type[Any]]] = {
    "passing": Passing,
    "auction": Auction,
    "joker": Joker,
    "cancellation": Cancellation,
}
"""The fields of :class:`Rules` that hold a part (None: the mechanic is off)."""


@_by_name("")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every choice that makes one form of Hearts. Build presets with :mod:`hearts.variants`.

    The defaults are the classic four-handed game of the laws: no passing, the eldest hand leads
    any card, hearts count one each, settled by sweepstakes, each deal a game in itself.

    A mechanic with options of its own is a part, or None when it is off: ``passing``
    (:class:`Passing`), ``auction`` (:class:`Auction`), ``joker`` (:class:`Joker`) and
    ``cancellation`` (:class:`Cancellation`, two packs). A part may be given as itself, as a
    mapping of its options (the others keep their defaults), or as True for all its defaults;
    ``if rules.auction:`` asks whether the mechanic is on.

    The ``settlement`` is always there (a :class:`Settling` part); it may be given as itself,
    as its method's name (``"howell"``, every option at its default) or as a mapping of its
    method and options (``{"method": "points", "moon": "old", "no_trick": {"points": 5}}``,
    the form records write). Derived from it: ``method`` (the method), ``moon`` (the moon
    rule, off outside a points settlement) and ``no_trick`` (the no-trick bonus, None outside).

    >>> Rules().players, Rules().settlement
    (4, Sweepstakes(jack_rule=<JackRule.SOLE_CLEAR: 'sole-clear'>))
    >>> rules = Rules(settlement={"method": "points", "moon": "choice"}, end="target")
    >>> rules.method, rules.moon, rules.no_trick
    (<SettlementMethod.POINTS: 'points'>, <Moon.CHOICE: 'choice'>, None)
    >>> Rules().replace(players=6).penalty_total   # the 2♥ is stripped with six (law 3)
    12
    >>> Rules(auction={"max_bid": 5}).auction
    Auction(max_bid=5)
    >>> Rules(bogus=1)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: unknown option 'bogus'
    """

    players: int = 4
    """Seats at the table, 2 to 7. With seven, the dealer takes no cards each hand (Foster).
    With ``cancellation`` (two packs), 3 to 11, and every seat takes cards."""
    strip: Strip = Strip.FOSTER
    """Which cards leave the pack for three, five, six or seven players."""
    removed: tuple[Card, ...] = ()
    """Cards laid aside before every deal (Black Maria's 2♣ for three). When given, they replace
    what ``strip`` would lay aside for this number of players; empty: the strip decides."""
    stock: bool = False
    """Two-handed: deal thirteen each, the rest a stock drawn from after each trick (law 8)."""
    passing: Passing | None = None
    """Passing after the deal: how many cards, and the directions hand by hand (None: none)."""
    first_lead: FirstLead = FirstLead.ELDEST
    """Who leads the first trick, and with what."""
    penalty_free_first_trick: bool = False
    """No card that counts against may be played to the first trick, unless the hand holds
    nothing else (modern)."""
    hearts_must_be_broken: bool = False
    """A heart may not be led until one has been played, unless the leader holds only hearts."""
    queen_breaks_hearts: bool = False
    """Playing the Q♠ also breaks hearts (docs/rules.md §6.3.5: the "traditional" rule of Art of Manliness)."""
    lead_hearts_with_only_penalty: bool = True
    """A leader holding only hearts and the Q♠ may lead a heart before they are broken."""
    heart_value: HeartValue = HeartValue.ONE
    """What each heart counts."""
    card_values: tuple[tuple[Card, int], ...] = ()
    """Other cards that count: (card, value) pairs, e.g. Q♠ 13 (Black Lady), J♦ −10 (Omnibus)."""
    joker: Joker | None = None
    """Joker Hearts (law 3): the joker replaces the 2♥ (None: no joker). See :class:`Joker`."""
    auction: Auction | None = None
    """Auction Hearts (laws 24, 30; docs/rules.md §5.1): each seat bids once, the highest names the
    suit to avoid (None: no auction). See :class:`Auction`."""
    widow: Widow = Widow.NONE
    """Heartsette (docs/rules.md §5.5), three to six players and one pack: without the 2♠ for three or
    four (the full pack for five or six), deal 16, 12, 10 or 8 each; the rest (3, 3, 2 or 4
    cards) lie face down as a widow, which goes to the winner of the first trick (``discard``:
    into his hand, and he discards as many, which count against him; ``first-trick``: with the
    trick; ``last-trick``: with the last trick instead). Two packs leave a widow of their own:
    see :attr:`Cancellation.widow`."""
    cancellation: Cancellation | None = None
    """Cancellation Hearts (docs/rules.md §7): two packs, twins cancel (None: one pack). See
    :class:`Cancellation`."""
    domino: bool = False
    """Domino Hearts (docs/rules.md §5.6): deal six to each seat from the whole pack (``strip`` does
    not apply), the rest a face-down stock. A seat that cannot follow suit draws from the stock,
    one card at a time, until it can (then plays); with the stock empty it may play anything. A
    seat out of cards drops out (a trick won with a seat's last card is led by the next seat
    still in), and the last seat holding cards keeps them and whatever is left in the stock as
    its taken cards. If every remaining seat plays its last card to the same trick, that trick's
    winner takes the stock (our reading: the sources do not say)."""
    laws: bool = False
    """Play by the laws at a real table (laws 22–27): a seat may revoke (``Revoke`` move), correct
    it before the trick is complete (law 22), and any other seat may claim a revoke until the
    next hand starts (laws 25–26, a ``Gather`` move ends the hand); a claim is judged when the
    hand has been played out (laws 23, 25), and a revoke it establishes is settled by laws
    23–24 in the settlement method of the form. Off: revokes are impossible."""
    settlement: Settling = Sweepstakes()
    """How each hand is settled: a part whose kind is the method, with that method's options —
    :class:`Points` (the moon, the no-trick bonus), :class:`Sweepstakes` (who wins a Jack),
    :class:`Howell`, :class:`Simple`, :class:`Excess`, :class:`TwoHanded` (free hearts)."""
    end: GameEnd = GameEnd.DEALS
    """When the game is over."""
    target: int = 100
    """Points that end a points game, or counters to gain in a ``gain`` game."""
    deals: int = 1
    """Hands in a game that ends after a number of deals."""
    start_counters: int = 50
    """Counters each seat starts with, in a counters settlement."""
    ties: TieRule = TieRule.CONTINUE
    """Ties for the win at the end."""

    # Derived when the value is built; not options.
    method: SettlementMethod = dataclasses.field(
        init=False, repr=False, compare=False, default=SettlementMethod.SWEEPSTAKES
    )
    """The settlement's method (``settlement.method``): the cheap way to ask it."""
    moon: Moon = dataclasses.field(init=False, repr=False, compare=False, default=Moon.OFF)
    """The moon rule: ``settlement.moon`` in a points settlement, else off (derived)."""
    no_trick: NoTrickBonus | None = dataclasses.field(
        init=False, repr=False, compare=False, default=None
    )
    """The no-trick bonus: ``settlement.no_trick`` in a points settlement, else None (derived)."""
    packs: int = dataclasses.field(init=False, repr=False, compare=False, default=1)
    """Packs shuffled together: 2 with ``cancellation``, else 1."""
    pass_count: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Cards each seat passes: ``passing.count``, or 0 without passing."""
    pack: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Mask of the cards in play."""
    values: tuple[int, ...] = dataclasses.field(init=False, repr=False, compare=False, default=())
    """Penalty value of each card id (0 for cards that do not count)."""
    penalty_mask: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Mask of the cards that count against (value above zero): the moon needs all of them."""
    penalty_total: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """T: the sum of the values above zero in the pack (13 plain, 26 Black Lady)."""
    hand_size: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Cards dealt to each seat that takes cards."""
    dealt_seats: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Seats that take cards each hand (six at a table of seven)."""
    _lowest_club: Card = dataclasses.field(init=False, repr=False, compare=False, default=Card(0))

    def __post_init__(self) -> None:
        self._normalise()
        set_ = object.__setattr__
        set_(self, "packs", 1 if self.cancellation is None else 2)
        set_(self, "pass_count", 0 if self.passing is None else self.passing.count)
        settlement = self.settlement
        set_(self, "method", settlement.method)
        if isinstance(settlement, Points):
            set_(self, "moon", settlement.moon)
            set_(self, "no_trick", settlement.no_trick)
        self._check()
        pack = FULL_PACK & ~self._laid_aside()
        if self.cancellation:  # both packs whole, no strip (docs/rules.md §7.1)
            pack = FULL_PACK | FULL_PACK << 64
        if self.joker:  # the joker replaces the 2♥ (law 3)
            pack = pack & ~(1 << _TWO_OF_HEARTS) | 1 << JOKER
        values = [0] * 128
        for card in cards_of(pack & HEARTS_MASK):
            values[card] = card.rank if self.heart_value is HeartValue.PIPS else 1
        if self.joker:
            values[JOKER] = self.joker.penalty
        for card, value in self.card_values:
            if card == JOKER:
                raise InvalidRules(
                    "card_values names the joker: give its value as joker=Joker(penalty=...)"
                )
            if not pack >> card & 1:
                raise InvalidRules(
                    f"card_values names {card}, which is not in the pack: "
                    + (
                        f"removed={_names(self.removed)} lays it aside"
                        if self.removed
                        else f"strip={self.strip.value} lays it aside with players={self.players}"
                    )
                )
            values[card] = value
            if self.cancellation:  # the same card of the other pack counts the same
                values[card ^ 64] = value
        penalty_mask = sum(1 << card for card in cards_of(pack) if values[card] > 0)
        dealt = 6 if self.players == 7 and self.packs == 1 and not self.domino else self.players
        hand_size = 13 if self.stock else pack.bit_count() // dealt
        if self.domino:
            hand_size = _DOMINO_HAND
        if self.widow is not Widow.NONE:
            hand_size = _WIDOW_HANDS[self.players]
        set_(self, "pack", pack)
        set_(self, "values", tuple(values))
        set_(self, "penalty_mask", penalty_mask)
        set_(self, "penalty_total", sum(values[card] for card in cards_of(penalty_mask)))
        set_(self, "hand_size", hand_size)
        set_(self, "dealt_seats", dealt)
        clubs = pack & SUIT_MASKS[Suit.CLUBS]
        set_(self, "_lowest_club", Card((clubs & -clubs).bit_length() - 1))
        if self.penalty_total <= 0:
            raise InvalidRules("card_values leave no card that counts against: nothing to avoid")
        below = [card for card in cards_of(pack) if values[card] < 0]
        if below and self.method is not SettlementMethod.POINTS:
            raise InvalidRules(
                f"{below[0]} counts {values[below[0]]}, which clashes with "
                f"settlement={self.method.value}: counters are paid for penalty units, so no "
                "card may count below zero (a bonus card needs settlement=points)"
            )
        if self.pass_count >= hand_size:
            raise InvalidRules(
                f"passing.count={self.pass_count} clashes with players={self.players}: "
                f"each seat holds only {hand_size} cards"
            )

    def _normalise(self) -> None:
        """Accept plain strings, lists and mappings where enums, tuples and parts are meant (for
        records, the command line)."""
        set_ = object.__setattr__
        for name, part in _PARTS.items():
            set_(self, name, _part(name, part, getattr(self, name)))
        set_(self, "settlement", _settling(self.settlement))
        enums: dict[str, type[enum.Enum]] = {
            "strip": Strip,
            "first_lead": FirstLead,
            "heart_value": HeartValue,
            "widow": Widow,
            "end": GameEnd,
            "ties": TieRule,
        }
        for name, kind in enums.items():
            set_(self, name, _member(name, kind, getattr(self, name)))
        set_(self, "card_values", _normalise_card_values(self.card_values))
        set_(self, "removed", _normalise_removed(self.removed))
        for name in ("players", "target", "deals", "start_counters"):
            _whole(name, getattr(self, name))
        for name in (
            "stock",
            "penalty_free_first_trick",
            "hearts_must_be_broken",
            "queen_breaks_hearts",
            "lead_hearts_with_only_penalty",
            "domino",
            "laws",
        ):
            _flag(name, getattr(self, name))

    def _check(self) -> None:
        """Refuse options out of range, and pairs of options that contradict each other."""
        players, method = self.players, self.method
        if self.cancellation:
            self._check_two_packs()
        elif not 2 <= players <= 7:
            raise InvalidRules(
                f"players={players} is not allowed: two to six play at one table, seven with "
                "the dealer sitting out (law 1)"
            )
        self._check_widow()
        self._check_domino()
        if players == 2 and not self.stock and not self.domino:
            raise InvalidRules(
                "players=2 needs stock=True: two-handed deals thirteen each and leaves a stock (law 8)"
            )
        if self.stock and players != 2:
            raise InvalidRules(f"stock=True clashes with players={players}: only two-handed draws")
        if self.removed:
            self._check_removed()
        self._check_joker()
        self._check_auction()
        if self.passing:
            if self.stock:
                raise InvalidRules("passing clashes with stock=True: two-handed Hearts has no pass")
            if PassDirection.ACROSS in self.passing.cycle and players % 2:
                raise InvalidRules(
                    f"passing.cycle=across clashes with players={players}: only an even table "
                    "has a seat across"
                )
            if players == 7 and not self.cancellation:
                raise InvalidRules(
                    "passing clashes with players=7: the table of seven does not pass"
                )
        if self.queen_breaks_hearts and not self.hearts_must_be_broken:
            raise InvalidRules(
                "queen_breaks_hearts=True clashes with hearts_must_be_broken=False: there is "
                "nothing to break"
            )
        seats, table = _ONE_TABLE.get(method, (players, ""))
        if players != seats:
            raise InvalidRules(f"settlement={method.value} clashes with players={players}: {table}")
        counters = method is not SettlementMethod.POINTS
        if self.end is GameEnd.TARGET and counters:
            raise InvalidRules(
                f"end=target clashes with settlement={method.value}: a points target needs "
                "settlement=points (for counters use end=gain or end=bankrupt)"
            )
        if self.end in (GameEnd.BANKRUPT, GameEnd.GAIN) and not counters:
            raise InvalidRules(
                f"end={self.end.value} clashes with settlement=points: it counts counters"
            )
        if self.target <= 0:
            raise InvalidRules(f"target={self.target} must be above zero")
        if self.deals <= 0:
            raise InvalidRules(f"deals={self.deals} must be at least one")
        if self.start_counters < 0 or (self.end is GameEnd.BANKRUPT and not self.start_counters):
            raise InvalidRules(f"start_counters={self.start_counters} must be above zero")

    def _check_removed(self) -> None:
        """The cards laid aside must be cards of the pack, and leave a pack that deals out."""
        removed, players = _names(self.removed), self.players
        for card in self.removed:
            if not FULL_PACK >> card & 1:
                raise InvalidRules(f"removed names {card}, which is not a card of the pack")
        left = 52 - len(self.removed)
        if self.stock:
            if left < 26 or left % 2:
                raise InvalidRules(
                    f"removed={removed} clashes with players={players}: it leaves {left} cards, "
                    "and two-handed needs thirteen each and an even stock"
                )
        else:
            dealt = 6 if players == 7 else players  # at seven the dealer takes no cards
            if not left or left % dealt:
                raise InvalidRules(
                    f"removed={removed} clashes with players={players}: it leaves {left} cards, "
                    f"which do not deal out evenly to the {dealt} seats that take cards"
                )
        if self.first_lead is not FirstLead.ELDEST and not (
            FULL_PACK & ~mask_of(self.removed) & SUIT_MASKS[Suit.CLUBS]
        ):
            raise InvalidRules(
                f"first_lead={self.first_lead.value} clashes with removed={removed}: no club is "
                "left to lead"
            )

    def _check_two_packs(self) -> None:
        """Cancellation Hearts: three to eleven seats, the whole of both packs, one card each."""
        if not 3 <= self.players <= 11:
            raise InvalidRules(
                f"players={self.players} is not allowed with cancellation: Cancellation Hearts "
                "seats three to eleven"
            )
        clashes = (
            (bool(self.removed), "removed", "both packs are dealt whole"),
            (self.joker is not None, "joker", "there is no joker in Cancellation Hearts"),
            (self.auction is not None, "auction", "Auction Hearts is played with one pack"),
        )
        for clash, option, reason in clashes:
            if clash:
                raise InvalidRules(f"cancellation clashes with {option}: {reason}")

    def _check_auction(self) -> None:
        """Auction Hearts is classic play settled by sweepstakes, the named suit one a card."""
        if not self.auction:
            return
        clashes = (
            (
                self.method is not SettlementMethod.SWEEPSTAKES,
                f"settlement={self.method.value}",
                "the bid is paid into a sweepstakes pool",
            ),
            (self.passing is not None, "passing", "classic play has no pass"),
            (
                self.first_lead is not FirstLead.ELDEST,
                f"first_lead={self.first_lead.value}",
                "the highest bidder leads",
            ),
            (
                self.hearts_must_be_broken,
                "hearts_must_be_broken=True",
                "any suit may be named, and classic play leads any card",
            ),
            (
                self.penalty_free_first_trick,
                "penalty_free_first_trick=True",
                "classic play has no such rule",
            ),
            (bool(self.card_values), "card_values", "only the named suit counts"),
            (
                self.heart_value is not HeartValue.ONE,
                f"heart_value={self.heart_value.value}",
                "each card of the named suit counts one",
            ),
            (self.joker is not None, "joker", "only the named suit counts"),
        )
        for clash, option, reason in clashes:
            if clash:
                raise InvalidRules(f"auction clashes with {option}: {reason}")

    def _check_joker(self) -> None:
        """The joker needs a 2♥ to replace (law 3)."""
        if self.joker and self._laid_aside() >> _TWO_OF_HEARTS & 1:
            raise InvalidRules(
                "joker clashes with "
                + (
                    f"removed={_names(self.removed)}"
                    if self.removed
                    else f"players={self.players} (strip={self.strip.value})"
                )
                + ": the 2♥ the joker replaces is already out"
            )

    def _check_widow(self) -> None:
        """Heartsette deals its own pack (docs/rules.md §5.5) to three to six players, with one pack."""
        if self.widow is Widow.NONE:
            return
        option = f"widow={self.widow.value}"
        if self.cancellation:
            raise InvalidRules(
                f"{option} clashes with cancellation: Heartsette's widow is for one pack; the "
                "cards left over from two packs go to the first trick's winner (Bicycle), or "
                "with the last trick with cancellation.widow=last-trick (Parlett)"
            )
        if self.players not in _WIDOW_HANDS:
            raise InvalidRules(
                f"{option} clashes with players={self.players}: Heartsette seats three to six"
            )
        clashes = (
            (bool(self.removed), "removed", "Heartsette lays aside its own cards"),
            (
                self.strip is not Strip.FOSTER,
                f"strip={self.strip.value}",
                "Heartsette lays aside its own cards",
            ),
            (self.joker is not None, "joker", "Heartsette has no joker"),
            (self.auction is not None, "auction", "Auction Hearts has no widow"),
            (self.domino, "domino=True", "Domino Hearts leaves a stock, not a widow"),
        )
        for clash, other, reason in clashes:
            if clash:
                raise InvalidRules(f"{option} clashes with {other}: {reason}")

    def _check_domino(self) -> None:
        """Domino Hearts deals six each from one whole pack and draws to follow (docs/rules.md §5.6)."""
        if not self.domino:
            return
        clashes = (
            (self.stock, "stock=True", "Domino Hearts has its own stock, drawn to follow suit"),
            (
                self.cancellation is not None,
                "cancellation",
                "Domino Hearts is played with one pack",
            ),
            (bool(self.removed), "removed", "Domino Hearts deals from the whole pack"),
            (self.auction is not None, "auction", "Auction Hearts deals the whole pack out"),
            (
                self.moon is not Moon.OFF,
                f"settlement.moon={self.moon.value}",
                "the last seat keeps every card left without taking a trick, so nobody shoots",
            ),
            (
                self.no_trick is not None,
                "settlement.no_trick",
                "a seat may take no trick and keep the cards that count",
            ),
        )
        for clash, other, reason in clashes:
            if clash:
                raise InvalidRules(f"domino=True clashes with {other}: {reason}")

    def _laid_aside(self) -> int:
        """The mask of the cards taken out of the pack: ``removed`` if given, else the strip's."""
        if self.domino:
            return 0
        if self.widow is not Widow.NONE:
            return _WIDOW_STRIP.get(self.players, 0)
        if self.removed:
            return mask_of(self.removed)
        return stripped_cards(self.players, self.strip)

    @property
    def passes(self) -> bool:
        """Whether any hand of this form has a pass."""
        return self.passing is not None

    @property
    def widow_with_last_trick(self) -> bool:
        """Whether the widow goes with the last trick: Heartsette's (``widow=last-trick``), or the
        cards left over from two packs (``cancellation.widow=last-trick``).

        >>> Rules(players=6, cancellation={"widow": "last-trick"}).widow_with_last_trick
        True
        """
        two = self.cancellation
        return self.widow is Widow.LAST_TRICK or (
            two is not None and two.widow is Leftover.LAST_TRICK
        )

    @property
    def counters(self) -> bool:
        """Whether hands are settled in counters (the classic game) rather than points."""
        return self.method is not SettlementMethod.POINTS

    @property
    def lowest_club(self) -> Card:
        """The club that leads the first trick under ``first_lead=lowest-club`` (the 2♣ unless
        stripped)."""
        return self._lowest_club

    def pass_direction(self, hand_number: int) -> PassDirection:
        """The pass of the hand with this number (0 for the first hand; hold without passing).

        >>> from hearts import variants
        >>> [variants.get("modern").pass_direction(n).value for n in range(5)]
        ['left', 'right', 'across', 'hold', 'left']
        """
        if self.passing is None:
            return PassDirection.HOLD
        return self.passing.direction(hand_number)

    def value(self, card: Card) -> int:
        """What a card counts against the seat that takes it.

        >>> from hearts import variants
        >>> from hearts.cards import QUEEN_OF_SPADES
        >>> variants.get("modern").value(QUEEN_OF_SPADES)
        13
        """
        return self.values[card]

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (checked like a new value).

        A part is replaced by a part, or None to turn its mechanic off; a mapping changes only
        the options it names, of the part there is (or of a new one, when it is off). The
        settlement likewise: a mapping without a ``method`` (or naming the method there is)
        changes some options of the settlement there is, one naming another method makes a new
        one; a part or a method's name replaces it whole:

        >>> Rules().replace(players=3).hand_size
        17
        >>> from hearts import variants
        >>> variants.get("auction").replace(auction=Auction(max_bid=5)).auction
        Auction(max_bid=5)
        >>> variants.get("modern").replace(passing={"count": 2}).passing.count
        2
        >>> variants.get("modern").replace(passing=None).pass_count
        0
        >>> variants.get("modern").replace(settlement={"moon": "new"}).moon
        <Moon.NEW: 'new'>
        >>> variants.get("no-trick").replace(settlement={"no_trick": {"with_moon": False}}).no_trick
        NoTrickBonus(points=5, with_moon=False)
        >>> variants.get("classic").replace(settlement="howell").method
        <SettlementMethod.HOWELL: 'howell'>
        """
        for name, value in changes.items():
            if name not in _OPTIONS:
                raise InvalidRules(_unknown("", name))
            current = getattr(self, name) if name in _PARTS or name == "settlement" else None
            if current is not None and isinstance(value, Mapping):
                changes[name] = _changed(current, value)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data (enums by value, cards by name, each part as a
        mapping of its options); a part that is off, and options that are off by default in
        every form (no widow, no cards removed, no domino, no laws), are left out.

        >>> Rules().to_dict()["settlement"]
        {'method': 'sweepstakes', 'jack_rule': 'sole-clear'}
        >>> Rules(passing={"count": 3, "cycle": ["left"]}).to_dict()["passing"]
        {'count': 3, 'cycle': ['left']}
        """
        data: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            if not field.init:
                continue
            name = field.name
            value = getattr(self, name)
            if name in _PARTS or name == "settlement":
                if value is None:
                    continue  # the mechanic is off: records of such forms need no entry
                value = value.to_dict()
            elif name in _LEFT_OUT and value == _LEFT_OUT[name]:
                continue
            elif name == "removed":
                value = [str(card) for card in value]
            elif name == "card_values":
                value = {str(card): amount for card, amount in value}
            else:
                value = _enum_value(value)
            data[name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, version: int = 2) -> Rules:
        """Rules from :meth:`to_dict` data; unknown or bad options are refused by name.

        ``version`` is the record format the data comes from: 2, what :meth:`to_dict` writes,
        or 1, the flat options of records written before the parts (``pass_count``,
        ``pass_cycle``, ``auction``, ``max_bid``, ``joker``, ``joker_wins_any_trick``,
        ``joker_penalty``, ``packs``, ``unwon_last_trick``), which are read into their parts.
        Both versions as first written had flat settlement options (``moon``,
        ``no_trick_bonus``, ``jack_rule``, ``free_hearts`` beside ``"settlement": "points"``):
        they are read into the settlement part (:func:`_settlement_from_flat`).

        >>> Rules.from_dict({"players": 3, "settlement": "excess"}).players
        3
        >>> Rules.from_dict({"pass_count": 3, "pass_cycle": ["left"]}, version=1).passing
        Passing(count=3, cycle=(<PassDirection.LEFT: 'left'>,))
        >>> Rules.from_dict({"settlement": "points", "moon": "new", "no_trick_bonus": 5}).settlement
        Points(moon=<Moon.NEW: 'new'>, no_trick=NoTrickBonus(points=5, with_moon=True))
        >>> Rules.from_dict({"player": 3})
        Traceback (most recent call last):
        ...
        hearts.errors.InvalidRules: unknown option 'player'
        """
        if not isinstance(data, Mapping):
            raise InvalidRules(f"rules must be a mapping of options, not {type(data).__name__}")
        for key in data:
            if not isinstance(key, str):
                raise InvalidRules(f"rules name their options by strings, not {key!r}")
        if isinstance(version, bool) or version not in (1, 2):
            raise InvalidRules(f"rules of version {version!r} cannot be read: only 1 and 2")
        if version == 1:
            data = _from_version_1(data)
        return cls(**_settlement_from_flat(data))


_OPTIONS: Final = frozenset(field.name for field in dataclasses.fields(Rules) if field.init)
"""The options of :class:`Rules` (its derived values are not options)."""
_LEFT_OUT: Final[dict[str, object]] = {
    "widow": Widow.NONE,
    "removed": (),
    "domino": False,
    "laws": False,
}
"""Options written to records only when they are not these values (as before the parts)."""


def _changed(part: Any, changes: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """A part's options changed by a mapping of some of them (:meth:`Rules.replace`); a
    mapping that names another settlement method is a new settlement, from the mapping alone."""
    method = getattr(part, "method", None)
    if method is not None and _enum_value(changes.get("method", method)) != method.value:
        return changes
    return _merged(part.to_dict(), changes)


def _merged(old: Mapping[str, Any], new: Mapping[Any, Any]) -> dict[Any, Any]:
    """``old`` options with ``new`` ones over them; a part within a part merges the same way."""
    merged: dict[Any, Any] = dict(old)
    for key, value in new.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            value = _merged(merged[key], value)
        merged[key] = value
    return merged


_FLAT_SETTLEMENT: Final = ("moon", "no_trick_bonus", "jack_rule", "free_hearts")
"""The settlement's options as records wrote them before the settlement parts."""


def _settlement_from_flat(data: Mapping[str, Any]) -> dict[str, Any]:
    """The rules of a record written before the settlement parts (version 1, and version 2 as
    first written), whose settlement's options stood flat beside its method (``"moon": "old"``,
    ``"no_trick_bonus": 5``, ``"jack_rule"``, ``"free_hearts"``), with them read into the
    settlement part; other data as it is. What those records refused is refused in their words.
    A ``jack_rule`` outside the sweepstakes changed nothing and was never refused: it is dropped.
    The no-trick bonus of those records applied in a moon hand too (``with_moon=True``).

    >>> _settlement_from_flat({"settlement": "points", "moon": "old", "no_trick_bonus": 0,
    ...                        "jack_rule": "sole-clear", "free_hearts": 0})
    {'settlement': {'method': 'points', 'moon': 'old'}}
    >>> _settlement_from_flat({"settlement": "howell", "moon": "old"})
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: moon=old clashes with settlement=howell: the moon is scored only when settlement=points
    """
    settlement = data.get("settlement", SettlementMethod.SWEEPSTAKES)
    if isinstance(settlement, (Mapping, Settling)) or not set(_FLAT_SETTLEMENT) & set(data):
        return dict(data)  # the settlement part as it is written now (a stray flat key: refused)
    new = {key: value for key, value in data.items() if key not in _FLAT_SETTLEMENT}
    method = _member("settlement", SettlementMethod, settlement)
    moon = _member("moon", Moon, data.get("moon", Moon.OFF))
    bonus = _whole("no_trick_bonus", data.get("no_trick_bonus", 0))
    jack = _member("jack_rule", JackRule, data.get("jack_rule", JackRule.SOLE_CLEAR))
    free = _whole("free_hearts", data.get("free_hearts", 0))
    for name, shown, on, only in (
        ("moon", moon.value, moon is not Moon.OFF, "moon"),
        ("no_trick_bonus", bonus, bonus != 0, "no_trick"),
        ("free_hearts", free, free != 0, "free_hearts"),
    ):
        if on and method is not _ONLY_IN[only][0]:
            raise InvalidRules(
                f"{name}={shown} clashes with settlement={method.value}: {_ONLY_IN[only][1]}"
            )
    part: dict[str, Any] = {"method": method.value}
    if method is SettlementMethod.POINTS:
        part["moon"] = moon.value
        if bonus:
            part["no_trick"] = {"points": bonus, "with_moon": True}
    elif method is SettlementMethod.SWEEPSTAKES:
        part["jack_rule"] = jack.value
    elif method is SettlementMethod.TWO_HANDED:
        part["free_hearts"] = free
    new["settlement"] = part
    return new


def _from_version_1(data: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a version-1 record (flat: ``pass_count``, ``max_bid``, ``packs``…) as
    version 2 has them, in their parts. What version 1 refused is refused in its own words.

    >>> _from_version_1({"packs": 2, "widow": "last-trick", "players": 6})
    {'players': 6, 'cancellation': {'unwon_last_trick': 'leader', 'widow': 'last-trick'}}
    >>> _from_version_1({"max_bid": 9})
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: max_bid=9 clashes with auction=False: there is no bidding
    """
    old = dict(data)
    moved = {"pass_count", "pass_cycle", "auction", "max_bid", "joker", "joker_wins_any_trick"}
    moved |= {"joker_penalty", "packs", "unwon_last_trick", "widow"}
    new = {key: value for key, value in old.items() if key not in moved}
    count = _whole("pass_count", old.get("pass_count", 0))
    cycle = old.get("pass_cycle", ())
    if count:
        new["passing"] = {"count": count, "cycle": cycle}
    else:
        try:
            if isinstance(cycle, str):
                raise TypeError
            holds = all(PassDirection(d) is PassDirection.HOLD for d in cycle)
        except (ValueError, TypeError):
            choices = ", ".join(d.value for d in PassDirection)
            raise InvalidRules(f"pass_cycle={cycle!r} must list directions: {choices}") from None
        if not holds:
            raise InvalidRules("pass_cycle clashes with pass_count=0: say how many cards to pass")
    for switch, options, part in (
        ("auction", {"max_bid": ("max_bid", _MAX_BID)}, "auction"),
        (
            "joker",
            {
                "joker_wins_any_trick": ("wins_any_trick", True),
                "joker_penalty": ("penalty", _JOKER_PENALTY),
            },
            "joker",
        ),
    ):
        if _flag(switch, old.get(switch, False)):
            new[part] = {key: old[name] for name, (key, _) in options.items() if name in old}
            continue
        for name, (_, default) in options.items():
            if name in old and (old[name] != default or type(old[name]) is not type(default)):
                raise InvalidRules(
                    f"{name}={old[name]!r} clashes with {switch}=False: there is no "
                    + ("bidding" if switch == "auction" else "joker")
                )
    packs = _whole("packs", old.get("packs", 1))
    widow = _enum_value(old.get("widow", Widow.NONE.value))
    unwon = _enum_value(old.get("unwon_last_trick", LastTrick.LEADER.value))
    if packs == 2:
        two: dict[str, Any] = {"unwon_last_trick": unwon}
        if widow == Widow.LAST_TRICK.value:  # version 1's two-pack widow with the last trick
            two["widow"], widow = Leftover.LAST_TRICK.value, Widow.NONE.value
        new["cancellation"] = two
    elif packs != 1:
        raise InvalidRules(
            f"packs={packs} is not allowed: one pack, or two for Cancellation Hearts"
        )
    elif unwon != LastTrick.LEADER.value:
        raise InvalidRules(
            f"unwon_last_trick={unwon!s} clashes with packs=1: with one pack nothing cancels, "
            "and every trick has a winner"
        )
    if widow != Widow.NONE.value:
        new["widow"] = widow
    return new
