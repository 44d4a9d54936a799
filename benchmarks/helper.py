"""The expert with a helper process on the second core, against the expert alone, in one run.

Run from the repository root::

    .venv/bin/python benchmarks/helper.py                 # 60 positions, 2 rounds, 0.7 s
    .venv/bin/python benchmarks/helper.py --positions 120 --rounds 3 --form classic

The positions are every position of seeded games of the form (``--games``; the four seats played
by the basic player) where the expert searches (two or more cards that are not as good as each
other), ``--positions`` of them spread evenly. In each position, in turn (so a change of the
machine's load falls on all of them alike), the expert chooses:

- ``alone 1.0 s``: the default expert (``think=1.0``, no helper): what ``hearts play`` had;
- ``helper 0.7 s``: ``think=0.7`` (``--think``; by default what ``hearts play`` now gives its
  experts on a machine of two cores or more) with a :class:`~hearts.bots.helper.Helper`;
- ``alone 0.7 s``: the same ``think`` with no helper, to show what the helper adds.

For each it reports the wall time a move (median, 95th percentile, largest), the imagined deals
a move (median and mean: the strength of a search of one model of play is in its deals), how
many moves ran the whole budget (the cards too close to settle), and how often each chose the
same card as ``alone 1.0 s`` or, with ``--reference S``, as a search alone of S seconds from
another seed (a stronger search: agreeing with it more often is playing better). Then, with
``samples=48`` (a fixed number of deals), the wall time of a search with and without the helper:
the speed-up the helper gives for the same work. A script, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable

from hearts import Game, variants
from hearts.bots import BasicBot, ExpertBot
from hearts.bots.helper import Helper
from hearts.observation import SeatView
from hearts.tui.session import HELPED_THINK


def positions(form: str, games: int, count: int) -> list[SeatView]:
    """Every searched position of ``games`` seeded hands of the form, ``count`` of them spread
    evenly."""
    probe = ExpertBot(samples=1)
    found: list[SeatView] = []
    basic = BasicBot()
    for seed in range(1, games + 1):
        game = Game(variants.get(form), seed=seed)
        while not game.is_over and game.hand_number == 0:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if probe.searchable(view) is not None:
                found.append(view)
            game.play(basic.choose(view), seat)
    step = max(1, len(found) // count)
    return found[::step][:count]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--form", default="modern")
    parser.add_argument("--games", type=int, default=8, help="seeded hands to take positions from")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2, help="passes over the positions")
    parser.add_argument(
        "--reference",
        type=float,
        default=0.0,
        help="also a reference search alone of this many seconds (another seed): how often "
        "each expert chose its card",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=HELPED_THINK,
        help="seconds a move with the helper (default: what hearts play gives its experts)",
    )
    args = parser.parse_args()
    views = positions(args.form, args.games, args.positions)
    helper = Helper()
    helper.start()
    if not helper.wait(60):
        raise SystemExit(f"the helper did not start: {helper.failure}")
    helped = args.think
    makers: dict[str, tuple[float, Callable[[int], ExpertBot]]] = {
        "alone 1.0 s": (1.0, lambda seed: ExpertBot(seed, think=1.0)),
        f"helper {helped:g} s": (helped, lambda seed: ExpertBot(seed, helped, helper=helper)),
        f"alone {helped:g} s": (helped, lambda seed: ExpertBot(seed, think=helped)),
    }
    if args.reference > 0:
        reference_think = args.reference
        makers[f"reference {reference_think:g} s"] = (
            reference_think,
            lambda seed: ExpertBot(seed + 500_000, think=reference_think),
        )
    walls: dict[str, list[float]] = {name: [] for name in makers}
    deals: dict[str, list[int]] = {name: [] for name in makers}
    moves: dict[str, list[object]] = {name: [] for name in makers}
    load = os.getloadavg()[0]
    for round_ in range(args.rounds):
        for number, view in enumerate(views):
            seed = round_ * 1000 + number
            for name, (_, make) in makers.items():
                bot = make(seed)
                start = time.perf_counter()
                analysis = bot.analyse(view)
                walls[name].append(time.perf_counter() - start)
                deals[name].append(analysis.samples)
                moves[name].append(analysis.move)
        print(f"round {round_ + 1} of {args.rounds} done", flush=True)
    fixed: dict[str, list[float]] = {"alone": [], "helper": []}
    for number, view in enumerate(views):
        for name, used in (("alone", None), ("helper", helper)):
            bot = ExpertBot(number, samples=48, helper=used)
            start = time.perf_counter()
            bot.analyse(view)
            fixed[name].append(time.perf_counter() - start)
    helper.close()
    print()
    print(
        f"{len(views)} positions of {args.form} x {args.rounds} rounds; machine: "
        f"{platform.platform()}; {os.cpu_count()} cores; Python {platform.python_version()}; "
        f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"
    )
    if helper.failure:
        print(f"the helper was dropped: {helper.failure}")
    print()
    references = [name for name in makers if name.startswith("reference")] or ["alone 1.0 s"]
    print(
        "| expert | wall median | p95 | max | deals median | deals mean | whole budget | "
        + " | ".join(f"same card as {name}" for name in references)
        + " |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|" + "---:|" * len(references))
    for name, (budget, _) in makers.items():
        whole = sum(1 for wall in walls[name] if wall >= budget * 0.98)
        same = [
            sum(1 for a, b in zip(moves[name], moves[other], strict=True) if a == b)
            for other in references
        ]
        print(
            f"| {name} | {statistics.median(walls[name]):.3f} s "
            f"| {percentile(walls[name], 0.95):.3f} s | {max(walls[name]):.3f} s "
            f"| {statistics.median(deals[name]):.0f} | {statistics.mean(deals[name]):.1f} "
            f"| {whole} of {len(walls[name])} | "
            + " | ".join(f"{count} of {len(walls[name])}" for count in same)
            + " |"
        )
    alone, helped = sum(fixed["alone"]), sum(fixed["helper"])
    print()
    print(
        f"samples=48 in every position: alone {alone:.2f} s, with the helper {helped:.2f} s: "
        f"{alone / helped:.2f}x"
    )


if __name__ == "__main__":
    main()
