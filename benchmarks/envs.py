"""How fast is the AEC environment? Decision steps a second against OpenSpiel's ``hearts``.

Run from the repository root::

    .venv/bin/python benchmarks/envs.py                     # 5 rounds of 3 s per measurement
    .venv/bin/python benchmarks/envs.py --seconds 1 --rounds 3 --seed 7

Both sides are driven by a random policy that reads, at every decision step, the acting seat's
whole observation and its legal actions, as a learner would:

- **ours**: ``hearts.envs.env("modern")`` (the order-enforcing wrapper, the usual entry point),
  one hand an episode; at each step ``env.last()`` gives the observation dict, a random action
  is drawn from ``np.flatnonzero(obs["action_mask"])`` and stepped. The seats' closing steps
  (``None`` for an agent that is done) are not counted, but their time is.
- **vector, self-play**: ``hearts.envs.vector.VectorEnv(num_envs=--tables, opponents=None)``
  (every seat the learner's, the C stepping when it is built), one hand an episode, auto-reset;
  at each step the observation array is taken and one random legal action a table is drawn from
  the masks at once (``(rng.random(masks.shape) * masks).argmax(axis=1)``): a step of N tables
  counts N decision steps.
- **vector, basic**: the same with ``opponents="basic"`` (one learning seat a table against
  three ``basic`` bots, stepped in Python): only the learner's decisions count as steps, the
  bots' time counts.
- **OpenSpiel**: ``pyspiel.load_game("hearts")`` with the modern game's options; at each
  decision node ``state.information_state_tensor()`` and ``state.legal_actions()``, a random
  action applied. The deal is applied from one shuffle (52 ``apply_action`` calls, no
  ``chance_outcomes()`` lists: the stricter rival); its time counts, its steps do not.

A pass is 3 decision steps a seat on both sides (OpenSpiel passes card by card too). Every
measurement runs for ``--seconds`` of this process's CPU time in each of ``--rounds`` rounds,
ours and theirs taking turns within a round; the table shows the median of the rounds, and the
ratio is the median of the per-round ratios. Without ``pyspiel`` only ours is measured.
"""

from __future__ import annotations

import argparse
import functools
import importlib.metadata
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

import numpy as np

from hearts.envs import env as hearts_env
from hearts.envs.vector import VectorEnv

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine import _openspiel_game
from engine import machine as engine_machine

try:
    import pyspiel
except ImportError:  # pragma: no cover - platforms without OpenSpiel wheels
    pyspiel = None

clock = time.process_time
Measure = Callable[[random.Random, float], tuple[int, float]]
GOAL = 1.5
"""Ours at least this many times OpenSpiel's decision steps a second (issue 15)."""
VECTOR_GOAL = 5.0
"""The vector environment in self-play at least this many times OpenSpiel's (issue 39)."""


def ours(rng: random.Random, seconds: float) -> tuple[int, float]:
    """Decision steps of random hands through the AEC environment."""
    table = hearts_env("modern")
    steps = 0
    start = clock()
    deadline = start + seconds
    episode = 0
    while True:
        table.reset(seed=rng.randrange(2**32) + episode)
        episode += 1
        for _agent in table.agent_iter():
            observation, _reward, termination, truncation, _info = table.last()
            if termination or truncation:
                table.step(None)
                continue
            _ = observation["observation"]
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        now = clock()
        if now >= deadline:
            return steps, now - start


def theirs(rng: random.Random, seconds: float) -> tuple[int, float]:
    """Decision steps of random hands through OpenSpiel, its information-state tensor read."""
    game = _openspiel_game()
    deck = list(range(52))
    steps = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        state.apply_action(rng.randrange(4))  # the pass direction
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            _ = state.information_state_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        now = clock()
        if now >= deadline:
            return steps, now - start


TABLES = 64
"""The vector environment's tables a step, unless ``--tables`` says otherwise."""


def vector(
    rng: random.Random, seconds: float, opponents: str | None, tables: int = TABLES
) -> tuple[int, float]:
    """Decision steps of random hands through the vector environment, many tables a step."""
    venv = VectorEnv(num_envs=tables, opponents=opponents)
    draw = np.random.default_rng(rng.randrange(2**32))
    obs, _info = venv.reset(seed=rng.randrange(2**32))
    steps = 0
    start = clock()
    deadline = start + seconds
    while True:
        for _ in range(20):
            _ = obs["observation"]
            masks = obs["action_mask"]
            actions = (draw.random(masks.shape) * masks).argmax(axis=1)
            obs, _rewards, _terminations, _truncations, _info = venv.step(actions)
        steps += 20 * tables
        now = clock()
        if now >= deadline:
            return steps, now - start


