"""A policy that learns to play Hearts, in minutes on a CPU, measured against ``random``.

REINFORCE (the policy gradient, with a learned baseline) trains a linear softmax policy over the
AEC environment's observation (:mod:`hearts.envs.aec`), masked by its ``action_mask``, by
self-play on one-hand episodes of the modern game: every seat plays the same policy, and each
decision's return is the seat's reward from that decision to the end of the hand (the
environment's ``reward="trick"``: minus the penalty points of each trick as it is taken, the
moon settled at the end). NumPy only.

The trained policy is then wrapped as a bot (``choose(view) -> Move``, from
:func:`hearts.envs.aec.encode` and :func:`hearts.envs.aec.action_mask` of the seat's view, the
action turned back into a move by :func:`hearts.envs.aec.move_of`) and measured by the
project's arena on duplicate deals, every rotation: one learned seat and three ``random``, then
one learned seat and three ``basic``. The margin is the learned bot's points a hand minus the
mean of the others' at the same table (lower is better), with its 95% interval.

Run from the repository's root (``pip install 'hearts[rl]'``)::

    python examples/learn.py --minutes 5 --deals 250 --save weights.npz
    python examples/learn.py --load weights.npz --deals 500

A run is deterministic given ``--seed`` and ``--episodes`` (``--minutes`` stops at a time, so
how far it trains depends on the machine).
"""

from __future__ import annotations

import os

# One thread for NumPy's linear algebra: the sums come out the same on every run, and the run
# stays on one core.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import argparse  # noqa: E402
import functools  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Any, TextIO  # noqa: E402

import numpy as np  # noqa: E402

from hearts import arena, bots, variants  # noqa: E402
from hearts.cards import Card, CardSet  # noqa: E402
from hearts.envs import aec  # noqa: E402
from hearts.errors import UnknownName  # noqa: E402
from hearts.hand.choices import PassChoices  # noqa: E402
from hearts.hand.core import Phase  # noqa: E402
from hearts.moves import Discard, Move, Pass  # noqa: E402
from hearts.observation import SeatView  # noqa: E402

VARIANT = "modern"
PLAYERS = 4
LEARNED = "learned"


def _scale() -> np.ndarray:
    """Per observation feature, a factor bringing counts to about 0..1 (cards are already 0/1)."""
    fields = aec.layout(PLAYERS)
    scale = np.ones(fields["cancelled"].stop, dtype=np.float64)
    for name, top in (
        ("penalties", 26.0),
        ("tricks_won", 13.0),
        ("hand_sizes", 13.0),
        ("scores", 100.0),
        ("pool", 100.0),
        ("stock_size", 52.0),
        ("widow_size", 13.0),
    ):
        scale[fields[name]] = 1.0 / top
    return scale


SCALE = _scale()
FEATURES = SCALE.size + 1  # and a constant 1


def features(observation: np.ndarray) -> np.ndarray:
    """The policy's input: the observation scaled, and a constant 1 (the bias)."""
    return np.append(observation * SCALE, 1.0)


@dataclass
class Policy:
    """A linear softmax policy over the legal actions, and a linear value (the baseline)."""

    weights: np.ndarray = field(default_factory=lambda: np.zeros((FEATURES, aec.ACTIONS)))
    value: np.ndarray = field(default_factory=lambda: np.zeros(FEATURES))

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The policy's probability of each legal action (``legal``: their numbers)."""
        active = np.flatnonzero(x)
        logits = x[active] @ self.weights[np.ix_(active, legal)]
        logits -= logits.max()
        exp = np.exp(logits)
        return np.asarray(exp / exp.sum())

    def best(self, x: np.ndarray, mask: np.ndarray) -> int:
        """The most probable legal action (the lowest-numbered one of a tie)."""
        legal = np.flatnonzero(mask)
        return int(legal[int(np.argmax(self.probabilities(x, legal)))])

    def save(self, path: str, history: dict[str, np.ndarray]) -> None:
        arrays: dict[str, Any] = {"weights": self.weights, "value": self.value, **history}
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str) -> Policy:
        try:
            with np.load(path) as data:
                weights, value = data["weights"], data["value"]
        except (OSError, KeyError, ValueError) as error:
            sys.exit(f"{path}: no weights to load ({error})")
        if weights.shape != (FEATURES, aec.ACTIONS) or value.shape != (FEATURES,):
            sys.exit(f"{path}: weights of shape {weights.shape}, not ({FEATURES}, {aec.ACTIONS})")
        return cls(weights.astype(np.float64), value.astype(np.float64))


