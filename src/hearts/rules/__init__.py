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

The package is in rooms of one concern, and every name is importable from ``hearts.rules`` as
before: :mod:`hearts.rules.options` (the choices that are one value each, as enums, the strips,
and the helpers that read an option from plain data), :mod:`hearts.rules.parts` (the options of
one mechanic, and the settlement, as parts), :mod:`hearts.rules.clashes` (the checks of what
crosses parts, a base of :class:`Rules`), :mod:`hearts.rules.migration` (the rules of older
records read into the parts, for :meth:`Rules.from_dict`) and :mod:`hearts.rules.form`
(:class:`Rules`: the parts put together, the derived values, reading and writing). Each imports
only those before it in that list.
"""

from __future__ import annotations

from hearts.rules.form import Rules
from hearts.rules.options import (
    FirstLead,
    GameEnd,
    HeartValue,
    JackRule,
    LastTrick,
    Leftover,
    Moon,
    PassDirection,
    SettlementMethod,
    Strip,
    TieRule,
    Widow,
    stripped_cards,
)
from hearts.rules.parts import (
    Auction,
    Cancellation,
    Excess,
    Howell,
    Joker,
    NoTrickBonus,
    Passing,
    Points,
    Settling,
    Simple,
    Sweepstakes,
    TwoHanded,
)

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
    # public names of the module the package was, though not in its __all__ (now re-exported)
    "JackRule",
    "HeartValue",
]
