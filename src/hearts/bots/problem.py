"""What a search compares, and when it has compared enough: the expert's candidates judged on
the same imagined deals (:class:`Problem`), the candidates clearly behind dropped every
:data:`_PRUNE_EVERY` deals (:func:`_prune`) and a timed search stopped once its choice is settled
(:func:`_settled`).

The expert (:mod:`hearts.bots.expert`) builds a problem from a view; its helper
(:mod:`hearts.bots.helper`), in another process, builds the same problem from the same view and
plays out its share of the deals. Both import this module, and neither the other.

>>> from hearts import Deal, variants
>>> from hearts.bots.sampler import Sampler
>>> deal = Deal.from_hands(variants.get("modern"), [
...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="hold")
>>> _ = deal.play("2C")
>>> view = deal.view(1)
>>> problem = Problem(Sampler(view), view.legal_moves, lambda deal, card: float(card.rank), None)
>>> problem.rows([deal], [0, 1])      # each candidate's result in each deal
[[3.0, 6.0]]
>>> _prune([0, 1, 2], [10.0, -20.0, -50.0], [10.0, 40.1, 250.1], [[1.0] * 10] * 3)
[0, 1]
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar, cast

from hearts.bots.search import Imagines
from hearts.bots.standing import Standing, expected_spread
from hearts.bots.value import ValueModel
from hearts.cards import HEARTS_MASK, QUEEN_OF_SPADES
from hearts.deal import Deal
from hearts.moves import Move

__all__ = ["Problem"]

M = TypeVar("M")


@dataclasses.dataclass(frozen=True, slots=True)
class Problem(Generic[M]):
    """What a search compares: the candidates, each judged on the same imagined deals."""

    sampler: Imagines
    """Imagines the deals."""
    candidates: Sequence[M]
    """The candidates compared: moves, or (a card, whether to run for the moon) pairs."""
    result: Callable[[Deal, M], Any]
    """A candidate's result in an imagined deal (higher is better for the seat), or with a
    ``model`` the position it leaves, for the model to judge (:func:`snapshot`)."""
    prepare: Callable[[Deal], None] | None
    """Readies each imagined deal before the candidates are tried in it (None: nothing)."""
    default: int | None = None
    """The candidate that stands unless another is clearly ahead of it (None: the best)."""
    plans: bool = False
    """Each candidate is a (move, whether to run for the moon) pair, not a move played as the
    rules of thumb go on."""
    model: ValueModel | None = None
    """Judges the positions ``result`` gives instead of a number (:func:`snapshot`), all of a
    round's at once (None: every result is a number)."""
    seat: int = 0
    """The seat the model judges for."""
    standing: Standing | None = None
    """Playing score-aware: the model's points for each seat are judged by what they are worth to
    :attr:`seat`, its chance to win the game first (:meth:`Standing.worth`)."""

    def move(self, candidate: M) -> tuple[Move, bool]:
        """The move a candidate makes, and whether it runs for the moon."""
        if self.plans:
            return cast("tuple[Move, bool]", candidate)
        return cast("Move", candidate), False

    def rows(self, deals: Iterable[Deal], active: Sequence[int]) -> list[list[float]]:
        """For each deal, the result of each candidate in ``active`` (their indices)."""
        rows: list[list[Any]] = []
        for deal in deals:
            if self.prepare is not None:
                self.prepare(deal)
            rows.append([self.result(deal, self.candidates[index]) for index in active])
        if self.model is None:
            return rows
        places = [
            (r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if type(x) is tuple
        ]
        if places:
            states = [rows[r][c] for r, c in places]
            seats = [self.seat] * len(states)
            if self.standing is None:
                values = self.model.scores(states, seats).tolist()
            else:
                values = self._worth(self.model.points(states, seats), states)
            for (r, c), value in zip(places, values, strict=True):
                rows[r][c] = value
        return rows

    def _worth(self, points: Any, states: Sequence[Sequence[int]]) -> list[float]:
        """What the model's points (a row a position, this seat's first, then clockwise) are
        worth to this seat (:meth:`Standing.expected_worth`): expectations, as uncertain as the
        points still out in the hand are many (:func:`~hearts.bots.standing.expected_spread`)."""
        assert self.standing is not None
        seats = points.shape[1]
        absolute = points[:, [(seat - self.seat) % seats for seat in range(seats)]]
        spreads = [expected_spread(26 - _points_taken(state)) for state in states]
        worth = self.standing.expected_worth(absolute, spreads)
        return worth[:, self.seat].tolist()  # type: ignore[no-any-return]


def _points_taken(state: Sequence[int]) -> int:
    """The points (hearts and the Q♠) already taken in a position (:func:`snapshot`)."""
    taken = 0
    for mask in state[8:12]:
        taken += (mask & HEARTS_MASK).bit_count() + 13 * ((mask >> QUEEN_OF_SPADES) & 1)
    return taken


_PRUNE_EVERY = 12
"""Samples between two looks at the candidates: cards clearly worse than the best are dropped."""
_PRUNE_SIGMAS = 2.0
_SETTLE_AFTER = 48
"""Samples before a timed search may stop early, its choice settled (:func:`_settled`)."""
_SETTLE_SIGMAS = 3.0


def _settled(active: list[int], results: list[list[float]]) -> bool:
    """Whether the best card is settled: on the same deals, it did better than every other card
    still in contention by more than :data:`_SETTLE_SIGMAS` standard errors of the difference,
    or exactly as well in every deal (cards as good as each other, like touching cards)."""
    best = max(active, key=lambda index: sum(results[index]))
    mine = results[best]
    for index in active:
        if index == best or results[index] == mine:
            continue  # (the same result in every deal: as good)
        if not _ahead(mine, results[index], _SETTLE_SIGMAS):
            return False
    return True


def _ahead(mine: list[float], other: list[float], sigmas: float) -> bool:
    """Whether results are ahead of others on the same deals by ``sigmas`` standard errors of
    the difference (and at least :data:`_PRUNE_EVERY` deals)."""
    n = len(mine)
    if n < _PRUNE_EVERY:
        return False
    diffs = [a - b for a, b in zip(mine, other, strict=True)]
    mean = sum(diffs) / n
    variance = max(sum(d * d for d in diffs) / n - mean * mean, 0.0)
    return mean > sigmas * math.sqrt(variance / (n - 1))


def _prune(
    active: list[int],
    totals: list[float],
    squares: list[float],
    results: list[list[float]],
    default: int | None = None,
) -> list[int]:
    """Drop the candidates whose mean is clearly below the best one's (by their standard
    errors), keeping at least two, and the ``default`` candidate (the one that stands unless
    another is clearly ahead of it on the same deals: it is played on every deal): the samples
    left go to those still in contention."""
    stats = {}
    for index in active:
        n = len(results[index])
        mean = totals[index] / n
        variance = max(squares[index] / n - mean * mean, 0.0)
        stats[index] = (mean, (variance / n) ** 0.5)
    best = max(active, key=lambda i: stats[i][0])
    top, top_error = stats[best]
    kept = [
        index
        for index in active
        if index == best
        or stats[index][0] + _PRUNE_SIGMAS * stats[index][1] >= top - _PRUNE_SIGMAS * top_error
    ]
    if len(kept) < 2:
        kept = sorted(active, key=lambda i: -stats[i][0])[:2]
    if default is not None and default in active and default not in kept:
        kept = sorted([*kept, default])
    return kept
