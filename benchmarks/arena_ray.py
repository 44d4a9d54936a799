"""The arena on Ray against local processes: duplicate deals a second, the same run both ways.

Run from the repository root (the ray extra installed)::

    .venv/bin/python benchmarks/arena_ray.py                        # 3 rounds of 40 deals
    .venv/bin/python benchmarks/arena_ray.py --deals 100 --rounds 5 --cpus 2

Each round plays the same arena (``--bots``, four basic bots by default, ``modern``, ``--seed``)
twice: on ``--cpus`` local processes (``workers``) and as Ray tasks on a local Ray instance of
``--cpus`` CPUs started once beforehand (its start-up is timed apart, not in the rounds). The
order alternates from round to round, so a noisy stretch hurts both. It prints the deals a
second of each (wall clock, median of the rounds), the ratio Ray / processes (median of the
per-round ratios), and checks that both gave the same result. A script, not a test.
"""

from __future__ import annotations

import argparse
import logging
import platform
import statistics
import sys
import time

import ray

from hearts import arena, variants


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="modern")
    parser.add_argument("--bots", default="basic,basic,basic,basic")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    rules = variants.get(options.variant)
    bots = options.bots.split(",")
    start = time.perf_counter()
    ray.init(
        num_cpus=options.cpus,
        include_dashboard=False,
        logging_level=logging.WARNING,
        log_to_driver=False,
    )
    started = time.perf_counter() - start
    rates: dict[str, list[float]] = {"processes": [], "ray": []}
    ratios: list[float] = []
    try:
        for number in range(options.rounds):
            order = ["processes", "ray"] if number % 2 == 0 else ["ray", "processes"]
            results = {}
            for way in order:
                begin = time.perf_counter()
                results[way] = arena.run(
                    rules,
                    bots,
                    deals=options.deals,
                    seed=options.seed + number,
                    workers=1 if way == "ray" else options.cpus,
                    ray=way == "ray",
                )
                rates[way].append(options.deals / (time.perf_counter() - begin))
            if results["ray"] != results["processes"]:
                raise SystemExit(f"round {number}: Ray and the processes gave different results")
            ratios.append(rates["ray"][-1] / rates["processes"][-1])
            print(
                f"round {number}: processes {rates['processes'][-1]:.2f} deals/s, "
                f"Ray {rates['ray'][-1]:.2f} deals/s, ratio {ratios[-1]:.2f}"
            )
    finally:
        ray.shutdown()
    print(
        f"{options.variant}, {options.bots}, {options.deals} deals a round, {options.rounds} "
        f"rounds, {options.cpus} CPUs; Ray start-up {started:.1f} s (not in the rounds)"
    )
    for way, values in rates.items():
        print(
            f"  {way}: {statistics.median(values):.2f} deals/s "
            f"(min {min(values):.2f}, max {max(values):.2f})"
        )
    print(f"  Ray / processes: {statistics.median(ratios):.2f}x (median of the rounds)")
    print(f"  same results both ways: yes; {platform.platform()}, Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
