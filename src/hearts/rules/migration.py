"""The rules of older records, read into the parts of today's (:meth:`hearts.rules.Rules.from_dict`
calls these): version 1's flat options (``pass_count``, ``max_bid``, ``packs``, ...) into their
parts (:func:`_from_version_1`), and the settlement's flat options of version 1 and of version 2
as first written (``"moon": "old"`` beside ``"settlement": "points"``) into the settlement part
(:func:`_settlement_from_flat`). What those records refused is refused in their own words.

It lives here, in the rules' package, not where records are read (:mod:`hearts.record`): every
reader of rules as data reads them through :meth:`~hearts.rules.Rules.from_dict` (records, and the
server's stored tables and ratings, which may hold rules of the first shape), the record layer
sits above the rules and may not be imported by them, and the migration reads options with the
rules' own helpers (:mod:`hearts.rules.options`).

>>> _from_version_1({"pass_count": 3, "pass_cycle": ["left"]})
{'passing': {'count': 3, 'cycle': ['left']}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from hearts.errors import InvalidRules
from hearts.rules.options import (
    _JOKER_PENALTY,
    _MAX_BID,
    JackRule,
    LastTrick,
    Leftover,
    Moon,
    PassDirection,
    SettlementMethod,
    Widow,
    _enum_value,
    _flag,
    _member,
    _whole,
)
from hearts.rules.parts import _ONLY_IN, Settling

__all__: list[str] = []


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
