"""Train the expert's model of play (hearts.bots.inference.PolicyModel) on self-play positions.

Run from the repository root::

    .venv/bin/python training/train_policy.py data/gen0 data/gen1 \\
        --out src/hearts/bots/data/policy-modern.npz

The same part files as training/train.py (training/selfplay.py): each position with the card the
seat to act played. The network reads the position from that seat's side only
(:func:`hearts.bots.inference.policy_inputs`: its cards, the trick, the cards gone, the points
taken) and is fitted to the card played by cross-entropy over the legal cards
(:func:`~hearts.bots.inference.legal_masks`), with Adam; positions with one legal card teach
nothing and are left out. One game in twenty is held out: each epoch prints its mean log-loss and
how often the most likely card was the one played, beside the log-loss of choosing at random
among the legal cards; the best epoch's weights are kept. Seeded: the same data and options give
the same weights.
"""

from __future__ import annotations

import sys
import time

import numpy as np
from train import arguments, initial, load

from hearts.bots.inference import POLICY_FEATURES, legal_masks, policy_inputs

BITS = np.array([suit * 16 + rank for suit in range(4) for rank in range(13)])


def legal_columns(states: np.ndarray) -> np.ndarray:
    """The legal cards of each position as 52 columns of True and False."""
    masks = legal_masks(states)[:, None]
    bits = np.unpackbits(masks.view(np.uint8).reshape(len(masks), 1, 8), axis=2, bitorder="little")
    return bits[:, 0, BITS] > 0


def step(
    weights: list[np.ndarray], x: np.ndarray, legal: np.ndarray, target: np.ndarray
) -> tuple[float, list[np.ndarray], np.ndarray]:
    """The mean log-loss of a minibatch, its gradient for every weight, and the chances."""
    w1, b1, w2, b2, w3, b3 = weights
    a1 = x @ w1 + b1
    h1 = np.maximum(a1, 0.0)
    a2 = h1 @ w2 + b2
    h2 = np.maximum(a2, 0.0)
    logits = np.where(legal, h2 @ w3 + b3, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    chances = np.exp(logits)
    chances /= chances.sum(axis=1, keepdims=True)
    rows = np.arange(len(x))
    loss = float(-np.mean(np.log(chances[rows, target] + 1e-12)))
    g_out = chances.copy()
    g_out[rows, target] -= 1.0
    g_out /= len(x)
    g_w3 = h2.T @ g_out
    g_b3 = g_out.sum(axis=0)
    g_h2 = (g_out @ w3.T) * (a2 > 0)
    g_w2 = h1.T @ g_h2
    g_b2 = g_h2.sum(axis=0)
    g_h1 = (g_h2 @ w2.T) * (a1 > 0)
    g_w1 = x.T @ g_h1
    g_b1 = g_h1.sum(axis=0)
    return loss, [g_w1, g_b1, g_w2, g_b2, g_w3, g_b3], chances


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__, epochs=6).parse_args(argv)
    rng = np.random.default_rng(args.seed)
    states, _, games, _ = load(args.folders)
    cards = np.concatenate(
        [
            np.load(part)["card"]
            for folder in args.folders
            for part in sorted(folder.glob("part-*.npz"))
        ]
    ).astype(np.int64)
    legal = legal_columns(states)
    target = np.searchsorted(BITS, cards)
    if not legal[np.arange(len(states)), target].all():
        raise SystemExit("a card played is not among the legal cards: the rules read wrongly")
    choice = legal.sum(axis=1) > 1
    states, legal, target, games = states[choice], legal[choice], target[choice], games[choice]
    held = games % 20 == 19
    if not held.any() or held.all():
        raise SystemExit(
            f"{len(np.unique(games))} games are too few: the games numbered 19, 39, 59 ... are "
            "held out to measure the model, so training needs one of them and others to learn "
            "from (play at least 20)"
        )
    print(f"{len(states)} positions with a choice; {held.sum()} held out", file=sys.stderr)
    weights = initial([POLICY_FEATURES, *args.hidden, 52], rng)
    moments = [np.zeros_like(w) for w in weights]
    squares = [np.zeros_like(w) for w in weights]
    train = np.flatnonzero(~held)
    test = np.flatnonzero(held)
    uniform = float(np.mean(np.log(legal[test].sum(axis=1))))
    best = (float("inf"), [w.copy() for w in weights])
    count = 0
    for epoch in range(args.epochs):
        start = time.perf_counter()
        rate = args.rate * (0.5 ** max(0, epoch - args.epochs // 2))
        order = rng.permutation(train)
        losses = []
        for first in range(0, len(order) - args.batch + 1, args.batch):
            index = order[first : first + args.batch]
            loss, grads, _ = step(
                weights, policy_inputs(states[index]), legal[index], target[index]
            )
            losses.append(loss)
            count += 1
            for w, g, m, v in zip(weights, grads, moments, squares, strict=True):
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                w -= rate * (m / (1 - 0.9**count)) / (np.sqrt(v / (1 - 0.999**count)) + 1e-8)
        total, right = 0.0, 0
        for first in range(0, len(test), 8192):
            index = test[first : first + 8192]
            loss, _, chances = step(
                weights, policy_inputs(states[index]), legal[index], target[index]
            )
            total += loss * len(index)
            right += int((chances.argmax(axis=1) == target[index]).sum())
        held_loss = total / len(test)
        print(
            f"epoch {epoch + 1}: train {np.mean(losses):.3f}, held out {held_loss:.3f} "
            f"(at random {uniform:.3f}), the card played most likely in {right / len(test):.1%}, "
            f"{time.perf_counter() - start:.0f} s",
            file=sys.stderr,
        )
        if held_loss < best[0]:
            best = (held_loss, [w.copy() for w in weights])
    names = ("w1", "b1", "w2", "b2", "w3", "b3")
    np.savez(args.out, **dict(zip(names, best[1], strict=True)))
    print(f"held out {best[0]:.3f}; wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
