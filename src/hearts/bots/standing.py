"""Score-aware play: a hand judged by the chance it leaves each seat to win the game.

In a game played to a target (the modern game: over once a seat reaches 100 points, the lowest
total winning), points are not all alike. Ten points to a seat at 95 end the game, which is the
best thing that can happen to the seat in the lead and the worst for one just behind it; points
on the leader help a seat far behind more than points on anyone else; a moon that pushes a seat
over the target wins the game for the lowest. A searching bot that plays score-aware
(:class:`~hearts.bots.expert.ExpertBot`'s ``score_aware``) judges each imagined hand by
:meth:`Standing.chances` of the totals it leaves instead of by the hand's points alone:

- **The game ends** (a total at the target or over): the lowest total wins; seats tied for the
  lowest share the win (the modern game plays on from such a tie: sharing is this model's
  approximation of it).
- **It goes on**: each seat's chance is a logistic race on the totals (the softmax of minus
  each total over a spread, :data:`SPREAD` points times the square root of the hands still to
  come, about the points to the target of the seat nearest it over :data:`HAND_POINTS`). A
  seat far behind has little chance whatever it does, and the closer the game is to its end the
  more a point counts. Where the totals are far from the target this is, to first order, the
  hand's points measured against the others' (a point taken by a seat counts against it, a
  point given to another seat counts for it, most when that seat is a threat), so far from the
  end score-aware play is the plain game.

A value model's points are expectations, not points taken: :meth:`Standing.expected_worth` judges
them, a batch at once, each seat's true points spread about the model's (:func:`expected_spread`).

Only games that end at a points target play so (:func:`Standing.of`); in every other form the
hand's points (or counters) are the result, as before.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=1)
>>> standing = Standing.of(game.view(0))
>>> standing.scores, standing.target
((0, 0, 0, 0), 100)
>>> [round(c, 1) for c in standing.chances([0, 0, 13, 13])]  # (a shared hand: the 0s ahead)
[31.9, 31.9, 18.1, 18.1]
>>> Standing((90, 60, 70, 80), 100).chances([10, 0, 0, 0])  # (a total at 100: over)
[0.0, 100.0, 0.0, 0.0]
>>> [round(c, 1) for c in Standing((80, 60, 70, 85), 100).chances([0, 0, 0, 0])]
[8.0, 64.5, 22.7, 4.8]
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from hearts.observation import SeatView
from hearts.rules import GameEnd

__all__ = [
    "HAND_POINTS",
    "HAND_SPREAD",
    "MODEL_ERROR",
    "POINTS_WORTH",
    "SPREAD",
    "Standing",
    "expected_spread",
]

SPREAD: Final = 7.0
"""The spread of the race over one hand to come, as a logistic scale in points. Fitted with
:data:`HAND_POINTS` (``training/fit_standing.py``) to 31,919 hands of 2,820 games of modern
Hearts the expert played against itself: the winners' mean log-likelihood from the totals
before each hand is -1.012 (every seat alike: -1.386); 6 to 8 points fit about as well."""
HAND_POINTS: Final = 8.0
"""Points the seat nearest the target takes in a hand on average (a little above the 6.5 of an
average seat: it got there by taking more): the hands still to come are its points to the target
over these."""
HAND_SPREAD: Final = 4.0
"""How far a seat's points over a whole hand still to play stray from what a value model expects
of them, as a logistic scale (a standard deviation of about 7 points: the Q♠ alone is 13). A
score-aware bot reading the model scales it by the share of the hand's points still out
(:func:`expected_spread`)."""
MODEL_ERROR: Final = 1.0
"""The least spread a value model's points are read with (:func:`expected_spread`): even where
every point of the hand is taken, its numbers stray from them by about a point (in 6,000 hands
of ``basic``, the 14 positions with every point taken and three tricks or more to play: the
largest error over the seats had a median of 1.1 points), so a total it puts at 99.6 may be
100."""
POINTS_WORTH: Final = 2.0
"""What a point of the hand is worth beside the chance to win (:meth:`Standing.worth`), in the
chance's units (percent): where the chance hardly moves (a seat far behind, or a game a hand is
sure to end), the hand's points still decide, as the plain game's do. Chosen on duplicate
endgames (``benchmarks/endgame.py``, 200 positions): the chance alone lost wins (-1.3 points
of percent), 0.5 a point +0.5, 2 a point +2.0, 4 a point about none."""


@dataclasses.dataclass(frozen=True, slots=True)
class Standing:
    """The game's totals before the hand and its target: what score-aware play weighs."""

    scores: tuple[int, ...]
    """Each seat's total before this hand (points, lower is better)."""
    target: int
    """The total that ends the game."""

    @classmethod
    def of(cls, view: SeatView) -> Standing | None:
        """The standing of a view's game, or None where the game does not end at a points
        target (counters, a number of deals)."""
        rules = view.rules
        if rules.end is not GameEnd.TARGET or rules.counters:
            return None
        return cls(tuple(view.scores), rules.target)

    def worth(self, points: Sequence[float]) -> list[float]:
        """What the hand's ``points`` (one per seat) are worth to each seat: its chance to win
        (:meth:`chances`) and :data:`POINTS_WORTH` for each point it is ahead of the others'
        mean in the hand.

        >>> [round(w, 1) for w in Standing((90, 60, 70, 80), 100).worth([10, 0, 0, 0])]
        [-20.0, 106.7, 6.7, 6.7]
        """
        others = len(points) - 1
        whole = sum(points)
        return [
            chance + POINTS_WORTH * ((whole - point) / others - point)
            for chance, point in zip(self.chances(points), points, strict=True)
        ]

    def chances(self, points: Sequence[float]) -> list[float]:
        """Each seat's chance, in percent, to win the game once the hand's ``points`` (one per
        seat, as a finished hand scores them) are added to the totals (see the module
        docstring)."""
        totals = [score + point for score, point in zip(self.scores, points, strict=True)]
        if max(totals) >= self.target:
            return _lowest(totals)
        hands = (self.target - max(totals)) / HAND_POINTS
        return _softmin(totals, SPREAD * math.sqrt(max(hands, 1.0)))

    def expected_worth(self, points: npt.ArrayLike, spreads: npt.ArrayLike) -> np.ndarray:
        """:meth:`worth` of expected points, many hands at once (a value model's batch):
        ``points`` a row of each seat's points for each hand, their chances those of
        :meth:`expected_chances`.

        >>> standing = Standing((80, 70, 90, 90), 100)
        >>> standing.expected_worth([[2.0, 2, 8, 4]], [3.0]).round(1).tolist()
        [[16.7, 91.1, -9.7, 1.8]]
        """
        points = np.asarray(points, dtype=np.float64)
        whole = points.sum(axis=1, keepdims=True)
        plain = (whole - points) / (points.shape[1] - 1) - points
        return self.expected_chances(points, spreads) + POINTS_WORTH * plain  # type: ignore[no-any-return]

    def expected_chances(self, points: npt.ArrayLike, spreads: npt.ArrayLike) -> np.ndarray:
        """Each seat's chance, in percent, for each row of expected ``points`` (a value
        model's), each seat's true points spread about them as a logistic of that row's
        ``spreads`` (above zero). The game then ends with the chance that some total reaches
        the target, won by the lowest in a soft race of the same scale, and goes on otherwise
        (:meth:`chances`' race): a seat at 90 expected to take 8 points more may well end the
        game, which its mean of 98 would hide.

        >>> standing = Standing((80, 70, 90, 90), 100)
        >>> standing.expected_chances([[2, 2, 8, 4]], [3.0]).round(1).tolist()
        [[11.4, 85.8, 1.0, 1.8]]
        """
        totals = np.asarray(self.scores, dtype=np.float64) + np.asarray(points, dtype=np.float64)
        scale = np.asarray(spreads, dtype=np.float64)[:, None]
        ends_not = 0.5 * (1.0 + np.tanh(0.5 * (self.target - 0.5 - totals) / scale))
        goes_on = np.prod(ends_not, axis=1, keepdims=True)
        racing = np.minimum(totals, self.target - 1.0)
        hands = (self.target - racing.max(axis=1, keepdims=True)) / HAND_POINTS
        race = _softmin_rows(racing, SPREAD * np.sqrt(np.maximum(hands, 1.0)))
        return (1.0 - goes_on) * _softmin_rows(totals, scale) + goes_on * race  # type: ignore[no-any-return]


