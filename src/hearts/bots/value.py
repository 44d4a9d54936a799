"""The expert's value model: how many points each seat will take from a position of modern Hearts.

The expert imagines the hidden cards and tries each card it may play in every imagined deal
(:mod:`hearts.bots.expert`). Instead of playing each imagined deal out by rules of thumb, it may
ask this model how the hand will end from there: a small neural network (two hidden layers) that
reads the whole imagined position, every seat's cards included, and gives the points each seat
can expect to take by the end of the hand, the moon counted. It learned that from games the
expert played against itself (``training/``, which makes the shipped weights again): what the
players did from such positions, not what a rule of thumb would do, so it sees how a hand is
really played on from there.

A position is read as the referee sees it (:func:`snapshot`): each seat's cards, the card each
has played to the trick on the table, the cards each has taken, the seat to act and the leader,
whether hearts are broken and how many tricks are done. :func:`encode` turns positions into the
network's inputs from one seat's side (that seat first, then the others clockwise), and
:class:`ValueModel` evaluates many at once with NumPy.

The model is made for the game it learned: four seats, one pack of 52, the Q♠ 13 and the hearts
one each, the moon played (:func:`fits`); elsewhere the expert plays on by rules of thumb.

>>> from hearts import Deal, variants
>>> deal = Deal.from_hands(variants.get("modern"), [
...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="hold")
>>> model = ValueModel.load()
>>> points = model.points([snapshot(deal)], [0])[0]
>>> len(points), bool(0 <= sum(points) <= 30)
(4, True)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
from threadpoolctl import ThreadpoolController

from hearts.cards import QUEEN_OF_SPADES
from hearts.deal import Deal
from hearts.errors import InvalidArgument
from hearts.rules import Moon, Rules
from hearts.variants import get as preset

__all__ = [
    "FEATURES",
    "SNAPSHOT_FIELDS",
    "ValueModel",
    "encode",
    "fits",
    "shipped_model",
    "snapshot",
]

SNAPSHOT_FIELDS: Final = (
    *(f"hand{s}" for s in range(4)),
    *(f"trick{s}" for s in range(4)),
    *(f"taken{s}" for s in range(4)),
    "to_act",
    "leader",
    "broken",
    "tricks",
)
"""What :func:`snapshot` keeps of a position, in order: each seat's cards, the card each seat
has played to the trick on the table (a card set of one card, or empty), the cards each seat
has taken (card sets as bitmasks), the seat to act, the leader of the trick, whether hearts are
broken (1 or 0) and how many tricks are done."""

_SEATS = 4
_CARD_BITS = np.array([suit * 16 + rank for suit in range(4) for rank in range(13)])
"""The bit of each of the 52 cards in a card set's mask (the one pack's ids)."""
_HEARTS = sum(1 << (48 + rank) for rank in range(13))
FEATURES: Final = 2 * _SEATS * 52 + 3 * _SEATS + 2 * _SEATS + 3
"""The network's inputs: each seat's cards and its card in the trick (52 each), the hearts it
has taken (a count over 13), whether it took the Q♠ and whether it took anything that counts, the
seat to act and the leader (one-hot, from the evaluating seat's side), hearts broken, the first
trick, the tricks done (over 13)."""


def fits(rules: Rules) -> bool:
    """Whether the value model was made for this form: modern Hearts' play (four seats, one pack
    of 52, the Q♠ 13 and every heart one, the 2♣ leads, nothing that counts on the first trick,
    hearts broken before they are led, the Q♠ breaking them), the old or the new moon, nothing
    that changes the trick loop (a stock, a widow, Domino Hearts, the auction, the laws).

    >>> from hearts import variants
    >>> fits(variants.get("modern")), fits(variants.get("classic")), fits(variants.get("spot"))
    (True, False, False)
    """
    if rules.moon is Moon.OFF or rules.counters or rules.no_trick is not None:
        return False
    return _play(rules) == _MODERN_PLAY


def _play(rules: Rules) -> tuple[Any, ...]:
    """The options of a form that change how its hands are played and counted, the moon aside."""
    return (
        rules.players,
        rules.packs,
        rules.pack,
        rules.values,
        rules.laws,
        rules.joker,
        rules.auction,
        rules.cancellation,
        rules.widow,
        rules.stock,
        rules.domino,
        rules.first_lead,
        rules.lowest_club,
        rules.penalty_free_first_trick,
        rules.hearts_must_be_broken,
        rules.queen_breaks_hearts,
        rules.lead_hearts_with_only_penalty,
    )


_MODERN_PLAY: Final = _play(preset("modern"))


def snapshot(deal: Deal) -> tuple[int, ...]:
    """A position of a four-seat deal in play, as :data:`SNAPSHOT_FIELDS` lists it (absolute
    seats)."""
    hands, taken = deal.masks()
    trick = [0, 0, 0, 0]
    for seat, card in deal.trick:
        trick[seat] = 1 << card
    to_act = deal.to_act
    held = sum(mask.bit_count() for mask in hands) + sum(mask.bit_count() for mask in trick)
    return (
        *hands,
        *trick,
        *taken,
        -1 if to_act is None else to_act,
        deal.leader,
        int(deal.hearts_broken),
        13 - held // 4,
    )


def encode(states: Any, seats: Any) -> np.ndarray:
    """The network's inputs (float32, one row a position, :data:`FEATURES` columns) for
    positions (rows of :data:`SNAPSHOT_FIELDS`, an array or a list of tuples) each seen from a
    seat (``seats``): that seat's own columns first, then the next seat clockwise, and so on."""
    table = np.asarray(states, dtype=np.uint64)
    if table.ndim != 2 or table.shape[1] != len(SNAPSHOT_FIELDS):
        raise InvalidArgument(f"positions must be rows of {len(SNAPSHOT_FIELDS)} numbers")
    count = len(table)
    me = np.asarray(seats, dtype=np.int64).reshape(count, 1)
    order = (me + np.arange(_SEATS)) % _SEATS  # (count, 4): the seats from me on
    rows = np.arange(count)[:, None]
    masks = np.concatenate(
        [table[:, 0:4][rows, order], table[:, 4:8][rows, order]], axis=1
    )  # (count, 8): hands, then trick cards
    bits = np.unpackbits(masks.view(np.uint8).reshape(count, 8, 8), axis=2, bitorder="little")
    cards = bits[:, :, _CARD_BITS].reshape(count, 8 * 52).astype(np.float32)
    taken = table[:, 8:12][rows, order]
    hearts = np.bitwise_count(taken & np.uint64(_HEARTS)).astype(np.float32)
    queen = ((taken >> np.uint64(QUEEN_OF_SPADES)) & np.uint64(1)).astype(np.float32)
    counted = ((hearts > 0) | (queen > 0)).astype(np.float32)
    to_act = table[:, 12].astype(np.int64)
    leader = table[:, 13].astype(np.int64)
    act = np.zeros((count, _SEATS), dtype=np.float32)
    lead = np.zeros((count, _SEATS), dtype=np.float32)
    valid = to_act >= 0
    act[np.flatnonzero(valid), ((to_act - me[:, 0]) % _SEATS)[valid]] = 1.0
    lead[np.arange(count), (leader - me[:, 0]) % _SEATS] = 1.0
    tricks = table[:, 15].astype(np.float32)
    tail = np.stack([table[:, 14].astype(np.float32), tricks == 0, tricks / 13.0], axis=1)
    return np.concatenate(
        [cards, hearts / 13.0, queen, counted, act, lead, tail.astype(np.float32)], axis=1
    )