class LearnedBot:
    """The policy as a bot: it sees its seat's view alone, encoded as the environment does, and
    plays the most probable legal action. A pass is chosen card by card, as in the environment."""

    name = LEARNED

    def __init__(self, policy: Policy, seed: int | None = None) -> None:
        self.policy = policy  # greedy: the seed is not needed

    def _action(self, view: SeatView, chosen: CardSet = CardSet()) -> int:  # noqa: B008
        x = features(aec.encode(view, chosen))
        return self.policy.best(x, aec.action_mask(view, chosen))

    def choose(self, view: SeatView) -> Move:
        legal = view.legal_moves
        if isinstance(legal, PassChoices):
            chosen = CardSet()
            for _ in range(legal.per_choice):
                card = aec.move_of(self._action(view, chosen))
                assert isinstance(card, Card)  # the mask at a pass offers cards alone
                chosen = chosen | CardSet([card])
            return Discard(chosen) if view.phase is Phase.DISCARD else Pass(chosen)
        return aec.move_of(self._action(view))


# ---------------------------------------------------------------------- training


class Adam:
    """Adam's update of one array of parameters (ascent)."""

    def __init__(self, shape: tuple[int, ...], rate: float) -> None:
        self.rate, self.step = rate, 0
        self.m, self.v = np.zeros(shape), np.zeros(shape)

    def __call__(self, params: np.ndarray, gradient: np.ndarray) -> None:
        self.step += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient**2
        m = self.m / (1 - 0.9**self.step)
        v = self.v / (1 - 0.999**self.step)
        params += self.rate * m / (np.sqrt(v) + 1e-8)


@dataclass
class Batch:
    """Decisions of some episodes: inputs, legal actions, probabilities, actions, returns."""

    xs: list[np.ndarray] = field(default_factory=list)
    legal: list[np.ndarray] = field(default_factory=list)
    probs: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)


def play_episode(
    table: aec.HeartsEnv, policy: Policy, rng: np.random.Generator, batch: Batch
) -> float:
    """One hand of self-play, its decisions added to ``batch``; the mean reward of a seat."""
    table.reset(seed=int(rng.integers(2**63)))
    decisions: list[list[int]] = [[] for _ in range(PLAYERS)]  # each seat's, in the batch
    after: list[list[float]] = [[] for _ in range(PLAYERS)]  # reward after each decision
    total = np.zeros(PLAYERS)
    while not all(table.terminations.values()):
        agent = table.agent_selection
        seat = table.possible_agents.index(agent)
        observed = table.observe(agent)
        x = features(observed["observation"])
        legal = np.flatnonzero(observed["action_mask"])
        probs = policy.probabilities(x, legal)
        choice = int(rng.choice(legal.size, p=probs))
        decisions[seat].append(len(batch.xs))
        after[seat].append(0.0)
        batch.xs.append(x)
        batch.legal.append(legal)
        batch.probs.append(probs)
        batch.actions.append(choice)
        batch.returns.append(0.0)
        table.step(int(legal[choice]))
        for other, name in enumerate(table.possible_agents):
            reward = table.rewards[name]
            total[other] += reward
            if after[other]:
                after[other][-1] += reward
    for seat in range(PLAYERS):
        to_go = np.cumsum(after[seat][::-1])[::-1]  # the seat's rewards from each decision on
        for index, value in zip(decisions[seat], to_go, strict=True):
            batch.returns[index] = float(value)
    return float(total.mean())


