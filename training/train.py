"""Train the expert's value model on self-play positions (training/selfplay.py), with NumPy alone.

Run from the repository root::

    .venv/bin/python training/train.py data/gen0 --out src/hearts/bots/data/value-modern.npz
    .venv/bin/python training/train.py data/gen0 data/gen1 --epochs 12 --hidden 256 128

The positions of every ``part-*.npz`` under the folders given are read, each hand's positions
kept together: one game in twenty (by its number) is held out to measure the model on
positions it never saw. Each step takes a minibatch of positions, each from a seat chosen at
random (every position is four examples, one a seat), and fits the network of
:class:`hearts.bots.value.ValueModel` to the points each seat took by the end of the hand (in
26ths), by mean squared error with Adam. The generator is seeded (``--seed``): the same data
and options give the same weights. At the end of every epoch it prints the held-out error (the
root mean square, in points a seat) beside that of predicting every seat's mean (the baseline
a useless model would match), and keeps the weights of the best epoch.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

import numpy as np

from hearts.bots.value import FEATURES, ValueModel, encode


def load(folders: list[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """Every position under the folders: the states, the points at the end, the game numbers,
    and the points the roll-outs would have found (None unless every part has them)."""
    states, points, games, rolled = [], [], [], []
    for number, folder in enumerate(folders):
        parts = sorted(folder.glob("part-*.npz"))
        if not parts:
            raise SystemExit(f"no part-*.npz in {folder}")
        for part in parts:
            with np.load(part) as data:
                states.append(data["state"])
                points.append(data["points"])
                games.append(data["hand"] // 100 + number * 10_000_000)  # (one number a game)
                rolled.append(data.get("rollout"))
    rollouts = None if any(r is None for r in rolled) else np.concatenate(rolled)
    return np.concatenate(states), np.concatenate(points), np.concatenate(games), rollouts


CLUBS = np.uint64(0x1FFF)
DIAMONDS = np.uint64(0x1FFF << 16)


def swap_minors(states: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Half the positions past the first trick with the clubs and the diamonds swapped, rank for
    rank (the two suits play alike once the 2♣ has led): twice the positions to learn from."""
    states = states.copy()
    chosen = (states[:, 15] >= 1) & (rng.random(len(states)) < 0.5)
    masks = states[chosen, :12]
    rest = masks & ~(CLUBS | DIAMONDS)
    states[chosen, :12] = (
        rest | ((masks & CLUBS) << np.uint64(16)) | ((masks & DIAMONDS) >> np.uint64(16))
    )
    return states


def initial(sizes: list[int], rng: np.random.Generator) -> list[np.ndarray]:
    """He-initialised weights and zero biases for layers of these sizes."""
    weights: list[np.ndarray] = []
    for fan_in, fan_out in itertools.pairwise(sizes):
        weights.append(
            (rng.standard_normal((fan_in, fan_out)) * np.sqrt(2.0 / fan_in)).astype(np.float32)
        )
        weights.append(np.zeros(fan_out, dtype=np.float32))
    return weights


def targets(points: np.ndarray, seats: np.ndarray) -> np.ndarray:
    """Each seat's points from the seat given on (that seat's first), in 26ths."""
    order = (seats[:, None] + np.arange(4)) % 4
    return points[np.arange(len(points))[:, None], order].astype(np.float32) / 26.0


def gradients(
    weights: list[np.ndarray], x: np.ndarray, y: np.ndarray
) -> tuple[float, list[np.ndarray]]:
    """The mean squared error of a minibatch and its gradient for every weight."""
    w1, b1, w2, b2, w3, b3 = weights
    a1 = x @ w1 + b1
    h1 = np.maximum(a1, 0.0)
    a2 = h1 @ w2 + b2
    h2 = np.maximum(a2, 0.0)
    out = h2 @ w3 + b3
    diff = out - y
    loss = float(np.mean(diff * diff))
    g_out = 2.0 * diff / diff.size
    g_w3 = h2.T @ g_out
    g_b3 = g_out.sum(axis=0)
    g_h2 = (g_out @ w3.T) * (a2 > 0)
    g_w2 = h1.T @ g_h2
    g_b2 = g_h2.sum(axis=0)
    g_h1 = (g_h2 @ w2.T) * (a1 > 0)
    g_w1 = x.T @ g_h1
    g_b1 = g_h1.sum(axis=0)
    return loss, [g_w1, g_b1, g_w2, g_b2, g_w3, g_b3]


def evaluate(model: ValueModel, states: np.ndarray, points: np.ndarray) -> float:
    """The root mean square error in points a seat, every position from every seat."""
    total = 0.0
    count = 0
    for start in range(0, len(states), 8192):
        chunk = states[start : start + 8192]
        for seat in range(4):
            seats = np.full(len(chunk), seat)
            guess = model.forward(encode(chunk, seats)) * 26.0
            truth = targets(points[start : start + 8192], seats) * 26.0
            total += float(np.sum((guess - truth) ** 2))
            count += truth.size
    return float(np.sqrt(total / count))


