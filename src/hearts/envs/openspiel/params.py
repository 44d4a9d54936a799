"""The OpenSpiel names and parameters of every form: a preset's game name, the project's rule
options as game parameters (dotted for a part's options) and back, and OpenSpiel's own
``hearts`` parameters taken as aliases.

>>> game_name("black-maria")
'hearts_black_maria'
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, Final

from hearts import variants
from hearts.cards import Card
from hearts.errors import HeartsError, InvalidArgument
from hearts.rules import (
    Auction,
    Cancellation,
    Excess,
    FirstLead,
    Howell,
    Joker,
    NoTrickBonus,
    Passing,
    Points,
    Rules,
    Simple,
    Sweepstakes,
    TwoHanded,
)

PREFIX: Final = "hearts_"
"""What every game's name begins with."""
MAX_HANDS: Final = 50
"""The default bound of a whole-game episode, in hands."""
_PART_KINDS: Final[dict[str, type[Any]]] = {
    "passing": Passing,
    "auction": Auction,
    "joker": Joker,
    "cancellation": Cancellation,
}


def game_name(preset: str) -> str:
    """The OpenSpiel name of a preset.

    >>> game_name("black-maria")
    'hearts_black_maria'
    """
    return PREFIX + variants.variant(preset).name.replace("-", "_")


def names() -> list[str]:
    """The OpenSpiel name of every preset, in the order of :func:`hearts.variants.names`."""
    return [game_name(name) for name in variants.names()]


_ENGINE_PARAMS: Final = ("players", "episode", "max_hands")
"""The parameters that are not options of the form."""
_NOT_OPTIONS: Final = frozenset({"players", "laws"})
"""Options of :class:`~hearts.rules.Rules` that are not parameters of their own (``players`` is
one above; the games are built without the laws)."""
_SETTLING_KINDS: Final = (Points, Sweepstakes, Howell, Simple, Excess, TwoHanded)
OPENSPIEL_NAMES: Final = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "qs_breaks_hearts",
    "must_break_hearts",
    "can_lead_hearts_instead_of_qs",
)
"""OpenSpiel's own ``hearts`` parameters, each a parameter of every game here (see
:func:`parameters`)."""
_ALIAS_OF: Final = {
    "pass_cards": "passing",
    "no_pts_on_first_trick": "penalty_free_first_trick",
    "can_lead_any_club": "first_lead",
    "jd_bonus": "card_values",
    "avoid_all_tricks_bonus": "settlement.no_trick",
    "qs_breaks_hearts": "queen_breaks_hearts",
    "must_break_hearts": "hearts_must_be_broken",
    "can_lead_hearts_instead_of_qs": "lead_hearts_with_only_penalty",
}
"""Each OpenSpiel name and the project's option it stands for."""
_JACK_OF_DIAMONDS: Final = Card.parse("JD")
_OPENSPIEL_NO_TRICK: Final = NoTrickBonus(points=5, with_moon=False)


_SEPARATOR: Final = "/"
"""What parts a sequence in a string parameter (OpenSpiel's game strings separate parameters
with commas)."""


def _param_value(value: object) -> bool | int | str:
    """An option's value as an OpenSpiel parameter: a bool, an int or a string (an enum by its
    value, cards by name and a sequence joined by ``/``, ``QS:13`` for a card's value)."""
    if isinstance(value, bool | int):
        return value
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        parts = []
        for item in value:
            if isinstance(item, tuple):
                card, amount = item
                parts.append(f"{card}:{amount}")
            elif isinstance(item, Card):
                parts.append(str(item))
            else:
                parts.append(str(_param_value(item)))
        return _SEPARATOR.join(parts)
    raise TypeError(f"no parameter form for {value!r}")  # pragma: no cover - every option has one


def _part_options(prefix: str, part: Any) -> dict[str, bool | int | str]:
    """The dotted parameters of a part's options (nested parts: a flag and their options)."""
    out: dict[str, bool | int | str] = {}
    for field in dataclasses.fields(part):
        value = getattr(part, field.name)
        name = f"{prefix}.{field.name}"
        if field.name == "no_trick":
            out[name] = value is not None
            out.update(_part_options(name, value if value is not None else NoTrickBonus()))
        else:
            out[name] = _param_value(value)
    return out


