"""A policy that learns to beat the ``basic`` bot at Hearts, in a fixed number of steps on a CPU.

PPO (proximal policy optimisation, with a clipped ratio, a learned value and generalised
advantage estimation) trains a small neural network written in NumPy (two hidden layers of
rectified units, a policy head over the legal actions and a value head; the gradients written
out by hand, no torch). It learns at one seat of many tables of the modern game at once, the
vector environment (:class:`hearts.envs.vector.VectorEnv`), the other three seats of each table
played by the ``basic`` bot: a best response to ``basic`` is what it learns. Episodes are whole
games (every pass direction comes up, as in the arena); the rewards are the environment's
``reward="trick"`` (minus each trick's penalty points as it is taken, the moon settled at the
end of the hand), and a decision's return is the seat's reward to the end of its hand. The
input is the observation of :mod:`hearts.envs.aec` (the vector environment writes the same),
its card fields kept for the cards of the pack alone and its counts scaled to about 0..1; the
legal actions are those of its ``action_mask``.

The trained policy is then wrapped as a bot (``choose(view) -> Move``, from
:func:`hearts.envs.aec.encode` and :func:`hearts.envs.aec.action_mask` of the seat's view, the
most probable legal action turned back into a move by :func:`hearts.envs.aec.move_of`) and
measured by the project's arena on duplicate deals, every rotation: one learned seat and three
``random``, then one learned seat and three ``basic``. The margin is the learned bot's points a
hand minus the mean of the others' at the same table (lower is better), with its 95% interval.

Run from the repository's root (``pip install 'hearts[rl]'``)::

    python examples/learn.py --updates 1500 --seed 0 --deals 1000 --save weights.npz
    python examples/learn.py --load weights.npz --deals 1000

A run is deterministic given ``--seed`` and its sizes (``--updates``, ``--envs``, ``--steps``
and the rest): NumPy is held to one thread. With ``--seed 0``, 1,500 updates (3,072,000
decisions, 36 minutes on a shared 2-core machine) beat ``basic``: examples/README.md has the
numbers.
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
from dataclasses import dataclass  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from hearts import arena, bots, variants  # noqa: E402
from hearts.cards import Card, CardSet  # noqa: E402
from hearts.envs import aec  # noqa: E402
from hearts.envs.vector import VectorEnv  # noqa: E402
from hearts.errors import UnknownName  # noqa: E402
from hearts.hand.choices import PassChoices  # noqa: E402
from hearts.hand.core import Phase  # noqa: E402
from hearts.moves import Discard, Move, Pass  # noqa: E402
from hearts.observation import SeatView  # noqa: E402

VARIANT = "modern"
LEARNED = "learned"
RULES = variants.get(VARIANT)
PLAYERS = RULES.players
Array = np.ndarray[Any, Any]

# ---------------------------------------------------------------------- the network's input


def _inputs() -> tuple[Array, Array]:
    """The observation's features the network reads (card fields for the pack's cards alone,
    every other field whole) and a factor for each, bringing counts to about 0..1."""
    cards = [card for card in range(aec.CARD_SLOTS) if RULES.pack >> card & 1]
    tops = {
        "penalties": 26.0,
        "tricks_won": 13.0,
        "hand_sizes": 13.0,
        "scores": 100.0,
        "pool": 100.0,
        "stock_size": 52.0,
        "widow_size": 13.0,
        "bids": 13.0,
        "high_bid": 13.0,
    }
    index: list[int] = []
    scale: list[float] = []
    for name, part in aec.layout(PLAYERS).items():
        width = part.stop - part.start
        if width % aec.CARD_SLOTS == 0:  # one card field, or one a seat
            rows = [
                part.start + at + card for at in range(0, width, aec.CARD_SLOTS) for card in cards
            ]
        else:
            rows = list(range(part.start, part.stop))
        index += rows
        scale += [1.0 / tops.get(name, 1.0)] * len(rows)
    return np.array(index), np.array(scale, dtype=np.float32)


INDEX, SCALE = _inputs()
ACTIONS = np.array(
    [card for card in range(aec.CARD_SLOTS) if RULES.pack >> card & 1]
    + list(range(aec.CARD_SLOTS, aec.ACTIONS))
)
"""The actions the policy scores: the pack's cards, then every action that is not a card."""
HAND = aec.layout(PLAYERS)["hand"]


