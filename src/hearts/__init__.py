"""Hearts as people really play it: every form of the laws and today's variants, on a fast,
open engine.

The core (this package without its faces) imports only the standard library, and importing
it is light: ``import hearts`` loads this module alone, and each name below loads its module when
first used (PEP 562), so ``import hearts.cards`` loads the cards and not the bots or NumPy:

>>> import hearts
>>> game = hearts.Game(hearts.variants.get("modern"), seed=7)
>>> game.deal.phase.value, len(game.deal.legal_moves())     # 13 cards, choose 3: 286 passes
('pass', 286)
>>> set(hearts.__all__) <= set(dir(hearts)), "bots" in dir(hearts)
(True, True)
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hearts import bots, events, record, scoring, table, variants, verify
    from hearts.cards import Card, CardSet, Rank, Suit
    from hearts.deal import Deal, Phase, Trick
    from hearts.errors import (
        HeartsError,
        IllegalMove,
        InvalidArgument,
        InvalidCard,
        InvalidRecord,
        InvalidRules,
        UnknownName,
    )
    from hearts.game import Game
    from hearts.moves import Bid, Discard, MoonChoice, Move, NameSuit, Pass, coerce_move, parse_move
    from hearts.observation import PublicView, SeatView
    from hearts.rules import (
        Auction,
        Cancellation,
        Excess,
        FirstLead,
        GameEnd,
        HeartValue,
        Howell,
        JackRule,
        Joker,
        Moon,
        NoTrickBonus,
        PassDirection,
        Passing,
        Points,
        Rules,
        SettlementMethod,
        Settling,
        Simple,
        Strip,
        Sweepstakes,
        TieRule,
        TwoHanded,
    )

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "Deal",
    "Phase",
    "Trick",
    "Game",
    "SeatView",
    "PublicView",
    "Move",
    "Pass",
    "Discard",
    "MoonChoice",
    "Bid",
    "NameSuit",
    "parse_move",
    "coerce_move",
    "Rules",
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
    "FirstLead",
    "GameEnd",
    "HeartValue",
    "JackRule",
    "Moon",
    "PassDirection",
    "SettlementMethod",
    "Strip",
    "TieRule",
    "HeartsError",
    "IllegalMove",
    "InvalidArgument",
    "InvalidCard",
    "InvalidRecord",
    "InvalidRules",
    "UnknownName",
    "bots",
    "events",
    "record",
    "scoring",
    "table",
    "variants",
    "verify",
]

_WHERE: dict[str, str] = {
    "bots": "hearts.bots",
    "events": "hearts.events",
    "record": "hearts.record",
    "scoring": "hearts.scoring",
    "table": "hearts.table",
    "variants": "hearts.variants",
    "verify": "hearts.verify",
    "Card": "hearts.cards",
    "CardSet": "hearts.cards",
    "Rank": "hearts.cards",
    "Suit": "hearts.cards",
    "Deal": "hearts.deal",
    "Phase": "hearts.deal",
    "Trick": "hearts.deal",
    "HeartsError": "hearts.errors",
    "IllegalMove": "hearts.errors",
    "InvalidArgument": "hearts.errors",
    "InvalidCard": "hearts.errors",
    "InvalidRecord": "hearts.errors",
    "InvalidRules": "hearts.errors",
    "UnknownName": "hearts.errors",
    "Game": "hearts.game",
    "Bid": "hearts.moves",
    "Discard": "hearts.moves",
    "MoonChoice": "hearts.moves",
    "Move": "hearts.moves",
    "NameSuit": "hearts.moves",
    "Pass": "hearts.moves",
    "coerce_move": "hearts.moves",
    "parse_move": "hearts.moves",
    "PublicView": "hearts.observation",
    "SeatView": "hearts.observation",
    "Auction": "hearts.rules",
    "Cancellation": "hearts.rules",
    "Excess": "hearts.rules",
    "FirstLead": "hearts.rules",
    "GameEnd": "hearts.rules",
    "HeartValue": "hearts.rules",
    "Howell": "hearts.rules",
    "JackRule": "hearts.rules",
    "Joker": "hearts.rules",
    "Moon": "hearts.rules",
    "NoTrickBonus": "hearts.rules",
    "PassDirection": "hearts.rules",
    "Passing": "hearts.rules",
    "Points": "hearts.rules",
    "Rules": "hearts.rules",
    "SettlementMethod": "hearts.rules",
    "Settling": "hearts.rules",
    "Simple": "hearts.rules",
    "Strip": "hearts.rules",
    "Sweepstakes": "hearts.rules",
    "TieRule": "hearts.rules",
    "TwoHanded": "hearts.rules",
}
"""Where each public name lives: a class or function by its module, a submodule by itself.
Nothing here is imported until it is first asked for (:func:`__getattr__`)."""


def __getattr__(name: str) -> Any:
    """Import ``name``'s module the first time ``hearts.name`` (or ``from hearts import name``)
    is asked for, and keep the value here so the next look-up is an ordinary attribute.

    >>> import hearts
    >>> hearts.Card.parse("QS")
    Card.parse('QS')
    >>> hearts.words.__name__
    'hearts.words'
    >>> hearts.nonesuch
    Traceback (most recent call last):
    ...
    AttributeError: module 'hearts' has no attribute 'nonesuch'
    >>> hasattr(hearts, "words.nonesuch")  # (a name with a dot is no attribute, nor a module)
    False
    """
    where = _WHERE.get(name)
    # any other submodule (``hearts.words``, ``hearts.hand``), as an eager import once made it
    submodule = f"{__name__}.{name}"
    if where is None and name.isidentifier() and not name.startswith("_"):
        where = submodule if importlib.util.find_spec(submodule) else None
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(where)
    value = module if where == f"{__name__}.{name}" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's own names and every public name, loaded or not."""
    return sorted({*globals(), *__all__})