def parameters(rules: Rules) -> dict[str, bool | int | str]:
    """Every option of ``rules`` as OpenSpiel parameters, then OpenSpiel's own eight names.

    A part (``passing``, ``auction``, ``joker``, ``cancellation``) is a flag, its options
    dotted (``passing.count``; at the part's defaults when it is off); the settlement is its
    method (``settlement``: ``points``, ``sweepstakes``...) and every method's options dotted
    (``settlement.moon``, ``settlement.no_trick`` and ``settlement.no_trick.points``...);
    sequences are strings of names joined by ``/`` (``passing.cycle``: ``left/right``;
    ``card_values``: ``QS:13/JD:-10``; ``removed``: ``2C``: OpenSpiel's game strings part
    parameters with commas).

    >>> params = parameters(variants.get("modern"))
    >>> params["passing"], params["passing.cycle"], params["card_values"], params["settlement"]
    (True, 'left/right/across/hold', 'QS:13', 'points')
    >>> params["settlement.moon"], params["pass_cards"], params["jd_bonus"]
    ('old', True, False)
    """
    out: dict[str, bool | int | str] = {}
    for field in dataclasses.fields(rules):
        if not field.init or field.name in _NOT_OPTIONS:
            continue
        name = field.name
        value = getattr(rules, name)
        if name in _PART_KINDS:
            out[name] = value is not None
            out.update(_part_options(name, value if value is not None else _PART_KINDS[name]()))
        elif name == "settlement":
            out[name] = str(value.method.value)
            for kind in _SETTLING_KINDS:
                current = value if isinstance(value, kind) else kind()
                for key, option in _part_options(name, current).items():
                    if isinstance(value, kind) or key not in out:
                        out[key] = option
        else:
            out[name] = _param_value(value)
    out.update(_openspiel_view(rules))
    return out


def _openspiel_view(rules: Rules) -> dict[str, bool]:
    """OpenSpiel's eight names as ``rules`` have them."""
    return {
        "pass_cards": rules.passing is not None,
        "no_pts_on_first_trick": rules.penalty_free_first_trick,
        "can_lead_any_club": rules.first_lead is FirstLead.ANY_CLUB,
        "jd_bonus": (_JACK_OF_DIAMONDS, -10) in rules.card_values,
        "avoid_all_tricks_bonus": rules.no_trick == _OPENSPIEL_NO_TRICK,
        "qs_breaks_hearts": rules.queen_breaks_hearts,
        "must_break_hearts": rules.hearts_must_be_broken,
        "can_lead_hearts_instead_of_qs": rules.lead_hearts_with_only_penalty,
    }


def _parsed(name: str, text: str) -> Any:
    """A string parameter back as the option's value (sequences split at ``/``)."""
    if "," in text or "=" in text or "(" in text or ")" in text:
        raise InvalidArgument(
            f"{name}={text!r}: a parameter holds no ',', '=' or brackets (OpenSpiel's game "
            "strings are made of them); part a sequence with '/', as 'left/right'"
        )
    if name in ("passing.cycle", "removed"):
        return tuple(item.strip() for item in text.split(_SEPARATOR) if item.strip())
    if name == "card_values":
        pairs = []
        for item in text.split(_SEPARATOR):
            if not item.strip():
                continue
            card, sep, amount = item.partition(":")
            try:
                if not sep:
                    raise ValueError
                pairs.append((Card.parse(card.strip()), int(amount)))
            except (ValueError, HeartsError):
                raise InvalidArgument(
                    f"card_values={text!r}: each is a card and its value, as 'QS:13/JD:-10'"
                ) from None
        return tuple(pairs)
    return text


def _agree(alias: str, on: bool | int | str, value: bool | int | str) -> bool:
    """Whether OpenSpiel's name ``alias`` set to ``on`` says what its option set to ``value``
    says (a game's parameters name both, so a game read back gives both)."""
    if alias == "jd_bonus":
        pairs = _parsed("card_values", value) if isinstance(value, str) else ()
        return ((_JACK_OF_DIAMONDS, -10) in pairs) == on
    if alias == "can_lead_any_club":
        return (value == "any-club") == on
    return value == on