def expected_spread(out: int) -> float:
    """The spread (:meth:`Standing.expected_chances`) of a value model's points with ``out`` of
    the hand's 26 points still to be taken: :data:`HAND_SPREAD` in proportion, never under
    :data:`MODEL_ERROR`.

    >>> expected_spread(26), expected_spread(13), expected_spread(0)
    (4.0, 2.0, 1.0)
    """
    return max(HAND_SPREAD * max(out, 0) / 26, MODEL_ERROR)


def _lowest(totals: Sequence[float]) -> list[float]:
    """A finished game's chances: the lowest total wins, ties share."""
    low = min(totals)
    winners = sum(1 for total in totals if total == low)
    return [100.0 / winners if total == low else 0.0 for total in totals]


def _softmin(totals: Sequence[float], spread: float) -> list[float]:
    """Percent for each total in a logistic race of this spread (the lowest most)."""
    low = min(totals)
    weights = [math.exp((low - total) / spread) for total in totals]
    whole = sum(weights)
    return [100.0 * weight / whole for weight in weights]


def _softmin_rows(totals: np.ndarray, spread: np.ndarray) -> np.ndarray:
    """:func:`_softmin` of each row (``spread``: a column, one a row)."""
    weights = np.exp((totals.min(axis=1, keepdims=True) - totals) / spread)
    return 100.0 * weights / weights.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]
