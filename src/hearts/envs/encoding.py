"""The observation vector of every form of Hearts: its layout, bounds and encoder.

The layout (its fields, their sizes and meaning) is documented in :mod:`hearts.envs.aec`, the
environment that hands it out; :func:`layout` gives the slices, :func:`encode` and
:class:`Encoder` write it from a seat's view alone, :func:`observation_bounds` bounds it, and
:func:`describe` reads it back as readable fields. The C assembly (``hearts.envs._vector``,
:data:`ACCELERATOR`) writes the same vector as :meth:`Encoder._assemble`, the Python reference.

>>> from hearts import Game, variants
>>> encode(Game(variants.get("modern"), seed=7).view(0)).shape
(1828,)

One module: the observation vector is one contract, its layout, its bounds, the incremental
encoder and its C assembly's reference, and the reading back (:func:`describe`) all change
together with :data:`LAYOUT_VERSION`; splitting them would scatter that contract.
"""

from __future__ import annotations

import functools
import importlib
import operator
import os
from typing import Any, Final

import numpy as np

from hearts import variants
from hearts.cards import Card, CardSet, Suit
from hearts.envs.actions import CARD_SLOTS, action_names
from hearts.errors import InvalidArgument
from hearts.events import CardPlayed, Discarded, Event
from hearts.hand.core import Phase, Trick
from hearts.observation import SeatView
from hearts.rules import GameEnd, Moon, PassDirection, Rules, SettlementMethod

__all__ = [
    "LAYOUT_VERSION",
    "DIRECTIONS",
    "PHASES",
    "DIRECTION_AT",
    "PHASE_AT",
    "ACCELERATOR",
    "layout",
    "number_bounds",
    "observation_bounds",
    "hand_loss_bound",
    "Encoder",
    "encode",
    "describe",
]

LAYOUT_VERSION: Final = 1
"""The version of the observation layout (the table of :mod:`hearts.envs.aec`, :func:`layout` and the values
:func:`encode` writes); it changes whenever a field, its place or its meaning does. The
environments state it in their ``metadata["layout_version"]``."""
DIRECTIONS: Final = (
    PassDirection.LEFT,
    PassDirection.RIGHT,
    PassDirection.ACROSS,
    PassDirection.HOLD,
)
PHASES: Final = tuple(Phase)
DIRECTION_AT: Final = {direction: at for at, direction in enumerate(DIRECTIONS)}
PHASE_AT: Final = {phase: at for at, phase in enumerate(PHASES)}


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
        ("phase", len(PHASES)),
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
def number_bounds(rules: Rules) -> dict[str, tuple[int, int]]:
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
    for name, (lo, hi) in number_bounds(rules).items():
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
        return number_bounds(rules)["penalties"][1]
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
        ACCELERATOR.encoder_types(DIRECTIONS, PHASES, CardSet)
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
        """Per pass direction (in :data:`DIRECTIONS`' order): its flag."""
        self.phase = tuple(1 << (starts["phase"] - jack + at) for at in range(len(PHASES)))
        """Per phase (in :data:`PHASES`' order): its flag."""
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
        bounds = number_bounds(rules)
        self._clip = (*bounds["scores"], bounds["pool"][1])
        self._scores = None

    def encode(self, view: SeatView, choosing: CardSet = CardSet()) -> np.ndarray:  # noqa: B008
        """The observation vector of the view's seat (see the table of :mod:`hearts.envs.aec`)."""
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
        flags = at.direction[DIRECTIONS.index(view.pass_direction)]
        flags |= at.phase[PHASES.index(view.phase)]
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
    far for a pass or discard): see the table of :mod:`hearts.envs.aec` for the layout. (An :class:`Encoder`
    kept from step to step builds the same vector, reading only what is new.)

    >>> from hearts import Game, variants
    >>> vector = encode(Game(variants.get("modern"), seed=7).view(0))
    >>> vector.shape, int(vector[layout(4)["hand"]].sum())
    ((1828,), 13)
    """
    return Encoder().encode(view, choosing)


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
        "direction": None if direction is None else DIRECTIONS[direction].value,
        "phase": None if phase is None else PHASES[phase].value,
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
