"""Fit score-aware play's race model (:mod:`hearts.bots.standing`) to self-play games.

Run from the repository root, on directories that ``selfplay.py`` wrote::

    .venv/bin/python training/fit_standing.py data/gen1 data/gen2 data/basic

Every hand of every game gives the totals before it and the game's winners (the totals after
its last hand). For each pair of :data:`~hearts.bots.standing.SPREAD` and
:data:`~hearts.bots.standing.HAND_POINTS` on a grid, this prints the mean log-likelihood of the
winners under :meth:`Standing.chances` of the totals before the hand (no hand points added: the
race from there), the best pair first, and the same for a few totals bands so a misfit near the
target shows.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from hearts.bots import standing as race

Hand = tuple[tuple[int, ...], tuple[int, ...]]
"""The totals before a hand and its points."""


def games(directories: list[Path]) -> list[list[Hand]]:
    """Each game's hands in order: the totals before the hand and its points."""
    hands: dict[int, Hand] = {}
    for directory in directories:
        for path in sorted(directory.glob("part-*.npz")):
            with np.load(path) as part:
                ids, first = np.unique(part["hand"], return_index=True)
                for hand, row in zip(ids.tolist(), first.tolist(), strict=True):
                    key = hash((str(directory), hand // 100)) * 1000 + hand % 100
                    scores = tuple(int(x) for x in part["scores"][row])
                    points = tuple(int(x) for x in part["points"][row])
                    hands[key] = (scores, points)
    grouped: dict[int, list[tuple[int, Hand]]] = defaultdict(list)
    for key, value in hands.items():
        grouped[key // 1000].append((key % 1000, value))
    return [[value for _, value in sorted(items)] for items in grouped.values()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directories", nargs="+", type=Path)
    args = parser.parse_args(argv)
    cases: list[tuple[tuple[int, ...], tuple[int, ...]]] = []  # (totals before, winners)
    for hands in games(args.directories):
        scores, points = hands[-1]
        final = [s + p for s, p in zip(scores, points, strict=True)]
        if max(final) < 100:
            continue  # (a game cut short)
        low = min(final)
        winners = tuple(seat for seat, total in enumerate(final) if total == low)
        cases.extend((scores, winners) for scores, _ in hands)
    if not cases:
        print("no finished games in those directories", file=sys.stderr)
        return 2
    print(f"{len(cases)} hands")
    bands = [(0, 50), (50, 75), (75, 90), (90, 10**6)]
    fits = []
    for spread, hand_points in itertools.product((3, 4, 5, 6, 7, 8, 10), (6.5, 8, 10)):
        race.SPREAD, race.HAND_POINTS = float(spread), float(hand_points)  # type: ignore[misc]
        totals: defaultdict[tuple[int, int], float] = defaultdict(float)
        counts: defaultdict[tuple[int, int], int] = defaultdict(int)
        for scores, winners in cases:
            chances = race.Standing(scores, 100).chances([0] * len(scores))
            share = sum(chances[w] for w in winners) / 100
            value = math.log(max(share, 1e-9))
            band = next(b for b in bands if b[0] <= max(scores) < b[1])
            totals[band] += value
            counts[band] += 1
        whole = sum(totals.values()) / len(cases)
        fits.append((whole, spread, hand_points, {b: totals[b] / counts[b] for b in counts}))
    fits.sort(reverse=True)
    for whole, spread, hand_points, by_band in fits[:8]:
        bands_text = "  ".join(f"{a}-{b}: {v:.3f}" for (a, b), v in sorted(by_band.items()))
        print(f"spread {spread:>4} hand {hand_points:>4}: {whole:.4f}   {bands_text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
