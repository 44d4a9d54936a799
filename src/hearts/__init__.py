"""Hearts as people really play it: every form of the laws and today's variants, on a fast,
open engine.

The core (this package without its faces) imports only the standard library:

>>> import hearts
>>> game = hearts.Game(hearts.variants.get("modern"), seed=7)
>>> game.deal.phase.value, len(game.deal.legal_moves())     # 13 cards, choose 3: 286 passes
('pass', 286)
"""

from __future__ import annotations

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