def machine() -> dict[str, str]:
    """Where the numbers were measured: the engine benchmark's lines, and numpy's and
    PettingZoo's versions."""
    where = engine_machine()
    where["packages"] += f", numpy {np.__version__}"
    where["packages"] += f", pettingzoo {importlib.metadata.version('pettingzoo')}"
    return where


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the median is shown")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random hands")
    parser.add_argument(
        "--tables", type=int, default=TABLES, help="the vector environment's tables a step"
    )
    parser.add_argument("--no-vector", action="store_true", help="leave the vector environment out")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.tables < 1:
        parser.error("--seconds must be above 0, --rounds and --tables at least 1")
    measures: dict[str, Measure] = {"ours: AEC env (hearts.envs.env)": ours}
    if pyspiel is not None:
        measures["OpenSpiel: hearts, information_state_tensor"] = theirs
    else:
        print("pyspiel is not importable: measuring ours only")
    if not args.no_vector:
        tables = args.tables
        measures[f"ours: vector env, self-play, {tables} tables"] = functools.partial(
            vector, opponents=None, tables=tables
        )
        measures[f"ours: vector env vs basic, {tables} tables"] = functools.partial(
            vector, opponents="basic", tables=tables
        )
    samples: dict[str, list[float]] = {label: [] for label in measures}
    for measure in measures.values():  # one short untimed pass: imports, caches
        measure(random.Random(args.seed), 0.2)
    for round_ in range(args.rounds):
        for label, measure in measures.items():
            count, spent = measure(random.Random(f"{args.seed}-{round_}"), args.seconds)
            samples[label].append(count / spent)
            print(f"round {round_ + 1}/{args.rounds}: {label}: {count / spent:,.0f} steps/s")
    print()
    print(f"median of {args.rounds} rounds of {args.seconds:g} s (CPU time), seed {args.seed}")
    width = max(len(label) for label in samples)
    for label, values in samples.items():
        print(
            f"  {label:<{width}}  {statistics.median(values):>9,.0f} steps/s"
            f"  (min {min(values):,.0f}, max {max(values):,.0f})"
        )
    for key, value in machine().items():
        print(f"{key}: {value}")
    if pyspiel is not None:
        ours_values, theirs_values, *vector_values = samples.values()
        ratio = statistics.median(a / b for a, b in zip(ours_values, theirs_values, strict=True))
        verdict = "meets" if ratio >= GOAL else "is below"
        print(f"ours / OpenSpiel: {ratio:.2f}x; goal at least {GOAL}x: {verdict} it")
        for label, values in zip(list(samples)[2:], vector_values, strict=True):
            ratio = statistics.median(a / b for a, b in zip(values, theirs_values, strict=True))
            goal = f"; goal at least {VECTOR_GOAL}x (aim 10x)" if "self-play" in label else ""
            print(f"{label} / OpenSpiel: {ratio:.2f}x{goal}")
    return 0


# ------------------------------------------------------------------ --sim: OpenSpiel's own test


