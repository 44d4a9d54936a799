"""What the others' plays say about their cards: a model of play, and imagined deals weighed by it.

A seat that sampled the hidden cards at random, consistently with the voids shown, treats every
such deal as equally likely. Players are not random: a seat that ducked under the K♠ with the
Q♠ behind it is unlikely to have held the A♠; a seat that shed a small club when it showed out
of diamonds is unlikely to hold the Q♠. :class:`PolicyModel` is a small network that learned
from the expert's own games how likely each card is to be played, from the player's side only
(its own cards, the trick, the cards gone, the points taken); :class:`PlayWeights` asks it, for
each imagined deal, how likely the other seats were to play every card they did play, holding the
cards that deal gives them (each hand as it was at that time); :class:`WeightedSampler` draws
imagined deals in batches and keeps them in proportion to those weights (policy-based inference,
as in the trick-taking literature: the deals that explain the play best are imagined most).

The model is made for the forms the value model fits (:func:`hearts.bots.value.fits`).

>>> from hearts import Deal, variants
>>> deal = Deal.from_hands(variants.get("modern"), [
...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="hold")
>>> for card in ("2C", "3C", "4C", "8C", "2S"):
...     _ = deal.play(card)
>>> weights = PlayWeights(deal.view(0), PolicyModel.load())
>>> len(weights.plays)    # the cards the other seats played
4
>>> bool(weights.log_weights([deal])[0] < 0)
True
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np

from hearts.bots.search import Imagines
from hearts.bots.value import SNAPSHOT_FIELDS, check_layers, read_layers, run_layers
from hearts.cards import QUEEN_OF_SPADES, SUIT_MASKS
from hearts.deal import Deal
from hearts.errors import InvalidArgument
from hearts.observation import SeatView

__all__ = [
    "POLICY_FEATURES",
    "PlayWeights",
    "PolicyModel",
    "WeightedSampler",
    "legal_masks",
    "policy_inputs",
    "shipped_policy",
]

_CARD_BITS = np.array([suit * 16 + rank for suit in range(4) for rank in range(13)])
_HEARTS = np.uint64(sum(1 << (48 + rank) for rank in range(13)))
_POINTS = _HEARTS | np.uint64(1 << QUEEN_OF_SPADES)
_TWO_CLUBS = np.uint64(1)
_SUITS = np.array([mask & (1 << 64) - 1 for mask in SUIT_MASKS], dtype=np.uint64)  # (one pack)
_FULL = np.uint64(sum(1 << int(bit) for bit in _CARD_BITS))
POLICY_FEATURES: Final = 52 + 3 * 52 + 52 + 2 * 4 + 4
"""The policy's inputs: the player's cards, the card each other seat has played to the trick
(from its left on), the cards gone in completed tricks, the hearts (over 13) and the Q♠ each
seat has taken (the player first), whether it leads, hearts broken, the first trick, the tricks
done (over 13)."""


def _bits(masks: np.ndarray) -> np.ndarray:
    """The 52 cards of each mask (rows of uint64) as columns of 0 and 1 (float32)."""
    count, width = masks.shape
    bits = np.unpackbits(masks.view(np.uint8).reshape(count, width, 8), axis=2, bitorder="little")
    return bits[:, :, _CARD_BITS].reshape(count, width * 52).astype(np.float32)


def policy_inputs(states: Any) -> np.ndarray:
    """The policy's inputs for positions (rows of :data:`~hearts.bots.value.SNAPSHOT_FIELDS`),
    each from the side of its seat to act: only what that seat knows is read."""
    table = np.asarray(states, dtype=np.uint64)
    count = len(table)
    me = table[:, 12].astype(np.int64)[:, None]
    rows = np.arange(count)[:, None]
    order = (me + np.arange(4)) % 4
    hand = table[rows[:, 0], me[:, 0]][:, None]
    trick = table[:, 4:8][rows, order[:, 1:]]
    taken = table[:, 8:12][rows, order]
    gone = np.bitwise_or.reduce(taken, axis=1)[:, None]
    hearts = np.bitwise_count(taken & _HEARTS).astype(np.float32) / 13.0
    queen = ((taken >> np.uint64(QUEEN_OF_SPADES)) & np.uint64(1)).astype(np.float32)
    tricks = table[:, 15].astype(np.float32)
    tail = np.stack(
        [
            ~table[:, 4:8].any(axis=1),
            table[:, 14].astype(np.float32),
            tricks == 0,
            tricks / 13.0,
        ],
        axis=1,
    ).astype(np.float32)
    cards = _bits(np.concatenate([hand, trick, gone], axis=1))
    return np.concatenate([cards, hearts, queen, tail], axis=1)


def legal_masks(states: Any) -> np.ndarray:
    """The cards the seat to act may play in each position (uint64 masks), by modern Hearts'
        rules: follow suit; the 2♣ leads the first trick; nothing that counts on it while another
        card may be played; no heart led before hearts are broken unless the hand holds only cards that
    count."""
    table = np.asarray(states, dtype=np.uint64)
    count = len(table)
    me = table[:, 12].astype(np.int64)
    hand = table[np.arange(count), me]
    led = table[np.arange(count), 4 + table[:, 13].astype(np.int64)]  # (the card led, or 0)
    first = table[:, 15] == 0
    suit = np.zeros(count, dtype=np.int64)
    following = led != 0
    suit[following] = (np.log2(led[following].astype(np.float64)).astype(np.int64)) // 16
    same = hand & _SUITS[suit]
    legal = np.where(following & (same != 0), same, hand)
    void = following & (same == 0)
    clean = legal & ~_POINTS
    legal = np.where(void & first & (clean != 0), clean, legal)
    leading = ~following
    legal = np.where(leading & first & (hand & _TWO_CLUBS != 0), _TWO_CLUBS, legal)
    closed = leading & ~first & (table[:, 14] == 0) & (hand & ~_POINTS != 0)
    return np.where(closed, hand & ~_HEARTS, legal)


@dataclasses.dataclass(frozen=True)
class PolicyModel:
    """A network of two hidden layers from :func:`policy_inputs` to a score for each of the 52
    cards; the legal cards' scores, through a softmax, are how likely each is to be played."""

    weights: tuple[np.ndarray, ...]
    """Each layer's weights and biases, in order (w1, b1, w2, b2, w3, b3)."""

    def __post_init__(self) -> None:
        check_layers(self.weights, POLICY_FEATURES, 52, "a policy model")

    @classmethod
    def load(cls, path: str | Path | None = None) -> PolicyModel:
        """The model in ``path`` (an ``.npz`` of ``w1 b1 w2 b2 w3 b3``), or the one shipped with
        the package (None)."""
        return cls(read_layers(path, "policy-modern.npz", "a policy model"))

    def log_probabilities(self, states: Any, cards: np.ndarray) -> np.ndarray:
        """How likely (natural log) the seat to act in each position was to play ``cards`` (one
        card id a position, one of its legal cards), with a tenth of the chance spread evenly
        over the legal cards (no play is ever thought impossible)."""
        inputs = policy_inputs(states)
        legal = _bits(legal_masks(states)[:, None]) > 0
        logits = np.where(legal, run_layers(self.weights, inputs), -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        chances = np.exp(logits)
        chances /= chances.sum(axis=1, keepdims=True)
        index = np.searchsorted(_CARD_BITS, cards)
        chosen = chances[np.arange(len(chances)), index]
        spread = 1.0 / legal.sum(axis=1)
        return np.log(0.9 * chosen + 0.1 * spread)  # type: ignore[no-any-return]


@functools.cache
def shipped_policy() -> PolicyModel:
    """The policy model shipped with the package (read once)."""
    return PolicyModel.load()


class PlayWeights:
    """How likely imagined deals are to have made the other seats play as they did (see the
    module docstring): for each card another seat played this hand, the position it played from,
    its own cards as each deal says they were then."""

    def __init__(self, view: SeatView, model: PolicyModel) -> None:
        self.model = model
        self.view = view
        plays: list[tuple[int, int]] = []  # (seat, card) in order of play
        for done in view.tricks:
            seat = done.leader
            for played in done.cards:
                plays.append((seat, int(played)))
                seat = (seat + 1) % 4
        plays.extend((player, int(current)) for player, current in view.trick)
        rows: list[list[int]] = []
        later = [0, 0, 0, 0]  # per seat, the cards it played from this play on
        suffix: list[int] = [0] * len(plays)
        for index in range(len(plays) - 1, -1, -1):
            seat, card = plays[index]
            later[seat] |= 1 << card
            suffix[index] = later[seat]
        taken = [0, 0, 0, 0]
        broken = 0
        trick: list[tuple[int, int]] = []
        kept: list[tuple[int, int, int]] = []  # (seat, card, the cards it played from then)
        for index, (seat, card) in enumerate(plays):
            if seat != view.seat:
                cards = [0, 0, 0, 0]
                for other, shown in trick:
                    cards[other] = 1 << shown
                leader = trick[0][0] if trick else seat
                rows.append(
                    [0, 0, 0, 0, *cards, *taken, seat, leader, broken, index // 4]  # (four seats)
                )
                kept.append((seat, card, suffix[index]))
            trick.append((seat, card))
            if card >> 4 == 3 or card == QUEEN_OF_SPADES:
                broken = 1
            if len(trick) == 4:
                suit = trick[0][1] >> 4
                winner = max((c, s) for s, c in trick if c >> 4 == suit)[1]
                for _, won in trick:
                    taken[winner] |= 1 << won
                trick = []
        self.plays = kept
        """Each play by another seat: (seat, card, the cards it played from then on)."""
        self.base = np.array(rows, dtype=np.uint64).reshape(len(rows), len(SNAPSHOT_FIELDS))
        self.seats = np.array([seat for seat, _, _ in kept], dtype=np.int64)
        self.cards = np.array([card for _, card, _ in kept], dtype=np.int64)
        self.later = np.array([mask for _, _, mask in kept], dtype=np.uint64)

    def log_weights(self, deals: Sequence[Deal]) -> np.ndarray:
        """For each imagined deal (in this view's position), the log of how likely its hands
        made the other seats play as they did."""
        count = len(deals)
        plays = len(self.plays)
        if not plays or not count:
            return np.zeros(count)
        now = np.array([deal.masks()[0] for deal in deals], dtype=np.uint64)  # (count, 4)
        states = np.tile(self.base, (count, 1))
        rows = np.arange(count * plays)
        seats = np.tile(self.seats, count)
        held = now[np.repeat(np.arange(count), plays), seats] | np.tile(self.later, count)
        states[rows, seats] = held
        chances = self.model.log_probabilities(states, np.tile(self.cards, count))
        return chances.reshape(count, plays).sum(axis=1)  # type: ignore[no-any-return]


class WeightedSampler:
    """Imagined deals in proportion to how well they explain the others' play: ``pool`` deals
    drawn at a time from ``sampler``, ``keep`` of them kept, each chosen with a chance in
    proportion to its weight (:class:`PlayWeights`; systematic resampling, so a deal of twice the
    weight is kept about twice as often, and deals of equal weight once each)."""

    def __init__(self, sampler: Imagines, weights: PlayWeights, pool: int = 24, keep: int = 12):
        if not 0 < keep <= pool:
            raise InvalidArgument(f"keep {keep} of a pool of {pool}: 1 to the pool's size")
        self.sampler = sampler
        self.weights = weights
        self.pool = pool
        self.keep = keep
        self.queue: list[Deal] = []

    def sample(self, rng: random.Random) -> Deal | None:
        """The next imagined deal kept (None if the sampler could draw none)."""
        if not self.queue:
            drawn = [deal for deal in (self.sampler.sample(rng) for _ in range(self.pool)) if deal]
            if not drawn:
                return None
            logs = self.weights.log_weights(drawn)
            chances = np.exp(logs - logs.max())
            edges = np.cumsum(chances / chances.sum())
            keep = max(1, round(self.keep * len(drawn) / self.pool))
            points = (rng.random() + np.arange(keep)) / keep
            chosen = np.minimum(np.searchsorted(edges, points), len(drawn) - 1)
            self.queue = [drawn[index].copy(stack=False) for index in chosen[::-1]]
        return self.queue.pop()