def features(observations: Array) -> Array:
    """The network's input from observations (a row each)."""
    return np.asarray(observations[..., INDEX] * SCALE, dtype=np.float32)


# ---------------------------------------------------------------------- the network

PARAMETERS = ("W1", "b1", "W2", "b2", "Wp", "bp", "Wv", "bv")


@dataclass
class Net:
    """Two hidden layers of rectified units; a policy head (a logit a scored action) and a
    value head (the seat's return to the end of the hand, in units of 13 points)."""

    params: dict[str, Array]

    @classmethod
    def new(cls, hidden: int, rng: np.random.Generator) -> Net:
        def layer(inputs: int, outputs: int, gain: float) -> Array:
            weights = rng.standard_normal((inputs, outputs)) * gain / np.sqrt(inputs)
            return np.asarray(weights, dtype=np.float32)

        zeros = functools.partial(np.zeros, dtype=np.float32)
        return cls(
            {
                "W1": layer(INDEX.size, hidden, np.sqrt(2)),
                "b1": zeros(hidden),
                "W2": layer(hidden, hidden, np.sqrt(2)),
                "b2": zeros(hidden),
                "Wp": layer(hidden, ACTIONS.size, 0.01),  # near uniform at first
                "bp": zeros(ACTIONS.size),
                "Wv": layer(hidden, 1, 1.0),
                "bv": zeros(1),
            }
        )

    def forward(self, x: Array) -> tuple[Array, Array, tuple[Array, Array, Array]]:
        """Logits (a row an input), values, and what :meth:`backward` needs."""
        p = self.params
        h1 = np.maximum(x @ p["W1"] + p["b1"], 0)
        h2 = np.maximum(h1 @ p["W2"] + p["b2"], 0)
        return h2 @ p["Wp"] + p["bp"], (h2 @ p["Wv"] + p["bv"])[:, 0], (x, h1, h2)

    def backward(
        self, cache: tuple[Array, Array, Array], dlogits: Array, dvalues: Array
    ) -> dict[str, Array]:
        """The gradient of a loss from its gradient with respect to the logits and values."""
        p = self.params
        x, h1, h2 = cache
        dv = dvalues[:, None]
        dh2 = (dlogits @ p["Wp"].T + dv @ p["Wv"].T) * (h2 > 0)
        dh1 = (dh2 @ p["W2"].T) * (h1 > 0)
        return {
            "Wp": h2.T @ dlogits,
            "bp": dlogits.sum(0),
            "Wv": h2.T @ dv,
            "bv": dv.sum(0),
            "W2": h1.T @ dh2,
            "b2": dh2.sum(0),
            "W1": x.T @ dh1,
            "b1": dh1.sum(0),
        }

    def save(self, path: str, history: dict[str, Array]) -> None:
        arrays: dict[str, Any] = {**self.params, **history}
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str) -> Net:
        try:
            with np.load(path) as data:
                params = {name: data[name].astype(np.float32) for name in PARAMETERS}
        except (OSError, KeyError, ValueError) as error:
            sys.exit(f"{path}: no weights to load ({error})")
        hidden = params["b1"].size
        shapes = {
            "W1": (INDEX.size, hidden),
            "W2": (hidden, hidden),
            "Wp": (hidden, ACTIONS.size),
            "Wv": (hidden, 1),
        }
        for name, shape in shapes.items():
            if params[name].shape != shape:
                sys.exit(f"{path}: {name} has shape {params[name].shape}, not {shape}")
        return cls(params)