def rule_changes(
    defaults: dict[str, bool | int | str], params: dict[str, Any], rules: Rules
) -> dict[str, Any]:
    """The rule changes the parameters ask for: each parameter that differs from its default
    (OpenSpiel fills every parameter in, so one at its default changes nothing)."""
    changed: dict[str, Any] = {}
    for name, value in params.items():
        if name in _ENGINE_PARAMS:
            continue
        if name not in defaults:
            known = ", ".join(sorted(defaults))
            raise InvalidArgument(f"unknown parameter {name!r}: the parameters are {known}")
        default = defaults[name]
        if type(value) is not type(default):
            raise InvalidArgument(
                f"{name}={value!r}: it is a {type(default).__name__}, as {default!r}"
            )
        if value != default:
            changed[name] = value
    for alias, option in _ALIAS_OF.items():
        if alias in changed and option in changed:
            if not _agree(alias, changed[alias], changed[option]):
                raise InvalidArgument(
                    f"{alias}={changed[alias]!r} and {option}={changed[option]!r} disagree: "
                    f"{alias} is OpenSpiel's name for {option}, give one of them"
                )
            del changed[alias]  # the same rule said twice: the option says it
    # OpenSpiel's names, as the project's options.
    if "pass_cards" in changed:
        changed["passing"] = changed.pop("pass_cards")
    for alias, option in (
        ("no_pts_on_first_trick", "penalty_free_first_trick"),
        ("qs_breaks_hearts", "queen_breaks_hearts"),
        ("must_break_hearts", "hearts_must_be_broken"),
        ("can_lead_hearts_instead_of_qs", "lead_hearts_with_only_penalty"),
    ):
        if alias in changed:
            changed[option] = changed.pop(alias)
    if "can_lead_any_club" in changed:
        changed["first_lead"] = "any-club" if changed.pop("can_lead_any_club") else "lowest-club"
    if "jd_bonus" in changed:
        values = [pair for pair in rules.card_values if pair[0] != _JACK_OF_DIAMONDS]
        if changed.pop("jd_bonus"):
            values.append((_JACK_OF_DIAMONDS, -10))
        changed["card_values"] = _SEPARATOR.join(f"{card}:{amount}" for card, amount in values)
    if "avoid_all_tricks_bonus" in changed:
        on = changed.pop("avoid_all_tricks_bonus")
        changed["settlement.no_trick"] = on
        if on:
            changed["settlement.no_trick.points"] = 5
            changed["settlement.no_trick.with_moon"] = False
    # Group the dotted options by part.
    out: dict[str, Any] = {}
    parts: dict[str, dict[str, Any]] = {}
    for name, value in changed.items():
        top, dot, rest = name.partition(".")
        parsed = _parsed(name, value) if isinstance(value, str) else value
        if dot:
            parts.setdefault(top, {})[rest] = parsed
        else:
            out[top] = parsed
    for part, options in parts.items():
        if part == "settlement":
            out["settlement"] = _settlement_change(rules, out.get("settlement"), options)
            continue
        on = out.get(part, getattr(rules, part) is not None)
        if on is False:
            raise InvalidArgument(
                f"{', '.join(f'{part}.{key}' for key in options)} given, but {part} is off: "
                f"turn it on with {part}=True"
            )
        out[part] = options
    return out


def _settlement_change(rules: Rules, method: Any, options: dict[str, Any]) -> Any:
    """The settlement asked for: its method (the rules' own unless named) with the options
    given (``no_trick``: a flag, its own options dotted)."""
    data: dict[str, Any] = {"method": method if method is not None else rules.method.value}
    bonus: dict[str, Any] = {}
    flag: bool | None = None
    for key, value in options.items():
        if key == "no_trick":
            flag = bool(value)
        elif key.startswith("no_trick."):
            bonus[key.partition(".")[2]] = value
        else:
            data[key] = value
    same = data["method"] == rules.method.value and isinstance(rules.settlement, Points)
    current = rules.no_trick if same else None
    if flag is None and bonus:
        flag = current is not None
    if flag is False and bonus:
        raise InvalidArgument(
            "settlement.no_trick options given, but settlement.no_trick is off: "
            "turn it on with settlement.no_trick=True"
        )
    if flag:
        bonus = {**(dataclasses.asdict(current) if current is not None else {}), **bonus}
    if flag:
        data["no_trick"] = bonus or {}
    elif flag is False:
        data["no_trick"] = None
    return data


# ------------------------------------------------------------------ the information-state tensor