def update(
    policy: Policy, batch: Batch, optimizers: tuple[Adam, Adam], entropy_weight: float
) -> tuple[float, float]:
    """One policy-gradient step (and one step of the baseline's regression) over a batch;
    the loss (minus the advantage-weighted log-likelihood) and the mean entropy."""
    xs = np.array(batch.xs)
    returns = np.array(batch.returns)
    baseline = xs @ policy.value
    advantage = returns - baseline
    advantage /= advantage.std() + 1e-8
    # d log pi(a|x) / d logits = onehot(a) - pi, on the legal actions; the entropy's gradient
    # is -pi * (log pi + H) on them.
    grad_logits = np.zeros((len(xs), aec.ACTIONS))
    loss = entropy = 0.0
    for row, (legal, probs, action) in enumerate(
        zip(batch.legal, batch.probs, batch.actions, strict=True)
    ):
        logp = np.log(probs + 1e-12)
        h = float(-(probs * logp).sum())
        g = -probs * advantage[row]
        g[action] += advantage[row]
        g += entropy_weight * (-probs * (logp + h))
        grad_logits[row, legal] = g
        loss -= advantage[row] * logp[action]
        entropy += h
    n = len(xs)
    optimizers[0](policy.weights, xs.T @ grad_logits / n)
    optimizers[1](policy.value, xs.T @ (returns - baseline) / n)
    return loss / n, entropy / n


def train(
    policy: Policy,
    *,
    episodes: int | None,
    minutes: float | None,
    seed: int,
    batch_size: int,
    rate: float,
    entropy_weight: float,
    out: TextIO = sys.stdout,
) -> dict[str, np.ndarray]:
    """Train ``policy`` in place for so many episodes (or minutes, whichever ends first); the
    history of each batch: episodes done, mean reward of a seat a hand, loss, entropy."""
    table = aec.raw_env(VARIANT, reward="trick")
    rng = np.random.default_rng(seed)
    optimizers = (Adam(policy.weights.shape, rate), Adam(policy.value.shape, rate))
    history: dict[str, list[float]] = {"episodes": [], "reward": [], "loss": [], "entropy": []}
    start = time.monotonic()
    deadline = None if minutes is None else start + 60 * minutes
    done = 0
    last_report = start
    window: list[float] = []
    while (episodes is None or done < episodes) and (
        deadline is None or time.monotonic() < deadline
    ):
        batch = Batch()
        rewards = []
        for _ in range(batch_size if episodes is None else min(batch_size, episodes - done)):
            rewards.append(play_episode(table, policy, rng, batch))
        done += len(rewards)
        loss, entropy = update(policy, batch, optimizers, entropy_weight)
        for key, value in (
            ("episodes", done),
            ("reward", float(np.mean(rewards))),
            ("loss", loss),
            ("entropy", entropy),
        ):
            history[key].append(value)
        window.extend(rewards)
        now = time.monotonic()
        if now - last_report >= 15 or (episodes is not None and done >= episodes):
            print(
                f"train: {done:6d} hands {now - start:6.0f} s  reward a seat {np.mean(window):+.3f}"
                f"  entropy {entropy:.3f}  loss {loss:+.4f}",
                file=out,
                flush=True,
            )
            last_report, window = now, []
    return {key: np.array(values) for key, values in history.items()}


# ---------------------------------------------------------------------- the arena


def measure(policy: Policy, against: str, deals: int, seed: int, workers: int) -> arena.ArenaResult:
    """One learned seat and three ``against`` bots, every rotation of ``deals`` duplicate deals."""
    return arena.run(
        variants.get(VARIANT),
        [LEARNED, against, against, against],
        deals=deals,
        seed=seed,
        workers=workers,
        makers={LEARNED: functools.partial(LearnedBot, policy)},
    )