def log_policy(logits: Array, legal: Array) -> tuple[Array, Array]:
    """The log-probabilities and probabilities of the softmax over the legal actions alone
    (zero for the others)."""
    z = np.where(legal, logits, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    exp = np.where(legal, np.exp(z), 0.0)
    total = exp.sum(axis=1, keepdims=True)
    return np.where(legal, z - np.log(total), 0.0), exp / total


class LearnedBot:
    """The policy as a bot: it sees its seat's view alone, encoded as the environment does, and
    plays the most probable legal action. A pass is chosen card by card, as in the environment."""

    name = LEARNED

    def __init__(self, net: Net, seed: int | None = None) -> None:
        self.net = net  # greedy: the seed is not needed

    def _action(self, view: SeatView, chosen: CardSet = CardSet()) -> int:  # noqa: B008
        x = features(aec.encode(view, chosen))[None, :]
        legal = aec.action_mask(view, chosen)[ACTIONS].astype(bool)
        logits = self.net.forward(x)[0][0]
        return int(ACTIONS[int(np.argmax(np.where(legal, logits, -np.inf)))])

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
    """Adam's update of the network's parameters (descent)."""

    def __init__(self, params: dict[str, Array], rate: float) -> None:
        self.rate, self.step = rate, 0
        self.m = {name: np.zeros_like(value) for name, value in params.items()}
        self.v = {name: np.zeros_like(value) for name, value in params.items()}

    def __call__(self, params: dict[str, Array], gradients: dict[str, Array]) -> None:
        self.step += 1
        for name, gradient in gradients.items():
            self.m[name] = 0.9 * self.m[name] + 0.1 * gradient
            self.v[name] = 0.999 * self.v[name] + 0.001 * gradient**2
            m = self.m[name] / (1 - 0.9**self.step)
            v = self.v[name] / (1 - 0.999**self.step)
            params[name] -= (self.rate * m / (np.sqrt(v) + 1e-8)).astype(np.float32)


@dataclass
class Settings:
    """Training's sizes and weights."""

    updates: int
    envs: int = 64
    steps: int = 32
    hidden: int = 256
    rate: float = 3e-4
    epochs: int = 8
    minibatch: int = 512
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    lam: float = 0.95
    max_norm: float = 0.5
    opponents: str = "basic"


def make_tables(settings: Settings, seed: int) -> VectorEnv:
    """The vector environment: ``envs`` tables, the learner at seat 0, ``opponents`` at the
    others, whole games, rewards a trick."""
    return VectorEnv(
        num_envs=settings.envs,
        variant=VARIANT,
        seat=0,
        opponents=settings.opponents,
        seed=seed,
        episode="game",
        reward="trick",
    )


def train(
    net: Net, settings: Settings, seed: int, checkpoint: tuple[int, str] | None = None
) -> dict[str, Array]:
    """Train ``net`` in place; the history of each update: decisions and hands played so far,
    the learner's points a hand over the hands ended in it, the policy's entropy, the value's
    loss, and the seconds (wall and CPU) since training began.

    ``checkpoint=(every, path)`` saves the weights and history every so many updates, to
    ``path`` with the update's number before ``.npz``: nothing in training depends on the
    number of updates asked for, so the weights saved after ``k`` updates are those a run of
    ``k`` updates (the same seed and sizes) ends with."""
    rng = np.random.default_rng(seed)
    tables = make_tables(settings, seed)
    obs, _ = tables.reset(seed=seed)
    n, t_len, a_len = settings.envs, settings.steps, ACTIONS.size
    rows = np.arange(n)
    optimizer = Adam(net.params, settings.rate)
    history: dict[str, list[float]] = {
        key: [] for key in ("decisions", "hands", "points", "entropy", "value_loss", "wall", "cpu")
    }
    taken = np.zeros(n)  # each table's points in its hand so far
    hands = 0
    start, cpu = time.monotonic(), time.process_time()
    last_report = start
    for update in range(settings.updates):
        xs = np.zeros((t_len, n, INDEX.size), np.float32)
        legal = np.zeros((t_len, n, a_len), bool)
        actions = np.zeros((t_len, n), np.int64)
        old_logp = np.zeros((t_len, n), np.float32)
        values = np.zeros((t_len, n), np.float32)
        rewards = np.zeros((t_len, n), np.float32)
        ends = np.zeros((t_len, n), bool)  # the hand ended in this step
        points: list[float] = []
        for t in range(t_len):
            x = features(obs["observation"])
            mask = obs["action_mask"][:, ACTIONS].astype(bool)
            held = obs["observation"][:, HAND].sum(axis=1)
            logits, value, _ = net.forward(x)
            logp, probs = log_policy(logits, mask)
            # Sample: the first action whose cumulative probability passes a uniform draw.
            draw = rng.random(n)[:, None]
            action = np.minimum((probs.cumsum(axis=1) < draw).sum(axis=1), a_len - 1)
            action = np.where(mask[rows, action], action, mask.argmax(axis=1))
            xs[t], legal[t], actions[t] = x, mask, action
            old_logp[t], values[t] = logp[rows, action], value
            obs, reward, terminated, truncated, _ = tables.step(ACTIONS[action])
            # A hand ends with the episode, or when the seat's hand is dealt anew.
            ended = terminated | truncated | (obs["observation"][:, HAND].sum(axis=1) > held)
            rewards[t], ends[t] = reward / 13.0, ended
            taken -= reward
            for row in np.flatnonzero(ended):
                points.append(float(taken[row]))
                taken[row] = 0.0
        hands += len(points)
        # Generalised advantage estimation within each hand (no discount).
        last_value = net.forward(features(obs["observation"]))[1]
        advantages = np.zeros((t_len, n), np.float32)
        running = np.zeros(n, np.float32)
        for t in reversed(range(t_len)):
            following = last_value if t == t_len - 1 else values[t + 1]
            going = ~ends[t]
            delta = rewards[t] + going * following - values[t]
            running = delta + settings.lam * going * running
            advantages[t] = running
        returns = advantages + values
        size = t_len * n
        flat = (
            xs.reshape(size, -1),
            legal.reshape(size, -1),
            actions.reshape(size),
            old_logp.reshape(size),
            advantages.reshape(size),
            returns.reshape(size),
        )
        entropy, value_loss = _optimise(net, optimizer, flat, settings, rng)
        for key, number in (
            ("decisions", (update + 1) * size),
            ("hands", hands),
            ("points", float(np.mean(points)) if points else np.nan),
            ("entropy", entropy),
            ("value_loss", value_loss),
            ("wall", time.monotonic() - start),
            ("cpu", time.process_time() - cpu),
        ):
            history[key].append(number)
        if checkpoint is not None and (update + 1) % checkpoint[0] == 0:
            saved = {key: np.array(values) for key, values in history.items()}
            net.save(checkpoint[1].removesuffix(".npz") + f"-{update + 1}.npz", saved)
        now = time.monotonic()
        if now - last_report >= 30 or update + 1 == settings.updates:
            recent = [p for p in history["points"][-20:] if not np.isnan(p)]
            print(
                f"train: update {update + 1:5d}  {hands:7d} hands  learner's points a hand "
                f"{np.mean(recent):6.3f}  entropy {entropy:.3f}  "
                f"{now - start:5.0f} s ({time.process_time() - cpu:5.0f} s CPU)",
                flush=True,
            )
            last_report = now
    return {key: np.array(values) for key, values in history.items()}


def _optimise(
    net: Net,
    optimizer: Adam,
    batch: tuple[Array, Array, Array, Array, Array, Array],
    settings: Settings,
    rng: np.random.Generator,
) -> tuple[float, float]:
    """PPO's epochs over one batch of decisions; the last minibatch's entropy and value loss."""
    xs, legal, actions, old_logp, advantages, returns = batch
    size = xs.shape[0]
    entropy = value_loss = 0.0
    for _ in range(settings.epochs):
        order = rng.permutation(size)
        for at in range(0, size, settings.minibatch):
            pick = order[at : at + settings.minibatch]
            m = pick.size
            rows = np.arange(m)
            logits, values, cache = net.forward(xs[pick])
            logp, probs = log_policy(logits, legal[pick])
            advantage = advantages[pick]
            advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
            ratio = np.exp(logp[rows, actions[pick]] - old_logp[pick])
            # The clipped surrogate's gradient is zero where the clip holds the ratio.
            live = ~(
                ((advantage > 0) & (ratio > 1 + settings.clip))
                | ((advantage < 0) & (ratio < 1 - settings.clip))
            )
            onehot = np.zeros_like(probs)
            onehot[rows, actions[pick]] = 1.0
            dlogits = (-(ratio * advantage * live) / m)[:, None] * (onehot - probs)
            h = -(probs * logp).sum(axis=1)
            dlogits += settings.entropy * probs * (logp + h[:, None]) / m  # minus the entropy
            error = values - returns[pick]
            gradients = net.backward(
                cache,
                dlogits.astype(np.float32),
                (settings.value * error / m).astype(np.float32),
            )
            norm = np.sqrt(sum(float((g**2).sum()) for g in gradients.values()))
            if norm > settings.max_norm:
                gradients = {k: g * (settings.max_norm / norm) for k, g in gradients.items()}
            optimizer(net.params, gradients)
            entropy, value_loss = float(h.mean()), float(0.5 * (error**2).mean())
    return entropy, value_loss


# ---------------------------------------------------------------------- the arena


def measure(net: Net, against: str, deals: int, seed: int, workers: int) -> arena.ArenaResult:
    """One learned seat and three ``against`` bots, every rotation of ``deals`` duplicate deals."""
    return arena.run(
        RULES,
        [LEARNED, against, against, against],
        deals=deals,
        seed=seed,
        workers=workers,
        makers={LEARNED: functools.partial(LearnedBot, net)},
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
        f"[{learned.low:+.3f}, {learned.high:+.3f}]: {verdict}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    defaults = Settings(updates=0)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--updates",
        type=int,
        help="PPO updates (each of envs x steps decisions); 1500 if not loading",
    )
    parser.add_argument("--seed", type=int, default=0, help="training's and the arena's seed")
    parser.add_argument("--deals", type=int, default=1000, help="arena deals against each")
    parser.add_argument("--workers", type=int, default=1, help="arena processes (1: here)")
    parser.add_argument("--envs", type=int, default=defaults.envs, help="tables stepped at once")
    parser.add_argument("--steps", type=int, default=defaults.steps, help="steps an update")
    parser.add_argument("--hidden", type=int, default=defaults.hidden, help="units a layer")
    parser.add_argument("--rate", type=float, default=defaults.rate, help="Adam's learning rate")
    parser.add_argument("--epochs", type=int, default=defaults.epochs, help="passes a batch")
    parser.add_argument(
        "--minibatch", type=int, default=defaults.minibatch, help="decisions a gradient step"
    )
    parser.add_argument(
        "--entropy", type=float, default=defaults.entropy, help="entropy bonus weight"
    )
    parser.add_argument(
        "--opponents", default=defaults.opponents, help="the bot at the other seats in training"
    )
    parser.add_argument("--save", help="write the weights (and training history) to this .npz")
    parser.add_argument("--load", help="start from the weights of this .npz")
    parser.add_argument(
        "--checkpoint",
        type=int,
        help="with --save: also save every so many updates (to NAME-UPDATES.npz)",
    )
    parser.add_argument(
        "--against", default="random,basic", help="bots to measure against (comma-separated)"
    )
    args = parser.parse_args(argv)
    for option in (
        "updates",
        "deals",
        "workers",
        "envs",
        "steps",
        "hidden",
        "epochs",
        "minibatch",
        "checkpoint",
    ):
        value = getattr(args, option)
        if value is not None and value < (0 if option == "updates" else 1):
            parser.error(f"--{option} must not be {'negative' if value < 0 else 'zero'}")
    against = [name.strip() for name in args.against.split(",") if name.strip()]
    for name in [*against, args.opponents]:
        try:
            bots.get(name)
        except UnknownName as error:  # said before any training, not after it
            flag = "--opponents" if name == args.opponents else "--against"
            parser.error(f"{flag}: {error}")
    updates = args.updates if args.updates is not None else (0 if args.load else 1500)
    settings = Settings(
        updates=updates,
        envs=args.envs,
        steps=args.steps,
        hidden=args.hidden,
        rate=args.rate,
        epochs=args.epochs,
        minibatch=args.minibatch,
        entropy=args.entropy,
        opponents=args.opponents,
    )
    net = (
        Net.load(args.load) if args.load else Net.new(args.hidden, np.random.default_rng(args.seed))
    )
    history: dict[str, Array] = {}
    if updates:
        print(
            f"training by PPO at one seat of {settings.envs} tables of {VARIANT} against "
            f"{settings.opponents} (seed {args.seed}, {updates} updates of "
            f"{settings.envs * settings.steps} decisions)",
            flush=True,
        )
        start, cpu = time.monotonic(), time.process_time()
        every = (args.checkpoint, args.save) if args.checkpoint and args.save else None
        history = train(net, settings, args.seed, every)
        print(
            f"trained: {int(history['decisions'][-1])} decisions, {int(history['hands'][-1])} "
            f"hands in {time.monotonic() - start:.0f} s ({time.process_time() - cpu:.0f} s CPU)",
            flush=True,
        )
    if args.save:
        net.save(args.save, history)
        print(f"saved the weights to {args.save}")
    for name in against:
        start = time.monotonic()
        result = measure(net, name, args.deals, args.seed, args.workers)
        print_table(result)
        print(f"(the arena took {time.monotonic() - start:.0f} s)")


if __name__ == "__main__":
    main()
