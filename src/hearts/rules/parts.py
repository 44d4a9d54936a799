"""The parts of a form's rules: the options of one mechanic (:class:`Passing`, :class:`Auction`,
:class:`Joker`, :class:`Cancellation`), each None in :class:`~hearts.rules.Rules` when its
mechanic is off, and the settlement (:class:`Settling`: :class:`Points` with its
:class:`NoTrickBonus`, :class:`Sweepstakes`, :class:`Howell`, :class:`Simple`, :class:`Excess`,
:class:`TwoHanded`), whose kind is its method. Each part checks its own options, and refuses an
option it does not have by name (:func:`_by_name`).

>>> Passing(count=2).to_dict(), Points(moon="old").to_dict()
({'count': 2, 'cycle': ['left', 'right', 'across', 'hold']}, {'method': 'points', 'moon': 'old'})
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final, TypeVar

from hearts.errors import InvalidRules
from hearts.rules.options import (
    _JOKER_PENALTY,
    _MAX_BID,
    _MODERN_CYCLE,
    JackRule,
    LastTrick,
    Leftover,
    Moon,
    PassDirection,
    SettlementMethod,
    _enum_value,
    _flag,
    _member,
    _plain,
    _whole,
)

__all__ = [
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
]


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