def print_table(result: arena.ArenaResult) -> None:
    """The arena's numbers, a row per bot, and a line saying whether the margin clears zero."""
    print(
        f"\narena: {result.variant}, {result.deals} duplicate deals x {result.rotations} "
        f"rotations, seed {result.seed}: points taken a hand (lower is better)"
    )
    print(f"{'bot':<8} {'hands':>6} {'points a hand':>16} {'margin':>16} {'margin 95% CI':>18}")
    for stats in result.stats:
        half = stats.per_hand.half_width or 0.0
        margin = stats.margin
        print(
            f"{stats.bot:<8} {stats.hands:>6} {stats.per_hand.mean:>9.3f} ± {half:<5.3f} "
            f"{margin.mean:>+9.3f} ± {margin.half_width or 0.0:<5.3f} "
            f"[{margin.low:+.3f}, {margin.high:+.3f}]"
        )
    learned = result.stats_of(LEARNED).margin
    other = result.stats[1].bot
    if learned.high < 0:
        verdict = f"beats {other}: the whole interval is below zero"
    elif learned.low > 0:
        verdict = f"loses to {other}: the whole interval is above zero"
    else:
        verdict = f"no clear difference from {other}: the interval holds zero"
    print(
        f"result: {LEARNED} vs {other}: margin {learned.mean:+.3f} points a hand, 95% interval "
        f"[{learned.low:+.3f}, {learned.high:+.3f}]: {verdict}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, help="train for at most this long")
    parser.add_argument("--episodes", type=int, help="train on this many hands (all seats)")
    parser.add_argument("--seed", type=int, default=0, help="training's and the arena's seed")
    parser.add_argument("--deals", type=int, default=250, help="arena deals against each")
    parser.add_argument("--workers", type=int, default=1, help="arena processes (1: here)")
    parser.add_argument("--batch", type=int, default=16, help="hands a gradient step")
    parser.add_argument("--rate", type=float, default=0.003, help="Adam's learning rate")
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus weight")
    parser.add_argument("--save", help="write the weights (and training history) to this .npz")
    parser.add_argument("--load", help="start from the weights of this .npz")
    parser.add_argument(
        "--against", default="random,basic", help="bots to measure against (comma-separated)"
    )
    args = parser.parse_args(argv)
    for option in ("minutes", "episodes", "deals", "workers", "batch"):
        value = getattr(args, option)
        if value is not None and value < (0 if option in ("minutes", "episodes") else 1):
            parser.error(f"--{option} must not be {'negative' if value < 0 else 'zero'}")
    against = [name.strip() for name in args.against.split(",") if name.strip()]
    for name in against:
        try:
            bots.get(name)
        except UnknownName as error:  # said before any training, not after it
            parser.error(f"--against: {error}")
    episodes, minutes = args.episodes, args.minutes
    if episodes is None and minutes is None:
        episodes = 0 if args.load else None
        minutes = None if args.load else 3.0
    policy = Policy.load(args.load) if args.load else Policy()
    history: dict[str, np.ndarray] = {}
    if episodes != 0 and minutes != 0:
        print(
            f"training a linear softmax policy by self-play on {VARIANT} hands "
            f"(seed {args.seed}, {f'{episodes} hands' if episodes else f'{minutes} minutes'})",
            flush=True,
        )
        history = train(
            policy,
            episodes=episodes,
            minutes=minutes,
            seed=args.seed,
            batch_size=args.batch,
            rate=args.rate,
            entropy_weight=args.entropy,
        )
    if args.save:
        policy.save(args.save, history)
        print(f"saved the weights to {args.save}")
    for name in against:
        result = measure(policy, name, args.deals, args.seed, args.workers)
        print_table(result)


if __name__ == "__main__":
    main()