@dataclasses.dataclass(frozen=True)
class ValueModel:
    """A network of two hidden layers (rectified) from :func:`encode`'s inputs to the points
    each seat will take by the end of the hand, from the evaluating seat on (in 26ths)."""

    weights: tuple[np.ndarray, ...]
    """Each layer's weights and biases, in order (w1, b1, w2, b2, w3, b3)."""
    name: str = "value"
    """Where it came from (the file's name)."""

    def __post_init__(self) -> None:
        check_layers(self.weights, FEATURES, _SEATS, "a value model")

    @classmethod
    def load(cls, path: str | Path | None = None) -> ValueModel:
        """The model in ``path`` (an ``.npz`` of ``w1 b1 w2 b2 w3 b3``), or the one shipped with
        the package (None)."""
        name = "value-modern" if path is None else Path(path).name
        return cls(read_layers(path, "value-modern.npz", "a value model"), name)

    def save(self, path: str | Path) -> None:
        """Write the weights as an ``.npz`` that :meth:`load` reads."""
        arrays: dict[str, Any] = dict(zip(_NAMES, self.weights, strict=True))
        np.savez(path, **arrays)

    def forward(self, inputs: np.ndarray) -> np.ndarray:
        """The network's outputs for rows of :func:`encode`'s inputs (in 26ths of a hand)."""
        return run_layers(self.weights, inputs)

    def points(self, states: Sequence[Sequence[int]], seats: Sequence[int]) -> np.ndarray:
        """The points each seat can expect to take by the end of the hand, for each position
        seen from its seat (that seat's first, then clockwise)."""
        return self.forward(encode(states, seats)) * 26.0

    def scores(self, states: Sequence[Sequence[int]], seats: Sequence[int]) -> np.ndarray:
        """Each position's worth to its seat, as the expert scores a hand: the others' mean
        points minus its own."""
        points = self.points(states, seats)
        return points[:, 1:].mean(axis=1) - points[:, 0]  # type: ignore[no-any-return]


