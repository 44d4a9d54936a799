"""A PettingZoo AEC environment of every form of Hearts: :func:`env` and :func:`raw_env`.

>>> from hearts.envs import env
>>> table = env("modern", seed=1)
>>> table.reset(seed=1)
>>> table.agent_selection, table.observation_space("player_0")["observation"].shape
('player_1', (1828,))

Agents are ``player_0`` .. ``player_{n-1}``, seat ``i`` being ``player_i``. Any preset of
:mod:`hearts.variants` at any of its player counts (``players=None``: the preset's own), with
rule changes as keywords (``Rules.replace``). The environment builds every game **without the
laws option** (revokes, claims, calls and the gathering of the cards are not in the action
space); rules with ``laws=True`` are refused with a sentence.

Observations
------------
``{"observation": float32 vector, "action_mask": int8 vector}``, both built only from
``game.view(seat)`` (:class:`~hearts.observation.SeatView`) and, at the pass and Heartsette's
discard, the cards this seat has chosen so far (its own choice): never from the deal itself.
``C`` is :data:`CARD_SLOTS` (125: the largest card id of any pack, the second pack of
Cancellation Hearts and the joker included, plus one; a slot is card id ``id``), ``P`` the
number of players. Per-seat blocks run in relative seat order: this seat first, then the seat
to its left (seat + 1), and so on. Layout version 1 (:data:`LAYOUT_VERSION`, also in each
environment's ``metadata["layout_version"]``). The fields, in order (:func:`layout` gives the
offsets):

=============  =======  ===============================================================
field          size     meaning
=============  =======  ===============================================================
hand           C        1 for each card this seat holds now
played         P*C      per seat (relative): 1 for each card it played this hand
trick          P*C      per seat (relative): 1 for the card it played to the trick on the table
leader         P        one-hot (relative): the seat that led the trick on the table
passed         C        the cards this seat passed (0 before it passes, and in a hold hand)
received       C        the cards passed to this seat (once every seat has passed)
choosing       C        the cards this seat has chosen so far for its pass or discard
discarded      C        Heartsette: the cards this seat discarded in the widow's place
voids          P*4      per seat (relative), per suit (clubs, diamonds, spades, hearts): 1
                        once the seat has shown a void (failed to follow that suit led)
penalties      P        per seat (relative): penalty units taken so far this hand
tricks_won     P        per seat (relative): tricks won so far this hand
hand_sizes     P        per seat (relative): cards held
scores         P        per seat (relative): totals before this hand (points or counters)
pool           1        counters in the pool carried into this hand
jack           1        1 if that pool is a Jack
direction      4        one-hot pass direction: left, right, across, hold
phase          8        one-hot phase: bid, name, pass, play, discard, moon, gather, over
to_act         P        one-hot (relative): the seat to act (all 0 when none)
hearts_broken  1        1 once hearts are broken
bids           P        Auction: per seat (relative), its bid (0 a pass or not yet)
has_bid        P        Auction: per seat (relative), 1 once it has bid
high_bid       1        Auction: the highest bid so far
bidder         P        Auction: one-hot (relative) high bidder (or namer of a Jack)
named_suit     4        Auction: one-hot suit named (clubs, diamonds, spades, hearts)
widow_size     1        the widow's size (Heartsette; Cancellation's cards left over)
widow_taker    P        one-hot (relative): the seat that took the widow
stock_size     1        cards left in the stock (two-handed, Domino)
cancelled      C        Cancellation: the cards of the trick on the table that cancel
=============  =======  ===============================================================

The ``Box`` of ``observation`` has finite bounds (:func:`observation_bounds`): every field is
0 or 1 but the numbers, whose bounds come from the rules: ``penalties`` from minus the pack's
negative card values to its positive ones (0 to 26 in modern), ``tricks_won`` and
``hand_sizes`` up to what a seat can win or hold, ``bids`` and ``high_bid`` up to ``max_bid``,
``widow_size`` and ``stock_size`` up to the cards not dealt, and ``scores`` and ``pool`` the
bound the game's end implies (a points game to a target: ``target`` plus the most a hand can
add, 126 in modern, and as low below 0 where totals can fall; a counters game: the seats'
counters and the pool add up to ``players * start_counters``). A total past its bound, which
only a game played on far past its end could reach, is written clipped to it; every
observation lies in the space.

Actions
-------
One :class:`gymnasium.spaces.Discrete` space of :data:`ACTIONS` (145) for every form, masked:

===========  ===========  ====================================================
actions      count        meaning
===========  ===========  ====================================================
0 .. 124     C            a card, by its id: played, or chosen for the pass or discard
125 .. 138   14           Auction: a bid of 0 (pass) .. 13 counters
139 .. 142   4            Auction: name clubs, diamonds, spades, hearts
143 .. 144   2            the moon's choice: old (others +26), new (-26)
===========  ===========  ====================================================

**The pass is sequential.** Choosing 3 cards out of 13 at once would be a combinatorial action,
so a seat at the pass takes ``count`` card actions in a row: each chooses one card of its hand
(the mask offers the cards not chosen yet; the ``choosing`` field shows the choice so far), and
the last one submits :class:`hearts.Pass` of the cards chosen. The seat stays the agent to act
until its pass is complete, then the next seat still to pass acts; every other agent's mask
is all zeros meanwhile (only the agent selected has legal actions, at every step). Heartsette's
discard works the same way (:class:`hearts.Discard` of the widow's size). No action is ever
replaced by another. :data:`action_names` (:func:`action_name`) names each action: ``"QS"``
(``"Q♠"`` with ``symbols=True``), ``"bid 7"``, ``"name hearts"``, ``"moon new (...)"``.

Illegal actions
---------------
As PettingZoo's classic games: with ``illegal="penalty"`` (the default) an illegal action (a
card not held, a card slot of no pack, a bid out of turn) ends the episode: the agent that made
it gets ``illegal_reward``, every other agent 0, every agent is terminated, the sentence naming
the action and why is in that agent's ``infos[agent]["illegal"]``, and the game itself does
not move. ``illegal_reward`` is, unless given, minus :func:`hand_loss_bound`, the most a seat
can lose in one hand (-26 in modern, -43 in Black Maria, -39 in four-seat Classic Hearts):
no illegal action ever ends a hand better than playing on could (PettingZoo's classic games
use -1 for games won or lost by 1; a Hearts hand is worth tens of points). With
``illegal="raise"`` an illegal action raises :class:`~hearts.errors.IllegalMove` with that
sentence and changes nothing. A value outside the action space (past 144, below 0) raises in
either mode, and one that is no whole number raises :class:`~hearts.errors.InvalidArgument`.

The state
---------
``state()`` (in ``state_space``, a finite ``Box``) is the whole true state for a centralised
critic, **never for a policy that acts** (it holds every hand): every seat's observation vector
in seat order, ``player_0`` first, each in its own relative layout, then :data:`CARD_SLOTS`
flags of the cards of the pack in no hand and never played (a stock, a widow, discards).

Renders
-------
``render_mode="ansi"``: ``render()`` returns the table as text; ``"human"``: it prints it, after
every reset and step too (as PettingZoo's classic games do). The text shows the hand number,
pass direction, phase and the agent to act, every seat's cards (the referee's table, not an
observation), each seat's penalties and tricks this hand, the trick on the table and the scores
(:func:`render_text`).

Reset options
-------------
``reset(seed=..., options=...)`` takes, in both environments alike (:data:`RESET_OPTIONS`):

- ``dealer``: the seat that deals the first hand (seat 0 unless given; the deal passes left);
- ``hands``: the first hand's deal, one hand a seat (``"2C 3C ..."``, a
  :class:`~hearts.cards.CardSet`, or a list of cards), checked as a deal of the form (sizes,
  the pack, no card twice); later hands are shuffled from the seed;
- ``stock``: with ``hands``, the cards left over in order, top first (a stock, a widow); unless
  given, the cards no hand holds, in an order drawn from the seed.

A bad value raises :class:`~hearts.errors.InvalidArgument` with a sentence and changes nothing
(the next reset deals as if it had not been tried). A key neither environment knows is said in
a ``UserWarning`` and left aside (PettingZoo's ``api_test`` resets with such a key and expects
it to be taken).

Readable observations
---------------------
:func:`describe` reads an observation vector back as a dict of readable fields, as RLCard's
``raw_obs`` (cards by name, the trick in the order played, phase and direction by name,
numbers as ints); ``env.raw_observation(agent)`` is the agent's, with its legal actions by name
and its seat.

Episodes and rewards
--------------------
``episode="hand"`` (the default) ends after one hand; ``episode="game"`` plays the whole game.
Rewards are **good when high**: in a points game, ``-points`` (points are bad); in a counters
game, the change of the seat's counters. With ``reward="end"`` (the default) each seat gets its
reward for a hand when the hand is settled. With ``reward="trick"`` each seat gets
``-(penalty units it took)`` as each trick is taken, and when the hand is settled the
difference between the hand's settlement reward and what its tricks gave, so that a hand's
rewards add up to the same total in both modes (the moon and counters settle at the end).
Every agent sees every reward, so a trick's reward counts only what every seat sees taken: cards
face down (Heartsette's discards, a widow gone with the first trick) count at the settlement.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import math
import operator
import os
import random
import warnings
from collections.abc import Sequence
from typing import Any, Final, Literal, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hearts import variants
from hearts.cards import Card, CardLike, CardSet, Suit, mask_of
from hearts.deal import check_hands
from hearts.errors import HeartsError, IllegalMove, InvalidArgument, InvalidCard
from hearts.events import CardPlayed, Dealt, Discarded, Event
from hearts.game import Game
from hearts.hand.choices import PassChoices
from hearts.hand.core import Phase, Trick
from hearts.moves import Bid, Discard, MoonChoice, Move, NameSuit, Pass
from hearts.observation import SeatView
from hearts.rules import GameEnd, Moon, PassDirection, Rules, SettlementMethod

__all__ = [
    "CARD_SLOTS",
    "BID_ACTIONS",
    "SUIT_ACTIONS",
    "MOON_ACTIONS",
    "ACTIONS",
    "LAYOUT_VERSION",
    "ILLEGAL_MODES",
    "HeartsEnv",
    "env",
    "raw_env",
    "OrderEnforcing",
    "layout",
    "encode",
    "Encoder",
    "action_mask",
    "action_of",
    "actions_of",
    "choose_card",
    "move_of",
    "observation_bounds",
    "hand_loss_bound",
    "describe",
    "action_name",
    "action_names",
    "RESET_OPTIONS",
    "render_text",
    "known_options",
]

LAYOUT_VERSION: Final = 1
"""The version of the observation layout (the module's table, :func:`layout` and the values
:func:`encode` writes); it changes whenever a field, its place or its meaning does. The
environments state it in their ``metadata["layout_version"]``."""
CARD_SLOTS: Final = 125
"""Card actions and card fields: the largest card id of any pack (the second pack's A♥ is 124)
plus one."""
MAX_BID: Final = 13
"""The largest bid the action space holds (Auction Hearts' usual ``max_bid``)."""
BID_ACTIONS: Final = range(CARD_SLOTS, CARD_SLOTS + MAX_BID + 1)
SUIT_ACTIONS: Final = range(BID_ACTIONS.stop, BID_ACTIONS.stop + 4)
MOON_ACTIONS: Final = range(SUIT_ACTIONS.stop, SUIT_ACTIONS.stop + 2)
ACTIONS: Final = MOON_ACTIONS.stop
_MOON_ORDER: Final = (MoonChoice.OLD, MoonChoice.NEW)
_DIRECTIONS: Final = (
    PassDirection.LEFT,
    PassDirection.RIGHT,
    PassDirection.ACROSS,
    PassDirection.HOLD,
)
_PHASES: Final = tuple(Phase)
_DIRECTION_AT: Final = {direction: at for at, direction in enumerate(_DIRECTIONS)}
_PHASE_AT: Final = {phase: at for at, phase in enumerate(_PHASES)}

Episode = Literal["hand", "game"]
RewardMode = Literal["end", "trick"]


def layout(players: int) -> dict[str, slice]:
    """Each field of the observation vector and its slice, in order, for ``players`` seats.

    >>> fields = layout(4)
    >>> fields["hand"], fields["played"], fields["cancelled"].stop
    (slice(0, 125, None), slice(125, 625, None), 1828)
    """
    c, p = CARD_SLOTS, players
    sizes = (
        ("hand", c),
        ("played", p * c),
        ("trick", p * c),
        ("leader", p),
        ("passed", c),
        ("received", c),
        ("choosing", c),
        ("discarded", c),
        ("voids", p * 4),
        ("penalties", p),
        ("tricks_won", p),
        ("hand_sizes", p),
        ("scores", p),
        ("pool", 1),
        ("jack", 1),
        ("direction", 4),
        ("phase", len(_PHASES)),
        ("to_act", p),
        ("hearts_broken", 1),
        ("bids", p),
        ("has_bid", p),
        ("high_bid", 1),
        ("bidder", p),
        ("named_suit", 4),
        ("widow_size", 1),
        ("widow_taker", p),
        ("stock_size", 1),
        ("cancelled", c),
    )
    fields: dict[str, slice] = {}
    start = 0
    for name, size in sizes:
        fields[name] = slice(start, start + size)
        start += size
    return fields


_COUNTS: Final = ("penalties", "tricks_won", "hand_sizes", "scores", "pool", "bids", "high_bid")
_SIZES: Final = ("widow_size", "stock_size")


@functools.cache
def _number_bounds(rules: Rules) -> dict[str, tuple[int, int]]:
    """Each number field's (low, high) for these rules (see :func:`observation_bounds`)."""
    pack = CardSet(rules.pack)
    values = [rules.values[card] for card in pack]
    gain = max(sum(v for v in values if v > 0), rules.penalty_total, 1)
    loss = -sum(v for v in values if v < 0)
    cards = len(pack)
    undealt = cards - rules.dealt_seats * rules.hand_size
    if rules.method is SettlementMethod.POINTS:
        top = (rules.target if rules.end is not GameEnd.DEALS else rules.deals * gain) + gain
        negative = loss > 0 or rules.moon in (Moon.NEW, Moon.CHOICE) or rules.no_trick is not None
        scores = (-top if negative else 0, top)
        pool = (0, 1)
    else:
        total = rules.players * rules.start_counters
        scores = (0 if rules.end is GameEnd.BANKRUPT else -total, total)
        pool = (0, total)
    if rules.domino:
        tricks, held = cards, rules.hand_size + undealt
    elif rules.stock:
        tricks, held = cards // 2, rules.hand_size
    else:
        tricks = rules.hand_size
        held = rules.hand_size + (undealt if rules.widow.value != "none" else 0)
    bid = rules.auction.max_bid if rules.auction is not None else 1
    return {
        "penalties": (-loss, gain),
        "tricks_won": (0, tricks),
        "hand_sizes": (0, held),
        "scores": scores,
        "pool": pool,
        "bids": (0, bid),
        "high_bid": (0, bid),
        "widow_size": (0, max(undealt, 1)),
        "stock_size": (0, max(undealt, 1)),
    }


def observation_bounds(rules: Rules | int) -> tuple[np.ndarray, np.ndarray]:
    """The observation vector's finite bounds for these rules: ``(low, high)``, float32 arrays
    of the layout's size, the environments' ``Box`` (every observation lies within them).
    Given a number of players instead, the bounds that hold every preset played by that many
    (with the presets' own rules: a rule change such as a higher target can widen a game's
    bounds past them, so an environment passes its rules).

    Every field but the numbers is 0 or 1. The numbers (a field a form never uses still has a
    high of at least 1, so that no bound is a single value):

    - ``penalties``: minus the sum of the pack's negative card values (Omnibus' J♦: -10) to
      the sum of its positive values (or the moon's total, if larger): 0 to 26 in modern;
    - ``tricks_won``: up to the cards a seat is dealt, the tricks a hand has (half the pack
      with a stock; the whole pack in Domino Hearts, whose seats draw to follow);
    - ``hand_sizes``: up to the cards dealt, with the widow (Heartsette's taker) or the stock
      (Domino Hearts) added where a seat can take them into its hand;
    - ``bids``, ``high_bid``: 0 to the auction's ``max_bid``; ``widow_size``, ``stock_size``:
      up to the cards not dealt;
    - ``scores`` and ``pool``, the bound the game's end implies: in a points game with a
      target, a seat's total before a hand is below the target, so ``target + G`` (``G``, the
      most a hand can add, the sum above: 126 in modern), or ``(deals + 1) * G`` in a game of
      a number of deals; the low is 0 where no total can fall (no negative card, no new moon,
      no bonus), else minus the high. In a counters game the seats' counters and the pool add
      up to ``players * start_counters`` (the high of both); a game that ends when a seat goes
      bankrupt keeps every total above 0 before each hand, other ends have a low of minus that
      sum. **A total past its bound is clipped to it** (only a game that goes on far past its
      end, seats tied for the win hand after hand, or a dozen new moons shot, could reach one):
      :func:`encode` writes the clipped value; the true totals are the game's.

    >>> from hearts import variants
    >>> low, high = observation_bounds(variants.get("modern"))
    >>> fields = layout(4)
    >>> low[fields["scores"]].tolist(), high[fields["scores"]].tolist()
    ([0.0, 0.0, 0.0, 0.0], [126.0, 126.0, 126.0, 126.0])
    >>> float(high[fields["penalties"]][0]), float(high[fields["hand"]].max()), low.shape
    (26.0, 1.0, (1828,))
    >>> float(observation_bounds(4)[1][fields["scores"]][0])  # (Spot Hearts' 4 x 800 counters)
    3200.0
    """
    if isinstance(rules, int) and not isinstance(rules, bool):
        if not any(rules in variants.variant(name).players for name in variants.names()):
            raise InvalidArgument(f"no form of the game is played by {rules} players")
        return _preset_bounds(rules)
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"bounds are of Rules or a number of players, not {rules!r}")
    low, high = _bounds(rules)
    return low.copy(), high.copy()


def _preset_bounds(players: int) -> tuple[np.ndarray, np.ndarray]:
    pairs = [
        _bounds(variants.for_players_named(name, players))
        for name in variants.names()
        if players in variants.variant(name).players
    ]
    low = np.minimum.reduce([low for low, _ in pairs])
    high = np.maximum.reduce([high for _, high in pairs])
    return low, high


@functools.cache
def _bounds(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    fields = layout(rules.players)
    size = fields["cancelled"].stop
    low = np.zeros(size, dtype=np.float32)
    high = np.ones(size, dtype=np.float32)
    for name, (lo, hi) in _number_bounds(rules).items():
        low[fields[name]] = lo
        high[fields[name]] = hi
    low.flags.writeable = high.flags.writeable = False
    return low, high


def hand_loss_bound(rules: Rules) -> int:
    """The most a seat can lose in one hand of these rules, as a reward (a bound, not always
    reached): in a points game the most points a hand can add (26 in modern, the moon's
    included); in a counters game ``players - 1`` times the pack's penalty total (Howell's
    settlement and the three-handed excess pay each other seat). Minus it is the default
    penalty of an illegal action, so that no illegal action ever ends a hand better than a
    legal one could.

    >>> from hearts import variants
    >>> hand_loss_bound(variants.get("modern")), hand_loss_bound(variants.get("black-maria"))
    (26, 43)
    >>> hand_loss_bound(variants.get("classic"))
    39
    """
    if rules.method is SettlementMethod.POINTS:
        return _number_bounds(rules)["penalties"][1]
    return (rules.players - 1) * rules.penalty_total


@functools.cache
def _offsets(players: int) -> tuple[dict[str, int], int]:
    """Each field's start and the vector's size."""
    fields = layout(players)
    starts = {name: part.start for name, part in fields.items()}
    # (Penalties, tricks won, hand sizes, scores and the pool lie side by side: one slice.)
    assert starts["pool"] == starts["penalties"] + 4 * players
    return starts, fields["cancelled"].stop


_PACKED_FIELDS: Final = (
    "hand",
    "trick",
    "leader",
    "passed",
    "received",
    "choosing",
    "voids",
    "penalties",
    "jack",
    "direction",
    "phase",
    "to_act",
    "hearts_broken",
    "bids",
    "has_bid",
    "high_bid",
    "bidder",
    "named_suit",
    "widow_size",
    "widow_taker",
    "stock_size",
    "cancelled",
)
"""The fields whose starts the C assembly reads, in its order (after players, seat, size)."""


def _load_accelerator() -> Any:
    """The environments' C accelerator (``hearts.envs._vector``: the observation's assembly
    here, the vector environment's stepping), or None when it was not built or
    ``HEARTS_PURE`` is set in the environment."""
    if os.environ.get("HEARTS_PURE", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("hearts.envs._vector")
    except ImportError:
        return None


ACCELERATOR: Final = _load_accelerator()
"""The environments' C module when it is in use, else None."""


def _load_assembly() -> Any:
    """The C assembly of an observation vector (``encode_rest`` of :data:`ACCELERATOR`), or
    None without it (or with a build that has none): then :meth:`Encoder._assemble`, the
    reference, assembles it."""
    if ACCELERATOR is None:
        return None
    try:
        encode_rest = ACCELERATOR.encode_rest
        ACCELERATOR.encoder_types(_DIRECTIONS, _PHASES, CardSet)
    except AttributeError:
        return None
    return encode_rest


_ENCODE_REST: Any = _load_assembly()
"""The C assembly in use, else None (Python's)."""


class _Places:
    """Where one seat's vector puts each thing, at a table of ``players``: the offsets of
    :func:`layout` read once, with each other seat's relative place already added in (the
    encoder's hot path reads these, not the layout's dict). Shared: :func:`_places`."""

    __slots__ = (
        "bidder",
        "bids",
        "cancelled",
        "choosing",
        "direction",
        "discarded",
        "hand",
        "has_bid",
        "hearts_broken",
        "high_bid",
        "jack",
        "leader",
        "named_suit",
        "nbytes",
        "numbers",
        "numbers_end",
        "order",
        "packed",
        "passed",
        "phase",
        "played",
        "players",
        "received",
        "rotate",
        "size",
        "stock_size",
        "to_act",
        "trick",
        "voids",
        "widow_size",
        "widow_taker",
    )

    def __init__(self, players: int, seat: int) -> None:
        starts, size = _offsets(players)
        # Each seat's place relative to this one (0 this seat, 1 its left, ...).
        rel = [(other - seat) % players for other in range(players)]

        def each(field: str, width: int = 1) -> tuple[int, ...]:
            # Per seat (absolute): the offset of its relative block of ``width`` in ``field``.
            return tuple(starts[field] + width * rel[other] for other in range(players))

        def bit_of_each(field: str) -> tuple[int, ...]:
            return tuple(1 << at for at in each(field))

        self.players, self.size, self.nbytes = players, size, (size + 7) // 8
        self.played = each("played", CARD_SLOTS)
        """Per seat: where its cards played start (plus a card's id: the card's bit)."""
        self.trick = each("trick", CARD_SLOTS)
        self.voids = each("voids", 4)
        """Per seat: where its 4 void flags start (plus the suit)."""
        self.leader = bit_of_each("leader")
        """Per seat: its bit as the leader (as the high bidder, the widow's taker, below)."""
        self.bidder = bit_of_each("bidder")
        self.widow_taker = bit_of_each("widow_taker")
        # The bids and their flags in relative order: seat + 0, seat + 1, ...
        self.order = tuple((seat + step) % players for step in range(players))
        self.has_bid = starts["has_bid"]
        self.hand, self.passed = starts["hand"], starts["passed"]
        self.received, self.choosing = starts["received"], starts["choosing"]
        self.discarded, self.cancelled = starts["discarded"], starts["cancelled"]
        self.named_suit = starts["named_suit"]
        # The flags from the jack to hearts broken: bits of a number shifted to the jack's place.
        jack = self.jack = starts["jack"]
        self.hearts_broken = 1 << (starts["hearts_broken"] - jack)
        self.direction = tuple(1 << (starts["direction"] - jack + at) for at in range(4))
        """Per pass direction (in :data:`_DIRECTIONS`' order): its flag."""
        self.phase = tuple(1 << (starts["phase"] - jack + at) for at in range(len(_PHASES)))
        """Per phase (in :data:`_PHASES`' order): its flag."""
        self.to_act = tuple(1 << (at - jack) for at in each("to_act"))
        """Per seat: its flag as the seat to act."""
        # The numbers from the penalties to the pool lie side by side: per seat's values
        # (penalties, tricks won, hand sizes, scores) then the pool, one slice of the vector.
        # ``rotate`` picks them in relative order out of the absolute ones, pool last.
        self.numbers = starts["penalties"]
        self.numbers_end = starts["pool"] + 1
        self.rotate = operator.itemgetter(
            *(block * players + other for block in range(4) for other in self.order),
            4 * players,
        )
        self.bids = starts["bids"]
        self.high_bid = starts["high_bid"]
        self.widow_size = starts["widow_size"]
        self.stock_size = starts["stock_size"]
        self.packed = np.array(
            [
                players,
                seat,
                size,
                *(starts[name] for name in _PACKED_FIELDS),
            ],
            dtype=np.int64,
        ).tobytes()
        """The C assembly's places (:func:`hearts.envs._vector.encode_rest`): the table's
        players, the seat, the vector's size, then the starts of :data:`_PACKED_FIELDS`, int64."""


@functools.cache
def _places(players: int, seat: int) -> _Places:
    """The :class:`_Places` of a seat at a table of ``players`` (made once, shared)."""
    return _Places(players, seat)


_BYTE_BITS: Final = np.unpackbits(
    np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little"
).astype(np.float32)
"""Row ``b``: the 8 bits of the byte ``b``, lowest first, as floats (a vector is its bytes' rows)."""
_UINT8: Final = np.dtype(np.uint8)


class Encoder:
    """The observation vectors of one seat, hand after hand: :func:`encode`, reading only the
    events and tricks a view adds to the one before.

    A view's log and completed tricks only grow while a hand is played (an episode never undoes
    a move), so the encoder keeps what it read of them, as the bits of the vector they set (the
    cards each seat played, the voids the completed tricks showed, this seat's discards), and
    reads only what is new. Whenever the log and tricks it read are not the start of this
    view's (a new hand, another game, another seat, an undo) it reads the view from the start.
    (All it read is compared, in one comparison each, not only its last event: a card played is
    one shared event per seat and card, so after an undo the same event can end the log over a
    different one.)

    The rest (the hand, the trick, the pass, the flags, the numbers, the auction and the widow)
    is assembled in one call of the C accelerator (``hearts.envs._vector.encode_rest``) where
    it is built and ``HEARTS_PURE`` is unset, else by :meth:`_assemble`, its reference in
    Python: the same vector either way.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern"), seed=7)
    >>> encoder = Encoder()
    >>> bool((encoder.encode(game.view(0)) == encode(game.view(0))).all())
    True
    """

    __slots__ = ("_at", "_clip", "_done", "_kept", "_log", "_rules", "_scores", "_seat", "_who")

    def __init__(self) -> None:
        self._seat = -1
        self._rules: Rules | None = None
        self._clip = (0, 0, 0)
        """The rules' bounds of the scores (low, high) and the pool's high (clipped to them)."""
        self._scores: tuple[int, ...] | None = None
        """The last scores found within those bounds (the same tuple, in every view of a hand,
        is checked once)."""
        self._log: tuple[Event, ...] = ()
        """The view's events read so far."""
        self._done: tuple[Trick, ...] = ()
        """The view's completed tricks read so far."""

    def _start(self, view: SeatView) -> None:
        seat = view.seat
        self._seat = seat
        self._at = _places(view.players, seat)
        self._log = self._done = ()
        self._who: dict[Card, int] = {}
        """Who played each card, as the log says (a trick does not go round from its leader
        when the dealer sits out, at seven, or a seat is out of Domino Hearts)."""
        self._kept = 0
        """The bits read from the log and the completed tricks so far."""

    def _read_rules(self, rules: Rules) -> None:
        if self._rules is None or rules.players != self._rules.players:
            self._seat = -1  # (another table: read the view from the start, at its places)
        self._rules = rules
        number_bounds = _number_bounds(rules)
        self._clip = (*number_bounds["scores"], number_bounds["pool"][1])
        self._scores = None

    def encode(self, view: SeatView, choosing: CardSet = CardSet()) -> np.ndarray:  # noqa: B008
        """The observation vector of the view's seat (see the module's table)."""
        if type(view) is not SeatView and not isinstance(view, SeatView):
            raise TypeError(
                f"an observation encodes a seat's view (a SeatView), not {type(view).__name__}"
            )
        if view.rules is not self._rules:
            self._read_rules(view.rules)
        events, tricks = view.events, view.tricks
        log, done = self._log, self._done
        if (
            view.seat != self._seat
            or (events is not log and events[: len(log)] != log)
            or (tricks is not done and tricks[: len(done)] != done)
        ):
            self._start(view)
            log, done = (), ()
        at, who, kept = self._at, self._who, self._kept
        played = at.played
        for event in events[len(log) :]:
            if type(event) is CardPlayed or isinstance(event, CardPlayed):  # (a revoke too)
                who[event.card] = event.seat
                kept |= 1 << (played[event.seat] + event.card)
            elif type(event) is Discarded and event.seat == self._seat:
                kept |= event.cards.mask << at.discarded
        voids = at.voids
        for trick in tricks[len(done) :]:
            cards = trick.cards
            if cards:
                led = (cards[0] >> 4) & 3  # (a card's suit: Card.suit's value)
                for card in cards[1:]:
                    if (card >> 4) & 3 != led:  # (a void shown: that seat did not follow)
                        kept |= 1 << (voids[who[card]] + led)
        self._log, self._done, self._kept = events, tricks, kept
        rest = _ENCODE_REST
        if rest is not None:
            out = np.zeros(at.size, np.float32)
            rest(out, at.packed, kept, view, choosing, self._clip)
            return out
        return self._assemble(view, choosing, kept)

    def _assemble(self, view: SeatView, choosing: CardSet, kept: int) -> np.ndarray:
        """The vector from the bits read so far (``kept``) and the rest of the view: the
        reference of the C assembly (``hearts.envs._vector.encode_rest``, the same values),
        and the assembly where it is not built."""
        at = self._at
        voids = at.voids
        bits = kept | view.hand.mask << at.hand
        table = view.trick
        if table:
            at_trick = at.trick
            led = (table[0][1] >> 4) & 3
            for other, card in table:
                bits |= 1 << (at_trick[other] + card)
                if (card >> 4) & 3 != led:
                    bits |= 1 << (voids[other] + led)
            bits |= at.leader[view.leader]
        if view.passed is not None:
            bits |= view.passed.mask << at.passed
        if view.received is not None:
            bits |= view.received.mask << at.received
        # (A CardSet's mask read at once: its truth is a method in Python.)
        if type(choosing) is CardSet:
            if choosing.mask:
                bits |= choosing.mask << at.choosing
        elif choosing:
            bits |= choosing.mask << at.choosing
        if view.cancelled.mask:
            bits |= view.cancelled.mask << at.cancelled
        # (The flags from the jack to hearts broken lie side by side: set in a small number,
        # then shifted in place once. Enum members hash in Python: a tuple's index, comparing
        # identity, finds the direction's and the phase's place quicker than a dict.)
        flags = at.direction[_DIRECTIONS.index(view.pass_direction)]
        flags |= at.phase[_PHASES.index(view.phase)]
        if view.jack:
            flags |= 1
        if view.hearts_broken:
            flags |= at.hearts_broken
        if view.to_act is not None:
            flags |= at.to_act[view.to_act]
        bits |= flags << at.jack
        scores, pool = view.scores, view.pool
        low, high, pool_high = self._clip
        if scores is not self._scores:
            if min(scores) < low or max(scores) > high:  # (past the bound the end implies)
                scores = tuple(min(max(score, low), high) for score in scores)
            else:
                self._scores = scores
        if pool < 0 or pool > pool_high:
            pool = min(max(pool, 0), pool_high)
        auction, widow = view.auction, view.widow
        if auction is not None:
            if auction.bidder is not None:
                bits |= at.bidder[auction.bidder]
            if auction.named_suit is not None:
                bits |= 1 << (at.named_suit + int(auction.named_suit))
            bids = [auction.bids[other] for other in at.order]
            has_bid = 0
            for step, bid in enumerate(bids):
                if bid is not None:
                    has_bid |= 1 << step
            bits |= has_bid << at.has_bid
        if widow is not None and widow.taker is not None:
            bits |= at.widow_taker[widow.taker]
        # (np.frombuffer and take with positional arguments: numpy parses keywords slowly.)
        raw = np.frombuffer(bits.to_bytes(at.nbytes, "little"), _UINT8)
        out = _BYTE_BITS.take(raw, 0).ravel()[: at.size]
        out[at.numbers : at.numbers_end] = at.rotate(
            (*view.penalties, *view.tricks_won, *view.hand_sizes, *scores, pool)
        )
        if auction is not None:
            out[at.bids : at.bids + at.players] = [bid or 0 for bid in bids]
            out[at.high_bid] = auction.high_bid
        if widow is not None:
            out[at.widow_size] = widow.size
        out[at.stock_size] = view.stock_size
        return out


def encode(view: SeatView, choosing: CardSet = CardSet()) -> np.ndarray:  # noqa: B008
    """The observation vector of one seat, from its view alone (and the cards it has chosen so
    far for a pass or discard): see the module's table for the layout. (An :class:`Encoder`
    kept from step to step builds the same vector, reading only what is new.)

    >>> from hearts import Game, variants
    >>> vector = encode(Game(variants.get("modern"), seed=7).view(0))
    >>> vector.shape, int(vector[layout(4)["hand"]].sum())
    ((1828,), 13)
    """
    return Encoder().encode(view, choosing)


def action_of(move: Move) -> int:
    """The action of a move (a card, a bid, a suit named, a moon choice).

    >>> action_of(Card.parse("2C")), action_of(Bid(0)), action_of(NameSuit("h"))
    (0, 125, 142)
    """
    if isinstance(move, Card):
        return int(move)
    if isinstance(move, Bid):
        if move.amount > MAX_BID:
            raise InvalidArgument(f"a bid of {move.amount} is past the action space's {MAX_BID}")
        return BID_ACTIONS.start + move.amount
    if isinstance(move, NameSuit):
        return SUIT_ACTIONS.start + int(move.suit)
    if isinstance(move, MoonChoice):
        return MOON_ACTIONS.start + _MOON_ORDER.index(move)
    raise InvalidArgument(f"{move!r} has no action in the environment's action space")


def move_of(action: int) -> Card | Bid | NameSuit | MoonChoice:
    """The move an action stands for (a card action is that card, played or chosen).

    >>> move_of(44), move_of(127), move_of(143)
    (Card.parse('AS'), Bid(2), <MoonChoice.OLD: 'old'>)
    """
    if action in BID_ACTIONS:
        return Bid(action - BID_ACTIONS.start)
    if action in SUIT_ACTIONS:
        return NameSuit(Suit(action - SUIT_ACTIONS.start))
    if action in MOON_ACTIONS:
        return _MOON_ORDER[action - MOON_ACTIONS.start]
    if 0 <= action < CARD_SLOTS:
        try:
            return Card(action)
        except InvalidCard:
            raise IllegalMove(
                f"action {action} is no card of any pack (an unused card slot)"
            ) from None
    raise IllegalMove(f"action {action} is not in the action space (0 to {ACTIONS - 1})")


def actions_of(move: Move) -> list[int]:
    """The actions that make a move: a pass or a discard card by card (in card order), any
    other move its one action.

    >>> actions_of(Pass(CardSet.parse("2C 3C QS"))), actions_of(Bid(3))
    ([0, 1, 42], [128])
    """
    if isinstance(move, Pass | Discard):
        return sorted(int(card) for card in move.cards)
    return [action_of(move)]


def choose_card(view: SeatView, chosen: CardSet, action: int, who: str) -> CardSet | Pass | Discard:
    """One card of a pass or discard chosen card by card, as the environments choose them: the
    cards chosen so far with this one, or, with the last, the whole move (for the engine to make,
    or refuse). ``view`` is the choosing seat's, at its pass or discard; ``who`` names it in a
    refusal. A card the seat does not hold, one chosen already, or an action that is no card
    raises :class:`~hearts.errors.IllegalMove` (nothing is chosen).

    >>> from hearts import Game, variants
    >>> view = Game(variants.get("modern"), seed=7).view(0)
    >>> choose_card(view, CardSet.parse("JD"), action_of(Card.parse("KS")), "seat 0")
    CardSet.parse('JD KS')
    >>> choose_card(view, CardSet.parse("JD KS"), action_of(Card.parse("9H")), "seat 0")
    Pass(CardSet.parse('JD KS 9H'))
    >>> choose_card(view, CardSet.parse("JD KS"), action_of(Card.parse("KS")), "seat 0")
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMove: action 43 (KS): seat 0 has already chosen KS to pass
    """
    legal = view.legal_moves
    assert isinstance(legal, PassChoices), "a card is chosen only at a pass or discard"
    move = move_of(action)
    kind = "discard" if view.phase is Phase.DISCARD else "pass"
    if not isinstance(move, Card):
        raise IllegalMove(f"action {action} ({move}) is no card: {who} is choosing cards to {kind}")
    if move not in view.hand:
        raise IllegalMove(f"action {action} ({move}): {who} does not hold {move} to {kind}")
    if move in chosen:
        raise IllegalMove(f"action {action} ({move}): {who} has already chosen {move} to {kind}")
    chosen = chosen | CardSet([move])
    if len(chosen) < legal.per_choice:
        return chosen
    return Pass(chosen) if kind == "pass" else Discard(chosen)


def action_mask(view: SeatView, choosing: CardSet = CardSet()) -> np.ndarray:  # noqa: B008
    """The mask of a seat's legal actions now, from the moves its view lists (and, at a pass or
    discard, the cards it has chosen so far, which it may not choose again): the environment's
    ``action_mask``, for a player outside the environment (a bot wrapping a policy).

    >>> from hearts import Game, variants
    >>> view = Game(variants.get("modern"), seed=7).view(0)
    >>> mask = action_mask(view)
    >>> int(mask.sum()), [move_of(int(a)) for a in mask.nonzero()[0]] == sorted(view.hand)
    (13, True)
    >>> int(action_mask(view, CardSet.parse("JD KS")).sum())
    11
    """
    mask = np.zeros(ACTIONS, dtype=np.int8)
    legal = view.legal_moves
    if isinstance(legal, PassChoices):
        # Any card of the hand not chosen yet may be chosen: the choices are every set of
        # per_choice cards of the hand.
        for card in view.hand - choosing:
            mask[int(card)] = 1
        return mask
    # (One assignment of every action: a card's action is its id.)
    mask[[int(move) if type(move) is Card else action_of(move) for move in legal]] = 1
    return mask


def _action_name(action: int, symbols: bool) -> str:
    if action in BID_ACTIONS:
        amount = action - BID_ACTIONS.start
        return "bid 0 (pass)" if amount == 0 else f"bid {amount}"
    if action in SUIT_ACTIONS:
        return f"name {Suit(action - SUIT_ACTIONS.start).name.lower()}"
    if action in MOON_ACTIONS:
        return ("moon old (the others score it)", "moon new (the shooter subtracts it)")[
            action - MOON_ACTIONS.start
        ]
    try:
        card = Card(action)
    except InvalidCard:
        return f"slot {action} (no card)"
    return card.symbol if symbols else str(card)


action_names: Final = tuple(_action_name(action, False) for action in range(ACTIONS))
"""Every action's name, by action: a card's short name (``"QS"``, ``"TH'"`` for the second
pack's, ``"JK"``), ``"bid 7"`` (``"bid 0 (pass)"``), ``"name hearts"``, ``"moon old (...)"``,
and ``"slot 13 (no card)"`` for a card id no pack has (never legal)."""
_SYMBOL_NAMES: Final = tuple(_action_name(action, True) for action in range(ACTIONS))


def action_name(action: int, symbols: bool = False) -> str:
    """An action's readable name (:data:`action_names`); ``symbols=True`` names cards with
    their suit signs (``"Q♠"``, ``"10♥"``).

    >>> action_name(44), action_name(44, symbols=True), action_name(132), action_name(142)
    ('AS', 'A♠', 'bid 7', 'name hearts')
    >>> action_name(145)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: action 145 is not in the action space (0 to 144)
    """
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidArgument(f"an action is a whole number (0 to {ACTIONS - 1}), not {action!r}")
    if not 0 <= action < ACTIONS:
        raise InvalidArgument(f"action {action} is not in the action space (0 to {ACTIONS - 1})")
    return (_SYMBOL_NAMES if symbols else action_names)[int(action)]


def _one_hot(part: np.ndarray) -> int | None:
    hot = np.flatnonzero(part)
    return int(hot[0]) if hot.size else None


def describe(observation: np.ndarray | dict[str, np.ndarray], players: int) -> dict[str, Any]:
    """The observation of a seat as readable fields (for debugging, as RLCard's ``raw_obs``):
    a dict of the layout's fields, cards by their short names, suits, phase and direction by
    name, numbers as ints, flags as bools. Seats are **relative**, as in the vector: 0 is this
    seat, 1 the seat to its left, and so on (per-seat fields are lists in that order). The
    ``trick`` is ``[(seat, card), ...]`` in the order played, from its leader. Given the whole
    observation (the dict with ``action_mask``), ``legal`` names the legal actions too.

    >>> from hearts import Game, variants
    >>> vector = encode(Game(variants.get("modern"), seed=7).view(0))
    >>> fields = describe(vector, 4)
    >>> fields["hand"][:4], fields["phase"], fields["direction"], fields["scores"]
    (['2C', '3C', '4C', '6C'], 'pass', 'left', [0, 0, 0, 0])
    >>> fields["to_act"], fields["trick"], fields["hand_sizes"]
    (1, [], [13, 13, 13, 13])
    """
    legal: list[str] | None = None
    if isinstance(observation, dict):
        mask = observation.get("action_mask")
        if mask is not None:
            legal = [action_names[int(a)] for a in np.flatnonzero(mask)]
        observation = observation["observation"]
    fields = layout(players) if isinstance(players, int) and players >= 2 else None
    vector = np.asarray(observation)
    if fields is None or vector.shape != (fields["cancelled"].stop,):
        raise InvalidArgument(
            f"an observation of {players!r} players is a vector of the layout's size, "
            f"not an array of shape {vector.shape}"
        )
    p = players

    def cards(part: np.ndarray) -> list[str]:
        return [action_names[int(card)] for card in np.flatnonzero(part)]

    def field(name: str) -> np.ndarray:
        return vector[fields[name]]

    def per_seat(name: str) -> np.ndarray:
        return field(name).reshape(p, -1)

    def numbers(name: str) -> list[int]:
        return [round(float(value)) for value in field(name)]

    trick_cards = per_seat("trick")
    leader = _one_hot(field("leader"))
    trick: list[tuple[int, str]] = []
    if leader is not None:
        for offset in range(p):
            other = (leader + offset) % p
            trick += [(other, card) for card in cards(trick_cards[other])]
    suit_letters = [suit.name.lower() for suit in Suit]
    direction = _one_hot(field("direction"))
    phase = _one_hot(field("phase"))
    named = _one_hot(field("named_suit"))
    described: dict[str, Any] = {
        "hand": cards(field("hand")),
        "played": [cards(row) for row in per_seat("played")],
        "trick": trick,
        "leader": leader,
        "passed": cards(field("passed")),
        "received": cards(field("received")),
        "choosing": cards(field("choosing")),
        "discarded": cards(field("discarded")),
        "voids": [[suit_letters[s] for s in np.flatnonzero(row)] for row in per_seat("voids")],
        "penalties": numbers("penalties"),
        "tricks_won": numbers("tricks_won"),
        "hand_sizes": numbers("hand_sizes"),
        "scores": numbers("scores"),
        "pool": numbers("pool")[0],
        "jack": bool(field("jack")[0]),
        "direction": None if direction is None else _DIRECTIONS[direction].value,
        "phase": None if phase is None else _PHASES[phase].value,
        "to_act": _one_hot(field("to_act")),
        "hearts_broken": bool(field("hearts_broken")[0]),
        "bids": numbers("bids"),
        "has_bid": [bool(flag) for flag in field("has_bid")],
        "high_bid": numbers("high_bid")[0],
        "bidder": _one_hot(field("bidder")),
        "named_suit": None if named is None else suit_letters[named],
        "widow_size": numbers("widow_size")[0],
        "widow_taker": _one_hot(field("widow_taker")),
        "stock_size": numbers("stock_size")[0],
        "cancelled": cards(field("cancelled")),
    }
    if legal is not None:
        described["legal"] = legal
    return described


RESET_OPTIONS: Final = ("dealer", "hands", "stock")
"""The keys ``reset(options=...)`` takes, in both environments (see the module's docstring)."""


def known_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options of ``reset`` that the environments take (:data:`RESET_OPTIONS`): a key they
    do not know is said in a warning and left aside (PettingZoo's ``api_test`` resets with an
    option no environment knows and expects it taken); options that are no dict are refused.

    >>> known_options({"dealer": 2})
    {'dealer': 2}
    >>> known_options(3)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: reset's options are a dict, not 3
    """
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise InvalidArgument(f"reset's options are a dict, not {options!r}")
    unknown = sorted(str(key) for key in options if key not in RESET_OPTIONS)
    if unknown:
        warnings.warn(
            f"reset takes the options {', '.join(RESET_OPTIONS)}: {', '.join(unknown)} left aside",
            UserWarning,
            stacklevel=3,
        )
    return {key: value for key, value in options.items() if key in RESET_OPTIONS}


def _new_game(rules: Rules, seed: int, options: dict[str, Any] | None) -> Game:
    """The game an episode plays: dealt from ``seed``, or as ``options`` choose (checked: a
    bad value raises InvalidArgument with a sentence; a key not known is said and left aside,
    :func:`known_options`)."""
    if options is None:
        return Game(rules, seed=seed)
    options = known_options(options)
    dealer = options.get("dealer")
    hands: Sequence[CardSet | str | Sequence[CardLike]] | None = options.get("hands")
    if hands is None:
        if "stock" in options:
            raise InvalidArgument("the stock option orders the cards left over: give hands too")
        return Game(rules, seed=seed, dealer=dealer)
    first = 0 if dealer is None else dealer
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < rules.players:
        raise InvalidArgument(
            f"dealer={dealer!r} is not a seat: seats are 0 to {rules.players - 1}"
        )
    stock: Sequence[CardLike] | str = options.get("stock", ())
    if "stock" not in options and (
        rules.stock or rules.domino or rules.packs > 1 or rules.widow.value != "none"
    ):
        # The cards left over, in an order from the seed (hands that do not read as cards are
        # left to check_hands to refuse).
        with contextlib.suppress(HeartsError, TypeError, ValueError):
            held = 0
            for hand in hands:
                held |= CardSet.parse(hand).mask if isinstance(hand, str) else mask_of(hand)
            left = list(CardSet(rules.pack & ~held))
            random.Random(seed).shuffle(left)
            stock = tuple(left)
    masks, checked = check_hands(rules, hands, stock, first)
    dealt = Dealt(
        hand_number=0,
        dealer=first,
        cut=None,
        pass_direction=rules.pass_direction(0).value,
        hands=tuple(CardSet(mask) for mask in masks),
        stock=checked,
    )
    return Game(rules, seed=seed, dealer=first, deals=[dealt])


def _rules(variant: str, players: int | None, changes: dict[str, Any]) -> Rules:
    preset = variants.variant(variant)
    rules = preset.rules if players is None else variants.for_players_named(variant, players)
    if changes:
        rules = rules.replace(**changes)
    if rules.laws:
        raise InvalidArgument(
            "the environment builds games without the laws option: its action space has no "
            "revoke, claim, call or gather (laws=True refused)"
        )
    if rules.auction is not None and rules.auction.max_bid > MAX_BID:
        raise InvalidArgument(
            f"auction.max_bid={rules.auction.max_bid} is past the action space's {MAX_BID}"
        )
    return rules


Illegal = Literal["penalty", "raise"]
ILLEGAL_MODES: Final = ("penalty", "raise")


class HeartsEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """The AEC environment (see the module's docstring for observations, actions, rewards,
    illegal actions, the state, renders and reset options)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "name": "hearts_v0",
        "is_parallelizable": False,
        "layout_version": LAYOUT_VERSION,
    }

    def __init__(
        self,
        variant: str = "modern",
        players: int | None = None,
        episode: Episode = "hand",
        reward: RewardMode = "end",
        seed: int | None = None,
        render_mode: str | None = None,
        illegal: Illegal = "penalty",
        illegal_reward: float | None = None,
        **rules_changes: Any,
    ) -> None:
        super().__init__()
        if episode not in ("hand", "game"):
            raise InvalidArgument(f"episode={episode!r}: it is 'hand' or 'game'")
        if reward not in ("end", "trick"):
            raise InvalidArgument(f"reward={reward!r}: it is 'end' or 'trick'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgument(f"render_mode={render_mode!r}: it is None, 'ansi' or 'human'")
        if illegal not in ILLEGAL_MODES:
            raise InvalidArgument(f"illegal={illegal!r}: it is 'penalty' or 'raise'")
        self.rules = _rules(variant, players, rules_changes)
        self.illegal: Illegal = illegal
        self.illegal_reward = _illegal_reward(self.rules, illegal_reward)
        """The reward of an illegal action with ``illegal="penalty"`` (minus
        :func:`hand_loss_bound` unless given)."""
        self.variant = variant
        self.episode: Episode = episode
        self.reward_mode: RewardMode = reward
        self.render_mode = render_mode
        self._seeds = random.Random(seed)
        n = self.rules.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = _bounds(self.rules)
        self._spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(ACTIONS) for agent in self.possible_agents}
        self.state_space = spaces.Box(
            np.concatenate([*[low] * n, np.zeros(CARD_SLOTS, np.float32)]),
            np.concatenate([*[high] * n, np.ones(CARD_SLOTS, np.float32)]),
            dtype=np.float32,
        )
        """The space of :meth:`state`."""
        self.game: Game | None = None
        """The game being played (None before ``reset``): read it freely, but move only by
        ``step`` (the environment keeps the seats' views and encoders between steps)."""
        self._choosing = [CardSet() for _ in range(n)]
        self._encoders = [Encoder() for _ in range(n)]
        self._views: list[SeatView | None] = [None] * n

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (``options``: see the module's docstring; a bad value raises
        :class:`~hearts.errors.InvalidArgument` and changes nothing, a key not known is said in
        a warning and left aside)."""
        seeds = random.Random(seed) if seed is not None else self._seeds
        state = seeds.getstate()
        try:
            game = _new_game(self.rules, seeds.randrange(2**63), options)
        except BaseException:
            seeds.setstate(state)
            raise
        self._seeds = seeds
        self.game = game
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._choosing = [CardSet() for _ in self.possible_agents]
        self._views = [None] * len(self.possible_agents)
        self._start_hand()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _start_hand(self) -> None:
        assert self.game is not None
        self._hand = self.game.hand_number
        self._deal = self.game.deal
        """The episode's hand in progress (or just over: its views once the episode ends)."""
        self._hand_start = self.game.scores
        self._trick_rewards = [0.0] * self.rules.players
        self._penalties = self.game.deal.public_view().penalties

    def _select(self) -> None:
        assert self.game is not None
        seat = self.game.to_act
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def _seat(self, agent: str) -> int:
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise InvalidArgument(
                f"{agent!r} is no agent of this table: they are {', '.join(self.possible_agents)}"
            )
        return seat

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat(agent)
        view = self._view(seat)
        return {
            "observation": self._encoders[seat].encode(view, self._choosing[seat]),
            "action_mask": self._mask(view),
        }

    def state(self) -> np.ndarray:
        """The whole true state, for a centralised critic (never for a policy that acts: it
        holds every hand): every seat's observation vector in seat order (``player_0``
        first, each in its own relative layout), then :data:`CARD_SLOTS` flags of the cards of
        the pack in no hand and never played (the stock, the widow, discards). In
        :attr:`state_space`.

        >>> table = raw_env("modern")
        >>> table.reset(seed=1)
        >>> state = table.state()
        >>> state.shape, state in table.state_space, int(state[1828 : 1828 + 125].sum())
        ((7437,), True, 13)
        """
        if self.game is None:
            raise InvalidArgument("there is no state before reset()")
        n = self.rules.players
        parts = [
            self._encoders[seat].encode(self._view(seat), self._choosing[seat]) for seat in range(n)
        ]
        held = 0
        for seat in range(n):
            held |= self._deal.hand(seat).mask
        unseen = self.rules.pack & ~held & ~self._view(0).played_cards().mask
        flags = np.zeros(CARD_SLOTS, dtype=np.float32)
        flags[list(CardSet(unseen))] = 1.0
        return np.concatenate([*parts, flags])

    def raw_observation(self, agent: str) -> dict[str, Any]:
        """The agent's observation as readable fields (:func:`describe`: seats relative to it),
        with ``legal``, its legal actions by name, and ``seat``, its own seat.

        >>> table = raw_env("modern")
        >>> table.reset(seed=1)
        >>> raw = table.raw_observation(table.agent_selection)
        >>> raw["seat"], raw["phase"], len(raw["hand"]), raw["legal"] == raw["hand"]
        (1, 'pass', 13, True)
        """
        seat = self._seat(agent)
        described = describe(self.observe(agent), self.rules.players)
        described["seat"] = seat
        return described

    def _view(self, seat: int) -> SeatView:
        """The seat's view now, built once between two moves (a view is frozen, and only a move
        changes the game): at the pass, a seat's three steps and the observations between them
        share one."""
        view = self._views[seat]
        if view is None:
            assert self.game is not None
            # Once a hand episode is over, what the seat saw at its end (the game would deal the
            # next hand for a view of the hand in progress).
            view = self._deal.view(seat) if self._deal.is_over else self.game.view(seat)
            self._views[seat] = view
        return view

    def _mask(self, view: SeatView) -> np.ndarray:
        """The legal actions of a seat now, from the moves its view lists: none for an agent
        not selected (at the pass every seat still to pass has moves, but one acts at a time)
        or done."""
        agent = self.possible_agents[view.seat]
        if agent != self.agent_selection or self.terminations.get(agent, False):
            return np.zeros(ACTIONS, dtype=np.int8)
        return action_mask(view, self._choosing[view.seat])

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert self.game is not None
        agent = self.agent_selection
        seat = self._seat(agent)
        if action is None:
            raise IllegalMove(f"{agent} must act: an action of None is for an agent that is done")
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidArgument(
                f"an action is a whole number (0 to {ACTIONS - 1}), not {action!r}"
            )
        action = int(action)
        if not 0 <= action < ACTIONS:
            raise IllegalMove(f"action {action} is not in the action space (0 to {ACTIONS - 1})")
        try:
            view = self._views[seat]
            legal = view.legal_moves if view is not None else self.game.legal_moves(seat)
            if isinstance(legal, PassChoices):
                self._choose(seat, action)
            else:
                move = move_of(action)
                if move not in legal:
                    raise IllegalMove(
                        f"action {action} ({move}) is not legal for {agent} now: "
                        f"the legal actions are {sorted(action_of(m) for m in legal)}"
                    )
                self._play(move, seat)
        except IllegalMove as refusal:
            if self.illegal == "raise":
                raise
            self.forfeit(agent, str(refusal))
            return
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def forfeit(self, agent: str, reason: str) -> None:
        """End the episode for an illegal action of ``agent`` (``illegal="penalty"``; the
        Gymnasium environment calls it too): the agent's reward is :attr:`illegal_reward`,
        every other agent's 0, every agent terminated; ``infos[agent]["illegal"]`` is
        ``reason``. Nothing of the game moves.

        >>> table = raw_env("modern")
        >>> table.reset(seed=1)
        >>> table.forfeit("player_1", "it gave up")
        >>> table.rewards["player_1"], table.rewards["player_0"], all(table.terminations.values())
        (-26.0, 0.0, True)
        """
        seat = self._seat(agent)
        self.rewards = dict.fromkeys(self.possible_agents, 0.0)
        self.rewards[agent] = self.illegal_reward
        self._cumulative_rewards[self.possible_agents[seat]] = 0.0
        self._accumulate_rewards()
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal": reason}

    def _choose(self, seat: int, action: int) -> None:
        """One card of a sequential pass or discard: chosen, or with the last, submitted."""
        assert self.game is not None
        agent = self.possible_agents[seat]
        chosen = choose_card(self._view(seat), self._choosing[seat], action, agent)
        if isinstance(chosen, CardSet):
            self._choosing[seat] = chosen
            return
        # The engine says whether it is legal; on a refusal, nothing has changed.
        self._play(chosen, seat)
        self._choosing[seat] = CardSet()

    def _play(self, move: Move, seat: int) -> None:
        """Make the move; the seats' views kept are gone with the position they showed."""
        assert self.game is not None
        self.game.play(move, seat)
        self._views = [None] * len(self._views)

    def _after_move(self) -> None:
        assert self.game is not None
        game = self.game
        n = self.rules.players
        rewards = [0.0] * n
        hand_over = game.is_over or game.hand_number != self._hand
        if not hand_over and self.reward_mode == "end":  # (most steps: no reward to give)
            self.rewards = dict.fromkeys(self.possible_agents, 0.0)
            self._cumulative_rewards[self.agent_selection] = 0.0
            self._select()
            return
        if self.reward_mode == "trick" and not hand_over:
            # (What every seat sees taken: the rewards are public, so cards face down, a widow
            # or another's discards, are rewarded only with the hand's settlement.)
            penalties = game.deal.public_view().penalties
            for seat in range(n):
                taken = penalties[seat] - self._penalties[seat]
                if taken:
                    rewards[seat] -= taken
                    self._trick_rewards[seat] -= taken
            self._penalties = penalties
        if hand_over:
            after = game.scores
            points = self.rules.method is SettlementMethod.POINTS
            for seat in range(n):
                change = after[seat] - self._hand_start[seat]
                settled = -change if points else change
                rewards[seat] += settled - self._trick_rewards[seat]
            if self.episode == "hand" or game.is_over:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self._start_hand()
        self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._accumulate_rewards()
        if not hand_over or not any(self.terminations.values()):
            self._select()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"`` returns it, ``"human"`` prints it, as
        PettingZoo's classic games do, after each reset and step); None without a render mode.
        It shows the hand number, phase and the agent to act, every seat's cards (a render
        is the referee's table, not an observation), the trick on the table, each seat's
        penalties and tricks this hand and the scores."""
        if self.render_mode is None or self.game is None:
            return None
        text = render_text(self)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def render_text(table: HeartsEnv) -> str:
    """The text of :meth:`HeartsEnv.render` (whatever the render mode).

    >>> table = raw_env("modern", render_mode="ansi")
    >>> table.reset(seed=1)
    >>> print(table.render())  # doctest: +ELLIPSIS
    modern, 4 players: hand 1, pass left, phase pass, player_1 to act
    scores before this hand: player_0 0, player_1 0, player_2 0, player_3 0
      player_0 (dealer): 5♣ 6♣ 2♦ 3♦ 6♦ 5♠ 6♠ 10♠ J♠ Q♠ K♠ 5♥ K♥  [penalties 0, tricks 0]
    > player_1: 9♣ 10♣ J♣ Q♣ K♣ 7♦ 9♦ 4♠ 8♠ A♠ 2♥ 10♥ Q♥  [penalties 0, tricks 0]
    ...
    trick: (none)
    """
    if table.game is None:
        raise InvalidArgument("there is no table to render before reset()")
    deal, game = table._deal, table.game
    public = deal.public_view()
    names = table.possible_agents
    acting = None if all(table.terminations.values()) else table.agent_selection
    phase = "over" if deal.is_over else public.phase.value
    head = (
        f"{table.variant}, {len(names)} players: hand {public.hand_number + 1}, "
        f"pass {public.pass_direction.value}, phase {phase}"
    )
    lines = [head + (f", {acting} to act" if acting is not None else ", episode over")]
    before = ", ".join(f"{name} {score}" for name, score in zip(names, public.scores, strict=True))
    lines.append(f"scores before this hand: {before}")
    if deal.is_over:
        now = ", ".join(f"{name} {score}" for name, score in zip(names, game.scores, strict=True))
        lines.append(f"scores now: {now}")
    if public.pool or public.jack:
        lines.append(f"pool: {public.pool}" + (" (a Jack)" if public.jack else ""))
    auction = public.auction
    if auction is not None:
        bids = ", ".join(
            f"{name} {'-' if bid is None else bid}"
            for name, bid in zip(names, auction.bids, strict=True)
        )
        named = auction.named_suit
        lines.append(
            f"bids: {bids}"
            + (f"; {names[auction.bidder]} bid highest" if auction.bidder is not None else "")
            + (f"; {named.name.lower()} named" if named is not None else "")
        )
    for seat, name in enumerate(names):
        marks = " (dealer)" if seat == public.dealer else ""
        held = deal.hand(seat)
        cards = " ".join(card.symbol for card in held) if held else "(no cards)"
        pointer = "> " if name == acting else "  "
        lines.append(
            f"{pointer}{name}{marks}: {cards}  [penalties {public.penalties[seat]}, "
            f"tricks {public.tricks_won[seat]}]"
        )
    trick = ", ".join(f"{names[seat]} {card.symbol}" for seat, card in public.trick)
    lines.append(
        f"trick: {trick or '(none)'}" + (", hearts broken" if public.hearts_broken else "")
    )
    return "\n".join(lines)


def _illegal_reward(rules: Rules, given: float | None) -> float:
    if given is None:
        return -float(hand_loss_bound(rules))
    if isinstance(given, bool) or not isinstance(given, int | float) or not math.isfinite(given):
        raise InvalidArgument(f"illegal_reward={given!r}: it is a finite number (or None)")
    return float(given)


def raw_env(
    variant: str = "modern",
    players: int | None = None,
    episode: Episode = "hand",
    reward: RewardMode = "end",
    seed: int | None = None,
    render_mode: str | None = None,
    illegal: Illegal = "penalty",
    illegal_reward: float | None = None,
    **rules_changes: Any,
) -> HeartsEnv:
    """The environment without wrappers (see :class:`HeartsEnv`)."""
    return HeartsEnv(
        variant,
        players,
        episode,
        reward,
        seed,
        render_mode,
        illegal,
        illegal_reward,
        **rules_changes,
    )


class OrderEnforcing(wrappers.OrderEnforcingWrapper[str, dict[str, np.ndarray], int]):
    """PettingZoo's order-enforcing wrapper, its checks unchanged, with ``last()`` going
    straight to the environment once it has been reset (the base class reads six attributes
    through the wrapper's ``__getattr__`` for it, a third of a step's time).

    >>> table = env("modern", seed=1)
    >>> table.last()
    Traceback (most recent call last):
    ...
    AttributeError: agent_selection cannot be accessed before reset
    >>> table.reset()
    >>> observation, reward, termination, truncation, info = table.last()
    >>> int(observation["action_mask"].sum()), reward, termination
    (13, 0.0, False)
    """

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        last: Any = super().last if not self._has_reset else self.env.last
        return cast(
            "tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]", last(observe)
        )

    # (The two attributes a loop over agent_iter() reads at every step, straight from the
    # environment once it has been reset, as the base class's __getattr__ gives them.)

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return cast("list[str]", self.env.agents)

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return cast("str", self.env.agent_selection)

    def step(self, action: int) -> None:
        if self._has_reset and self.env.agents:  # (the base class's checks, in one)
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        return str(self.env)


def env(
    variant: str = "modern",
    players: int | None = None,
    episode: Episode = "hand",
    reward: RewardMode = "end",
    seed: int | None = None,
    render_mode: str | None = None,
    illegal: Illegal = "penalty",
    illegal_reward: float | None = None,
    **rules_changes: Any,
) -> AECEnv[str, dict[str, np.ndarray], int]:
    """The environment in PettingZoo's order-enforcing wrapper (the usual entry point;
    :class:`OrderEnforcing`)."""
    return OrderEnforcing(
        raw_env(
            variant,
            players,
            episode,
            reward,
            seed,
            render_mode,
            illegal,
            illegal_reward,
            **rules_changes,
        )
    )