def arguments(doc: str | None, epochs: int) -> argparse.ArgumentParser:
    """The options every training script takes: the self-play folders, the weights' file, the
    network's hidden sizes, and the run (epochs, minibatch, rate, seed)."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--hidden", type=int, nargs=2, default=[256, 128])
    parser.add_argument("--epochs", type=int, default=epochs)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--rate", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=0)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = arguments(__doc__, epochs=10)
    parser.add_argument("--init", type=Path, default=None, help="start from this model's weights")
    parser.add_argument("--decay", type=float, default=0.0, help="weight decay (AdamW)")
    parser.add_argument(
        "--starts", action="store_true", help="only the positions at a trick's start"
    )
    parser.add_argument(
        "--residual",
        action="store_true",
        help="learn what the roll-outs miss: the points less the roll-outs' points",
    )
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    states, points, games, rollouts = load(args.folders)
    if args.starts:  # (the expert reads the model when a trick is done: those positions alone)
        at_start = ~states[:, 4:8].any(axis=1)
        states, points, games = states[at_start], points[at_start], games[at_start]
        rollouts = None if rollouts is None else rollouts[at_start]
    if args.residual:
        if rollouts is None:
            raise SystemExit("--residual needs the roll-outs' points in every part")
        points = points.astype(np.int16) - rollouts.astype(np.int16)
    held = games % 20 == 19
    if not held.any() or held.all():
        raise SystemExit(
            f"{len(np.unique(games))} games are too few: the games numbered 19, 39, 59 ... are "
            "held out to measure the model, so training needs one of them and others to learn "
            "from (play at least 20)"
        )
    train_states, train_points = states[~held], points[~held]
    test_states, test_points = states[held], points[held]
    print(
        f"{len(states)} positions from {len(np.unique(games))} games; {len(test_states)} held out",
        file=sys.stderr,
    )
    mean = train_points.mean()
    baseline = float(np.sqrt(np.mean((test_points - mean) ** 2)))
    if rollouts is not None and not args.residual:
        rolled = float(np.sqrt(np.mean((rollouts[held] - test_points) ** 2)))
        print(f"held out: the roll-outs' error {rolled:.3f} points a seat", file=sys.stderr)
    start_error = float("inf")  # (tuning keeps the starting weights unless an epoch beats them)
    if args.init is not None:
        weights = [w.copy() for w in ValueModel.load(args.init).weights]
        start_error = evaluate(ValueModel(tuple(weights)), test_states, test_points)
        print(
            f"held out: the starting weights' error {start_error:.3f} points a seat",
            file=sys.stderr,
        )
    else:
        weights = initial([FEATURES, *args.hidden, 4], rng)
    moments = [np.zeros_like(w) for w in weights]
    squares = [np.zeros_like(w) for w in weights]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    step = 0
    best = (start_error, [w.copy() for w in weights])
    for epoch in range(args.epochs):
        start = time.perf_counter()
        rate = args.rate * (0.5 ** max(0, epoch - args.epochs // 2))
        order = rng.permutation(len(train_states))
        losses = []
        for first in range(0, len(order) - args.batch + 1, args.batch):
            index = order[first : first + args.batch]
            seats = rng.integers(0, 4, len(index))
            x = encode(swap_minors(train_states[index], rng), seats)
            y = targets(train_points[index], seats)
            loss, grads = gradients(weights, x, y)
            losses.append(loss)
            step += 1
            for w, g, m, v in zip(weights, grads, moments, squares, strict=True):
                m *= beta1
                m += (1 - beta1) * g
                v *= beta2
                v += (1 - beta2) * g * g
                m_hat = m / (1 - beta1**step)
                v_hat = v / (1 - beta2**step)
                w -= rate * (m_hat / (np.sqrt(v_hat) + eps) + args.decay * w)
        model = ValueModel(tuple(weights))
        error = evaluate(model, test_states, test_points)
        train_error = float(np.sqrt(np.mean(losses))) * 26.0
        print(
            f"epoch {epoch + 1}: train {train_error:.3f}, held out {error:.3f} points "
            f"(every seat's mean: {baseline:.3f}), {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
        )
        if error < best[0]:
            best = (error, [w.copy() for w in weights])
    ValueModel(tuple(best[1])).save(args.out)
    if args.init is not None and best[0] == start_error:
        print(
            "no epoch did better than the starting weights: wrote them as they were",
            file=sys.stderr,
        )
    print(f"held out {best[0]:.3f} points a seat; wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