def simulations(argv: list[str] | None = None) -> int:
    """``--sim``: how long OpenSpiel's ``random_sim_test`` takes on each preset's game
    (``hearts.envs.openspiel``) against OpenSpiel's C++ ``hearts`` in the same run.

    ``pyspiel.random_sim_test(game, num_sims=N, serialize=True, verbose=False)`` plays ``N``
    random episodes (one hand each) checking clones, serialization, legal actions, chance
    outcomes, tensors and strings of every seat at every step, and utility bounds. Each preset
    and the C++ game take turns within a round; the median of ``--rounds`` rounds of this
    process's CPU time is shown, and the ratio is ours over the C++ game's.

        .venv/bin/python benchmarks/envs.py --sim                 # 10 simulations, 3 rounds
        .venv/bin/python benchmarks/envs.py --sim --sims 2 --presets modern,domino

    ``--before SRC`` times, instead, this tree against another version of the engine (the
    ``src`` folder of a checkout of an earlier commit, its C accelerator built there with
    ``python setup.py build_ext --inplace``): each round runs one fresh process of each, in
    turn, every process playing one untimed simulation first; the ratio is before over now.

        git worktree add --detach /tmp/before 87c1345
        (cd /tmp/before && ../../path/to/.venv/bin/python setup.py build_ext --inplace)
        .venv/bin/python benchmarks/envs.py --sim --before /tmp/before/src
    """
    parser = argparse.ArgumentParser(description=simulations.__doc__.split("\n\n")[0])
    parser.add_argument("--sim", action="store_true", help="time random_sim_test (this mode)")
    parser.add_argument("--sims", type=int, default=10, help="simulations per test")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the median is shown")
    parser.add_argument("--presets", default="", help="presets to time, by comma (all)")
    parser.add_argument("--before", default="", help="another engine's src folder to time against")
    args = parser.parse_args(argv)
    if args.sims < 1 or args.rounds < 1:
        parser.error("--sims and --rounds must be at least 1")
    if pyspiel is None:
        print("pyspiel is not importable: nothing to time")
        return 1
    from hearts import variants
    from hearts.envs import openspiel

    presets = [name for name in args.presets.split(",") if name] or variants.names()
    unknown = [name for name in presets if name not in variants.names()]
    if unknown:
        parser.error(f"no such preset: {', '.join(unknown)}")
    if args.before:
        envs = Path(args.before) / "hearts" / "envs"
        if not any((envs / name).is_file() for name in ("openspiel.py", "openspiel/__init__.py")):
            parser.error(f"{args.before} is no engine's src folder: no hearts/envs/openspiel")
        return _before_and_now(Path(args.before), presets, args.sims, args.rounds)
    theirs_game = _openspiel_game()

    def timed(game: object) -> float:
        start = clock()
        pyspiel.random_sim_test(game, num_sims=args.sims, serialize=True, verbose=False)
        return clock() - start

    print(f"random_sim_test, {args.sims} simulations, serialize: median of {args.rounds} rounds")
    print(f"  {'preset':<18} {'ours (s)':>9} {'C++ hearts (s)':>15} {'ours / C++':>11}")
    for name in presets:
        game = pyspiel.load_game(openspiel.game_name(name))
        timed(game)  # untimed: the game's caches and imports
        ours_times: list[float] = []
        theirs_times: list[float] = []
        for _ in range(args.rounds):
            ours_times.append(timed(game))
            theirs_times.append(timed(theirs_game))
        ours_s = statistics.median(ours_times)
        theirs_s = statistics.median(theirs_times)
        print(f"  {name:<18} {ours_s:>9.3f} {theirs_s:>15.4f} {ours_s / theirs_s:>10.0f}x")
    for key, value in machine().items():
        print(f"{key}: {value}")
    return 0


_TIMED_IN_A_PROCESS: Final = """
import sys, time, pyspiel
from hearts.envs import openspiel
openspiel.register()
game = pyspiel.load_game(openspiel.game_name(sys.argv[1]))
pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
start = time.process_time()
pyspiel.random_sim_test(game, num_sims=int(sys.argv[2]), serialize=True, verbose=False)
print(time.process_time() - start)
"""
"""What each process of ``--before`` runs: one untimed simulation, then the timed ones."""


def _before_and_now(before: Path, presets: list[str], sims: int, rounds: int) -> int:
    """``--sim --before``: each preset's test in fresh processes of the other engine and of this
    one, in turn, ``rounds`` times; the medians and before over now."""
    now = Path(__file__).resolve().parents[1] / "src"

    def timed(src: Path, preset: str) -> float:
        env = dict(os.environ, PYTHONPATH=str(src))
        done = subprocess.run(
            [sys.executable, "-c", _TIMED_IN_A_PROCESS, preset, str(sims)],
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        if done.returncode:
            raise SystemExit(f"{src}: {preset} failed:\n{done.stderr[-2000:]}")
        return float(done.stdout.split()[-1])

    print(f"random_sim_test, {sims} simulations, serialize: median of {rounds} rounds")
    print(f"  before: {before}\n  now:    {now}")
    print(f"  {'preset':<18} {'before (s)':>11} {'now (s)':>9} {'faster':>8}")
    for name in presets:
        befores: list[float] = []
        nows: list[float] = []
        for _ in range(rounds):
            befores.append(timed(before, name))
            nows.append(timed(now, name))
        then_s, now_s = statistics.median(befores), statistics.median(nows)
        print(f"  {name:<18} {then_s:>11.3f} {now_s:>9.3f} {then_s / now_s:>7.1f}x", flush=True)
    for key, value in machine().items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(simulations() if "--sim" in sys.argv[1:] else main())