def run_layers(weights: Sequence[np.ndarray], inputs: np.ndarray) -> np.ndarray:
    """A network of two hidden layers (``w1 b1 w2 b2 w3 b3``, rectified) on rows of inputs, its
    BLAS held to one thread: the matrices are small, and a bot shares the machine with others
    (measured: a tenth of the time of two threads on a busy two-core host)."""
    w1, b1, w2, b2, w3, b3 = weights
    with _controller().limit(limits=1, user_api="blas"):
        hidden = np.maximum(inputs @ w1 + b1, 0.0)
        hidden = np.maximum(hidden @ w2 + b2, 0.0)
        return hidden @ w3 + b3  # type: ignore[no-any-return]


@functools.cache
def _controller() -> ThreadpoolController:
    return ThreadpoolController()


@functools.cache
def shipped_model() -> ValueModel:
    """The model shipped with the package (read once)."""
    return ValueModel.load()


def read_layers(path: str | Path | None, shipped: str, what: str) -> tuple[np.ndarray, ...]:
    """A network's layers (``w1 b1 w2 b2 w3 b3``, as float32) from the ``.npz`` at ``path``, or
    from the package's ``data/shipped`` (None); a file that is not one is refused in a sentence
    naming ``what`` it should have been."""
    try:
        if path is None:
            source = resources.files("hearts.bots").joinpath(f"data/{shipped}")
            with resources.as_file(source) as file, np.load(file) as arrays:
                return tuple(np.asarray(arrays[name], dtype=np.float32) for name in _NAMES)
        with np.load(path) as arrays:
            missing = [name for name in _NAMES if name not in arrays.files]
            if missing:
                raise InvalidArgument(
                    f"cannot read {what} from {path}: it has no layer {', '.join(missing)}"
                )
            return tuple(np.asarray(arrays[name], dtype=np.float32) for name in _NAMES)
    except InvalidArgument:
        raise
    except OSError as error:
        raise InvalidArgument(f"cannot read {what} from {path}: {error}") from None
    except (ValueError, TypeError, AttributeError):  # (not an archive, or one array: an .npy)
        raise InvalidArgument(
            f"cannot read {what} from {path}: not an .npz of the layers {' '.join(_NAMES)}"
        ) from None


def check_layers(weights: Sequence[np.ndarray], inputs: int, outputs: int, what: str) -> None:
    """Refuse, in a sentence naming ``what`` they should be, layers that are not a network of
    two hidden layers from ``inputs`` numbers to ``outputs`` (``w1 b1 w2 b2 w3 b3``, each
    matrix fitting the one before)."""
    shapes = [np.shape(w) for w in weights]
    fits = len(shapes) == 6 and all(len(shape) == 2 for shape in shapes[0::2])
    if fits:
        (rows, first), _, (middle, second), _, (last, out), _ = shapes
        fits = (rows, middle, last, out) == (inputs, first, second, outputs)
        fits = fits and shapes[1::2] == [(first,), (second,), (outputs,)]
    if not fits:
        raise InvalidArgument(f"not {what}: layers of shapes {shapes}")


_NAMES: Final = ("w1", "b1", "w2", "b2", "w3", "b3")
